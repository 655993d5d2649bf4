"""Plans: exactly how long multi-turn work takes, and named plans for `kriegsspiel plan`.

Work that needs `n` successes, one attempt a turn each succeeding with probability `p` (bridge
spans, pontoon construction points, preparations of a charge), takes T attempts where T is
negative binomial: P(T = t) = C(t-1, n-1) p^n (1-p)^(t-n), t >= n. The table is computed exactly
from that closed form in integer arithmetic (numerators over b^t for p = a/b); T has no upper
bound when p < 1,
so it is truncated honestly: it runs until the cumulative probability reaches `coverage` (and the
90th percentile) and the exact probability of needing more is reported as the tail. The mean is
the closed form n/p.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kriegsspiel.core.checks import Param, parse_args
from kriegsspiel.errors import InputError

DEFAULT_COVERAGE = Fraction(99, 100)
MAX_ROWS = 2000  # a safety bound on the table; coverage is reached long before it


@dataclass(frozen=True)
class PlanRow:
    attempts: int
    probability: Fraction  # P(the last success comes at exactly this attempt)
    cumulative: Fraction  # P(done by this attempt)


@dataclass(frozen=True)
class AttemptsPlan:
    successes: int
    per_attempt: Fraction
    rows: tuple[PlanRow, ...]
    tail: Fraction  # P(more attempts than the last row): exact, so the table sums to 1
    mean: Fraction  # n / p, closed form
    median: int
    p90: int

    def cdf(self, attempts: int) -> Fraction:
        """P(done within `attempts`), for any number the table covers."""
        if attempts < self.successes:
            return Fraction(0)
        last = self.rows[-1]
        if attempts > last.attempts:
            raise ValueError(f"the table stops at {last.attempts}")
        return self.rows[attempts - self.successes].cumulative


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
    # P(T = t) = C(t-1, n-1) a^n (b-a)^(t-n) / b^t for p = a/b, kept as integers over b^t
    a, b, n = p.numerator, p.denominator, successes
    ways, scale = 1, b**n  # C(t-1, n-1) and b^t, at t = n
    term = a**n  # the numerator of P(T = t) over b^t
    done_num = 0  # P(T <= t) over b^t
    rows: list[PlanRow] = []
    t = n
    while True:
        done_num += term
        rows.append(PlanRow(t, Fraction(term, scale), Fraction(done_num, scale)))
        complete = done_num == scale
        covered = done_num * coverage.denominator >= coverage.numerator * scale
        if complete or (covered and 10 * done_num >= 9 * scale) or len(rows) >= MAX_ROWS:
            break
        ways = ways * t // (t - n + 1)
        t += 1
        term = ways * a**n * (b - a) ** (t - n)
        done_num *= b
        scale *= b
    done = Fraction(done_num, scale)
    if 10 * done_num < 9 * scale:
        raise InputError(
            "p",
            f"too unlikely to plan: under 90% done within {MAX_ROWS} attempts at {float(p):.3g}",
        )
    return AttemptsPlan(
        successes=successes,
        per_attempt=p,
        rows=tuple(rows),
        tail=1 - done,
        mean=Fraction(successes) / p,
        median=_quantile(rows, Fraction(1, 2)),
        p90=_quantile(rows, Fraction(9, 10)),
    )


def _quantile(rows: Sequence[PlanRow], q: Fraction) -> int:
    return next(r.attempts for r in rows if r.cumulative >= q)


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
