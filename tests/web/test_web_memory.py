"""Games in memory (web/host.py): at most `Limits.games` are kept, the least recently used idle
one is dropped, and a dropped game is loaded again from the store when next used, answering,
notifying and playing its bots as before."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from webgame import PREPARE_BRIDGE, Table, create

from kriegsspiel.web import create_app
from kriegsspiel.web.guards import Limits
from kriegsspiel.web.host import Host
from kriegsspiel.web.live import changed

N = 4  # games in memory in these tests
WAIT = 30.0  # seconds at most for a bot's move


def _app(tmp_path: Path, games: int = N) -> Starlette:
    return create_app(tmp_path / "games.db", limits=Limits(creation=None, games=games))


def _host(app: Starlette) -> Host:
    host: Host = app.state.host
    return host


def _counting_loads(host: Host, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    loads: list[str] = []
    load = host.store.load

    def counted(game_id: str) -> Any:
        loads.append(game_id)
        return load(game_id)

    monkeypatch.setattr(host.store, "load", counted)
    return loads


def _until(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_n_plus_5_games_keep_n_in_memory_and_every_one_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _app(tmp_path)
    host = _host(app)
    loads = _counting_loads(host, monkeypatch)
    with TestClient(app) as client:
        tables: list[Table] = []
        for _ in range(N + 5):
            tables.append(create(client, seed="memory"))
            tables[-1].act("german", PREPARE_BRIDGE)
            assert len(host.in_memory()) <= N
        assert host.in_memory() == [t.game for t in tables[-N:]]
        assert set(host._locks) == set(host.in_memory())  # a dropped game's lock goes too
        assert loads == []  # the newest N were never dropped
        for table in tables:  # the first five come back from the store
            assert [e["seat"] for e in table.log("umpire")] == ["german"]
            assert table.table("us")["to_act"] == ["us"]
            assert len(host.in_memory()) <= N
        assert loads[:5] == [t.game for t in tables[:5]]
        for table in tables:  # and play on where they stood, each as the store has it
            us = table.table("us")
            hold = next(a for a in us["actions"] if a["action"] in ("pass", "hold-fire"))
            table.act("us", hold)
            stored = host.store.load(table.game)
            assert table.table("us")["view"] == stored.view("us")
            assert len(table.log("umpire")) == 2
            assert len(host.in_memory()) <= N


def test_a_game_in_use_is_never_dropped(tmp_path: Path) -> None:
    app = _app(tmp_path, games=2)
    host = _host(app)
    with TestClient(app) as client:
        tables = [create(client) for _ in range(4)]
        held = tables[0]
        with host.locked(held.game) as game:  # held by this thread while others are used
            for table in tables[1:]:
                table.act("german", PREPARE_BRIDGE)
                assert held.game in host.in_memory()
            assert host.in_memory() == [held.game, tables[-1].game]
        assert host.game(held.game) is game  # the same game: never reloaded


def test_a_game_a_thread_waits_for_is_not_dropped(tmp_path: Path) -> None:
    app = _app(tmp_path, games=1)
    host = _host(app)
    with TestClient(app) as client:
        first, second = create(client), create(client)
        first.table("umpire")  # loaded again: the first is in memory, the second dropped
        answers: list[dict[str, Any]] = []
        with host.locked(first.game):
            waiter = threading.Thread(target=lambda: answers.append(first.table("us")))
            waiter.start()
            _until(lambda: host._busy.get(first.game) == 2)  # the waiter has asked for it
        waiter.join(timeout=WAIT)
        assert answers[0]["game"] == first.game
        second.table("umpire")  # the first is idle now: dropped for the second
        assert host.in_memory() == [second.game]


def test_a_dropped_game_still_sends_its_live_notices(tmp_path: Path) -> None:
    app = _app(tmp_path, games=1)
    host = _host(app)
    with TestClient(app) as client:
        first = create(client)
        with client.websocket_connect(f"/api/seats/{first.tokens['us']}/live") as ws:
            assert ws.receive_json() == changed(1)
            other = create(client)
            other.table("umpire")
            assert host.in_memory() == [other.game]
            first.act("german", PREPARE_BRIDGE)
            assert ws.receive_json() == changed(2)
            other.table("umpire")  # dropped again: its version is kept, not started over
            first.act("us", {"action": "pass"})
            assert ws.receive_json() == changed(3)


def test_a_dropped_games_bot_plays_on(tmp_path: Path) -> None:
    app = _app(tmp_path, games=1)
    host = _host(app)
    with TestClient(app) as client:
        made = client.post("/api/games", json={"scenario": "demo", "bots": {"german": "random"}})
        assert made.status_code == 201, made.text
        tokens = {s["seat"]: s["token"] for s in made.json()["seats"]}
        bots = Table(client, made.json()["game"], tokens)
        _until(lambda: bots.table("us")["to_act"] == ["us"])
        before = len(bots.log("umpire"))
        other = create(client)

        def pushed_out() -> bool:  # another game used pushes the bots' game out of memory
            other.table("umpire")
            return bots.game not in host.in_memory()

        _until(pushed_out)
        us = bots.table("us")
        done = next(a for a in us["actions"] if a["action"] in ("pass", "end-phase"))
        bots.act("us", done)
        _until(lambda: len(bots.log("umpire")) >= before + 2)  # the bot answered
