"""The seat table's `scores` and `result` (docs/victory.md), and the page's result banner."""

from __future__ import annotations

import random

import msgspec
from starlette.testclient import TestClient
from webgame import Table

from kriegsspiel.web import schema
from kriegsspiel.web.host import Host

pytest_plugins = ["webfixtures"]

SEATS = ("umpire", "german", "us", "public")


def test_the_seat_table_has_the_scores_and_once_over_the_result(
    demo: Table, client: TestClient
) -> None:
    for seat in SEATS:
        table = msgspec.convert(demo.table(seat), schema.SeatTable)
        assert table.scores == {"german": 1, "us": 0}  # the pioneers hold the bridgehead
        assert table.result is None
    host: Host = client.app.state.host  # type: ignore[attr-defined]
    game = host.game(demo.game)
    rng = random.Random(2)
    while not game.over():
        seat = game.seats_to_act()[0]
        action = game.random_action(seat, rng)
        assert action is not None
        demo.act(seat, action)
        game = host.game(demo.game)
    result = game.result()
    assert result is not None
    for seat in SEATS:
        table = msgspec.convert(demo.table(seat), schema.SeatTable)
        assert table.result == msgspec.convert(msgspec.to_builtins(result), schema.GameResult)
        assert table.scores == result.scores
        assert table.to_act == []
        assert table.actions == []


def test_the_seat_page_loads_the_result_banner(demo: Table, client: TestClient) -> None:
    page = client.get(f"/play/{demo.tokens['us']}")
    assert "/static/result.js" in page.text
    script = client.get("/static/result.js")
    assert script.status_code == 200
    assert "function renderResult(table)" in script.text
