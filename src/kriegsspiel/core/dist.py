"""Exact discrete probability distributions: integer weights over a common denominator.

A `Dist` is immutable: every operation returns a new one. It holds, as icepool does, a count for
each outcome and the total they sum to, so probabilities are `Fraction(count, total)` and sum to
exactly 1. Building one from arbitrary weights normalises them; every operation on distributions
(`map`, `combine`) keeps the total exactly (a product of totals for `combine`) and checks that
its counts still add up to it, so a weight lost or doubled is an error, never rescaled away.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Dist(Generic[T]):
    """A finite distribution: outcome -> exact probability, as counts over a total."""

    __slots__ = ("_den", "_w")

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        """Any non-negative weights with a positive total, normalised."""
        if any(w < 0 for w in weights.values()):
            raise ValueError("weights must not be negative")
        scale = math.lcm(*(Fraction(w).denominator for w in weights.values()))
        counts = {k: int(Fraction(w) * scale) for k, w in weights.items() if w != 0}
        total = sum(counts.values())
        if total <= 0:
            raise ValueError("a distribution needs positive total weight")
        self._w, self._den = _reduced(counts, total)

    @classmethod
    def counted(cls, counts: Mapping[T, int], total: int) -> Dist[T]:
        """Counts that must sum to exactly `total` (raises ValueError otherwise)."""
        if any(not isinstance(c, int) or c < 0 for c in counts.values()):
            raise ValueError("counts must be non-negative integers")
        if sum(counts.values()) != total:
            raise ValueError(f"counts do not add up to their total {total}")
        if total < 1:
            raise ValueError("a distribution needs at least one outcome")
        out: Dist[T] = cls.__new__(cls)
        out._w, out._den = _reduced({k: c for k, c in counts.items() if c}, total)
        return out

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each listed item equally likely; an outcome listed twice is twice as likely."""
        counts: dict[T, int] = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls.counted(counts, sum(counts.values()))

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        return cls.counted({outcome: 1}, 1)

    @property
    def denominator(self) -> int:
        """The total the counts sum to, in lowest terms."""
        return self._den

    def count(self, outcome: T) -> int:
        """The outcome's weight over `denominator`."""
        return self._w.get(outcome, 0)

    def __getitem__(self, outcome: T) -> Fraction:
        return Fraction(self._w.get(outcome, 0), self._den)

    def __iter__(self) -> Iterator[T]:
        return iter(self._w)

    def __len__(self) -> int:
        return len(self._w)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._den == other._den and self._w == other._w

    def __hash__(self) -> int:
        return hash((self._den, frozenset(self._w.items())))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self.items())
        return f"Dist({{{inner}}})"

    def items(self) -> list[tuple[T, Fraction]]:
        """Outcomes with probabilities, in a stable (sorted where possible) order."""
        try:
            keys = sorted(self._w)  # type: ignore[type-var]
        except TypeError:
            keys = list(self._w)
        return [(k, Fraction(self._w[k], self._den)) for k in keys]

    def total(self) -> Fraction:
        return Fraction(sum(self._w.values()), self._den)

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        out: dict[U, int] = {}
        for k, w in self._w.items():
            key = f(k)
            out[key] = out.get(key, 0) + w
        return Dist.counted(out, self._den)

    def combine(self, other: Dist[U], f: Callable[[T, U], T]) -> Dist[T]:
        """The distribution of `f(a, b)` for independent `a ~ self`, `b ~ other`."""
        out: dict[T, int] = {}
        for a, wa in self._w.items():
            for b, wb in other._w.items():
                key = f(a, b)
                out[key] = out.get(key, 0) + wa * wb
        return Dist.counted(out, self._den * other._den)

    def probability(self, pred: Callable[[T], bool]) -> Fraction:
        return Fraction(sum(w for k, w in self._w.items() if pred(k)), self._den)

    def mean(self) -> Fraction:
        return sum((Fraction(k) * w for k, w in self._w.items()), Fraction(0)) / self._den  # type: ignore[call-overload]


def _reduced(counts: dict[T, int], total: int) -> tuple[dict[T, int], int]:
    """Counts and total in lowest terms, so that equal distributions compare equal."""
    g = math.gcd(total, *counts.values())
    if g == 1:
        return counts, total
    return {k: c // g for k, c in counts.items()}, total // g
