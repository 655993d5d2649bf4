"""Hosting: the host token and its lobby, who may create games, seat links with QR codes, and
revoking a link (its old token unknown at once, its live connections closed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webgame import PREPARE_BRIDGE, LiveServer, Table

from kriegsspiel.cli import cli
from kriegsspiel.web import create_app
from kriegsspiel.web.links import base_url, qr_data_uri

PUBLIC = "http://table.example:8000"


@pytest.fixture
def closed(tmp_path: Path) -> Iterator[TestClient]:
    """A server as `kriegsspiel serve` runs it: creating games needs the host token."""
    app = create_app(tmp_path / "games.db", open_creation=False, public_url=PUBLIC + "/")
    with TestClient(app) as client:
        yield client


def _host_token(client: TestClient) -> str:
    token: str = client.app.state.host.store.host_token()  # type: ignore[attr-defined]
    return token


def _create(client: TestClient, token: str | None) -> Table:
    headers = {"x-host-token": token} if token else {}
    answer = client.post("/api/games", json={"scenario": "demo"}, headers=headers)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return Table(client, data["game"], {s["seat"]: s["token"] for s in data["seats"]})


def test_without_the_host_token_no_game_is_created(closed: TestClient) -> None:
    answer = closed.post("/api/games", json={"scenario": "demo"})
    assert answer.status_code == 403
    assert answer.json() == {
        "error": "request: creating a game needs the host link (the server was not started --open)"
    }
    wrong = closed.post("/api/games", json={"scenario": "demo"}, headers={"x-host-token": "x"})
    assert wrong.status_code == 403
    assert "not this server's host token" in wrong.json()["error"]
    assert closed.app.state.host.store.game_ids() == []  # type: ignore[attr-defined]


def test_the_host_token_creates_games_and_links_use_the_public_address(
    closed: TestClient,
) -> None:
    token = _host_token(closed)
    assert token == _host_token(closed)  # kept in the database
    answer = closed.post("/api/games", json={"scenario": "demo"}, headers={"x-host-token": token})
    assert answer.status_code == 201
    seats = answer.json()["seats"]
    assert [s["url"] for s in seats] == [f"{PUBLIC}/play/{s['token']}" for s in seats]


def test_the_lobby_lists_every_game_with_where_it_stands(closed: TestClient) -> None:
    token = _host_token(closed)
    first, second = _create(closed, token), _create(closed, token)
    first.act("german", PREPARE_BRIDGE)
    lobby = closed.get(f"/api/host/{token}").json()
    assert lobby["open"] is False
    assert [g["game"] for g in lobby["games"]] == [first.game, second.game]
    one, two = lobby["games"]
    assert one["title"] == "The bridge at Kleinwalde"
    assert (one["entries"], two["entries"]) == (1, 0)
    assert one["clock"] == first.table("umpire")["clock"]
    assert one["active"] >= one["created"]
    assert one["umpire"] == f"{PUBLIC}/play/{first.tokens['umpire']}"
    assert closed.get("/api/host/not-the-token").status_code == 404
    assert closed.get(f"/host/{token}").status_code == 200
    assert closed.get("/host/not-the-token").status_code == 404


def _played_to_the_end(game: Table) -> None:
    while to_act := game.table("umpire")["to_act"]:
        game.act(to_act[0], {"action": "end-phase"})


def test_a_lobby_of_many_games_loads_none_of_them(tmp_path: Path) -> None:
    """The lobby reads the summary the store keeps with each entry: on a restarted server it
    loads no game, and says what each game, once loaded, says of itself."""
    db = tmp_path / "games.db"
    with TestClient(create_app(db, open_creation=False)) as first:
        token = _host_token(first)
        games = [_create(first, token) for _ in range(6)]
        games[1].act("german", PREPARE_BRIDGE)
        games[2].act("german", PREPARE_BRIDGE)
        games[2].post("umpire", "/undo", {})  # an undo is an entry: two
        games[3].post("us", "/message", {"text": "dust to the north", "to": "umpire"})
        _played_to_the_end(games[4])
    app = create_app(db, open_creation=False)
    store = app.state.host.store
    with TestClient(app) as second, patch.object(store, "load", wraps=store.load) as load:
        lobby = second.get(f"/api/host/{token}").json()["games"]
        assert load.call_count == 0
        assert [g["entries"] for g in lobby] == [0, 1, 2, 1, 36, 0]
        assert [g["over"] for g in lobby] == [False, False, False, False, True, False]
        second.get(f"/api/seats/{games[4].tokens['public']}")  # a seat opens a game: loaded
        assert [c.args for c in load.call_args_list] == [(games[4].game,)]
        for row, game in zip(lobby, games, strict=True):
            game = Table(second, game.game, game.tokens)
            table = game.table("umpire")
            assert (row["title"], row["ruleset"]) == (table["title"], table["ruleset"])
            assert row["clock"] == table["clock"]
            assert row["over"] == (table["result"] is not None)
            assert row["entries"] == len(game.log("umpire"))
        assert load.call_count == len(games)


def test_the_umpire_alone_is_given_the_links_with_their_qr_codes(closed: TestClient) -> None:
    game = _create(closed, _host_token(closed))
    links = game.get("umpire", "/links").json()
    assert [s["seat"] for s in links["seats"]] == ["umpire", "german", "us", "public"]
    for link in links["seats"]:
        assert link["url"] == f"{PUBLIC}/play/{game.tokens[link['seat']]}"
        assert link["qr"] == qr_data_uri(link["url"])
        assert link["qr"].startswith("data:image/svg+xml")
    for seat in ("german", "us", "public"):
        refused = game.get(seat, "/links")
        assert refused.status_code == 403
        assert "only the umpire" in refused.json()["error"]
    assert game.post("german", "/links/us/reissue", {}).status_code == 403
    assert game.post("umpire", "/links/umpire/reissue", {}).status_code == 403


def test_a_reissued_link_revokes_the_old_one_at_once_and_closes_its_socket(
    closed: TestClient,
) -> None:
    game = _create(closed, _host_token(closed))
    old = game.tokens["german"]
    with closed.websocket_connect(f"/api/seats/{old}/live") as ws:
        assert ws.receive_json()["type"] == "changed"
        fresh = game.post("umpire", "/links/german/reissue", {}).json()
        assert ws.receive_json() == {
            "error": "seat token: unknown or expired seat token; ask the host for a link"
        }
        with pytest.raises(WebSocketDisconnect) as gone:
            ws.receive_json()
        assert gone.value.code == 4404
    assert fresh["seat"] == "german"
    assert fresh["token"] != old
    assert fresh["url"] == f"{PUBLIC}/play/{fresh['token']}"
    assert closed.get(f"/api/seats/{old}").status_code == 404
    assert closed.get(f"/play/{old}").status_code == 404
    game.tokens["german"] = fresh["token"]
    game.act("german", PREPARE_BRIDGE)  # the new link plays the same seat of the same game
    again = closed.post(f"/api/host/{_host_token(closed)}/games/{game.game}/seats/german/reissue")
    assert again.status_code == 200
    assert closed.get(f"/api/seats/{fresh['token']}").status_code == 404
    unknown = closed.post(f"/api/host/{_host_token(closed)}/games/{game.game}/seats/x/reissue")
    assert unknown.status_code == 400


@pytest.mark.parametrize(
    ("host", "public", "expected"),
    [
        ("127.0.0.1", None, "http://127.0.0.1:8000"),
        ("::1", None, "http://[::1]:8000"),
        ("0.0.0.0", "https://games.example/table/", "https://games.example/table"),
    ],
)
def test_the_base_of_the_links(host: str, public: str | None, expected: str) -> None:
    assert base_url(host, 8000, public) == expected


def test_the_command_creates_games_through_the_host_link(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db", open_creation=False)
    with LiveServer(app) as server:
        refused = CliRunner().invoke(cli, ["remote", "new", server.url, "demo"])
        assert refused.exit_code != 0
        assert "creating a game needs the host link" in refused.output
        host_link = f"{server.url}/host/{app.state.host.store.host_token()}"
        made = CliRunner().invoke(cli, ["remote", "new", host_link, "demo"])
        assert made.exit_code == 0, made.output
        seats = [line.split() for line in made.output.splitlines()]
        assert [s for s, _ in seats] == ["umpire", "german", "us", "public"]
        assert all(link.startswith(f"{server.url}/play/") for _, link in seats)


def test_a_public_url_that_is_not_an_address_is_refused() -> None:
    result = CliRunner().invoke(cli, ["serve", "--public-url", "table.example"])
    assert result.exit_code == 2
    assert "not an http(s) address: table.example" in result.output


def test_a_restarted_server_keeps_its_host_token_new_links_notes_and_reveals(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    with TestClient(create_app(db, open_creation=False)) as first:
        token = _host_token(first)
        game = _create(first, token)
        game.act("german", PREPARE_BRIDGE)
        fresh = game.post("umpire", "/links/us/reissue", {}).json()["token"]
        game.post("german", "/notes", {"n": 1, "text": "the bridge"})
        game.post("umpire", "/reveal", {})
        lobby = first.get(f"/api/host/{token}").json()
    with TestClient(create_app(db, open_creation=False)) as second:
        assert _host_token(second) == token
        assert second.get(f"/api/host/{token}").json() == lobby
        again = Table(second, game.game, {**game.tokens, "us": fresh})
        assert second.get(f"/api/seats/{game.tokens['us']}").status_code == 404
        assert again.table("us")["seat"] == "us"
        assert again.get("german", "/notes").json()["notes"] == [
            {"full": False, "n": 1, "text": "the bridge"}
        ]
        assert again.get("public", "/replay?upto=0").json()["revealed"] is True
