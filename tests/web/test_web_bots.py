"""Seats played by bots in the web app: chosen when the game is created, acting on their turn
through the API like anyone, recorded in the store so that they outlast a restart."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from kriegsspiel.web import create_app

pytest_plugins = ["webfixtures"]  # the app and client fixtures

WAIT = 30.0  # seconds at most for a bot's move to arrive (it takes well under one)


def _create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={"scenario": "demo", "seed": "bots", **body})


def _log_of(client: TestClient, token: str, entries: int) -> list[dict[str, Any]]:
    """The seat's log once it has at least `entries` entries (polled, as a page would)."""
    deadline = time.monotonic() + WAIT
    while True:
        log: list[dict[str, Any]] = client.get(f"/api/seats/{token}/log").json()["log"]
        if len(log) >= entries or time.monotonic() > deadline:
            return log
        time.sleep(0.05)


def test_a_bot_side_moves_on_its_turn_and_its_move_arrives_through_the_api(
    client: TestClient,
) -> None:
    response = _create(client, bots={"german": "random"})
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["bots"] == {"german": "random"}
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    log = _log_of(client, tokens["us"], 1)
    assert log, "the German bot never moved"
    assert log[0]["seat"] == "german"
    table = client.get(f"/api/seats/{tokens['us']}").json()
    deadline = time.monotonic() + WAIT
    while table["to_act"] != ["us"] and time.monotonic() < deadline:
        time.sleep(0.05)
        table = client.get(f"/api/seats/{tokens['us']}").json()
    assert table["to_act"] == ["us"]  # the bot played its whole phase, then stopped
    before = len(_log_of(client, tokens["us"], 0))
    done = next(a for a in table["actions"] if a["action"] in ("pass", "end-phase"))
    acted = client.post(f"/api/seats/{tokens['us']}/act", json={"action": done})
    assert acted.status_code == 200, acted.text
    assert len(_log_of(client, tokens["us"], before + 2)) >= before + 2  # the bot answered


def test_bot_choices_are_listed_for_the_home_page(client: TestClient) -> None:
    assert "greedy" in client.get("/api/bots").json()
    demo = next(s for s in client.get("/api/scenarios").json() if s["name"] == "demo")
    assert demo["sides"] == ["german", "us"]


@pytest.mark.parametrize(
    ("bots", "problem"),
    [
        ({"french": "random"}, "bots french: not a side of this scenario (sides: german, us)"),
        ({"german": "clever"}, "bots german: unknown bot 'clever' (known: greedy, random, search)"),
        ({"german": "random", "us": "random"}, "bots: leave at least one side to a person"),
    ],
)
def test_bad_bots_are_refused_before_a_game_is_made(
    client: TestClient, bots: dict[str, str], problem: str
) -> None:
    response = _create(client, bots=bots)
    assert response.status_code == 400
    assert response.json()["error"] == problem
    assert client.app.state.host.store.game_ids() == []  # type: ignore[attr-defined]


def test_bot_sides_outlast_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with TestClient(create_app(db)) as client:
        created = _create(client, bots={"us": "random"}).json()
    with TestClient(create_app(db)) as client:
        assert client.app.state.bots.of(created["game"]) == {"us": "random"}  # type: ignore[attr-defined]
