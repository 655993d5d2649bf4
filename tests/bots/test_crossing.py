"""Waterborne distance on the map (bots/crossing.py), on the bundled Hollenhof crossing.

Its map: the assembly area and south orchard next to the south bank, which lines row 0 (the
southmost) of the 4 x 3 grid of 12" squares; the shingle beach and north bank line row 2, and
lead on to the dyke (both) and the village (the bank). At the start 1 Section sits in storm
boat 1 on the south bank: south bank, row 0, row 1, row 2, north bank is 4 steps, the village
5, and the dyke 5 (by the beach or the bank). The British objectives are the village (3
points), the dyke (2), the north bank (1) and the beach (1, 4 steps): 12" x (5·3 + 5·2 + 4·1 +
4·1) = 396. The Germans stand on the dyke and in the village, their two places: 0.
"""

from __future__ import annotations

from kriegsspiel.bots.crossing import distances, graph, steps, where
from kriegsspiel.games import new_game


def test_the_map_links_features_shores_and_rows() -> None:
    game = new_game("waterborne", seed="map")
    map_ = graph(game.scenario)
    assert map_["south-bank"] >= {"row 0", "assembly-area", "bridge-a"}
    assert map_["row 2"] == {"row 1", "north-beach", "north-bank"}
    assert steps(map_, "south-bank", ["village", "dyke", "north-beach"]) == {
        "village": 5,
        "dyke": 5,
        "north-beach": 4,
    }


def test_a_stand_aboard_is_where_its_craft_is() -> None:
    game = new_game("waterborne", seed="map")
    assert where(game.state, "sq-1") == "south-bank"  # storm boat 1 touches the south bank
    assert where(game.state, "eng-1") == "bridge-a"


def test_each_side_s_distance_is_its_nearest_stand_s_steps_point_weighted() -> None:
    game = new_game("waterborne", seed="map")
    assert distances(game.state) == {"british": 396.0, "german": 0.0}
