"""`kriegsspiel rules`: every rule ID, where the code implements it and which tests cite it."""

from __future__ import annotations

import difflib
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import RULESETS, find_ruleset

TOKEN = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b")  # rule IDs look like ENG-ACT-01, SEATS
PACKAGE = Path(__file__).resolve().parent
TESTS = PACKAGE.parents[1] / "tests"  # present in a source checkout, absent in an installed wheel
CATALOGUES = ("rules.toml", "house_rules.toml")
SPEC = re.compile(r"shared/rules/[\w.-]+\.md(?: §[\d.]+)?")  # what a catalogue's header cites


def catalogue(ruleset: str) -> dict[str, dict[str, str]]:
    """The ruleset's rules: the shared ones (core/rules.toml), then its own catalogues; each
    with its `source`, where the rule comes from."""
    items = [("kriegsspiel.core", "rules.toml")]
    items += [(f"kriegsspiel.rulesets.{ruleset}.data", name) for name in CATALOGUES]
    out: dict[str, dict[str, str]] = {}
    for package, name in items:
        item = resources.files(package).joinpath(name)
        if not item.is_file():
            continue
        text = item.read_text(encoding="utf-8")
        source = _source(package, name, text)
        out |= {rule: {**info, "source": source} for rule, info in tomllib.loads(text).items()}
    return out


def _source(package: str, name: str, text: str) -> str:
    """Where a catalogue's rules come from, from its path and the spec its header cites."""
    path = f"{package.replace('.', '/')}/{name}"
    if package == "kriegsspiel.core":
        return f"kriegsspiel's own, shared by every ruleset ({path})"
    cited = SPEC.search(text.partition("\n\n")[0])
    spec = cited.group(0) if cited else "no spec cited"
    if name == "house_rules.toml":
        return f"house rule, kriegsspiel's own; see {spec} ({path})"
    return f"{spec} ({path})"


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
                    "source": info["source"],
                    "implemented_in": code.get(rule_id, []),
                    "tests": sorted({t.split(":")[0] for t in tests.get(rule_id, [])}),
                }
            )
    return rows


def find_rule(rule_id: str, ruleset: str | None = None) -> dict[str, Any]:
    """One rule (its ID in any case): a row of `rules_report`, with every ruleset that has it."""
    rows = rules_report(ruleset)
    wanted = rule_id.upper()
    found = [row for row in rows if row["rule"] == wanted]
    if not found:
        ids = sorted({row["rule"] for row in rows})
        near = difflib.get_close_matches(wanted, ids, n=3)
        hint = f"did you mean {', '.join(near)}? " if near else ""
        scope = f"{ruleset} has no such rule" if ruleset else "no such rule"
        raise InputError(rule_id, f"{scope} ({hint}`kriegsspiel rules` lists them all)")
    rulesets = [row["ruleset"] for row in found]
    return {**found[0], "ruleset": ", ".join(rulesets), "rulesets": rulesets}
