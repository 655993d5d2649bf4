"""Band tables as data, and the `engineering` tables against the rule text.

Expected odds come from the rules: ENG-DEMO-05/06 (d10, a 1 is a dud) and the Battlefront DEFAULT
tables of parent-games.md §1.5 (Improve Position d10 + dr, 6+ succeeds, a natural 1 fails; direct
fire d10 + strength: <=4 no effect, 5-6 suppressed, 7-8 disordered, 9+ knocked out).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from conftest import FIRE_BANDS, build, scenario_data, unit
from kriegsspiel.core.dice import Pool
from kriegsspiel.core.tables import BandTable, parse_dice, tables_from_mapping
from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering import RULESET, EngScenario
from kriegsspiel.scenario.load import scenario_from_data


@pytest.mark.parametrize(("text", "pool"), [("d10", Pool(1, 10)), ("3d6", Pool(3, 6))])
def test_parse_dice(text: str, pool: Pool) -> None:
    assert parse_dice(text) == pool


@pytest.mark.parametrize("text", ["d1", "0d6", "d", "2x6", "6"])
def test_parse_dice_refuses_non_dice(text: str) -> None:
    with pytest.raises(InputError, match="is not a dice expression"):
        parse_dice(text)


def _table(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "title": "t",
        "dice": "d10",
        "rules": ["TEST-1"],
        "bands": [{"max": 5, "outcome": "low"}, {"min": 6, "outcome": "high"}],
    }
    data.update(overrides)
    return data


def test_band_table_from_mapping() -> None:
    tables = tables_from_mapping({"t": _table(natural={"10": "crit"})}, "x.toml")
    table = tables["t"]
    assert table.outcomes == ("low", "high", "crit")
    check = table.check("test.t")
    assert check.odds_table() == [
        ("low", Fraction(5, 10)),
        ("high", Fraction(4, 10)),
        ("crit", Fraction(1, 10)),
    ]


@pytest.mark.parametrize(
    ("overrides", "where", "problem"),
    [
        ({"rules": []}, "x.toml: t", "at least one rule"),
        ({"bands": []}, "x.toml: t", "at least one band"),
        ({"bands": [{"min": 1, "outcome": "a"}]}, "x.toml: t", "first band must have no min"),
        (
            {"bands": [{"max": 4, "outcome": "a"}, {"min": 6, "outcome": "b"}]},
            "x.toml: t.bands[1]",
            "bands must be contiguous",
        ),
        ({"natural": {"11": "crit"}}, "x.toml: t.natural", "'11' is not a face of d10"),
        ({"dice": "d1"}, "dice", "not a dice expression"),
    ],
)
def test_band_table_validation(overrides: dict[str, Any], where: str, problem: str) -> None:
    with pytest.raises(InputError) as info:
        tables_from_mapping({"t": _table(**overrides)}, "x.toml")
    assert info.value.where == where
    assert problem in info.value.problem


def test_band_table_unknown_field_names_the_path() -> None:
    with pytest.raises(InputError) as info:
        tables_from_mapping({"t": _table(colour="red")}, "x.toml")
    assert str(info.value).startswith("x.toml: t")
    assert "colour" in str(info.value)


def test_natural_face_overrides_modifiers() -> None:
    table: BandTable = tables_from_mapping({"t": _table(natural={"1": "low"})}, "x")["t"]
    assert table(((1,),), 20) == "low"
    assert table(((2,),), 20) == "high"
    assert table(((10,),), -6) == "low"


# -- the engineering tables ----------------------------------------------------------------------


def test_demolition_check_eng_demo_05_06() -> None:
    """ENG-DEMO-05/06: d10, 2-10 succeed (9/10), a 1 is a dud (1/10)."""
    check = find_check("engineering.demolition").check()
    assert check.odds_table() == [("success", Fraction(9, 10)), ("dud", Fraction(1, 10))]
    for face in range(2, 11):
        assert check.resolve([[face]]).outcome == "success"
    assert check.resolve([[1]]).outcome == "dud"
    assert set(check.rules) >= {"ENG-DEMO-05", "ENG-DEMO-06"}


@pytest.mark.parametrize(
    ("dr", "success"),
    [(0, Fraction(1, 2)), (1, Fraction(6, 10)), (-1, Fraction(4, 10)), (2, Fraction(7, 10))],
)
def test_improve_position_default(dr: int, success: Fraction) -> None:
    """parent-games.md §1.5: d10 + dr, success if >= 6: P = 0.5 at dr 0, 0.6 at +1, 0.4 at -1."""
    check = find_check("engineering.improve-position").check(dr=dr)
    assert check.odds()["success"] == success
    assert check.odds()["failure"] == 1 - success


def test_improve_position_natural_one_always_fails() -> None:
    check = find_check("engineering.improve-position").check(dr=2, modifier=10)
    assert check.odds()["success"] == Fraction(9, 10)
    assert check.resolve([[1]]).outcome == "failure"


def _fire_odds(strength: int, modifier: int) -> dict[str, Fraction]:
    """The fire table's odds computed straight from the band text."""
    out = dict.fromkeys(FIRE_BANDS, Fraction(0))
    for face in range(1, 11):
        total = face + strength + modifier
        for outcome, (low, high) in FIRE_BANDS.items():
            if (low is None or total >= low) and (high is None or total <= high):
                out[outcome] += Fraction(1, 10)
    return out


@pytest.mark.parametrize(("strength", "modifier"), [(0, 0), (2, 0), (3, -2), (6, 1), (-4, 0)])
def test_direct_fire_default(strength: int, modifier: int) -> None:
    check = find_check("engineering.direct-fire").check(strength=strength, modifier=modifier)
    assert dict(check.odds_table()) == _fire_odds(strength, modifier)


def test_direct_fire_at_net_zero() -> None:
    odds = dict(find_check("engineering.direct-fire").check().odds_table())
    assert odds == {
        "no-effect": Fraction(4, 10),
        "suppressed": Fraction(2, 10),
        "disordered": Fraction(2, 10),
        "knocked-out": Fraction(2, 10),
    }


def test_house_tables_are_marked() -> None:
    tables = RULESET.tables(build([unit("a", "german"), unit("b", "us")]))
    assert tables["improve-position"].house
    assert tables["direct-fire"].house
    assert not tables["demolition"].house


def test_scenario_replaces_a_table() -> None:
    """A group with the rulebook replaces a house table in the scenario's `tables:` section."""
    replacement = {
        "title": "real fire chart",
        "dice": "d10",
        "rules": ["BF-DEFAULT-FIRE"],
        "bands": [
            {"max": 2, "outcome": "no-effect"},
            {"min": 3, "max": 4, "outcome": "suppressed"},
            {"min": 5, "max": 6, "outcome": "disordered"},
            {"min": 7, "outcome": "knocked-out"},
        ],
    }
    data = scenario_data([unit("a", "german"), unit("b", "us")])
    data["tables"] = {"direct-fire": replacement}
    scenario = scenario_from_data(data, "test.yaml")
    assert isinstance(scenario, EngScenario)
    tables = RULESET.tables(scenario)
    assert tables["direct-fire"].title == "real fire chart"
    assert tables["demolition"].title == "Demolition action"


def test_scenario_table_with_wrong_outcomes_is_refused() -> None:
    data = scenario_data([unit("a", "german"), unit("b", "us")])
    data["tables"] = {
        "demolition": {"title": "x", "dice": "d6", "rules": ["R"], "bands": [{"outcome": "boom"}]}
    }
    with pytest.raises(InputError) as info:
        scenario_from_data(data, "test.yaml")
    assert info.value.where == "test.yaml: tables.demolition"
