"""Two `kriegsspiel serve` processes on one database: on SQLite the second is refused, naming the
database and the first one's pid; on PostgreSQL they share the games, an action in one wakes a
seat's socket on the other, and two clients racing through the two lose nothing and double
nothing."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from backends import Cluster, free_port
from webgame import PREPARE_BRIDGE
from websockets.sync.client import connect

from kriegsspiel.cli import EXIT_ERROR
from kriegsspiel.errors import InputError
from kriegsspiel.store.serverlock import ServerLock, lock_path
from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app
from kriegsspiel.web.client import RemoteError

pytest_plugins = ["storefixtures"]  # postgres: the tests' own PostgreSQL server

STARTED = "API: "  # the last line `serve` prints once it is listening
COMMAND = "from kriegsspiel.cli import main; main()"  # `kriegsspiel` as installed or not
MESSAGES = 15  # each client's, in the race


class Served:
    """A `kriegsspiel serve --open` process on a free port."""

    def __init__(self, db: str | Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-c", COMMAND, "serve", "--db", str(db), "--open"]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.out: queue.Queue[str] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.out.put(line)

    def wait_started(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            try:
                line = self.out.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"serve did not start: {self.stop()}") from None
                continue
            if line.startswith(STARTED):
                break
        while time.monotonic() < deadline:  # the line is printed just before uvicorn listens
            try:
                remote.request(f"{self.url}/api/scenarios")
                return
            except RemoteError:
                time.sleep(0.05)
        raise AssertionError("serve does not answer")

    def stop(self) -> str:
        """Stop it (as Ctrl+C does); what it wrote on stderr."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return str(err)


@contextmanager
def served(db: str | Path) -> Iterator[Served]:
    server = Served(db)
    try:
        server.wait_started()
        yield server
    finally:
        server.stop()


def test_a_second_server_on_one_sqlite_database_is_refused_naming_it_and_the_first(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    with served(db) as first:
        second = Served(db)
        assert second.process.wait(timeout=60) == EXIT_ERROR
        assert second.stop() == (
            f"error: {db}: another server (pid {first.process.pid}) is serving this database; "
            "stop it, or share games between servers on PostgreSQL (--db postgresql://...)\n"
        )
        remote.request(f"{first.url}/api/scenarios")  # the first serves on
        first.process.kill()  # however it ends, the system lets its lock go
        first.process.wait(timeout=20)
    with served(db) as again:
        assert remote.request(f"{again.url}/api/scenarios")


def test_the_lock_holds_its_owners_pid_and_refuses_a_second_holder_in_the_same_process(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    lock = ServerLock(db)
    assert lock_path(db).read_text() == f"{os.getpid()}\n"
    with pytest.raises(
        InputError, match=rf"^{re.escape(str(db))}: another server \(pid {os.getpid()}\)"
    ):
        create_app(db)
    assert not db.exists()  # refused before the database was opened
    lock.release()
    assert lock_path(db).read_text() == ""
    create_app(db).state.lock.release()


@pytest.fixture(scope="module")
def pair(postgres: Cluster) -> Iterator[tuple[Served, Served]]:
    """Two servers on one PostgreSQL database, started at once (each test plays a game of its
    own on them)."""
    db = postgres.new_database()
    first, second = Served(db), Served(db)
    try:
        first.wait_started()
        second.wait_started()
        yield first, second
    finally:
        first.stop()
        second.stop()


def _tokens(game: dict[str, Any]) -> dict[str, str]:
    return {s["seat"]: s["token"] for s in game["seats"]}


def test_two_servers_on_one_postgres_database_share_games_and_live_notices(
    pair: tuple[Served, Served],
) -> None:
    first, second = pair
    tokens = _tokens(remote.create_game(first.url, "demo"))
    live = f"{second.url.replace('http', 'ws', 1)}/api/seats/{tokens['umpire']}/live"
    with connect(live) as ws:
        assert ws.recv(timeout=10) == '{"type":"changed","version":1}'
        remote.act(f"{first.url}/play/{tokens['german']}", PREPARE_BRIDGE)
        # the second server did not make the change: the store's notice woke its socket
        assert ws.recv(timeout=10) == '{"type":"changed","version":2}'
    on_second = remote.log(f"{second.url}/play/{tokens['umpire']}")
    assert [e["kind"] for e in on_second] == ["action"]
    assert on_second == remote.log(f"{first.url}/play/{tokens['umpire']}")


def test_clients_racing_through_two_servers_lose_nothing_and_double_nothing(
    pair: tuple[Served, Served],
) -> None:
    first, second = pair
    tokens = _tokens(remote.create_game(first.url, "demo"))
    start = threading.Barrier(2)

    def send(server: Served, seat: str) -> list[int]:
        start.wait()
        seqs = []
        for i in range(MESSAGES):
            url = f"{server.url}/api/seats/{tokens[seat]}/message"
            (entry,) = remote.request(url, {"text": f"{seat} {i}", "to": "everyone"})["entries"]
            seqs.append(entry["n"])
        return seqs

    with ThreadPoolExecutor(2) as pool:
        german = pool.submit(send, first, "german")
        us = pool.submit(send, second, "us")
        answered = german.result() + us.result()
    total = 2 * MESSAGES
    assert sorted(answered) == list(range(1, total + 1))  # each answer an entry of its own
    for server in pair:
        log = remote.log(f"{server.url}/play/{tokens['umpire']}")
        sent = [f"{seat} {i}" for seat in ("german", "us") for i in range(MESSAGES)]
        assert sorted(e["action"]["text"] for e in log) == sorted(sent)
        assert [e["n"] for e in log] == list(range(1, total + 1))


def test_one_action_sent_through_both_servers_at_once_is_recorded_once(
    pair: tuple[Served, Served],
) -> None:
    tokens = _tokens(remote.create_game(pair[0].url, "demo"))
    start = threading.Barrier(2)

    def act(server: Served) -> str:
        start.wait()
        try:
            remote.act(f"{server.url}/play/{tokens['german']}", PREPARE_BRIDGE)
        except RemoteError as exc:
            return str(exc)
        return "recorded"

    with ThreadPoolExecutor(2) as pool:
        outcomes = sorted(pool.map(act, pair))
    assert outcomes[1] == "recorded"
    assert outcomes[0].startswith("ENG-ACT-09: Pioniere 1's engineering action awaits")
    for server in pair:
        log = remote.log(f"{server.url}/play/{tokens['umpire']}")
        assert [e["kind"] for e in log] == ["action"]
