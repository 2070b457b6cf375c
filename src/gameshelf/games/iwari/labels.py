"""Human menu labels for Iwari actions (en/ja), from data/labels.yaml."""

from __future__ import annotations

from gameshelf.core.data import load_yaml
from gameshelf.games.iwari.actions import Decline, Done, Draw, Exchange, PlaceFeat, Target, Tent, Totem
from gameshelf.games.iwari.catalog import BIOMES, DATA, FEAT_INDEX, FEATS, LETTER_INDEX

LABELS = load_yaml(DATA / "labels.yaml")


def _pay(game, pay: str, lang: str) -> str:
    return " + ".join(game.term(BIOMES[LETTER_INDEX[ch]].id, lang) for ch in pay)


def action_label(game, a, lang: str = "en") -> str:
    def fmt(key: str, **args) -> str:
        entry = LABELS[key]
        return (entry.get(lang) or entry["en"]).format(**args)

    match a:
        case Exchange():
            return fmt("exchange", biome=_pay(game, a.biome, lang))
        case Target():
            return fmt("target", territory=game.term(a.territory, lang))
        case Tent():
            return fmt("tent", space=a.space, cards=_pay(game, a.pay, lang))
        case Totem():
            return fmt("totem", cards=_pay(game, a.pay, lang))
        case Done():
            return fmt("done")
        case Draw():
            if a.source == "deck":
                return fmt("draw_deck")
            return fmt("draw_display", biome=_pay(game, a.source, lang))
        case PlaceFeat():
            key = "feat_territory" if FEATS[FEAT_INDEX[a.feat]].goes_on == "territory" else "feat_line"
            return fmt(key, feat=game.term(a.feat, lang), target=game.term(a.target, lang))
        case Decline():
            return fmt("decline", feat=game.term(a.feat, lang))
    return str(a)
