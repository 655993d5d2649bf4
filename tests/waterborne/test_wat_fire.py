"""WAT-FIRE-01..03 with AMB-WAT-10..12, and Crossfire's fire (CF-FIRE, CF-DEFAULT-EFF,
CF-INDIRECT, CF-APC, CF-CRAFT-FIRE)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from wat_helpers import ALLIES, AXIS, boat, do, end, events, game_of, hits, refused, stand, status

from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES

F = Fraction
MORTAR: dict[str, Any] = {"kind": "mortar", "calibre": 81, "eff": 2, "traits": ["indirect"]}


def axis_turn(units: list[dict[str, Any]], craft: list[dict[str, Any]], **kw: Any) -> Any:
    """A game where the allies have ended their first initiative: the axis acts."""
    game = game_of(units, craft, **kw)
    end(game)
    assert game.state.phasing == AXIS
    return game


def fire(game: Any, unit: str, target: str, *faces: int, kind: str = "fire") -> Any:
    return do(game, game.state.phasing, {"action": kind, "unit": unit, "target": target}, *faces)


# -- WAT-FIRE -------------------------------------------------------------------------------------


def test_wat_fire_01_only_indirect_fire_at_craft_in_the_water() -> None:
    """WAT-FIRE-01: direct fire at an LCM or a swimming DD in a water square -> rejected;
    indirect fire -> accepted."""
    game = axis_turn(
        [stand("rifles", AXIS), stand("mortar", AXIS, **MORTAR), stand("sq", aboard="boat")],
        [boat("lcm", "lcm", square=[0, 0]), boat("dd", "sherman-dd", square=[1, 1]),
         boat("boat", square=[2, 1])],
    )  # fmt: skip
    for target in ("lcm", "dd", "sq"):
        assert refused(game, AXIS, {"action": "fire", "unit": "rifles", "target": target}).rule == (
            "WAT-FIRE-01"
        )
    # EFF 2 doubled: 4 dice against the DD's ARM (rear) 2; 2 hits = ARM: suppress
    entry = fire(game, "mortar", "dd", *hits(2, 4), kind="indirect-fire")
    assert events(entry) == ["Fired", "CraftHit"]
    assert game.state.craft["dd"].status == "suppressed"
    assert game.state.phasing == AXIS  # a suppress keeps the initiative (CF-INIT)


def test_wat_fire_01_reactive_fire_cannot_reach_craft_in_the_water() -> None:
    game = game_of([stand("rifles", AXIS)], [boat("dd", "sherman-dd", square=[1, 1])])
    err = refused(game, AXIS, {"action": "reactive-fire", "unit": "rifles", "target": "dd"})
    assert err.rule == "WAT-FIRE-01"


def test_wat_fire_02_eff_is_doubled_against_craft_in_the_water() -> None:
    """WAT-FIRE-02, AMB-WAT-10: EFF e resolves as the procedure with EFF 2e."""
    for eff in (1, 2, 3):
        wet = checks.eff_vehicle(DEFAULT_TABLES, eff, arm=1, water=True)
        dry = checks.eff_vehicle(DEFAULT_TABLES, 2 * eff, arm=1, water=False)
        assert wet.pools[0].count == 2 * eff
        assert wet.odds_table() == dry.odds_table()
        assert "WAT-FIRE-02" in wet.rules


def test_wat_fire_02_and_cf_default_eff_odds() -> None:
    """CF-DEFAULT-EFF: EFF d6 hit on 5-6; fewer hits than ARM (rear) no effect, equal suppress,
    more kill. EFF 1 against ARM 1 in the water: 2 dice."""
    check = checks.eff_vehicle(DEFAULT_TABLES, 1, arm=1, water=True)
    assert check.odds_table() == [
        ("no-effect", F(4, 9)), ("suppress", F(4, 9)), ("kill", F(1, 9)),
    ]  # fmt: skip


def test_wat_fire_03_stands_on_small_craft_in_one_square_share_the_template() -> None:
    """WAT-FIRE-03, AMB-WAT-11: two squads on separate rafts in one square are both hit; a
    squad in a Buffalo there (normal vehicle rule) and a raft next door are not."""
    game = axis_turn(
        [stand("mortar", AXIS, **MORTAR), stand("a", aboard="raft-a"),
         stand("b", aboard="raft-b"), stand("c", aboard="buf"), stand("d", aboard="raft-d")],
        [boat("raft-a", "improvised", square=[1, 0]), boat("raft-b", "improvised", square=[1, 0]),
         boat("buf", "buffalo", square=[1, 0]), boat("raft-d", "improvised", square=[2, 0])],
    )  # fmt: skip
    entry = fire(game, "mortar", "a", *hits(1, 4), *hits(2, 4), kind="indirect-fire")
    targets = [r.event.target for r in entry.records if type(r.event).__name__ == "Fired"]
    assert targets == ["a", "b"]
    assert (game.state.units["a"].status, game.state.units["b"].status) == ("pinned", "suppressed")
    assert status(game, "c") == status(game, "d") == "ok"


def test_amb_wat_12_a_landed_craft_is_out_of_the_water() -> None:
    """AMB-WAT-12: a beached craft is attacked normally: EFF not doubled, its ARM applies."""
    game = axis_turn(
        [stand("mortar", AXIS, **MORTAR)], [boat("buf", "buffalo", land="south", column=0)]
    )
    entry = fire(game, "mortar", "buf", *hits(2, 2), kind="indirect-fire")  # EFF 2: 2 dice
    result = entry.records[0].event.result
    assert len(result.faces[0]) == 2
    assert result.total == 1
    assert game.state.craft["buf"].status == "lost"


def test_cf_default_eff_a_killed_craft_takes_its_passengers() -> None:
    game = axis_turn(
        [stand("mortar", AXIS, **MORTAR), stand("sq", aboard="buf")],
        [boat("buf", "buffalo", square=[0, 1])],
    )
    fire(game, "mortar", "buf", *hits(2, 4), kind="indirect-fire")  # 2 > ARM 1: kill
    assert game.state.craft["buf"].status == "lost"
    assert status(game, "sq") == "killed"


# -- Crossfire direct fire ------------------------------------------------------------------------


def test_cf_fire_odds_of_direct_fire() -> None:
    """CF-FIRE: 3 dice hitting on 5-6: P(0 hits) 8/27, 1 (pin) 12/27, 2 (suppress) 6/27,
    3 (kill) 1/27; in cover one die fewer."""
    assert checks.direct_fire(DEFAULT_TABLES, 3, cover=False).odds_table() == [
        ("no-effect", F(8, 27)), ("pin", F(12, 27)), ("suppress", F(6, 27)), ("kill", F(1, 27)),
    ]  # fmt: skip
    assert checks.direct_fire(DEFAULT_TABLES, 3, cover=True).odds_table() == [
        ("no-effect", F(4, 9)), ("pin", F(4, 9)), ("suppress", F(1, 9)), ("kill", F(0)),
    ]  # fmt: skip


def test_cf_fire_cover_costs_a_die_in_play() -> None:
    game = game_of([stand("rifles"), stand("target", AXIS, place="village")])
    entry = fire(game, "rifles", "target", *hits(2, 2))
    assert len(entry.records[0].event.result.faces[0]) == 2
    assert status(game, "target") == "suppressed"


def test_cf_fire_a_second_suppress_kills_and_a_pin_never_lifts_one() -> None:
    game = game_of([stand("r1"), stand("r2"), stand("r3"), stand("target", AXIS)])
    fire(game, "r1", "target", *hits(2, 3))
    assert status(game, "target") == "suppressed"
    fire(game, "r2", "target", *hits(1, 3))  # a pin: fails, the initiative passes
    assert status(game, "target") == "suppressed"
    assert game.state.phasing == AXIS
    end(game)
    fire(game, "r3", "target", *hits(2, 3))
    assert status(game, "target") == "killed"


def test_cf_fire_once_per_initiative_and_passengers_do_not_fire() -> None:
    game = game_of(
        [stand("rifles"), stand("sq", aboard="buf"), stand("t1", AXIS), stand("t2", AXIS)],
        [boat("buf", "buffalo", land="south", column=0)],
    )
    fire(game, "rifles", "t1", *hits(2, 3))
    err = refused(game, ALLIES, {"action": "fire", "unit": "rifles", "target": "t2"})
    assert err.rule == "CF-FIRE"
    assert refused(game, ALLIES, {"action": "fire", "unit": "sq", "target": "t2"}).rule == "CF-APC"
    # CF-CRAFT-FIRE: the landed Buffalo fires its MG "SQ" as 3 dice
    entry = fire(game, "buf", "t2", *hits(3, 3))
    assert len(entry.records[0].event.result.faces[0]) == 3
    assert status(game, "t2") == "killed"


def test_cf_craft_fire_not_from_the_water() -> None:
    game = game_of([stand("t", AXIS)], [boat("buf", "buffalo", square=[0, 1])])
    assert refused(game, ALLIES, {"action": "fire", "unit": "buf", "target": "t"}).rule == (
        "CF-CRAFT-FIRE"
    )


def test_cf_indirect_needs_the_trait_and_eff() -> None:
    game = game_of([stand("rifles"), stand("t", AXIS)])
    err = refused(game, ALLIES, {"action": "indirect-fire", "unit": "rifles", "target": "t"})
    assert err.rule == "CF-INDIRECT"


def test_cf_vehicle_fire_is_left_to_the_umpire() -> None:
    """CF-VEHICLE-FIRE: HtD's anti-tank procedure is not public: direct fire at a tank or a
    landed Buffalo is refused, and the umpire records the result."""
    game = game_of(
        [stand("rifles"), stand("tank", AXIS, "tank", arm=[3, 1])],
        [boat("buf", "buffalo", side=AXIS, land="north", column=0)],
    )
    for target in ("tank", "buf"):
        err = refused(game, ALLIES, {"action": "fire", "unit": "rifles", "target": target})
        assert err.rule == "CF-VEHICLE-FIRE"
    do(game, "umpire", {"action": "set-status", "unit": "buf", "status": "lost", "note": "PIAT"})
    assert game.state.craft["buf"].status == "lost"


def test_amb_wat_12_a_landed_boats_passenger_is_an_ordinary_target() -> None:
    """AMB-WAT-12 with WAT-CRAFT-03: once the boat touches the bank, direct fire reaches its
    squad (a stand in a boat has no cover)."""
    game = axis_turn([stand("rifles", AXIS), stand("sq", aboard="b")], [boat("b", land="north")])
    fire(game, "rifles", "sq", *hits(3, 3))
    assert status(game, "sq") == "killed"
    assert game.state.craft["b"].status == "lost"
