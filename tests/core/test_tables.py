"""Tables as data (`core/tables.py`): the one table type and its validation, a scenario's
replacements, and the `engineering` tables against the rule text.

Expected odds come from the rules: ENG-DEMO-05/06 (d10, a 1 is a dud) and the Battlefront DEFAULT
tables of parent-games.md §1.5 (Improve Position d10 + dr, 6+ succeeds, a natural 1 fails; direct
fire d10 + strength: <=4 no effect, 5-6 suppressed, 7-8 disordered, 9+ knocked out).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from conftest import FIRE_BANDS, build, do, engineer, scenario_data, start, unit
from kriegsspiel.core.dice import Pool
from kriegsspiel.core.tables import (
    BandTable,
    Entry,
    GameTables,
    Table,
    TableSet,
    parse_dice,
    read_table,
)
from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering import RULESET, EngScenario
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
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


def _bands(data: dict[str, Any], where: str = "x.toml") -> TableSet[BandTable]:
    return TableSet[BandTable].from_data(data, BandTable, where)


def test_band_table_from_data() -> None:
    table = _bands({"t": _table(natural={"10": "crit"})})["t"]
    assert table.outcomes == table.results == ("low", "high", "crit")
    check = table.check("test.t")
    assert check.odds_table() == [
        ("low", Fraction(5, 10)),
        ("high", Fraction(4, 10)),
        ("crit", Fraction(1, 10)),
    ]


@pytest.mark.parametrize(
    ("overrides", "where", "problem"),
    [
        ({"rules": []}, "x.toml: t.rules", "a table must name at least one rule"),
        ({"bands": []}, "x.toml: t.bands", "a table needs at least one band"),
        (
            {"bands": [{"min": 1, "outcome": "a"}]},
            "x.toml: t.bands",
            "the first band must have no min and the last no max",
        ),
        (
            {"bands": [{"max": 4, "outcome": "a"}, {"min": 6, "outcome": "b"}]},
            "x.toml: t.bands[1]",
            "bands must be contiguous",
        ),
        ({"natural": {"11": "crit"}}, "x.toml: t.natural", "'11' is not a face of d10"),
        ({"dice": "d1"}, "x.toml: t.dice", "'d1' is not a dice expression like d10 or 3d6"),
    ],
)
def test_band_table_validation(overrides: dict[str, Any], where: str, problem: str) -> None:
    with pytest.raises(InputError) as info:
        _bands({"t": _table(**overrides)})
    assert (info.value.where, info.value.problem) == (where, problem)


def test_band_table_unknown_field_names_the_path() -> None:
    with pytest.raises(InputError) as info:
        _bands({"t": _table(colour="red")})
    assert str(info.value).startswith("x.toml: t")
    assert "colour" in str(info.value)


def test_natural_face_overrides_modifiers() -> None:
    table = _bands({"t": _table(natural={"1": "low"})}, "x")["t"]
    assert table(((1,),), 20) == "low"
    assert table(((2,),), 20) == "high"
    assert table(((10,),), -6) == "low"


# -- every kind of table: one validation, one replacement ----------------------------------------


class Chances(Table, frozen=True, kw_only=True):
    """A table of values with its own shape check and its own fit for a replacement."""

    chances: dict[str, int]

    def check_shape(self, where: str) -> None:
        if any(not 0 <= c <= 100 for c in self.chances.values()):
            raise InputError(f"{where}.chances", "a chance is a percentage, 0 to 100")

    def check_replacement(self, new: Chances, where: str) -> None:
        if set(new.chances) != set(self.chances):
            raise InputError(f"{where}.chances", "keys must be a")


class Mixed(TableSet[Table]):
    odds = Entry(Chances, "the-odds")


MIXED = Mixed.from_data(
    {
        "roll": _table(),
        "the-odds": {"title": "odds", "rules": ["TEST-2"], "chances": {"a": 50}},
    },
    BandTable,
    "mixed.toml",
)


def test_a_table_set_holds_every_kind_with_typed_access() -> None:
    assert Mixed.kinds() == {"the-odds": Chances}
    assert MIXED.odds.chances == {"a": 50}
    assert MIXED.band("roll").outcomes == ("low", "high")
    assert set(MIXED) == {"roll", "the-odds"}
    assert len(MIXED) == 2
    with pytest.raises(TypeError, match="'the-odds' is a Chances, not a BandTable"):
        MIXED.band("the-odds")


def test_every_kind_is_validated_the_same_way() -> None:
    """The rules check is the base's, for every shape; the shape check is the kind's own."""
    with pytest.raises(InputError) as info:
        read_table({"title": "odds", "rules": [], "chances": {}}, Chances, "here")
    assert (info.value.where, info.value.problem) == (
        "here.rules",
        "a table must name at least one rule",
    )
    with pytest.raises(InputError) as info:
        read_table({"title": "odds", "rules": ["R"], "chances": {"a": 101}}, Chances, "here")
    assert info.value.where == "here.chances"


def test_a_table_of_no_declared_kind_is_refused_where_every_kind_is_named() -> None:
    with pytest.raises(InputError) as info:
        Mixed.from_data({"nonsense": {}}, None, "file.toml")
    assert (info.value.where, info.value.problem) == (
        "file.toml: nonsense",
        "no such table (tables: the-odds)",
    )


def test_replaced_keeps_the_others_and_the_subclass() -> None:
    ours = {"title": "ours", "rules": ["TEST-2"], "chances": {"a": 10}}
    tables = MIXED.replaced({"the-odds": ours}, "s.yaml: tables")
    assert isinstance(tables, Mixed)
    assert tables.odds.title == "ours"
    assert tables["roll"] is MIXED["roll"]
    assert MIXED.odds.title == "odds"  # the defaults are untouched


@pytest.mark.parametrize(
    ("replacements", "where", "problem"),
    [
        ({"nonsense": {}}, "s.yaml: tables.nonsense", "no such table (tables: roll, the-odds)"),
        (
            {"roll": _table(bands=[{"outcome": "low"}])},
            "s.yaml: tables.roll",
            "outcomes must be low, high",
        ),
        ({"roll": _table(rules=[])}, "s.yaml: tables.roll.rules", "at least one rule"),
        (
            {"roll": _table(bands=[{"max": 4, "outcome": "low"}, {"min": 6, "outcome": "high"}])},
            "s.yaml: tables.roll.bands[1]",
            "bands must be contiguous",
        ),
        (
            {"the-odds": {"title": "x", "rules": ["R"], "chances": {"b": 1}}},
            "s.yaml: tables.the-odds.chances",
            "keys must be a",
        ),
    ],
)
def test_replacement_errors_name_the_table_and_field(
    replacements: dict[str, Any], where: str, problem: str
) -> None:
    with pytest.raises(InputError) as info:
        MIXED.replaced(replacements, "s.yaml: tables")
    assert info.value.where == where
    assert problem in info.value.problem


def test_a_replacement_is_read_as_the_kind_it_replaces() -> None:
    """A replacement has the fields of the table it replaces: a band table's, not a chance's."""
    with pytest.raises(InputError) as info:
        MIXED.replaced({"roll": {"title": "x", "rules": ["R"], "chances": {}}}, "s.yaml: tables")
    assert str(info.value).startswith("s.yaml: tables.roll")


def test_game_tables_resolve_each_section_once() -> None:
    game_tables = GameTables(MIXED)
    assert game_tables.resolve({}) is MIXED  # nothing replaced: the defaults themselves
    section = {"the-odds": {"title": "ours", "rules": ["R"], "chances": {"a": 1}}}
    first = game_tables.resolve(section)
    assert game_tables.resolve(section) is first
    assert game_tables.resolve(dict(section)) is not first  # another section, another game


# -- a scenario's `tables:` section ---------------------------------------------------------------


RIGGED_FIRE = {
    "title": "every shot misses",
    "dice": "d10",
    "rules": ["BF-DEFAULT-FIRE"],
    "bands": [
        {"max": 100, "outcome": "no-effect"},
        {"min": 101, "max": 101, "outcome": "suppressed"},
        {"min": 102, "max": 102, "outcome": "disordered"},
        {"min": 103, "outcome": "knocked-out"},
    ],
}


def _with_tables(tables: dict[str, Any]) -> EngScenario:
    data = scenario_data(
        [
            unit("p1", "german", engineer=True, attack={"T": 2}, position=(0, 0)),
            unit("r1", "us", attack={"T": 2}, position=(0, 20)),
        ],
        tasks=[{"id": "dig", "side": "german", "required": 3}],
    )
    data["tables"] = tables
    scenario = scenario_from_data(data, "test.yaml")
    assert isinstance(scenario, EngScenario)
    return scenario


def test_a_scenarios_replacement_reaches_the_odds_and_the_rolls() -> None:
    """BF-DEFAULT-FIRE replaced: the odds the US is shown and the roll it makes follow it."""
    fire = {"action": "opportunity-fire", "unit": "r1"}
    default = start(_with_tables({}))
    engineer(default, "p1", "dig")
    assert len(default.odds("us", fire).outcomes) == 4
    game = start(_with_tables({"direct-fire": RIGGED_FIRE}))
    engineer(game, "p1", "dig")
    [outcome] = game.odds("us", fire).outcomes
    assert outcome.probability == 1
    assert outcome.summary.startswith("r1 fires at p1: no-effect;")
    do(game, "us", fire, 10)  # a 10 knocks out by default
    assert game.log_view("us")[-1]["outcome"] == outcome.summary


def test_a_scenario_resolves_its_tables_once_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Validated (and resolved) when the scenario loads; never again per action, nor for a
    seat's knowledge, which is a copy of the scenario sharing its `tables:` section."""
    scenario = _with_tables({"direct-fire": RIGGED_FIRE})
    calls: list[str] = []
    replaced = TableSet.replaced

    def counting(self: TableSet[Any], data: Any, where: str) -> Any:
        calls.append(where)
        return replaced(self, data, where)

    monkeypatch.setattr(TableSet, "replaced", counting)
    game = start(scenario)
    tables = scenario.game_tables
    engineer(game, "p1", "dig")
    game.odds("us", {"action": "opportunity-fire", "unit": "r1"})
    do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, 4)
    known = RULESET.knowledge(game.state, "us").scenario
    assert known is not scenario
    assert known.game_tables is tables
    assert tables["direct-fire"].title == "every shot misses"
    assert calls == []


def test_scenario_errors_name_the_file_the_table_and_the_field() -> None:
    for tables, where, problem in (
        ({"nonsense": {}}, "test.yaml: tables.nonsense", "no such table (tables: demolition"),
        (
            {"direct-fire": {**RIGGED_FIRE, "rules": []}},
            "test.yaml: tables.direct-fire.rules",
            "a table must name at least one rule",
        ),
        (
            {"direct-fire": {**RIGGED_FIRE, "dice": "d"}},
            "test.yaml: tables.direct-fire.dice",
            "'d' is not a dice expression",
        ),
    ):
        with pytest.raises(InputError) as info:
            _with_tables(tables)
        assert info.value.where == where
        assert info.value.problem.startswith(problem)


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
    tables = build([unit("a", "german"), unit("b", "us")]).game_tables
    assert tables is DEFAULT_TABLES
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
    tables = scenario.game_tables
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
