"""A table's record as a reader may see it: the one access rule for the record route, the replay
page and the post-game analysis.

A table without spectators is its seats' only. Until the game is over the record is redacted (the
spectator's view and log, no seed, no actions); afterwards it is whole, the seed included.
"""

from __future__ import annotations

from gameshelf.core.record import Record
from gameshelf.server.i18n import ServerError
from gameshelf.server.schemas import RecordOut
from gameshelf.server.store import User
from gameshelf.server.tables import TableService


def table_record(service: TableService, table_id: str, viewer: User | None, lang: str) -> RecordOut:
    """The record of ``table_id`` for ``viewer`` (None: an anonymous reader), log sentences in ``lang``."""
    with service.db.read() as session:
        table = service.table_row(session, table_id)
        seated = viewer is not None and service.seat_of(session, table_id, viewer) is not None
        names = service.seat_names(session, service.seat_rows(session, table_id))
    if not table.spectators and not seated:
        raise ServerError("table.no_spectators")
    base = dict(game=table.game, rules_version=table.rules_version, players=table.players,
                options=table.options, seats=names, state_id=table.state_id)
    if table.status == "open":
        return RecordOut(redacted=True, **base)
    if table.status != "over":
        if service.live(table_id).state_id < table.state_id:  # another process moved it
            service.sync(table_id)
        with service.locked(table_id) as live:  # the state id, the view and the log of one state
            base["state_id"] = live.state_id
            return RecordOut(redacted=True, view=live.match.view(None), log=live.log(None, lang)[1], **base)
    with service.locked(table_id) as live:
        actions = live.effective_actions() if live.state_id == table.state_id else None
    if actions is None:
        actions = service.sync(table_id).effective_actions()
    record = Record(game=table.game, rules_version=table.rules_version, players=table.players,
                    options=dict(table.options), seed=table.seed, seats=names, actions=actions,
                    final_hash=table.final_hash)
    return RecordOut(redacted=False, seed=table.seed, actions=actions, final_hash=table.final_hash,
                     outcome=table.outcome, record=record.to_json(), **base)

