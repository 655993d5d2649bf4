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


def test_action_and_field_names_in_any_case() -> None:
    """The help shows fields in capitals (`lay-minefield UNIT TYPE ...`): typed so, they work."""
    typed = ["UNIT=p1", "Type=at", "AT=1,2", "FACING=90", "laid=SURFACE"]
    assert action_data(ENGINEERING, "LAY-MINEFIELD", typed) == {
        "action": "lay-minefield",
        "unit": "p1",
        "type": "AT",
        "at": [1.0, 2.0],
        "facing": "90",
        "laid": "surface",
    }
    fire = action_data(ENGINEERING, "Close-Combat", ["p1", "b1", "DEFENDER_MODIFIER=1"])
    assert fire == {
        "action": "close-combat",
        "unit": "p1",
        "target": "b1",
        "defender_modifier": "1",
    }
    assert action_data(ENGINEERING, "close-combat", ["p1", "b1", "defender-modifier=1"]) == fire


def test_names_in_any_case_are_still_checked() -> None:
    with pytest.raises(InputError) as info:
        action_data(ENGINEERING, "MOVE", ["UNIT=p1", "unit=p2"])
    assert str(info.value) == "unit: given twice"
    with pytest.raises(InputError) as info:
        action_data(ENGINEERING, "Move", ["p1", "1,2", "SPEED=3"])
    assert str(info.value) == "SPEED: move has no field 'SPEED' (fields: unit, to, distance)"
    with pytest.raises(InputError, match="unknown action 'MOOVE'"):
        action_data(ENGINEERING, "MOOVE", [])
    # a word the field does not take is passed on as typed, for the game to refuse
    assert action_data(ENGINEERING, "lay-minefield", ["p1", "Atomic"])["type"] == "Atomic"
