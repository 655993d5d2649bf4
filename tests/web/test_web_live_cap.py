"""A seat link holds at most `Limits.sockets` live connections: the next is told why and closed
(4429), and a place freed is taken again."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webgame import PREPARE_BRIDGE, LiveServer, create
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app
from kriegsspiel.web.guards import Limits
from kriegsspiel.web.live import CROWDED, Hub, changed


def _until(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not done():
        assert time.monotonic() < deadline, "the server never let the connection go"
        time.sleep(0.01)


def test_one_live_connection_more_than_a_link_may_hold_is_told_why_and_closed(
    tmp_path: Path,
) -> None:
    app = create_app(tmp_path / "games.db", limits=Limits(sockets=2))
    hub: Hub = app.state.hub
    with TestClient(app) as client, ExitStack() as stack:
        table = create(client)
        us = f"/api/seats/{table.tokens['us']}/live"
        first = stack.enter_context(client.websocket_connect(us))
        second = stack.enter_context(client.websocket_connect(us))
        assert first.receive_json() == second.receive_json() == changed(1)
        with client.websocket_connect(us) as third:
            assert third.receive_json() == {
                "error": "this link has 2 live pages open, the most it may; close one"
            }
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
        assert closed.value.code == CROWDED == 4429
        assert closed.value.reason == "this link has 2 live pages open, the most it may; close one"
        assert hub.connections(table.tokens["us"]) == 2  # the refused one is not counted
        german = stack.enter_context(
            client.websocket_connect(f"/api/seats/{table.tokens['german']}/live")
        )
        assert german.receive_json() == changed(1)  # another link has places of its own
        second.close()
        _until(lambda: hub.connections(table.tokens["us"]) == 1)
        with client.websocket_connect(us) as again:
            assert again.receive_json() == changed(1)


def test_the_default_cap_is_eight_a_link(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db")
    with TestClient(app) as client, ExitStack() as stack:
        table = create(client)
        us = f"/api/seats/{table.tokens['us']}/live"
        for _ in range(8):
            assert stack.enter_context(client.websocket_connect(us)).receive_json() == changed(1)
        with client.websocket_connect(us) as ninth:
            assert "8 live pages open" in ninth.receive_json()["error"]


def test_64_sockets_on_one_link_over_a_real_server_leave_8_following(tmp_path: Path) -> None:
    with LiveServer(create_app(tmp_path / "games.db")) as server, ExitStack() as stack:
        created = remote.create_game(server.url, "demo")
        links = {s["seat"]: s for s in created["seats"]}
        url = f"{server.url.replace('http', 'ws', 1)}/api/seats/{links['us']['token']}/live"
        sockets = [stack.enter_context(connect(url)) for _ in range(64)]
        first = [str(ws.recv(timeout=10)) for ws in sockets]
        following = [ws for ws, said in zip(sockets, first, strict=True) if '"changed"' in said]
        crowded = [ws for ws, said in zip(sockets, first, strict=True) if "live pages" in said]
        assert (len(following), len(crowded)) == (8, 56)
        for ws in crowded:
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == CROWDED
        remote.act(server.url + links["german"]["page"], PREPARE_BRIDGE)
        assert all('"version":2' in str(ws.recv(timeout=10)) for ws in following)
