"""Construction plans: how many initiatives a pontoon crew needs (WAT-PONTOON-03/06..08, -FERRY-01).

One attempt is rolled per friendly initiative with a crew at work, each earning a construction
point with the probability `p` the `waterborne.pontoon-attempt` check gives (the same `Check`
that resolves the roll). The number T of attempts needed for N points is negative binomial:

    P(T = t) = C(t-1, N-1) p^N (1-p)^(t-N),   t >= N.

computed exactly by `core.plans.attempts_needed` (truncated honestly, with the exact tail). The
bridge then opens on the next friendly initiative (WAT-PONTOON-09). Hits and crew losses are not
part of a plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from kriegsspiel.core.checks import Param
from kriegsspiel.core.plans import DEFAULT_COVERAGE, AttemptsPlan, PlanDef, attempts_needed
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.waterborne.checks import pontoon_attempt
from kriegsspiel.rulesets.waterborne.pontoons import FERRY_CP
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES, Tables


def construction_plan(
    cp: int,
    engineers: int,
    others: int = 0,
    *,
    tables: Tables = DEFAULT_TABLES,
    coverage: Fraction = DEFAULT_COVERAGE,
) -> AttemptsPlan:
    """The exact distribution of initiatives to earn `cp` points with this crew every time."""
    if engineers < 1:
        raise InputError("engineers", "every attempt needs an engineer stand (WAT-PONTOON-01)")
    if others < 0:
        raise InputError("others", "must not be negative")
    p = pontoon_attempt(tables, engineers, others).odds()["success"]
    return attempts_needed(cp, p, coverage)


def _bridge(p: Mapping[str, Any]) -> AttemptsPlan:
    return construction_plan(int(p["cp"]), int(p["engineers"]), int(p["others"]))


def _ferry(p: Mapping[str, Any]) -> AttemptsPlan:
    return construction_plan(FERRY_CP, int(p["engineers"]), int(p["others"]))


_CREW = (
    Param("engineers", "int", 1, "engineer stands working every initiative", 1, 20),
    Param("others", "int", 0, "rifle or SMG squads working every initiative", 0, 40),
)
PLANS: tuple[PlanDef, ...] = (
    PlanDef(
        "waterborne.pontoon-bridge",
        "Initiatives to build a pontoon bridge: 1 CP per inch of river",
        "initiatives",
        ("WAT-PONTOON-03", "WAT-PONTOON-06", "WAT-PONTOON-07", "WAT-PONTOON-08"),
        (Param("cp", "int", 12, "construction points (inches of river)", 1, 200), *_CREW),
        _bridge,
    ),
    PlanDef(
        "waterborne.pontoon-ferry",
        f"Initiatives to build a pontoon ferry ({FERRY_CP} CP)",
        "initiatives",
        ("WAT-FERRY-01", "WAT-PONTOON-06", "WAT-PONTOON-07", "WAT-PONTOON-08"),
        _CREW,
        _ferry,
    ),
)
