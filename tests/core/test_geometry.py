"""Table geometry: inches, compass bearings clockwise from +y, arcs, declared measures."""

from __future__ import annotations

import math

import pytest

from kriegsspiel.core.geometry import Measure, angle_off, bearing, distance, in_arc, measure


def test_distance() -> None:
    assert distance((0, 0), (3, 4)) == 5
    assert distance((1, 1), (1, 1)) == 0
    assert distance((-2, 0), (2, 0)) == 4


def test_measure_prefers_the_declared_distance() -> None:
    assert measure((0, 0), (30, 40), 1.5) == Measure(1.5, True)
    assert measure(None, None, 0.0) == Measure(0.0, True)


def test_measure_from_points_rounds_to_four_places() -> None:
    assert measure((0, 0), (3, 4), None) == Measure(5.0, False)
    got = measure((0, 0), (1, 1), None)
    assert got is not None
    assert got.inches == round(math.sqrt(2), 4)
    assert not got.declared


def test_measure_without_points_or_declaration() -> None:
    assert measure(None, (1, 1), None) is None
    assert measure((1, 1), None, None) is None


def test_measure_text() -> None:
    assert str(Measure(1.0, True)) == '1" (declared)'
    assert str(Measure(2.5, False)) == '2.5" (measured)'


@pytest.mark.parametrize(
    ("to", "expected"),
    [((0, 1), 0.0), ((1, 0), 90.0), ((0, -1), 180.0), ((-1, 0), 270.0), ((1, 1), 45.0)],
)
def test_bearing_is_clockwise_from_up_the_table(to: tuple[float, float], expected: float) -> None:
    assert bearing((0, 0), to) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("facing", "to", "expected"),
    [(0, (0, 1), 0), (0, (0, -1), 180), (90, (0, 1), 90), (350, (1, 1), 55), (10, (-1, 1), 55)],
)
def test_angle_off_facing(facing: float, to: tuple[float, float], expected: float) -> None:
    assert angle_off(facing, (0, 0), to) == pytest.approx(expected)


def test_in_arc_includes_the_edge() -> None:
    assert in_arc(0, 45, (0, 0), (1, 1))
    assert not in_arc(0, 44.9, (0, 0), (1, 1))
    assert in_arc(180, 90, (0, 0), (1, 0))
    assert not in_arc(180, 89, (0, 0), (1, 0))
    assert in_arc(0, 180, (0, 0), (0, -1))
