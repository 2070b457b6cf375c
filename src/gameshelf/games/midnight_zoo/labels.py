"""Human menu labels (en/ja) for Midnight Zoo actions: the texts are data (data/labels.yaml)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.data import load_yaml

from .catalog import DATA

_LABELS = load_yaml(DATA / "labels.yaml")
ACTIONS, DIRECTIONS = _LABELS["actions"], _LABELS["directions"]
TERMS = load_yaml(DATA / "terms.yaml")


def _text(table: dict[str, Any], key: str, lang: str) -> str:
    entry = table.get(key)
    if entry is None:
        return key
    return entry.get(lang) or entry["en"]


def _fields(action: Any, lang: str) -> dict[str, Any]:
    """The action's fields as they appear in a label (1-based positions, localised words)."""
    out = {}
    for name in getattr(action, "__slots__", ()):
        value = getattr(action, name)
        if name == "pos":
            value += 1
        elif name == "cell":  # "r,c" in the notation: row and column as a person counts them
            value = _text(TERMS, str(action)[3:], lang)
        elif name == "dir":
            value = _text(DIRECTIONS, value, lang)
        elif name in ("what", "terrain"):
            value = _text(TERMS, value, lang)
        out[name] = value
    return out


def verb(action: Any) -> str:
    """The notation verb of ``action`` (its first word)."""
    return str(action).split(" ", 1)[0]


def action_label(action: Any, lang: str = "en") -> str:
    """A menu label for ``action`` in ``lang`` (en/ja), from data/labels.yaml."""
    template = ACTIONS.get(verb(action))
    if template is None:
        return str(action)
    return (template.get(lang) or template["en"]).format(**_fields(action, lang))
