"""Human menu labels for actions, in English and Japanese."""

from __future__ import annotations

from gameshelf.games.borealis.actions import (
    Discard, Done, Observe, Refresh, Regroup, RegroupTo, TakeDeck, TakePool,
)
from gameshelf.games.borealis.catalog import ZONES

_FIXED = {
    "regroup": {"en": "Regroup (replace cards, bring the camps back)", "ja": "再編成（手札の入れ替え・キャンプから戻す）"},
    "done": {"en": "Done discarding", "ja": "捨て終わる"},
    "deck": {"en": "Take the top card of the deck", "ja": "山札の一番上を取る"},
    "refresh": {"en": "Pay 1 star: refresh the pool", "ja": "1★払ってプールを入れ替える"},
}


def action_label(game, action, lang: str = "en") -> str:
    lang = lang if lang in ("en", "ja") else "en"
    term = game.term
    match action:
        case Observe(card=card, loc=loc):
            where = term(ZONES[loc], lang)
            return (f"Observe {term(f'card:{card}', lang)} at the {where} location" if lang == "en"
                    else f"{term(f'card:{card}', lang)}を{where}の場所で観察")
        case Discard(card=card):
            return f"Discard {term(f'card:{card}', lang)}" if lang == "en" else f"{term(f'card:{card}', lang)}を捨てる"
        case TakePool(card=card):
            return (f"Take {term(f'card:{card}', lang)} from the pool" if lang == "en"
                    else f"プールから{term(f'card:{card}', lang)}を取る")
        case RegroupTo(loc=loc):
            where = term(ZONES[loc], lang)
            return f"Bring the camp scientists to the {where} location" if lang == "en" else f"キャンプの科学者を{where}に集める"
        case Regroup() | Done() | TakeDeck() | Refresh():
            return _FIXED[str(action)][lang]
    return str(action)
