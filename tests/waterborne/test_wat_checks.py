"""The named checks (`kriegsspiel odds`) and the tables behind them, replaceable as data."""

from __future__ import annotations

from fractions import Fraction

import pytest
from wat_helpers import ALLIES, AXIS, build, do, end, game_of, stand

from kriegsspiel import find_check
from kriegsspiel.errors import InputError
from kriegsspiel.registry import all_checks
from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES

F = Fraction
NAMES = {
    "waterborne.craft-move", "waterborne.pontoon-attempt", "waterborne.direct-fire",
    "waterborne.he-at-bridge", "waterborne.eff-vehicle", "waterborne.eff-stand",
    "waterborne.rally",
}  # fmt: skip


def test_every_check_is_listed_and_its_odds_sum_to_one() -> None:
    listed = {c.name for c in all_checks() if c.name.startswith("waterborne.")}
    assert listed == NAMES
    for name in NAMES:
        definition = find_check(name)
        check = definition.check()
        assert sum(p for _, p in check.odds_table()) == 1
        assert set(check.outcomes) == set(definition.outcomes)


def test_craft_move_check_by_class() -> None:
    """WAT-MOVE-08..10 through the CLI's parameters."""
    move = find_check("waterborne.craft-move")
    assert move.with_args(["craft=storm-boat"]).odds()["as-planned"] == F(2, 6)
    assert move.with_args(["craft=powered"]).odds()["founder"] == 0
    assert move.with_args(["craft=manual", "oared_no_founder=yes"]).odds()["founder"] == 0
    with pytest.raises(InputError):
        move.with_args(["craft=sail"])


def test_pontoon_attempt_check_parameters() -> None:
    """WAT-PONTOON-07/08: engineers 1..n, others 0..n."""
    attempt = find_check("waterborne.pontoon-attempt")
    assert attempt.with_args(["engineers=2", "others=2"]).odds()["success"] == F(5, 6)
    with pytest.raises(InputError):
        attempt.with_args(["engineers=0"])  # WAT-PONTOON-01: at least one


def test_direct_fire_check_parameters() -> None:
    """CF-FIRE: HMG 4 dice in cover = 3 dice."""
    fire = find_check("waterborne.direct-fire")
    assert fire.with_args(["dice=4", "cover=yes"]).odds_table() == (
        fire.with_args(["dice=3", "cover=no"]).odds_table()
    )
    assert fire.with_args(["dice=1", "cover=yes"]).odds()["no-effect"] == 1


def test_eff_checks_double_in_the_water() -> None:
    stand_check = find_check("waterborne.eff-stand")
    assert stand_check.with_args(["eff=1", "water=yes"]).odds_table() == (
        checks.direct_fire(DEFAULT_TABLES, 2, cover=False).odds_table()
    )


def test_rally_house_default() -> None:
    """CF-DEFAULT-RALLY: d6, 4+ = 1/2; marked house in the data."""
    assert find_check("waterborne.rally").check().odds()["success"] == F(1, 2)
    assert DEFAULT_TABLES.band("rally").house
    assert DEFAULT_TABLES.count("eff-vehicle").house
    assert not DEFAULT_TABLES.band("craft-move").house


def test_a_scenario_replaces_a_house_table() -> None:
    """Parent-game DEFAULT tables are replaceable by a scenario's `tables:` section."""
    our_rally = {
        "title": "Rally (our rulebook)", "dice": "d6", "rules": ["CF-DEFAULT-RALLY"],
        "bands": [{"max": 4, "outcome": "failure"}, {"min": 5, "outcome": "success"}],
    }  # fmt: skip
    game = game_of([stand("sq"), stand("g", AXIS)], tables={"rally": our_rally})
    do(game, "umpire", {"action": "set-status", "unit": "sq", "status": "pinned"})
    do(game, ALLIES, {"action": "rally", "unit": "sq"}, 4)  # a success by default, not here
    assert game.state.phasing == AXIS
    end(game)


def test_a_scenario_replaces_the_eff_procedure() -> None:
    ours = {
        "title": "HtD, as printed", "rules": ["CF-DEFAULT-EFF"], "hit_on": 4,
        "below": "no-effect", "outcomes": ["suppress", "kill"],
    }  # fmt: skip
    scenario = build(tables={"eff-vehicle": ours})
    table = scenario.game_tables.count("eff-vehicle")
    assert table.hit_on == 4


@pytest.mark.parametrize(
    ("tables", "problem"),
    [
        ({"nonsense": {}}, "no such table"),
        ({"rally": {"title": "x", "dice": "d6", "rules": ["X"],
                    "bands": [{"outcome": "rallied"}]}}, "outcomes must be"),
        ({"direct-fire": {"title": "x", "rules": ["X"], "hit_on": 7,
                          "outcomes": ["no-effect", "pin", "suppress", "kill"]}}, "hit_on"),
    ],
)  # fmt: skip
def test_replacement_tables_are_validated_on_load(tables: dict[str, object], problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        build(tables=tables)
