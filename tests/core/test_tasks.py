"""Multi-turn tasks: progress, contributors and the turns still needed (ENG-ACT-07, -12, -13)."""

from __future__ import annotations

from math import ceil

import pytest

from kriegsspiel.core.tasks import Contribution, Task


def _task(required: int = 3, workers: int = 1) -> Task:
    return Task("dig", "task", "dig in", "german", required, workers)


def test_progress_counts_up_to_complete() -> None:
    """ENG-ACT-07: a task needing 2 actions is open after 1 and complete after the 2nd."""
    task = _task(required=2)
    assert (task.progress, task.status, task.remaining) == (0, "open", 2)
    task = task.contribute("a", 1)
    assert (task.progress, task.status, task.remaining) == (1, "open", 1)
    task = task.contribute("a", 2)
    assert (task.progress, task.status, task.remaining) == (2, "complete", 0)


def test_contributions_record_unit_and_turn_and_need_not_be_consecutive() -> None:
    """ENG-ACT-12: turns 1, 3 and 6 give progress 3."""
    task = _task(required=5)
    for turn in (1, 3, 6):
        task = task.contribute("a", turn)
    assert task.progress == 3
    assert task.contributions == (Contribution("a", 1), Contribution("a", 3), Contribution("a", 6))


def test_contributors_in_first_order_without_repeats() -> None:
    """ENG-ACT-13: A then B continue one task; both are recorded, A first."""
    task = _task(required=9)
    for unit in ("a", "a", "b", "a", "c", "b"):
        task = task.contribute(unit, 1)
    assert task.contributors == ("a", "b", "c")


def test_contribute_never_mutates() -> None:
    task = _task()
    task.contribute("a", 1)
    assert task.progress == 0
    assert task.contributions == ()


@pytest.mark.parametrize(
    ("value", "progress", "status"),
    [(0, 0, "open"), (2, 2, "open"), (3, 3, "complete"), (-4, 0, "open"), (99, 3, "complete")],
)
def test_set_progress_is_clamped(value: int, progress: int, status: str) -> None:
    task = _task(required=3).contribute("a", 1).set_progress(value)
    assert (task.progress, task.status) == (progress, status)


def test_remaining_never_negative() -> None:
    task = _task(required=1).contribute("a", 1).contribute("b", 1)
    assert task.remaining == 0


@pytest.mark.parametrize("units", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("required", "workers"), [(9, 3), (9, 1), (5, 2), (1, 3)])
def test_turns_needed_is_ceil_of_remaining_over_workers(
    required: int, workers: int, units: int
) -> None:
    """The 9/5/3-turn example (AMB-ENG-46): 9 actions take ceil(9 / n) turns with n <= 3."""
    task = _task(required, workers)
    assert task.turns_needed(units) == ceil(required / min(units, workers))


def test_turns_needed_examples() -> None:
    task = _task(9, 3)
    assert [task.turns_needed(n) for n in (1, 2, 3)] == [9, 5, 3]
    assert task.contribute("a", 1).turns_needed(2) == 4
    assert task.turns_needed(1, per_unit_per_turn=2) == 5


def test_turns_needed_needs_a_unit() -> None:
    with pytest.raises(ValueError, match="at least one unit"):
        _task().turns_needed(0)
