"""kriegsspiel: a digital umpire and record keeper for WWII tactical miniatures wargames.

The public API::

    from kriegsspiel import new_game, load_game, save_game, find_check
    game = new_game("demo", seed="example")
    game.act("german", {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"})
    game.view("us")      # what the US seat may know
    game.task_plan("german", "prepare:bridge")  # when that work is done, exactly
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kriegsspiel.core.checks import Check, CheckDef, CheckResult, Modifier
    from kriegsspiel.core.dice import EnteredDice, ScriptedDice, SeededDice
    from kriegsspiel.core.dist import Dist
    from kriegsspiel.core.game import Game
    from kriegsspiel.core.seats import PUBLIC, UMPIRE
    from kriegsspiel.core.task_plans import FinishRow, TaskPlan
    from kriegsspiel.errors import DiceError, InputError, KriegsspielError, RuleViolation
    from kriegsspiel.games import edit_game, load_game, new_game, save_game
    from kriegsspiel.registry import all_checks, find_check
    from kriegsspiel.rulesets import RULESETS, find_ruleset
    from kriegsspiel.scenario.load import json_schema, load_scenario

# Each name of the API is imported from its module when first used, so that importing the
# package (as every command does) costs nothing until the library is needed.
_FROM = {
    "kriegsspiel.core.checks": ("Check", "CheckDef", "CheckResult", "Modifier"),
    "kriegsspiel.core.dice": ("EnteredDice", "ScriptedDice", "SeededDice"),
    "kriegsspiel.core.dist": ("Dist",),
    "kriegsspiel.core.game": ("Game",),
    "kriegsspiel.core.seats": ("PUBLIC", "UMPIRE"),
    "kriegsspiel.core.task_plans": ("FinishRow", "TaskPlan"),
    "kriegsspiel.errors": ("DiceError", "InputError", "KriegsspielError", "RuleViolation"),
    "kriegsspiel.games": ("edit_game", "load_game", "new_game", "save_game"),
    "kriegsspiel.registry": ("all_checks", "find_check"),
    "kriegsspiel.rulesets": ("RULESETS", "find_ruleset"),
    "kriegsspiel.scenario.load": ("json_schema", "load_scenario"),
}
_MODULE_OF = {name: module for module, names in _FROM.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'kriegsspiel' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_MODULE_OF])


__version__ = "0.1.0"

__all__ = [
    "PUBLIC",
    "RULESETS",
    "UMPIRE",
    "Check",
    "CheckDef",
    "CheckResult",
    "DiceError",
    "Dist",
    "EnteredDice",
    "FinishRow",
    "Game",
    "InputError",
    "KriegsspielError",
    "Modifier",
    "RuleViolation",
    "ScriptedDice",
    "SeededDice",
    "TaskPlan",
    "all_checks",
    "edit_game",
    "find_check",
    "find_ruleset",
    "json_schema",
    "load_game",
    "load_scenario",
    "new_game",
    "save_game",
]
