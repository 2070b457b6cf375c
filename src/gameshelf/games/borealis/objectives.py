"""Objective predicates (reference 2.8; R31-R35): judged on a player's own board only."""

from __future__ import annotations

from typing import Callable

from gameshelf.games.borealis.catalog import C_SPECIES, C_VEHICLE, OBJECTIVES, Objective
from gameshelf.games.borealis.state import State


def _cols(s: State, seat: int) -> list[list[int]]:
    return s.cols[seat * 3:seat * 3 + 3]


def _zone_total(s: State, seat: int, zone: int) -> int:
    b = seat * 15 + zone * 3
    return s.sci[b] + s.sci[b + 1] + s.sci[b + 2]


def _most_of(values: list[int]) -> int:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return max(counts.values(), default=0)


def distinct_species_in_play_at_least(s: State, seat: int, o: Objective) -> bool:
    return len({C_SPECIES[c] for col in _cols(s, seat) for c in col}) >= o.n


def same_species_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(_most_of([C_SPECIES[c] for c in col]) >= o.n for col in _cols(s, seat))


def every_location_has_one_species_at_least(s: State, seat: int, o: Objective) -> bool:
    return all(_most_of([C_SPECIES[c] for c in col]) >= o.n for col in _cols(s, seat))


def distinct_species_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(len({C_SPECIES[c] for c in col}) >= o.n for col in _cols(s, seat))


def top_cards_of_all_locations_same_species(s: State, seat: int, o: Objective) -> bool:
    cols = _cols(s, seat)
    return all(cols) and len({C_SPECIES[col[-1]] for col in cols}) == 1


def scientists_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(_zone_total(s, seat, z) >= o.n for z in (1, 2, 3))


def all_three_of_a_colour_in_one_location(s: State, seat: int, o: Objective) -> bool:
    b = seat * 15
    return any(s.sci[b + z * 3 + k] >= 3 for z in (1, 2, 3) for k in range(3))


def scientists_in_camps_at_least(s: State, seat: int, o: Objective) -> bool:
    return _zone_total(s, seat, 0) + _zone_total(s, seat, 4) >= o.n


def some_location_without_scientists(s: State, seat: int, o: Objective) -> bool:
    return any(_zone_total(s, seat, z) == 0 for z in (1, 2, 3))


def each_camp_at_least(s: State, seat: int, o: Objective) -> bool:
    return _zone_total(s, seat, 0) >= o.n and _zone_total(s, seat, 4) >= o.n


def distinct_vehicles_in_play_at_least(s: State, seat: int, o: Objective) -> bool:
    return len({C_VEHICLE[c] for col in _cols(s, seat) for c in col}) >= o.n


def same_vehicle_in_play_at_least(s: State, seat: int, o: Objective) -> bool:
    return _most_of([C_VEHICLE[c] for col in _cols(s, seat) for c in col]) >= o.n


def any_flag_on_space_at_least(s: State, seat: int, o: Objective) -> bool:
    return max(s.flags[seat * 3:seat * 3 + 3]) >= o.space


def all_flags_on_space_at_least(s: State, seat: int, o: Objective) -> bool:
    return min(s.flags[seat * 3:seat * 3 + 3]) >= o.space


def same_vehicle_in_one_location_at_least(s: State, seat: int, o: Objective) -> bool:
    return any(_most_of([C_VEHICLE[c] for c in col]) >= o.n for col in _cols(s, seat))


PREDICATES: dict[str, Callable[[State, int, Objective], bool]] = {
    name: fn for name, fn in list(globals().items())
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
_missing = sorted({o.predicate for o in OBJECTIVES.values()} - set(PREDICATES))
if _missing:
    from gameshelf.core.errors import BadData
    raise BadData(f"objectives.yaml names unknown predicates {_missing}")


def is_met(s: State, seat: int, objective_id: str) -> bool:
    """Whether ``seat``'s board satisfies the objective now (R35)."""
    o = OBJECTIVES[objective_id]
    return PREDICATES[o.predicate](s, seat, o)
