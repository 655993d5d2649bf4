"""Legal actions as a seat is offered them: plain action data, a label, and the domain of each
continuous parameter.

A `Choice` is one entry of `Game.legal_actions`: `action` is data `Game.act` accepts as it is
(for a continuous parameter it holds a sample value, legal whenever anything in the domain is);
`domains` say what else the parameter may be, so a page can offer a ruler and a bot can sample
it; `Game.is_legal` decides a concrete value.
"""

from __future__ import annotations

import math
import random
from typing import Any, Literal, NamedTuple

import msgspec

DomainKind = Literal["point", "angle", "number"]


class Domain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a continuous parameter may lie.

    - "point": a table position within `high` inches of `origin` (and at least `low` away);
    - "angle": a bearing in degrees inside one of `arcs` ((from, to) clockwise, 0..360);
    - "number": a value from `low` to `high`.
    """

    param: str
    kind: DomainKind
    low: float = 0.0
    high: float = 0.0
    origin: tuple[float, float] | None = None
    arcs: tuple[tuple[float, float], ...] = ()

    def sample(self, rng: random.Random) -> Any:
        """A value drawn from the domain (uniform over its area, arc length or range)."""
        if self.kind == "point":
            assert self.origin is not None
            r = math.sqrt(rng.uniform(self.low**2, self.high**2))
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
                if pick <= span:
                    return round((start + pick) % 360, 1)
                pick -= span
            return arcs[-1][0]
        return round(rng.uniform(self.low, self.high), 2)


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One legal action: the data to act on, what it does in words, and its open parameters."""

    action: dict[str, Any]
    label: str
    domains: tuple[Domain, ...] = ()

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """The action with each open parameter drawn from its domain."""
        return {**self.action, **{d.param: d.sample(rng) for d in self.domains}}


class Candidate(NamedTuple):
    """What a ruleset offers for `Game.legal_actions`: a typed action, its label, its domains."""

    action: Any
    label: str
    domains: tuple[Domain, ...] = ()


__all__ = ["Candidate", "Choice", "Domain"]
