"""Exact discrete probability distributions with `Fraction` weights.

A `Dist` is immutable: every operation returns a new one. Probabilities always sum to exactly 1.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Dist(Generic[T]):
    """A finite distribution: outcome -> exact probability."""

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        total = sum(weights.values(), Fraction(0))
        if total <= 0:
            raise ValueError("a distribution needs positive total weight")
        if any(w < 0 for w in weights.values()):
            raise ValueError("weights must not be negative")
        self._p: dict[T, Fraction] = {k: Fraction(w) / total for k, w in weights.items() if w != 0}

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each listed item equally likely; an outcome listed twice is twice as likely."""
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        return cls({outcome: 1})

    def __getitem__(self, outcome: T) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self.items())
        return f"Dist({{{inner}}})"

    def items(self) -> list[tuple[T, Fraction]]:
        """Outcomes with probabilities, in a stable (sorted where possible) order."""
        try:
            keys = sorted(self._p)  # type: ignore[type-var]
        except TypeError:
            keys = list(self._p)
        return [(k, self._p[k]) for k in keys]

    def total(self) -> Fraction:
        return sum(self._p.values(), Fraction(0))

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        # Summed as integers over a common denominator: exact, and far faster than Fractions.
        den = math.lcm(*(p.denominator for p in self._p.values()))
        out: dict[U, int] = {}
        for k, p in self._p.items():
            key = f(k)
            out[key] = out.get(key, 0) + p.numerator * (den // p.denominator)
        return Dist({k: Fraction(n, den) for k, n in out.items()})

    def combine(self, other: Dist[U], f: Callable[[T, U], T]) -> Dist[T]:
        """The distribution of `f(a, b)` for independent `a ~ self`, `b ~ other`."""
        out: dict[T, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                key = f(a, b)
                out[key] = out.get(key, Fraction(0)) + pa * pb
        return Dist(out)

    def probability(self, pred: Callable[[T], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if pred(k)), Fraction(0))

    def mean(self) -> Fraction:
        return sum((Fraction(k) * p for k, p in self._p.items()), Fraction(0))  # type: ignore[call-overload]
