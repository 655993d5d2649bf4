"""The topics of the `waterborne` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module that declares its `TOPIC = Topic(__name__, ...)` and list that in
`TOPICS` (core/topics.py composes them and checks the composition at import).
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.topics import Topics
from kriegsspiel.rulesets.waterborne import (
    base,
    embark,
    fire,
    initiative,
    movement,
    pontoons,
    rally,
    sailing,
    status,
    umpire,
)
from kriegsspiel.rulesets.waterborne.base import Act, Ctx, Ev, Topic
from kriegsspiel.rulesets.waterborne.state import WatState
from kriegsspiel.rulesets.waterborne.tables import Tables

TOPICS: tuple[Topic, ...] = (
    base.TOPIC,
    status.TOPIC,
    initiative.TOPIC,
    pontoons.TOPIC,
    movement.TOPIC,
    sailing.TOPIC,
    embark.TOPIC,
    fire.TOPIC,
    rally.TOPIC,
    umpire.TOPIC,
)


COMPOSED: Topics[WatState, Ctx] = Topics(TOPICS)
PERFORMERS = COMPOSED.performers
APPLIERS = COMPOSED.appliers
Action: Any = COMPOSED.action_type
Event: Any = COMPOSED.event_type


def apply(state: WatState, event: Ev) -> WatState:
    return COMPOSED.apply(state, event)


def context(state: WatState, seat: str, roll: Roll, tables: Tables) -> Ctx:
    return Ctx(state=state, seat=seat, roll=roll, appliers=APPLIERS, tables=tables)


def perform(
    state: WatState, seat: str, action: Act, roll: Roll, tables: Tables
) -> list[Record[Ev]]:
    return COMPOSED.dispatch(context(state, seat, roll, tables), action)
