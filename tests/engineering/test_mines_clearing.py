"""ENG-MINE-32..46 and AMB-ENG-14, -15, -16: marking lanes, line charges, flails, artillery.

A German mixed section f1 (normal) at (0, 5), known to the US. US engineers e1 stand at (0, 3.8)
and a rifle squad r1 at (0.5, 3.8), 0.7" from its edge; a Sherman Crab c1 (flail, speed 12) at
(-0.5, 3.8). A German lorry g1 (no attack, so no opportunity fire) stands far off as a target.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from minekit import (
    act,
    engineers,
    events,
    field,
    game,
    next_us_turn,
    passage_face,
    scenario,
    section,
    tank,
    troops,
    us_turn,
)

from conftest import GERMAN, US, end_phase, refused, unit
from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_check

CHARGE = "f1:line-charge:us"


def table(
    *,
    options: dict[str, Any] | None = None,
    extra: tuple[dict[str, Any], ...] = (),
    **kw: Any,
) -> Any:
    g = game(
        [
            engineers("e1", (0, 3.8)),
            troops("r1", (0.5, 3.8)),
            tank("c1", (-0.5, 3.8), traits=["flail"], speed=12, attack={"sV": 4}),
            unit("g1", GERMAN, kind="soft-vehicle", position=(0, 30)),
            *extra,
        ],
        minefields=[field("f1", (0, 5), known_to=[US], **kw)],
        options=options,
    )
    us_turn(g)
    return g


def lanes(g: Any, kind: str | None = None) -> list[Any]:
    return [lane for lane in g.state.mine_lanes.values() if kind in (None, lane.kind)]


# -- marking lanes --------------------------------------------------------------------------------


def test_eng_mine_33_breach_and_traverse_marks_a_lane() -> None:
    """ENG-MINE-33: a breach action and a passage roll: a traverse marks a lane; any other result
    marks none. (Engineers +1, ENG-MINE-07.)"""
    g = table()
    act(g, "breach", passage_face("traverse", 1), unit="e1", obstacle="f1")
    [lane] = lanes(g)
    assert (lane.kind, lane.section, lane.side, lane.rule) == ("marked", "f1", US, "ENG-MINE-33")
    assert g.state.units["e1"].position == (0.0, 6.2)
    for outcome in ("halted", "disordered", "knocked-out"):
        h = table()
        act(
            h,
            "breach",
            passage_face(outcome, 1) if outcome != "knocked-out" else 1,
            unit="e1",
            obstacle="f1",
        )
        assert lanes(h) == []


def test_eng_mine_34_following_a_lane_needs_a_breach_and_gives_plus_one() -> None:
    """ENG-MINE-34: the mines stay; a follower using a breach action along the lane gets +1 and
    still rolls; one crossing without a breach action gets no +1."""
    g = table()
    act(g, "breach", passage_face("traverse", 1), unit="e1", obstacle="f1")
    [lane] = lanes(g)
    entry = act(g, "breach", 5, unit="r1", obstacle="f1", lane=lane.id)
    rolled = events(entry, "passage-rolled")[0]["results"][0]
    assert {m["rule"]: m["value"] for m in rolled["modifiers"]}["ENG-MINE-04"] == 1
    assert rolled["total"] == 6
    h = table()
    act(h, "breach", passage_face("traverse", 1), unit="e1", obstacle="f1")
    entry = act(h, "cross", 5, unit="r1", obstacle="f1")
    rolled = events(entry, "passage-rolled")[0]["results"][0]
    assert "ENG-MINE-04" not in {m["rule"] for m in rolled["modifiers"]}


def test_eng_mine_35_an_ordinary_crossing_marks_no_lane() -> None:
    """ENG-MINE-35 / AMB-ENG-14: crossing without a breach action makes no marked lane even on a
    traverse (only a traversed path is recorded)."""
    g = table()
    act(g, "cross", passage_face("traverse", 0), unit="r1", obstacle="f1")
    assert lanes(g, "marked") == []
    assert [lane.rule for lane in lanes(g, "path")] == ["AMB-ENG-14"]


def test_amb_eng_14_a_traversed_path_gives_plus_one_too() -> None:
    """AMB-ENG-14: a traversed path is followed as a marked lane (+1, ENG-MINE-04)."""
    g = table()
    act(g, "cross", passage_face("traverse", 0), unit="r1", obstacle="f1")
    [path] = lanes(g, "path")
    entry = act(g, "breach", 5, unit="e1", obstacle="f1", lane=path.id)  # 5 +1 eng +1 path
    assert events(entry, "passage-rolled")[0]["outcome"] == "traverse"


# -- line charges ---------------------------------------------------------------------------------


def test_eng_mine_36_line_charge_prepare_and_fire() -> None:
    """ENG-MINE-36: one engineering action prepares a line charge, a demolition action fires it:
    2-10 clears a lane (9/10); a 1 clears nothing and the charge must be prepared again."""
    assert find_check("engineering.demolition").check().odds_table() == [
        ("success", Fraction(9, 10)),
        ("dud", Fraction(1, 10)),
    ]
    g = table()
    act(g, "prepare-charge", unit="e1", obstacle="f1")
    assert g.state.demolitions[CHARGE].prepared
    next_us_turn(g)
    act(g, "demolish", 1, unit="e1", demolition=CHARGE)
    assert lanes(g) == []
    assert not g.state.demolitions[CHARGE].prepared
    next_us_turn(g)
    again = {"action": "demolish", "unit": "e1", "demolition": CHARGE}
    assert refused(g, US, again, 5).rule == "ENG-DEMO-02"
    act(g, "prepare-charge", unit="e1", obstacle="f1")
    next_us_turn(g)
    act(g, "demolish", 2, unit="e1", demolition=CHARGE)
    assert [lane.kind for lane in lanes(g)] == ["cleared"]


def test_eng_mine_37_line_charge_lane_one_vehicle_wide_one_inch_deep() -> None:
    """ENG-MINE-37 / AMB-ENG-14: the lane is one vehicle wide (option `lane_width`, 1" by
    default), 1" deep, and cleared: no mines in it (a breach through it makes no roll)."""
    for width in (1.0, 1.5):
        g = table(options={"lane_width": width})
        act(g, "prepare-charge", unit="e1", obstacle="f1")
        next_us_turn(g)
        act(g, "demolish", 7, unit="e1", demolition=CHARGE)
        [lane] = lanes(g)
        assert (lane.kind, lane.width, lane.depth, lane.rule) == (
            "cleared",
            width,
            1.0,
            "ENG-MINE-37",
        )
        assert lane.at == (0.0, 3.8)


def test_amb_eng_14_line_charges_are_engineer_work_at_the_field_edge() -> None:
    """AMB-ENG-14: engineers only, prepared while conformed to the field's edge."""
    g = table(extra=(engineers("e2", (0, 1)),))
    r1 = {"action": "prepare-charge", "unit": "r1", "obstacle": "f1"}
    assert refused(g, US, r1).rule == "AMB-ENG-44"
    far = {"action": "prepare-charge", "unit": "e2", "obstacle": "f1"}
    assert refused(g, US, far).rule == "ENG-MINE-36"


def test_eng_mine_38_cleared_lane_breach_without_roll() -> None:
    """ENG-MINE-38: through a cleared lane a unit takes a breach action and does not roll;
    moving through without a breach action is a normal crossing, with a roll."""
    g = table()
    act(g, "prepare-charge", unit="e1", obstacle="f1")
    next_us_turn(g)
    act(g, "demolish", 7, unit="e1", demolition=CHARGE)
    [lane] = lanes(g)
    entry = act(g, "breach", unit="r1", obstacle="f1", lane=lane.id)  # no dice at all
    assert events(entry, "passage-free")[0]["rule"] == "ENG-MINE-38"
    assert g.state.units["r1"].position == (0.5, 6.2)
    entry = act(g, "cross", passage_face("traverse", 0), unit="r1", obstacle="f1")
    assert events(entry, "passage-rolled")


# -- flails ---------------------------------------------------------------------------------------


def test_eng_mine_39_flail_at_half_cross_country_speed() -> None:
    """ENG-MINE-39: speed 12" gives at most 6" while flailing."""
    g = table()
    over = {"action": "flail", "unit": "c1", "minefield": "f1", "length": 6.5}
    assert refused(g, US, over).rule == "ENG-MINE-39"
    act(g, "flail", 6, 9, unit="c1", minefield="f1", length=6)
    assert g.state.units["c1"].position == (-0.5, 6.2)


def test_eng_mine_40_no_fire_while_the_flail_runs() -> None:
    """ENG-MINE-40: neither offensive fire after flailing nor defensive fire in the enemy's
    next turn; in its own next turn it may fire again."""
    g = table()
    act(g, "flail", 6, 9, unit="c1", minefield="f1")
    end_phase(g, 2)  # to the US offensive fire phase
    fire = {"action": "fire", "unit": "c1", "target": "g1"}
    assert refused(g, US, fire).rule == "ENG-MINE-40"
    end_phase(g, 2)  # German maneuver, then the US defensive fire phase
    assert g.state.phase == "defensive_fire"
    assert refused(g, US, fire).rule == "ENG-MINE-40"
    next_us_turn(g)
    end_phase(g, 2)
    act(g, "fire", 5, unit="c1", target="g1")


def test_eng_mine_41_anything_but_ko_clears_a_lane() -> None:
    """ENG-MINE-41 / AMB-ENG-15: the flail rolls with all modifiers (two rolls in a mixed field,
    tracked +1 on the AP roll); any result but knocked out takes it across and leaves a cleared
    lane along its path."""
    for faces, worse in (((2, 9), "disordered"), ((4, 9), "halted"), ((6, 9), "traverse")):
        g = table()
        entry = act(g, "flail", *faces, unit="c1", minefield="f1")
        assert events(entry, "passage-rolled")[0]["outcome"] == worse
        assert g.state.units["c1"].position == (-0.5, 6.2)
        assert g.state.units["c1"].status == "ok"
        [lane] = lanes(g)
        assert (lane.kind, lane.rule, lane.at) == ("cleared", "ENG-MINE-41", (-0.5, 3.8))


def test_eng_mine_42_ko_damages_the_flail() -> None:
    """ENG-MINE-42: knocked out: the tank lives, halts disordered, the flail is damaged, no
    lane."""
    g = table()
    act(g, "flail", 1, 9, unit="c1", minefield="f1")
    c1 = g.state.units["c1"]
    assert (c1.status, c1.position) == ("disordered", (-0.5, 3.8))
    assert g.state.kit["c1"].flail == "damaged"
    assert lanes(g) == []
    assert g.view(GERMAN)["units"][2]["flail"] == "damaged"


def test_eng_mine_43_damaged_flail_no_clearing_no_fire() -> None:
    """ENG-MINE-43: no more clearing attempts and no fire at all until the flail is dropped."""
    g = table(extra=(tank("c2", (3, 3.8), traits=["flail"], speed=12),))
    act(g, "flail", 1, 9, unit="c1", minefield="f1")
    end_phase(g, 2)
    act(g, "end-phase", 1)  # the recovery step: c1's rally fails (BF-DEFAULT-RECOVERY)
    us_turn(g, 2)
    again = {"action": "flail", "unit": "c1", "minefield": "f1"}
    assert refused(g, US, again).rule == "ENG-MINE-43"
    end_phase(g, 2)
    fire = {"action": "fire", "unit": "c1", "target": "g1"}
    assert refused(g, US, fire).rule == "ENG-MINE-43"


def test_eng_mine_44_discarding_the_flail_takes_one_engineering_action() -> None:
    """ENG-MINE-44 / AMB-ENG-42: one engineering action and the Crab is an ordinary tank of its
    type: flail rules no longer apply and it may fire."""
    g = table()
    keep = {"action": "discard-flail", "unit": "c1"}
    assert refused(g, US, keep).rule == "ENG-MINE-44"
    act(g, "flail", 1, 9, unit="c1", minefield="f1")
    end_phase(g, 2)
    act(g, "end-phase", 6)  # the recovery step: c1 rallies (BF-DEFAULT-RECOVERY)
    us_turn(g, 2)
    act(g, "discard-flail", unit="c1")
    assert g.state.kit["c1"].flail == "discarded"
    end_phase(g, 4)  # ENG-ACT-04 bars this turn's offensive fire; the next defensive fire is free
    act(g, "fire", 5, unit="c1", target="g1")
    next_us_turn(g)
    assert refused(g, US, {"action": "flail", "unit": "c1", "minefield": "f1"}).rule == (
        "ENG-MINE-39"
    )


def test_flail_through_ground_clears_what_it_meets() -> None:
    """ENG-MINE-41 on the table: flailing to a point rolls for every section on the way, known or
    not; a section its side did not know is shown to it with the lane (decision)."""
    g = game(
        [tank("c1", (0, 3.8), traits=["flail"], speed=12)],
        minefields=[field("h1", (0, 5), type="AT")],
    )
    us_turn(g)
    act(g, "flail", passage_face("traverse", 0), unit="c1", to=[0, 7])
    assert "h1" in {m["id"] for m in g.view(US)["minefields"]}
    assert [lane.kind for lane in lanes(g)] == ["cleared"]
    assert g.state.units["c1"].position == (0, 7)


# -- artillery ------------------------------------------------------------------------------------


def gunners(n: int) -> tuple[dict[str, Any], ...]:
    return tuple(
        unit(f"a{i}", US, kind="gun", traits=["artillery"], attack={"T": 3}, position=(0, -20))
        for i in range(1, n + 1)
    )


def bombard(g: Any, gun: str, face: int, target: str = "f1") -> Any:
    return act(g, "bombard", face, unit=gun, target=target)


def test_eng_mine_45_artillery_attacks_a_minefield_as_dug_in_troops() -> None:
    """ENG-MINE-45: the template's attack on a section uses the dug-in troops case (the house
    value, -1, BF-DEFAULT-DUGIN)."""
    g = table(extra=gunners(1))
    end_phase(g, 2)
    entry = bombard(g, "a1", 5)
    rolled = events(entry, "feature-shelled")[0]["result"]
    assert {m["rule"]: m["value"] for m in rolled["modifiers"]}["ENG-MINE-45"] == -1
    assert rolled["total"] == 5 + 3 - 1


def test_eng_mine_46_ko_thins_the_field_never_below_scattered() -> None:
    """ENG-MINE-46: each knocked-out result (d10 + 3 - 1 >= 9: a 7) takes a dense field down one
    step: dense, normal, scattered, and scattered again."""
    g = table(extra=gunners(3), type="AT", density="dense")
    end_phase(g, 2)
    seen = []
    for gun in ("a1", "a2", "a3"):
        bombard(g, gun, 7)
        seen.append(section(g, "f1").at)
    assert seen == ["normal", "scattered", "scattered"]
    again = table(extra=gunners(1), type="AT", density="dense")
    end_phase(again, 2)
    bombard(again, "a1", 6)  # 6 + 3 - 1 = 8: disordered, no change
    assert section(again, "f1").at == "dense"


def test_amb_eng_16_artillery_thins_both_parts_of_a_mixed_field() -> None:
    """AMB-ENG-16: one attack per section; a knocked-out result lowers both components."""
    g = table(extra=gunners(1), at_density="normal", ap_density="normal")
    end_phase(g, 2)
    bombard(g, "a1", 10)
    assert (section(g, "f1").at, section(g, "f1").ap) == ("scattered", "scattered")
    assert "density-reduced" not in str(g.log_view(US))  # the Germans' knowledge


def test_amb_eng_12_artillery_never_changes_a_dummy() -> None:
    """AMB-ENG-12: a knocked-out result on a dummy changes and reveals nothing; the US sees the
    same as for real mines."""
    g = table(extra=gunners(1), type="dummy")
    end_phase(g, 2)
    entry = bombard(g, "a1", 10)
    assert events(entry, "feature-shelled")[0]["result"]["outcome"] == "knocked-out"
    assert section(g, "f1").dummy
    assert "dummy" not in str(g.log_view(US))


def test_eng_mine_32_only_line_charges_flails_and_congers_clear_mines() -> None:
    """ENG-MINE-32: marking a lane and artillery leave the mines; removing a field or dozing it
    is refused; only a line charge and a flail make cleared (mine-free) lanes here."""
    g = table(extra=(*gunners(1), tank("d1", (1, 3.8), traits=["dozer"])))
    act(g, "breach", passage_face("traverse", 1), unit="e1", obstacle="f1")
    assert [lane.kind for lane in lanes(g)] == ["marked"]
    assert refused(g, US, {"action": "remove-obstacle", "obstacle": "f1"}).rule == "ENG-MINE-32"
    doze = {"action": "doze", "unit": "d1", "obstacle": "f1"}
    assert refused(g, US, doze).rule == "ENG-MINE-32"
    end_phase(g, 2)
    bombard(g, "a1", 10)
    assert lanes(g, "cleared") == []
    assert "f1" in g.state.minefields


def test_flails_and_dozers_are_vehicle_traits() -> None:
    """ENG-FUNNY-01 (with ENG-MINE-39, ENG-DITCH-14): flail, dozer, fascine and hedgerow
    cutters belong on vehicles; a scenario giving one to troops is refused."""
    for trait in ("flail", "dozer", "fascine", "hedgerow-cutter", "culin-cutter"):
        with pytest.raises(InputError):
            scenario([troops("r1", (0, 0), traits=[trait])])
