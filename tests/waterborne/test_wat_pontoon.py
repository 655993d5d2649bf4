"""WAT-PONTOON-01..14 with AMB-WAT-15..19 and -21: pontoon bridges.

The site `br` is on the allies' south bank at column 1, beside the pontoon equipment
(AMB-WAT-21); stands must stand at the site to work (WAT-PONTOON-05).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from wat_helpers import ALLIES, AXIS, do, end, events, game_of, hits, refused, stand

from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES

F = Fraction
GUN: dict[str, Any] = {"kind": "gun", "he": 3, "eff": 2, "place": "north"}


def site(**extra: Any) -> dict[str, Any]:
    return {"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 1, **extra}


def bridge_game(units: list[dict[str, Any]], water: tuple[int, int] = (36, 12), **s: Any) -> Any:
    return game_of(units, [], sites=[site(**s)], water=water)


def work(game: Any, *units: str) -> Any:
    return do(game, ALLIES, {"action": "work", "site": "br", "units": list(units)})


def cp(game: Any) -> int:
    return int(game.state.sites["br"].work.progress)


def test_wat_pontoon_01_every_attempt_needs_an_engineer() -> None:
    """WAT-PONTOON-01: an attempt with only rifle squads is rejected."""
    game = bridge_game([stand("r1", place="br"), stand("r2", place="br")])
    assert refused(game, ALLIES, {"action": "work", "site": "br", "units": ["r1", "r2"]}).rule == (
        "WAT-PONTOON-01"
    )


def test_wat_pontoon_02_other_infantry_labour_at_reduced_effect() -> None:
    """WAT-PONTOON-02, AMB-WAT-16: engineers with rifle squads are accepted (weighted per
    WAT-PONTOON-08); HMG, mortar, PC and FO are not labour."""
    units = [stand("e", kind="engineer", place="br"), stand("r", place="br")]
    units += [stand("mg", kind="hmg", place="br"), stand("pc", kind="pc", place="br")]
    game = bridge_game(units)
    for other in ("mg", "pc"):
        err = refused(game, ALLIES, {"action": "work", "site": "br", "units": ["e", other]})
        assert err.rule == "WAT-PONTOON-02"
    work(game, "e", "r")
    entry = do(game, ALLIES, {"action": "end-initiative"}, 3)
    result = entry.records[0].event.result
    assert [(m.label, m.value, m.rule) for m in result.modifiers] == [
        ("engineer stand", 1, "WAT-PONTOON-07")
    ]  # one rifle squad adds nothing: +1 per two (floor)


def test_wat_pontoon_03_one_construction_point_per_inch_of_river() -> None:
    """WAT-PONTOON-03, AMB-WAT-01: a 12" river needs 12 CP (bank to bank across the grid, or
    the site's given width)."""
    assert bridge_game([], water=(36, 12)).state.sites["br"].work.required == 12
    assert bridge_game([], water=(36, 36)).state.sites["br"].work.required == 36
    assert bridge_game([], water=(36, 36), width=12).state.sites["br"].work.required == 12


def test_wat_pontoon_04_stands_that_move_fire_or_are_suppressed_do_not_count() -> None:
    """WAT-PONTOON-04: an engineer suppressed by reactive fire mid-initiative is excluded from
    that initiative's roll; so is one that moved away."""
    units = [stand(f"e{i}", kind="engineer", place="br") for i in (1, 2, 3)]
    game = bridge_game([*units, stand("mg", AXIS, "hmg")])
    work(game, "e1", "e2", "e3")
    do(game, AXIS, {"action": "reactive-fire", "unit": "mg", "target": "e2"}, *hits(2, 4))
    assert game.state.phasing == ALLIES  # e2 was not moving: the initiative stays (CF-REACT)
    do(game, ALLIES, {"action": "move", "unit": "e3", "to": "south"})
    do(game, AXIS, {"action": "pass"})
    entry = do(game, ALLIES, {"action": "end-initiative"}, 3)  # 3 + 1 engineer = 4: failure
    rolled = entry.records[0].event
    assert rolled.crew == ("e1",)
    assert rolled.excluded == ("e2", "e3")
    assert rolled.result.total == 4
    assert rolled.result.outcome == "failure"


def test_wat_pontoon_04_suppressed_at_the_start_of_the_initiative_rallied_cannot_build() -> None:
    """WAT-PONTOON-04: an engineer suppressed in the enemy's initiative is suppressed when its
    side's initiative begins; rallied in it, it still cannot count towards that initiative's
    construction (named or by default), though it may in the next."""
    units = [stand("e1", kind="engineer", place="br"), stand("e2", kind="engineer", place="br")]
    game = bridge_game([*units, stand("mg", AXIS, "hmg")])
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "mg", "target": "e1"}, *hits(2, 4))
    assert game.state.units["e1"].status == "suppressed"
    end(game)
    do(game, ALLIES, {"action": "rally", "unit": "e1"}, 4)
    assert game.state.units["e1"].status == "ok"
    err = refused(game, ALLIES, {"action": "work", "site": "br", "units": ["e1", "e2"]})
    assert err.rule == "WAT-PONTOON-04"
    assert "suppressed" in str(err)
    do(game, ALLIES, {"action": "work", "site": "br"})  # the default crew leaves it out
    assert game.state.sites["br"].work.workers_in(game.state.initiative) == ("e2",)
    do(game, ALLIES, {"action": "end-initiative"}, 2)
    end(game)
    work(game, "e1", "e2")  # the next friendly initiative: it was not suppressed in that one


def test_wat_pontoon_04_a_stand_that_fired_cannot_be_declared() -> None:
    game = bridge_game([stand("e", kind="engineer", place="br"), stand("t", AXIS)])
    do(game, ALLIES, {"action": "fire", "unit": "e", "target": "t"}, *hits(2, 3))
    assert refused(game, ALLIES, {"action": "work", "site": "br", "units": ["e"]}).rule == (
        "WAT-PONTOON-04"
    )


def test_wat_pontoon_05_stands_must_be_beside_river_and_equipment() -> None:
    """WAT-PONTOON-05: a stand on the bank (touching the river) but away from the equipment
    is excluded."""
    game = bridge_game([stand("e", kind="engineer", place="br"), stand("e2", kind="engineer")])
    err = refused(game, ALLIES, {"action": "work", "site": "br", "units": ["e", "e2"]})
    assert err.rule == "WAT-PONTOON-05"


def test_wat_pontoon_06_one_roll_at_the_end_of_an_initiative_with_an_attempt() -> None:
    """WAT-PONTOON-06: at most 1 CP per initiative; no attempt, no roll."""
    game = bridge_game([stand("e1", kind="engineer", place="br"),
                        stand("e2", kind="engineer", place="br")])  # fmt: skip
    work(game, "e1")
    assert refused(game, ALLIES, {"action": "work", "site": "br", "units": ["e2"]}).rule == (
        "WAT-PONTOON-06"
    )
    entry = do(game, ALLIES, {"action": "end-initiative"}, 6)
    assert events(entry)[0] == "ConstructionRolled"
    assert cp(game) == 1
    end(game)  # the axis: no attempt
    end(game)  # the allies: no attempt, no roll (no faces given)
    assert cp(game) == 1


@pytest.mark.parametrize(("engineers", "p"), [(1, F(1, 2)), (2, F(2, 3)), (3, F(5, 6)), (4, F(1))])
def test_wat_pontoon_07_plus_1_per_engineer(engineers: int, p: Fraction) -> None:
    """WAT-PONTOON-07, AMB-WAT-15: 1 engineer +1 -> 1/2; 2 -> 2/3; 3 -> 5/6; 4 -> 1."""
    check = checks.pontoon_attempt(DEFAULT_TABLES, engineers, 0)
    assert check.modifier_total == engineers >= 1
    assert check.odds()["success"] == p


@pytest.mark.parametrize(("others", "p"), [(1, F(1, 2)), (2, F(2, 3)), (3, F(2, 3)), (4, F(5, 6))])
def test_wat_pontoon_08_plus_1_per_two_other_stands(others: int, p: Fraction) -> None:
    """WAT-PONTOON-08, AMB-WAT-16: 1 engineer + 1 rifle squad -> 1/2; + 2 -> 2/3; + 3 -> +2."""
    assert checks.pontoon_attempt(DEFAULT_TABLES, 1, others).odds()["success"] == p


def test_wat_pontoon_09_the_bridge_opens_on_the_next_friendly_initiative() -> None:
    """WAT-PONTOON-09, AMB-WAT-19: the 12th CP earned at the end of friendly initiative k ->
    crossing allowed from the next friendly initiative, not before."""
    game = bridge_game([stand("e", kind="engineer", place="br"), stand("sq"),
                        stand("g", AXIS)], built=11)  # fmt: skip
    assert refused(game, ALLIES, {"action": "cross", "unit": "sq", "site": "br"}).rule == (
        "WAT-PONTOON-09"
    )
    work(game, "e")
    do(game, ALLIES, {"action": "end-initiative"}, 4)  # 4 + 1 = 5: the 12th CP
    assert cp(game) == 12
    assert game.state.sites["br"].completed_in == 1
    assert refused(game, AXIS, {"action": "cross", "unit": "g", "site": "br"}).rule == (
        "WAT-PONTOON-09"
    )
    entry = end(game)  # friendly initiative 3 begins: the bridge opens
    assert events(entry)[-1] == "BridgeReady"
    do(game, ALLIES, {"action": "cross", "unit": "sq", "site": "br"})
    assert game.state.units["sq"].place == "north"


def test_wat_pontoon_10_he_hits_accumulate() -> None:
    """WAT-PONTOON-10, AMB-WAT-18: two separate HE hits -> hits = 2 (suppress or better, no
    cover); fire without HE cannot attack the bridge."""
    game = bridge_game([stand("gun", AXIS, **GUN), stand("rifles", AXIS)], built=5)
    end(game)
    assert refused(game, AXIS, {"action": "fire", "unit": "rifles", "target": "br"}).rule == (
        "WAT-PONTOON-10"
    )
    do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(2, 3))
    end(game)
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(3, 3))
    assert game.state.sites["br"].hits == 2


def test_amb_wat_18_a_pin_is_no_hit_and_fails() -> None:
    game = bridge_game([stand("gun", AXIS, **GUN)], built=5)
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(1, 3))
    assert game.state.sites["br"].hits == 0
    assert game.state.phasing == ALLIES
    assert checks.he_at_bridge(DEFAULT_TABLES, 3).odds_table() == [
        ("hit", F(7, 27)), ("no-hit", F(20, 27)),
    ]  # fmt: skip


def test_wat_pontoon_11_a_hit_while_building_removes_a_cp() -> None:
    """WAT-PONTOON-11, AMB-WAT-17: 7 CP earned, 1 hit -> 6 CP; never below 0."""
    game = bridge_game([stand("gun", AXIS, **GUN)], built=7)
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(2, 3))
    assert cp(game) == 6
    zero = bridge_game([stand("gun", AXIS, **GUN)], built=0)
    end(zero)
    do(zero, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(2, 3))
    assert zero.state.sites["br"].work.progress == 0
    assert zero.state.sites["br"].hits == 1


def test_wat_pontoon_12_a_finished_bridge_works_with_one_hit_not_two() -> None:
    """WAT-PONTOON-12, AMB-WAT-17: hits = 1 -> crossing allowed; 2 -> rejected until a repair
    roll (the construction roll) takes one off."""
    units = [stand("gun", AXIS, **GUN), stand("sq"), stand("e", kind="engineer", place="br")]
    game = bridge_game(units, built=12)
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(2, 3))
    end(game)
    do(game, ALLIES, {"action": "cross", "unit": "sq", "site": "br"})
    do(game, AXIS, {"action": "pass"})
    do(game, ALLIES, {"action": "cross", "unit": "sq", "site": "br"})  # and back
    do(game, AXIS, {"action": "pass"})
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"}, *hits(2, 3))
    end(game)
    assert refused(game, ALLIES, {"action": "cross", "unit": "sq", "site": "br"}).rule == (
        "WAT-PONTOON-12"
    )
    work(game, "e")
    entry = do(game, ALLIES, {"action": "end-initiative"}, 4)
    assert entry.records[0].event.repair
    assert game.state.sites["br"].damage == 1
    end(game)
    do(game, ALLIES, {"action": "cross", "unit": "sq", "site": "br"})


def test_wat_pontoon_13_the_hes_eff_falls_on_the_construction_stands() -> None:
    """WAT-PONTOON-13: an HE hit on the bridge with EFF -> each stand working on it rolls EFF
    (2 dice each here); a stand at the site that never worked is not involved."""
    units = [stand("gun", AXIS, **GUN)]
    units += [stand("e1", kind="engineer", place="br"), stand("e2", kind="engineer", place="br")]
    units += [stand("idle", place="br")]
    game = bridge_game(units, built=3)
    work(game, "e1", "e2")
    do(game, ALLIES, {"action": "end-initiative"}, 1)
    entry = do(game, AXIS, {"action": "fire", "unit": "gun", "target": "br"},
               *hits(2, 3), *hits(2, 2), *hits(1, 2))  # fmt: skip
    fired = [r.event.target for r in entry.records if type(r.event).__name__ == "Fired"]
    assert fired == ["br", "e1", "e2"]
    assert (game.state.units["e1"].status, game.state.units["e2"].status) == (
        "suppressed",
        "pinned",
    )
    assert game.state.units["idle"].status == "ok"


def test_wat_pontoon_14_construction_stands_can_be_fired_at_apart_from_the_bridge() -> None:
    """WAT-PONTOON-14: fire at a construction stand resolves against it; CP unchanged."""
    game = bridge_game([stand("rifles", AXIS), stand("e", kind="engineer", place="br")], built=4)
    end(game)
    do(game, AXIS, {"action": "fire", "unit": "rifles", "target": "e"}, *hits(2, 3))
    assert game.state.units["e"].status == "suppressed"
    assert cp(game) == 4
