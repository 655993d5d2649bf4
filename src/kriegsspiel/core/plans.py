"""Plans: exactly how long multi-turn work takes, and named plans for `kriegsspiel plan`.

Work that needs `n` successes, one attempt a turn each succeeding with probability `p` (bridge
spans, pontoon construction points, preparations of a charge), takes T attempts where T is
negative binomial: P(T = t) = C(t-1, n-1) p^n (1-p)^(t-n), t >= n. The table is computed from
that closed form in integer arithmetic alone: for p = a/b each row is an integer count over the
common denominator b^T of the last row T, each from the one before by
C(t, n-1) = C(t-1, n-1) t / (t-n+1), so no fraction is reduced while it is built; `Fraction`s
(and percentages) are made only when a row is read. T has no upper bound when p < 1, so it is
truncated honestly: it runs until the cumulative probability reaches `coverage` (and the 90th
percentile) and the exact probability of needing more is reported as the tail. The mean is the
closed form n/p.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kriegsspiel.core.checks import Param, parse_args
from kriegsspiel.core.kept import kept
from kriegsspiel.errors import InputError

DEFAULT_COVERAGE = Fraction(99, 100)
MAX_ROWS = 2000  # a safety bound on the table; coverage is reached long before it


@dataclass(frozen=True)
class PlanRow:
    attempts: int
    probability: Fraction  # P(the last success comes at exactly this attempt)
    cumulative: Fraction  # P(done by this attempt)


def rows_of(first: int, counts: Sequence[int], denominator: int) -> tuple[PlanRow, ...]:
    """Rows from integer counts over a common denominator, the first at `first` attempts."""
    rows, done = [], 0
    for i, count in enumerate(counts):
        done += count
        rows.append(PlanRow(first + i, Fraction(count, denominator), Fraction(done, denominator)))
    return tuple(rows)


@dataclass(frozen=True)
class AttemptsPlan:
    successes: int
    per_attempt: Fraction
    counts: tuple[int, ...]  # P(done at exactly attempt successes + i), over `denominator`
    denominator: int  # b^T for p = a/b and T the last row's attempts
    median: int
    p90: int

    @kept
    def rows(self) -> tuple[PlanRow, ...]:
        """The table as exact fractions, made from the counts when first read."""
        return rows_of(self.successes, self.counts, self.denominator)

    @property
    def tail(self) -> Fraction:
        """P(more attempts than the last row): exact, so the table sums to 1."""
        return Fraction(self.denominator - sum(self.counts), self.denominator)

    @property
    def mean(self) -> Fraction:
        """n / p, the closed form."""
        return self.successes / self.per_attempt

    def cdf(self, attempts: int) -> Fraction:
        """P(done within `attempts`), for any number the table covers."""
        if attempts < self.successes:
            return Fraction(0)
        last = self.rows[-1]
        if attempts > last.attempts:
            raise ValueError(f"the table stops at {last.attempts}")
        return self.rows[attempts - self.successes].cumulative


def negative_binomial(n: int, p: Fraction) -> Iterator[int]:
    """The numerators of P(T = t) over b^t for t = n, n+1, ... (p = a/b): the closed form
    C(t-1, n-1) a^n (b-a)^(t-n), each from the one before in integers."""
    a, b = p.numerator, p.denominator
    term, miss, t = a**n, b - a, n
    while True:
        yield term
        # C(t, n-1) = C(t-1, n-1) t / (t-n+1): exact, as C(t-1, n-1) t is divisible by it
        term = term * t * miss // (t - n + 1)
        t += 1


def attempts_needed(
    successes: int, p: Fraction, coverage: Fraction = DEFAULT_COVERAGE
) -> AttemptsPlan:
    """The exact distribution of attempts to reach `successes`, each succeeding with `p`."""
    if successes < 1:
        raise InputError("successes", "a plan needs at least one success")
    if not 0 < p <= 1:
        raise InputError("p", "an attempt must have a chance of success")
    if not 0 < coverage < 1:
        raise InputError("coverage", "must be between 0 and 1")
    n, b = successes, p.denominator
    wanted, out_of = coverage.numerator, coverage.denominator
    terms: list[int] = []  # P(T = t) over b^t
    scale, done = b**n, 0  # b^t, and P(T <= t) over it
    median = p90 = 0
    for term in negative_binomial(n, p):
        terms.append(term)
        done += term
        if not median and 2 * done >= scale:
            median = n + len(terms) - 1
        if not p90 and 10 * done >= 9 * scale:
            p90 = n + len(terms) - 1
        if done == scale or (p90 and done * out_of >= wanted * scale) or len(terms) >= MAX_ROWS:
            break
        done *= b
        scale *= b
    if not p90:
        raise InputError(
            "p",
            f"too unlikely to plan: under 90% done within {MAX_ROWS} attempts at {float(p):.3g}",
        )
    counts, power = [0] * len(terms), 1  # each row over the last row's b^T
    for i in range(len(terms) - 1, -1, -1):
        counts[i] = terms[i] * power
        power *= b
    return AttemptsPlan(n, p, tuple(counts), scale, median, p90)


@dataclass(frozen=True)
class PlanDef:
    """A named plan (`RULESET.PLAN`) with typed parameters, like a `CheckDef`."""

    name: str
    summary: str
    unit: str  # what an attempt is called: "turns", "initiatives"
    rules: tuple[str, ...]
    params: tuple[Param, ...]
    build: Callable[[Mapping[str, Any]], AttemptsPlan] = field(repr=False)

    def plan(self, args: Sequence[str] = ()) -> tuple[dict[str, Any], AttemptsPlan]:
        """The parameters used and the plan, from `KEY=VALUE` strings."""
        values = {p.name: p.default for p in self.params} | parse_args(self.name, self.params, args)
        return values, self.build(values)

    def report(self, args: Sequence[str] = ()) -> dict[str, Any]:
        """The plan as plain JSON-able data; fractions as "n/d" strings."""
        values, plan = self.plan(args)
        return {
            "plan": self.name,
            "summary": self.summary,
            "unit": self.unit,
            "params": values,
            "rules": list(self.rules),
            "per_attempt": _fraction(plan.per_attempt),
            "rows": [
                {
                    "attempts": r.attempts,
                    **_fraction(r.probability),
                    "cumulative": _fraction(r.cumulative)["probability"],
                    "cumulative_percent": _fraction(r.cumulative)["percent"],
                }
                for r in plan.rows
            ],
            "tail": {"more_than": plan.rows[-1].attempts, **_fraction(plan.tail)},
            "summary_stats": {
                "mean": f"{plan.mean.numerator}/{plan.mean.denominator}",
                "mean_float": round(float(plan.mean), 3),
                "median": plan.median,
                "p90": plan.p90,
            },
            "truncation": (
                "exact probabilities; the table stops once 99% is reached and the exact "
                "remaining probability is the tail; the mean is the closed form n/p"
            ),
        }


def _fraction(p: Fraction) -> dict[str, Any]:
    return {"probability": f"{p.numerator}/{p.denominator}", "percent": round(float(p * 100), 2)}
