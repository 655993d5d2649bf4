"""The topics of the `afv` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module with `PERFORMERS` and `APPLIERS` and list it in `TOPICS`.
"""

from __future__ import annotations

from types import ModuleType
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
from kriegsspiel.rulesets.afv.base import Act, Ctx, Ev
from kriegsspiel.rulesets.afv.state import AfvState
from kriegsspiel.rulesets.afv.tables import AfvTables

TOPICS: tuple[ModuleType, ...] = (
    base,
    deck,
    ammo,
    movement,
    vision,
    turret,
    gunnery,
    crew,
    infantry,
    morale,
    damage,
    bailing,
    umpire,
)


COMPOSED: Topics[AfvState] = Topics(TOPICS)
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
