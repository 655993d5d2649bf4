"""What every special engineering vehicle module shares: its record and single-use equipment.

ENG-FUNNY-01: a Funny is an ordinary vehicle with a trait from the scenario; once its single-use
equipment is spent (a Bobbin, a Conger) it is its base vehicle again (ENG-FUNNY-16, -20).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.bridges.works_state import FunnyState
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState

_ORDINARY = FunnyState()  # the record of a unit with none of its own


def funny(state: EngState, unit_id: str) -> FunnyState:
    return state.funnies.get(unit_id, _ORDINARY)


def with_funny(state: EngState, unit_id: str, record: FunnyState) -> EngState:
    return replace(state, funnies={**state.funnies, unit_id: record})


def has(state: EngState, spec: EngUnit, trait: str) -> bool:
    """Whether the unit has this equipment and has not spent it."""
    return trait in spec.traits and trait not in funny(state, spec.id).spent


def equipped(state: EngState, spec: EngUnit, trait: str, rule: str, what: str) -> None:
    """Refuse unless the unit has the equipment (ENG-FUNNY-01), not yet spent (`rule`)."""
    if trait not in spec.traits:
        raise RuleViolation("ENG-FUNNY-01", f"{spec.label} is not {what} in this scenario")
    if trait in funny(state, spec.id).spent:
        raise RuleViolation(rule, f"{spec.label}'s {trait} is used up; it is a normal AVRE now")


def spend(state: EngState, unit_id: str, trait: str) -> EngState:
    record = funny(state, unit_id)
    return with_funny(state, unit_id, replace(record, spent=(*record.spent, trait)))
