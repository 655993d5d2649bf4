"""No NaN and no infinity, anywhere: a game file holding one would not read back (JSON has no NaN;
msgspec writes it as null), so every number typed on the command line or found in a scenario is
refused before anything is rolled or written, in one line naming where it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kriegsspiel import InputError, load_game, new_game
from kriegsspiel.cli import cli

NOT_FINITE = ("nan", "NaN", "inf", "-inf", "Infinity", "1e999")


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def refused(*args: str | Path) -> str:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.output
    return result.stderr.strip()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert run("new", "demo", "-o", path, "--seed", "finite").exit_code == 0
    return path


def _value(word: str) -> str:
    return {"nan": "nan", "NaN": "nan", "-inf": "-inf", "1e999": "inf"}.get(word, "inf")


def _typed(value: str) -> list[str]:
    """A value as typed after an action: after `--` when it starts with a minus sign."""
    return ["--", value] if value.startswith("-") else [value]


@pytest.mark.parametrize("word", NOT_FINITE)
def test_a_point_is_refused(game: Path, word: str) -> None:
    data = game.read_bytes()
    line = refused("act", game, "--seat", "german", "move", "mg-team", *_typed(f"{word},5"))
    assert line == (
        f"error: to: expected finite numbers separated by commas, such as 16,20 (got '{word},5')"
    )
    refused("act", game, "--seat", "german", "move", "mg-team", f"18,{word}")
    refused("odds", game, "--seat", "german", "move", "mg-team", *_typed(f"{word},5"))
    assert game.read_bytes() == data


@pytest.mark.parametrize("word", NOT_FINITE[:5])  # 1e999 is out of range even as a float
@pytest.mark.parametrize(
    "values",
    [
        ("mg-team", "18,33", "distance={}"),
        ("mg-team", "18,33", "{}"),
        ("pioneer-1", "AT", "facing={}"),
    ],
)
def test_a_number_is_refused(game: Path, word: str, values: tuple[str, ...]) -> None:
    data = game.read_bytes()
    args = [typed for v in values for typed in _typed(v.format(word))]
    action = "lay-minefield" if "facing={}" in values else "move"
    field = "facing" if action == "lay-minefield" else "distance"
    line = refused("act", game, "--seat", "german", action, *args)
    assert line == f"error: {action} {field}: must be a finite number, not {_value(word)}"
    assert refused("odds", game, "--seat", "german", action, *args) == line
    assert game.read_bytes() == data


@pytest.mark.parametrize("word", NOT_FINITE)
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("odds", "engineering.improve-position", "dr={}"), "dr: must be an integer from -2"),
        (("plan", "waterborne.pontoon-bridge", "cp={}"), "cp: must be an integer from 1 to 200"),
        (("replay", "GAME", "--seat", "us", "--upto", "{}"), "'--upto': '{}' is not a valid"),
        (("undo", "GAME", "--count", "{}"), "'--count': '{}' is not a valid integer"),
        (("picture", "GAME", "--seat", "us", "--width", "{}"), "'--width': '{}' is not a valid"),
    ],
)
def test_every_other_number_is_a_whole_one(
    game: Path, word: str, args: tuple[str, ...], message: str
) -> None:
    data = game.read_bytes()
    typed = [str(game) if a == "GAME" else a.format(word) for a in args]
    assert message.format(word) in refused(*typed)
    assert game.read_bytes() == data


@pytest.mark.parametrize("word", NOT_FINITE)
def test_typed_in_dice_are_whole_numbers(game: Path, word: str) -> None:
    assert run("act", game, "--seat", "german", "prepare", "pioneer-1", "bridge").exit_code == 0
    data = game.read_bytes()
    line = refused("act", game, "--seat", "us", "opportunity-fire", "rifle-1", "--dice", word)
    assert line == (
        f"error: dice: faces must be whole numbers separated by commas, such as 3,7 (got '{word}')"
    )
    assert game.read_bytes() == data
    assert run("undo", game).exit_code == 0  # the game file still reads, and undoes
    assert len(load_game(game).log) == 2


def test_the_library_refuses_them_too() -> None:
    """Before any die: the web app's actions come through `Game.act` as plain data."""
    game = new_game("demo", seed="finite")
    for bad, field in (
        ({"to": [float("nan"), 5.0]}, "to[0]"),
        ({"to": [18.0, 33.0], "distance": "inf"}, "distance"),
    ):
        action = {"action": "move", "unit": "mg-team", **bad}
        with pytest.raises(InputError) as info:
            game.act("german", action)
        assert info.value.where == f"move {field}"
        assert info.value.problem.startswith("must be a finite number, not ")
        assert game.log == ()
        with pytest.raises(InputError):
            game.odds("german", action)


SCENARIO = """\
ruleset: engineering
title: Not finite
sides: [{id: a}, {id: b}]
units:
  - {id: u1, side: a, kind: troops, position: [1, 2]}
terrain:
  - {id: wood, kind: wood, points: [[0, 0], [4, 0], [4, 4]]}
options: {lane_width: 1.0}
"""


@pytest.mark.parametrize("word", [".nan", ".NaN", ".inf", "-.inf", "1.0e+999"])
@pytest.mark.parametrize(
    ("old", "path"),
    [
        ("position: [1, 2]", "units[0].position[0]"),
        ("[4, 0], [4, 4]", "terrain[0].points[1][0]"),
        ("lane_width: 1.0", "options.lane_width"),
    ],
)
def test_a_scenario_with_one_is_refused(tmp_path: Path, word: str, old: str, path: str) -> None:
    new = old.replace("1", word, 1) if old.startswith("position") else old.replace("4", word, 1)
    if old.startswith("lane"):
        new = f"lane_width: {word}"
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(SCENARIO.replace(old, new), encoding="utf-8")
    shown = "nan" if "nan" in word.lower() else ("-inf" if word.startswith("-") else "inf")
    expected = f"error: {scenario}: {path}: must be a finite number, not {shown}"
    assert refused("new", scenario, "-o", tmp_path / "game.json") == expected
    assert not (tmp_path / "game.json").exists()
    assert refused("validate", scenario) == expected


def test_a_table_replacement_with_one_is_refused(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.yaml"
    tables = "tables:\n  demolition:\n    modifiers: {wet: .nan}\n"
    scenario.write_text(SCENARIO + tables, encoding="utf-8")
    assert refused("validate", scenario) == (
        f"error: {scenario}: tables.demolition.modifiers.wet: must be a finite number, not nan"
    )


@pytest.mark.parametrize(
    ("scenario", "action", "where", "problem"),
    [
        ("demo", {"action": "move", "unit": "mg-team", "distance": 1e6}, "move distance",
         "expected float <= 3000.0"),
        ("demo", {"action": "move", "unit": "mg-team", "distance": -1}, "move distance",
         "expected float >= 0.0"),
        ("demo", {"action": "demolish", "unit": "pioneer-1", "charges": 10**9},
         "demolish charges", "expected int <= 100"),
        ("abilities", {"action": "order", "commander": "hq", "dice": [7]}, "order dice[0]",
         "expected int <= 6"),
        ("abilities", {"action": "pivot", "unit": "jeep", "facing": 1e9}, "pivot facing",
         "expected float <= 360.0"),
        ("afv", {"action": "set-speed", "vehicle": "sherman-1", "speed": 1e308},
         "set-speed speed", "expected float <= 100.0"),
        ("waterborne", {"action": "move-craft", "craft": "fbe-1", "pivot": 10**6},
         "move-craft pivot", "expected int <= 360"),
    ],
)  # fmt: skip
def test_every_number_of_an_action_is_within_its_bounds(
    scenario: str, action: dict[str, object], where: str, problem: str
) -> None:
    """Before any rule or die: the bound is in the action's schema, named with its path."""
    game = new_game(scenario, seed="bounds")
    seat = next(s for s in game.seats if s != "umpire")
    with pytest.raises(InputError) as info:
        game.act(seat, action)
    assert (info.value.where, info.value.problem) == (where, problem)
    assert game.log == ()
