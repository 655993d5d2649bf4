"""Live updates: each seat is told "changed" when, and only when, its own view or log changed."""

from __future__ import annotations

import time
from contextlib import ExitStack, suppress
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.websockets import WebSocketDisconnect
from webgame import PREPARE_BRIDGE, LiveServer, Table
from websockets.sync.client import ClientConnection, connect

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app
from kriegsspiel.web.host import Host
from kriegsspiel.web.live import changed

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

REVEAL_CULVERT = {"action": "reveal", "demolition": "culvert", "side": "us"}


def test_a_seat_is_told_on_connecting_and_after_each_change(demo: Table) -> None:
    with demo.client.websocket_connect(f"/api/seats/{demo.tokens['public']}/live") as ws:
        assert ws.receive_json() == changed(1)
        demo.act("german", PREPARE_BRIDGE)
        assert ws.receive_json() == changed(2)  # the seat's version: one more per change
        demo.post("umpire", "/undo", {})
        assert ws.receive_json() == changed(3)


def test_an_unknown_token_is_refused_with_a_clear_message(demo: Table) -> None:
    with demo.client.websocket_connect("/api/seats/not-a-token/live") as ws:
        assert "unknown or expired seat token" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_seats_fingerprint_moves_only_with_what_it_may_see(demo: Table) -> None:
    host: Host = demo.client.app.state.host  # type: ignore[attr-defined]
    before = {seat: host.digest(token) for seat, token in demo.tokens.items()}
    demo.act("umpire", REVEAL_CULVERT)  # told to the US side only (and seen by its owner)
    after = {seat: host.digest(token) for seat, token in demo.tokens.items()}
    assert [s for s in before if before[s] != after[s]] == ["umpire", "german", "us"]


SETTLE = 0.3  # seconds for the notices of one change to arrive (a bound, not a sleep per seat)


def _told(sockets: dict[str, ClientConnection]) -> dict[str, list[str]]:
    """What each seat has been sent since last asked, once the notices have had time to come."""
    time.sleep(SETTLE)
    out: dict[str, list[str]] = {}
    for seat, ws in sockets.items():
        out[seat] = []
        with suppress(TimeoutError):
            while True:
                out[seat].append(str(ws.recv(timeout=0.01)))
    return out


def test_over_a_real_socket_notices_follow_each_seats_view(tmp_path: Path) -> None:
    app: Starlette = create_app(tmp_path / "games.db")

    def told(version: int) -> list[str]:
        return [f'{{"type":"changed","version":{version}}}']

    with LiveServer(app) as server, ExitStack() as stack:
        game = remote.create_game(server.url, "demo")
        links = {s["seat"]: server.url + s["page"] for s in game["seats"]}
        ws_url = server.url.replace("http", "ws", 1)
        sockets = {
            s["seat"]: stack.enter_context(connect(f"{ws_url}/api/seats/{s['token']}/live"))
            for s in game["seats"]
        }
        assert _told(sockets) == dict.fromkeys(links, told(1))
        remote.act(links["umpire"], REVEAL_CULVERT)
        assert _told(sockets) == {
            "umpire": told(2),
            "german": told(2),
            "us": told(2),
            "public": [],  # nothing it may see changed: not even a notice
        }
        remote.act(links["german"], PREPARE_BRIDGE)
        assert _told(sockets) == {**dict.fromkeys(links, told(3)), "public": told(2)}
