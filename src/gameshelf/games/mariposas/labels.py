"""Human menu labels for actions, in English and Japanese."""

from __future__ import annotations

from gameshelf.games.mariposas.actions import (
    ANY, BOTH, CARD_KINDS, Adjacent, Bonus32, Exchange, FreeHatch, Fly, Hatch, Pay, Pick, Play, Reuse,
    Segment, Step, Stop, TakeCard,
)
from gameshelf.games.mariposas.catalog import CAT

GEN_JA = "世代"


def _about(sp: int, t, ja: bool) -> str:
    """What a space shows: region colour, flowers, milkweed (for step menus)."""
    bits = []
    if CAT.flower[sp] >= 0:
        where = f"{t(CAT.color[sp])}のマス" if ja else f"{t(CAT.color[sp])} space"
        bits.append(f"{where}, {t(CAT.flower_types[CAT.flower[sp]])}×{CAT.nflowers[sp]}")
    if CAT.milkweed[sp]:
        bits.append("ミルクウィード" if ja else "milkweed")
    return f" ({', '.join(bits)})" if bits else ""


def label(game, a, lang: str = "en") -> str:
    t = lambda x: game.term(x, lang)  # noqa: E731
    ja = lang == "ja"
    match a:
        case Play(card=c, add1=a1, add2=a2):
            extra = [t("bonus_add_1")] * a1 + [t("bonus_add_2")] * a2
            base = (f"{t(CAT.action_ids[c])}をプレイ" if ja else f"Play {t(CAT.action_ids[c])}")
            return base + (f" + {', '.join(extra)}" if extra else "")
        case Reuse(card=c):
            return f"{t(CAT.action_ids[c])}を再利用" if ja else f"Reuse {t(CAT.action_ids[c])}"
        case Segment(length=n, plus2=p2):
            if ja:
                return f"{n}移動" + ("（+2）" if p2 else "")
            return f"Move {n} step(s)" + (" enlarged by +2" if p2 else "")
        case Stop():
            return "残りの移動をやめる" if ja else "Decline the remaining segments"
        case Fly(slot=s):
            g = CAT.slot_gen[s]
            return f"第{g}{GEN_JA}の蝶 #{s}" if ja else f"Butterfly #{s} (generation {g})"
        case Step(space=sp):
            return f"{t(CAT.space_ids[sp])}{_about(sp, t, ja)}へ" if ja else f"Step to {t(CAT.space_ids[sp])}{_about(sp, t, ja)}"
        case Pick(flower=f):
            return f"{t(CAT.flower_types[f])}を取る" if ja else f"Take {t(CAT.flower_types[f])}"
        case TakeCard(kind=k):
            return f"{t(CARD_KINDS[k])}を取る" if ja else f"Take {t(CARD_KINDS[k])}"
        case Adjacent(space=sp):
            if sp < 0:
                return "隣接の花を取らない" if ja else "No adjacent flowers"
            return f"{t(CAT.space_ids[sp])}の花を取る" if ja else f"Collect from adjacent {t(CAT.space_ids[sp])}"
        case Hatch(mode=m):
            if m < 0:
                return "孵化しない" if ja else "Do not hatch"
            if m == ANY:
                return "任意の花で孵化" if ja else "Hatch paying any mix"
            return f"{t(CAT.flower_types[m])}で孵化" if ja else f"Hatch paying {t(CAT.flower_types[m])}"
        case Pay(flower=f):
            return f"{t(CAT.flower_types[f])}を1つ支払う" if ja else f"Pay 1 {t(CAT.flower_types[f])}"
        case Bonus32(use=u):
            return ("移動3+移動2を使う" if u else "使わない") if ja else ("Use move 3 + move 2" if u else "Do not use it")
        case Exchange(which=w):
            if w < 0:
                return "手札を保持" if ja else "Keep the hand"
            if w == BOTH:
                return "両方を交換" if ja else "Exchange both cards"
            return f"{t(CAT.action_ids[w])}を交換" if ja else f"Exchange {t(CAT.action_ids[w])}"
        case FreeHatch(space=sp):
            if sp < 0:
                return "無料孵化をしない" if ja else "No free hatch"
            return f"{t(CAT.space_ids[sp])}で無料孵化" if ja else f"Free hatch on {t(CAT.space_ids[sp])}"
    return str(a)
