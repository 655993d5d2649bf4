"""Live updates: each seat is told "changed" when, and only when, its own view or log changed."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from starlette.applications import Starlette
from starlette.websockets import WebSocketDisconnect
from webgame import PREPARE_BRIDGE, LiveServer, Table
from websockets.sync.client import ClientConnection, connect

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app
from kriegsspiel.web.host import Host
from kriegsspiel.web.live import changed, revealed

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


def _links_and_sockets(
    server: LiveServer, stack: ExitStack
) -> tuple[dict[str, str], dict[str, ClientConnection]]:
    game = remote.create_game(server.url, "demo")
    ws_url = server.url.replace("http", "ws", 1)
    links = {s["seat"]: server.url + s["page"] for s in game["seats"]}
    sockets = {
        s["seat"]: stack.enter_context(connect(f"{ws_url}/api/seats/{s['token']}/live"))
        for s in game["seats"]
    }
    return links, sockets


def _notice(data: dict[str, object]) -> str:
    return json.dumps(data, separators=(",", ":"))


def test_every_seat_is_told_once_when_the_umpire_reveals_the_game(tmp_path: Path) -> None:
    """The reveal is the same for every seat: each connection is told, once, and its version
    stays (nothing it may see in its own view or log changed)."""
    with LiveServer(create_app(tmp_path / "games.db")) as server, ExitStack() as stack:
        links, sockets = _links_and_sockets(server, stack)
        assert _told(sockets) == {seat: [_notice(changed(1))] for seat in links}
        remote.act(links["german"], PREPARE_BRIDGE)
        assert _told(sockets)["public"] == [_notice(changed(2))]  # not revealed: no such notice
        token = links["umpire"].rsplit("/", 1)[1]
        urlopen(Request(f"{server.url}/api/seats/{token}/reveal", b"{}", method="POST"))
        assert _told(sockets) == {seat: [_notice(revealed())] for seat in links}
        remote.act(links["us"], {"action": "pass"})
        assert _told(sockets)["public"] == [_notice(changed(3))]  # told once a connection
        ws_url = server.url.replace("http", "ws", 1)
        public = links["public"].rsplit("/", 1)[1]
        with connect(f"{ws_url}/api/seats/{public}/live") as late:  # a page opened afterwards
            assert _told({"public": late})["public"] == [
                _notice(changed(3)),
                _notice(revealed()),
            ]


def test_every_seat_is_told_when_the_game_ends(tmp_path: Path) -> None:
    with LiveServer(create_app(tmp_path / "games.db")) as server, ExitStack() as stack:
        links, sockets = _links_and_sockets(server, stack)
        _told(sockets)
        for _ in range(35):  # the demo ends after 36 phases
            table = remote.show(links["umpire"])
            remote.act(links[table["to_act"][0]], {"action": "end-phase"})
        assert all(_notice(revealed()) not in told for told in _told(sockets).values())
        table = remote.show(links["umpire"])
        remote.act(links[table["to_act"][0]], {"action": "end-phase"})  # the last phase
        told = _told(sockets)
        for seat in links:
            assert told[seat][-1] == _notice(revealed()), seat
            assert told[seat].count(_notice(revealed())) == 1, seat
