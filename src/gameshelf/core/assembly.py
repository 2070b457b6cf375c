"""A game assembled from its modules by convention, so every ``GAME`` is built the same way.

Every game package has the same files with the same roles (see docs/adding-a-game.md):

=================  ==========================================================================
module             provides
=================  ==========================================================================
``options``        ``SCHEMA`` (an OptionSchema), ``Config.from_options(resolved) -> Config``
                   (one frozen config object) and ``CONFORMANCE`` ((players, options) pairs);
                   optionally ``setup_options(players, options)`` (Game.setup_options)
``state``          ``State`` (``__slots__`` declared once, ``SHARED`` fixed fields, ``copy()``)
``rules``          ``new_state(players, config, seed)``, ``to_act``, ``legal_actions``, ``apply``,
                   ``is_over``, ``why_illegal``, ``num_players`` (+ ``rules_<phase>.py``)
``decisions``      the decision frames (core.frames.Frame, one class per kind), ``targets_of(state,
                   frame, action)`` and optionally ``prompt_args(state, frame)``; the decision is
                   built from the frame on top of ``state.pending`` (core.frames.decision_of)
``scoring``        ``outcome(state)`` (None until over) and ``score_now(state)``
``view``           ``view(state, seat)``, ``determinize(view, chance)``, the typed view
                   definition (extending core.view.ViewHeader)
``position``       ``position(state)`` and ``from_position(data)``
``actions``        the action values and ``GRAMMAR`` (a core.notation.Grammar)
``labels``         ``action_label(action, lang)`` (texts from data/labels.yaml)
``heuristics``     ``heuristic(state, seat)``
``invariants``     ``check_invariants(state)``
=================  ==========================================================================

The module functions are bound straight onto the instance, so a call costs no extra layer.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Mapping

from gameshelf.core.data import load_yaml
from gameshelf.core.frames import decision_of
from gameshelf.core.game import Game, GameInfo
from gameshelf.core.prompts import follow_legal

_BOUND = {
    "rules": ("to_act", "legal_actions", "apply", "is_over", "why_illegal", "num_players"),
    "scoring": ("outcome", "score_now"),
    "view": ("determinize",),
    "position": ("position", "from_position"),
    "heuristics": ("heuristic",),
    "invariants": ("check_invariants",),
}


class AssembledGame(Game):
    """A :class:`Game` whose functions are its package's module functions (see the table above)."""

    def __init__(self, package: str, info: GameInfo, *, terms: Mapping[str, Any] | None = None) -> None:
        self.info = info
        self._modules = {name: import_module(f"{package}.{name}")
                         for name in ("options", "rules", "decisions", "scoring", "view", "position",
                                      "actions", "labels", "heuristics", "invariants")}
        data = import_module(f"{package}.catalog").DATA
        self.messages = load_yaml(data / "messages.yaml")
        self.terms = terms if terms is not None else load_yaml(data / "terms.yaml")
        for module, names in _BOUND.items():
            for name in names:
                setattr(self, name, getattr(self._modules[module], name))
        decisions = self._modules["decisions"]
        self._targets_of = decisions.targets_of
        self._prompt_args = getattr(decisions, "prompt_args", None)
        self.grammar = self._modules["actions"].GRAMMAR
        bound = {"parse_action": self.grammar.parse,
                 "seat_view": self._modules["view"].view,
                 "action_label": self._modules["labels"].action_label}
        if hasattr(self._modules["options"], "setup_options"):
            bound["setup_options"] = self._modules["options"].setup_options
        for name, function in bound.items():
            setattr(self, name, function)
        self._config = self._modules["options"].Config.from_options
        self._new_state = self._modules["rules"].new_state

    # The abstract methods, for the type checker and for readers: instances use the bound functions.
    def new_state(self, players, options, seed):
        return self._new_state(players, self._config(options), seed)

    def copy(self, state):
        return state.copy()

    def decision(self, state):
        """The decision of the frame on top of ``state.pending`` (core.frames.decision_of), its prompt
        following the legal actions (core.prompts)."""
        pending = state.pending
        if not pending:
            return None
        legal = self.legal_actions(state)
        decision = decision_of(state, pending[-1], legal, self._targets_of, self._prompt_args)
        return follow_legal(self, state, decision, legal)

    def conformance_configs(self) -> list[tuple[int, dict[str, str]]]:
        return list(self._modules["options"].CONFORMANCE)

    def to_act(self, state): ...
    def legal_actions(self, state): ...
    def apply(self, state, action): ...
    def is_over(self, state): ...
    def outcome(self, state): ...
    def why_illegal(self, state, action): ...
    def num_players(self, state): ...
    def determinize(self, view, chance): ...
    def parse_action(self, text): ...
    def seat_view(self, state, seat): ...
