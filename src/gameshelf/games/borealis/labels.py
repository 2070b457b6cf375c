"""Human menu labels for actions in English and Japanese; the texts live in data/labels.yaml."""

from __future__ import annotations

from gameshelf.games.borealis.catalog import LABELS, TERMS, ZONES

LANGS = ("en", "ja")


def term(key: str, lang: str) -> str:
    """A display name (a card, a zone) in ``lang``, falling back to English, then to the key."""
    entry = TERMS.get(key)
    return entry.get(lang, entry.get("en", key)) if entry else key


def action_label(action, lang: str = "en") -> str:
    """The label of an action for a menu: its verb's template filled with the card and location."""
    lang = lang if lang in LANGS else "en"
    verb = str(action).split(" ", 1)[0]
    template = LABELS["actions"].get(verb)
    if template is None:
        return str(action)
    card = getattr(action, "card", None)
    location = getattr(action, "loc", None)
    return template[lang].format(card=term(f"card:{card}", lang) if card is not None else "",
                                 location=term(ZONES[location], lang) if location is not None else "")
