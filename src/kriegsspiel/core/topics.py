"""Building a ruleset from topic modules: the shared bases, the action context, the composition.

A ruleset is split into topic modules (movement, fire, demolitions, …). Each declares its actions
and events as subclasses of `Act` and `Ev` and exports tables such as `PERFORMERS` (action type ->
performer) and `APPLIERS` (event type -> fold step). `Topics` merges them, builds the tagged
unions msgspec decodes, and dispatches `apply`. Every ruleset uses this one mechanism.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar, Union

import msgspec

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll, emitted
from kriegsspiel.core.seats import EVERYONE, Audience

S = TypeVar("S")


class Act(msgspec.Struct, frozen=True, tag_field="action", forbid_unknown_fields=True):
    """An action as a seat asks for it; subclasses set `tag`."""


class Ev(msgspec.Struct, frozen=True, tag_field="event", kw_only=True):
    """An event of the log; subclasses set `tag`, say what happened in `text`, and may say it
    in a few words without the dice in `summary` (None: nothing worth summing up)."""

    def text(self) -> str:
        return type(self).__name__

    def summary(self) -> str | None:
        """By default the text, or for an event that carries rolls each roll's outcome."""
        results = rolls_in(self)
        if not results:
            return self.text()
        return ", ".join(f"{r.check.rsplit('.', 1)[-1]} {r.outcome}" for r in results)


def rolls_in(event: msgspec.Struct) -> list[CheckResult]:
    """The roll results an event carries, in field order."""
    out: list[CheckResult] = []
    for name in event.__struct_fields__:
        value = getattr(event, name)
        if isinstance(value, CheckResult):
            out.append(value)
        elif isinstance(value, tuple):
            out += [v for v in value if isinstance(v, CheckResult)]
    return out


@dataclass(kw_only=True)
class Context(Generic[S]):
    """One action being performed: who asks, the dice, and the records so far.

    Rulesets subclass it to carry their tables and registries.
    """

    state: S
    seat: str
    roll: Roll
    appliers: Mapping[type, Callable[[S, Any], S]]
    records: list[Record[Any]] = field(default_factory=list)

    def emit(self, event: Ev, to: Audience = EVERYONE) -> None:
        """Record an event for `to` and fold it into the running state."""
        emitted(self.roll)
        self.records.append(Record(event, to))
        self.state = self.appliers[type(event)](self.state, event)


def merge(topics: Sequence[ModuleType], name: str) -> dict[Any, Any]:
    """Every topic's `name` table in one dict; a key registered twice is a programming error."""
    merged: dict[Any, Any] = {}
    for topic in topics:
        table: Mapping[Any, Any] = getattr(topic, name, {})
        clash = merged.keys() & table.keys()
        if clash:
            raise AssertionError(f"{name}: {sorted(map(str, clash))} registered twice")
        merged |= table
    return merged


def tagged_union(types: Iterable[type]) -> Any:
    """The union msgspec decodes by tag; static typing uses the `Act` and `Ev` bases."""
    return Union[tuple(types)]  # noqa: UP007


class Topics(Generic[S]):
    """The composed topics of one ruleset."""

    def __init__(self, topics: Sequence[ModuleType]) -> None:
        self.topics = tuple(topics)
        self.performers: dict[type[Any], Callable[[Any, Any], None]] = merge(topics, "PERFORMERS")
        self.appliers: dict[type[Any], Callable[[S, Any], S]] = merge(topics, "APPLIERS")
        self.action_type: Any = tagged_union(self.performers)
        self.event_type: Any = tagged_union(self.appliers)

    def apply(self, state: S, event: Ev) -> S:
        return self.appliers[type(event)](state, event)

    def dispatch(self, ctx: Context[S], action: Act) -> list[Record[Ev]]:
        """Perform `action` in `ctx` and return its records (callers refuse the public first)."""
        self.performers[type(action)](ctx, action)
        return ctx.records
