"""The server keeps the garbage collector's pauses out of moves' answers (bench/RESULTS.md: at 1,000
seats full collections made the SQLite p99): its start-up heap frozen out of full passes, collections
spaced out, both given back at shutdown."""

from __future__ import annotations

import gc

from gameshelf.server.settings import Settings
from tests.server.conftest import Client, Server, fast_settings, play_out, two_player_table


def test_startup_heap_is_frozen_while_serving_and_released_at_shutdown(db_url):
    gc.unfreeze()
    before = gc.get_threshold()
    server = Server(fast_settings(db_url))
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 10_000, "the modules, game data and app built at start-up are frozen"
        assert gc.get_threshold() == (10_000, 20, 20), "collections spaced out while serving"
        # play a game: the server works with its heap frozen, and what it allocates stays collectable
        table_id, owner, other = two_player_table(server.http)
        clients = {0: Client(server.base, table_id, owner), 1: Client(server.base, table_id, other)}
        final = play_out(clients)
        assert final["over"]
        for client in clients.values():
            client.close()
    finally:
        server.stop()
    assert gc.get_freeze_count() == 0, "shutdown unfreezes: a later collection reclaims start-up cycles"
    assert gc.get_threshold() == before


def test_the_collectors_threshold_is_a_setting(db_url):
    before = gc.get_threshold()
    server = Server(fast_settings(db_url, gc_threshold=0))
    try:
        assert gc.get_threshold() == before, "0 keeps Python's thresholds"
    finally:
        server.stop()
    assert Settings.from_env({"GAMESHELF_GC_THRESHOLD": "5000"}).gc_threshold == 5000


def test_freezing_can_be_turned_off(db_url):
    gc.unfreeze()
    server = Server(fast_settings(db_url, gc_freeze=False, gc_threshold=0))
    try:
        assert gc.get_freeze_count() == 0
        assert server.http.get("/api/games").status_code == 200
    finally:
        server.stop()


def test_gc_freeze_setting_reads_from_the_environment():
    assert Settings().gc_freeze is True
    assert Settings.from_env({"GAMESHELF_GC_FREEZE": "0"}).gc_freeze is False
    assert Settings.from_env(Settings(gc_freeze=False).to_env()).gc_freeze is False
