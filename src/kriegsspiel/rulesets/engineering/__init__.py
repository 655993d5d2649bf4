"""`engineering`: Battlefront: WWII engineering rules (seed 000) on Battlefront's sequence of
play, laid out by the seed's sections: play/ (engineering actions, demolitions, fire), minefields/,
obstacles/, bridges/, forts/ and funnies/; this package's top holds the frame they share.

The ruleset is in `ruleset.py`; this package's names are looked up there when first asked for, so
that a module of the package (`named.py`, the named checks `kriegsspiel odds` lists) loads without
the ruleset, its topics and its geometry.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kriegsspiel.rulesets.engineering.ruleset import (
        RULESET,
        Engineering,
        EngScenario,
        EngState,
        demolition_state,
    )


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module("kriegsspiel.rulesets.engineering.ruleset"), name)


__all__ = ["RULESET", "EngScenario", "EngState", "Engineering", "demolition_state"]
