"""`kill -9` of a serving process, again and again: no acknowledged action is ever lost.

A real `kriegsspiel serve` runs in a subprocess on a fresh database; a client streams actions to
it (the umpire's `set-status`, each with a note naming it) while the test kills the server with
SIGKILL at seeded random moments, restarts it on the same database and looks: every action the
server acknowledged (answered 200) is in the log, in order; an action whose answer never came is
either there whole or not at all; the database passes `PRAGMA integrity_check` and every game
loads. About 20 s.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kriegsspiel.store.sqlite import SqliteStore

KILLS = 12
STARTUP = 30.0  # seconds a restart may take before the test gives up


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _request(url: str, body: Any = None, timeout: float = 5.0) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Origin": url.split("/api/")[0]}
    request = urllib.request.Request(url, data, headers, method="GET" if data is None else "POST")
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read())


@contextmanager
def _server(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """`kriegsspiel serve` on `db`, answering; killed with SIGKILL when the block ends."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-c", "from kriegsspiel.cli import main; main()", "serve"]
    process = subprocess.Popen(
        [*command, "--db", str(db), "--port", str(port), "--open"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + STARTUP
        while True:
            try:
                _request(f"http://127.0.0.1:{port}/api/scenarios", timeout=1.0)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if process.poll() is not None or time.monotonic() > deadline:
                    err = process.stderr.read().decode() if process.stderr else ""
                    raise AssertionError(f"the server did not start: {err}") from None
                time.sleep(0.05)
        yield process
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        if process.stderr:
            process.stderr.close()


@dataclass
class Stream:
    """Actions sent to one game: those answered 200, and the one in flight when it died."""

    url: str
    umpire: str
    acknowledged: list[str] = field(default_factory=list)
    unanswered: list[str] = field(default_factory=list)


def _stream(streams: list[Stream], count: list[int], stop: threading.Event) -> None:
    """Act on each game in turn until the server stops answering."""
    while not stop.is_set():
        for stream in streams:
            note = f"act {count[0]}"
            count[0] += 1
            action = {"action": "set-status", "unit": "pioneer-1", "status": "ok", "note": note}
            try:
                _request(f"{stream.url}/api/seats/{stream.umpire}/act", {"action": action})
            except (OSError, http.client.HTTPException):  # URLError, a reset, a cut answer
                stream.unanswered.append(note)
                return
            stream.acknowledged.append(note)


def _notes(stream: Stream) -> list[str]:
    log = _request(f"{stream.url}/api/seats/{stream.umpire}/log")["log"]
    return [entry["action"]["note"] for entry in log]


def test_no_acknowledged_action_is_lost_to_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    chance = random.Random(1944)
    streams: list[Stream] = []
    count = [0]
    kills = 0
    for _ in range(KILLS):
        with _server(db, port) as process:
            for stream in streams:  # after each restart: nothing acknowledged is missing
                notes = _notes(stream)
                answered = set(stream.acknowledged)
                missing = [n for n in stream.acknowledged if n not in notes]
                assert missing == []
                extra = [n for n in notes if n not in answered]
                assert set(extra) <= set(stream.unanswered)  # a lost answer, its action whole
                assert notes == sorted(notes, key=lambda n: int(n.split()[1]))
                stream.acknowledged = notes  # what stands from now on
            created = _request(f"{url}/api/games", {"scenario": "demo"})
            umpire = next(s["token"] for s in created["seats"] if s["seat"] == "umpire")
            streams.append(Stream(url, umpire))
            stop = threading.Event()
            client = threading.Thread(target=_stream, args=(streams, count, stop))
            client.start()
            time.sleep(chance.uniform(0.05, 0.4))
            os.kill(process.pid, signal.SIGKILL)
            kills += 1
            client.join(timeout=30)
            stop.set()
            assert not client.is_alive()

    acknowledged = sum(len(s.acknowledged) for s in streams)
    with _server(db, port):
        lost = sum(
            len(set(s.acknowledged) - set(_notes(s))) for s in streams
        )  # the last round's too
    print(f"\ncrash test: {kills} kills, {acknowledged} actions acknowledged, {lost} lost")
    assert kills >= 10
    assert acknowledged > 2 * kills  # the kills came while actions were being recorded
    assert lost == 0
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    store = SqliteStore(db)
    try:
        games = store.game_ids()
        assert len(games) == KILLS
        for game_id in games:
            store.load(game_id)  # every game loads, its log replayed
    finally:
        store.close()
