"""CHQ-LOS on the bundled table: Hill 112 (22..34 x 28..34) blocks the lines that cross it, and
the lines that pass by its corners, close or clearly, do not meet it; a wood that is no
rectangle (a triangle) blocks the same way."""

from __future__ import annotations

import pytest
from abl_helpers import ALLIES, bundled, game_of, unit

from kriegsspiel.rulesets.abilities.sight import line_of_sight

Point = tuple[float, float]


@pytest.mark.parametrize(
    ("a", "b", "clear"),
    [
        ((20.0, 31.0), (36.0, 31.0), False),  # straight across the hill
        ((20.0, 26.0), (36.0, 36.0), False),  # diagonally through it
        ((20.0, 26.0), (24.0, 36.0), False),  # across its south-west corner
        ((20.0, 29.0), (23.0, 26.0), True),  # past that corner, within its bounding box lines
        ((10.0, 40.0), (40.0, 46.0), True),  # clearly past it
        ((21.0, 28.0), (35.0, 28.0), True),  # along its southern edge
        ((20.0, 30.0), (22.0, 28.0), True),  # to its corner and no further
    ],
)
def test_line_of_sight_by_the_hill(a: Point, b: Point, clear: bool) -> None:
    state = bundled().state
    assert line_of_sight(state, a, b) is clear
    assert line_of_sight(state, b, a) is clear


TRIANGLE = {"id": "copse", "kind": "woods", "points": [[10, 10], [30, 10], [10, 30]]}


@pytest.mark.parametrize(
    ("a", "b", "clear"),
    [
        ((5.0, 15.0), (35.0, 15.0), False),  # across it
        ((25.0, 25.0), (35.0, 5.0), True),  # past its long side, within its bounding box
        ((5.0, 35.0), (35.0, 5.0), True),  # along its long side
        ((5.0, 5.0), (25.0, 25.0), False),  # from its corner's side through it
    ],
)
def test_line_of_sight_by_a_triangular_wood(a: Point, b: Point, clear: bool) -> None:
    game = game_of([unit("jeep", ALLIES, "us-recon-jeep", (40, 40))], terrain=[TRIANGLE])
    assert line_of_sight(game.state, a, b) is clear
    assert line_of_sight(game.state, b, a) is clear
