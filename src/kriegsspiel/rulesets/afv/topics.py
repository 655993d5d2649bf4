"""The topics of the `afv` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module with `PERFORMERS` and `APPLIERS` and list it in `TOPICS`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Union

from kriegsspiel.core.log import Record
from kriegsspiel.core.ruleset import Roll
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.errors import RuleViolation
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
from kriegsspiel.rulesets.afv.base import Act, Applier, Ctx, Ev, Performer
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


def apply(state: AfvState, event: Ev) -> AfvState:
    return APPLIERS[type(event)](state, event)


def perform(
    state: AfvState, seat: str, action: Act, roll: Roll, tables: AfvTables
) -> list[Record[Ev]]:
    if seat == PUBLIC:
        raise RuleViolation("SEATS", "the public table display cannot act")
    ctx = Ctx(state, seat, roll, tables, APPLIERS)
    PERFORMERS[type(action)](ctx, action)
    return ctx.records
