"""The client the `kriegsspiel` command uses on a served game, and `serve` itself."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from webgame import DEMOLISH_CULVERT, PREPARE_BRIDGE, LiveServer

from kriegsspiel.errors import InputError
from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app, server
from kriegsspiel.web import links as seat_links


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(create_app(tmp_path_factory.mktemp("live") / "games.db")) as running:
        yield running


@pytest.fixture
def links(live: LiveServer) -> dict[str, str]:
    created = remote.create_game(live.url, "demo")
    return {s["seat"]: live.url + s["page"] for s in created["seats"]}


def test_show_log_preview_act_and_undo_by_seat_link(links: dict[str, str]) -> None:
    table = remote.show(links["german"])
    assert table["seat"] == "german"
    assert table["ruleset"] == "engineering"
    (check,) = remote.preview(links["german"], DEMOLISH_CULVERT)["checks"]
    assert [(o["outcome"], o["fraction"]) for o in check["odds"]] == [
        ("success", "9/10"),
        ("dud", "1/10"),
    ]
    remote.act(links["german"], PREPARE_BRIDGE)
    fire = {"action": "opportunity-fire", "unit": "rifle-1"}
    (entry,) = remote.act(links["us"], fire, dice=[4], player="Alice")
    assert entry["events"][0]["result"]["origin"] == "entered:Alice"
    assert [e["n"] for e in remote.log(links["public"])] == [1, 2]
    (undo,) = remote.undo(links["umpire"])
    assert undo["kind"] == "undo"


def test_refusals_arrive_as_one_line(links: dict[str, str]) -> None:
    with pytest.raises(remote.RemoteError, match=r"^UNDO: only the umpire seat may undo"):
        remote.undo(links["us"])
    with pytest.raises(remote.RemoteError, match="unknown or expired seat token"):
        remote.show(links["us"] + "x")
    with pytest.raises(remote.RemoteError, match="no bundled scenario 'nope'"):
        remote.create_game(links["us"].split("/play/")[0], "nope")


def test_a_server_that_is_not_there(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(remote.RemoteError, match=f"cannot reach 127.0.0.1:{port}"):
        remote.show(f"http://127.0.0.1:{port}/play/token")


def test_a_scenario_file_is_uploaded(live: LiveServer, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("ruleset: engineering\ntitle: Mine\nsides: [{id: a}, {id: b}]\n")
    assert remote.create_game(live.url, str(path))["title"] == "Mine"
    with pytest.raises(InputError, match="cannot read"):
        remote.create_game(live.url, str(tmp_path / "missing.yaml"))


@pytest.mark.parametrize(
    ("link", "base", "token"),
    [
        ("http://h:1/play/T0k", "http://h:1", "T0k"),
        ("https://h/table/play/T0k/", "https://h/table", "T0k"),
        ("http://h:1/api/seats/T0k", "http://h:1", "T0k"),
    ],
)
def test_seat_links_are_parsed(link: str, base: str, token: str) -> None:
    assert remote.SeatLink.parse(link) == remote.SeatLink(base, token)


@pytest.mark.parametrize("link", ["h:1/play/x", "http://h/x/T", "http://h/play/", "ftp://h/play/x"])
def test_what_is_not_a_seat_link(link: str) -> None:
    with pytest.raises(InputError, match="not a seat link"):
        remote.SeatLink.parse(link)


def test_serve_with_demo_creates_the_demo_once_and_prints_its_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append({"app": app, **kw}))
    monkeypatch.setattr(seat_links, "lan_address", lambda: "192.168.1.20")
    db = tmp_path / "run" / "games.db"
    server.serve(db, "0.0.0.0", 8123, demo=True)
    lan = capsys.readouterr().out
    assert "http://192.168.1.20:8123/play/" in lan  # all interfaces: the links phones can reach
    server.serve(db, "127.0.0.1", 8123, demo=True)
    first = capsys.readouterr().out
    assert first == lan.replace("192.168.1.20", "127.0.0.1")  # the same game, the same links
    assert [(r["host"], r["port"]) for r in runs] == [("0.0.0.0", 8123), ("127.0.0.1", 8123)]
    lines = [line.split() for line in first.splitlines() if "/play/" in line]
    assert [seat for seat, _ in lines] == ["umpire", "german", "us", "public"]
    with TestClient(runs[-1]["app"]) as client:
        for seat, link in lines:
            assert link.startswith("http://127.0.0.1:8123/play/")
            assert client.get(link.replace("/play/", "/api/seats/")).json()["seat"] == seat


def test_serve_without_demo_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    server.serve(tmp_path / "games.db", "::1", 9000)
    out = capsys.readouterr().out
    assert "Host (games, links, new games; keep it secret): http://[::1]:9000/host/" in out
    assert "New games by anyone" not in out
    assert create_app(tmp_path / "games.db").state.host.store.game_ids() == []
