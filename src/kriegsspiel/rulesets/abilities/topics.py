"""The topics of the `abilities` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module with `PERFORMERS` and `APPLIERS` and list it in `TOPICS`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Union

from kriegsspiel.core.log import Record
from kriegsspiel.core.ruleset import Roll
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.abilities import (
    assault,
    breakoff,
    command,
    fire,
    morale,
    movement,
    spotting,
)
from kriegsspiel.rulesets.abilities.base import Act, Applier, Ctx, Ev, Performer
from kriegsspiel.rulesets.abilities.state import AblState

TOPICS: tuple[ModuleType, ...] = (command, movement, fire, breakoff, morale, spotting, assault)


def _merge(name: str) -> dict[Any, Any]:
    merged: dict[Any, Any] = {}
    for topic in TOPICS:
        for key, value in getattr(topic, name, {}).items():
            if key in merged:
                raise AssertionError(f"{name}: {key!r} is registered twice")
            merged[key] = value
    return merged


PERFORMERS: dict[type[Any], Performer] = _merge("PERFORMERS")
APPLIERS: dict[type[Any], Applier] = _merge("APPLIERS")

# msgspec decodes by tag from these unions; static typing uses the Act and Ev bases.
Action: Any = Union[tuple(PERFORMERS)]  # noqa: UP007
Event: Any = Union[tuple(APPLIERS)]  # noqa: UP007


def apply(state: AblState, event: Ev) -> AblState:
    return APPLIERS[type(event)](state, event)


def perform(state: AblState, seat: str, action: Act, roll: Roll) -> list[Record[Ev]]:
    if seat == PUBLIC:
        raise RuleViolation("SEATS", "the public table display cannot act")
    if state.over:
        raise RuleViolation("CHQ-TURN", "the game is over")
    ctx = Ctx(state, seat, roll, APPLIERS)
    PERFORMERS[type(action)](ctx, action)
    return ctx.records
