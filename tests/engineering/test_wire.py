"""ENG-WIRE-01..12, AMB-ENG-03, -17: barbed wire and the gaps made in it.

German wire w1 at (0, 5): 2" long across x, 3/4" wide. US units stand at (0, 3.9), 0.725" from
it; a breach takes them straight across to (0, 6.1). Improve position (house): d10 + dr, 6+
succeeds. Bog-down (house): d10 + dr, 1 or less bogs down.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from minekit import (
    act,
    engineers,
    events,
    game,
    next_us_turn,
    placed,
    scenario,
    tank,
    troops,
    us_turn,
)

from conftest import GERMAN, US, end_phase, refused, unit
from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering.obstacles.obstacle_effects import DEFAULT_EFFECTS, LADDER

AT = (0.0, 3.9)
ACROSS = (0.0, 6.1)
CHARGE = "w1:wire-charge:us"


def table(*units: dict[str, Any], **wire: Any) -> Any:
    g = game(list(units), wire=[placed("w1", (0, 5), **wire)])
    us_turn(g)
    return g


def condition(g: Any) -> str:
    return str(g.state.obstacles["w1"].condition)


def test_eng_wire_01_base_sizes_and_gap_state() -> None:
    """ENG-WIRE-01: 0.75" x 2" and 0.5" x 1.5" are valid; 1.0" x 2" and 0.5" x 1.0" are not;
    a wire section has a gap or not."""
    for width, length in ((0.75, 2.0), (0.5, 1.5)):
        ok = scenario([], wire=[placed("w1", (0, 5), width=width, length=length)])
        assert ok.wire[0].width == width
    for width, length in ((1.0, 2.0), (0.5, 1.0)):
        with pytest.raises(InputError) as info:
            scenario([], wire=[placed("w1", (0, 5), width=width, length=length)])
        assert "ENG-WIRE-01" in info.value.problem
    g = table()
    assert condition(g) == "intact"
    assert table(gap=True).state.obstacles["w1"].condition == "gapped"
    shown = g.view("public")["obstacles"][0]
    assert (shown["kind"], shown["condition"]) == ("wire", "intact")


def test_eng_wire_02_wire_is_never_removed() -> None:
    """ENG-WIRE-02: no action deletes wire; a gap is the only change."""
    g = table(engineers("e1", AT))
    assert refused(g, US, {"action": "remove-obstacle", "obstacle": "w1"}).rule == "ENG-WIRE-02"
    act(g, "cut-wire", 6, unit="e1", wire="w1")
    assert set(g.state.obstacles) == {"w1"}
    assert condition(g) == "gapped"


def test_eng_wire_03_a_gap_is_one_step_better() -> None:
    """ENG-WIRE-03 / AMB-ENG-03 (BF-TERRAIN): for every kind of unit, a gap is one step nearer
    "no effect" on the ladder none < breach < breach + bog-down < impassable."""
    intact, gapped = DEFAULT_EFFECTS["wire.intact"], DEFAULT_EFFECTS["wire.gapped"]
    for mobility in ("foot", "tracked", "half-tracked", "wheeled", "gun"):
        assert LADDER.index(gapped.of(mobility)) == LADDER.index(intact.of(mobility)) - 1


@pytest.mark.parametrize(
    "crosser",
    [
        troops("r1", AT),
        tank("t1", AT),
        unit("h1", US, kind="soft-vehicle", traits=["half-tracked"], position=AT),
    ],
)
def test_eng_wire_04_gap_takes_a_plain_breach(crosser: dict[str, Any]) -> None:
    """ENG-WIRE-04 (BF-BREACH): troops, tracked and half-tracked vehicles pass a gap with a
    breach action and no bog-down check (no dice are given, none are rolled); straight across."""
    g = table(crosser, gap=True)
    act(g, "breach", unit=crosser["id"], obstacle="w1")
    assert g.state.units[crosser["id"]].position == ACROSS


def test_eng_wire_05_wheeled_and_guns_need_a_gap() -> None:
    """ENG-WIRE-05: a wheeled vehicle (or gun) cannot cross ungapped wire; through a gap it takes
    a breach action and a bog-down check."""
    lorry = unit("l1", US, kind="soft-vehicle", position=AT)
    gun = unit("g1", US, kind="gun", position=(0.5, 3.9))
    g = table(lorry, gun)
    for uid in ("l1", "g1"):
        assert refused(g, US, {"action": "breach", "unit": uid, "obstacle": "w1"}).rule == (
            "ENG-WIRE-05"
        )
    gapped = table(lorry, gap=True)
    entry = act(gapped, "breach", 2, unit="l1", obstacle="w1")
    assert events(entry, "bog-down-rolled")[0]["result"]["outcome"] == "crosses"
    assert gapped.state.units["l1"].position == ACROSS


def test_eng_wire_06_tracked_vehicle_through_wire_leaves_a_gap() -> None:
    """ENG-WIRE-06: a tracked or half-tracked vehicle breaching ungapped wire and passing its
    bog-down check leaves a gap; failing it leaves the wire as it was (and the vehicle stuck)."""
    g = table(tank("t1", AT))
    act(g, "breach", 2, unit="t1", obstacle="w1")
    assert condition(g) == "gapped"
    stuck = table(tank("t1", AT))
    act(stuck, "breach", 1, unit="t1", obstacle="w1")
    assert condition(stuck) == "intact"
    assert stuck.state.units["t1"].position == AT
    assert stuck.state.footing["t1"].bogged == "w1"
    move = {"action": "move", "unit": "t1", "to": [3, 3.9]}
    assert refused(stuck, US, move).rule == "BF-DEFAULT-BOG"
    next_us_turn(stuck)
    act(stuck, "breach", 5, unit="t1", obstacle="w1")  # it may retry with a later action
    assert condition(stuck) == "gapped"
    assert stuck.state.footing["t1"].bogged == ""


def test_amb_eng_03_troops_never_roll_bog_down() -> None:
    """AMB-ENG-03: ungapped wire asks a breach and a bog-down check; troop stands never roll."""
    g = table(troops("r1", AT))
    act(g, "breach", unit="r1", obstacle="w1")
    assert g.state.units["r1"].position == ACROSS
    assert condition(g) == "intact"
    assert find_check("engineering.bog-down").check().odds_table() == [
        ("bogged", Fraction(1, 10)),
        ("crosses", Fraction(9, 10)),
    ]


def test_eng_wire_07_wire_cutters_improve_position() -> None:
    """ENG-WIRE-07 / AMB-ENG-17: a conformed troop stand (any, not only engineers) makes an
    improve position roll: success gaps the wire, failure does not; unconformed is refused."""
    g = table(troops("r1", AT))
    act(g, "cut-wire", 5, unit="r1", wire="w1")
    assert condition(g) == "intact"
    next_us_turn(g)
    act(g, "cut-wire", 6, unit="r1", wire="w1")
    assert condition(g) == "gapped"
    far = table(troops("r1", (0, 2)))
    action = {"action": "cut-wire", "unit": "r1", "wire": "w1"}
    assert refused(far, US, action, 6).rule == "ENG-WIRE-07"
    assert find_check("engineering.wire-cutting").check(dr=0).odds_table() == [
        ("failure", Fraction(1, 2)),
        ("success", Fraction(1, 2)),
    ]


def test_amb_eng_17_cutting_wire_is_an_engineering_action() -> None:
    """AMB-ENG-17 / AMB-ENG-02: the attempt counts as the stand's engineering action (it may do
    nothing else that turn, ENG-ACT-03)."""
    g = table(troops("r1", AT))
    act(g, "cut-wire", 5, unit="r1", wire="w1")
    move = {"action": "move", "unit": "r1", "to": [2, 3.9]}
    assert refused(g, US, move).rule == "ENG-ACT-03"


def test_eng_wire_08_engineers_and_assault_troops_blow_wire() -> None:
    """ENG-WIRE-08: ordinary infantry may not prepare a wire charge; assault troops may."""
    g = table(troops("r1", AT), troops("a1", (0.5, 3.9), traits=["assault-troops"]))
    r1 = {"action": "prepare-charge", "unit": "r1", "obstacle": "w1"}
    assert refused(g, US, r1).rule == "AMB-ENG-44"
    act(g, "prepare-charge", unit="a1", obstacle="w1")
    next_us_turn(g)
    act(g, "demolish", 2, unit="a1", demolition=CHARGE)
    assert condition(g) == "gapped"


def test_eng_wire_09_one_action_while_conformed_prepares_it() -> None:
    """ENG-WIRE-09: one engineering action conformed to the wire prepares the charge; not
    conformed, it is refused."""
    g = table(engineers("e1", AT), engineers("e2", (0, 2)))
    far = {"action": "prepare-charge", "unit": "e2", "obstacle": "w1"}
    assert refused(g, US, far).rule == "ENG-WIRE-09"
    act(g, "prepare-charge", unit="e1", obstacle="w1")
    assert g.state.demolitions[CHARGE].prepared
    assert g.state.demolitions[CHARGE].target == "w1"


def test_eng_wire_10_demolition_gaps_the_wire() -> None:
    """ENG-WIRE-10: a demolition action of 2-10 (9/10) gaps the wire; a 1 does not."""
    g = table(engineers("e1", AT))
    act(g, "prepare-charge", unit="e1", obstacle="w1")
    next_us_turn(g)
    act(g, "demolish", 1, unit="e1", demolition=CHARGE)
    assert condition(g) == "intact"
    next_us_turn(g)
    act(g, "prepare-charge", unit="e1", obstacle="w1")
    next_us_turn(g)
    act(g, "demolish", 10, unit="e1", demolition=CHARGE)
    assert condition(g) == "gapped"


def gunners(n: int) -> list[dict[str, Any]]:
    return [
        unit(f"a{i}", US, kind="gun", traits=["artillery"], attack={"T": 3}, position=(0, -20))
        for i in range(1, n + 1)
    ]


def test_eng_wire_11_artillery_as_troops_in_a_log_pillbox() -> None:
    """ENG-WIRE-11: the template's separate attack on the wire treats it as troops in a log
    pillbox, -2."""
    g = table(*gunners(1))
    end_phase(g, 2)
    entry = act(g, "bombard", 5, unit="a1", target="w1")
    result = events(entry, "feature-shelled")[0]["result"]
    assert {m["rule"]: m["value"] for m in result["modifiers"]}["ENG-WIRE-11"] == -2
    assert result["total"] == 5 + 3 - 2
    assert [e["event"] for item in g.log_view(GERMAN) for e in item["events"]].count(
        "feature-shelled"
    ) == 1


def test_eng_wire_12_only_a_ko_gaps_the_wire() -> None:
    """ENG-WIRE-12: suppressed or disordered leaves the wire; knocked out (d10 + 1 >= 9) gaps
    it."""
    g = table(*gunners(3))
    end_phase(g, 2)
    for gun, face, after in (("a1", 4, "intact"), ("a2", 7, "intact"), ("a3", 8, "gapped")):
        act(g, "bombard", face, unit=gun, target="w1")
        assert condition(g) == after


def test_amb_eng_03_a_scenario_replaces_the_house_ladder() -> None:
    """AMB-ENG-03: the ladder is house data; a scenario's `terrain_effects:` replaces a row
    (here: wheeled vehicles may breach ungapped wire with a bog-down check), and a bad row is
    refused when the scenario loads."""
    row = {
        "rules": ["AMB-ENG-03"],
        "foot": "breach-bog",
        "tracked": "breach-bog",
        "half-tracked": "breach-bog",
        "wheeled": "breach-bog",
        "gun": "impassable",
    }
    g = game(
        [unit("l1", US, kind="soft-vehicle", position=AT)],
        wire=[placed("w1", (0, 5))],
        terrain_effects={"wire": {"intact": row}},
    )
    us_turn(g)
    entry = act(g, "breach", 2, unit="l1", obstacle="w1")
    assert events(entry, "bog-down-rolled")[0]["result"]["outcome"] == "crosses"
    with pytest.raises(InputError):
        scenario([], terrain_effects={"wire": {"intact": {**row, "wheeled": "maybe"}}})
    with pytest.raises(InputError):
        scenario([], terrain_effects={"wire": {"cut": row}})
