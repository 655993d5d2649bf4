"""SK-LOS: the quick test of a line through a convex building (terrain.py) says what shapely's
geometry says, ends on walls and corners included; a concave building keeps shapely's."""

from __future__ import annotations

import random

import shapely
from shapely.geometry import LineString, Polygon

from kriegsspiel.rulesets.afv.terrain import _Convex

BUILDINGS = [
    Polygon([(17, 18), (22, 18), (22, 24), (17, 24)]),  # a box, anticlockwise
    Polygon([(10, 10), (10, 14), (14, 14), (14, 10)]),  # a box, clockwise
    Polygon([(30, 30), (36, 31), (33, 37)]),
    Polygon([(5.5, 5.25), (9.75, 6.1), (8.3, 9.9), (4.1, 8.2)]),
]


def shapely_blocks(house: Polygon, a: tuple[float, float], b: tuple[float, float]) -> bool:
    if shapely.intersects_xy(house, *a) or shapely.intersects_xy(house, *b):
        return False
    return bool(LineString([a, b]).intersection(house).length > 1e-6)


def test_the_quick_test_agrees_with_shapely() -> None:
    rng = random.Random(5)
    for house in BUILDINGS:
        convex = _Convex.of(house)
        assert convex is not None
        (x0, y0, x1, y1) = house.bounds
        for _ in range(2000):
            a = (round(rng.uniform(0, 40), 1), round(rng.uniform(0, 40), 1))
            b = (round(rng.uniform(0, 40), 1), round(rng.uniform(0, 40), 1))
            if rng.random() < 0.3:  # on a wall's line, or at a corner
                a = (x0, round(rng.uniform(y0 - 3, y1 + 3), 1))
            if rng.random() < 0.1:
                b = (x1, y1)
            if a != b:
                assert convex.blocks(a, b) == shapely_blocks(house, a, b), (house, a, b)


def test_a_concave_building_is_left_to_shapely() -> None:
    ell = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    assert _Convex.of(ell) is None
