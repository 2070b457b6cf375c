"""Human menu labels (en/ja) for Midnight Zoo actions: the texts are data (data/labels.yaml)."""

from __future__ import annotations

from gameshelf.core.data import load_yaml

from .catalog import DATA

_LABELS = load_yaml(DATA / "labels.yaml")
ACTIONS, DIRECTIONS = _LABELS["actions"], _LABELS["directions"]
TERMS = load_yaml(DATA / "terms.yaml")


def _text(table: dict, key: str, lang: str) -> str:
    entry = table.get(key)
    if entry is None:
        return key
    return entry.get(lang) or entry["en"]


def _fields(a, lang: str) -> dict:
    """The action's fields as they appear in a label (1-based positions, localised words)."""
    out = {}
    for name in getattr(a, "__slots__", ()):
        value = getattr(a, name)
        if name == "pos":
            value += 1
        elif name == "cell":  # "r,c" in the notation: row and column as a person counts them
            value = _text(TERMS, str(a)[3:], lang)
        elif name == "dir":
            value = _text(DIRECTIONS, value, lang)
        elif name in ("what", "terrain"):
            value = _text(TERMS, value, lang)
        out[name] = value
    return out


def verb(a) -> str:
    """The notation verb of ``a`` (its first word)."""
    return str(a).split(" ", 1)[0]


def action_label(a, lang: str = "en") -> str:
    """A menu label for action ``a`` in ``lang`` (en/ja), from data/labels.yaml."""
    template = ACTIONS.get(verb(a))
    if template is None:
        return str(a)
    return (template.get(lang) or template["en"]).format(**_fields(a, lang))
