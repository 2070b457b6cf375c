"""Human menu labels (en/ja) for Midnight Zoo actions."""

from __future__ import annotations

from .actions import At, Bonus, Cards, Discover, Done, Effect, Go, Pick, Stop, Take, Use

DIR = {"en": {"N": "north", "E": "east", "S": "south", "W": "west"},
       "ja": {"N": "北", "E": "東", "S": "南", "W": "西"}}
VERB = {"en": {"place": "Place {t} in your district", "store": "Store {t}",
               "discard": "Discard {t} (special move)"},
        "ja": {"place": "{t}を地区に配置", "store": "{t}を倉庫へ", "discard": "{t}を捨てる(特殊移動)"}}


def action_label(game, a, lang: str = "en") -> str:
    ja = lang == "ja"
    term = lambda x: game.term(x, lang)  # noqa: E731
    match a:
        case Take(pos):
            return f"マーケット{pos + 1}番のタイルを取る" if ja else f"Take market tile {pos + 1}"
        case Use(verb, tile):
            return VERB["ja" if ja else "en"][verb].format(t=tile)
        case At():
            return f"マス {str(a)[3:]}" if ja else f"Space {str(a)[3:]}"
        case Effect("skip"):
            return "残りの効果を使わない" if ja else "Skip the remaining effects"
        case Effect("tile", what):
            return f"タイル効果: {term(what)}" if ja else f"Tile effect: {term(what)}"
        case Effect("space", what):
            extra = f": {term(what)}" if what else ""
            return f"マス効果{extra}" if ja else f"Space effect{extra}"
        case Discover(spot):
            return f"{spot}の動物を発見" if ja else f"Discover the animal at {spot}"
        case Bonus(terrain):
            return f"{term(terrain)}のボーナスタイル" if ja else f"Bonus tile: {term(terrain)}"
        case Pick(spot):
            return f"{spot}の動物を動かす" if ja else f"Move the animal from {spot}"
        case Go("go", d):
            return f"{DIR['ja'][d]}へ" if ja else f"Go {DIR['en'][d]}"
        case Go("turn", d):
            side = ("左" if d == "L" else "右") if ja else ("left" if d == "L" else "right")
            return f"{side}を向く" if ja else f"Turn {side}"
        case Go("face", d):
            return f"{DIR['ja'][d]}を向く" if ja else f"Face {DIR['en'][d]}"
        case Go("wake"):
            return "起きる" if ja else "Wake up"
        case Stop():
            return "やめる" if ja else "Stop"
        case Done():
            return "配置フェーズを終える" if ja else "Finish tile placement"
        case Cards(letters):
            return f"変動カード {letters}" if ja else f"Variability cards {letters}"
    return str(a)
