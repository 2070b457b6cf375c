"""Invariants: card conservation, hand limit, marker locations, owned cards, flowers (for tests)."""

from __future__ import annotations

from collections import Counter

from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.state import CARD_MAX, NSLOT, REMOVED, card_loc


def check(s) -> None:
    cards = Counter(s.deck) + Counter(s.discard)
    for p in range(s.n):
        cards += Counter(s.hands[p]) + Counter(s.played[p])
        assert len(s.hands[p]) <= CAT.hand_size, f"seat {p} holds {len(s.hands[p])} action cards"
        assert all(x >= 0 for x in s.flowers[p]), f"seat {p} has negative flowers"
        assert s.bused[p] & ~s.bonus[p] == 0, f"seat {p} used a bonus card it does not own"
        for slot in range(NSLOT):
            g = p * NSLOT + slot
            where = s.loc[g]
            assert where >= REMOVED or where <= CARD_MAX, f"bad location {where}"
            assert where < len(CAT.space_ids), f"bad location {where}"
            if where <= CARD_MAX:
                season = -10 - where
                assert not s.goal_up[season], "a marker lies on a face-up goal card"
                assert CAT.card_setup[season][0] == CAT.slot_gen[slot], "wrong generation on a goal card"
            assert not s.dbl[g] or CAT.slot_gen[slot] == 4, "only generation 4 can be double"
    assert cards == Counter({c: k for c, k in enumerate(CAT.action_copies)}), "action cards not conserved"
    for season in range(len(CAT.seasons)):
        if not s.goal_up[season] and CAT.card_setup[season][1]:
            assert card_loc(season) in s.loc, "a face-down goal card with no marker on it"
