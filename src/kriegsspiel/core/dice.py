"""Dice pools and the sources that roll them.

A `Pool` is `count` dice of `sides` faces, reduced to a statistic die by die: the sum, how many
dice reach a target number, how many show a given face. Statistics are tuples of ints added
element-wise, so the exact distribution of a pool (`Pool.dist`) and the statistic of rolled faces
(`Pool.reduce`) come from the same per-die rule and cannot disagree.

Dice sources: `SeededDice` (digital play, reproducible from the game's secret seed),
`EnteredDice` (faces rolled at a real table, checked and attributed to a player) and
`ScriptedDice` (tests). The engine never calls `random` anywhere else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Protocol

from kriegsspiel.core.dist import Dist
from kriegsspiel.errors import DiceError

Stat = tuple[int, ...]


@dataclass(frozen=True)
class Tally:
    """How one die contributes to one element of a pool's statistic.

    `kind` is "sum" (the face), "at-least" (1 if face >= value) or "equals" (1 if face == value).
    """

    kind: str
    value: int = 0

    def __call__(self, face: int) -> int:
        if self.kind == "sum":
            return face
        if self.kind == "at-least":
            return int(face >= self.value)
        if self.kind == "equals":
            return int(face == self.value)
        raise ValueError(f"unknown tally {self.kind!r}")


SUM = Tally("sum")


def _add(a: Stat, b: Stat) -> Stat:
    return tuple(x + y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Pool:
    """`count` dice with `sides` faces (1..sides), reduced by `tallies`."""

    count: int
    sides: int
    tallies: tuple[Tally, ...] = (SUM,)

    def __post_init__(self) -> None:
        if self.count < 0 or self.sides < 2:
            raise ValueError(f"not a dice pool: {self.count}d{self.sides}")

    @property
    def label(self) -> str:
        return f"{self.count}d{self.sides}" if self.count != 1 else f"d{self.sides}"

    def per_die(self, face: int) -> Stat:
        return tuple(t(face) for t in self.tallies)

    @cached_property
    def _columns(self) -> tuple[tuple[int, ...], ...]:
        """Each tally's value for every face (index 0 unused): `reduce` only looks them up."""
        return _columns(self.sides, self.tallies)

    def reduce(self, faces: Sequence[int]) -> Stat:
        """The statistic of rolled faces (each 1 to `sides`), by the same per-die rule as
        `dist`: the sum, over the faces, of `per_die`."""
        columns = self._columns
        if len(columns) == 1:
            return (sum(map(columns[0].__getitem__, faces)),)
        return tuple(sum(map(column.__getitem__, faces)) for column in columns)

    def dist(self) -> Dist[Stat]:
        return _pool_dist(self)


@cache
def _columns(sides: int, tallies: tuple[Tally, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t(f) for f in range(sides + 1)) for t in tallies)


@cache
def _pool_dist(pool: Pool) -> Dist[Stat]:
    one: Dist[Stat] = Dist.uniform([pool.per_die(f) for f in range(1, pool.sides + 1)])
    total: Dist[Stat] = Dist.certain(tuple(0 for _ in pool.tallies))
    for _ in range(pool.count):
        total = total.combine(one, _add)
    return total


def die(sides: int) -> Pool:
    """One die: d6, d10, d100 (faces 1..100)."""
    return Pool(1, sides)


def dice_sum(count: int, sides: int) -> Pool:
    """The sum of several dice, such as 3d6."""
    return Pool(count, sides)


def successes(count: int, target: int, sides: int = 6) -> Pool:
    """How many of `count` dice reach `target` or more."""
    return Pool(count, sides, (Tally("at-least", target),))


def successes_and_sixes(count: int, target: int) -> Pool:
    """Successes at `target`+ and, separately, how many dice show a six."""
    return Pool(count, 6, (Tally("at-least", target), Tally("equals", 6)))


def sixes(count: int) -> Pool:
    return Pool(count, 6, (Tally("equals", 6),))


class DiceSource(Protocol):
    """Where faces come from. `origin` is recorded with every roll."""

    @property
    def origin(self) -> str: ...

    def faces(self, pool: Pool, key: str) -> tuple[int, ...]: ...


class SeededDice:
    """Reproducible dice: the faces for a roll depend only on the seed and the roll's key."""

    origin = "rng"

    def __init__(self, seed: str) -> None:
        self._seed = seed

    def faces(self, pool: Pool, key: str) -> tuple[int, ...]:
        rng = random.Random(f"{self._seed}|{key}")
        return tuple(rng.randint(1, pool.sides) for _ in range(pool.count))


class EnteredDice:
    """Faces typed in by a player at a real table, consumed in order and checked for range.

    They go to the rolls the acting seat may know of; the engine rolls the secret ones."""

    knows_all = False  # a script in tests decides every roll, secret ones included

    def __init__(self, faces: Sequence[int], player: str) -> None:
        self._faces = list(faces)
        self._used = 0
        self.player = player
        self._origin = f"entered:{player}"

    @property
    def origin(self) -> str:
        return self._origin

    def faces(self, pool: Pool, key: str) -> tuple[int, ...]:
        taken = self._faces[self._used : self._used + pool.count]
        if len(taken) < pool.count:
            raise DiceError(
                "dice", f"this roll needs {pool.label} but only {len(taken)} face(s) are left"
            )
        for i, face in enumerate(taken, start=self._used + 1):
            if not 1 <= face <= pool.sides:
                raise DiceError(
                    "dice", f"face {i} is {face}, but a d{pool.sides} shows 1 to {pool.sides}"
                )
        self._used += pool.count
        return tuple(taken)

    @property
    def left(self) -> int:
        return len(self._faces) - self._used

    def copy(self) -> EnteredDice:
        """The same faces, none used yet."""
        return EnteredDice(self._faces, self.player)

    def finish(self) -> None:
        """Refuse faces that were entered but not needed."""
        left = len(self._faces) - self._used
        if left:
            raise DiceError("dice", f"{left} face(s) entered but not needed by this action")


class ScriptedDice(EnteredDice):
    """Faces fixed in advance, for tests and worked examples: every roll, secret ones too."""

    knows_all = True

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(faces, "script")
        self._origin = "script"
