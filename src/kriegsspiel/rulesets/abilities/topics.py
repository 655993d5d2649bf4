"""The topics of the `abilities` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module with `PERFORMERS` and `APPLIERS` and list it in `TOPICS`
(core/topics.py composes them).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.topics import Context, Topics
from kriegsspiel.rulesets.abilities import (
    assault,
    breakoff,
    command,
    fire,
    morale,
    movement,
    spotting,
)
from kriegsspiel.rulesets.abilities.base import Act, Ev
from kriegsspiel.rulesets.abilities.state import AblState

TOPICS: tuple[ModuleType, ...] = (command, movement, fire, breakoff, morale, spotting, assault)


COMPOSED: Topics[AblState] = Topics(TOPICS)
PERFORMERS = COMPOSED.performers
APPLIERS = COMPOSED.appliers
Action: Any = COMPOSED.action_type
Event: Any = COMPOSED.event_type


def apply(state: AblState, event: Ev) -> AblState:
    return COMPOSED.apply(state, event)


def perform(state: AblState, seat: str, action: Act, roll: Roll) -> list[Record[Ev]]:
    # `Context`, not its alias `Ctx`: calling a generic alias costs more than the check itself
    ctx: Context[AblState] = Context(state=state, seat=seat, roll=roll, appliers=APPLIERS)
    return COMPOSED.dispatch(ctx, action)
