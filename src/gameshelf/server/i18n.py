"""Errors a client can cause: namespaced codes, an HTTP status, and a reason in en or ja.

The reason is a translated sentence that names the rule when the engine gave one; the engine's own
message (which never names a hidden card) is sent beside it. No traceback ever reaches a client.
"""

from __future__ import annotations

import json

from typing import Any

from gameshelf.core.errors import GameError

REASONS: dict[str, dict[str, str]] = {
    "action.illegal": {"en": "That action is not allowed now.", "ja": "その行動は今は行えません。"},
    "action.not_your_turn": {"en": "It is not your decision.", "ja": "あなたの手番ではありません。"},
    "action.bad_notation": {"en": "That is not an action of this game.", "ja": "このゲームの行動ではありません。"},
    "action.stale": {"en": "The game has moved on since that state; refresh and try again.",
                     "ja": "その状態から局面が進んでいます。更新してやり直してください。"},
    "action.game_over": {"en": "The game is over.", "ja": "ゲームは終了しています。"},
    "action.not_seated": {"en": "Spectators cannot act.", "ja": "観戦者は行動できません。"},
    "undo.refused": {"en": "That action cannot be taken back.", "ja": "その行動は取り消せません。"},
    "options.invalid": {"en": "Invalid game options.", "ja": "ゲームのオプションが正しくありません。"},
    "seat.invalid": {"en": "No such seat.", "ja": "その席はありません。"},
    "seat.taken": {"en": "That seat is not free.", "ja": "その席は空いていません。"},
    "seat.already_seated": {"en": "You already have a seat at this table.", "ja": "すでにこの卓に着席しています。"},
    "seat.not_zombie": {"en": "Your seat is not played by a bot.", "ja": "あなたの席はボットが代打ちしていません。"},
    "invite.invalid": {"en": "Unknown invite code.", "ja": "招待コードが正しくありません。"},
    "table.not_found": {"en": "No such table.", "ja": "その卓はありません。"},
    "table.not_open": {"en": "The table is not open for that.", "ja": "その卓ではそれはできません。"},
    "table.not_full": {"en": "Every seat must be filled before the start.", "ja": "開始前にすべての席を埋めてください。"},
    "table.not_owner": {"en": "Only the table's creator may do that.", "ja": "卓の作成者だけが行えます。"},
    "table.no_spectators": {"en": "This table does not allow spectators.", "ja": "この卓は観戦できません。"},
    "table.not_seated": {"en": "You have no seat at this table.", "ja": "この卓に席がありません。"},
    "table.invalid": {"en": "Invalid table settings.", "ja": "卓の設定が正しくありません。"},
    "game.not_found": {"en": "No such game.", "ja": "そのゲームはありません。"},
    "user.not_found": {"en": "No such player.", "ja": "そのプレイヤーはいません。"},
    "auth.required": {"en": "Sign in (a guest token is enough).", "ja": "ログインしてください（ゲストのトークンで可）。"},
    "auth.invalid": {"en": "Unknown token.", "ja": "トークンが正しくありません。"},
    "auth.expired": {"en": "Your token has expired; sign in again.", "ja": "トークンの有効期限が切れました。再ログインしてください。"},
    "auth.bad_login": {"en": "Wrong user name or password.", "ja": "ユーザー名またはパスワードが違います。"},
    "auth.username_taken": {"en": "That user name is taken.", "ja": "そのユーザー名は使われています。"},
    "auth.already_registered": {"en": "This account already has a user name; sign in with it instead.",
                                "ja": "このアカウントにはすでにユーザー名があります。そのユーザー名でログインしてください。"},
    "auth.throttled": {"en": "Too many sign-in attempts; wait a moment and try again.",
                       "ja": "ログインの試行が多すぎます。しばらく待ってから再試行してください。"},
    "auth.origin": {"en": "This page's origin may not use your sign-in here.",
                    "ja": "このページの配信元からはあなたのログイン情報を使えません。"},
    "message.malformed": {"en": "The message is not valid JSON of the expected shape.",
                          "ja": "メッセージが正しいJSON形式ではありません。"},
    "message.too_large": {"en": "The message is too large.", "ja": "メッセージが大きすぎます。"},
    "message.unknown": {"en": "Unknown message type.", "ja": "不明なメッセージ種別です。"},
    "rate.limited": {"en": "Too many messages; slow down.", "ja": "メッセージが多すぎます。間隔をあけてください。"},
    "limit.analyses": {"en": "You already have as many analyses computing as allowed; wait for one to finish.",
                       "ja": "解析は同時に上限まで実行中です。どれかが終わるまでお待ちください。"},
    "limit.bot_tables": {"en": "You already have as many bots-only games playing as allowed; wait for one to end.",
                         "ja": "ボット同士の対局は同時に上限まで進行中です。どれかが終わるまでお待ちください。"},
    "request.invalid": {"en": "The request does not match the API.", "ja": "リクエストがAPIに合っていません。"},
    "request.not_found": {"en": "There is nothing at this address.", "ja": "このアドレスには何もありません。"},
    "request.method": {"en": "This address does not accept that method.",
                       "ja": "このアドレスはそのメソッドを受け付けません。"},
    "request.bad_character": {"en": "The request contains a character the server does not accept (such as NUL).",
                              "ja": "リクエストにサーバーが受け付けない文字（NULなど）が含まれています。"},
    "request.too_large": {"en": "The request is too large.", "ja": "リクエストが大きすぎます。"},
    "server.busy": {"en": "The server is busy; try again.", "ja": "サーバーが混み合っています。再試行してください。"},
    "server.error": {"en": "Something went wrong on the server.", "ja": "サーバーで問題が発生しました。"},
}
RULE = {"en": " (rule {rule})", "ja": "（規則 {rule}）"}
STATUS = {"table.not_found": 404, "game.not_found": 404, "user.not_found": 404, "auth.required": 401,
          "auth.invalid": 401, "auth.expired": 401, "auth.bad_login": 401, "table.not_owner": 403,
          "table.no_spectators": 403, "server.error": 500, "server.busy": 503, "request.invalid": 422,
          "request.not_found": 404, "request.method": 405, "request.bad_character": 400,
          "request.too_large": 413, "auth.already_registered": 409,
          "auth.throttled": 429, "auth.origin": 403, "limit.bot_tables": 429,
          "limit.analyses": 429}


class ServerError(Exception):
    """An error for a client: a code from :data:`REASONS`, an optional rule and detail."""

    def __init__(self, code: str, message: str = "", *, rule: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message or code)
        self.code, self.message, self.rule = code, message, rule
        self.headers = headers or {}  # HTTP headers the answer carries (Allow, Retry-After)

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 409 if self.code.startswith(("seat.", "table.", "undo.")) else 400)

    @classmethod
    def from_game(cls, exc: GameError) -> ServerError:
        return cls(exc.code, exc.message, rule=exc.rule)


def reason(code: str, lang: str = "en", rule: str | None = None) -> str:
    lang = lang if lang in ("en", "ja") else "en"
    text = REASONS.get(code, REASONS["server.error"] if code not in REASONS else {})
    sentence = text.get(lang) or text.get("en") or code
    if rule:
        sentence = sentence.rstrip("。.") + RULE[lang].format(rule=rule) + ("。" if lang == "ja" else ".")
    return sentence


def error_body(exc: ServerError, lang: str = "en", **extra: Any) -> dict[str, Any]:
    """The JSON of an error, as REST responses and WebSocket messages carry it."""
    body = {"code": exc.code, "rule": exc.rule, "reason": reason(exc.code, lang, exc.rule),
            "message": exc.message}
    body.update(extra)
    return body


def pick_lang(value: str | None) -> str:
    """``ja`` if the requested language (a code or an Accept-Language header) starts with it."""
    return "ja" if value and value.strip().lower().startswith("ja") else "en"


async def refuse_socket(ws, exc: ServerError, lang: str) -> None:
    """Tell a refused WebSocket client why (the error envelope) and close with 4000 + the HTTP status;
    a client that already hung up is told nothing, and nothing is logged."""
    from starlette.websockets import WebSocketDisconnect

    try:
        await ws.send_text(json.dumps({"type": "error", **error_body(exc, lang)}, ensure_ascii=False))
        await ws.close(code=4000 + min(exc.status, 999))
    except (WebSocketDisconnect, OSError, RuntimeError):
        pass
