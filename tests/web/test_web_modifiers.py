"""Declared modifiers through the API: bounded by their rule (refused with a 409 naming it, before
any die) and, once accepted, shown to the other side in its log (BF-DEFAULT-DECLARED); with the
game option `declared_modifiers: umpire-approves`, held for the umpire before the roll and shown
to every seat meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webgame import PREPARE_BRIDGE, Table, create

from kriegsspiel.web import create_app

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

FIRE = {"action": "opportunity-fire", "unit": "rifle-1"}


def test_a_modifier_beyond_its_bound_is_refused_naming_the_rule(demo: Table) -> None:
    demo.act("german", PREPARE_BRIDGE)
    answer = demo.post("us", "/act", {"action": FIRE | {"modifier": 1_000_000}, "dice": [4]})
    assert answer.status_code == 409
    assert answer.json()["rule"] == "BF-DEFAULT-DECLARED"
    message = answer.json()["error"]
    assert message.startswith("BF-DEFAULT-DECLARED: a declared modifier is at most 4")
    assert len(demo.log("umpire")) == 1
    preview = demo.post("us", "/preview", {"action": FIRE | {"modifier": 5}})
    assert preview.status_code == 409


def test_an_accepted_modifier_is_shown_to_the_other_side(demo: Table) -> None:
    demo.act("german", PREPARE_BRIDGE)
    demo.act("us", FIRE | {"modifier": -2}, dice=[4])
    for seat in ("german", "umpire"):
        fired = demo.log(seat)[-1]
        assert "-2 declared modifiers (BF-DEFAULT-FIRE)" in fired["events"][0]["text"]
        modifiers = fired["events"][0]["result"]["modifiers"]
        assert {"label": "declared modifiers", "value": -2} in [
            {k: m[k] for k in ("label", "value")} for m in modifiers
        ]


def approving(client: TestClient) -> Table:
    """The demo with a person as umpire: declared modifiers wait for approval."""
    table = create(client, umpire="person")
    table.act("german", PREPARE_BRIDGE)
    return table


def test_a_declared_modifier_waits_for_the_umpire_and_every_seat_sees_it(
    client: TestClient,
) -> None:
    table = approving(client)
    answer = table.post("us", "/act", {"action": FIRE | {"modifier": 2}, "dice": [4]})
    assert answer.status_code == 202
    held = answer.json()["pending"]
    assert answer.json()["entries"] == []
    assert held["seat"] == "us"
    assert held["label"] == "Rifle squad 1 takes opportunity fire at Pioniere 1"
    assert held["modifiers"] == {"modifier": 2}
    assert len(table.log("umpire")) == 1  # nothing rolled, nothing recorded
    for seat in ("umpire", "german", "us", "public"):
        seen = table.table(seat)
        assert seen["declared_modifiers"] == "umpire-approves"
        assert seen["approvals"] == [held]
    # a side may not decide it
    refused = table.post("german", "/approve", {"id": held["id"], "approve": True})
    assert refused.status_code == 409
    assert refused.json()["rule"] == "SEATS-UMPIRE"
    approved = table.post("umpire", "/approve", {"id": held["id"], "approve": True})
    assert approved.status_code == 200, approved.text
    (entry,) = approved.json()["entries"]
    text = entry["events"][0]["text"]
    assert "rolled 4" in text  # the seat's own dice, as it sent them
    assert "+2 declared modifiers" in text
    assert table.table("us")["approvals"] == []
    again = table.post("umpire", "/approve", {"id": held["id"], "approve": True})
    assert again.status_code == 400
    assert "no action awaits approval" in again.json()["error"]


def test_a_refused_modifier_records_nothing_and_tells_its_seat(client: TestClient) -> None:
    table = approving(client)
    held = table.post("us", "/act", {"action": FIRE | {"modifier": -1}}).json()["pending"]
    answer = table.post("umpire", "/approve", {"id": held["id"], "approve": False})
    assert answer.status_code == 200
    assert answer.json()["entries"] == []
    assert len(table.log("umpire")) == 1
    assert table.table("us")["approvals"] == [held | {"refused": True}]
    assert table.table("german")["approvals"] == []


def test_only_a_declared_modifier_waits_and_a_bad_one_is_refused_at_once(
    client: TestClient,
) -> None:
    table = approving(client)
    too_much = table.post("us", "/act", {"action": FIRE | {"modifier": 9}})
    assert too_much.status_code == 409
    assert too_much.json()["rule"] == "BF-DEFAULT-DECLARED"
    assert table.table("umpire")["approvals"] == []
    plain = table.post("us", "/act", {"action": FIRE, "dice": [4]})
    assert plain.status_code == 200  # no modifier declared: nothing to approve
    assert len(table.log("umpire")) == 2


@pytest.mark.parametrize(
    ("body", "mode"),
    [
        ({}, "trusted"),  # at a table
        ({"umpire": "table"}, "trusted"),
        ({"umpire": "person"}, "umpire-approves"),
        ({"umpire": "person", "declared_modifiers": "trusted"}, "trusted"),  # chosen outright
        ({"declared_modifiers": "umpire-approves"}, "umpire-approves"),
    ],
)
def test_the_mode_is_trusted_at_a_table_and_approved_when_a_person_umpires(
    client: TestClient, body: dict[str, str], mode: str
) -> None:
    created = client.post("/api/games", json={"scenario": "demo", **body})
    assert created.status_code == 201, created.text
    assert created.json()["declared_modifiers"] == mode
    umpire = next(s["page"] for s in created.json()["seats"] if s["seat"] == "umpire")
    seen = client.get("/api" + umpire.replace("/play/", "/seats/")).json()
    assert seen["declared_modifiers"] == mode


def test_the_mode_and_a_held_action_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with TestClient(create_app(db)) as first:
        table = approving(first)
        held = table.post("us", "/act", {"action": FIRE | {"modifier": 2}, "dice": [5]})
        pending = held.json()["pending"]
        refused = table.post("us", "/act", {"action": FIRE | {"modifier": -1}}).json()["pending"]
        table.post("umpire", "/approve", {"id": refused["id"], "approve": False})
    with TestClient(create_app(db)) as second:  # nothing of the first server in memory
        again = Table(second, table.game, table.tokens)
        seen = again.table("us")
        assert seen["declared_modifiers"] == "umpire-approves"
        assert seen["approvals"] == [pending, refused | {"refused": True}]
        # a new modifier is held too: the mode did not fall back to trusted
        another = again.post("us", "/act", {"action": FIRE | {"modifier": 1}})
        assert another.status_code == 202
        again.post("umpire", "/approve", {"id": another.json()["pending"]["id"], "approve": False})
        approved = again.post("umpire", "/approve", {"id": pending["id"], "approve": True})
        (entry,) = approved.json()["entries"]
        assert "rolled 5" in entry["events"][0]["text"]  # its seat's dice, kept unrolled
        assert "+2 declared modifiers" in entry["events"][0]["text"]
        assert [h["id"] for h in again.table("german")["approvals"]] == []
