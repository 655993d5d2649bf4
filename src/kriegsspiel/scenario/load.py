"""Loading scenario files (YAML): one clear error naming the file, the path and the problem."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import msgspec
import yaml

from kriegsspiel.core.convert import convert
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
        try:
            return path.read_text(encoding="utf-8"), str(path)
        except FileNotFoundError:
            raise InputError(str(path), "no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(str(path), f"cannot read: {exc}") from None
    if name_or_path in bundled_names():
        res = resources.files(BUNDLED).joinpath(f"{name_or_path}.yaml")
        return res.read_text(encoding="utf-8"), f"{name_or_path}.yaml (bundled)"
    raise InputError(
        name_or_path,
        f"no such scenario file or bundled scenario (bundled: {', '.join(bundled_names())})",
    )


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where present


def parse_scenario(text: str, where: str) -> ScenarioBase:
    try:
        data: Any = yaml.load(text, Loader=SAFE_LOADER)  # a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise InputError(where, f"{at}{problem}") from None
    return scenario_from_data(data, where)


def scenario_from_data(data: Any, where: str) -> ScenarioBase:
    if not isinstance(data, dict):
        raise InputError(where, "a scenario must be a mapping with ruleset, title, sides and units")
    if "ruleset" not in data:
        raise InputError(f"{where}: ruleset", "missing (which rules this scenario is for)")
    try:
        ruleset = find_ruleset(str(data["ruleset"]))
    except InputError as exc:
        raise InputError(f"{where}: ruleset", exc.problem) from None
    scenario = convert(data, ruleset.scenario_type, where)
    scenario.validate(where)
    return scenario


def load_scenario(name_or_path: str) -> ScenarioBase:
    text, where = read_scenario_text(name_or_path)
    return parse_scenario(text, where)


def json_schema(ruleset: str) -> dict[str, Any]:
    """The JSON Schema of a ruleset's scenario files, for editors."""
    schema: dict[str, Any] = msgspec.json.schema(find_ruleset(ruleset).scenario_type)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"kriegsspiel {ruleset} scenario"
    return schema
