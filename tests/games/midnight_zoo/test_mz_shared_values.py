"""The engine's shared values keep the rules: one menu choice per stored bonus terrain (R10,
R37), and events built once per kind and arguments (events.py) read as freshly built ones."""

from gameshelf.core import Chance
from gameshelf.core.game import Event
from gameshelf.games.midnight_zoo import events as zoo_events
from mz_helpers import GAME, board, legal


def test_r10_r37_two_stored_bonus_tiles_of_one_terrain_are_one_choice():
    st = board(hand="G07", storage=["BR", "BR"])
    assert legal(st) == ["place G07", "discard G07", "place BR", "discard BR"]  # storage full: no store (R26)
    st = board(hand="G07", storage=["BR", "BS"])
    assert legal(st) == ["place G07", "discard G07", "place BR", "discard BR", "place BS", "discard BS"]


def _events_of_a_game(players: int, seed: int) -> list[Event]:
    state, chooser, out = GAME.setup(players, {}, seed), Chance(seed), []
    while not GAME.is_over(state):
        out += GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return out


def test_shared_events_equal_fresh_ones_whether_or_not_already_built():
    """A game's events, the kinds' stores emptied first, equal the same game's events from warm
    stores, and each equals an event built afresh from its key and arguments."""
    for players in (1, 3):
        for kind in vars(zoo_events).values():
            if hasattr(kind, "cache_clear"):
                kind.cache_clear()
        cold = _events_of_a_game(players, 11)
        warm = _events_of_a_game(players, 11)
        assert cold == warm and len(cold) > 50
        assert all(event == Event(event.key, dict(event.args)) and event.audience is None for event in cold)
