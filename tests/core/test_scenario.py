"""Scenario files: every error names the file, the path inside it and the problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import demolition, scenario_data, task, unit
from kriegsspiel.core.scenario import UnitSpec
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import (
    bundled_names,
    json_schema,
    load_scenario,
    parse_scenario,
    read_scenario_text,
    scenario_from_data,
)


def _data(**changes: Any) -> dict[str, Any]:
    data = scenario_data(
        [
            unit("p1", "german", engineer=True),
            unit("p2", "german"),
            unit("r1", "us", attack={"T": 2}),
        ],
        demolitions=[demolition("bridge", position=(1, 1))],
        tasks=[task("dig", required=2)],
    )
    data.update(changes)
    return data


def _error(data: Any) -> str:
    with pytest.raises(InputError) as info:
        scenario_from_data(data, "test.yaml")
    return str(info.value)


def test_a_valid_scenario_loads() -> None:
    scenario = scenario_from_data(_data(), "test.yaml")
    assert isinstance(scenario, EngScenario)
    assert scenario.side_ids == ("german", "us")
    assert [u.id for u in scenario.units] == ["p1", "p2", "r1"]
    assert scenario.units[0].is_engineer
    assert scenario.options.dud_resets == "all"
    assert scenario.options.allow_task_handover_any is False


@pytest.mark.parametrize("dr", [3, -3, 10])
def test_dr_out_of_range(dr: int) -> None:
    data = _data()
    data["units"][2]["dr"] = dr
    assert _error(data) == "test.yaml: units[2].dr: must be an integer from -2 to 2"


@pytest.mark.parametrize("dr", [-2, 2])
def test_dr_bounds_are_allowed(dr: int) -> None:
    data = _data()
    data["units"][2]["dr"] = dr
    scenario = scenario_from_data(data, "test.yaml")
    assert isinstance(scenario, EngScenario)
    assert scenario.units[2].dr == dr


def test_dr_of_the_wrong_type() -> None:
    data = _data()
    data["units"][1]["dr"] = "veteran"
    assert _error(data) == "test.yaml: units[1].dr: expected int, got str"


def test_unknown_field_is_named() -> None:
    data = _data()
    data["units"][0]["colour"] = "field grey"
    assert _error(data) == "test.yaml: units[0]: object contains unknown field colour"


def test_unknown_side_of_a_unit() -> None:
    data = _data()
    data["units"][1]["side"] = "french"
    assert _error(data) == "test.yaml: units[1].side: unknown side 'french' (sides: german, us)"


def test_unknown_side_of_a_demolition_and_a_task() -> None:
    data = _data()
    data["demolitions"][0]["side"] = "french"
    assert _error(data) == "test.yaml: demolitions[0].side: unknown side 'french'"
    data = _data()
    data["tasks"][0]["side"] = "french"
    assert _error(data) == "test.yaml: tasks[0].side: unknown side 'french'"


def test_unknown_side_in_known_to() -> None:
    data = _data()
    data["demolitions"][0]["known_to"] = ["french"]
    assert _error(data) == "test.yaml: demolitions[0].known_to: unknown side 'french'"


def test_duplicate_unit_ids() -> None:
    data = _data()
    data["units"][2]["id"] = "p1"
    assert _error(data) == "test.yaml: units[2].id: duplicate id 'p1'"


def test_duplicate_side_ids() -> None:
    assert _error(_data(sides=[{"id": "a"}, {"id": "a"}])) == (
        "test.yaml: sides[1].id: duplicate id 'a'"
    )


def test_ids_are_unique_across_units_demolitions_and_tasks() -> None:
    data = _data()
    data["demolitions"][0]["id"] = "p2"
    assert _error(data) == "test.yaml: demolitions[0].id: id 'p2' is used twice"
    data = _data()
    data["tasks"][0]["id"] = "bridge"
    assert _error(data) == "test.yaml: tasks[0].id: id 'bridge' is used twice"


def test_task_id_cannot_collide_with_a_preparation_task() -> None:
    """Ids are plain words, so no scenario task can take a preparation task's id."""
    data = _data()
    data["tasks"][0]["id"] = "prepare:bridge"
    assert _error(data) == (
        "test.yaml: tasks[0].id: expected an id of letters, digits, '_', '.' and '-'"
    )


def test_sides() -> None:
    assert _error(_data(sides=[{"id": "a"}])) == (
        "test.yaml: sides: a scenario needs at least two sides"
    )
    reserved = _data(sides=[{"id": "german"}, {"id": "umpire"}])
    assert _error(reserved) == "test.yaml: sides[1].id: 'umpire' is a reserved seat name"


def test_side_names_for_text() -> None:
    """A side reads by its `name` in text, by its id where it has none."""
    data = _data(sides=[{"id": "german", "name": "Germans (Max)"}, {"id": "us"}])
    scenario = scenario_from_data(data, "test.yaml")
    assert scenario.side_name("german") == "Germans (Max)"
    assert scenario.side_name("us") == "us"
    assert scenario.side_name("nobody") == "nobody"
    assert [s.label for s in scenario.sides] == ["Germans (Max)", "us"]


def test_ranges_from_the_schema() -> None:
    data = _data()
    data["demolitions"][0]["preparations"] = 0
    assert _error(data) == "test.yaml: demolitions[0].preparations: expected int >= 1"
    data = _data()
    data["tasks"][0]["workers"] = 4
    assert _error(data) == "test.yaml: tasks[0].workers: expected int <= 3"


def test_options_are_checked() -> None:
    assert _error(_data(options={"dud_resets": "some"})) == (
        "test.yaml: options.dud_resets: invalid enum value 'some'"
    )
    assert "unknown field" in _error(_data(options={"dud_reset": "one"}))


def test_terrain_points() -> None:
    data = _data(terrain=[{"id": "wood", "kind": "wood", "points": [[0, 0], [1, 1]]}])
    assert _error(data) == "test.yaml: terrain[0].points: a polygon needs at least 3 points"
    line = [{"id": "road", "kind": "road", "points": [[0, 0], [1, 1]], "line": True}]
    assert scenario_from_data(_data(terrain=line), "test.yaml").terrain[0].line


def test_not_a_scenario() -> None:
    assert _error([1, 2]) == (
        "test.yaml: a scenario must be a mapping with ruleset, title, sides and units"
    )
    missing = _data()
    del missing["ruleset"]
    assert _error(missing) == "test.yaml: ruleset: missing (which rules this scenario is for)"
    assert _error(_data(ruleset="chess")).startswith("test.yaml: ruleset: unknown ruleset 'chess'")


def test_yaml_syntax_error_names_file_and_line() -> None:
    text = "ruleset: engineering\ntitle: x\n  sides: 1\n"
    with pytest.raises(InputError) as info:
        parse_scenario(text, "broken.yaml")
    assert info.value.where == "broken.yaml"
    assert info.value.problem.startswith("line 3, column 8: mapping values are not allowed")


def test_load_from_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: engineering\ntitle: [unclosed\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_scenario(str(path))
    assert info.value.where == str(path)
    assert "line" in info.value.problem
    good = tmp_path / "good.yaml"
    good.write_text(
        "ruleset: engineering\ntitle: t\nsides: [{id: a}, {id: b}]\n"
        "units: [{id: u, side: a, kind: troops, dr: 5}]\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        load_scenario(str(good))
    assert str(info.value) == f"{good}: units[0].dr: must be an integer from -2 to 2"


def test_missing_file_and_unknown_bundled_name(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(InputError) as info:
        load_scenario(str(missing))
    assert str(info.value) == f"{missing}: no such file"
    with pytest.raises(InputError, match="no such scenario file or bundled scenario"):
        load_scenario("no-such-bundled-scenario")


def test_bundled_demo() -> None:
    assert "demo" in bundled_names()
    demo = load_scenario("demo")
    assert isinstance(demo, EngScenario)
    assert demo.ruleset == "engineering"
    assert {d.id for d in demo.demolitions} == {"bridge", "culvert"}


def test_json_schema_has_the_dr_bounds() -> None:
    schema = json_schema("engineering")
    assert schema["$schema"].startswith("https://json-schema.org/")
    dr = schema["$defs"]["EngUnit"]["properties"]["dr"]
    assert (dr["minimum"], dr["maximum"], dr["type"]) == (-2, 2, "integer")
    demo = schema["$defs"]["DemolitionSpec"]["properties"]
    assert demo["preparations"]["minimum"] == 1


def _with_dr(schema: Any) -> list[str]:
    """The definitions of a JSON Schema with a property `dr`."""
    return sorted(name for name, d in schema["$defs"].items() if "dr" in d.get("properties", {}))


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_only_engineering_units_have_a_dr(ruleset: str) -> None:
    # Battlefront's discipline rating is the engineering ruleset's field, not the shared unit's
    assert "dr" not in UnitSpec.__struct_fields__
    expected = ["EngUnit"] if ruleset == "engineering" else []
    assert _with_dr(json_schema(ruleset)) == expected


@pytest.mark.parametrize("name", ["abilities", "afv", "waterborne"])
def test_a_dr_is_refused_outside_engineering(name: str) -> None:
    data = yaml.safe_load(read_scenario_text(name)[0])
    data["units"][0]["dr"] = 1
    assert _error(data) == "test.yaml: units[0]: object contains unknown field dr"


def test_json_schema_unknown_ruleset() -> None:
    with pytest.raises(InputError, match="unknown ruleset"):
        json_schema("chess")
