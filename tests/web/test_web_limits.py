"""Uploads are held to the scenario limits (core/limits.py), and no error sent to a seat names a
path on the server."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from starlette.testclient import TestClient
from webgame import PREPARE_BRIDGE, create

from kriegsspiel.web import create_app

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

HEAD = "ruleset: afv\ntitle: t\nsides: [{id: a}, {id: b}]\n"


def test_an_alias_bomb_upload_is_refused_in_one_line(client: TestClient) -> None:
    points = "[" + ",".join(f"[{i % 100},{i // 100}]" for i in range(4000)) + "]"
    features = "".join(f"- {{id: f{i}, kind: wood, points: *p}}\n" for i in range(1500))
    bomb = HEAD + f"shared: &p {points}\nterrain:\n{features}"
    start = time.process_time()
    response = client.post("/api/games", json={"scenario_yaml": bomb})
    assert time.process_time() - start < 5  # loosely: a fraction of a second
    assert response.status_code == 400
    error = response.json()["error"]
    assert error.startswith("uploaded scenario: line ")
    assert error.endswith("too large: more than 50,000 values, aliases expanded (see Limits)")


def test_an_upload_with_a_nul_or_an_infinity_is_refused_naming_the_field(
    client: TestClient,
) -> None:
    afv = (Path(__file__).parents[2] / "src/kriegsspiel/scenario/bundled/afv.yaml").read_text()
    for text, error in (
        (afv.replace("title:", 'title: "a\\0b"\nx:', 1), "title: control character U+0000"),
        (afv + "table: [.inf, 48]\n", "table[0]: must be a finite number, not inf"),
    ):
        response = client.post("/api/games", json={"scenario_yaml": text})
        assert response.status_code == 400
        assert response.json()["error"].startswith(f"uploaded scenario: {error}")


def test_a_corrupt_record_is_reported_without_the_database_path(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with TestClient(create_app(db)) as client:
        table = create(client)
        table.act("german", PREPARE_BRIDGE)
    raw = sqlite3.connect(db)
    entry = json.loads(raw.execute("SELECT entry FROM entries WHERE seq = 0").fetchone()[0])
    entry["records"][0]["event"]["event"] = "teleported"
    raw.execute("UPDATE entries SET entry = ? WHERE seq = 0", (json.dumps(entry),))
    raw.commit()
    raw.close()
    with TestClient(create_app(db)) as client:  # a restart: the game is read from the database
        table.client = client
        response = table.get("umpire")
    error = response.json()["error"]
    assert response.status_code == 423  # quarantined (tests/web/test_web_quarantine.py)
    assert str(tmp_path) not in error
    assert error.startswith("this game's record is damaged at entry 1 (corrupt game record (")


def test_a_number_too_large_for_any_field_is_named(client: TestClient) -> None:
    table = create(client)
    move = b'{"action": "move", "unit": "pioneer-2", "to": [22, 1e400]}'
    response = client.post(
        f"/api/seats/{table.tokens['german']}/act",
        content=b'{"action": ' + move + b"}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400
    assert response.json()["error"] == "request action.to[1]: number out of range"
