"""Human menu labels for actions, in English and Japanese: templates in data/labels.yaml, ids
translated through data/terms.yaml (no language branches in code)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.data import load_yaml
from gameshelf.games.mariposas.actions import (
    ANY, BOTH, CARD_KINDS, Adjacent, Bonus32, Exchange, FreeHatch, Fly, Hatch, Pay, Pick, Play, Reuse,
    Segment, Step, Stop, TakeCard,
)
from gameshelf.games.mariposas.catalog import CAT, DATA

LABELS = load_yaml(DATA / "labels.yaml")
TERMS = load_yaml(DATA / "terms.yaml")
UI = LABELS["ui"]


def term(value: Any, lang: str) -> str:
    entry = TERMS.get(str(value))
    return entry.get(lang, entry.get("en", str(value))) if entry else str(value)


def text(key: str, lang: str, **args: Any) -> str:
    """The ``key`` template of labels.yaml in ``lang`` (else English), filled with ``args``."""
    templates = LABELS[key]
    return (templates.get(lang) or templates["en"]).format(**args)


def ui(key: str, lang: str) -> str:
    """A renderer string (labels.yaml ``ui``)."""
    return UI.get(lang, UI["en"])[key]


def _about(space: int, lang: str) -> str:
    """What a space shows: region colour, flowers, milkweed (for step menus)."""
    parts = []
    if CAT.flower[space] >= 0:
        parts.append(text("about_flower", lang, color=term(CAT.color[space], lang),
                          flower=term(CAT.flower_types[CAT.flower[space]], lang), n=CAT.nflowers[space]))
    if CAT.milkweed[space]:
        parts.append(text("about_milkweed", lang))
    return text("about", lang, parts=", ".join(parts)) if parts else ""


def _play(action: Play, lang: str) -> str:
    extras = [term("bonus_add_1", lang)] * action.add1 + [term("bonus_add_2", lang)] * action.add2
    base = text("play", lang, card=term(CAT.action_ids[action.card], lang))
    return base + (text("play_with", lang, extras=", ".join(extras)) if extras else "")


def _choice(key: str, value: int, lang: str, **args: Any) -> str:
    """``key_none`` for a declined choice (value < 0), else ``key`` with ``args``."""
    return text(f"{key}_none", lang) if value < 0 else text(key, lang, **args)


def _space(space: int, lang: str) -> str:
    return term(CAT.space_ids[space], lang) if space >= 0 else ""


def _hatch(action: Hatch, lang: str) -> str:
    if action.mode == ANY:
        return text("hatch_any", lang)
    return _choice("hatch", action.mode, lang, flower=term(CAT.flower_types[action.mode], lang) if action.mode >= 0 else "")


def _exchange(action: Exchange, lang: str) -> str:
    if action.which == BOTH:
        return text("exchange_both", lang)
    return _choice("exchange", action.which, lang, card=term(CAT.action_ids[action.which], lang) if action.which >= 0 else "")


_LABEL = {
    Play: _play,
    Reuse: lambda action, lang: text("reuse", lang, card=term(CAT.action_ids[action.card], lang)),
    Segment: lambda action, lang: text("segment_plus2" if action.plus2 else "segment", lang, n=action.length),
    Stop: lambda action, lang: text("stop", lang),
    Fly: lambda action, lang: text("fly", lang, slot=action.slot, gen=CAT.slot_gen[action.slot]),
    Step: lambda action, lang: text("step", lang, space=_space(action.space, lang), about=_about(action.space, lang)),
    Pick: lambda action, lang: text("pick", lang, flower=term(CAT.flower_types[action.flower], lang)),
    TakeCard: lambda action, lang: text("take", lang, card=term(CARD_KINDS[action.kind], lang)),
    Adjacent: lambda action, lang: _choice("adjacent", action.space, lang, space=_space(action.space, lang)),
    Hatch: _hatch,
    Pay: lambda action, lang: text("pay", lang, flower=term(CAT.flower_types[action.flower], lang)),
    Bonus32: lambda action, lang: text("bonus32_yes" if action.use else "bonus32_no", lang),
    Exchange: _exchange,
    FreeHatch: lambda action, lang: _choice("free", action.space, lang, space=_space(action.space, lang)),
}


def action_label(action, lang: str = "en") -> str:
    """A menu label for ``action`` in ``lang`` ("en" or "ja")."""
    label = _LABEL.get(type(action))
    return label(action, lang) if label else str(action)
