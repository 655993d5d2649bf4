"""Stopping and starting the server: every game continues where it was, seat links included (on
SQLite and on PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from backends import Backend
from starlette.testclient import TestClient
from webgame import DEMOLISH_CULVERT, PREPARE_BRIDGE, LiveServer, Table, create

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app

pytest_plugins = ["storefixtures"]  # backend: SQLite, then PostgreSQL


def snapshot(table: Table) -> dict[str, Any]:
    return {seat: (table.table(seat), table.log(seat)) for seat in table.tokens}


def test_a_new_app_on_the_same_database_continues_every_game(backend: Backend) -> None:
    db = backend.db
    with TestClient(create_app(db)) as first:
        game = create(first)
        other = create(first)
        game.act("german", PREPARE_BRIDGE)
        game.act("us", {"action": "opportunity-fire", "unit": "rifle-1"}, dice=[1], player="Al")
        game.act("us", {"action": "pass"})
        game.act("german", DEMOLISH_CULVERT)  # a sealed roll, pending at the restart
        game.post("umpire", "/undo", {})
        game.act("german", DEMOLISH_CULVERT)
        before, other_before = snapshot(game), snapshot(other)

    with TestClient(create_app(db)) as second:
        again = Table(second, game.game, game.tokens)
        assert snapshot(again) == before
        assert snapshot(Table(second, other.game, other.tokens)) == other_before
        again.act("us", {"action": "pass"})  # the sealed roll resolves as it was rolled
        assert len(again.log("umpire")) == len(before["umpire"][1]) + 1


def test_a_stopped_server_starts_again_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with LiveServer(create_app(db)) as server:
        created = remote.create_game(server.url, "demo")
        pages = {s["seat"]: s["page"] for s in created["seats"]}
        remote.act(server.url + pages["german"], PREPARE_BRIDGE)
        before = {
            seat: (remote.show(server.url + p), remote.log(server.url + p))
            for seat, p in pages.items()
        }

    with LiveServer(create_app(db)) as server:  # a new process would see the same: a new port
        after = {
            seat: (remote.show(server.url + p), remote.log(server.url + p))
            for seat, p in pages.items()
        }
        assert after == before
        (entry,) = remote.act(server.url + pages["us"], {"action": "pass"})
        assert entry["n"] == 2
