"""The advance terms of the value (bots/value.py `distances`), on the bundled breaching.

The British must get both tanks beyond y = 20 (`exit` north, 2 points a tank) and hold the
ridge (`control`, 3 points, the area x 8-28, y 24-30, centre (18, 27)); the Germans hold the
ridge (2). At the start the Crab stands at (18, 12.8) and the dozer at (22, 12): 7.2" and 8" short
of the line. The Crab is the British unit nearest the ridge's centre, 14.2" below it. The PaK
at (19, 27) is the German unit nearest it, 1" away. So the British are 2 · (7.2 + 8) + 3 · 14.2
= 73 point-weighted inches away, the Germans 2 · 1 = 2.
"""

from __future__ import annotations

import msgspec
import pytest

from kriegsspiel.bots.value import distances
from kriegsspiel.games import new_game


def test_a_side_is_as_far_as_its_units_from_its_places_and_exit_lines() -> None:
    game = new_game("breaching", seed="value")
    known = game.ruleset.knowledge(game.state, "british")
    assert distances(game.ruleset, known) == pytest.approx({"british": 73.0, "german": 2.0})


def test_a_unit_over_its_exit_line_is_there() -> None:
    game = new_game("breaching", seed="value")
    units = dict(game.state.units)
    for uid in ("crab-1", "dozer-1"):
        units[uid] = msgspec.structs.replace(units[uid], position=(20.0, 21.0))
    over = msgspec.structs.replace(game.state, units=units)
    # the tanks count 0 for the exit, and are now the nearest the ridge: 2" across, 6" below
    assert distances(game.ruleset, over)["british"] == pytest.approx(3 * 40**0.5)
