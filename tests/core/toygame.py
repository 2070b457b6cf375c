"""A tiny game with hidden hands and chance, used to test the core without a real game.

Cards 1..12 are shuffled; each player holds two. On a turn a player plays a card: it scores its
value if it beats the last card played, otherwise nothing; then they draw (privately). The game
ends when every card has been played.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core import BadNotation, Chance, Event, Game, IllegalAction, Outcome, rank_players
from gameshelf.core.errors import brief
from gameshelf.core.game import GameInfo
from gameshelf.core.notation import parse_int, words
from gameshelf.core.options import Option, OptionSchema


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


class ToyState:
    def __init__(self, players: int, seed: int) -> None:
        self.chance = Chance(seed)
        self.deck = list(range(1, 13))
        self.chance.shuffle(self.deck)
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(players)]
        self.scores = [0] * players
        self.played: list[int] = []
        self.last = 0
        self.turn = 0


class ToyGame(Game[ToyState]):
    info = GameInfo(
        id="toy", titles={"en": "Toy", "ja": "おもちゃ"}, player_counts=(2, 3),
        options=OptionSchema((Option("bonus", ("off", "on"), "off"),)), rules_version="1",
    )
    messages = {
        "play": {"en": "{seat} plays {card}", "ja": "{seat}は{card}を出す"},
        "draw": {"en": "{seat} draws {card}", "ja": "{seat}は{card}を引く"},
        "draw_hidden": {"en": "{seat} draws a card", "ja": "{seat}はカードを引く"},
    }

    def new_state(self, players, options, seed):
        return ToyState(players, seed)

    def to_act(self, state):
        return None if self.is_over(state) else state.turn % len(state.hands)

    def legal_actions(self, state):
        seat = self.to_act(state)
        return [] if seat is None else [Play(c) for c in sorted(state.hands[seat])]

    def apply(self, state, action):
        seat = self.to_act(state)
        state.hands[seat].remove(action.card)
        if action.card > state.last:
            state.scores[seat] += action.card
        state.last = action.card
        state.played.append(action.card)
        events = [Event("play", {"seat": seat, "card": action.card})]
        if state.deck:
            card = state.deck.pop()
            state.hands[seat].append(card)
            events += [Event("draw", {"seat": seat, "card": card}, audience=frozenset({seat})),
                       Event("draw_hidden", {"seat": seat}, hidden_from=frozenset({seat}))]
        state.turn += 1
        return events

    def is_over(self, state):
        return not any(state.hands)

    def outcome(self, state):
        if not self.is_over(state):
            return None
        breakdown = tuple({"cards": s} for s in state.scores)
        return Outcome(tuple(state.scores), rank_players([(s,) for s in state.scores]), breakdown)

    def why_illegal(self, state, action):
        return IllegalAction(f"you hold no {action.card}", rule="T1")

    def num_players(self, state) -> int:
        return len(state.hands)

    def seat_view(self, state, seat):
        return {
            "seat": seat, "turn": state.turn, "last": state.last, "played": list(state.played), "scores": list(state.scores),
            "deck": len(state.deck), "hand_sizes": [len(h) for h in state.hands],
            "hand": sorted(state.hands[seat]) if seat is not None else None,
        }

    def determinize(self, view, chance):
        state = ToyState.__new__(ToyState)
        state.chance = chance.fork("toy")
        seat = view["seat"]
        seen = set(view["hand"] or []) | set(view["played"])
        unseen = [c for c in range(1, 13) if c not in seen]
        chance.shuffle(unseen)
        state.hands = []
        for other, size in enumerate(view["hand_sizes"]):
            state.hands.append(list(view["hand"]) if other == seat else [unseen.pop() for _ in range(size)])
        state.deck = unseen[: view["deck"]]
        state.played = list(view["played"])
        state.scores, state.last, state.turn = list(view["scores"]), view["last"], view["turn"]
        return state

    def copy(self, state):
        twin = ToyState.__new__(ToyState)
        twin.chance = state.chance.copy()
        twin.deck = list(state.deck)
        twin.hands = [list(h) for h in state.hands]
        twin.played = list(state.played)
        twin.scores, twin.last, twin.turn = list(state.scores), state.last, state.turn
        return twin

    def position(self, state):
        return {"chance": state.chance.position, "deck": state.deck, "hands": state.hands, "played": state.played,
                "scores": state.scores, "last": state.last, "turn": state.turn}

    def parse_action(self, text):
        parts = words(text)
        if len(parts) != 2 or parts[0] != "play":
            raise BadNotation(f"expected 'play N', got {brief(text)}")
        return Play(parse_int(parts[1], what="a card"))


GAME = ToyGame()
