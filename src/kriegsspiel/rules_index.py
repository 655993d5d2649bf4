"""`kriegsspiel rules`: every rule ID, where the code implements it and which tests cite it."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from kriegsspiel.rulesets import RULESETS, find_ruleset

TOKEN = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b")  # rule IDs look like ENG-ACT-01, SEATS
PACKAGE = Path(__file__).resolve().parent
TESTS = PACKAGE.parents[1] / "tests"  # present in a source checkout, absent in an installed wheel
CATALOGUES = ("rules.toml", "house_rules.toml")


def catalogue(ruleset: str) -> dict[str, dict[str, str]]:
    """The ruleset's rules: the shared ones (core/rules.toml), then its own catalogues."""
    shared = resources.files("kriegsspiel.core").joinpath("rules.toml")
    out: dict[str, dict[str, str]] = tomllib.loads(shared.read_text(encoding="utf-8"))
    data = resources.files(f"kriegsspiel.rulesets.{ruleset}.data")
    for name in CATALOGUES:
        item = data.joinpath(name)
        if item.is_file():
            out |= tomllib.loads(item.read_text(encoding="utf-8"))
    return out


@cache
def citations(root: Path, suffixes: tuple[str, ...], known: frozenset[str]) -> dict[str, list[str]]:
    """Known rule ID -> `file:line` places under `root` that mention it (catalogues excluded)."""
    found: dict[str, list[str]] = {}
    if not root.is_dir():
        return found
    for path in sorted(root.rglob("*")):
        if path.suffix not in suffixes or path.name in CATALOGUES:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for rule in set(TOKEN.findall(line)) & known:
                found.setdefault(rule, []).append(f"{path.relative_to(root.parent)}:{n}")
    return found


def rules_report(ruleset: str | None = None) -> list[dict[str, Any]]:
    names = [find_ruleset(ruleset).name] if ruleset else list(RULESETS)
    catalogues = {name: catalogue(name) for name in names}
    known = frozenset(rule for rules in catalogues.values() for rule in rules)
    code = citations(PACKAGE, (".py", ".toml"), known)
    tests = citations(TESTS, (".py",), known)
    rows: list[dict[str, Any]] = []
    for name in names:
        for rule_id, info in catalogues[name].items():
            rows.append(
                {
                    "rule": rule_id,
                    "ruleset": name,
                    "section": info.get("section", ""),
                    "text": info.get("text", ""),
                    "implemented_in": code.get(rule_id, []),
                    "tests": sorted({t.split(":")[0] for t in tests.get(rule_id, [])}),
                }
            )
    return rows
