"""The errors kriegsspiel raises. Each one renders as a single clear line."""

from __future__ import annotations


class KriegsspielError(Exception):
    """Base class: every expected failure of the library."""


class RuleViolation(KriegsspielError):
    """An action the rules forbid. Names the rule and the reason."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class InputError(KriegsspielError):
    """Bad input (a file, an argument, a request), with where it is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


class DiceError(InputError):
    """Dice faces that cannot have been rolled, or too few or too many of them."""


class EngineFault(RuntimeError):
    """A broken ruleset contract: an action refused after a die was rolled, or refused on facts
    hidden from the seat that asked. A programming error, never an answer for a player."""
