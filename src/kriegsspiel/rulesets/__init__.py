"""The registry of rulesets. Each ruleset is its own subpackage; none imports another."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.abilities import RULESET as ABILITIES
from kriegsspiel.rulesets.afv import RULESET as AFV
from kriegsspiel.rulesets.engineering import RULESET as ENGINEERING
from kriegsspiel.rulesets.waterborne import RULESET as WATERBORNE

RULESETS: dict[str, Ruleset[Any, Any, Any, Any]] = {
    r.name: r for r in (ENGINEERING, ABILITIES, AFV, WATERBORNE)
}


def find_ruleset(name: str) -> Ruleset[Any, Any, Any, Any]:
    try:
        return RULESETS[name]
    except KeyError:
        raise InputError(
            "ruleset", f"unknown ruleset {name!r} (rulesets: {', '.join(RULESETS)})"
        ) from None
