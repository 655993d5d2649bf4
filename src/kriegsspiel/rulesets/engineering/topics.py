"""The topics of the `engineering` ruleset, composed: one dispatch for actions, events and work.

To add a topic, write a module with `PERFORMERS`, `APPLIERS` (and `RESOLVERS` for new kinds of
engineering work) and list it in `TOPICS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, Union

from kriegsspiel.core.log import Record
from kriegsspiel.core.ruleset import Roll
from kriegsspiel.core.tables import BandTable
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering import demolitions, fire, sequence, work
from kriegsspiel.rulesets.engineering.base import Act, Applier, Ctx, Ev, Performer, Resolver
from kriegsspiel.rulesets.engineering.state import EngState

TOPICS: tuple[ModuleType, ...] = (sequence, work, demolitions, fire)


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
RESOLVERS: dict[str, Resolver] = _merge("RESOLVERS")

# msgspec decodes by tag from these unions; static typing uses the Act and Ev bases.
Action: Any = Union[tuple(PERFORMERS)]  # noqa: UP007
Event: Any = Union[tuple(APPLIERS)]  # noqa: UP007


def apply(state: EngState, event: Ev) -> EngState:
    return APPLIERS[type(event)](state, event)


def perform(
    state: EngState, seat: str, action: Act, roll: Roll, tables: Mapping[str, BandTable]
) -> list[Record[Ev]]:
    if seat == "public":
        raise RuleViolation("SEATS", "the public table display cannot act")
    if state.over:
        raise RuleViolation("BF-SEQ", "the game is over")
    ctx = Ctx(state, seat, roll, tables, APPLIERS, RESOLVERS)
    PERFORMERS[type(action)](ctx, action)
    return ctx.records
