"""Ending and replaying: a player resigns (``POST /api/tables/{id}/resign``); once a game is over,
``POST /api/tables/{id}/rematch`` creates a new table with the same game, options and time control,
the same players with every seat moved one place on (seat k sits at k+1, the last at 0), and invites
them; asking again (the other players' Rematch button) joins the same rematch instead of a second.
The rematch starts by itself once every invited player has joined.
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from gameshelf.server.auth import now
from gameshelf.server.i18n import REASONS, STATUS, ServerError
from gameshelf.server.store import Seat, Table, User

REASONS.update({
    "rematch.not_over": {"en": "A rematch can be asked for once the game is over.",
                         "ja": "再戦はゲームの終了後に申し込めます。"},
})
STATUS.update({"rematch.not_over": 409})


def rematch(service, user: User, table_id: str) -> tuple[str, bool, list[str]]:
    """(The rematch's table id, whether this call created it, the user ids to invite)."""
    with service.db.transaction() as session:
        old = service.table_row(session, table_id, lock=True)
        seats = service.seat_rows(session, table_id)
        if not any(s.user_id == user.id for s in seats):
            raise ServerError("table.not_seated")
        if old.status != "over":
            raise ServerError("rematch.not_over")
        if old.rematch_id:
            return old.rematch_id, False, []
        table = Table(id=uuid.uuid4().hex[:12], game=old.game, players=old.players, options=dict(old.options),
                      seed=secrets.randbits(62), rules_version=old.rules_version, status="open", mode=old.mode,
                      turn_hours=old.turn_hours, base_seconds=old.base_seconds,
                      increment_seconds=old.increment_seconds, rated=old.rated, spectators=old.spectators,
                      zombie_level=old.zombie_level, owner_id=user.id, state_id=0, created_at=now(),
                      absent_policy=old.absent_policy, spectator_chat=old.spectator_chat, rematch_of=old.id)
        session.add(table)
        session.flush()
        invited = []
        for seat in seats:
            number = (seat.seat + 1) % old.players
            if seat.kind == "bot":
                kind, user_id = "bot", None
            elif seat.user_id == user.id:
                kind, user_id = "human", user.id
            else:
                kind, user_id = "invited", seat.user_id
                invited.append(seat.user_id)
            session.add(Seat(table_id=table.id, seat=number, kind=kind, user_id=user_id,
                             level=seat.level if kind == "bot" else None,
                             invite_code=secrets.token_urlsafe(9) if kind == "invited" else None,
                             bot_seed=secrets.randbits(62), zombie=False))
        old.rematch_id = table.id
        return table.id, True, invited


def accept(service, user: User, table_id: str) -> bool:
    """Take this user's reserved seat at the rematch if it is still waiting; True once every seat is
    taken (then the rematch starts)."""
    with service.db.read() as session:
        table = session.get(Table, table_id)
        seats = service.seat_rows(session, table_id)
        waiting = table.status == "open" and any(s.kind == "invited" and s.user_id == user.id for s in seats)
    if waiting:
        from gameshelf.server.schemas import JoinIn

        service.join(user, table_id, JoinIn())
    with service.db.read() as session:
        table = session.get(Table, table_id)
        full = all(s.kind in ("human", "bot") for s in service.seat_rows(session, table_id))
        owner = session.get(User, table.owner_id)
        status = table.status
    if status == "open" and full:
        try:
            service.start(owner, table_id)
        except ServerError as exc:
            if exc.code != "table.not_open":  # another request started it first
                raise
        return True
    return False


def invitation(service, table_id: str, from_table: str, user: User) -> dict[str, Any]:
    with service.db.read() as session:
        table = session.get(Table, table_id)
        return {"table": table_id, "from_table": from_table, "game": table.game, "from": user.name,
                "from_id": user.id}
