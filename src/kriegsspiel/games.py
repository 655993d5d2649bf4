"""Starting, loading and saving games: the library's front door."""

from __future__ import annotations

import secrets
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from kriegsspiel.core.game import Game
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import find_ruleset
from kriegsspiel.store import files

AnyGame = Game[Any, Any, Any, Any]


def fresh_seed() -> str:
    """A new secret seed for a game's dice (128 random bits, as 32 hex digits)."""
    return secrets.token_hex(16)


def new_game(
    scenario: str | ScenarioBase, seed: str | None = None, *, published_seed: bool = False
) -> AnyGame:
    """A new game of a scenario (a path, a bundled name, or a loaded scenario).

    The dice's secret seed is `seed` when one is given; else, with `published_seed=True`, the
    scenario's own `seed` (public to anyone who can read the scenario: for demonstrations and
    tests that need the same dice every time); else a fresh secret one (`fresh_seed`).
    """
    from kriegsspiel.scenario.load import load_scenario  # YAML: only for a new game

    loaded = load_scenario(scenario) if isinstance(scenario, str) else scenario
    if seed and published_seed:
        raise InputError("seed", "give either a seed or published_seed, not both")
    if published_seed and not loaded.seed:
        raise InputError("seed", f"the scenario {loaded.title!r} publishes no seed")
    chosen = seed or (loaded.seed if published_seed else None) or fresh_seed()
    return Game(find_ruleset(loaded.ruleset), loaded, chosen)


def load_game(path: str | Path) -> AnyGame:
    return files.load(path)


def save_game(game: AnyGame, path: str | Path, *, overwrite: bool = True) -> None:
    """Save atomically; with `overwrite=False` refuse to replace an existing file."""
    files.save(game, path, overwrite=overwrite)


def edit_game(path: str | Path) -> AbstractContextManager[files.Editing]:
    """A game file to change: `.game` read under an exclusive lock held until the block ends,
    and `.save()` to write it back atomically, unless something else changed the file."""
    return files.editing(path)
