"""Starting, loading and saving games: the library's front door."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kriegsspiel.core.game import Game
from kriegsspiel.rulesets import find_ruleset
from kriegsspiel.scenario.load import load_scenario
from kriegsspiel.scenario.model import ScenarioBase
from kriegsspiel.store import files

AnyGame = Game[Any, Any, Any, Any]


def new_game(scenario: str | ScenarioBase, seed: str | None = None) -> AnyGame:
    """A new game of a scenario (a path, a bundled name, or a loaded scenario)."""
    loaded = load_scenario(scenario) if isinstance(scenario, str) else scenario
    return Game(find_ruleset(loaded.ruleset), loaded, seed)


def load_game(path: str | Path) -> AnyGame:
    return files.load(path)


def save_game(game: AnyGame, path: str | Path, *, overwrite: bool = True) -> None:
    """Save atomically; with `overwrite=False` refuse to replace an existing file."""
    files.save(game, path, overwrite=overwrite)
