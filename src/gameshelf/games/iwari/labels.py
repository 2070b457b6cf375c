"""Human menu labels for Iwari actions (en/ja) from data/labels.yaml, and the display names of
terms (data/terms.yaml plus one computed name per territory of every map, e.g. "N01 (tundra)")."""

from __future__ import annotations

from gameshelf.core.data import load_yaml
from gameshelf.games.iwari.actions import Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent, Totem
from gameshelf.games.iwari.catalog import BIOMES, DATA, FEAT_INDEX, FEATS, LETTER_INDEX, MAPS

LABELS = load_yaml(DATA / "labels.yaml")


def _terms() -> dict:
    """terms.yaml plus one name per territory of every map (e.g. "N01 (tundra)")."""
    terms = dict(load_yaml(DATA / "terms.yaml"))
    for board in MAPS.values():
        for territory in board.territories:
            biome = terms[BIOMES[territory.biome].id]
            terms.setdefault(territory.id, {lang: f"{territory.id} ({name})" for lang, name in biome.items()})
    return terms


TERMS = _terms()


def term(value, lang: str) -> str:
    entry = TERMS.get(str(value))
    return entry.get(lang, entry.get("en", str(value))) if entry else str(value)


def _pay(pay: str, lang: str) -> str:
    return " + ".join(term(BIOMES[LETTER_INDEX[letter]].id, lang) for letter in pay)


def _fmt(key: str, lang: str, **args) -> str:
    entry = LABELS[key]
    return (entry.get(lang) or entry["en"]).format(**args)


def action_label(action, lang: str = "en") -> str:
    match action:
        case Exchange():
            return _fmt("exchange", lang, biome=_pay(action.biome, lang))
        case Target():
            return _fmt("target", lang, territory=term(action.territory, lang))
        case Tent():
            return _fmt("tent", lang, space=action.space, cards=_pay(action.pay, lang))
        case Totem():
            return _fmt("totem", lang, cards=_pay(action.pay, lang))
        case Done():
            return _fmt("done", lang)
        case Draw() if action.source == "deck":
            return _fmt("draw_deck", lang)
        case Draw():
            return _fmt("draw_display", lang, biome=_pay(action.source, lang))
        case PlaceFeat():
            key = "feat_territory" if FEATS[FEAT_INDEX[action.feat]].goes_on == "territory" else "feat_line"
            return _fmt(key, lang, feat=term(action.feat, lang), target=term(action.target, lang))
        case Decline():
            return _fmt("decline", lang, feat=term(action.feat, lang))
    return str(action)
