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


def _about(sp: int, lang: str) -> str:
    """What a space shows: region colour, flowers, milkweed (for step menus)."""
    parts = []
    if CAT.flower[sp] >= 0:
        parts.append(text("about_flower", lang, color=term(CAT.color[sp], lang),
                          flower=term(CAT.flower_types[CAT.flower[sp]], lang), n=CAT.nflowers[sp]))
    if CAT.milkweed[sp]:
        parts.append(text("about_milkweed", lang))
    return text("about", lang, parts=", ".join(parts)) if parts else ""


def _play(a: Play, lang: str) -> str:
    extras = [term("bonus_add_1", lang)] * a.add1 + [term("bonus_add_2", lang)] * a.add2
    base = text("play", lang, card=term(CAT.action_ids[a.card], lang))
    return base + (text("play_with", lang, extras=", ".join(extras)) if extras else "")


def _choice(key: str, value: int, lang: str, **args: Any) -> str:
    """``key_none`` for a declined choice (value < 0), else ``key`` with ``args``."""
    return text(f"{key}_none", lang) if value < 0 else text(key, lang, **args)


def _space(sp: int, lang: str) -> str:
    return term(CAT.space_ids[sp], lang) if sp >= 0 else ""


def _hatch(a: Hatch, lang: str) -> str:
    if a.mode == ANY:
        return text("hatch_any", lang)
    return _choice("hatch", a.mode, lang, flower=term(CAT.flower_types[a.mode], lang) if a.mode >= 0 else "")


def _exchange(a: Exchange, lang: str) -> str:
    if a.which == BOTH:
        return text("exchange_both", lang)
    return _choice("exchange", a.which, lang, card=term(CAT.action_ids[a.which], lang) if a.which >= 0 else "")


_LABEL = {
    Play: _play,
    Reuse: lambda a, lang: text("reuse", lang, card=term(CAT.action_ids[a.card], lang)),
    Segment: lambda a, lang: text("segment_plus2" if a.plus2 else "segment", lang, n=a.length),
    Stop: lambda a, lang: text("stop", lang),
    Fly: lambda a, lang: text("fly", lang, slot=a.slot, gen=CAT.slot_gen[a.slot]),
    Step: lambda a, lang: text("step", lang, space=_space(a.space, lang), about=_about(a.space, lang)),
    Pick: lambda a, lang: text("pick", lang, flower=term(CAT.flower_types[a.flower], lang)),
    TakeCard: lambda a, lang: text("take", lang, card=term(CARD_KINDS[a.kind], lang)),
    Adjacent: lambda a, lang: _choice("adjacent", a.space, lang, space=_space(a.space, lang)),
    Hatch: _hatch,
    Pay: lambda a, lang: text("pay", lang, flower=term(CAT.flower_types[a.flower], lang)),
    Bonus32: lambda a, lang: text("bonus32_yes" if a.use else "bonus32_no", lang),
    Exchange: _exchange,
    FreeHatch: lambda a, lang: _choice("free", a.space, lang, space=_space(a.space, lang)),
}


def action_label(action, lang: str = "en") -> str:
    """A menu label for ``action`` in ``lang`` ("en" or "ja")."""
    label = _LABEL.get(type(action))
    return label(action, lang) if label else str(action)
