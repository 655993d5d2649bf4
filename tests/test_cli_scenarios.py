"""Scenario files from the command line: `validate` checks one as `new` would, without a game
file; every problem is one line naming the file and the place in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from kriegsspiel import InputError, load_scenario
from kriegsspiel.cli import cli
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, parse_scenario, read_scenario_text

ENGINEERING = """\
ruleset: engineering
title: Sappers
sides: [{id: a}, {id: b}]
units:
  - {id: u1, side: a, kind: troops, traits: [engineer]}
"""


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_error(*args: str | Path) -> str:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert (result.stdout, result.stderr.count("\n")) == ("", 1)
    return result.stderr.strip()


def scenario_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# -- validate ------------------------------------------------------------------------------------


def test_validate_says_ok_in_one_line(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, ENGINEERING)
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.stdout == f"{path}: OK: Sappers (engineering), 2 sides (a, b), 1 unit\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scenario.yaml"]  # no game written


def test_validate_a_bundled_scenario_as_json() -> None:
    report = json.loads(run("validate", "demo", "--json").stdout)
    assert report == {
        "scenario": "demo.yaml (bundled)",
        "ok": True,
        "title": "The bridge at Kleinwalde",
        "ruleset": "engineering",
        "sides": ["german", "us"],
        "units": 6,
        "seats": ["umpire", "german", "us", "public"],
    }


@pytest.mark.parametrize("name", bundled_names())
def test_every_bundled_scenario_validates(name: str) -> None:
    result = run("validate", name)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{name}.yaml (bundled): OK: {load_scenario(name).title} (")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (ENGINEERING.replace("kind: troops", "kind: troops, dr: 5"), "units[0].dr: must be"),
        ("ruleset: engineering\ntitle: [unclosed\n", "line 3, column 1: did not find expected ','"),
        (ENGINEERING.replace("{id: b}", "{id: a}"), "sides[1].id: duplicate id 'a'"),
    ],
)
def test_validate_gives_the_error_new_gives(tmp_path: Path, text: str, problem: str) -> None:
    path = scenario_file(tmp_path, text)
    line = one_error("validate", path)
    assert line.startswith(f"error: {path}: {problem}")
    assert one_error("new", path, "-o", tmp_path / "game.json") == line
    assert not (tmp_path / "game.json").exists()


def test_validate_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    assert one_error("validate", missing) == f"error: {missing}: no such file"


# -- the errors of a scenario file ---------------------------------------------------------------


def test_an_unknown_ruleset_names_the_file(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, ENGINEERING.replace("engineering", "engineerin"))
    assert one_error("validate", path) == (
        f"error: {path}: ruleset: unknown ruleset 'engineerin' (rulesets: {', '.join(RULESETS)})"
    )


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("ruleset: engineering\ntitle: t\n  sides: 1\n", "line 3, column 8: mapping values"),
        (
            "ruleset: engineering\nsides: [{id: a}, {id: b}\n",
            "line 3, column 1: did not find expected ','",
        ),
        ("ruleset: engineering\ntitle: 'open\n", "line 3, column 1: found unexpected end"),
        ("ruleset: engineering\n\ttitle: t\n", "line 2, column 1: found a tab character"),
    ],
)
def test_a_yaml_error_gives_line_and_column(tmp_path: Path, text: str, where: str) -> None:
    path = scenario_file(tmp_path, text)
    assert one_error("validate", path).startswith(f"error: {path}: {where}")


# -- traits --------------------------------------------------------------------------------------


ENG_TRAITS = (
    "ark, artillery, assault-troops, avre, avre-engineer, bobbin, bridgelayer, conger, "
    "culin-cutter, dd, dive-bomber, dozer, engineer, fascine, flail, flamethrower, "
    "half-tracked, hedgerow-cutter, shaped-charge, tracked, wheeled"
)


def test_an_unknown_trait_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, ENGINEERING.replace("[engineer]", "[enginer]"))
    assert one_error("validate", path) == (
        f"error: {path}: units[0].traits: unknown trait 'enginer' "
        f"(did you mean 'engineer'? traits: {ENG_TRAITS})"
    )
    path = scenario_file(tmp_path, ENGINEERING.replace("[engineer]", "[engineer, xyzzy]"))
    assert one_error("new", path, "-o", tmp_path / "game.json") == (
        f"error: {path}: units[0].traits: unknown trait 'xyzzy' (traits: {ENG_TRAITS})"
    )
    assert not (tmp_path / "game.json").exists()


def test_every_trait_engineering_knows_is_read_by_its_code() -> None:
    """The list is the traits the rules read, no more: each appears in the ruleset's sources."""
    package = Path(__file__).resolve().parents[1] / "src/kriegsspiel/rulesets/engineering"
    sources = "".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    known = RULESETS["engineering"].scenario_type.known_traits
    assert known is not None
    assert sorted(known) == ENG_TRAITS.split(", ")
    for trait in known:
        assert f'"{trait}"' in sources, trait


def test_the_other_rulesets_traits() -> None:
    types = {name: r.scenario_type for name, r in RULESETS.items()}
    assert types["waterborne"].known_traits == frozenset({"indirect"})
    assert types["afv"].known_traits == types["abilities"].known_traits == frozenset()


@pytest.mark.parametrize("name", ["afv", "abilities"])
def test_a_ruleset_that_reads_no_traits_refuses_any(tmp_path: Path, name: str) -> None:
    data = yaml.safe_load(read_scenario_text(name)[0])
    data["units"][1]["traits"] = ["engineer"]
    path = scenario_file(tmp_path, yaml.safe_dump(data))
    assert one_error("validate", path) == (
        f"error: {path}: units[1].traits: unknown trait 'engineer' "
        "(this ruleset reads no unit traits)"
    )


def test_a_waterborne_trait(tmp_path: Path) -> None:
    data = yaml.safe_load(read_scenario_text("waterborne")[0])
    mortar = next(u for u in data["units"] if u.get("traits"))
    assert mortar["traits"] == ["indirect"]
    mortar["traits"] = ["indirekt"]
    path = scenario_file(tmp_path, yaml.safe_dump(data))
    assert one_error("validate", path).endswith(
        "unknown trait 'indirekt' (did you mean 'indirect'? traits: indirect)"
    )


def test_the_library_refuses_an_unknown_trait_too() -> None:
    with pytest.raises(InputError) as info:
        parse_scenario(ENGINEERING.replace("[engineer]", "[Engineer]"), "s.yaml")
    assert info.value.where == "s.yaml: units[0].traits"
    assert info.value.problem.startswith("unknown trait 'Engineer' (did you mean 'engineer'?")
