"""ENG-BOCAGE-01..09, AMB-ENG-21: bocage hedgerows.

A stretch of bocage h1 at (0, 5), 2" long, 1/2" deep; another, h2, at (4, 5). US units stand
0.7" short of h1 at (0, 3.55), facing it; a German anti-tank gun g1 (no position needed) fires.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from minekit import (
    act,
    engineers,
    events,
    fire_odds,
    game,
    next_us_turn,
    placed,
    tank,
    tenths,
    troops,
    us_turn,
)

from conftest import GERMAN, US, end_phase, refused, unit

AT = (0.0, 4.05)
ACROSS = (0.0, 5.95)


def table(*units: dict[str, Any], **h1: Any) -> Any:
    g = game(
        [*units, unit("g1", GERMAN, kind="gun", attack={"V": 4}, position=(0, 20))],
        bocage=[placed("h1", (0, 5), **h1), placed("h2", (4, 5))],
    )
    us_turn(g)
    return g


def condition(g: Any, hid: str = "h1") -> str:
    return str(g.state.obstacles[hid].condition)


def shot(g: Any) -> dict[str, Fraction]:
    """The odds of g1's shot at v1 in the German defensive fire phase of the US player turn."""
    end_phase(g)
    return fire_odds(g, GERMAN, "fire", unit="g1", target="v1")


FACING = tenths(0, 2, 2, 6)  # d10 + 4 (V 4) on the house fire table: 5-6 S, 7-8 D, 9+ KO
FLANK = tenths(0, 1, 2, 7)  # d10 + 4 + 1


def test_eng_bocage_01_breaching_vehicle_shows_its_flank() -> None:
    """ENG-BOCAGE-01: "If a vehicle performing a breaching action through a bocage hedgerow is
    fired upon using direct fire, use the flank armor of the vehicle", even from straight ahead:
    the house fire table has no facings, so the exposed flank is +1 (BF-DEFAULT-FLANK) over the
    same shot at a vehicle that did not breach."""
    still = table(tank("v1", AT))
    assert shot(still) == FACING
    g = table(tank("v1", AT))
    act(g, "breach", 5, unit="v1", obstacle="h1")
    assert shot(g) == FLANK
    entry = act(g, "fire", 3, seat=GERMAN, unit="g1", target="v1")
    mods = events(entry, "fired")[0]["result"]["modifiers"]
    flank = {"label": "breaching bocage: its flank armour", "value": 1, "rule": "ENG-BOCAGE-01"}
    assert flank in mods
    seen = {u["id"]: u for u in g.view("public")["units"]}["v1"]
    assert seen["armour_facing"].startswith("flank")


def test_bf_default_flank_a_scenario_replaces_the_value() -> None:
    """BF-DEFAULT-FLANK: the scenario's `bocage_flank_modifier` (3: d10 + 7)."""
    g = game(
        [tank("v1", AT), unit("g1", GERMAN, kind="gun", attack={"V": 4}, position=(0, 20))],
        bocage=[placed("h1", (0, 5))],
        options={"bocage_flank_modifier": 3},
    )
    us_turn(g)
    act(g, "breach", 5, unit="v1", obstacle="h1")
    assert shot(g) == tenths(0, 0, 1, 9)


def test_eng_bocage_02_hedgerow_cutter_keeps_its_facing() -> None:
    """ENG-BOCAGE-02: "Vehicles with a hedgerow cutter do not use this modifier": the same shot
    at a vehicle with a hedgerow cutter uses its facing armour, the odds of a vehicle that did
    not breach."""
    from kriegsspiel.rulesets.engineering.obstacles.bocage import armour_facing

    g = table(tank("v1", AT, traits=["hedgerow-cutter"]))
    act(g, "breach", 5, unit="v1", obstacle="h1")
    assert armour_facing(g.state, "v1", (0, 20)) == "front"
    assert shot(g) == FACING
    entry = act(g, "fire", 3, seat=GERMAN, unit="g1", target="v1")
    rules = [m["rule"] for m in events(entry, "fired")[0]["result"]["modifiers"]]
    assert "ENG-BOCAGE-01" not in rules


def test_eng_bocage_03_a_vehicle_through_leaves_a_gap() -> None:
    """ENG-BOCAGE-03 / AMB-ENG-21: a tracked vehicle that gets through (bog-down passed) gaps the
    hedgerow; a wheeled one cannot breach it at all."""
    g = table(tank("v1", AT), unit("l1", US, kind="soft-vehicle", position=(0.5, 4.05)))
    assert refused(g, US, {"action": "breach", "unit": "l1", "obstacle": "h1"}).rule == (
        "AMB-ENG-21"
    )
    act(g, "breach", 2, unit="v1", obstacle="h1")
    assert condition(g) == "gapped"
    assert g.state.units["v1"].position == ACROSS


def test_eng_bocage_04_troops_through_a_gap_with_a_normal_move() -> None:
    """ENG-BOCAGE-04: troops cross a gap with a move; ungapped, they need a breach action."""
    g = table(troops("r1", AT))
    assert refused(g, US, {"action": "move", "unit": "r1", "to": [0, 7]}).rule == "AMB-ENG-03"
    gap = table(troops("r1", AT), gap=True)
    act(gap, "move", unit="r1", to=[0, 7])


def test_eng_bocage_05_tracked_through_a_gap_breach_no_bog() -> None:
    """ENG-BOCAGE-05: a tracked vehicle crosses a gap with a breach action, no bog-down roll."""
    g = table(tank("v1", AT), gap=True)
    act(g, "breach", unit="v1", obstacle="h1")
    assert g.state.units["v1"].position == ACROSS


def test_eng_bocage_06_wheeled_through_a_gap_breach_and_bog_down() -> None:
    """ENG-BOCAGE-06: a wheeled vehicle crosses a gap with a breach and a bog-down check."""
    g = table(unit("l1", US, kind="soft-vehicle", position=AT), gap=True)
    entry = act(g, "breach", 2, unit="l1", obstacle="h1")
    assert events(entry, "bog-down-rolled")[0]["result"]["outcome"] == "crosses"


def test_eng_bocage_07_dozer_gaps_it_with_two_actions() -> None:
    """ENG-BOCAGE-07: a dozer conformed frontally: no gap after one engineering action, a gap
    after the second."""
    g = table(tank("z1", AT, traits=["dozer"]))
    act(g, "doze", unit="z1", obstacle="h1")
    act(g, "pass", seat=GERMAN)  # ENG-ACT-09: the German gun lets the work go ahead
    assert condition(g) == "intact"
    next_us_turn(g)
    act(g, "doze", unit="z1", obstacle="h1")
    act(g, "pass", seat=GERMAN)
    assert condition(g) == "gapped"


def test_eng_bocage_08_charge_takes_two_preparations() -> None:
    """ENG-BOCAGE-08: a demolition after only one preparation is refused; after two, a 2-10
    gaps the hedgerow."""
    g = table(engineers("e1", AT))
    charge = "h1:bocage-charge:us"
    act(g, "prepare-charge", unit="e1", obstacle="h1")
    next_us_turn(g)
    early = {"action": "demolish", "unit": "e1", "demolition": charge}
    assert refused(g, US, early, 5).rule == "ENG-DEMO-02"
    act(g, "prepare-charge", unit="e1", obstacle="h1")
    next_us_turn(g)
    act(g, "demolish", 2, unit="e1", demolition=charge)
    assert condition(g) == "gapped"


def test_eng_bocage_09_culin_cutter_halves_the_preparation() -> None:
    """ENG-BOCAGE-09 / AMB-ENG-21: a Culin tank's maneuver action conformed at the point before
    the charge is begun: one preparation there; at another point, still two."""
    culin = tank("c1", (0.5, 4.05), traits=["culin-cutter"])
    g = table(engineers("e1", AT), engineers("e2", (4, 4.05)), culin)
    act(g, "culin-assist", unit="c1", bocage="h1")
    assert g.state.actions_left("c1") == 1  # an ordinary action
    act(g, "prepare-charge", unit="e1", obstacle="h1")
    assert g.state.demolitions["h1:bocage-charge:us"].prepared
    act(g, "prepare-charge", unit="e2", obstacle="h2")
    assert not g.state.demolitions["h2:bocage-charge:us"].prepared
    late = table(engineers("e1", AT), tank("c1", (0.5, 4.05), traits=["culin-cutter"]))
    act(late, "prepare-charge", unit="e1", obstacle="h1")
    assert refused(late, US, {"action": "culin-assist", "unit": "c1", "bocage": "h1"}).rule == (
        "ENG-BOCAGE-09"
    )
