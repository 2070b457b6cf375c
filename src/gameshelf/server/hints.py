"""A seat's helpers during play, both read-only: the normal bot's hint, and whether it may take back.

``GET /api/tables/{id}/hint?state_id=N`` (the seat's bearer token): the ``normal`` bot's three best
actions for the token's own seat, with their estimated values (0 to 1), searched by
:func:`gameshelf.analysis.hints` from that seat's view only (hidden parts dealt at random, never
read from the state). Only at tables with a bot seat, only for the seat that decides now, never
for spectators nor once the game is over. The search runs in the bots' process pool, never on the
event loop; its seed derives from the seat's own secret stream and the state id, so asking twice
gives the same hint, and a hint never touches the match.

``GET /api/tables/{id}/undo?state_id=N``: whether the token's seat may take its last action back
now, and if not why (a code the page translates): the server's undo decides (the engine's
``can_undo``), this only explains it. When the game has moved on since state N (a bot was quick),
the answer is about the current state, with its state id: a page that asked never sees an error.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from gameshelf.core.chance import derive_seed
from gameshelf.server import auth
from gameshelf.server.i18n import REASONS, STATUS, ServerError
from gameshelf.server.live import LiveMatch
from gameshelf.server.store import Database
from gameshelf.server.tables import TableService

LEVEL = "normal"
COUNT = 3
CACHED = 256  # answers kept per server (a second click, a reload, a second tab cost nothing)

REASONS.update({
    "hint.not_seated": {"en": "Hints are for the table's players, not for spectators.",
                        "ja": "ヒントは卓のプレイヤー専用です。観戦者は使えません。"},
    "hint.no_bots": {"en": "Hints are offered only in games against bots.",
                     "ja": "ヒントはボットとの対局でだけ使えます。"},
    "hint.not_started": {"en": "The game has not started yet.", "ja": "ゲームはまだ始まっていません。"},
    "hint.game_over": {"en": "The game is over: there is nothing to hint.", "ja": "ゲームは終了しています。ヒントはありません。"},
    "hint.not_your_turn": {"en": "A hint is for your own decision, and it is not yours now.",
                           "ja": "ヒントは自分の手番でだけ使えます。今はあなたの手番ではありません。"},
})
STATUS.update({"hint.not_seated": 403, "hint.no_bots": 403, "hint.not_started": 409, "hint.game_over": 409,
               "hint.not_your_turn": 409})


def compute(game_id: str, view: dict, legal: list[str], seed: int, lang: str) -> list[dict[str, Any]]:
    """The hint for one decision (best first), labelled in ``lang``; runs in a pool process."""
    from gameshelf.analysis import hints
    from gameshelf.games import get_game

    game = get_game(game_id)
    actions = [game.parse_action(text) for text in legal]
    return [{**h.to_json(), "label": game.action_label(h.action, lang)}
            for h in hints(game, view, actions, k=COUNT, level=LEVEL, seed=seed)]


class Kept(OrderedDict):
    """Answers kept by key, the oldest dropped past :data:`CACHED` (one per app and kind of answer)."""

    def put(self, key: tuple, value: Any) -> None:
        self[key] = value
        while len(self) > CACHED:
            self.popitem(last=False)


def _seat(db: Database, service: TableService, token: str | None, table_id: str) -> dict[str, Any]:
    """The token's seat at the table (number, secret seed), the table's status and whether a bot
    sits at it; ServerError if the token holds no seat there."""
    with db.read() as session:
        user = auth.user_for_token(session, token)
        table = service.table_row(session, table_id)
        seats = service.seat_rows(session, table_id)
        mine = next((s for s in seats if s.user_id == user.id), None)
        if mine is None:
            raise ServerError("hint.not_seated")
        return {"seat": mine.seat, "seed": mine.bot_seed, "status": table.status,
                "bots": any(s.kind == "bot" for s in seats)}


def _live(service: TableService, table_id: str, state_id: int | None) -> LiveMatch:
    """The match at ``state_id`` (caught up with the store if another process moved it)."""
    live = service.live(table_id)
    if state_id is not None and state_id != live.state_id:
        live = service.sync(table_id)
    if state_id is not None and state_id != live.state_id:
        raise ServerError("action.stale", f"state id {state_id}; the game is at {live.state_id}")
    return live


def question(db: Database, service: TableService, token: str | None, table_id: str, state_id: int | None):
    """(game id, the seat's view, legal actions, seed, state id) for a hint, or the refusal."""
    mine = _seat(db, service, token, table_id)
    if not mine["bots"]:
        raise ServerError("hint.no_bots")
    if mine["status"] == "open":
        raise ServerError("hint.not_started")
    if mine["status"] == "over":
        raise ServerError("hint.game_over")
    seat = mine["seat"]
    _live(service, table_id, state_id)
    with service.locked(table_id) as live:
        if state_id is not None and state_id != live.state_id:  # moved on meanwhile
            raise ServerError("action.stale", f"state id {state_id}; the game is at {live.state_id}")
        if live.is_over():
            raise ServerError("hint.game_over")
        zombies = live.meta.get("zombies") or []
        if live.to_act() != seat or (seat < len(zombies) and zombies[seat]):
            raise ServerError("hint.not_your_turn")
        view = live.match.view(seat)
        legal = [str(a) for a in live.match.legal_for(seat)]
        return live.game.id, view, legal, derive_seed(mine["seed"], "hint", live.state_id), live.state_id


def undo_reason(live: LiveMatch, seat: int) -> str | None:
    """None if ``seat`` may take its last action back now (the server's undo), else why not."""
    if live.is_over():
        return "undo.game_over"
    if not any(row.seat == seat for _, row in live.effective):
        return "undo.nothing"
    _, last = live.effective[-1]
    if last.seat != seat:
        return "undo.others_acted"
    if last.by_bot:
        return "undo.bot_acted"
    if live.check_undo(seat) is not None:
        return None
    return "undo.hidden" if any(e.audience is not None or e.hidden_from for e in live.last_events()) else "undo.chance"


def undo_status(db: Database, service: TableService, token: str | None, table_id: str, state_id: int | None,
                known: Kept) -> dict[str, Any]:
    """The answer for the seat at the match's state; ``known`` keeps answers by (table, state id,
    seat): the actions are append-only, so a state id always names the same position."""
    mine = _seat(db, service, token, table_id)
    if mine["status"] == "open":
        return {"state_id": 0, "allowed": False, "reason": "undo.not_started", "step": False}
    try:
        _live(service, table_id, state_id)
    except ServerError:  # the game moved on since the page asked: the answer for where it is now
        pass  # (its state_id tells the page it is not the one asked)
    with service.locked(table_id) as live:
        key = (table_id, live.state_id, mine["seat"])
        answer = known.get(key)
        if answer is None:  # checking replays the match: once per state and seat
            reason = undo_reason(live, mine["seat"])
            answer = {"state_id": live.state_id, "allowed": reason is None, "reason": reason,
                      "step": reason is None and live.to_act() == mine["seat"]}
            known.put(key, answer)
        return answer
