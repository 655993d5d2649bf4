"""Malformed actions never break the server: every field of every kind of action, filled with
values of the wrong kind, is refused with a 4xx (a 500 would fail the test client itself)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from webgame import create

from kriegsspiel.scenario.load import bundled_names

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

JUNK: tuple[Any, ...] = (None, -1, 10**30, "x" * 300, [1, 2, 3], {"a": 1})


def one_of_each_kind(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    kinds: dict[str, dict[str, Any]] = {}
    for action in actions:
        kinds.setdefault(action["action"], action)
    return list(kinds.values())


@pytest.mark.parametrize("scenario", bundled_names())
def test_wrong_values_in_every_field_are_refused_cleanly(client: TestClient, scenario: str) -> None:
    table = create(client, scenario, seed="fuzz")
    for action in one_of_each_kind(table.table("umpire")["actions"]):
        for field in [k for k in action if k != "action"]:
            for junk in JUNK:
                for path in ("/preview", "/act"):
                    response = table.post("umpire", path, {"action": {**action, field: junk}})
                    assert response.status_code in (200, 400, 409), (action, field, junk)
