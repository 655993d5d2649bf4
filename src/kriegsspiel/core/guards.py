"""The guards every ruleset shares, each under one rule ID (core/rules.toml): the public display
never acts and a seat orders only its own side (SEATS), some actions are the umpire's alone
(SEATS-UMPIRE), and nothing is done once the game is over (GAME-OVER, refused by `Game` itself
before a ruleset sees the action)."""

from __future__ import annotations

from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.errors import RuleViolation

SEATS = "SEATS"
UMPIRE_ONLY = "SEATS-UMPIRE"
GAME_OVER = "GAME-OVER"


def refuse_public(seat: str) -> None:
    if seat == PUBLIC:
        raise RuleViolation(SEATS, "the public table display cannot act")


def may_order(seat: str, side: str, label: str) -> None:
    """`seat` may order `label`, which belongs to `side`."""
    if seat not in (UMPIRE, side):
        raise RuleViolation(SEATS, f"{label} belongs to {side}; {seat} cannot order it")


def umpire_only(seat: str, what: str) -> None:
    if seat != UMPIRE:
        raise RuleViolation(UMPIRE_ONLY, f"only the umpire may {what}")


def refuse_over(over: bool) -> None:
    if over:
        raise RuleViolation(GAME_OVER, "the game is over")
