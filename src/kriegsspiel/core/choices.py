"""Legal actions as a seat is offered them: plain action data, a label, and the domain of each
continuous parameter.

A `Choice` is one entry of `Game.legal_actions`: `action` is data `Game.act` accepts as it is
(for a continuous parameter it holds a sample value, legal whenever anything in the domain is);
`domains` say what else the parameter may be, so a page can offer a ruler (or the targets on the
board) and a bot can sample it; `Game.is_legal` decides a concrete value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any, Literal, NamedTuple

import msgspec

DomainKind = Literal["point", "angle", "number", "choice"]


class Domain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a continuous parameter may lie.

    - "point": a table position within `high` inches of `origin` (and at least `low` away);
    - "angle": a bearing in degrees inside one of `arcs` ((from, to) clockwise, 0..360);
    - "number": a value from `low` to `high`;
    - "choice": one of `options` (ids of targets, features, …), each named in `labels`; every
      option is legal whenever the listed action is, so one entry stands for all of them
      (a firer's targets, say) and a page offers them on the board.
    """

    param: str
    kind: DomainKind
    low: float = 0.0
    high: float = 0.0
    origin: tuple[float, float] | None = None
    arcs: tuple[tuple[float, float], ...] = ()
    options: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()

    def sample(self, rng: random.Random) -> Any:
        """A value drawn from the domain (uniform over its area, arc length, range or options)."""
        if self.kind == "choice":
            return rng.choice(self.options)
        if self.kind == "point":
            assert self.origin is not None
            # kept a hundredth inside the edge, so that rounding to hundredths stays inside
            inner, outer = self.low + 0.01, max(self.low + 0.01, self.high - 0.01)
            r = math.sqrt(rng.uniform(inner**2, outer**2)) if self.high > 0.02 else 0.0
            a = rng.uniform(0.0, 2 * math.pi)
            return [
                round(self.origin[0] + r * math.cos(a), 2),
                round(self.origin[1] + r * math.sin(a), 2),
            ]
        if self.kind == "angle":
            arcs = self.arcs or ((0.0, 360.0),)
            spans = [(b - a) % 360 or 360.0 for a, b in arcs]
            pick = rng.uniform(0.0, sum(spans))
            for (start, _), span in zip(arcs, spans, strict=True):
                if pick <= span:  # a tenth of a degree inside either end, as it is rounded
                    return round((start + min(max(pick, 0.1), span - 0.1)) % 360, 1) % 360
                pick -= span
            return arcs[-1][0]
        value = round(rng.uniform(self.low, self.high), 2)
        return min(max(value, self.low), self.high)


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One legal action: the data to act on, what it does in words, and its open parameters."""

    action: dict[str, Any]
    label: str
    domains: tuple[Domain, ...] = ()

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """The action with each open parameter drawn from its domain."""
        return {**self.action, **{d.param: d.sample(rng) for d in self.domains}}


def is_modifier(field: str) -> bool:
    """Whether an action's field is a declared modifier (`modifier`, `*_modifier`)."""
    return field == "modifier" or field.endswith("_modifier")


def label_of(choices: list[Choice], action: Mapping[str, Any]) -> str | None:
    """`action` in words: the label of the first of `choices` it is (their open parameters and
    declared modifiers aside), with the option it chose of each choice; None if it is none."""
    for choice in choices:
        open_ = {d.param for d in choice.domains}
        fixed = {k: v for k, v in choice.action.items() if k not in open_ and not is_modifier(k)}
        if all(action.get(k) == v for k, v in fixed.items()):
            picked = [
                d.labels[d.options.index(action[d.param])]
                for d in choice.domains
                if d.kind == "choice" and action.get(d.param) in d.options
            ]
            return ": ".join([choice.label, *picked])
    return None


class Candidate(NamedTuple):
    """What a ruleset offers for `Game.legal_actions`: a typed action, its label (or a function
    that makes it, for labels costly to build that a bot never reads), its domains (or a
    function that works them out, for domains costly to find that a random draw needs of the
    one candidate drawn only)."""

    action: Any
    label: str | Callable[[], str]
    domains: tuple[Domain, ...] | Callable[[], tuple[Domain, ...]] = ()

    def text(self) -> str:
        return self.label if isinstance(self.label, str) else self.label()

    def open(self) -> tuple[Domain, ...]:
        """The domains of its open parameters."""
        return self.domains if isinstance(self.domains, tuple) else self.domains()


__all__ = ["Candidate", "Choice", "Domain"]
