"""Plans from a live game: exactly when a task in progress finishes.

A ruleset reads a task from a seat's view (its progress, who works on it, the clock) and gives
`finish_plan` what one tick of its clock earns (`gain`, an exact `Dist` of work units: certain
for work by actions, a roll's chance for work by points), the work `remaining` and the clock
numbers of the ticks left in the game (`ticks`: the side's turns or initiatives). The plan is
the exact distribution of the tick the last unit of work comes in, and the exact probability
that it does not come before the game ends. A 0-or-1 gain is the negative binomial's closed form
(`core.plans.negative_binomial`); any other a dynamic programme over the work done, in integer
counts over one common denominator. Fractions and percentages are made only in the report.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import count, islice
from typing import Any

from kriegsspiel.core.dist import Dist
from kriegsspiel.core.plans import DEFAULT_COVERAGE, MAX_ROWS, negative_binomial
from kriegsspiel.core.victory import Victory
from kriegsspiel.errors import InputError


@dataclass(frozen=True)
class FinishRow:
    at: int  # the clock number of the tick (a turn, an initiative) the work is finished in
    probability: Fraction  # P(finished in exactly this tick)
    cumulative: Fraction  # P(finished by this tick)


@dataclass(frozen=True)
class TaskPlan:
    task: str
    name: str
    side: str
    clock: str  # the ruleset's word for a tick: "turn", "initiative"
    progress: int
    required: int
    status: str  # "done", "planned" or "stalled" (no one can work on it)
    per_tick: str  # what one tick of work earns, in words
    rows: tuple[FinishRow, ...]
    by_end: Fraction | None  # P(finished before the game ends); None: the game has no end
    last: int | None  # the game's last tick
    ready_after: int  # ticks of the clock from the last work to the task in use (0: at once)
    ready_word: str  # what "in use" means: "open", "launched", "done"
    assumptions: tuple[str, ...]
    rules: tuple[str, ...]

    @property
    def ready_by_end(self) -> Fraction | None:
        """P(in use before the game ends: finished at least `ready_after` ticks before)."""
        if self.last is None:
            return None
        return sum(
            (r.probability for r in self.rows if r.at + self.ready_after <= self.last),
            Fraction(0),
        )

    def report(self) -> dict[str, Any]:
        """Plain JSON-able data: every probability as "n/d" and in percent."""
        return {
            "task": self.task,
            "name": self.name,
            "side": self.side,
            "clock": self.clock,
            "progress": self.progress,
            "required": self.required,
            "status": self.status,
            "per_tick": self.per_tick,
            "rows": [
                {
                    "at": r.at,
                    "ready_at": r.at + self.ready_after,
                    **_fraction(r.probability),
                    "cumulative": _fraction(r.cumulative)["probability"],
                    "cumulative_percent": _fraction(r.cumulative)["percent"],
                }
                for r in self.rows
            ],
            "last": self.last,
            "by_end": None if self.by_end is None else _fraction(self.by_end),
            "ready_by_end": None if self.ready_by_end is None else _fraction(self.ready_by_end),
            "ready_after": self.ready_after,
            "ready_word": self.ready_word,
            "assumptions": list(self.assumptions),
            "rules": list(self.rules),
            "summary": self.summary(),
        }

    def summary(self) -> str:
        """One line: when it will most likely be done, and the chance before the game ends."""
        label = self.name or self.task
        if self.status == "done":
            return f"{label} is finished"
        if self.status == "stalled" or not self.rows:
            return f"{label}: no work on it can finish it now ({self.per_tick})"
        median = next((r for r in self.rows if 2 * r.cumulative >= 1), None)
        parts = []
        if median is not None and (self.last is None or median.at <= self.last):
            when = f"{self.clock} {median.at + self.ready_after}"
            chance = _words(median.cumulative)
            parts.append(f"{label} is {self.ready_word} by {when} with probability {chance}")
        else:
            parts.append(f"{label} is most likely not finished before the game ends")
        if self.last is not None and self.by_end is not None:
            parts.append(f"finished by {self.clock} {self.last}: {_words(self.by_end)}")
            if self.ready_after:
                ready = self.ready_by_end
                assert ready is not None
                parts.append(f"{self.ready_word} by then: {_words(ready)}")
        return "; ".join(parts)


def finish_plan(
    remaining: int, gain: Dist[int], ticks: Sequence[int] | None, first: int = 1, step: int = 1
) -> tuple[tuple[FinishRow, ...], Fraction | None]:
    """The rows of when `remaining` units of work are done, each tick earning `gain`, and
    P(done within `ticks`) (None when `ticks` is None: the game has no end; the table then
    runs, from tick `first` by `step`, to 99%). Ticks that can no longer finish it are left
    out of the rows but count in the probability."""
    if remaining < 1:
        raise ValueError("nothing remains to plan")
    clock: Sequence[int] = (
        ticks if ticks is not None else range(first, first + step * MAX_ROWS, step)
    )
    counts, denominator = _finish_counts(remaining, gain, len(clock), ticks is None)
    rows: list[FinishRow] = []
    done = 0
    for at, c in zip(clock, counts, strict=False):
        done += c
        if c:
            rows.append(FinishRow(at, Fraction(c, denominator), Fraction(done, denominator)))
    return tuple(rows), (Fraction(done, denominator) if ticks is not None else None)


def _finish_counts(
    remaining: int, gain: Dist[int], most: int, open_ended: bool
) -> tuple[list[int], int]:
    """P(finished in tick j) for j = 1.. as integer counts over one common denominator."""
    den = gain.denominator
    wanted, out_of = DEFAULT_COVERAGE.numerator, DEFAULT_COVERAGE.denominator
    terms: list[int] = []  # over den^j
    scale, done = 1, 0
    if set(gain) <= {0, 1}:  # one chance a tick: the negative binomial, finishing at tick j
        p = gain[1]
        if p == 0:
            return [0] * most, 1
        nb = negative_binomial(remaining, p)
        steps: Iterator[int] = (0 if j < remaining else next(nb) for j in count(1))
        den = p.denominator
    else:
        steps = _dp(remaining, gain)
    for term in islice(steps, most):
        scale *= den
        done = done * den + term
        terms.append(term)
        if done == scale or (open_ended and done * out_of >= wanted * scale):
            break
    counts, power = [0] * len(terms), 1  # each over the last tick's den^j
    for i in range(len(terms) - 1, -1, -1):
        counts[i] = terms[i] * power
        power *= den
    return counts, scale


def _dp(remaining: int, gain: Dist[int]) -> Iterator[int]:
    """P(finished in tick j) over den^j, j = 1, 2, ...: ways[k] counts k units done so far."""
    steps = [(g, gain.count(g)) for g in gain]
    ways = [1] + [0] * (remaining - 1)
    while True:
        new = [0] * remaining
        finished = 0
        for k, w in enumerate(ways):
            if w:
                for g, c in steps:
                    if k + g >= remaining:
                        finished += w * c
                    else:
                        new[k + g] += w * c
        ways = new
        yield finished


def chance(p: Fraction) -> Dist[int]:
    """One unit of work with probability `p`, else none: what one roll a tick earns."""
    return Dist.counted({1: p.numerator, 0: p.denominator - p.numerator}, p.denominator)


def sudden_death(victory: Victory | None, clock: str) -> tuple[str, ...]:
    """What a plan assumes of the game's end when a decisive objective may bring it sooner.
    The objective is not named: before the end no seat is told the objectives' states."""
    if not any(o.decisive for o in (victory.objectives if victory else ())):
        return ()
    return (
        f"the game lasts to its last {clock}: a decisive objective may end it sooner, "
        "which this plan does not count",
    )


def never(plan: TaskPlan) -> Fraction | None:
    """P(finished before the end) of work no one can do: 0, or None when the game has no end."""
    return None if plan.last is None else Fraction(0)


def unknown_task(task: str, visible: Sequence[str]) -> InputError:
    """The one refusal for a task that does not exist and for one the seat may not see."""
    known = ", ".join(visible) or "none"
    return InputError(task, f"no task {task!r} in this seat's view (tasks: {known})")


def _fraction(p: Fraction) -> dict[str, Any]:
    return {"probability": f"{p.numerator}/{p.denominator}", "percent": round(float(p * 100), 2)}


def _words(p: Fraction) -> str:
    """A percentage, never rounded to a certainty it is not, with the fraction when short."""
    percent = f"{float(p * 100):.1f}%"
    if 0 < p < 1 and percent in ("0.0%", "100.0%"):
        percent = "< 0.1%" if p < Fraction(1, 2) else "> 99.9%"
    text = f"{p.numerator}/{p.denominator}"
    return f"{percent} ({text})" if len(text) <= 21 else percent
