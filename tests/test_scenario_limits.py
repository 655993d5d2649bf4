"""Hostile scenario files cannot break the engine: every number finite and within its bound,
every string one a text or a picture can carry, the size of a scenario bounded before anything
is built; each refusal one InputError line naming the file and the path (core/limits.py)."""

from __future__ import annotations

import copy
import os
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kriegsspiel.cli import cli
from kriegsspiel.core import limits
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.errors import InputError
from kriegsspiel.scenario.load import (
    bundled_names,
    load_scenario,
    parse_scenario,
    read_scenario_text,
    scenario_from_data,
)

WHERE = "x.yaml"


def bundled_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(read_scenario_text(name)[0])
    return data


def refusal(data: Any) -> str:
    with pytest.raises(InputError) as info:
        scenario_from_data(data, WHERE)
    return str(info.value)


def with_unit_field(name: str, field: str, value: Any) -> dict[str, Any]:
    data = bundled_data(name)
    data["units"][0][field] = value
    return data


def test_every_bundled_scenario_is_within_the_limits() -> None:
    for name in bundled_names():
        load_scenario(name)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            with_unit_field("demo", "speed", -5),
            "x.yaml: units[0].speed: expected float >= 0.0",
        ),
        (
            with_unit_field("demo", "speed", 1e308),
            "x.yaml: units[0].speed: must be between -1e+09 and 1e+09",
        ),
        (
            with_unit_field("demo", "speed", 1000.0),
            f"x.yaml: units[0].speed: expected float <= {limits.MAX_MOVE}",
        ),
        (
            with_unit_field("demo", "position", [float("inf"), 3.0]),
            "x.yaml: units[0].position[0]: must be a finite number, not inf",
        ),
        (
            with_unit_field("demo", "position", [2.0, float("nan")]),
            "x.yaml: units[0].position[1]: must be a finite number, not nan",
        ),
        (
            with_unit_field("demo", "position", [5000.0, 3.0]),
            f"x.yaml: units[0].position[0]: expected float <= {limits.MAX_INCHES}",
        ),
        (
            with_unit_field("demo", "name", "Pio\x00neers"),
            "x.yaml: units[0].name: control character U+0000 is not allowed",
        ),
        (
            with_unit_field("demo", "name", "Pio\ud800neers"),
            "x.yaml: units[0].name: a lone surrogate U+D800 is not a character",
        ),
        (
            with_unit_field("demo", "name", "P" * 300),
            f"x.yaml: units[0].name: expected str of length <= {limits.MAX_NAME}",
        ),
        (
            {**bundled_data("demo"), "turns": 10**9},
            f"x.yaml: turns: expected int <= {limits.MAX_TURNS}",
        ),
        (
            {**bundled_data("demo"), "turns": 2**63},
            "x.yaml: turns: must be between -1e+09 and 1e+09",
        ),
        (
            {**bundled_data("afv"), "turns": 0},
            "x.yaml: turns: expected int >= 1",
        ),
        (
            {**bundled_data("waterborne"), "initiatives": 10**6},
            f"x.yaml: initiatives: expected int <= {limits.MAX_TURNS}",
        ),
    ],
)
def test_a_number_or_string_out_of_bounds_is_named_with_its_path(
    data: dict[str, Any], message: str
) -> None:
    assert refusal(data) == message


def test_preparations_are_bounded() -> None:
    data = bundled_data("demo")
    data["demolitions"][0]["preparations"] = 10**9
    assert refusal(data) == (
        f"x.yaml: demolitions[0].preparations: expected int <= {limits.MAX_COUNT}"
    )


def test_a_polygon_that_crosses_itself_is_refused() -> None:
    data = bundled_data("afv")
    bow_tie = [[0, 0], [10, 10], [10, 0], [0, 10]]
    data["terrain"].append({"id": "tie", "kind": "wood", "points": bow_tie})
    n = len(data["terrain"]) - 1
    assert refusal(data) == (
        f"x.yaml: terrain[{n}].points: not a simple polygon (Self-intersection[5 5])"
    )


def test_the_json_schema_shows_the_bounds() -> None:
    from kriegsspiel.scenario.load import json_schema

    schema = json_schema("engineering")
    defs = schema["$defs"]
    speed = defs["EngUnit"]["properties"]["speed"]["anyOf"][0]
    assert (speed["minimum"], speed["maximum"]) == (0, limits.MAX_MOVE)
    units = defs["EngScenario"]["properties"]["units"]
    assert units["maxItems"] == limits.MAX_UNITS
    points = defs["TerrainSpec"]["properties"]["points"]
    assert points["maxItems"] == limits.MAX_FEATURE_POINTS
    assert points["items"]["prefixItems"][0]["maximum"] == limits.MAX_INCHES


# -- bounded work ----------------------------------------------------------------------------


HEAD = "ruleset: afv\ntitle: t\nsides: [{id: a}, {id: b}]\n"


def points_text(n: int) -> str:
    return "[" + ",".join(f"[{i % 100},{i // 100}]" for i in range(n)) + "]"


def alias_bomb() -> str:
    """About 80 KB: one 4,000-point list shared by 1,500 features through an anchor."""
    shared = f"shared: &p {points_text(4000)}\n"
    features = "".join(f"- {{id: f{i}, kind: wood, points: *p}}\n" for i in range(1500))
    return HEAD + shared + "terrain:\n" + features


def many_points(features: int, points: int) -> str:
    each = "".join(
        f"- {{id: f{i}, kind: wood, points: {points_text(points)}}}\n" for i in range(features)
    )
    return HEAD + "terrain:\n" + each


class Counted:
    """Counts the calls of a function it stands in for."""

    def __init__(self, real: Any) -> None:
        self.real, self.calls = real, 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.real(*args, **kwargs)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (alias_bomb(), "too large: more than 50,000 values, aliases expanded"),
        (many_points(100, 1000), "too large: more than 50,000 values, aliases expanded"),
        (many_points(300, 1000), "characters: too large"),
        (HEAD + "x: " + "[" * 500 + "]" * 500 + "\n", "nested more than 16 levels deep"),
    ],
    ids=["alias-bomb", "100x1000-points", "300x1000-points", "deep"],
)
def test_huge_uploads_are_refused_before_anything_is_built(
    monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    load = Counted(yaml.load)
    validate = Counted(ScenarioBase.validate)
    monkeypatch.setattr(yaml, "load", load)
    monkeypatch.setattr(ScenarioBase, "validate", validate)
    start = time.process_time()
    with pytest.raises(InputError) as info:
        parse_scenario(text, WHERE)
    spent = time.process_time() - start
    assert problem in str(info.value)
    assert str(info.value).startswith("x.yaml: ")
    assert (load.calls, validate.calls) == (0, 0)  # refused from the parser's events alone
    assert spent < 5  # loosely: it is a fraction of a second


def test_the_total_of_points_is_bounded() -> None:
    with pytest.raises(InputError) as info:
        parse_scenario(many_points(40, 300), WHERE)
    assert str(info.value) == "x.yaml: terrain: 12,000 points in all: at most 10,000 are allowed"


def test_one_feature_of_too_many_points_is_refused() -> None:
    with pytest.raises(InputError) as info:
        parse_scenario(many_points(1, 1500), WHERE)
    assert str(info.value) == "x.yaml: terrain[0].points: expected array of length <= 1000"


def test_a_small_alias_is_still_read() -> None:
    text = read_scenario_text("afv")[0].replace("title:", "title: &t", 1)
    text += "description: *t\n"
    scenario = parse_scenario(text, WHERE)
    assert scenario.description == scenario.title


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null"])
def test_a_device_is_not_read(special: str) -> None:
    with pytest.raises(InputError) as info:
        load_scenario(special)
    assert str(info.value) == f"{special}: not a regular file, so not a scenario file"


def test_a_file_over_the_limit_is_not_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("#" * (limits.MAX_SCENARIO_BYTES + 1))
    with pytest.raises(InputError) as info:
        load_scenario(str(big))
    assert str(info.value) == (
        f"{big}: larger than {limits.MAX_SCENARIO_BYTES:,} bytes: too large for a scenario file"
    )


def test_a_game_file_is_read_with_a_limit(tmp_path: Path) -> None:
    from kriegsspiel.store import files

    with pytest.raises(InputError) as info:
        files.load("/dev/zero")
    assert str(info.value) == "/dev/zero: not a regular file, so not a game file"


# -- fuzzing ---------------------------------------------------------------------------------

HOSTILE_NUMBERS = st.sampled_from(
    [float("nan"), float("inf"), -float("inf"), 1e308, -1e308, 2**63, 10**9, -5, 0, -0.0, 1e-300]
)
HOSTILE_TEXT = st.text(
    alphabet=st.characters(codec=None, categories=None, exclude_characters=()), max_size=30
) | st.sampled_from(
    ["\x00", "a\nb", "\ud800", "a\udfffb", "\u202e", "\ufeff", "x" * (limits.MAX_TEXT + 1)]
)
LEAF = st.none() | st.booleans() | HOSTILE_NUMBERS | st.integers() | st.floats() | HOSTILE_TEXT


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


HOSTILE = (
    LEAF
    | st.lists(LEAF, max_size=4)
    | st.dictionaries(HOSTILE_TEXT, LEAF, max_size=3)
    | st.integers(10, 40).map(deep)
    | st.builds(lambda: [[1.0, 2.0] for _ in range(2000)])
)


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into plain data down to 8 levels, its root excluded."""
    out = [path] if path else []
    if len(path) >= 8:
        return out
    if isinstance(value, dict):
        for key, item in value.items():
            out += places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += places(item, (*path, i))
    return out


def put(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


BASES = {name: bundled_data(name) for name in bundled_names()}


@st.composite
def hostile_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A bundled scenario with one to three of its values (or new keys) made hostile."""
    data = copy.deepcopy(BASES[draw(st.sampled_from(sorted(BASES)))])
    for _ in range(draw(st.integers(1, 3))):
        spots = places(data)
        path = draw(st.sampled_from(spots))
        if draw(st.booleans()) and isinstance(data, dict):
            path = (*path[:-1], draw(st.sampled_from(["extra", "name", "points", "speed"])))
        try:
            put(data, path, draw(HOSTILE))
        except (TypeError, IndexError, KeyError):
            continue
    return data


def assert_clean(call: Any) -> None:
    try:
        call()
    except InputError as exc:
        message = str(exc)
        assert "\n" not in message
        assert "Traceback" not in message
        assert message.startswith((f"{WHERE}: ", f"{WHERE} "))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_documents())
def test_hostile_documents_are_loaded_or_refused_in_one_line(data: dict[str, Any]) -> None:
    assert_clean(lambda: scenario_from_data(data, WHERE))


ANCHORED = st.builds(
    lambda n, uses, depth: (
        HEAD
        + f"x: &a {points_text(n)}\n"
        + "y: ["
        + ", ".join(["*a"] * uses)
        + "]\n"
        + "z: "
        + "[" * depth
        + "]" * depth
        + "\n"
    ),
    st.integers(0, 3000),
    st.integers(0, 60),
    st.integers(0, 40),
)


@settings(max_examples=40, deadline=None)
@given(ANCHORED | st.text(max_size=200))
def test_hostile_yaml_is_loaded_or_refused_in_one_line(text: str) -> None:
    assert_clean(lambda: parse_scenario(text, WHERE))


# -- the command -----------------------------------------------------------------------------


def one_error(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    assert (result.stdout, result.stderr.count("\n")) == ("", 1)
    return result.stderr.strip()


def test_the_command_reads_no_device_or_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for game in ("/dev/zero", str(pipe)):
        expected = f"error: {game}: not a regular file, so not a game file"
        assert one_error("show", game, "--seat", "umpire") == expected
        assert one_error("act", game, "--seat", "german", "pass") == expected
    assert one_error("validate", "/dev/zero") == (
        "error: /dev/zero: not a regular file, so not a scenario file"
    )


def test_the_command_refuses_a_hostile_scenario_in_one_line(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(alias_bomb())
    error = one_error("new", str(bomb), "-o", str(tmp_path / "g.json"))
    assert error.startswith(f"error: {bomb}: line ")
    assert error.endswith("too large: more than 50,000 values, aliases expanded (see Limits)")
    assert not (tmp_path / "g.json").exists()


def test_a_game_file_scenario_gets_the_walk_a_scenario_file_gets(tmp_path: Path) -> None:
    """An edited game file whose scenario holds what no scenario file may (here a NUL in a
    unit's name) is refused in one line naming the place, as the scenario file would be."""
    from kriegsspiel.games import new_game
    from kriegsspiel.store import files, seal

    path = tmp_path / "game.json"
    data = seal.plain(files.dumps(new_game("demo", seed="walk")))
    assert b'"name":"Pioniere 1"' in data
    data = data.replace(b'"name":"Pioniere 1"', b'"name":"Pion\\u0000iere 1"', 1)
    path.write_bytes(files.file_seal("any").sign(data, b"")[0])  # signed as edited: read on
    with pytest.raises(InputError) as info:
        files.load(path)
    assert "control character U+0000 is not allowed" in str(info.value)
    assert "scenario: units[" in str(info.value)
    assert "\n" not in str(info.value)
