"""No game can stall another: every call into the games and the store runs off the event loop,
and a request on one game stays quick while a long game with live seats is played beside it."""

from __future__ import annotations

import asyncio
import functools
import http.client
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipResponder
from starlette.testclient import TestClient
from webgame import PREPARE_BRIDGE, LiveServer, create
from webload import END_PHASE, endless_demo, stored
from websockets.sync.client import connect

from kriegsspiel.web import create_app

HOST_WORK = (
    "table", "log", "svg", "digest", "version", "preview", "submit", "act", "approve", "undo",
    "create", "seat", "message", "plan", "revealed", "reveal",
)  # fmt: skip
STORE_WORK = ("append", "load", "seat_of", "create", "tokens", "game_ids", "revealed", "reveal")


def _on_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _probe(owner: object, names: tuple[str, ...], calls: list[tuple[str, bool]]) -> None:
    """Record, for each call of owner's `names`, whether it ran on an event loop."""
    for name in names:
        work: Callable[..., Any] = getattr(owner, name)

        @functools.wraps(work)
        def probed(*args: Any, _work: Callable[..., Any] = work, _name: str = name,
                   **kwargs: Any) -> Any:  # fmt: skip
            calls.append((_name, _on_loop()))
            return _work(*args, **kwargs)

        setattr(owner, name, probed)


def test_no_game_work_and_no_database_call_runs_on_the_event_loop(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db")
    calls: list[tuple[str, bool]] = []
    _probe(app.state.host, HOST_WORK, calls)
    _probe(app.state.host.store, STORE_WORK, calls)
    with TestClient(app) as client:
        table = create(client)
        with client.websocket_connect(f"/api/seats/{table.tokens['us']}/live") as ws:
            ws.receive_json()
            table.post("german", "/preview", {"action": PREPARE_BRIDGE})
            table.act("german", PREPARE_BRIDGE)
            ws.receive_json()
            table.post("umpire", "/undo", {})
            ws.receive_json()
            table.post("umpire", "/reveal", {})
            ws.receive_json()
        for path in ("", "/log?since=1", "/table.svg"):
            assert table.get("us", path).status_code == 200
        assert client.get(f"/play/{table.tokens['us']}").status_code == 200
    names = {name for name, _ in calls}
    expected = {"table", "log", "svg", "version", "preview", "submit", "undo", "append", "create"}
    expected |= {"revealed", "reveal"}
    assert expected <= names
    assert [name for name, on_loop in calls if on_loop] == []


def test_answers_are_compressed_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every gzip chunk is packed in a worker thread: a whole answer (a table, the board) and
    each chunk of a streamed one (a static file)."""
    packed: list[tuple[str, bool]] = []
    work = GZipResponder._compress_body

    def probed(self: GZipResponder, body: bytes, more_body: bool) -> bytes:
        packed.append(("gzip", _on_loop()))
        return work(self, body, more_body)

    monkeypatch.setattr(GZipResponder, "_compress_body", probed)
    with TestClient(create_app(tmp_path / "games.db")) as client:
        table = create(client)
        token = table.tokens["umpire"]
        for path in (f"/api/seats/{token}", f"/api/seats/{token}/table.svg", "/static/seat.js"):
            before = len(packed)
            answer = client.get(path, headers={"accept-encoding": "gzip"})
            assert (answer.status_code, answer.headers["content-encoding"]) == (200, "gzip"), path
            assert len(packed) > before, path
    assert [on_loop for _, on_loop in packed] == [False] * len(packed)


def _connection(url: str) -> http.client.HTTPConnection:
    host, port = url.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port))


def _median_get(url: str, count: int) -> float:
    conn = _connection(url)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        conn.request("GET", "/api/scenarios")
        assert conn.getresponse().read()
        times.append(time.perf_counter() - start)
        time.sleep(0.005)
    conn.close()
    return statistics.median(times)


@pytest.fixture(scope="module")
def long_game_app(tmp_path_factory: pytest.TempPathFactory) -> tuple[Starlette, dict[str, str]]:
    app = create_app(tmp_path_factory.mktemp("long") / "games.db")
    return app, stored(app, endless_demo(10_000))


def test_a_get_stays_quick_while_a_long_game_with_live_seats_is_played(
    long_game_app: tuple[Starlette, dict[str, str]],
) -> None:
    """A 10k-entry game, four live seats whose pages fetch what is new on each notice, and a
    player acting as fast as answered: a request elsewhere waits only its turn for the
    interpreter (a generous bound: a game folded or committed on the loop costs 100× and more)."""
    app, tokens = long_game_app
    with LiveServer(app) as server:
        _median_get(server.url, 5)  # warm
        alone = _median_get(server.url, 40)
        stop = threading.Event()
        ws_url = server.url.replace("http", "ws", 1)

        def page(token: str) -> None:
            with connect(f"{ws_url}/api/seats/{token}/live") as ws:
                held = 0
                conn = _connection(server.url)
                while not stop.is_set():
                    try:
                        ws.recv(timeout=0.1)
                    except TimeoutError:
                        continue
                    conn.request("GET", f"/api/seats/{token}/log?since={held}")
                    held += conn.getresponse().read().count(b'"n":')
                    conn.request("GET", f"/api/seats/{token}")
                    conn.getresponse().read()

        def player() -> None:
            conn = _connection(server.url)
            turn = 0
            while not stop.is_set():
                seat = ("german", "us")[turn % 2]
                conn.request("POST", f"/api/seats/{tokens[seat]}/act",
                             body=f'{{"action": {END_PHASE}}}'.replace("'", '"'),
                             headers={"content-type": "application/json"})  # fmt: skip
                answer = conn.getresponse()
                assert answer.read()
                assert answer.status == 200
                turn += 1

        threads = [threading.Thread(target=page, args=(tokens[s],)) for s in tokens]
        threads.append(threading.Thread(target=player))
        for thread in threads:
            thread.start()
        try:
            time.sleep(0.5)
            loaded = _median_get(server.url, 40)
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
    print(f"alone {alone * 1e3:.2f} ms, loaded {loaded * 1e3:.2f} ms")
    assert loaded < 30 * alone + 0.010, (alone, loaded)
