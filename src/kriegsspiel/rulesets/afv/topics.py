"""The topics of the `afv` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module that declares its `TOPIC = Topic(__name__, ...)` and list that in
`TOPICS` (core/topics.py composes them and checks the composition at import).
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.topics import Topics
from kriegsspiel.rulesets.afv import (
    ammo,
    bailing,
    base,
    crew,
    damage,
    deck,
    gunnery,
    infantry,
    morale,
    movement,
    turret,
    umpire,
    vision,
)
from kriegsspiel.rulesets.afv.base import Act, Ctx, Ev, Topic
from kriegsspiel.rulesets.afv.state import AfvState
from kriegsspiel.rulesets.afv.tables import AfvTables

TOPICS: tuple[Topic, ...] = (
    base.TOPIC,
    deck.TOPIC,
    ammo.TOPIC,
    movement.TOPIC,
    vision.TOPIC,
    turret.TOPIC,
    gunnery.TOPIC,
    crew.TOPIC,
    infantry.TOPIC,
    morale.TOPIC,
    damage.TOPIC,
    bailing.TOPIC,
    umpire.TOPIC,
)


COMPOSED: Topics[AfvState, Ctx] = Topics(TOPICS)
PERFORMERS = COMPOSED.performers
APPLIERS = COMPOSED.appliers
Action: Any = COMPOSED.action_type
Event: Any = COMPOSED.event_type


def apply(state: AfvState, event: Ev) -> AfvState:
    return COMPOSED.apply(state, event)


def perform(
    state: AfvState, seat: str, action: Act, roll: Roll, tables: AfvTables
) -> list[Record[Ev]]:
    ctx = Ctx(state=state, seat=seat, roll=roll, appliers=APPLIERS, tables=tables)
    return COMPOSED.dispatch(ctx, action)
