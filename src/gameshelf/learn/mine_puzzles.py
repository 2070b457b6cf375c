"""Mine "find the best move" puzzles from bot games, each checked by the hard analysis.

A puzzle is a real decision of a 2-player game between ``easy`` bots whose best action beats the
second by a wide, stable margin: a cheap screen (the analysis at ``normal`` on a small budget)
picks candidates, then the ``hard`` analysis runs twice with two different search seeds, and the
decision is kept only when both runs name the same best action and both margins are at least
``--margin``. The search sees only the deciding seat's view, so the answer never depends on what
that seat cannot see. Puzzles are written to ``games/<game>/data/puzzles.yaml`` after each one is
found, so an interrupted run keeps what it checked; a second run tops the files up.

Run it with ``nice -n 15 python -m gameshelf.learn.mine_puzzles`` (one process; it costs CPU).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from typing import Any, Iterator

from gameshelf.agents import make_agent
from gameshelf.analysis import hints
from gameshelf.analysis.search import SIMS
from gameshelf.core.chance import derive_seed
from gameshelf.core.errors import GameError
from gameshelf.core.game import Game
from gameshelf.games import game_ids, get_game
from gameshelf.learn.puzzles import Puzzle, load_puzzles, reason_texts, save_puzzles

PLAYERS = 2
MIN_CHOICES = 3  # a decision between two actions is rarely a puzzle
SKIP_PLIES = 4  # the opening few decisions are the same in every game
PER_GAME = 2  # puzzles taken from one bot game at most, so the set spreads over many games
SEARCH_SEEDS = (11, 12)  # the two search seeds of the stability check


def candidates(game: Game, seed: int, every: int) -> Iterator[Any]:
    """States of one bot game (``easy`` against ``easy``) at every ``every``-th real decision."""
    agents = [make_agent("easy", derive_seed(seed, "puzzle-bot", seat)) for seat in range(PLAYERS)]
    state = game.setup(PLAYERS, None, seed)
    decisions = 0
    while not game.is_over(state):
        seat, legal = game.to_act(state), game.legal_actions(state)
        if len(legal) >= MIN_CHOICES:
            decisions += 1
            if decisions > SKIP_PLIES and decisions % every == 0:
                yield game.copy(state)
        game.apply(state, agents[seat].choose(game, game.view(state, seat), legal))


def judge(game: Game, state: Any, seed: int, args: argparse.Namespace) -> Puzzle | None:
    """The puzzle at ``state`` if the hard analysis finds a wide, stable margin there, else None."""
    seat, legal = game.to_act(state), game.legal_actions(state)
    view = game.view(state, seat)
    screen = hints(game, view, legal, k=2, level="normal", seed=1, sims=args.screen_sims)
    if len(screen) < 2 or screen[0].value - screen[1].value < args.screen_margin:
        return None
    runs = [hints(game, view, legal, k=2, level="hard", seed=s, sims=args.hard_sims) for s in SEARCH_SEEDS]
    if any(run[0].action != runs[0][0].action for run in runs):
        return None
    margins = [run[0].value - run[1].value for run in runs]
    if min(margins) < args.margin:
        return None
    best, second = runs[0][0], min((run[1] for run in runs), key=lambda h: -h.value)
    value = round(min(run[0].value for run in runs), 4)
    return Puzzle(game=game.id, seat=seat, position=game.position(state), answer=str(best.action),
                  second=str(second.action), value=value, second_value=round(second.value, 4),
                  margin=round(min(margins), 4), source_seed=seed, level="hard", sims=args.hard_sims, seeds=SEARCH_SEEDS,
                  reason=reason_texts(game, state, best.action, second.action, value, second.value))


def recheck(game: Game, puzzle: Puzzle, args: argparse.Namespace) -> str | None:
    """Why a stored puzzle no longer holds at hard (None when it does): same check as when mined."""
    state = puzzle.state(game)
    seat, legal = game.to_act(state), game.legal_actions(state)
    try:
        answer = game.parse_action(puzzle.answer)
    except GameError as exc:
        return f"the answer is no longer a legal move: {exc}"
    if seat != puzzle.seat or answer not in legal:
        return "the answer is no longer a legal move of the puzzle's seat"
    view = game.view(state, seat)
    runs = [hints(game, view, legal, k=2, level="hard", seed=s, sims=args.hard_sims) for s in SEARCH_SEEDS]
    if any(str(run[0].action) != puzzle.answer for run in runs):
        return f"the hard analysis now prefers {', '.join(str(run[0].action) for run in runs)}"
    margin = min(run[0].value - run[1].value for run in runs)
    return None if margin >= args.margin else f"the margin fell to {margin:.3f}"


def check_all(game_ids_: list[str], args: argparse.Namespace) -> int:
    """Re-run the hard check on every stored puzzle; 1 if any fails (each failure printed)."""
    failed = 0
    for game_id in game_ids_:
        game = get_game(game_id)
        for number, puzzle in enumerate(load_puzzles(game_id, args.out), 1):
            problem = recheck(game, puzzle, args)
            print(f"{game_id} puzzle {number}: {problem or 'ok'}", flush=True)
            failed += problem is not None
    return 1 if failed else 0


def mine_game(game: Game, found: list[Puzzle], seeds: Iterator[int], args: argparse.Namespace,
              deadline: float) -> int:
    """Add puzzles for ``game`` from the bot games of ``seeds`` until it has ``args.count`` or the
    time is up; returns how many were added."""
    added, seen = 0, {p.key() for p in found}
    while len(found) < args.count and time.monotonic() < deadline:
        seed = next(seeds)
        taken = 0
        for state in candidates(game, seed, args.every):
            if time.monotonic() >= deadline or taken >= PER_GAME or len(found) >= args.count:
                break
            puzzle = judge(game, state, seed, args)
            if puzzle is None or puzzle.key() in seen:
                continue
            found.append(puzzle)
            seen.add(puzzle.key())
            taken += 1
            added += 1
            save_puzzles(game.id, found, args.out)
            print(f"{game.id}: {len(found)}/{args.count} (seed {seed}, margin {puzzle.margin:.3f})", flush=True)
    return added


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gameshelf.learn.mine_puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=game_ids(), help="game ids (default: every game)")
    parser.add_argument("--count", type=int, default=20, help="puzzles per game (default 20)")
    parser.add_argument("--margin", type=float, default=0.10, help="the smallest margin at hard, both seeds")
    parser.add_argument("--screen-margin", type=float, default=0.12, help="the margin the cheap screen asks for")
    parser.add_argument("--screen-sims", type=int, default=300, help="simulations of the screen")
    parser.add_argument("--hard-sims", type=int, default=SIMS["hard"], help="simulations of each hard run")
    parser.add_argument("--every", type=int, default=3, help="screen every n-th real decision of a bot game")
    parser.add_argument("--seed", type=int, default=1000, help="first bot-game seed")
    parser.add_argument("--minutes", type=float, default=60.0, help="time budget in all, shared out over the games")
    parser.add_argument("--out", default=None, help="write to this directory instead of the games' data folders")
    parser.add_argument("--check", action="store_true", help="re-check the stored puzzles instead of mining")
    args = parser.parse_args(argv)
    for game_id in args.games:
        get_game(game_id)
    if args.check:
        return check_all(args.games, args)
    found = {game_id: load_puzzles(game_id, args.out) for game_id in args.games}
    # Each run starts past the seeds earlier runs used, so a top-up mines new games.
    seeds = {g: itertools.count(max([args.seed] + [p.source_seed + 1 for p in found[g]])) for g in args.games}
    deadline = time.monotonic() + args.minutes * 60
    # Round-robin in slices, so every game gets puzzles even when the budget runs out.
    while time.monotonic() < deadline and any(len(found[g]) < args.count for g in args.games):
        for game_id in args.games:
            if len(found[game_id]) < args.count:
                slice_end = min(deadline, time.monotonic() + 120)
                mine_game(get_game(game_id), found[game_id], seeds[game_id], args, slice_end)
    for game_id in args.games:
        print(f"{game_id}: {len(found[game_id])} puzzles", flush=True)
    return 0 if all(len(found[g]) >= args.count for g in args.games) else 1


if __name__ == "__main__":
    sys.exit(main())
