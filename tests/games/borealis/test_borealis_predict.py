"""``heuristic.predict`` (heuristics.py), which the search's greedy step reads instead of applying
each candidate: every value it predicts must be the very float the heuristic gives once the action
is applied, over whole games, or the bots' choices would change."""

from __future__ import annotations

import pytest

from gameshelf.core import Chance
from gameshelf.games import get_game
from gameshelf.games.borealis.actions import Observe, Refresh, RegroupTo, TakePool
from gameshelf.games.borealis.catalog import SCORING_IDS
from gameshelf.games.borealis.heuristics import CARD_READS, board_facts, scientist_facts
from gameshelf.games.borealis.options import Config
from gameshelf.games.borealis.rules_observe import camp_total, location_masks
from gameshelf.games.borealis.scoring import Board, score_card

GAME = get_game("borealis")


@pytest.mark.parametrize("players", [2, 3])
def test_predicted_values_are_the_heuristic_after_applying(players: int) -> None:
    predicted: dict[type, int] = {}
    for seed in range(4):
        state, chooser = GAME.setup(players, None, seed), Chance(seed)
        while not GAME.is_over(state):
            legal, seat = GAME.legal_actions(state), GAME.to_act(state)
            values = GAME.heuristic.predict(state, legal, seat)
            for action, value in zip(legal, values or []):
                if value is None:
                    continue
                after = GAME.copy(state)
                GAME.apply(after, action)
                assert value == GAME.heuristic(after, seat), f"seed {seed} ply {state.ply}: {action}"
                predicted[type(action)] = predicted.get(type(action), 0) + 1
            GAME.apply(state, chooser.choice(legal))
    assert all(predicted.get(kind, 0) > 20 for kind in (Observe, TakePool, RegroupTo)), predicted
    assert sum(predicted.values()) > 1500 and Refresh in predicted


def test_scoring_cards_cached_by_the_part_they_read_score_as_the_whole_board() -> None:
    """heuristics.CARD_READS: a card scored from its flags, zones, lengths, each location alone or the
    three columns gives the stars ``score_card`` gives for the whole board, for every scoring card
    (R49-R58)."""
    checked = 0
    for seed in range(3):
        state, chooser = GAME.setup(2, None, seed), Chance(seed)
        while not GAME.is_over(state):
            for seat in range(2):
                board, columns = Board.of(state, seat), [tuple(column) for column in state.columns[seat * 3:seat * 3 + 3]]
                for card_id in SCORING_IDS:
                    for options in ((False, False), (True, True)):
                        config = Config(territorial_empty=options[0], common_start=options[1])
                        facts = board_facts(*columns, tuple(state.flags[seat * 3:seat * 3 + 3]),
                                            tuple(state.scientists[seat * 15:seat * 15 + 15]), (card_id,), *options)
                        assert facts[1] == score_card(card_id, board, config), (card_id, seed, state.ply)
                        checked += 1
            GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert checked > 1000 and set(CARD_READS) == set(SCORING_IDS)


def test_scientist_facts_are_the_boards_reads_of_its_scientists() -> None:
    """heuristics.scientist_facts, cached on one board's scientists, gives the zone totals, the camp
    scientists (R23, R55) and the playable arrow patterns (R10) read from the whole state."""
    checked = 0
    for seed in range(3):
        state, chooser = GAME.setup(3, None, seed), Chance(seed)
        while not GAME.is_over(state):
            for seat in range(3):
                zones, camp, playable = scientist_facts(tuple(state.scientists[seat * 15:seat * 15 + 15]))
                assert zones == tuple(Board.of(state, seat).zones)
                assert camp == camp_total(state, seat)
                left, center, right = location_masks(state, seat)
                assert playable == left | center | right
                checked += 1
            GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert checked > 300
