"""The registry of rulesets. Each ruleset is its own subpackage; none imports another.

A ruleset is imported when it is first asked for, so that a command that needs one ruleset (or
none, like `--help`) does not load them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.errors import InputError

AnyRuleset = Ruleset[Any, Any, Any, Any]

MODULES = {
    "engineering": "kriegsspiel.rulesets.engineering",
    "abilities": "kriegsspiel.rulesets.abilities",
    "afv": "kriegsspiel.rulesets.afv",
    "waterborne": "kriegsspiel.rulesets.waterborne",
}


class Registry(Mapping[str, AnyRuleset]):
    """Ruleset name -> ruleset, each module imported on first use."""

    def __getitem__(self, name: str) -> AnyRuleset:
        module = MODULES[name]  # KeyError for an unknown name, as a dict would
        ruleset: AnyRuleset = importlib.import_module(module).RULESET
        return ruleset

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
