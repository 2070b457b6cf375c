"""The learn package's own sentences, in en and ja (a tutorial's and a puzzle's texts live in data)."""

from __future__ import annotations

UI: dict[str, dict[str, str]] = {
    "empty": {"en": "Type a move.", "ja": "手を入力してください。"},
    "notation": {"en": "That is not a move of this game: {message}",
                 "ja": "このゲームの手ではありません: {message}"},
    "illegal": {"en": "That move is not allowed here: {message}", "ja": "その手はここでは指せません: {message}"},
    "good": {"en": "Well played: that is the move.", "ja": "その通りです。"},
    "good_any": {"en": "Good: any legal move was fine here.", "ja": "結構です。ここではどの合法手でも構いません。"},
    "step": {"en": "Step {n} of {total}", "ja": "ステップ {n}/{total}"},
    "do": {"en": "Your move: {label}", "ja": "指す手: {label}"},
    "do_any": {"en": "Your move: any legal move.", "ja": "指す手: 合法手ならどれでも。"},
    "rule": {"en": "Rule {rule}", "ja": "ルール {rule}"},
    "prompt": {"en": "your move (number or notation, ? for help, q to quit): ",
               "ja": "手（番号か記法、? でヘルプ、q で終了）: "},
    "help": {"en": "Type the number of a menu line or a move's notation; h: a hint (the intended move); "
                   "q: quit.",
             "ja": "メニューの番号か手の記法を入力してください。h: ヒント（求められている手）、q: 終了。"},
    "hint": {"en": "Hint: {label} ({notation})", "ja": "ヒント: {label}（{notation}）"},
    "finished": {"en": "Tutorial finished.", "ja": "チュートリアル終了です。"},
    "play_now": {"en": "Play a real game against the easy bot now? [y/N] ",
                 "ja": "今から「弱い」ボットと実戦をしますか？ [y/N] "},
    "puzzle": {"en": "Puzzle {n} of {total}: find your best move.",
               "ja": "パズル {n}/{total}: あなたの最善手を見つけてください。"},
    "right": {"en": "Right: {label} is the best move.", "ja": "正解: 「{label}」が最善手です。"},
    "wrong": {"en": "Not quite: the best move is {label}.", "ja": "残念: 最善手は「{label}」です。"},
    "margin": {"en": "Margin over the next best move: {margin:.0%} of expected result.",
               "ja": "次善手との差: 期待結果で {margin:.0%}。"},
    "no_puzzles": {"en": "No puzzles for this game yet.", "ja": "このゲームのパズルはまだありません。"},
}


def ui(key: str, lang: str = "en", **args: object) -> str:
    """A sentence of :data:`UI` in ``lang`` (English when ``lang`` is not ja), filled with ``args``."""
    entry = UI[key]
    return (entry.get(lang) or entry["en"]).format(**args)
