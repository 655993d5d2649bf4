"""The registry of rulesets. Each ruleset is its own subpackage; none imports another.

A ruleset is imported when it is first asked for, so that a command that needs one ruleset (or
none, like `--help`) does not load them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kriegsspiel.errors import InputError

if TYPE_CHECKING:  # the Ruleset interface loads with the first ruleset, not with the registry
    from typing import TypeAlias

    from kriegsspiel.core.checks import CheckDef
    from kriegsspiel.core.ruleset import Ruleset

    AnyRuleset: TypeAlias = Ruleset[Any, Any, Any, Any]

MODULES = {
    "engineering": "kriegsspiel.rulesets.engineering",
    "abilities": "kriegsspiel.rulesets.abilities",
    "afv": "kriegsspiel.rulesets.afv",
    "waterborne": "kriegsspiel.rulesets.waterborne",
}


# The rulesets whose named checks a module of their own lists (its `named_checks()`), so that
# `kriegsspiel odds` loads that module alone, not the ruleset with its topics and geometry.
NAMED_CHECKS = {"engineering": "kriegsspiel.rulesets.engineering.named"}


def named_checks(name: str) -> Sequence[CheckDef]:
    """The named checks of the ruleset `name` (`Ruleset.checks`), loading as little as it can."""
    module = NAMED_CHECKS.get(name)
    if module is None:
        return RULESETS[name].checks()
    checks: Sequence[CheckDef] = importlib.import_module(module).named_checks()
    return checks


class Registry(Mapping[str, "AnyRuleset"]):
    """Ruleset name -> ruleset, each module imported on first use."""

    def __getitem__(self, name: str) -> AnyRuleset:
        module = MODULES[name]  # KeyError for an unknown name, as a dict would
        ruleset: AnyRuleset = importlib.import_module(module).RULESET
        return ruleset

    def __contains__(self, name: object) -> bool:
        return name in MODULES  # without importing it

    def __iter__(self) -> Iterator[str]:
        return iter(MODULES)

    def __len__(self) -> int:
        return len(MODULES)


RULESETS = Registry()


def find_ruleset(name: str) -> AnyRuleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise InputError(
            "ruleset", f"unknown ruleset {name!r} (rulesets: {', '.join(RULESETS)})"
        ) from None
