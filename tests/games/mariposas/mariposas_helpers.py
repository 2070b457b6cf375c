"""Building Mariposas positions for tests, and driving turns by notation."""

from __future__ import annotations

from collections import Counter

from gameshelf.core.chance import Chance
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.rules_turn import start_turn
from gameshelf.games.mariposas.state import NSLOT, REMOVED, SUPPLY, card_loc

SEASONS = {"spring": 0, "summer": 1, "fall": 2}
FT = CAT.flower_types


def loc_code(at: str) -> int:
    if at == "supply":
        return SUPPLY
    if at == "removed":
        return REMOVED
    if at.endswith("_card"):
        return card_loc(SEASONS[at[:-5]])
    return CAT.space_index[at]


def sp(name: str) -> int:
    return CAT.space_index[name]


class Pos:
    """A state plus the names of its butterflies (name -> (seat, slot))."""

    def __init__(self, s, names):
        self.s = s
        self.names = names
        self.events = []

    def g(self, name: str) -> int:
        seat, slot = self.names[name]
        return seat * NSLOT + slot

    def at(self, name: str) -> str:
        x = self.s.loc[self.g(name)]
        return CAT.space_ids[x] if x >= 0 else {SUPPLY: "supply", REMOVED: "removed"}.get(x, f"card{-10 - x}")

    def double(self, name: str) -> bool:
        return bool(self.s.dbl[self.g(name)])

    def slot(self, name: str) -> int:
        return self.names[name][1]

    def flowers(self, seat: int) -> dict[str, int]:
        return {f: n for f, n in zip(FT, self.s.flowers[seat]) if n}

    def do(self, *texts: str) -> list:
        """Apply each notation through the legality check."""
        out = []
        for t in texts:
            out += GAME.checked_apply(self.s, t)
            GAME.check_invariants(self.s)
        self.events += out
        return out

    def legal(self) -> list[str]:
        return sorted(str(a) for a in GAME.legal_actions(self.s))

    def seg(self, name: str, path: list[str], plus2: bool = False) -> list:
        """Start a segment of len(path) - 1 steps with a named butterfly along path."""
        assert self.at(name) == path[0], (name, self.at(name), path[0])
        n = len(path) - 1 - (2 if plus2 else 0)
        return self.do(f"seg:{n}" + ("+2" if plus2 else ""), f"fly:{self.slot(name)}",
                       *[f"to:{x}" for x in path[1:]])

    def pending(self) -> str:
        return GAME.view(self.s, None)["pending"]

    def keep(self) -> list:
        """End of turn (R70, R71): every full hand is asked; keep it (the only choice unless redundant)."""
        assert self.pending() == "exchange", self.pending()
        return self.do("exchange:none")


def make(players: int = 2, season: str = "summer", turn: int = 0, butterflies=None, flowers=None,
         lifecycle=None, bonus=None, used=None, waystations=None, rows=None, goals=None, goal_up=None,
         hands=None, deck=None, played=None, abilities=None, pending_turn: bool = True) -> Pos:
    """A position: only what is given differs from an empty table (markers default to the supply)."""
    s = GAME.setup(players, seed=7)
    s.setup_phase = False
    s.queue = []
    s.season = SEASONS[season]
    s.loc = [SUPPLY] * (players * NSLOT)
    s.dbl = [0] * (players * NSLOT)
    names = {}
    used_slots: Counter = Counter()
    for name, spec in (butterflies or {}).items():
        seat, gen, at = spec[:3]
        slot = CAT.gen_slots[gen][used_slots[seat, gen]]
        used_slots[seat, gen] += 1
        names[name] = (seat, slot)
        s.loc[seat * NSLOT + slot] = loc_code(at)
        s.dbl[seat * NSLOT + slot] = 1 if len(spec) > 3 and spec[3] else 0
    for seat, f in (flowers or {}).items():
        s.flowers[seat] = [f.get(t, 0) for t in FT]
    for seat, kinds in (lifecycle or {}).items():
        s.life[seat] = sum(1 << CAT.lifecycle_ids.index(k) for k in kinds)
    for seat, kinds in (bonus or {}).items():
        s.bonus[seat] = sum(1 << CAT.bonus_ids.index(k) for k in kinds)
    for seat, kinds in (used or {}).items():
        s.bused[seat] = sum(1 << CAT.bonus_ids.index(k) for k in kinds)
        s.bonus[seat] |= s.bused[seat]
    for seat, kinds in (abilities or {}).items():
        s.abil[seat] = sum(1 << CAT.ability_ids.index(k) for k in kinds)
    if rows:
        s.rows = [CAT.ability_ids.index(rows[c]) for c in CAT.lifecycle_colors]
    _waystations(s, waystations or {})
    default_goals = {"spring": "SP1", "summer": "SU1", "fall": "FA2"}
    default_goals.update(goals or {})
    s.goals = [CAT.goal_index[default_goals[k]] for k in SEASONS]
    # A card is face down exactly while markers lie on it (R35), unless a test says otherwise.
    s.goal_up = [card_loc(k) not in s.loc for k in range(3)]
    for k, up in (goal_up or {}).items():
        s.goal_up[SEASONS[k]] = up
    _cards(s, hands or {}, deck or [], played or {})
    s.first = turn
    s.turn_no = 0
    s.cur = turn
    if pending_turn:
        start_turn(s, [])
    return Pos(s, names)


def _waystations(s, given) -> None:
    markers = list(range(len(CAT.marker_ids)))
    fixed = {}
    for city, (marker, up) in given.items():
        m = CAT.marker_ids.index(marker)
        fixed[CAT.city_slot[sp(city)]] = (m, up)
        markers.remove(m)
    s.way = []
    s.way_up = 0
    for c in range(len(CAT.cities)):
        if c in fixed:
            s.way.append(fixed[c][0])
            s.way_up |= (1 << c) if fixed[c][1] else 0
        else:
            s.way.append(markers.pop(0))


def _cards(s, hands, deck, played) -> None:
    ids = CAT.action_ids
    pool = [c for c, k in enumerate(CAT.action_copies) for _ in range(k)]
    default_hand = ["move_1x3", "move_5"]
    for p in range(s.n):
        s.hands[p] = [ids.index(c) for c in hands.get(p, default_hand)]
        s.played[p] = [ids.index(c) for c in played.get(p, [])]
        for c in s.hands[p] + s.played[p]:
            pool.remove(c)
    top = [ids.index(c) for c in deck]
    for c in top:
        pool.remove(c)
    s.discard = []
    s.deck = pool + top[::-1]


def force_die(s, faces: list[str]) -> None:
    """Reseed the chance stream so the next die rolls show ``faces`` (die values in order)."""
    want = [CAT.die_faces.index(f) for f in faces]
    for seed in range(100000):
        c = Chance(seed)
        if [c.below(len(CAT.die_faces)) for _ in want] == want:
            s.chance = Chance(seed)
            return
    raise AssertionError("no seed found")
