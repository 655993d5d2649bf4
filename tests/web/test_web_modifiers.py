"""Declared modifiers through the API: bounded by their rule (refused with a 409 naming it, before
any die) and, once accepted, shown to the other side in its log (BF-DEFAULT-DECLARED)."""

from __future__ import annotations

from webgame import PREPARE_BRIDGE, Table

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
