"""Construction plans: how many initiatives a pontoon crew needs (WAT-PONTOON-03/06..08, -FERRY-01).

One attempt is rolled per friendly initiative with a crew at work, each earning a construction
point with the probability `p` the `waterborne.pontoon-attempt` check gives (the same `Check`
that resolves the roll). The number T of attempts needed for N points is negative binomial:

    P(T = t) = C(t-1, N-1) p^N (1-p)^(t-N),   t >= N.

Computed exactly, two ways that must agree: the table comes from a dynamic programme over the
points earned (core `Dist` with `Fraction` weights, one attempt at a time); the mean is the closed
form N/p. T has no upper bound when p < 1, so the table is **truncated honestly**: it runs until
the cumulative probability reaches `coverage` (and past the 90th percentile), and the exact
probability of needing more is reported as the tail. Median and 90th percentile are the smallest
t whose cumulative probability reaches 1/2 and 9/10, exactly. The bridge then opens on the next
friendly initiative (WAT-PONTOON-09). Hits and crew losses are not part of a plan.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kriegsspiel.core.checks import Param, parse_args
from kriegsspiel.core.dist import Dist
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.waterborne.checks import pontoon_attempt
from kriegsspiel.rulesets.waterborne.pontoons import FERRY_CP
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES, Tables

DEFAULT_COVERAGE = Fraction(99, 100)
MAX_ROWS = 2000  # a safety bound on the table; coverage is reached long before it


@dataclass(frozen=True)
class PlanRow:
    initiatives: int  # friendly initiatives with an attempt
    probability: Fraction  # P(the last CP is earned in exactly this one)
    cumulative: Fraction  # P(done by this one)


@dataclass(frozen=True)
class ConstructionPlan:
    cp: int
    engineers: int
    others: int
    per_attempt: Fraction  # P(an attempt earns a CP)
    rows: tuple[PlanRow, ...]
    tail: Fraction  # P(more initiatives than the last row): exact, so the table sums to 1
    mean: Fraction  # N / p, closed form
    median: int
    p90: int

    def cdf(self, initiatives: int) -> Fraction:
        """P(done within `initiatives`) for any t the table covers."""
        if initiatives < self.cp:
            return Fraction(0)
        last = self.rows[-1]
        if initiatives > last.initiatives:
            raise ValueError(f"the table stops at {last.initiatives}")
        return self.rows[initiatives - self.cp].cumulative


def construction_plan(
    cp: int,
    engineers: int,
    others: int = 0,
    *,
    tables: Tables = DEFAULT_TABLES,
    coverage: Fraction = DEFAULT_COVERAGE,
) -> ConstructionPlan:
    """The exact distribution of initiatives to earn `cp` points with this crew every time."""
    if cp < 1:
        raise InputError("cp", "a plan needs at least 1 construction point")
    if engineers < 1:
        raise InputError("engineers", "every attempt needs an engineer stand (WAT-PONTOON-01)")
    if others < 0:
        raise InputError("others", "must not be negative")
    if not 0 < coverage < 1:
        raise InputError("coverage", "must be between 0 and 1")
    p = pontoon_attempt(tables, engineers, others).odds()["success"]
    attempt: Dist[int] = Dist({1: p, 0: 1 - p})
    earned: Dist[int] = Dist.certain(0)  # CP earned so far, capped at cp
    rows: list[PlanRow] = []
    done = Fraction(0)
    t = 0
    while True:
        t += 1
        earned = earned.combine(attempt, lambda a, b: min(a + b, cp))
        now = earned[cp]
        if t >= cp:
            rows.append(PlanRow(t, now - done, now))
        done = now
        if done == 1 or (done >= coverage and done >= Fraction(9, 10)) or len(rows) >= MAX_ROWS:
            break
    return ConstructionPlan(
        cp=cp,
        engineers=engineers,
        others=others,
        per_attempt=p,
        rows=tuple(rows),
        tail=1 - done,
        mean=Fraction(cp) / p,
        median=_quantile(rows, Fraction(1, 2)),
        p90=_quantile(rows, Fraction(9, 10)),
    )


def _quantile(rows: Sequence[PlanRow], q: Fraction) -> int:
    return next(r.initiatives for r in rows if r.cumulative >= q)


# -- the command line's entry point ----------------------------------------------------------------


@dataclass(frozen=True)
class PlanDef:
    """A named plan (`RULESET.PLAN`) with typed parameters, like a `CheckDef`."""

    name: str
    summary: str
    rules: tuple[str, ...]
    params: tuple[Param, ...]
    build: Callable[[Mapping[str, Any]], ConstructionPlan] = field(repr=False)

    def plan(self, args: Sequence[str] = ()) -> ConstructionPlan:
        """Build from `KEY=VALUE` strings, refusing unknown or malformed ones."""
        values: dict[str, Any] = {p.name: p.default for p in self.params}
        return self.build(values | parse_args(self.name, self.params, args))


def _bridge(p: Mapping[str, Any]) -> ConstructionPlan:
    return construction_plan(int(p["cp"]), int(p["engineers"]), int(p["others"]))


def _ferry(p: Mapping[str, Any]) -> ConstructionPlan:
    return construction_plan(FERRY_CP, int(p["engineers"]), int(p["others"]))


_CREW = (
    Param("engineers", "int", 1, "engineer stands working every initiative", 1, 20),
    Param("others", "int", 0, "rifle or SMG squads working every initiative", 0, 40),
)
PLANS: dict[str, PlanDef] = {
    d.name: d
    for d in (
        PlanDef(
            "waterborne.pontoon-bridge",
            "Initiatives to build a pontoon bridge: 1 CP per inch of river",
            ("WAT-PONTOON-03", "WAT-PONTOON-06", "WAT-PONTOON-07", "WAT-PONTOON-08"),
            (Param("cp", "int", 12, "construction points (inches of river)", 1, 200), *_CREW),
            _bridge,
        ),
        PlanDef(
            "waterborne.pontoon-ferry",
            "Initiatives to build a pontoon ferry (4 CP)",
            ("WAT-FERRY-01", "WAT-PONTOON-06", "WAT-PONTOON-07", "WAT-PONTOON-08"),
            _CREW,
            _ferry,
        ),
    )
}


def find_plan(name: str) -> PlanDef:
    try:
        return PLANS[name]
    except KeyError:
        raise InputError(name, f"unknown plan (plans: {', '.join(PLANS)})") from None


def _fraction(p: Fraction) -> dict[str, Any]:
    return {"probability": f"{p.numerator}/{p.denominator}", "percent": round(float(p * 100), 2)}


def plan_report(name: str, args: Sequence[str] = ()) -> dict[str, Any]:
    """The plan `name` with `KEY=VALUE` arguments, as plain JSON-able data for the CLI.

    `{"plan", "summary", "params", "rules", "per_attempt", "rows": [{"initiatives",
    "probability", "percent", "cumulative", "cumulative_percent"}], "tail", "summary_stats":
    {"mean", "mean_float", "median", "p90"}, "truncation"}`; fractions as "n/d" strings.
    """
    definition = find_plan(name)
    plan = definition.plan(args)
    return {
        "plan": definition.name,
        "summary": definition.summary,
        "params": {"cp": plan.cp, "engineers": plan.engineers, "others": plan.others},
        "rules": list(definition.rules),
        "per_attempt": _fraction(plan.per_attempt),
        "rows": [
            {
                "initiatives": r.initiatives,
                **_fraction(r.probability),
                "cumulative": _fraction(r.cumulative)["probability"],
                "cumulative_percent": _fraction(r.cumulative)["percent"],
            }
            for r in plan.rows
        ],
        "tail": {"more_than": plan.rows[-1].initiatives, **_fraction(plan.tail)},
        "summary_stats": {
            "mean": f"{plan.mean.numerator}/{plan.mean.denominator}",
            "mean_float": round(float(plan.mean), 3),
            "median": plan.median,
            "p90": plan.p90,
        },
        "truncation": (
            "exact probabilities; the table stops once 99% is reached and the exact remaining "
            "probability is the tail; the mean is the closed form N/p"
        ),
    }
