"""The words of terminal play that are not a move: help, explain, and their texts in en and ja.

A game's renderer may provide ``legend(lang) -> list[str]`` (every symbol its board uses) and
``explanations(lang) -> dict[str, tuple[str, str]]`` (id -> (name, text) of every card, goal,
objective... from the game's data); both are optional.
"""

from __future__ import annotations

import unicodedata
from importlib import import_module
from typing import Sequence

from gameshelf.cli.screen import renderer
from gameshelf.core.game import Game

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "notation": "Moves: type a menu number, or the move's notation:",
        "examples": "Notation of some of your choices now:",
        "legend": "On the board:",
        "commands": "Commands:",
        "cmd_help": "?, help         this help",
        "cmd_hint": "hint            the normal bot's three best moves for you, with estimated values "
                    "(0 to 1; it sees only what you see)",
        "cmd_undo": "undo            take back your last move, if nothing hidden or random came out since",
        "cmd_explain": "explain NAME    the text of a card, goal or objective (explain alone: the list)",
        "cmd_pages": "m, a            next page of a long menu; all choices at once",
        "cmd_log": "log             every log line you may read so far",
        "cmd_save": "save            write the save file now (play --save FILE saves after every move)",
        "cmd_quit": "q, quit         stop (the game is saved if --save was given)",
        "explain_list": "explain NAME, one of:",
        "explain_none": "nothing to explain matches {name!r}",
        "explain_many": "{name!r} matches several: {names}",
        "no_texts": "this game has no card texts yet",
    },
    "ja": {
        "notation": "手の入力: メニューの番号、または手の記法:",
        "examples": "いまの選択肢の記法の例:",
        "legend": "盤面の記号:",
        "commands": "コマンド:",
        "cmd_help": "?, help         このヘルプ",
        "cmd_hint": "hint            通常ボットが選ぶ上位3手と推定値（0〜1。あなたに見える情報だけで計算）",
        "cmd_undo": "undo            直前の自分の手を取り消す（その後に伏せ情報や乱数が出ていなければ）",
        "cmd_explain": "explain 名前    カード・ゴール・目標の説明（explain だけで一覧）",
        "cmd_pages": "m, a            長いメニューの次のページ／全件表示",
        "cmd_log": "log             これまでに読める記録をすべて表示",
        "cmd_save": "save            今すぐセーブファイルを書く（play --save FILE なら毎手セーブ）",
        "cmd_quit": "q, quit         終了（--save 指定時は保存されます）",
        "explain_list": "explain 名前。次のいずれか:",
        "explain_none": "{name!r} に当てはまる説明はありません",
        "explain_many": "{name!r} は複数に当てはまります: {names}",
        "no_texts": "このゲームにはまだカードの説明がありません",
    },
}


def t(key: str, lang: str) -> str:
    return TEXT.get(lang, TEXT["en"])[key]


def grammar_lines(game: Game, lang: str = "en") -> list[str]:
    """The game's notation, one line per verb (empty for a game without a Grammar)."""
    from gameshelf.games import GAME_MODULES, game_package

    grammar = None
    if game.id in GAME_MODULES:
        try:
            grammar = getattr(import_module(f"{game_package(game.id)}.actions"), "GRAMMAR", None)
        except ModuleNotFoundError:
            grammar = None
    return grammar.help_lines(lang) if grammar is not None else []


def help_lines(game: Game, lang: str, legal: Sequence[object], hint: bool = True) -> list[str]:
    """Notation with examples, the board's legend, and the commands."""
    lines = [t("notation", lang)]
    lines += ["  " + line for line in grammar_lines(game, lang)]
    examples = list(dict.fromkeys(str(a) for a in legal))[:6]
    if examples:
        lines.append(t("examples", lang) + " " + ", ".join(examples))
    module = renderer(game)
    legend = module.legend(lang) if module is not None and hasattr(module, "legend") else []
    if legend:
        lines.append(t("legend", lang))
        lines += ["  " + line for line in legend]
    lines.append(t("commands", lang))
    keys = ["cmd_help", "cmd_hint", "cmd_undo", "cmd_explain", "cmd_pages", "cmd_log", "cmd_save", "cmd_quit"]
    lines += ["  " + t(k, lang) for k in keys if hint or k != "cmd_hint"]
    return lines


def explanations(game: Game, lang: str) -> dict[str, tuple[str, str]]:
    module = renderer(game)
    if module is None or not hasattr(module, "explanations"):
        return {}
    return module.explanations(lang)


def _fold(text: str) -> str:
    """Case, accents and separators folded, so "common destination" finds COMMON_DESTINATION."""
    text = unicodedata.normalize("NFKD", text.casefold()).replace("×", "x")
    return "".join(c for c in text if not c.isspace() and c not in "_-·.:'\"()（）" and not unicodedata.combining(c))


def explain(game: Game, name: str, lang: str) -> list[str]:
    """The text of ``name`` (an id or a name in either language, or a part of one), or the list."""
    entries = explanations(game, lang)
    if not entries:
        return [t("no_texts", lang)]
    if not name.strip():
        return [t("explain_list", lang), "  " + ", ".join(title for title, _ in entries.values())]
    other = explanations(game, "en" if lang == "ja" else "ja")
    wanted = _fold(name)
    keys = {key: {_fold(key), _fold(entries[key][0]), _fold(other.get(key, ("", ""))[0])} for key in entries}
    exact = [key for key, names in keys.items() if wanted in names]
    found = exact or [key for key, names in keys.items() if any(wanted and wanted in n for n in names)]
    if not found:
        return [t("explain_none", lang).format(name=name)]
    if len(found) > 1:
        return [t("explain_many", lang).format(name=name, names=", ".join(entries[k][0] for k in found))]
    title, text = entries[found[0]]
    return [f"{title}: {text}"]
