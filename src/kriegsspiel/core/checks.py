"""Checks: dice + modifiers + an outcome rule, giving both exact odds and resolved rolls.

`Check.odds()` enumerates the exact distribution of the dice statistic and maps it through the
outcome rule; `Check.resolve(faces)` reduces rolled faces with the same pools and maps them through
the same rule. One definition, so the odds shown and the results rolled cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, Protocol

import msgspec

from kriegsspiel.core.dice import DiceSource, Pool, Stat
from kriegsspiel.core.dist import Dist
from kriegsspiel.errors import DiceError, InputError

Stats = tuple[Stat, ...]
BUILT_KEPT = 256  # the checks a `CheckDef` keeps built, by their parameter values


class Modifier(msgspec.Struct, frozen=True):
    """One modifier to a roll, with the rule it comes from."""

    label: str
    value: int
    rule: str


class OutcomeRule(Protocol):
    """Maps the pools' statistics and the modifier total to an outcome label."""

    def __call__(self, stats: Stats, modifier: int, /) -> str: ...


class CheckResult(msgspec.Struct, frozen=True):
    """A resolved check, as recorded in the log."""

    check: str
    faces: tuple[tuple[int, ...], ...]
    natural: int
    modifiers: tuple[Modifier, ...]
    total: int
    outcome: str
    rules: tuple[str, ...]
    origin: str
    sides: tuple[int, ...] = ()  # each pool's die size, for the luck audit
    key: str = ""  # which roll of the game this was ("entry/roll"), unique within a game

    def explain(self) -> str:
        faces = " ".join(",".join(map(str, f)) for f in self.faces)
        mods = "".join(f" {m.value:+d} {m.label} ({m.rule})" for m in self.modifiers)
        rules = ", ".join(self.rules)
        return f"{self.check}: rolled {faces}{mods} = {self.total} -> {self.outcome} [{rules}]"


@dataclass(frozen=True)
class Check:
    """A fully specified check, ready to show odds or to be resolved."""

    name: str
    pools: tuple[Pool, ...]
    outcome_rule: OutcomeRule
    outcomes: tuple[str, ...]
    rules: tuple[str, ...]
    modifiers: tuple[Modifier, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", unique(self.rules))

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)

    def stat_dist(self) -> Dist[Stats]:
        return _joint(self.pools)

    def odds(self) -> Dist[str]:
        """The exact probability of each outcome (computed once per check: a `Dist` is
        immutable)."""
        return self._odds

    @cached_property
    def _odds(self) -> Dist[str]:
        mod = self.modifier_total
        return self.stat_dist().map(lambda stats: self.outcome_rule(stats, mod))

    def odds_table(self) -> list[tuple[str, Fraction]]:
        """Every declared outcome with its exact probability, in declared order (zeros kept)."""
        dist = self.odds()
        return [(o, dist[o]) for o in self.outcomes]

    def resolve(
        self, faces: Sequence[Sequence[int]], origin: str = "", key: str = ""
    ) -> CheckResult:
        """Map rolled faces (one sequence per pool) to the outcome, by the same rule as `odds`."""
        pools = self.pools
        if len(faces) != len(pools):
            raise DiceError("dice", f"{self.name} rolls {len(pools)} pool(s)")
        rolled = tuple(map(tuple, faces))
        for pool, pool_faces in zip(pools, rolled, strict=True):
            if len(pool_faces) != pool.count or (
                pool_faces and (min(pool_faces) < 1 or max(pool_faces) > pool.sides)
            ):
                raise DiceError("dice", f"{list(pool_faces)} is not a roll of {pool.label}")
        stats = tuple(map(Pool.reduce, pools, rolled))
        mod = self.modifier_total
        natural = stats[0][0] if stats and stats[0] else 0
        return CheckResult(
            check=self.name,
            faces=rolled,
            natural=natural,
            modifiers=self.modifiers,
            total=natural + mod,
            outcome=self.outcome_rule(stats, mod),
            rules=self.rules,
            origin=origin,
            sides=tuple(p.sides for p in self.pools),
            key=key,
        )

    def roll(self, source: DiceSource, key: str) -> CheckResult:
        faces = [source.faces(p, f"{key}/{i}") for i, p in enumerate(self.pools)]
        return self.resolve(faces, source.origin, key)


def unique(rules: Sequence[str]) -> tuple[str, ...]:
    """Rule IDs once each, in the order first cited: a check's are gathered from its parts."""
    return tuple(dict.fromkeys(rules))


@cache
def _joint(pools: tuple[Pool, ...]) -> Dist[Stats]:
    """The joint statistics of independent pools; cached, as it depends on the pools alone."""
    joint: Dist[Stats] = Dist.certain(())
    for pool in pools:
        joint = joint.combine(pool.dist(), lambda acc, s: (*acc, s))
    return joint


@dataclass(frozen=True)
class Param:
    """A parameter of a check, as `odds CHECK KEY=VALUE` and the web app take it."""

    name: str
    kind: str  # "int", "bool" or "choice"
    default: int | bool | str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def parse(self, raw: str) -> int | bool | str:
        if self.kind == "bool":
            low = raw.lower()
            if low in ("true", "yes", "1"):
                return True
            if low in ("false", "no", "0"):
                return False
            raise InputError(self.name, f"must be true or false, got {raw!r}")
        if self.kind == "choice":
            if raw not in self.choices:
                raise InputError(
                    self.name, f"must be one of {', '.join(self.choices)}, got {raw!r}"
                )
            return raw
        try:
            value = int(raw)
        except ValueError:
            raise InputError(self.name, f"must be {self._int_range()}, got {raw!r}") from None
        return self.check_int(value)

    def check_int(self, value: int) -> int:
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise InputError(self.name, f"must be {self._int_range()}, got {value}")
        return value

    def _int_range(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"an integer from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"an integer of at least {self.minimum}"
        return "an integer"

    def describe(self) -> dict[str, Any]:
        allowed: Any = None
        if self.kind == "choice":
            allowed = list(self.choices)
        elif self.kind == "int":
            allowed = {"min": self.minimum, "max": self.maximum}
        elif self.kind == "bool":
            allowed = [True, False]
        return {
            "name": self.name,
            "type": self.kind,
            "allowed": allowed,
            "default": self.default,
            "help": self.help,
        }


def parse_args(owner: str, params: Sequence[Param], args: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` strings as typed values of `params`, refusing unknown or malformed ones."""
    values: dict[str, Any] = {}
    by_name = {p.name: p for p in params}
    for arg in args:
        key, sep, raw = arg.partition("=")
        if not sep:
            raise InputError(arg, "expected KEY=VALUE")
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            raise InputError(key, f"{owner} has no parameter {key!r} (parameters: {known})")
        values[key] = by_name[key].parse(raw)
    return values


@dataclass(frozen=True)
class CheckDef:
    """A named, parameterised check (`RULESET.CHECK`), listed by `kriegsspiel odds --list`."""

    name: str
    summary: str
    outcomes: tuple[str, ...]
    rules: tuple[str, ...]
    build: Callable[[Mapping[str, Any]], Check]
    params: tuple[Param, ...] = field(default=())
    _built: dict[tuple[Any, ...], Check] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", unique(self.rules))

    def with_args(self, args: Sequence[str]) -> Check:
        """Build the check from `KEY=VALUE` strings, refusing unknown or malformed ones."""
        return self.check(**parse_args(self.name, self.params, args))

    def check(self, **values: Any) -> Check:
        by_name = {p.name: p for p in self.params}
        for name in values:
            if name not in by_name:
                raise InputError(name, f"{self.name} has no parameter {name!r}")
        full = {p.name: values.get(p.name, p.default) for p in self.params}
        key = tuple(full.values())
        built = self._built.get(key)
        if built is None:  # a check is immutable: built once for each set of values
            for p in self.params:
                if p.kind == "int":
                    p.check_int(int(full[p.name]))
            if len(self._built) >= BUILT_KEPT:
                self._built.clear()
            built = self.build(full)
            self._built[key] = built
        return built

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "summary": self.summary,
            "params": [p.describe() for p in self.params],
            "outcomes": list(self.outcomes),
            "rules": list(self.rules),
        }
