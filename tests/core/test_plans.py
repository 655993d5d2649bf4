"""`core.plans`: the exact number of attempts work needs, truncated honestly."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kriegsspiel.core.plans import attempts_needed
from kriegsspiel.errors import InputError


def negative_binomial(t: int, n: int, p: Fraction) -> Fraction:
    """P(the n-th success on attempt t), written out independently of the code."""
    return comb(t - 1, n - 1) * p**n * (1 - p) ** (t - n)


@pytest.mark.parametrize(
    ("n", "p"), [(1, Fraction(1, 3)), (3, Fraction(7, 10)), (5, Fraction(1, 2))]
)
def test_rows_are_the_negative_binomial_and_the_table_sums_to_one(n: int, p: Fraction) -> None:
    plan = attempts_needed(n, p)
    assert plan.rows[0].attempts == n
    for row in plan.rows:
        assert row.probability == negative_binomial(row.attempts, n, p)
    assert sum(r.probability for r in plan.rows) + plan.tail == 1
    assert plan.rows[-1].cumulative >= Fraction(99, 100)
    assert plan.mean == n / p


def test_quantiles_are_the_first_attempts_to_reach_them() -> None:
    plan = attempts_needed(4, Fraction(1, 2))
    assert plan.cdf(plan.median) >= Fraction(1, 2) > plan.cdf(plan.median - 1)
    assert plan.cdf(plan.p90) >= Fraction(9, 10) > plan.cdf(plan.p90 - 1)


def test_certain_work_takes_exactly_n() -> None:
    plan = attempts_needed(6, Fraction(1))
    assert [(r.attempts, r.probability) for r in plan.rows] == [(6, Fraction(1))]
    assert plan.tail == 0


@pytest.mark.parametrize(("n", "p"), [(0, Fraction(1, 2)), (2, Fraction(0))])
def test_impossible_plans_are_refused(n: int, p: Fraction) -> None:
    with pytest.raises(InputError):
        attempts_needed(n, p)


def test_work_too_unlikely_to_reach_90_percent_within_the_table_is_refused() -> None:
    """One success at 1/1000 an attempt takes 2,302 attempts to be 90% sure: more than a plan's
    table holds, so it is refused in words rather than given without its 90th percentile."""
    with pytest.raises(InputError, match="too unlikely to plan") as info:
        attempts_needed(1, Fraction(1, 1000))
    assert info.value.where == "p"
