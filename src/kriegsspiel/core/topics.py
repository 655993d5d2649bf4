"""Building a ruleset from topic modules: the shared bases, the action context, the composition.

A ruleset is split into topic modules (movement, fire, demolitions, …). Each declares its actions
and events as subclasses of `Act` and `Ev`, and itself with one `TOPIC = Topic(__name__, ...)`: its
performers (`performer(Action, perform)`) and appliers (`applier(Event, fold)`). `Topics` composes
the topics of one ruleset, checks the composition (every action has a performer, every event an
applier, nothing is registered twice, every module that declares actions or events has a TOPIC
that is composed), builds the tagged unions msgspec decodes, and dispatches. Every ruleset uses
this one mechanism.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar, Union

import msgspec

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.seats import EVERYONE, Audience

S = TypeVar("S")
K = TypeVar("K")
V = TypeVar("V")


class Act(msgspec.Struct, frozen=True, tag_field="action", forbid_unknown_fields=True):
    """An action as a seat asks for it; subclasses set `tag`."""


class Ev(msgspec.Struct, frozen=True, tag_field="event", kw_only=True):
    """An event of the log; subclasses set `tag`, say what happened in `text` (an empty text:
    bookkeeping that is no line of a log view), and may say it in a few words without the dice
    in `summary` (None: nothing worth summing up)."""

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


# -- registering handlers -------------------------------------------------------------------------

# The one `Any` of the composition. A registry maps each action or event type to the handler of
# that type, which no Python type can say of a dict: its values have one type whatever the key.
# `performer()` and `applier()` check each pair as it is written (the handler must take the type it
# is registered for); the registry keeps the handler with that argument erased to `Erased`, and
# calls it only with `type(x)` as the key, which is what makes the call sound.
Erased: TypeAlias = Any
Fold: TypeAlias = Callable[[S, Erased], S]  # an event's fold step, once registered

A = TypeVar("A", bound=Act)
E = TypeVar("E", bound=Ev)
C = TypeVar("C", bound="Context[Any]")


@dataclass(frozen=True, slots=True)
class Performer(Generic[C]):
    """An action type and its performer, registered: write `performer(Action, perform)`."""

    action: type[Act]
    perform: Callable[[C, Erased], None]


@dataclass(frozen=True, slots=True)
class Applier(Generic[S]):
    """An event type and its fold step, registered: write `applier(Event, fold)`."""

    event: type[Ev]
    fold: Fold[S]


def performer(action: type[A], perform: Callable[[C, A], None]) -> Performer[C]:
    """Register `perform` for `action`, which it must take (`C` is the ruleset's context)."""
    return Performer(action, perform)


def applier(event: type[E], fold: Callable[[S, E], S]) -> Applier[S]:
    """Register `fold` (the pure fold step) for `event`, which it must take."""
    return Applier(event, fold)


@dataclass(frozen=True)
class Topic(Generic[S, C]):
    """What one topic module adds to its ruleset; each declares exactly one, as `TOPIC`.

    `module` is the declaring module's `__name__` (it names the topic in the composition's
    errors). Rulesets with more registries subclass it with typed fields (engineering's work
    resolvers, hooks, kinds of demolition target and set-up step).
    """

    module: str
    performers: Sequence[Performer[C]] = ()
    appliers: Sequence[Applier[S]] = ()


@dataclass
class Context(Generic[S]):
    """One action being performed: who asks, the dice, and the records so far.

    Rulesets subclass it to carry their tables and registries. Its fields may be given in
    order: one is made for every candidate action validated, and keywords cost more.
    """

    state: S
    seat: str
    roll: Roll
    appliers: Mapping[type[Ev], Fold[S]]
    records: list[Record[Any]] = field(default_factory=list, kw_only=True)

    def emit(self, event: Ev, to: Audience = EVERYONE) -> None:
        """Record an event for `to` and fold it into the running state."""
        hook = getattr(self.roll, "on_emit", None)  # `emitted(self.roll)`, one call less:
        if hook is not None:  # a validation ends here, so it runs for every candidate
            hook()
        self.records.append(Record(event, to))
        self.state = self.appliers[type(event)](self.state, event)


def tagged_union(types: Iterable[type]) -> Any:
    """The union msgspec decodes by tag; static typing uses the `Act` and `Ev` bases."""
    return Union[tuple(types)]  # noqa: UP007


class CompositionError(Exception):
    """A ruleset's topics do not compose: every problem found, one per line."""


def merge(what: str, entries: Iterable[tuple[str, K, V]]) -> dict[K, V]:
    """Registrations (the registering module, key, value) in one dict; `what` names the registry
    in the error if a key is registered twice, by one topic or by two."""
    merged: dict[K, V] = {}
    owner: dict[K, str] = {}
    clashes: list[str] = []
    for module, key, value in entries:
        if key in owner:
            clashes.append(f"{what} {_name(key)} is registered twice: in {owner[key]} and {module}")
        else:
            merged[key], owner[key] = value, module
    if clashes:
        raise CompositionError("\n".join(clashes))
    return merged


def _name(key: object) -> str:
    if isinstance(key, type):
        tag = getattr(getattr(key, "__struct_config__", None), "tag", None)
        return f"{key.__name__} ({tag!r})" if isinstance(tag, str) else key.__name__
    return repr(key)


def declared(base: type, package: str) -> Iterator[type]:
    """Every subclass of `base`, at any depth, defined in `package` (or a module of it)."""
    seen: set[type] = set()
    stack: list[type] = list(reversed(base.__subclasses__()))
    while stack:
        cls = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        stack += reversed(cls.__subclasses__())
        if cls.__module__ == package or cls.__module__.startswith(package + "."):
            yield cls


class Topics(Generic[S, C]):
    """The composed topics of one ruleset, checked as they are composed (at import).

    `package` is where the ruleset's actions and events are declared (by default the package of
    the topic modules); every `Act` and `Ev` subclass defined there must be registered, except a
    shared base that other actions or events subclass and that is not itself registered.
    """

    def __init__(self, topics: Sequence[Topic[S, C]], package: str | None = None) -> None:
        self.topics = tuple(topics)
        self.package = package if package is not None else _package(self.topics)
        self.performers: dict[type[Act], Callable[[C, Erased], None]] = merge(
            "action", ((t.module, p.action, p.perform) for t in self.topics for p in t.performers)
        )
        self.appliers: dict[type[Ev], Fold[S]] = merge(
            "event", ((t.module, a.event, a.fold) for t in self.topics for a in t.appliers)
        )
        self.check()
        self.action_type: Any = tagged_union(self.performers)
        self.event_type: Any = tagged_union(self.appliers)

    def check(self) -> None:
        """Raise `CompositionError` unless every action and event declared in the package (in
        the modules imported so far) is registered by a composed topic of its module."""
        composed = {t.module for t in self.topics}
        problems: list[str] = []
        untopical: dict[str, list[str]] = {}
        for base, registry, what, helper in (
            (Act, self.performers, "action", "performer"),
            (Ev, self.appliers, "event", "applier"),
        ):
            for cls in declared(base, self.package):
                if cls in registry or _shared_base(cls, self.package):
                    continue
                module = cls.__module__
                topic = getattr(sys.modules.get(module), "TOPIC", None)
                if not isinstance(topic, Topic) or topic.module != module:
                    untopical.setdefault(module, []).append(cls.__name__)
                elif module not in composed:
                    problems.append(
                        f"{what} {_name(cls)} has no {helper}: {module}.TOPIC is not composed"
                    )
                else:
                    problems.append(
                        f"{what} {_name(cls)} has no {helper}: "
                        f"add {helper}({cls.__name__}, ...) to {module}.TOPIC"
                    )
        for module, names in untopical.items():
            problems.append(
                f"{module} declares {', '.join(names)} but has no TOPIC: "
                f"declare TOPIC = Topic(__name__, ...) there and compose it"
            )
        if problems:
            raise CompositionError(f"the topics of {self.package}:\n" + "\n".join(problems))

    def apply(self, state: S, event: Ev) -> S:
        return self.appliers[type(event)](state, event)

    def dispatch(self, ctx: C, action: Act) -> list[Record[Ev]]:
        """Perform `action` in `ctx` and return its records (`Game` has refused the public and
        any action once the game is over)."""
        self.performers[type(action)](ctx, action)
        return ctx.records


def _shared_base(cls: type, package: str) -> bool:
    """An unregistered class that other actions or events of the package subclass is their
    shared base (afv's `CrewAct`), not an action or event of its own."""
    return any(True for _ in declared(cls, package))


def _package(topics: Sequence[Topic[Any, Any]]) -> str:
    """The innermost package holding every topic module (a ruleset's, with its subpackages)."""
    common: list[str] = []
    for parts in zip(*(t.module.split(".")[:-1] for t in topics), strict=False):
        if len(set(parts)) != 1:
            break
        common.append(parts[0])
    if not common:
        raise CompositionError(f"topics from unrelated packages: {[t.module for t in topics]}")
    return ".".join(common)
