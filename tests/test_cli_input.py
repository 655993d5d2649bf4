"""Actions typed on the command line: values fill fields in order; arrays are comma-separated."""

from __future__ import annotations

import pytest

from kriegsspiel.cli_input import action_data, parse_faces
from kriegsspiel.errors import DiceError, InputError
from kriegsspiel.rulesets import find_ruleset

ENGINEERING = find_ruleset("engineering")


def test_points_are_numbers() -> None:
    data = action_data(ENGINEERING, "move", ["sherman-1", "16,20.5"])
    assert data == {"action": "move", "unit": "sherman-1", "to": [16.0, 20.5]}


def test_a_list_of_ids_is_split_not_made_numbers() -> None:
    data = action_data(ENGINEERING, "build-span", ["eng-1", "treadway", "helpers=eng-2,eng-3"])
    assert data["helpers"] == ["eng-2", "eng-3"]


def test_a_point_that_is_not_numbers_names_the_field() -> None:
    with pytest.raises(InputError) as info:
        action_data(ENGINEERING, "move", ["sherman-1", "a,b"])
    assert (
        str(info.value)
        == "to: expected finite numbers separated by commas, such as 16,20 (got 'a,b')"
    )


def test_faces() -> None:
    assert parse_faces("3,7") == [3, 7]
    with pytest.raises(DiceError):
        parse_faces("3,x")
