"""Modifiers a player declares (BF-DEFAULT-DECLARED): for what the engine cannot measure (cover
where no positions are on record, a situation the scenario does not model), each within the
scenario's bound, and only for the declaring side's own roll."""

from __future__ import annotations

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.state import EngState

RULE = "BF-DEFAULT-DECLARED"


def bounded(state: EngState, value: int, what: str = "modifier") -> int:
    """BF-DEFAULT-DECLARED: a declared modifier within ±`declared_modifier_limit`."""
    limit = state.scenario.options.declared_modifier_limit
    if not -limit <= value <= limit:
        raise RuleViolation(
            RULE, f"a declared {what} is at most {limit} either way (option "
            f"declared_modifier_limit), not {value:+d}",
        )  # fmt: skip
    return value


def defenders_own(state: EngState, seat: str, value: int) -> int:
    """BF-DEFAULT-DECLARED: the attacker never sets the defender's modifier; only the umpire,
    who adjudicates for both sides, may declare it (within the same bound)."""
    if value and seat != UMPIRE:
        raise RuleViolation(
            RULE, f"the defender's modifier is not the attacker's to declare ({seat} gave "
            f"{value:+d}); the umpire declares it",
        )  # fmt: skip
    return bounded(state, value, "defender's modifier")
