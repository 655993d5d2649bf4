"""kriegsspiel: a digital umpire and record keeper for WWII tactical miniatures wargames.

The public API::

    from kriegsspiel import new_game, load_game, save_game, find_check
    game = new_game("demo", seed="example")
    game.act("german", {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"})
    game.view("us")      # what the US seat may know
"""

from __future__ import annotations

from kriegsspiel.core.checks import Check, CheckDef, CheckResult, Modifier
from kriegsspiel.core.dice import EnteredDice, ScriptedDice, SeededDice
from kriegsspiel.core.dist import Dist
from kriegsspiel.core.game import Game
from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.errors import DiceError, InputError, KriegsspielError, RuleViolation
from kriegsspiel.games import edit_game, load_game, new_game, save_game
from kriegsspiel.registry import all_checks, find_check
from kriegsspiel.rulesets import RULESETS, find_ruleset
from kriegsspiel.scenario.load import json_schema, load_scenario

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
    "Game",
    "InputError",
    "KriegsspielError",
    "Modifier",
    "RuleViolation",
    "ScriptedDice",
    "SeededDice",
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
