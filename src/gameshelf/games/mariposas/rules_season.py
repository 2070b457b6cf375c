"""Setup exchanges, turn order, end of season, free hatch, extra turns, final scoring (setup 15, R1-R5, R55, R76-R86)."""

from __future__ import annotations

from gameshelf.core.game import Event
from gameshelf.games.mariposas.actions import NONE
from gameshelf.games.mariposas.catalog import CAT
from gameshelf.games.mariposas.decisions import ChooseExchange, ChooseFreeHatch, frame
from gameshelf.games.mariposas.rules_land import A_EXTRA_TURN, do_hatch, has_ability, new_marker
from gameshelf.games.mariposas.rules_turn import can_be_asked, refill, start_turn
from gameshelf.games.mariposas.scoring import end_points, goal_points, score
from gameshelf.games.mariposas.state import C_ABIL, C_GOAL, C_LIFE, C_MICH, NSLOT, REMOVED, SUPPLY, card_loc

SLOT_GEN = CAT.slot_gen


def order(s) -> list[int]:
    return [(s.first + i) % s.n for i in range(s.n)]


def next_setup_exchange(s, ev: list) -> None:
    """Setup step 15 (A6): every seat in turn order is asked (keep, or exchange a redundant hand once)."""
    while s.queue:
        if can_be_asked(s, s.queue[0]):
            s.pending.append(frame(ChooseExchange, s.queue[0], True))
            return
        s.queue.pop(0)
    s.cur = s.first
    start_turn(s, ev)


def after_exchange(s, setup: bool, ev: list) -> None:
    if setup:
        s.queue.pop(0)
        next_setup_exchange(s, ev)
    else:
        advance(s, ev)


def advance(s, ev: list) -> None:
    """R3: the next turn clockwise; the season ends after its last round (R2)."""
    if s.in_extra:
        s.extra.pop(0)
        if s.extra:
            _extra_turn(s, ev)
        else:
            final_scoring(s, ev)
        return
    s.turn_no += 1
    if s.turn_no < s.n * CAT.turns[s.season]:
        s.cur = (s.first + s.turn_no) % s.n
        start_turn(s, ev)
    else:
        end_season(s, ev)


def end_season(s, ev: list) -> None:
    """R76/R77 steps 1-4 (the rest after the free hatches); R82 at the end of fall."""
    season = s.season
    ev.append(Event("season_end", {"season": CAT.seasons[season]}))
    if season == len(CAT.seasons) - 1:
        s.extra = [q for q in order(s) if has_ability(s, q, A_EXTRA_TURN)]
        if s.extra:
            s.in_extra = True
            _extra_turn(s, ev)
        else:
            final_scoring(s, ev)
        return
    for p in range(s.n):
        s.discard.extend(s.played[p])
        s.played[p] = []
    score_goal(s, season, ev)
    s.first = next_first_player(s)
    ev.append(Event("first_player", {"player": s.first, "season": CAT.seasons[season + 1]}))
    s.queue = order(s)
    next_free_hatch(s, ev)


def _extra_turn(s, ev: list) -> None:
    """R55: the extra fall turn; the hand is refilled first."""
    s.cur = s.extra[0]
    ev.append(Event("extra_turn", {"player": s.cur}))
    refill(s, s.cur, ev)
    start_turn(s, ev)


def score_goal(s, season: int, ev: list) -> None:
    goal = CAT.goals[s.goals[season]]
    for p in range(s.n):
        pts = goal_points(s, p, goal)
        s.pts[p][C_GOAL[season]] += pts
        s.gpts[season * s.n + p] += pts
        ev.append(Event("goal_scored", {"player": p, "goal": goal.id, "points": pts}))


def next_first_player(s) -> int:
    """R79: fewest points; ties clockwise from the previous first player (included)."""
    low = min(score(s, p) for p in range(s.n))
    return next(q for q in order(s) if score(s, q) == low)


def free_hatch_options(s, p: int) -> list[int]:
    """R80: spaces of your previous-generation butterflies, if a new-generation marker is off the map."""
    parent_gen = s.season + 1
    if new_marker(s, p, parent_gen + 1) < 0:
        return []
    base = p * NSLOT
    return sorted({s.loc[base + slot] for slot in CAT.gen_slots[parent_gen] if s.loc[base + slot] >= 0})


def next_free_hatch(s, ev: list) -> None:
    while s.queue:
        if free_hatch_options(s, s.queue[0]):
            s.pending.append(frame(ChooseFreeHatch, s.queue[0]))
            return
        s.queue.pop(0)
    finish_season_change(s, ev)


def free_hatch(s, top: ChooseFreeHatch, space: int, ev: list) -> None:
    p = top.seat
    if space != NONE:
        base = p * NSLOT
        parent = next(base + slot for slot in CAT.gen_slots[s.season + 1] if s.loc[base + slot] == space)
        ev.append(Event("free_hatch", {"player": p}))
        do_hatch(s, p, parent, ev, free=True)
    s.queue.pop(0)
    next_free_hatch(s, ev)


def finish_season_change(s, ev: list) -> None:
    """R76/R77 steps 5-6, R78: remove the old generation, reveal the next card, start the season."""
    gen = s.season + 1
    removed = 0
    for g, where in enumerate(s.loc):
        if where >= 0 and SLOT_GEN[g % NSLOT] == gen:
            s.loc[g] = REMOVED
            removed += 1
    ev.append(Event("generation_removed", {"gen": gen, "count": removed}))
    nxt = s.season + 1
    if not s.goal_up[nxt]:
        code = card_loc(nxt)
        s.loc = [SUPPLY if x == code else x for x in s.loc]
        s.goal_up[nxt] = True
        ev.append(Event("goal_revealed", {"season": CAT.seasons[nxt], "goal": CAT.goals[s.goals[nxt]].id}))
    s.season = nxt
    s.turn_no = 0
    s.cur = s.first
    start_turn(s, ev)


def final_scoring(s, ev: list) -> None:
    """R83: fall goal, Michoacan, life cycle cards, end-game ability points."""
    s.in_extra = False
    score_goal(s, s.season, ev)
    for p in range(s.n):
        m, life, abil = end_points(s, p)
        s.pts[p][C_MICH] += m
        s.pts[p][C_LIFE] += life
        s.pts[p][C_ABIL] += abil
        ev.append(Event("final_points", {"player": p, "michoacan": m, "lifecycle": life, "ability": abil}))
    s.over = True
    ev.append(Event("game_over", {}))
