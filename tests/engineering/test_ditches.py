"""ENG-DITCH-01..19, AMB-ENG-18, -19: anti-tank ditches.

German ditch sections d1 at (0, 5) and d2 at (2, 5), each 2" along x and 1" across y. US units
stand at (0, 3.8), 0.7" short of d1, facing up the table (towards it). A troop stand in the ditch
stands at (0, 5).
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
from kriegsspiel.registry import find_check

AT = (0.0, 3.8)
IN = (0.0, 5.0)


def table(*units: dict[str, Any], **d1: Any) -> Any:
    g = game(list(units), ditches=[placed("d1", (0, 5), **d1), placed("d2", (2, 5))])
    us_turn(g)
    return g


def ditch(g: Any, did: str = "d1") -> Any:
    return g.state.obstacles[did]


def move(g: Any, uid: str, to: tuple[float, float]) -> dict[str, Any]:
    return {"action": "move", "unit": uid, "to": list(to)}


def lorry(uid: str, at: tuple[float, float]) -> dict[str, Any]:
    return unit(uid, US, kind="soft-vehicle", position=at)


def test_eng_ditch_01_sections_are_2_by_1_inches() -> None:
    """ENG-DITCH-01: a ditch section's footprint is 2" long and 1" across."""
    fp = ditch(table()).footprint
    assert (fp.length, fp.depth) == (2.0, 1.0)


def test_eng_ditch_02_impassable_to_every_vehicle() -> None:
    """ENG-DITCH-02: tracked, half-tracked and wheeled vehicles may not move into a ditch."""
    g = table(
        tank("t1", AT),
        unit("h1", US, kind="soft-vehicle", traits=["half-tracked"], position=(0.5, 3.8)),
        lorry("l1", (-0.5, 3.8)),
    )
    for uid, x in (("t1", 0.0), ("h1", 0.5), ("l1", -0.5)):
        assert refused(g, US, move(g, uid, (x, 7))).rule == "ENG-DITCH-02"
        breach = {"action": "breach", "unit": uid, "obstacle": "d1"}
        assert refused(g, US, breach).rule == "ENG-DITCH-02"


def test_eng_ditch_03_troops_enter_after_conforming() -> None:
    """ENG-DITCH-03: a stand moving straight into the ditch from afar is refused; a conformed
    stand moves in (by a move, or `cross` where positions are not kept)."""
    g = table(troops("r1", AT), troops("r2", (0, 2)))
    assert refused(g, US, move(g, "r2", IN)).rule == "ENG-DITCH-03"
    act(g, "move", unit="r1", to=list(IN))
    assert g.state.units["r1"].position == IN
    plain = game([unit("r1", US)], ditches=[{"id": "d1"}])
    us_turn(plain)
    act(plain, "cross", unit="r1", obstacle="d1", distance=0.5)
    assert plain.state.footing["r1"].inside == "d1"


def test_eng_ditch_04_troops_leave_by_a_breach_action() -> None:
    """ENG-DITCH-04: leaving with a normal move is refused; a breach action takes it out."""
    g = table(troops("r1", IN))
    assert refused(g, US, move(g, "r1", (0, 7))).rule == "ENG-DITCH-04"
    act(g, "breach", unit="r1", obstacle="d1")
    pos = g.state.units["r1"].position
    assert pos is not None
    assert pos[1] > 5.5  # out on the far side, the way it faces


def test_eng_ditch_05_troops_move_along_the_ditch_freely() -> None:
    """ENG-DITCH-05: along the ditch the move costs what it would in the open (a 2" move for a
    stand of speed 2, from one section into the next)."""
    g = table(troops("r1", IN, speed=2))
    act(g, "move", unit="r1", to=[2, 5])
    assert g.state.units["r1"].position == (2, 5)


def test_eng_ditch_06_occupants_are_dug_in() -> None:
    """ENG-DITCH-06: troops in the ditch count as dug-in, for spotting and cover."""
    g = table(troops("r1", IN), troops("r2", AT))
    units = {u["id"]: u for u in g.view(GERMAN)["units"]}
    assert units["r1"]["cover"] == [{"obstacle": "d1", "case": "dug-in", "rule": "ENG-DITCH-06"}]
    assert "cover" not in units["r2"]


def test_eng_ditch_07_troops_collapse_the_sides() -> None:
    """ENG-DITCH-07: a stand in or conformed to the ditch makes an improve position roll:
    success fills the section, failure leaves it; a stand neither in nor at it is refused."""
    g = table(troops("r1", IN), troops("r2", (0, 1)))
    act(g, "fill-ditch", 5, unit="r1", ditch="d1")
    assert ditch(g).condition == "intact"
    next_us_turn(g)
    act(g, "fill-ditch", 6, unit="r1", ditch="d1")
    assert ditch(g).condition == "filled"
    far = {"action": "fill-ditch", "unit": "r2", "ditch": "d2"}
    assert refused(g, US, far, 6).rule == "ENG-DITCH-07"
    assert find_check("engineering.ditch-filling").check(dr=1).odds_table() == [
        ("failure", Fraction(2, 5)),
        ("success", Fraction(3, 5)),
    ]


def test_eng_ditch_08_filled_section_is_breach_and_bog_down() -> None:
    """ENG-DITCH-08: a vehicle crosses a filled section with a breach and a bog-down check."""
    g = table(troops("r1", IN), lorry("l1", AT))
    act(g, "fill-ditch", 6, unit="r1", ditch="d1")
    entry = act(g, "breach", 2, unit="l1", obstacle="d1")
    assert events(entry, "bog-down-rolled")[0]["result"]["outcome"] == "crosses"
    assert g.state.units["l1"].position == (0.0, 6.2)


def fascine(uid: str, at: tuple[float, float] = AT, **kw: Any) -> dict[str, Any]:
    return tank(uid, at, traits=["fascine"], **kw)


def test_eng_ditch_09_only_fascine_carriers() -> None:
    """ENG-DITCH-09: a vehicle without the fascine trait cannot place one."""
    g = table(tank("t1", AT))
    action = {"action": "drop-fascine", "unit": "t1", "ditch": "d1"}
    assert refused(g, US, action).rule == "ENG-DITCH-09"


def test_eng_ditch_10_a_fascine_fills_the_section() -> None:
    """ENG-DITCH-10: with a fascine in it, any vehicle crosses the section with a breach and a
    bog-down check."""
    g = table(fascine("f1"), lorry("l1", (0.4, 3.8)))
    act(g, "drop-fascine", unit="f1", ditch="d1")
    assert (ditch(g).condition, ditch(g).fascine) == ("filled", True)
    entry = act(g, "breach", 1, unit="l1", obstacle="d1")
    assert events(entry, "bog-down-rolled")[0]["result"]["outcome"] == "bogged"


def test_eng_ditch_11_front_conformed_and_one_action() -> None:
    """ENG-DITCH-11: conformed by its side the vehicle may not drop its fascine; front-conformed,
    one action emplaces it (AMB-ENG-18: an ordinary action: it may still move afterwards)."""
    g = table(fascine("f1", facing=90), fascine("f2", (0.5, 3.8)))
    side_on = {"action": "drop-fascine", "unit": "f1", "ditch": "d1"}
    assert refused(g, US, side_on).rule == "ENG-DITCH-11"
    act(g, "drop-fascine", unit="f2", ditch="d1")
    assert ditch(g).fascine
    assert g.state.actions_left("f2") == 1
    act(g, "move", unit="f2", to=[0.5, 2])


def test_eng_ditch_12_a_fascine_stays_put() -> None:
    """ENG-DITCH-12: a remove (or move) command on an emplaced fascine is refused."""
    g = table(fascine("f1"))
    act(g, "drop-fascine", unit="f1", ditch="d1")
    for seat in (US, GERMAN, "umpire"):
        action = {"action": "remove-obstacle", "obstacle": "d1"}
        assert refused(g, seat, action).rule == "ENG-DITCH-12"


def test_eng_ditch_13_one_fascine_per_carrier() -> None:
    """ENG-DITCH-13: a second fascine from the same vehicle is refused."""
    g = table(fascine("f1", (1, 3.8)))
    act(g, "drop-fascine", unit="f1", ditch="d1")
    next_us_turn(g)
    again = {"action": "drop-fascine", "unit": "f1", "ditch": "d2"}
    assert refused(g, US, again).rule == "ENG-DITCH-13"


def test_eng_ditch_14_dozer_fills_with_one_action_no_roll() -> None:
    """ENG-DITCH-14 / AMB-ENG-42: a dozer front-conformed fills the section with one engineering
    action and no die (none given, none used); conformed by its side it is refused."""
    g = table(tank("z1", AT, traits=["dozer"]), tank("z2", (2, 3.8), traits=["dozer"], facing=90))
    side_on = {"action": "doze", "unit": "z2", "obstacle": "d2"}
    assert refused(g, US, side_on).rule == "ENG-DITCH-14"
    act(g, "doze", unit="z1", obstacle="d1")
    assert ditch(g).condition == "filled"
    assert g.state.units["z1"].engineering_at == g.state.player_turn


def test_eng_ditch_15_demolition_fills_the_section() -> None:
    """ENG-DITCH-15: one engineering action conformed prepares a charge; a demolition of 2-10
    fills the section."""
    g = table(engineers("e1", AT))
    act(g, "prepare-charge", unit="e1", obstacle="d1")
    charge = "d1:ditch-charge:us"
    assert g.state.demolitions[charge].prepared
    next_us_turn(g)
    act(g, "demolish", 2, unit="e1", demolition=charge)
    assert ditch(g).condition == "filled"


def bridgelayer(uid: str, at: tuple[float, float] = AT) -> dict[str, Any]:
    return tank(uid, at, traits=["bridgelayer"])


def test_eng_ditch_16_bridgelayer_emplaces_its_bridge() -> None:
    """ENG-DITCH-16: a bridge-laying vehicle conformed to the ditch, one engineering action: the
    section is bridged (`lay-bridge`)."""
    g = table(bridgelayer("b1"))
    act(g, "lay-bridge", unit="b1", obstacle="d1")
    assert ditch(g).condition == "bridged"


def test_eng_ditch_17_bridge_crossed_by_breach_without_bog_down() -> None:
    """ENG-DITCH-17: other units conform and take a breach action, no bog-down check (no dice)."""
    g = table(bridgelayer("b1"), lorry("l1", (0.5, 3.8)))
    act(g, "lay-bridge", unit="b1", obstacle="d1")
    act(g, "breach", unit="l1", obstacle="d1")
    assert g.state.units["l1"].position == (0.5, 6.2)


def test_eng_ditch_18_concrete_lined_ditches() -> None:
    """ENG-DITCH-18: a concrete-lined section is not filled by hand or by dozer; explosives,
    fascines and bridging still work."""
    units = (troops("r1", AT), tank("z1", (0.3, 3.8), traits=["dozer"]))
    g = table(*units, variant="concrete")
    hand = {"action": "fill-ditch", "unit": "r1", "ditch": "d1"}
    assert refused(g, US, hand, 6).rule == "ENG-DITCH-18"
    assert refused(g, US, {"action": "doze", "unit": "z1", "obstacle": "d1"}).rule == (
        "ENG-DITCH-18"
    )
    for extra, how in (
        (engineers("e1", (0.6, 3.8)), "charge"),
        (fascine("f1", (0.6, 3.8)), "fascine"),
        (bridgelayer("b1", (0.6, 3.8)), "bridge"),
    ):
        h = table(extra, variant="concrete")
        uid = extra["id"]
        if how == "charge":
            act(h, "prepare-charge", unit=uid, obstacle="d1")
            next_us_turn(h)
            act(h, "demolish", 5, unit=uid, demolition="d1:ditch-charge:us")
        elif how == "fascine":
            act(h, "drop-fascine", unit=uid, ditch="d1")
        else:
            act(h, "lay-bridge", unit=uid, obstacle="d1")
        assert ditch(h).condition in ("filled", "bridged")


def test_eng_ditch_19_wide_ditch_needs_several_actions() -> None:
    """ENG-DITCH-19 / AMB-ENG-19: a wide section with `neutralize_actions` 3 is still intact
    after two qualifying actions (a hand fill, a dozer) and filled after the third (a fascine);
    a bridgelayer still needs one."""
    units = (troops("r1", AT), tank("z1", (0.3, 3.8), traits=["dozer"]), fascine("f1", (0.6, 3.8)))
    g = table(*units, variant="wide", neutralize_actions=3)
    act(g, "fill-ditch", 6, unit="r1", ditch="d1")
    act(g, "doze", unit="z1", obstacle="d1")
    assert (ditch(g).condition, ditch(g).work) == ("intact", 2)
    act(g, "drop-fascine", unit="f1", ditch="d1")
    assert (ditch(g).condition, ditch(g).work) == ("filled", 3)
    b = table(bridgelayer("b1"), variant="wide", neutralize_actions=3)
    act(b, "lay-bridge", unit="b1", obstacle="d1")
    assert ditch(b).condition == "bridged"


def shooting(ditches: bool, **options: Any) -> Any:
    """German r1 in d1 (or in the open, without ditches); US rifles m1 (T 3) and a battery a1
    (T 3, artillery), in the US offensive fire phase."""
    g = game(
        [
            troops("r1", IN, side=GERMAN),
            unit("m1", US, attack={"T": 3}, position=(0, 0)),
            unit("a1", US, kind="gun", traits=["artillery"], attack={"T": 3}, position=(0, -20)),
        ],
        ditches=[placed("d1", (0, 5))] if ditches else [],
        options=options or None,
    )
    us_turn(g)
    end_phase(g, 2)
    return g


# d10 + 3 on the house fire table (<=4 none, 5-6 S, 7-8 D, 9+ KO), less the cover's house value
OPEN_3, LESS_1, LESS_2 = tenths(1, 2, 2, 5), tenths(2, 2, 2, 4), tenths(3, 2, 2, 3)


def test_eng_ditch_06_fire_at_occupants_is_at_the_dug_in_house_values() -> None:
    """ENG-DITCH-06: "While occupying the ditch, the troops are considered in a dug-in position
    for spotting and cover purposes": direct fire at them is at -2 and artillery at -1 (house,
    BF-DEFAULT-DUGIN), where the same shots at troops in the open are at 0."""
    open_ground, dug_in = shooting(False), shooting(True)
    assert fire_odds(open_ground, US, "fire", unit="m1", target="r1") == OPEN_3
    assert fire_odds(open_ground, US, "bombard", unit="a1", target="r1") == OPEN_3
    assert fire_odds(dug_in, US, "fire", unit="m1", target="r1") == LESS_2
    assert fire_odds(dug_in, US, "bombard", unit="a1", target="r1") == LESS_1
    entry = act(dug_in, "fire", 5, unit="m1", target="r1")
    mods = events(entry, "fired")[0]["result"]["modifiers"]
    assert {"label": "target dug-in (d1)", "value": -2, "rule": "ENG-DITCH-06"} in mods


def test_bf_default_dugin_a_scenario_replaces_the_dug_in_values() -> None:
    """BF-DEFAULT-DUGIN: the values are the scenario's options `dug_in_modifier` and
    `idf_dug_in_modifier`: at -1 and -2 the two shots change places."""
    g = shooting(True, dug_in_modifier=-1, idf_dug_in_modifier=-2)
    assert fire_odds(g, US, "fire", unit="m1", target="r1") == LESS_1
    assert fire_odds(g, US, "bombard", unit="a1", target="r1") == LESS_2


def avre(uid: str, at: tuple[float, float], *traits: str, **kw: Any) -> dict[str, Any]:
    return tank(uid, at, card="BR-13", traits=["avre", *traits], **kw)


def fills(g: Any, uid: str) -> list[dict[str, Any]]:
    return [
        c.action
        for c in g.legal_actions(US)
        if c.action["action"] == "fill-ditch" and c.action["unit"] == uid
    ]


def test_eng_funny_02_an_avre_acting_as_engineers_fills_in_an_earthen_ditch() -> None:
    """ENG-FUNNY-02: "The scenario may allow AVREs to function as combat engineer troop units.
    They may open gaps in wire, fill in earthen AT ditches, set charges"; AMB-ENG-41: a troop
    unit for eligibility only. ENG-DITCH-07: conformed, its improve position roll (dr +1: 6+ on
    d10 + 1) fills the section on success and is its engineering action; an AVRE without the
    trait, or any other vehicle, is refused before any die."""
    g = table(
        avre("sapper", AT, "avre-engineer", dr=1), avre("gun", (2, 3.8)), tank("t1", (1, 3.8))
    )
    listed = {"action": "fill-ditch", "unit": "sapper", "ditch": "d1", "distance": None}
    assert fills(g, "sapper") == [listed]
    assert fills(g, "gun") == fills(g, "t1") == []
    gun = {"action": "fill-ditch", "unit": "gun", "ditch": "d2"}
    assert refused(g, US, gun, 6).rule == "ENG-FUNNY-02"
    assert refused(g, US, {"action": "fill-ditch", "unit": "t1", "ditch": "d1"}, 6).rule == (
        "ENG-DITCH-07"
    )
    act(g, "fill-ditch", 4, unit="sapper", ditch="d1")  # 4 + 1 = 5: failure
    assert ditch(g).condition == "intact"
    assert g.state.units["sapper"].engineering_at == g.state.player_turn
    next_us_turn(g)
    act(g, "fill-ditch", 5, unit="sapper", ditch="d1")  # 5 + 1 = 6: success
    assert ditch(g).condition == "filled"


def test_amb_eng_41_the_avre_stays_a_vehicle_at_the_ditch() -> None:
    """AMB-ENG-41: a vehicle for movement, so it cannot go into the ditch (ENG-DITCH-02) and
    fills it only conformed (ENG-DITCH-07); a concrete-lined ditch is not earthen and is
    refused (ENG-FUNNY-02: "earthen AT ditches", ENG-DITCH-18)."""
    g = table(avre("sapper", (0, 2), "avre-engineer"), avre("s2", AT, "avre-engineer"))
    assert refused(g, US, move(g, "s2", IN)).rule == "ENG-DITCH-02"
    far = {"action": "fill-ditch", "unit": "sapper", "ditch": "d1"}
    assert refused(g, US, far, 6).rule == "ENG-DITCH-07"
    concrete = table(avre("s2", AT, "avre-engineer"), variant="concrete")
    lined = {"action": "fill-ditch", "unit": "s2", "ditch": "d1"}
    assert refused(concrete, US, lined, 6).rule == "ENG-DITCH-18"
