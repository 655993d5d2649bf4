"""`GET /api/seats/{token}/plan/{task}`: a task's plan from the seat's view, or one clear error."""

from __future__ import annotations

import msgspec
import pytest
from webgame import PREPARE_BRIDGE, Table

from kriegsspiel.web import schema
from kriegsspiel.web.host import Host

pytest_plugins = ["webfixtures"]


def prepared(demo: Table) -> Table:
    demo.act("german", PREPARE_BRIDGE)
    demo.act("us", {"action": "pass"})
    return demo


@pytest.mark.parametrize("seat", ["german", "umpire"])
def test_a_seat_plans_a_task_it_sees(demo: Table, seat: str) -> None:
    """One of the bridge's two preparations is done in turn 1 (ENG-DEMO-03), by a unit that
    has had its engineering action this turn (ENG-ACT-03): the second comes in turn 2."""
    response = prepared(demo).get(seat, "/plan/prepare:bridge")
    assert response.status_code == 200, response.text
    plan = msgspec.convert(response.json(), schema.TaskPlan)
    assert [(r.at, r.probability, r.cumulative) for r in plan.rows] == [(2, "1/1", "1/1")]
    assert plan.by_end == schema.Chance("1/1", 100.0)
    host: Host = demo.client.app.state.host  # type: ignore[attr-defined]
    game = host.game(demo.game)
    assert response.json() == msgspec.json.decode(
        msgspec.json.encode(game.task_plan(seat, "prepare:bridge").report())
    )


def test_a_task_hidden_from_the_seat_is_refused_as_an_unknown_one(demo: Table) -> None:
    prepared(demo)
    answers = [demo.get("us", f"/plan/{task}") for task in ("prepare:bridge", "no-such")]
    assert [a.status_code for a in answers] == [400, 400]
    hidden, unknown = (a.json()["error"] for a in answers)
    assert hidden.replace("prepare:bridge", "T") == unknown.replace("no-such", "T")
    assert hidden.endswith("in this seat's view (tasks: roadblock-clearing)")


def test_an_unknown_token_is_404(demo: Table) -> None:
    response = demo.client.get("/api/seats/nope/plan/prepare:bridge")
    assert response.status_code == 404


def test_the_seat_page_loads_the_plans_line_of_its_ledger(demo: Table) -> None:
    script = demo.client.get("/static/plans.js")
    assert script.status_code == 200
    assert "async function renderPlans(token, tasks, box)" in script.text
    page = demo.client.get(f"/play/{demo.tokens['german']}").text
    assert '<script src="/static/plans.js" defer></script>' in page
    assert '<div id="plans"></div>' in page
