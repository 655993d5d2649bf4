"""The request guards (web/guards.py): bodies only as JSON, no requests from other sites' pages,
rates of creation and of actions, and the one-line shape of every refusal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webgame import PREPARE_BRIDGE, Answer, create

from kriegsspiel.web import create_app, guards
from kriegsspiel.web.guards import Buckets, Limits, Rate, origin_of

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

DEMO = b'{"scenario": "demo"}'


def one_line(response: Answer, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    message: str = response.json()["error"]
    assert message
    assert "\n" not in message
    assert "\r" not in message
    return message


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- content type --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "declared", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"]
)
def test_creation_declared_as_anything_but_json_is_a_415_naming_the_type(
    client: TestClient, declared: str
) -> None:
    answer = client.post("/api/games", content=DEMO, headers={"content-type": declared})
    message = one_line(answer, 415)
    assert message == f"content-type: the body must be application/json, not {declared!r}"
    assert client.app.state.host.store.game_ids() == []  # type: ignore[attr-defined]


def test_a_body_with_no_content_type_is_a_415(client: TestClient) -> None:
    answer = client.post("/api/games", content=DEMO)
    assert one_line(answer, 415) == ("content-type: the body must be application/json, not 'none'")


def test_json_with_a_charset_is_json(client: TestClient) -> None:
    declared = {"content-type": "Application/JSON; charset=utf-8"}
    assert client.post("/api/games", content=DEMO, headers=declared).status_code == 201


def test_an_action_declared_as_text_is_a_415_and_nothing_is_done(client: TestClient) -> None:
    table = create(client)
    body = b'{"action": {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}}'
    for path in ("/act", "/preview"):
        answer = client.post(
            f"/api/seats/{table.tokens['german']}{path}",
            content=body,
            headers={"content-type": "text/plain"},
        )
        assert "must be application/json, not 'text/plain'" in one_line(answer, 415)
    assert table.log("umpire") == []


def test_a_bad_token_is_a_404_whatever_the_content_type(client: TestClient) -> None:
    answer = client.post(
        "/api/seats/nope/act", content=b"x", headers={"content-type": "text/plain"}
    )
    assert "unknown or expired seat token" in one_line(answer, 404)


# -- Origin --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin", ["https://evil.example", "null", "http://testserver:8080", "https://testserver"]
)
def test_creation_from_another_sites_page_is_a_403(client: TestClient, origin: str) -> None:
    answer = client.post("/api/games", json={"scenario": "demo"}, headers={"origin": origin})
    assert one_line(answer, 403) == (
        f"origin: {origin!r} is not this server's; requests from other sites are refused"
    )
    assert answer.headers["referrer-policy"] == "no-referrer"  # the app's headers still apply
    assert client.app.state.host.store.game_ids() == []  # type: ignore[attr-defined]


def test_an_action_from_another_sites_page_is_a_403_and_nothing_is_done(
    client: TestClient,
) -> None:
    table = create(client)
    answer = client.post(
        f"/api/seats/{table.tokens['german']}/act",
        json={"action": PREPARE_BRIDGE},
        headers={"origin": "https://evil.example"},
    )
    assert "is not this server's" in one_line(answer, 403)
    assert table.log("umpire") == []


def test_the_servers_own_pages_and_clients_without_origin_are_served(client: TestClient) -> None:
    own = client.post(
        "/api/games", json={"scenario": "demo"}, headers={"origin": "http://TestServer:80"}
    )
    assert own.status_code == 201
    assert client.post("/api/games", json={"scenario": "demo"}).status_code == 201


def test_the_public_url_is_an_origin_of_the_servers_own(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db", public_url="https://table.example/")
    with TestClient(app) as client:
        proxied = {"origin": "https://table.example"}
        assert (
            client.post("/api/games", json={"scenario": "demo"}, headers=proxied).status_code == 201
        )
        other = {"origin": "https://table.example.evil"}
        assert (
            client.post("/api/games", json={"scenario": "demo"}, headers=other).status_code == 403
        )


def test_a_live_connection_from_another_sites_page_is_closed(client: TestClient) -> None:
    table = create(client)
    path = f"/api/seats/{table.tokens['us']}/live"
    foreign = {"origin": "https://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(path, headers=foreign),
    ):
        pass
    assert closed.value.code == 4403
    with client.websocket_connect(path, headers={"origin": "http://testserver"}) as live:
        assert live.receive_json() == {"type": "changed", "version": 1}


def test_origins_compare_scheme_host_and_port() -> None:
    assert origin_of("HTTP://Table.Example:80/x") == "http://table.example"
    assert origin_of("https://table.example:8443") == "https://table.example:8443"
    assert origin_of("http://[::1]:8000") == "http://[::1]:8000"
    assert origin_of("http://host:notaport") == ""


# -- rates ---------------------------------------------------------------------------------------


def test_buckets_allow_a_burst_then_one_per_period() -> None:
    clock = Clock()
    buckets = Buckets(Rate(3, 6.0), clock)
    assert [buckets.take("a") for _ in range(3)] == [0, 0, 0]
    assert buckets.take("a") == 6.0
    assert buckets.take("b") == 0  # another key has a bucket of its own
    clock.now += 4.5
    assert buckets.take("a") == 1.5  # refused: nothing is taken
    clock.now += 1.5
    assert buckets.take("a") == 0
    assert buckets.take("a") == 6.0
    clock.now += 60
    assert [buckets.take("a") for _ in range(4)] == [0, 0, 0, 6.0]  # never more than the burst


def test_buckets_are_kept_for_so_many_keys_the_least_recently_used_dropped_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(guards, "KEYS", 10)
    clock = Clock()
    buckets = Buckets(Rate(1, 60.0), clock)
    for n in range(10):
        assert buckets.take(f"k{n}") == 0
        clock.now += 1
    assert buckets.take("k0") > 0  # refused, and now the most recently used
    assert buckets.take("k10") == 0  # the eleventh key: down to 9, the least recently used out
    assert buckets.take("k1") == 0  # k1 was dropped: a fresh bucket
    assert buckets.take("k0") > 0  # k0 was kept


def test_creation_over_the_rate_is_a_429_with_retry_after(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db", limits=Limits(creation=Rate(2, 6.0)))
    clock = Clock()
    app.state.creation.clock = clock
    with TestClient(app) as client:
        made = [client.post("/api/games", json={"scenario": "demo"}) for _ in range(2)]
        assert [m.status_code for m in made] == [201, 201]
        clock.now += 1.2
        refused = client.post("/api/games", json={"scenario": "demo"})
        assert one_line(refused, 429) == (
            "creating games: too many requests (2 at once, then 1 every 6 s); try again in 5 s"
        )
        assert refused.headers["retry-after"] == "5"
        assert len(app.state.host.store.game_ids()) == 2
        clock.now += 4.8
        assert client.post("/api/games", json={"scenario": "demo"}).status_code == 201


def test_a_refused_upload_counts_against_the_rate(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db", limits=Limits(creation=Rate(1, 6.0)))
    app.state.creation.clock = Clock()
    with TestClient(app) as client:
        assert client.post("/api/games", json={"scenario_yaml": "x: ["}).status_code == 400
        assert client.post("/api/games", json={"scenario": "demo"}).status_code == 429


def test_creation_is_counted_per_client_address(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db", limits=Limits(creation=Rate(1, 6.0)))
    app.state.creation.clock = Clock()
    first, second = (TestClient(app, client=(ip, 5000)) for ip in ("10.0.0.1", "10.0.0.2"))
    assert first.post("/api/games", json={"scenario": "demo"}).status_code == 201
    assert first.post("/api/games", json={"scenario": "demo"}).status_code == 429
    assert second.post("/api/games", json={"scenario": "demo"}).status_code == 201


def test_a_links_actions_over_the_rate_are_a_429_and_other_links_go_on(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.db", limits=Limits(actions=Rate(2, 0.5)))
    app.state.actions.clock = Clock()
    with TestClient(app) as client:
        table = create(client)
        german = f"/api/seats/{table.tokens['german']}"
        preview = {"action": PREPARE_BRIDGE}
        assert client.post(f"{german}/preview", json=preview).status_code == 200
        table.act("german", PREPARE_BRIDGE)
        refused = client.post(f"{german}/message", json={"text": "hello"})
        assert one_line(refused, 429).startswith("seat link: too many requests (2 at once")
        assert refused.headers["retry-after"] == "1"
        assert (
            client.post(f"/api/seats/{table.tokens['us']}/message", json={"text": "hi"}).status_code
            == 200
        )
        assert table.get("german").status_code == 200  # reading is not counted


def test_the_default_limits_and_servings() -> None:
    from kriegsspiel.web.guards import SERVED

    assert Limits() == Limits(creation=Rate(10, 6.0), actions=None, sockets=8, games=64)
    assert SERVED.actions == Rate(60, 0.1)
    with pytest.raises(ValueError, match="a burst of 1 or more"):
        Rate(0, 1.0)
    with pytest.raises(ValueError, match="a burst of 1 or more"):
        Rate(1, float("inf"))
    with pytest.raises(ValueError, match="memory a game"):
        Limits(games=0)


# -- every refusal -------------------------------------------------------------------------------


def test_a_wrong_method_is_a_405_with_allow(client: TestClient) -> None:
    answer = client.get("/api/games")
    assert one_line(answer, 405) == "method not allowed: GET /api/games"
    assert answer.headers["allow"] == "POST"
    notes = client.put("/api/seats/x/notes")
    assert one_line(notes, 405) == "method not allowed: PUT /api/seats/x/notes"
    assert set(notes.headers["allow"].split(", ")) == {"GET", "HEAD", "POST"}


def test_a_scenario_error_over_several_lines_is_sent_on_one(client: TestClient) -> None:
    answer = client.post("/api/games", json={"scenario_yaml": "a: [\n  b: {\n"})
    assert one_line(answer, 400).startswith("uploaded scenario")


# -- the command's options -----------------------------------------------------------------------


def test_serve_takes_the_limits_from_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from kriegsspiel.cli import cli
    from kriegsspiel.web import server

    given: dict[str, Any] = {}
    monkeypatch.setattr(server, "serve", lambda *args, **kw: given.update(kw))
    runner = CliRunner()
    assert runner.invoke(cli, ["serve"]).exit_code == 0
    assert given["limits"] == Limits(Rate(10, 6.0), Rate(60, 0.1), sockets=8, games=64)
    options = ["--create-rate", "3/60", "--act-rate", "0", "--sockets-per-link", "2"]
    assert runner.invoke(cli, ["serve", *options, "--games-in-memory", "5"]).exit_code == 0
    assert given["limits"] == Limits(Rate(3, 60.0), None, sockets=2, games=5)
    bad = runner.invoke(cli, ["serve", "--create-rate", "10/nan"])
    assert bad.exit_code == 2
    assert "--create-rate" in bad.output
    assert "not BURST/SECONDS" in bad.output
    assert "Traceback" not in bad.output
