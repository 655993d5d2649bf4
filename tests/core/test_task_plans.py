"""`core.task_plans`: when work in progress finishes, tick by tick, exactly."""

from __future__ import annotations

from fractions import Fraction

from kriegsspiel.core.dist import Dist
from kriegsspiel.core.task_plans import FinishRow, finish_plan

F = Fraction


def test_one_chance_a_tick_is_the_negative_binomial_cut_at_the_end() -> None:
    """Two units at 1/2 a tick over ticks 1, 3, 5: the 2nd success at the 2nd tick is 1/4,
    at the 3rd C(2,1)/8 = 1/4; done within the game 1/2."""
    gain = Dist.counted({0: 1, 1: 1}, 2)
    rows, by_end = finish_plan(2, gain, [1, 3, 5])
    assert rows == (FinishRow(3, F(1, 4), F(1, 4)), FinishRow(5, F(1, 4), F(1, 2)))
    assert by_end == F(1, 2)


def test_any_other_gain_by_the_dynamic_programme() -> None:
    """0 or 2 units a tick, each 1/2, 3 needed: two 2s by tick 2 is 1/4; at least two 2s in
    three ticks is 4/8, so exactly at tick 3 is 1/4."""
    gain = Dist.counted({0: 1, 2: 1}, 2)
    rows, by_end = finish_plan(3, gain, [1, 2, 3])
    assert rows == (FinishRow(2, F(1, 4), F(1, 4)), FinishRow(3, F(1, 4), F(1, 2)))
    assert by_end == F(1, 2)


def test_certain_work_finishes_at_its_tick() -> None:
    rows, by_end = finish_plan(3, Dist.certain(2), [4, 5, 6])
    assert rows == (FinishRow(5, F(1), F(1)),)
    assert by_end == 1


def test_with_no_end_the_table_runs_to_99_percent_and_has_no_end_chance() -> None:
    rows, by_end = finish_plan(1, Dist.counted({0: 1, 1: 1}, 2), None, first=2, step=2)
    assert by_end is None
    assert [r.at for r in rows] == [2, 4, 6, 8, 10, 12, 14]  # 1 - 2^-7 >= 99% > 1 - 2^-6
    assert rows[-1].cumulative == 1 - F(1, 2**7)


def test_work_no_roll_can_advance_never_finishes() -> None:
    rows, by_end = finish_plan(1, Dist.certain(0), [1, 2])
    assert rows == ()
    assert by_end == 0
