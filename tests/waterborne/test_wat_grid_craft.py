"""WAT-GRID-01/02 (the water grid) and WAT-CRAFT-01..10 (craft types and capacities)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from wat_helpers import ALLIES, AXIS, boat, build, do, game_of, hits, refused, stand

from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne.cargo import check_load, load_units
from kriegsspiel.rulesets.waterborne.kinds import CRAFT_TYPES, PROPULSION
from kriegsspiel.rulesets.waterborne.scenario import WatUnit
from kriegsspiel.rulesets.waterborne.state import board_for
from kriegsspiel.rulesets.waterborne.view import models_on_table


def passengers(*kinds: str | tuple[str, int]) -> list[WatUnit]:
    out = []
    for i, kind in enumerate(kinds):
        name, calibre = kind if isinstance(kind, tuple) else (kind, None)
        data: dict[str, Any] = {"id": f"p{i}", "side": ALLIES, "kind": name, "place": "south"}
        if calibre is not None:
            data["calibre"] = calibre
        out.append(msgspec.convert(data, WatUnit))
    return out


# -- WAT-GRID -------------------------------------------------------------------------------------


def test_wat_grid_01_a_36_by_24_river_is_3_by_2_squares_of_12_inches() -> None:
    """WAT-GRID-01, AMB-WAT-01: 12" squares by default; a 36" x 24" section -> 3 x 2."""
    grid = board_for(build(water=(36, 24))).grid
    assert (grid.cols, grid.rows, grid.square) == (3, 2, 12.0)
    assert grid.inches((2, 1)) == (24.0, 12.0, 36.0, 24.0)


def test_wat_grid_01_square_size_is_an_option() -> None:
    """AMB-WAT-01: the square size is configurable (`square_inches`)."""
    grid = board_for(build(water=(36, 24), options={"square_inches": 6})).grid
    assert (grid.cols, grid.rows) == (6, 4)


def test_wat_grid_01_water_must_be_whole_squares() -> None:
    with pytest.raises(InputError, match="WAT-GRID-01"):
        build(water=(30, 24))


def test_wat_grid_02_each_square_is_its_own_terrain_feature() -> None:
    """WAT-GRID-02: craft in adjacent squares are in different features; in one square, one."""
    game = game_of(
        craft=[
            boat("a", square=[0, 0]),
            boat("b", square=[1, 0]),
            boat("c", square=[1, 0]),
        ]
    )
    craft = game.state.craft
    assert craft["a"].feature != craft["b"].feature
    assert craft["b"].feature == craft["c"].feature


# -- WAT-CRAFT ------------------------------------------------------------------------------------


def test_wat_craft_01_every_listed_type_is_an_assault_craft_that_obeys_wat_move() -> None:
    """WAT-CRAFT-01: powered and storm boats, Buffalo, DUKW (and amphibious jeep), LCM,
    Folkestone ferry, Sherman DD, oared boats, improvised flotation."""
    listed = {
        "powered-boat", "storm-boat", "buffalo", "dukw", "amphibious-jeep", "lcm", "folkestone",
        "sherman-dd", "oared-boat", "improvised",
    }  # fmt: skip
    assert listed == set(CRAFT_TYPES)
    for kind in CRAFT_TYPES.values():
        assert kind.is_assault_craft
        assert kind.propulsion in PROPULSION  # a WAT-MOVE-08..10 modifier class


def test_wat_craft_02_one_model_per_vessel_except_jeeps_and_small_craft() -> None:
    """WAT-CRAFT-02: 3 LCMs are 3 models; a stand on improvised flotation adds no model."""
    lcms = [boat(f"lcm-{i}", "lcm", land="south", column=i) for i in range(3)]
    raft = boat("raft", "improvised", square=[1, 1])
    jeep = boat("jeep", "amphibious-jeep", land="woods")
    game = game_of([stand("sq", aboard="raft")], [*lcms, raft, jeep])
    assert models_on_table(game.state) == 3
    assert game.view(AXIS)["models"] == 3


def _axis_mortar_game(ctype: str, square: list[int]) -> Any:
    game = game_of(
        [stand("sq", aboard="b"), stand("mortar", AXIS, "mortar", calibre=81, eff=2,
                                        traits=["indirect"])],
        [boat("b", ctype, square=square)],
    )  # fmt: skip
    do(game, ALLIES, {"action": "end-initiative"})
    return game


def test_wat_craft_03_a_boat_is_ignored_for_combat_and_lost_with_its_squad() -> None:
    """WAT-CRAFT-03: fire cannot target the boat; its passenger squad killed -> boat removed."""
    game = _axis_mortar_game("storm-boat", [0, 1])
    err = refused(game, AXIS, {"action": "indirect-fire", "unit": "mortar", "target": "b"})
    assert err.rule == "WAT-CRAFT-03"
    # EFF 2 doubled in the water (WAT-FIRE-02): 4 dice, 3 hits kill the squad
    entry = do(game, AXIS, {"action": "indirect-fire", "unit": "mortar", "target": "sq"},
               *hits(3, 4))  # fmt: skip
    assert game.state.units["sq"].status == "killed"
    assert game.state.craft["b"].status == "lost"
    assert "CraftLost" in [type(r.event).__name__ for r in entry.records]


def test_wat_craft_04_amphibious_jeep_is_fast_and_lost_with_its_squad() -> None:
    """WAT-CRAFT-04: land speed Fast, 1 infantry, ignored for combat, lost with its squad."""
    jeep = CRAFT_TYPES["amphibious-jeep"]
    assert jeep.land_speed == "Fast"
    assert jeep.amphibious
    assert jeep.ignored_for_combat
    assert jeep.capacity == 1
    assert CRAFT_TYPES["dukw"].land_speed == "Fast"  # AMB-WAT-08: the jeep row's statistics
    game = _axis_mortar_game("amphibious-jeep", [2, 1])
    refused(game, AXIS, {"action": "indirect-fire", "unit": "mortar", "target": "b"})
    do(game, AXIS, {"action": "indirect-fire", "unit": "mortar", "target": "sq"}, *hits(4, 4))
    assert game.state.craft["b"].status == "lost"


def test_wat_craft_05_sherman_dd_stat_record() -> None:
    """WAT-CRAFT-05, AMB-WAT-07: ARM 4/2, ACC 0, PEN 0, HE/EFF 4/2, Normal, no passengers."""
    dd = CRAFT_TYPES["sherman-dd"]
    assert dd.columns["arm"] == "4/2"
    assert dd.arm == (4, 2)
    assert (dd.columns["acc"], dd.columns["pen"]) == ("0", "0")
    assert dd.columns["he_eff"] == "4/2"
    assert (dd.he, dd.eff) == (4, 2)
    assert dd.columns["flags"] == "SQ Yes"  # opaque until confirmed from HtD
    assert dd.land_speed == "Normal"
    assert dd.capacity == 0
    assert dd.amphibious
    with pytest.raises(RuleViolation) as info:
        check_load(dd, passengers("pc"))
    assert info.value.rule == "WAT-CRAFT-05"


def test_wat_craft_06_buffalo_carries_4_infantry_or_a_gun_and_tow() -> None:
    """WAT-CRAFT-06, AMB-WAT-09: 4 infantry accepted, 5 rejected, 1 gun + tow accepted."""
    buffalo = CRAFT_TYPES["buffalo"]
    check_load(buffalo, passengers(*["squad"] * 4))
    check_load(buffalo, passengers("gun"))
    with pytest.raises(RuleViolation) as info:
        check_load(buffalo, passengers(*["squad"] * 5))
    assert info.value.rule == "WAT-CRAFT-06"
    with pytest.raises(RuleViolation):
        check_load(buffalo, passengers("gun", "squad"))
    assert buffalo.columns["comment"] == "28 man capacity."  # informational only


def test_wat_craft_06_boarding_a_fifth_infantry_stand_is_refused() -> None:
    units = [stand(f"s{i}", aboard="buf") for i in range(4)] + [stand("s4")]
    game = game_of(units, [boat("buf", "buffalo", land="south", column=0)])
    err = refused(game, ALLIES, {"action": "board", "unit": "s4", "craft": "buf"})
    assert err.rule == "WAT-CRAFT-06"


def test_wat_craft_07_lcm_carries_twice_a_buffalo_or_one_tank() -> None:
    """WAT-CRAFT-07: 8 infantry, 2 guns + tows, 1 tank accepted; 1 tank + 1 infantry not."""
    lcm = CRAFT_TYPES["lcm"]
    check_load(lcm, passengers(*["squad"] * 8))
    check_load(lcm, passengers("gun", "gun"))
    check_load(lcm, passengers("tank"))
    check_load(lcm, passengers("assault-gun"))
    with pytest.raises(RuleViolation) as info:
        check_load(lcm, passengers("tank", "squad"))
    assert info.value.rule == "WAT-CRAFT-07"


def test_wat_craft_08_folkestone_carries_twice_an_lcm_in_any_combination() -> None:
    """WAT-CRAFT-08, AMB-WAT-09: 2 tanks, 1 tank + 8 infantry, 16 infantry accepted."""
    ferry = CRAFT_TYPES["folkestone"]
    assert ferry.arm == (1, 1)
    check_load(ferry, passengers("tank", "tank"))
    check_load(ferry, passengers("tank", *["squad"] * 8))
    check_load(ferry, passengers(*["squad"] * 16))
    with pytest.raises(RuleViolation) as info:
        check_load(ferry, passengers(*["squad"] * 17))
    assert info.value.rule == "WAT-CRAFT-08"


def test_wat_craft_09_mortars_up_to_82_mm_are_infantry() -> None:
    """WAT-CRAFT-09: BC, CC, squads, HMG and 81/82 mm mortars ride as infantry; 120 mm not."""
    small = CRAFT_TYPES["storm-boat"]
    for kind in ("bc", "cc", "squad", "hmg", ("mortar", 81), ("mortar", 82)):
        check_load(small, passengers(kind))
    with pytest.raises(RuleViolation) as info:
        check_load(small, passengers(("mortar", 120)))
    assert info.value.rule == "WAT-CRAFT-09"
    assert load_units(passengers(("mortar", 120))) == 4  # it travels as a gun where guns may


def test_wat_craft_10_pc_and_fo_ride_free() -> None:
    """WAT-CRAFT-10: a Buffalo with 4 infantry + 1 PC + 1 FO is accepted."""
    check_load(CRAFT_TYPES["buffalo"], passengers(*["squad"] * 4, "pc", "fo"))
    assert load_units(passengers("pc", "fo")) == 0


def test_wat_craft_scenario_overload_is_refused_on_load() -> None:
    with pytest.raises(InputError, match="WAT-CRAFT-03"):
        build([stand("a", aboard="b"), stand("c", aboard="b")], [boat("b")])
