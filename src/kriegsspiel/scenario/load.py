"""Loading scenario files (YAML): one clear error naming the file, the path and the problem."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import msgspec
import yaml

from kriegsspiel.core.convert import convert
from kriegsspiel.core.limits import (
    MAX_DEPTH,
    MAX_SCENARIO_BYTES,
    MAX_TOTAL_POINTS,
    MAX_VALUES,
    check_document,
    read_limited,
)
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import find_ruleset

BUNDLED = "kriegsspiel.scenario.bundled"


def bundled_names() -> list[str]:
    return sorted(
        p.name.removesuffix(".yaml")
        for p in resources.files(BUNDLED).iterdir()
        if p.name.endswith(".yaml")
    )


def read_scenario_text(name_or_path: str) -> tuple[str, str]:
    """The text of a scenario file, or of a bundled scenario by name; and how to name it."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        data = read_limited(path, MAX_SCENARIO_BYTES, "scenario file", "no such file")
        try:
            return data.decode("utf-8"), str(path)
        except UnicodeDecodeError as exc:
            problem = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
            raise InputError(str(path), problem) from None
    if name_or_path in bundled_names():
        res = resources.files(BUNDLED).joinpath(f"{name_or_path}.yaml")
        return res.read_text(encoding="utf-8"), f"{name_or_path}.yaml (bundled)"
    raise InputError(
        name_or_path,
        f"no such scenario file or bundled scenario (bundled: {', '.join(bundled_names())})",
    )


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where present


def parse_scenario(text: str, where: str) -> ScenarioBase:
    """A scenario from YAML text (a file's or an upload's), within the limits (core/limits.py)."""
    if len(text) > MAX_SCENARIO_BYTES:
        raise InputError(where, f"larger than {MAX_SCENARIO_BYTES:,} characters: too large")
    try:
        _within_limits(text, where)
        data: Any = yaml.load(text, Loader=SAFE_LOADER)  # a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise InputError(where, f"{at}{problem}") from None
    except RecursionError:  # the limits refuse such nesting, once it is loaded
        raise InputError(where, "nested too deeply") from None
    return scenario_from_data(data, where)


def _within_limits(text: str, where: str) -> None:
    """Refuse YAML whose values, aliases expanded, would be more than MAX_VALUES or nested
    deeper than MAX_DEPTH, from its parser's events alone: nothing is built first, so an alias
    bomb (one long list shared by many features) costs no more than reading it."""
    values = 0
    sizes: dict[str, int] = {}  # an anchor's values, for each use of it by an alias
    open_: list[tuple[str | None, int]] = []  # the collections open: anchor, values before
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            values += sizes.get(event.anchor or "", 1)
        elif isinstance(event, yaml.ScalarEvent):
            values += 1
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            if len(open_) >= MAX_DEPTH:
                raise InputError(where, f"{_line(event)}nested more than {MAX_DEPTH} levels deep")
            open_.append((event.anchor, values))
            values += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, before = open_.pop()
            if anchor:
                sizes[anchor] = values - before
        if values > MAX_VALUES:
            problem = f"too large: more than {MAX_VALUES:,} values, aliases expanded (see Limits)"
            raise InputError(where, f"{_line(event)}{problem}")


def _line(event: yaml.Event) -> str:
    mark = event.start_mark
    return f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""


def scenario_from_data(data: Any, where: str) -> ScenarioBase:
    """A scenario from loaded data: sizes and values within the limits first, then its schema,
    then the checks a schema cannot make (`validate`, where geometry is built)."""
    check_document(data, where)
    if not isinstance(data, dict):
        raise InputError(where, "a scenario must be a mapping with ruleset, title, sides and units")
    if "ruleset" not in data:
        raise InputError(f"{where}: ruleset", "missing (which rules this scenario is for)")
    try:
        ruleset = find_ruleset(str(data["ruleset"]))
    except InputError as exc:
        raise InputError(f"{where}: ruleset", exc.problem) from None
    scenario = convert(data, ruleset.scenario_type, where)
    points = sum(len(t.points) for t in scenario.terrain)
    if points > MAX_TOTAL_POINTS:
        problem = f"{points:,} points in all: at most {MAX_TOTAL_POINTS:,} are allowed"
        raise InputError(f"{where}: terrain", problem)
    from shapely.errors import GEOSException  # shapely (and numpy) load with a scenario file

    _refuse_crossed_polygons(scenario, where)
    try:
        scenario.validate(where)
    except GEOSException as exc:  # a shape of a ruleset's own section that cannot be drawn
        raise InputError(where, f"a shape that cannot be drawn ({exc})") from None
    return scenario


def _refuse_crossed_polygons(scenario: ScenarioBase, where: str) -> None:
    """A terrain polygon must not cross itself: no area could be told inside or outside it."""
    import shapely

    for i, feature in enumerate(scenario.terrain):
        if feature.line or len(feature.points) < 3:
            continue
        polygon = shapely.Polygon(feature.points)
        if not polygon.is_valid:
            reason = shapely.is_valid_reason(polygon)
            raise InputError(f"{where}: terrain[{i}].points", f"not a simple polygon ({reason})")


def load_scenario(name_or_path: str) -> ScenarioBase:
    text, where = read_scenario_text(name_or_path)
    return parse_scenario(text, where)


def json_schema(ruleset: str) -> dict[str, Any]:
    """The JSON Schema of a ruleset's scenario files, for editors."""
    schema: dict[str, Any] = msgspec.json.schema(find_ruleset(ruleset).scenario_type)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"kriegsspiel {ruleset} scenario"
    return schema
