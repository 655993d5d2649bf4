"""What a ruleset calls to roll: `roll(check)`, or `roll(check, secret=True)` for a roll the
acting seat may not know of (a buried minefield crossed, a secret umpire roll). The engine rolls
secret rolls itself, whatever dice the acting seat typed in.

The same handle hears of each event an action emits (`emitted(roll)`, which `Context.emit` does
in place): an action checks every rule that can refuse it before its first roll and
before its first event, so a validation run stops at whichever comes first."""

from __future__ import annotations

from typing import Protocol

from kriegsspiel.core.checks import Check, CheckResult


class Roll(Protocol):
    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult: ...


def emitted(roll: Roll) -> None:
    """Tell the engine's handle that the action emitted an event (a no-op for plain rollers)."""
    hook = getattr(roll, "on_emit", None)
    if hook is not None:
        hook()


__all__ = ["Roll", "emitted"]
