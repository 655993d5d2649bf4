"""Construction plans: the exact distribution of initiatives a pontoon crew needs
(WAT-PONTOON-03, -06..08, WAT-FERRY-01), and the command line's entry point."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_plan
from kriegsspiel.rulesets.waterborne.plans import PLANS, construction_plan

F = Fraction


def negative_binomial(t: int, n: int, p: Fraction) -> Fraction:
    """P(the n-th success on attempt t), written out independently of the code."""
    return comb(t - 1, n - 1) * p**n * (1 - p) ** (t - n)


@pytest.mark.parametrize(("cp", "engineers", "others"), [(12, 1, 0), (4, 1, 2), (1, 2, 0)])
def test_rows_are_the_negative_binomial_exactly(cp: int, engineers: int, others: int) -> None:
    plan = construction_plan(cp, engineers, others)
    p = plan.per_attempt
    for row in plan.rows:
        assert row.probability == negative_binomial(row.attempts, cp, p)
    assert sum(r.probability for r in plan.rows) + plan.tail == 1
    assert plan.rows[0].attempts == cp  # never fewer than one initiative per CP


def test_the_seeds_figure_a_12_inch_river_with_one_engineer_takes_24_on_average() -> None:
    """WAT-PONTOON-03/07: 12 CP at P = 1/2 per attempt: expected 12 / (1/2) = 24 attempts."""
    plan = construction_plan(12, engineers=1)
    assert plan.per_attempt == F(1, 2)
    assert plan.mean == 24


def test_median_and_90th_percentile_are_the_first_to_reach_them() -> None:
    plan = construction_plan(12, engineers=1)
    assert plan.cdf(plan.median) >= F(1, 2) > plan.cdf(plan.median - 1)
    assert plan.cdf(plan.p90) >= F(9, 10) > plan.cdf(plan.p90 - 1)
    assert plan.rows[-1].cumulative >= F(99, 100)
    assert plan.tail > 0


def test_four_engineers_never_fail() -> None:
    """WAT-PONTOON-07 and the DEFAULT of no natural-1 failure: 4 engineers always succeed."""
    plan = construction_plan(36, engineers=4)
    assert [(r.attempts, r.probability) for r in plan.rows] == [(36, F(1))]
    assert plan.mean == 36
    assert (plan.median, plan.p90) == (36, 36)
    assert plan.tail == 0


def test_one_cp_is_geometric() -> None:
    plan = construction_plan(1, engineers=2)  # P = 2/3
    assert [r.probability for r in plan.rows[:3]] == [F(2, 3), F(2, 9), F(2, 27)]
    assert plan.mean == F(3, 2)


def test_plan_report_for_the_command_line() -> None:
    """`kriegsspiel plan waterborne.pontoon-bridge cp=12 engineers=1 others=0`."""
    report = find_plan("waterborne.pontoon-bridge").report(["cp=12", "engineers=1", "others=0"])
    assert report["params"] == {"cp": 12, "engineers": 1, "others": 0}
    assert report["per_attempt"]["probability"] == "1/2"
    assert report["rows"][0] == {
        "attempts": 12, "probability": "1/4096", "percent": 0.02,
        "cumulative": "1/4096", "cumulative_percent": 0.02,
    }  # fmt: skip
    assert report["summary_stats"]["mean"] == "24/1"
    assert report["unit"] == "initiatives"
    ferry = find_plan("waterborne.pontoon-ferry").report(["engineers=2"])
    assert ferry["rows"][0]["attempts"] == 4  # WAT-FERRY-01: 4 CP
    assert ferry["rows"][0]["probability"] == "16/81"
    assert {p.name for p in PLANS} == {"waterborne.pontoon-bridge", "waterborne.pontoon-ferry"}


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("waterborne.nothing", []),
        ("waterborne.pontoon-bridge", ["cp=0"]),
        ("waterborne.pontoon-bridge", ["engineers=0"]),
        ("waterborne.pontoon-bridge", ["crew=3"]),
        ("waterborne.pontoon-bridge", ["cp"]),
    ],
)
def test_plan_report_refuses_bad_input(name: str, args: list[str]) -> None:
    with pytest.raises(InputError):
        find_plan(name).report(args)
