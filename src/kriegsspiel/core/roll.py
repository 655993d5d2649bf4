"""What a ruleset calls to roll: `roll(check)`, or `roll(check, secret=True)` for a roll the
acting seat may not know of (a buried minefield crossed, a secret umpire roll). The engine rolls
secret rolls itself, whatever dice the acting seat typed in."""

from __future__ import annotations

from typing import Protocol

from kriegsspiel.core.checks import Check, CheckResult


class Roll(Protocol):
    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult: ...


__all__ = ["Roll"]
