"""Building pontoon and treadway spans (ENG-BRIDGE-10..17, AMB-ENG-24/25).

A river band lies between y = 20 and y = 22; the German pontoon is sited at (10, 21). Builders
stand 0.5" from the bank (conformed, BF-CONFORM); the equipment lies at (10, 19.5). House improve
position table: d10 + modifiers, 6 or more succeeds, a natural 1 fails.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fieldwork_kit import RIVER, engineers, game, troops, vehicle

from conftest import advance_to, do, events_tagged, refused, tags
from kriegsspiel.registry import find_check


def pontoon(**extra: Any) -> dict[str, Any]:
    return {
        "id": "pontoon",
        "kind": "pontoon",
        "side": "german",
        "obstacle": "river",
        "position": [10, 21],
        "spans_required": 3,
    } | extra


def equipment(n: int = 1) -> list[dict[str, Any]]:
    return [
        {"id": f"eq{i}", "side": "german", "bridge": "pontoon", "position": [10, 19.5]}
        for i in range(1, n + 1)
    ]


def setup(*units: dict[str, Any], bridge: dict[str, Any] | None = None, n: int = 1) -> Any:
    return game(
        [*units, troops("watch", "us", (30, 40))],
        terrain=[RIVER],
        bridges=[bridge or pontoon()],
        bridging=equipment(n),
    )


def span(unit: str = "e1", *helpers: str) -> dict[str, Any]:
    return {"action": "build-span", "unit": unit, "bridge": "pontoon", "helpers": list(helpers)}


def modifiers(entry: Any) -> dict[str, int]:
    result = events_tagged(entry, "span-rolled")[0]["result"]
    return {m["label"]: m["value"] for m in result["modifiers"]}


E1 = engineers("e1", "german", (10.5, 19.5))
T2 = troops("t2", "german", (9.5, 19.5))
T3 = troops("t3", "german", (11, 19.5))


def test_eng_bridge_10_an_engineer_must_lead_as_primary_builder() -> None:
    """ENG-BRIDGE-10 with AMB-ENG-24: a primary that is not an engineer is refused."""
    g = setup(E1, T2)
    assert refused(g, "german", span("t2", "e1"), 6).rule == "ENG-BRIDGE-10"
    assert "span-rolled" in tags(do(g, "german", span("e1", "t2"), 6))


def test_eng_bridge_11_only_t_class_units_build() -> None:
    """ENG-BRIDGE-11: a vehicle or a gun joining the work is refused."""
    tank = vehicle("tank", "german", (10, 19.4))
    gun = {"id": "gun", "side": "german", "kind": "gun", "position": [10, 19.3]}
    g = setup(E1, tank, gun)
    assert refused(g, "german", span("e1", "tank"), 6).rule == "ENG-BRIDGE-11"
    assert refused(g, "german", span("e1", "gun"), 6).rule == "ENG-BRIDGE-11"


def test_eng_bridge_12_builders_out_of_place_are_left_out() -> None:
    """ENG-BRIDGE-12: a helper conformed but 2.5" from the equipment is excluded (no +1); a
    primary not conformed to the gap is refused."""
    far = troops("far", "german", (12.5, 19.5))  # 0.5" from the bank, 2.5" from the equipment
    g = setup(E1, far)
    entry = do(g, "german", span("e1", "far"), 5)  # 5 + 0: failure; with +1 it would succeed
    started = events_tagged(entry, "span-started")[0]
    assert list(started["helpers"]) == []
    assert list(started["excluded"]) == ["far"]
    assert "more than one unit on the span" not in modifiers(entry)
    assert events_tagged(entry, "span-rolled")[0]["result"]["outcome"] == "failure"
    loose = engineers("loose", "german", (10, 18.4))  # 1.6" from the bank
    g = setup(loose)
    assert refused(g, "german", span("loose"), 6).rule == "ENG-BRIDGE-12"


def test_eng_bridge_13_every_builder_spends_its_engineering_action_and_one_roll_is_made() -> None:
    """ENG-BRIDGE-13 with AMB-ENG-25: each builder's EA for the turn; one IP roll per span."""
    g = setup(E1, T2, T3)
    entry = do(g, "german", span("e1", "t2", "t3"), 6)  # exactly one die
    assert len(events_tagged(entry, "span-rolled")) == 1
    for unit in ("e1", "t2", "t3"):
        assert g.state.units[unit].engineering_at == (1, 0)
        assert g.state.actions_left(unit) == 0
    assert refused(g, "german", {"action": "move", "unit": "t2", "to": [9, 19]}).rule in (
        "ENG-ACT-03",
        "BF-ACT",
    )


def test_amb_eng_25_one_span_attempt_per_bridge_per_turn() -> None:
    """AMB-ENG-25: a second attempt on the same bridge in the same turn is refused."""
    e2 = engineers("e2", "german", (9, 19.5))
    g = setup(E1, e2, n=2)
    do(g, "german", span("e1"), 2)
    assert refused(g, "german", span("e2"), 6).rule == "AMB-ENG-25"


def test_eng_bridge_14_the_primary_builders_dr_modifies_the_roll() -> None:
    """ENG-BRIDGE-14: dr -1 -> -1; dr +1 -> +1."""
    for dr in (-1, 1):
        g = setup(engineers("e1", "german", (10.5, 19.5), dr=dr))
        entry = do(g, "german", span(), 6)
        assert modifiers(entry)["primary builder's discipline rating"] == dr
        outcome = events_tagged(entry, "span-rolled")[0]["result"]["outcome"]
        assert outcome == ("failure" if dr == -1 else "success")  # 6 - 1 = 5; 6 + 1 = 7


def test_eng_bridge_15_a_swollen_river_gives_minus_one() -> None:
    """ENG-BRIDGE-15: swollen = true -> -1."""
    g = setup(E1, bridge=pontoon(swollen=True))
    entry = do(g, "german", span(), 6)
    assert modifiers(entry)["swollen river"] == -1
    assert events_tagged(entry, "span-rolled")[0]["result"]["outcome"] == "failure"


def test_eng_bridge_16_more_than_one_unit_gives_plus_one_never_more() -> None:
    """ENG-BRIDGE-16: 1 unit -> 0, 2 units -> +1, 3 units -> +1."""
    expected = {(): None, ("t2",): 1, ("t2", "t3"): 1}
    for helpers, bonus in expected.items():
        g = setup(E1, T2, T3)
        entry = do(g, "german", span("e1", *helpers), 5)
        assert modifiers(entry).get("more than one unit on the span") == bonus
    check = find_check("engineering.bridge-span")
    assert check.check(helpers=0).odds()["success"] == Fraction(1, 2)
    assert check.check(helpers=1).odds()["success"] == Fraction(3, 5)
    assert check.check(helpers=2).odds()["success"] == Fraction(3, 5)


def test_bridge_span_odds_combine_every_modifier() -> None:
    """ENG-BRIDGE-13..16: dr -1, swollen, helpers: 5 + (-1 - 1 + 1) -> 6+ needs a natural 7."""
    check = find_check("engineering.bridge-span").check(dr=-1, swollen=True, helpers=1)
    assert check.odds()["success"] == Fraction(2, 5)
    assert check.odds()["failure"] == Fraction(3, 5)


def test_eng_bridge_17_the_bridge_is_built_with_its_last_span() -> None:
    """ENG-BRIDGE-17: spans_required = 3 -> usable only after the third success; each success
    places one item of equipment."""
    g = setup(E1, n=3)
    results = []
    for turn, face in enumerate((6, 3, 7, 9), start=1):
        advance_to(g, turn, "german")
        entry = do(g, "german", span(), face)
        results.append(g.state.bridges["pontoon"].spans_built)
        usable = g.view("us")["bridges"][0]["usable"]
        assert usable is (results[-1] == 3)
    assert results == [1, 1, 2, 3]
    assert "bridge-built" in tags(entry)
    assert sum(e.placed for e in g.state.bridging.values()) == 3
    advance_to(g, 5, "german")
    assert refused(g, "german", span(), 6).rule == "ENG-BRIDGE-17"


def test_opportunity_fire_at_the_primary_can_cancel_the_span() -> None:
    """ENG-ACT-10 for a span: a disorder on the primary cancels the attempt; no span is built."""
    rifles = troops("r", "us", (10, 30), attack={"T": 3})
    g = game([E1, rifles], terrain=[RIVER], bridges=[pontoon()], bridging=equipment())
    do(g, "german", span(), 9)  # the sealed roll would succeed
    entry = do(g, "us", {"action": "opportunity-fire", "unit": "r"}, 4)  # 4 + 3 = 7: disordered
    assert "work-cancelled" in tags(entry)
    assert g.state.bridges["pontoon"].spans_built == 0
