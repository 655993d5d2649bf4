"""Helpers for the tests of any ruleset: act with scripted dice, and assert refusals.

A test acts through `Game.act` with `ScriptedDice`, naming every face it rolls, so the dice can
never decide a test by chance:

- `dice(*faces)` is a `ScriptedDice` of those faces (re-exported here with `ScriptedDice`).
- `do(game, seat, action, *faces)` acts with exactly those faces and returns the log entry. A
  roll the script has no face for fails with a `DiceError`, and so does a face left over.
- `refused(game, seat, action, *faces)` asserts that the action is refused with a
  `RuleViolation` before any die is rolled: the script was asked for no roll and gave none of
  its faces, and the log and the state are exactly as they were. It returns the violation, so
  the test can check its rule and reason.

`action` is plain data (`{"action": "move", ...}`) or the ruleset's typed action. The helpers
take a `Game` of any ruleset and need no test framework: a broken expectation raises
`AssertionError`. The library itself never imports this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from kriegsspiel.core.dice import Pool, ScriptedDice
from kriegsspiel.core.game import Game
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import RuleViolation

A = TypeVar("A")
E = TypeVar("E")

__all__ = ["ScriptedDice", "dice", "do", "refused"]


def dice(*faces: int) -> ScriptedDice:
    """Scripted dice giving these faces, in order, to every roll (secret ones included)."""
    return ScriptedDice(faces)


def do(
    game: Game[Any, Any, A, E], seat: str, action: A | Mapping[str, Any], *faces: int
) -> Entry[E]:
    """Act with exactly these dice faces (none by default: then any roll fails the test)."""
    source = dice(*faces)
    entry = game.act(seat, _plain(action), source)
    if source.left:  # `Game.act` refuses unused faces itself; this keeps the promise regardless
        raise AssertionError(f"{source.left} of the faces {list(faces)} were not rolled")
    return entry


def refused(
    game: Game[Any, Any, A, Any], seat: str, action: A | Mapping[str, Any], *faces: int
) -> RuleViolation:
    """Assert `action` by `seat` is refused with a RuleViolation before any die is rolled,
    leaving the log and the state untouched; return the violation."""
    before_log, before_state = game.log, msgspec.json.encode(game.state)
    source = _Watched(faces)
    try:
        entry = game.act(seat, _plain(action), source)
    except RuleViolation as exc:
        violation = exc
    except Exception as exc:
        if source.rolls:
            exc.add_note(f"refused() expects a refusal before any roll; it rolled {source.rolls}")
        raise
    else:
        raise AssertionError(f"{seat}'s {_plain(action)!r} was not refused: entry {entry.seq}")
    if source.rolls or source.left != len(faces):
        raise AssertionError(
            f"{seat}'s {_plain(action)!r} was refused after rolling "
            f"{', '.join(source.rolls) or 'no dice'} ({len(faces) - source.left} face(s) used)"
            f": {violation}"
        )
    assert game.log == before_log, "a refused action changed the log"
    assert msgspec.json.encode(game.state) == before_state, "a refused action changed the state"
    return violation


class _Watched(ScriptedDice):
    """Scripted dice that note every roll asked of them, even of a pool of no dice."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(faces)
        self.rolls: list[str] = []

    def faces(self, pool: Pool, key: str) -> tuple[int, ...]:
        self.rolls.append(pool.label)
        return super().faces(pool, key)


def _plain(action: A | Mapping[str, Any]) -> A | dict[str, Any]:
    """Plain data as a dict (what `Game.act` decodes), a typed action as it is."""
    return dict(action) if isinstance(action, Mapping) else action
