"""The topics of the `abilities` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module that declares its `TOPIC = Topic(__name__, ...)` and list that in
`TOPICS` (core/topics.py composes them and checks the composition at import).
"""

from __future__ import annotations

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
from kriegsspiel.rulesets.abilities.base import Act, Ctx, Ev, Topic
from kriegsspiel.rulesets.abilities.state import AblState

TOPICS: tuple[Topic, ...] = (
    command.TOPIC,
    movement.TOPIC,
    fire.TOPIC,
    breakoff.TOPIC,
    morale.TOPIC,
    spotting.TOPIC,
    assault.TOPIC,
)


COMPOSED: Topics[AblState, Ctx] = Topics(TOPICS)
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
