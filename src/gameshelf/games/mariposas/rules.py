"""Mariposas rules entry points: setup, legal actions per pending decision, apply, why_illegal (R1-R88).

The turn itself lives in rules_turn (R6-R16, R57-R73), landings in rules_land (R17-R56, R61), and
seasons / final scoring in rules_season (setup 15, R1-R5, R55, R76-R86). The pending decision is
the top frame of ``state.pending`` (decisions.py); :data:`RULES` maps each frame class to its
options, how an answer applies and why an answer is refused, so ``legal_actions``, ``apply`` and
``why_illegal`` look the frame up there (``apply`` pops the frame first; the handler pushes
whatever comes next).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalAction
from gameshelf.core.frames import Frame
from gameshelf.core.game import Event
from gameshelf.games.mariposas import rules_land, rules_season, rules_turn
from gameshelf.games.mariposas.actions import (
    BONUS32, BOTH, CARD_KINDS, FLY, HATCH, NONE, PAY, PICK_ALL, PLAY, STEP_LISTS, STOP, Adjacent, Bonus32,
    Exchange, FreeHatch, Fly, Hatch, Pay, Pick, Play, Reuse, Segment, Step, Stop, TakeCard,
)
from gameshelf.games.mariposas.catalog import BONUS_ADD_1, BONUS_ADD_2, CAT
from gameshelf.games.mariposas.decisions import (
    ChooseAdjacent, ChooseBonus32, ChooseButterfly, ChooseCard, ChooseExchange, ChooseFreeHatch, ChooseHatch,
    ChoosePlay, ChooseReuse, ChooseSegment, ChooseStep, PayFlower, PickFlower,
)
from gameshelf.games.mariposas.options import Config
from gameshelf.games.mariposas.state import MARKERS, State, blank, card_location

SPACES = len(CAT.space_ids)
REUSE_ACTIONS = tuple(Reuse(card) for card in range(len(CAT.action_ids)))
SEG_ACT = {(length, plus2): Segment(length, plus2) for length in range(1, 12) for plus2 in (False, True)}
TAKE_ACTIONS = tuple(TakeCard(kind) for kind in range(len(CARD_KINDS)))
ADJACENT_ACTIONS = {space: Adjacent(space) for space in range(-1, SPACES)}
FREE_HATCH_ACTIONS = {space: FreeHatch(space) for space in range(-1, SPACES)}
EXCHANGE_ACTIONS = {which: Exchange(which) for which in [NONE, BOTH] + list(range(len(CAT.action_ids)))}


def _max_game_length() -> int:
    """An upper bound on the actions of any game, from the rules (the traits declare it).

    A turn: an action card and a reuse target (R6, R62); at most 3 card segments + bonus_add_1 +
    the 2 of bonus_move_3_2 (R65, R67), each a length and a butterfly; at most 5 + 1 + 2 + 5 steps
    in all (the longest card, add cards, bonus_move_3_2); each landing at most a die pick (R44) and
    two two_cards takes (R52), an adjacent space and its wildflower pick (R61), a hatch and its
    payment token by token (R30); a stop, the bonus_move_3_2 question and the exchange (R71).
    A seat has sum(turns) turns and one extra fall turn (R55); setup asks every seat once and each
    season change offers every seat one free hatch (R80).
    """
    segments = max(len(card) for card in CAT.action_segments) + 1 + 2
    steps = max(sum(card) for card in CAT.action_segments) + 1 + 2 + 5
    landing = 1 + 2 + 2 + 1 + max(cost[1] for cost in CAT.hatch_cost.values())
    turn = 2 + 2 * segments + steps + segments * landing + 3
    seats = CAT.max_players
    return seats * (sum(CAT.turns) + 1) * turn + seats + seats * (len(CAT.seasons) - 1)


MAX_GAME_LENGTH = _max_game_length()


def new_state(players: int, config: Config, seed: int) -> State:
    """Setup steps 1-15: goals, deck, hands, butterflies, first player, waystations, ability rows."""
    chance = Chance(seed)
    state = blank(players, chance)
    events: list = []
    state.goals = [chance.choice(CAT.goals_by_season[season]) for season in range(len(CAT.seasons))]
    state.goals_up = [season == 0 for season in range(len(CAT.seasons))]
    state.deck = [card for card, copies in enumerate(CAT.action_copies) for _ in range(copies)]
    chance.shuffle(state.deck)
    for seat in range(players):
        state.hands[seat] = [state.deck.pop() for _ in range(CAT.hand_size)]
        base = seat * MARKERS
        state.locations[base + CAT.gen_slots[1][0]] = CAT.michoacan
        for season, (gen, count) in enumerate(CAT.card_setup):
            for marker in CAT.gen_slots[gen][:count] if count else ():
                state.locations[base + marker] = card_location(season)
    state.first_player = chance.below(players)
    state.turn_seat = state.first_player
    state.waystations = list(range(len(CAT.marker_ids)))
    chance.shuffle(state.waystations)
    state.ability_rows = chance.sample(range(len(CAT.ability_ids)), CAT.abilities_in_play)
    events.append(Event("first_player", {"player": state.first_player, "season": CAT.seasons[0]}))
    state.queue = rules_season.order(state)  # every seat, so the view does not tell whose hands are redundant
    rules_season.next_setup_exchange(state, events)
    return state


def to_act(state: State) -> int | None:
    return None if state.over else state.pending[-1].seat


def is_over(state: State) -> bool:
    return state.over


def num_players(state: State) -> int:
    return state.players




# ---- the options of each decision ----------------------------------------------------------------

def _play_options(state: State, top: ChoosePlay) -> list[Any]:
    """R6 with R65/R66/R69: each card in hand, with the unused add cards when it gives segments."""
    seat = top.seat
    free = state.bonus[seat] & ~state.bonus_used[seat]
    add1, add2 = bool(free >> BONUS_ADD_1 & 1), bool(free >> BONUS_ADD_2 & 1)
    out = []
    for card in sorted(set(state.hands[seat])):
        out.append(PLAY[card, False, False])
        if (add1 or add2) and rules_turn.gives_segments(state, seat, card):
            if add1:
                out.append(PLAY[card, True, False])
            if add2:
                out.append(PLAY[card, False, True])
            if add1 and add2:
                out.append(PLAY[card, True, True])
    return out


def _segment_options(state: State, top: ChooseSegment) -> list[Any]:
    """R9: a segment of each length left (enlarged by bonus_add_2 if ready, R66), or stop (R15)."""
    out: list[Any] = []
    for length in rules_turn.segment_options(state):
        out.append(SEG_ACT[length, False])
        if state.add_2_ready:
            out.append(SEG_ACT[length, True])
    out.append(STOP)
    return out


def _butterfly_options(state: State, top: ChooseButterfly) -> list[Any]:
    """R10: any of your butterflies on the map."""
    base = top.seat * MARKERS
    locations = state.locations
    return [FLY[marker] for marker in range(MARKERS) if locations[base + marker] >= 0]


def _step_options(state: State, top: ChooseStep) -> list[Any]:
    """R12: a step to any adjacent space."""
    return list(STEP_LISTS[state.locations[top.seat * MARKERS + top.marker]])


def _reuse_options(state: State, top: ChooseReuse) -> list[Any]:
    targets = rules_turn.reuse_targets(state, top.seat, state.played[top.seat][-1])
    return [REUSE_ACTIONS[card] for card in targets]


def _hatch_options(state: State, top: ChooseHatch) -> list[Any]:
    modes = rules_land.hatch_options(state, top.seat, top.marker)
    return [HATCH[mode] for mode in modes] + [HATCH[NONE]]


def _pay_options(state: State, top: PayFlower) -> list[Any]:
    flowers = state.flowers[top.seat]
    return [PAY[flower] for flower in range(len(flowers)) if flowers[flower] > 0]


def _adjacent_options(state: State, top: ChooseAdjacent) -> list[Any]:
    spaces = rules_land.adjacent_options(state, top.seat, top.marker)
    return [ADJACENT_ACTIONS[space] for space in spaces] + [ADJACENT_ACTIONS[NONE]]


def _free_hatch_options(state: State, top: ChooseFreeHatch) -> list[Any]:
    spaces = rules_season.free_hatch_options(state, top.seat)
    return [FREE_HATCH_ACTIONS[space] for space in spaces] + [FREE_HATCH_ACTIONS[NONE]]


# ---- why an action of the right type is still illegal ------------------------------------------------

def _why_play(state: State, top: Frame, action: Play) -> IllegalAction:
    if action.card not in state.hands[top.seat]:
        return IllegalAction(f"you hold no {CAT.action_ids[action.card]}", rule="R6")
    free = state.bonus[top.seat] & ~state.bonus_used[top.seat]
    if (action.add1 and not free >> BONUS_ADD_1 & 1) or (action.add2 and not free >> BONUS_ADD_2 & 1):
        return IllegalAction("you have no unused bonus card of that type", rule="R68")
    return IllegalAction("add cards need an action card that gives a segment", rule="R69")


def _why_segment(state: State, top: Frame, action: Segment | Stop) -> IllegalAction:
    if isinstance(action, Segment) and action.plus2 and not state.add_2_ready:
        return IllegalAction("no bonus_add_2 is available for this segment", rule="R66")
    return IllegalAction("no segment of that length is left", rule="R9")


def _why_no_hatch(state: State, top: ChooseHatch, action: Hatch) -> IllegalAction:
    butterfly = top.seat * MARKERS + top.marker
    if not CAT.milkweed[state.locations[butterfly]]:
        return IllegalAction("the landing space is not next to milkweed", rule="R25")
    if CAT.slot_gen[top.marker] == 4 and state.doubles[butterfly]:
        return IllegalAction("a double generation-4 butterfly cannot hatch", rule="R29")
    if rules_land.hatch_cost(state, butterfly) is None:
        return IllegalAction("you have no marker of the next generation off the map", rule="R33")
    return IllegalAction("you cannot pay that cost (matched or any)", rule="R30")


def _because(message: str, rule: str) -> Callable[[State, Frame, Any], IllegalAction | None]:
    """A reason that does not depend on the position."""
    error = IllegalAction(message, rule=rule)
    return lambda state, top, action: error


def _no_reason(state: State, top: Frame, action: Any) -> IllegalAction | None:
    return None


# ---- the one dispatch: each decision's options, how an answer applies, why one is illegal -------------

class Rule(NamedTuple):
    """How the rules handle one kind of decision frame.

    ``legal(state, top)`` lists the options; ``apply(state, top, action, events)`` applies a legal
    one (the frame already popped) and pushes what comes next; ``why(state, top, action)`` explains
    an action of an ``answers`` type that is not among the options; ``asks`` says what the decision
    wants, for an action of another type.
    """

    legal: Callable[[State, Any], list[Any]]
    apply: Callable[[State, Any, Any, list[Event]], None]
    why: Callable[[State, Any, Any], IllegalAction | None]
    answers: tuple[type, ...]
    asks: str


RULES: dict[type[Frame], Rule] = {
    ChoosePlay: Rule(_play_options, rules_turn.play_card, _why_play, (Play,), "play an action card"),
    ChooseReuse: Rule(_reuse_options, rules_turn.choose_target,
                      _because("a reuse card copies a movement card played this season", "R64"),
                      (Reuse,), "choose the movement card your reuse card copies"),
    ChooseSegment: Rule(_segment_options, rules_turn.choose_segment, _why_segment, (Segment, Stop),
                        "start a segment or stop"),
    ChooseButterfly: Rule(_butterfly_options, rules_turn.choose_butterfly,
                          _because("that butterfly is not on the map", "R16"), (Fly,),
                          "choose the butterfly for this segment"),
    ChooseStep: Rule(_step_options, rules_turn.step, _because("a step goes to an adjacent space", "R12"),
                     (Step,), "move one step"),
    PickFlower: Rule(lambda state, top: PICK_ALL[:], rules_land.pick_flower, _no_reason, (Pick,),
                     "choose a flower type"),
    ChooseCard: Rule(lambda state, top: [TAKE_ACTIONS[kind] for kind in rules_land.take_options(state, top.seat)],
                     rules_land.take_card, _because("you already own that card", "R47"), (TakeCard,),
                     "choose a card with the two_cards ability"),
    ChooseAdjacent: Rule(_adjacent_options, rules_land.take_adjacent,
                         _because("that space is not an eligible adjacent flower space", "R61"), (Adjacent,),
                         "choose an adjacent space to collect from, or none"),
    ChooseHatch: Rule(_hatch_options, rules_land.choose_hatch, _why_no_hatch, (Hatch,), "hatch or decline"),
    PayFlower: Rule(_pay_options, rules_land.pay_one, _because("you hold no token of that type", "R30"), (Pay,),
                    "pay one flower token"),
    ChooseBonus32: Rule(lambda state, top: [BONUS32[True], BONUS32[False]], rules_turn.use_bonus_move_3_2,
                        _no_reason, (Bonus32,), "use bonus_move_3_2 or not"),
    ChooseExchange: Rule(lambda state, top: [EXCHANGE_ACTIONS[which]
                                             for which in rules_turn.exchange_options(state, top.seat)],
                         rules_turn.exchange,
                         _because("only a redundant hand may be exchanged (a card you hold, or both); "
                                  "otherwise keep it", "R71"),
                         (Exchange,), "keep your hand, or exchange it if it is redundant"),
    ChooseFreeHatch: Rule(_free_hatch_options, rules_season.free_hatch,
                          _because("place it on one of your previous-generation butterflies", "R80"),
                          (FreeHatch,), "free hatch or decline"),
}


def legal_actions(state: State) -> list[Any]:
    """The one truth of legality: the options of the pending decision (the top frame)."""
    if state.over:
        return []
    top = state.pending[-1]
    return RULES[type(top)].legal(state, top)


def apply(state: State, action: Any) -> list[Event]:
    """Apply a legal action in place (the top frame is its decision); returns the events."""
    events: list[Event] = []
    top = state.pending.pop()
    RULES[type(top)].apply(state, top, action, events)
    state.ply += 1
    return events


def why_illegal(state: State, action: Any) -> IllegalAction:
    """The error for an action outside legal_actions, naming the rule (never hidden information)."""
    if state.over:
        return IllegalAction("the game is over", rule="R83")
    top = state.pending[-1]
    rule = RULES[type(top)]
    if not isinstance(action, rule.answers):
        return IllegalAction(f"now you must {rule.asks} ({top.name})", rule=top.rule)
    reason = rule.why(state, top, action)
    return reason or IllegalAction(f"{action} is not allowed now: {rule.asks}", rule=top.rule)
