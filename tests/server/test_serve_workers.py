"""``gameshelf serve --workers K``: no server process outlives its parent. A SIGKILL of the command
or of uvicorn's main process (which nobody can catch) leaves no worker serving on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.server.conftest import free_port, start_process


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; only its parent has not read its status


def wait_gone(pids: list[int], seconds: float = 30) -> list[int]:
    deadline = time.time() + seconds
    while time.time() < deadline and any(alive(p) for p in pids):
        time.sleep(0.2)
    return [p for p in pids if alive(p)]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("killed", ["command", "uvicorn"])
def test_killing_the_serve_command_or_uvicorns_main_process_stops_every_worker(tmp_path, killed):
    proc = start_process(f"sqlite:///{tmp_path / 'gameshelf.db'}", free_port(), "--workers", "2",
                         "--broker", "redis://127.0.0.1:6379/0")
    try:
        (server,) = children(proc.pid)
        deadline = time.time() + 30
        workers: list[int] = []
        while len(workers) < 2 and time.time() < deadline:  # uvicorn's two workers (and its resource tracker)
            workers = children(server)
            time.sleep(0.1)
        assert len(workers) >= 2
        os.kill(proc.pid if killed == "command" else server, signal.SIGKILL)
        assert wait_gone([server, *workers] if killed == "command" else workers) == []
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(30)
        proc.stdout.close()


def test_a_server_process_whose_parent_died_before_it_followed_stops_at_once():
    """A worker still starting when uvicorn's main process is killed is given another parent before
    it starts watching: it follows the pid its parent named, so it stops (SIGTERM) instead of
    serving on under its new parent."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    code = ("import time\nfrom gameshelf.cli.serve_cmd import follow_parent\nfollow_parent()\n"
            "time.sleep(120)\n")
    env = {**os.environ, "GAMESHELF_SERVE_CHILD": "1", "GAMESHELF_SERVE_PARENT": str(gone.pid),
           "PYTHONPATH": os.pathsep.join(sys.path)}
    follower = subprocess.Popen([sys.executable, "-c", code], env=env)
    try:
        assert follower.wait(60) == -signal.SIGTERM
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.wait()
