"""Iwari rules: setup (section 3, R69-R71), turn flow (R10-R14, R25-R38), the 2-player third
tribe (R39-R46), feats and expeditions steps (R47-R64), and the dispatch of actions."""

from __future__ import annotations

from typing import Mapping

from gameshelf.core.chance import Chance
from gameshelf.core.game import Event
from gameshelf.games.iwari import scoring
from gameshelf.games.iwari.actions import (Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent,
                                           Totem, action_table)
from gameshelf.games.iwari.catalog import (BIOMES, DISPLAY, EXPEDITIONS, EXPEDITIONS_FACE_UP, FEATS,
                                           FEAT_INDEX, HAND, LETTER_INDEX, MAPS, MOUNTAINS, NB, TENTS,
                                           THIRD_TRIBE_PLAYERS, TOTEMS, deck_counts)
from gameshelf.games.iwari.rules_feats import check_expeditions, earned_feats, feat_choices
from gameshelf.games.iwari.rules_place import piece_choices, target_choices
from gameshelf.games.iwari.state import ACTION, DRAW, FEAT, OVER, PLACE, THIRD, State

BIOME_IDS = tuple(b.id for b in BIOMES)


# ---- setup ----------------------------------------------------------------------------------

def new_state(players: int, options: Mapping[str, str], seed: int) -> State:
    """Setup steps 1-10 (section 3): mountains, deck, start player, expeditions, hands, display."""
    m = MAPS[options["map"]]
    ch = Chance(seed)
    s = State()
    s.map, s.players, s.options = m, players, dict(options)
    s.ntribes = players + (1 if players in THIRD_TRIBE_PLAYERS else 0)
    s.feats_on = options["feats"] == "on"
    s.exp_on = options["expeditions"] == "on"
    s.third_ends = options["third_tribe_ends_game"] == "on"
    blocked = [False] * len(m.lines)
    for size in range(1, MOUNTAINS[players] + 1):
        blocked[ch.choice(m.lines_with_icon(size))] = True
    s.blocked = tuple(blocked)
    s.adj = m.adjacency(s.blocked)
    T, nt = len(m.territories), s.ntribes
    s.owner = [-1] * len(m.space_ids)
    s.tents, s.totems = [0] * (nt * T), [0] * (nt * T)
    s.filled, s.ktot = [0] * T, [0] * T
    s.supply_tents, s.supply_totems = [TENTS] * nt, [TOTEMS] * nt
    s.terr_feats, s.line_feats = [0] * T, [0] * len(m.lines)
    s.feat_earned = [()] * len(FEATS)
    s.feat_log, s.feat_interim = (), (0,) * (len(FEATS) * nt)
    s.score, s.interim, s.exp_points = [0] * nt, [0] * nt, [0] * nt
    s.final, s.end_reason = None, None
    s.deck = [b for b in range(NB) for _ in range(deck_counts(players)[b])]
    ch.shuffle(s.deck)
    s.discard, s.display, s.hands = [0] * NB, [0] * NB, [0] * (NB * players)
    s.exhaustions = 0
    s.start = s.current = ch.below(players)
    order = list(range(len(EXPEDITIONS)))
    ch.shuffle(order)
    s.expeditions = tuple(order[:EXPEDITIONS_FACE_UP]) if s.exp_on else ()
    s.exp_scored = [()] * len(s.expeditions)
    s.chance = ch
    s.ply, s.phase = 0, ACTION
    _reset_place(s)
    s.own_cards, s.feat_queue, s.drafting, s.draft_left = 0, (), False, 0
    _deal_hands(s, options["initial_hand"])
    return s


def _reset_place(s: State) -> None:
    s.p_tribe, s.p_terr, s.p_pieces, s.p_cards, s.p_unexplored, s.p_filled = -1, -1, 0, 0, False, -1


def _deal_hands(s: State, how: str) -> None:
    """R69 random, R70 guaranteed wild (redeal until a pair), R71 draft (display first)."""
    seats = [(s.start + i) % s.players for i in range(s.players)]
    if how == "draft":
        _deal_display(s)
        s.drafting, s.draft_left, s.phase = True, s.players, DRAW
        s.current = (s.start - 1) % s.players  # the last player picks first (A24)
        return
    for seat in seats:
        while True:
            cards = [s.deck.pop() for _ in range(HAND)]
            if how != "guaranteed_wild" or len(set(cards)) < HAND:
                break
            s.deck.extend(cards)
            s.chance.shuffle(s.deck)
        for c in cards:
            s.hands[seat * NB + c] += 1
    _deal_display(s)


def _deal_display(s: State) -> None:
    for _ in range(DISPLAY):
        s.display[s.deck.pop()] += 1


# ---- queries --------------------------------------------------------------------------------

def to_act(s: State) -> int | None:
    return None if s.phase == OVER else s.current


def tribe_arg(s: State, tribe: int):
    return tribe if tribe < s.players else "third_tribe"


def legal_actions(s: State) -> list:
    ph = s.phase
    if ph == ACTION:
        table = action_table(s.map.id)
        base = s.current * NB
        hand = s.hands[base:base + NB]
        return [table.exchange[b] for b in range(NB) if hand[b]] + target_choices(s, s.current, s.current)
    if ph == PLACE:
        return piece_choices(s)
    if ph == DRAW:
        table = action_table(s.map.id)
        out = [table.draw_deck] if s.deck else []
        return out + [table.draw_take[b] for b in range(NB) if s.display[b]]
    if ph == THIRD:
        return target_choices(s, s.players, s.current)
    if ph == FEAT:
        return feat_choices(s)
    return []


# ---- apply ----------------------------------------------------------------------------------

def apply(s: State, action) -> list[Event]:
    match action:
        case Tent():
            events = _apply_tent(s, action)
        case Totem():
            events = _apply_totem(s, action)
        case Done():
            events = _apply_done(s)
        case Draw():
            events = _apply_draw(s, action)
        case Target():
            events = _apply_target(s, action)
        case Exchange():
            events = _apply_exchange(s, action)
        case PlaceFeat() | Decline():
            events = _apply_feat(s, action)
        case _:
            raise TypeError(f"not an Iwari action: {action!r}")
    s.ply += 1
    return events


def _apply_exchange(s: State, a: Exchange) -> list[Event]:
    """R13: discard one card (face up), then the draw step takes one card."""
    b = LETTER_INDEX[a.biome]
    s.hands[s.current * NB + b] -= 1
    s.discard[b] += 1
    s.phase = DRAW
    return [Event("exchange", {"seat": s.current, "biome": BIOME_IDS[b]})]


def _apply_target(s: State, a: Target) -> list[Event]:
    """R15 (own action) or R40-R41 (third tribe): fix the territory; unexplored judged now."""
    t = s.map.terr_index[a.territory]
    third = s.phase == THIRD
    if not third:
        _reset_place(s)
    s.p_tribe = s.players if third else s.current
    s.p_terr, s.p_pieces, s.p_cards = t, 0, 0
    s.p_unexplored = s.filled[t] == 0
    s.phase = PLACE
    key = "third_target" if third else "place_target"
    return [Event(key, {"seat": s.current, "territory": a.territory})]


def _pay(s: State, pay: str) -> list[str]:
    b = LETTER_INDEX[pay[0]]
    n = len(pay)
    s.hands[s.current * NB + b] -= n
    s.discard[b] += n  # R25
    s.p_cards += n
    return [BIOME_IDS[b]] * n


def _apply_tent(s: State, a: Tent) -> list[Event]:
    m, p, t = s.map, s.p_tribe, s.p_terr
    sp = m.space_index[a.space]
    s.owner[sp] = p
    s.tents[p * len(m.territories) + t] += 1
    s.filled[t] += 1
    s.supply_tents[p] -= 1
    s.p_pieces += 1
    if s.filled[t] == len(m.territories[t].spaces) and p < s.players:
        s.p_filled = t  # R51: this tent filled the territory
    cards = _pay(s, a.pay)
    return [Event("place_tent", {"player": tribe_arg(s, p), "space": a.space,
                                 "territory": m.territories[t].id, "cards": cards})]


def _apply_totem(s: State, a: Totem) -> list[Event]:
    m, p, t = s.map, s.p_tribe, s.p_terr
    s.totems[p * len(m.territories) + t] += 1
    s.ktot[t] += 1
    s.supply_totems[p] -= 1
    s.p_pieces += 1
    cards = _pay(s, a.pay)
    return [Event("place_totem", {"player": tribe_arg(s, p), "territory": m.territories[t].id,
                                  "cards": cards})]


def _apply_done(s: State) -> list[Event]:
    """End of a Place action: feats and expeditions (own), end check, third-tribe step (R12)."""
    events = [Event("place_done", {"seat": s.current})]
    if s.p_tribe >= s.players:  # the third-tribe step is over (R44)
        if s.third_ends and s.supply_tents[s.p_tribe] == 0:
            return events + _end_game(s, "all_tents")  # A9, R38
        return events + _start_draw(s)
    s.own_cards = s.p_cards
    queue = earned_feats(s, s.current) if s.feats_on else ()
    for f in queue:  # R54: earning uses up the slot, placed or not
        s.feat_earned[f] = s.feat_earned[f] + (s.current,)
        events.append(Event("feat_earned", {"seat": s.current, "feat": FEATS[f].id}))
    s.feat_queue = queue
    if queue:
        s.phase = FEAT
        return events
    return events + _after_feats(s)


def _apply_feat(s: State, a) -> list[Event]:
    """R50-R55: place the first queued token (or decline it)."""
    f = FEATS[FEAT_INDEX[a.feat]]
    if isinstance(a, PlaceFeat):
        if f.goes_on == "territory":
            target = s.map.terr_index[a.target]
            s.terr_feats[target] += 1
        else:
            target = s.map.line_index[int(a.target)]
            s.line_feats[target] += 1
        s.feat_log = s.feat_log + ((f.index, target),)
        events = [Event("feat_placed", {"seat": s.current, "feat": f.id, "target": a.target})]
    else:
        events = [Event("feat_declined", {"seat": s.current, "feat": f.id})]
    s.feat_queue = s.feat_queue[1:]
    if not s.feat_queue:
        events += _after_feats(s)
    return events


def _after_feats(s: State) -> list[Event]:
    """Expeditions (R61), the 20th-tent end (R38), then the third-tribe step (R40-R43) or draw."""
    events = []
    if s.exp_on:
        for card, points in check_expeditions(s, s.current):
            events.append(Event("expedition_scored", {"seat": s.current, "card": EXPEDITIONS[card].id,
                                                      "points": points}))
    if s.supply_tents[s.current] == 0:
        return events + _end_game(s, "all_tents")
    if s.ntribes > s.players and 1 <= s.own_cards <= 2:
        if target_choices(s, s.players, s.current):
            s.phase = THIRD
            return events
        events.append(Event("third_step_skipped", {"seat": s.current}))
    return events + _start_draw(s)


def _start_draw(s: State) -> list[Event]:
    s.phase = DRAW
    return []


def _apply_draw(s: State, a: Draw) -> list[Event]:
    """R29-R30 (and R71 in the draft): one card from the deck top or the display."""
    seat = s.current
    if a.source == "deck":
        b = s.deck.pop()
        s.hands[seat * NB + b] += 1
        only = frozenset((seat,))  # R27: the card for the drawer, a redacted twin for all others
        events = [Event("draw_deck", {"seat": seat, "biome": BIOME_IDS[b]}, only),
                  Event("draw_deck_hidden", {"seat": seat}, hidden_from=only)]
        if not s.deck:
            events += _exhaust(s)
            if s.phase == OVER:
                return events
    else:
        b = LETTER_INDEX[a.source]
        s.display[b] -= 1
        s.hands[seat * NB + b] += 1
        events = [Event("take_display", {"seat": seat, "biome": BIOME_IDS[b]})]
    if sum(s.hands[seat * NB:(seat + 1) * NB]) >= HAND:
        events += _finish_draw(s)
    return events


def _finish_draw(s: State) -> list[Event]:
    """R31 refill, then the next turn (or, in the draft, the next drafter: A24)."""
    events = _refill(s)
    if s.phase == OVER:
        return events
    if s.drafting:
        s.draft_left -= 1
        if s.draft_left:
            s.current = (s.current - 1) % s.players
            return events
        s.drafting, s.current = False, s.start
    else:
        s.current = (s.current + 1) % s.players
    s.phase = ACTION
    _reset_place(s)
    s.own_cards = 0
    return events


def _refill(s: State) -> list[Event]:
    events = []
    while sum(s.display) < DISPLAY:
        b = s.deck.pop()
        s.display[b] += 1
        events.append(Event("display_refill", {"biome": BIOME_IDS[b]}))
        if not s.deck:
            events += _exhaust(s)
            if s.phase == OVER:
                break
    return events


def _exhaust(s: State) -> list[Event]:
    """R32-R35: first exhaustion = interim scoring + reshuffle; second = the game ends."""
    s.exhaustions += 1
    events = [Event("deck_exhausted", {"count": s.exhaustions})]
    if s.exhaustions >= 2:
        return events + _end_game(s, "deck")
    points = scoring.tent_majority(s)
    if s.feat_log:
        s.feat_interim = tuple(a + b for a, b in zip(s.feat_interim, scoring.feat_bonus(s, lines=False)))
    for p, v in enumerate(points):
        s.score[p] += v
        s.interim[p] += v
        events.append(Event("interim_score", {"player": tribe_arg(s, p), "points": v}))
    s.deck = [b for b in range(NB) for _ in range(s.discard[b])]
    s.discard = [0] * NB
    if not s.deck:  # R35
        return events + _end_game(s, "deck")
    s.chance.shuffle(s.deck)
    events.append(Event("reshuffle", {"cards": len(s.deck)}))
    return events


def _end_game(s: State, reason: str) -> list[Event]:
    """R34/R38: final scoring (R73) and the end."""
    s.phase, s.end_reason = OVER, reason
    s.feat_queue = ()
    s.final = tuple(scoring.final_scoring(s))
    events = [Event("game_end", {"reason": reason})]
    for p, parts in enumerate(s.final):
        s.score[p] += sum(parts.values())
        events.append(Event("final_score", {"player": tribe_arg(s, p), "points": s.score[p]}))
    return events
