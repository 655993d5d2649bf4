"""Multi-turn tasks: progress by actions or points, contributions, workers per turn, completion
and the turns still needed (ENG-ACT-07, -12, -13; AMB-ENG-25; WAT-PONTOON-06)."""

from __future__ import annotations

from math import ceil

import msgspec
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


# -- the generalised task: contributions with who, when and how much; actions and points ----------


def _points(required: int = 3) -> Task:
    """Work by points, as a bridge's spans or a pontoon site's CP: one attempt a turn."""
    return Task("site", "bridge", "site", "us", required, measure="points")


def test_contribution_records_who_when_and_how_much() -> None:
    task = _task(required=5).contribute("a", 2, amount=2, helpers=("b",))
    assert task.contributions == (Contribution("a", 2, 2, ("b",)),)
    assert task.contributions[0].crew == ("a", "b")
    assert (task.progress, task.remaining, task.contributors) == (2, 3, ("a", "b"))


def test_completion_records_when_and_keeps_it() -> None:
    """The turn of the last unit of work is kept: a later contribution that earns nothing (a
    repair crew) leaves it; rolling progress back (a hit) clears it."""
    task = _points(required=2).contribute("e", 1).contribute("e", 3)
    assert (task.complete, task.status, task.completed_at) == (True, "complete", 3)
    task = task.contribute("e", 4, amount=0)
    assert (task.complete, task.completed_at) == (True, 3)
    task = task.set_progress(task.progress - 1)
    assert (task.progress, task.complete, task.completed_at) == (1, False, None)


def test_set_progress_completes_at_the_given_turn() -> None:
    """A scenario's start: work already done, finished before the first initiative (turn 0)."""
    assert _points(required=4).set_progress(9, turn=0).completed_at == 0
    assert _points(required=4).set_progress(3, turn=0).completed_at is None


def test_workers_per_turn_by_actions() -> None:
    """ENG-ACT-13 with AMB-ENG-05: at most `workers` units a turn; one already at work in the
    turn keeps its place; the next turn there is room again."""
    task = _task(required=9, workers=2).contribute("a", 1).contribute("b", 1)
    assert task.workers_in(1) == ("a", "b")
    assert not task.has_room(1)
    assert not task.has_room(1, "c")
    assert task.has_room(1, "a")
    assert task.has_room(2, "c")


def test_workers_per_turn_by_points() -> None:
    """AMB-ENG-25, WAT-PONTOON-06: one attempt a turn, however large its crew; an attempt that
    earned nothing still used the turn."""
    task = _points(required=3)
    assert task.has_room(1)
    task = task.contribute("e1", 1, amount=0, helpers=("r1", "r2"))
    assert task.workers_in(1) == ("e1", "r1", "r2")
    assert not task.has_room(1)
    assert not task.has_room(1, "e1")
    assert task.has_room(2)
    assert task.workers_in(2) == ()
    assert task.progress == 0


def test_points_are_credited_to_the_attempt_when_rolled() -> None:
    """An attempt is declared (amount 0), then its roll credits what it earned to it."""
    task = _points(required=2).contribute("e1", 5, amount=0, helpers=("r1",)).credit(1)
    assert task.contributions == (Contribution("e1", 5, 1, ("r1",)),)
    assert (task.progress, task.complete) == (1, False)
    task = task.contribute("e1", 6, amount=0).credit(1)
    assert (task.progress, task.complete, task.completed_at) == (2, True, 6)


def test_credit_needs_an_attempt() -> None:
    with pytest.raises(ValueError, match="no contribution"):
        _points().credit(1)


def test_points_versus_actions() -> None:
    """By actions each contribution is worth 1 at once and the turns left are a number; by
    points a roll decides each one, so there is no such number (core.plans gives the odds)."""
    actions = _task(required=3).contribute("a", 1)
    points = _points(required=3).contribute("a", 1, amount=0)
    assert (actions.progress, points.progress) == (1, 0)
    assert actions.turns_needed(1) == 2
    with pytest.raises(ValueError, match="rolls decide"):
        points.turns_needed(1)


def test_player_turns_count_as_turns() -> None:
    """Engineering's span attempts count player turns: (game turn, player)."""
    task = _points().contribute("p1", (2, 0), amount=0)
    assert not task.has_room((2, 0))
    assert task.has_room((2, 1))
    assert task.has_room((3, 0))


def test_round_trips_as_json() -> None:
    task = _points(required=2).contribute("p1", (2, 0), 0, ("p2",)).credit(1)
    task = task.contribute("p1", 7).set_progress(2, turn=7)
    assert msgspec.json.decode(msgspec.json.encode(task), type=Task) == task
