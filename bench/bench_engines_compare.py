"""Random-play CPU time per action, to compare two trees on a busy machine (a refactor's before/after).

Run it alternately with each tree first on the path, and compare the best of several rounds:
    PYTHONPATH=<old tree>/src python bench/bench_engines_compare.py
    PYTHONPATH=src python bench/bench_engines_compare.py
CPU time of this process (not wall time) keeps other jobs' load mostly out of the numbers. The same
seeds and choices are played in both trees (options that changed defaults are pinned to the old rule).
"""
import json
import time

from gameshelf.core import Chance
from gameshelf.games import game_ids, get_game

PINNED = {"midnight_zoo": {"forced_group_moves": "false"}, "iwari": {"third_tribe_ends_game": "on"}}


def actions_per_cpu_second(game, players: int, options, seeds: int = 12) -> float:
    chooser, actions = Chance(1), 0
    start = time.process_time()
    for seed in range(seeds):
        state = game.setup(players, options, seed)
        while not game.is_over(state):
            game.apply(state, chooser.choice(game.legal_actions(state)))
            actions += 1
    return actions / (time.process_time() - start)


def main() -> None:
    out = {}
    for game_id in game_ids():
        game = get_game(game_id)
        pinned = {k: v for k, v in PINNED.get(game_id, {}).items() if k in game.info.options.names()}
        for players in game.info.player_counts:
            out[f"{game_id}-{players}"] = round(actions_per_cpu_second(game, players, pinned or None))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
