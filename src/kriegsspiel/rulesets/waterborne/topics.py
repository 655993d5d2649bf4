"""The topics of the `waterborne` ruleset, composed: one dispatch for actions and events.

To add a topic, write a module with `PERFORMERS` and `APPLIERS` and list it in `TOPICS`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Union

from kriegsspiel.core.log import Record
from kriegsspiel.core.ruleset import Roll
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.errors import RuleViolation
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
from kriegsspiel.rulesets.waterborne.base import Act, Applier, Ctx, Ev, Performer
from kriegsspiel.rulesets.waterborne.state import WatState
from kriegsspiel.rulesets.waterborne.tables import Tables

TOPICS: tuple[ModuleType, ...] = (
    base,
    status,
    initiative,
    pontoons,
    movement,
    sailing,
    embark,
    fire,
    rally,
    umpire,
)


def _compose(name: str) -> dict[Any, Any]:
    """Every topic's `name` table in one dict; a key registered twice is a programming error."""
    out: dict[Any, Any] = {}
    for topic in TOPICS:
        table: dict[Any, Any] = getattr(topic, name, {})
        clash = out.keys() & table.keys()
        assert not clash, f"{name}: {clash} registered twice"
        out |= table
    return out


PERFORMERS: dict[type[Any], Performer] = _compose("PERFORMERS")
APPLIERS: dict[type[Any], Applier] = _compose("APPLIERS")

# msgspec decodes by tag from these unions; static typing uses the Act and Ev bases.
Action: Any = Union[tuple(PERFORMERS)]  # noqa: UP007
Event: Any = Union[tuple(APPLIERS)]  # noqa: UP007


def apply(state: WatState, event: Ev) -> WatState:
    return APPLIERS[type(event)](state, event)


def context(state: WatState, seat: str, roll: Roll, tables: Tables) -> Ctx:
    if seat == PUBLIC:
        raise RuleViolation("SEATS", "the public table display cannot act")
    return Ctx(state, seat, roll, tables, APPLIERS)


def perform(
    state: WatState, seat: str, action: Act, roll: Roll, tables: Tables
) -> list[Record[Ev]]:
    ctx = context(state, seat, roll, tables)
    PERFORMERS[type(action)](ctx, action)
    return ctx.records
