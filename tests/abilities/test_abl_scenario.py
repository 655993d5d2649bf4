"""Scenarios of the `abilities` ruleset: the bundled one, validation, house tables and statlines
as replaceable data, seats, and JSON round trips."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from abl_helpers import (
    ALLIES,
    GERMAN,
    begin,
    build,
    bundled,
    do,
    fire,
    game_of,
    one,
    order,
    refused,
    unit,
)

import kriegsspiel as ks
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.abilities import AblState
from kriegsspiel.rulesets.abilities.defaults import DEFAULT_TABLES
from kriegsspiel.rulesets.abilities.fire import FireDeclared
from kriegsspiel.scenario.load import json_schema


def test_the_bundled_scenario_starts_a_game() -> None:
    game = ks.new_game("abilities")
    assert game.seats == ("umpire", ALLIES, GERMAN, "public")
    view = game.view("public")
    assert view["ruleset"] == "abilities"
    assert view["to_act"] == [ALLIES, GERMAN]
    assert {u["id"] for u in view["units"]} >= {"jeep", "mg", "panzer-iv"}
    assert "gren-1" not in str(view)


def test_the_house_tables_are_marked_and_cite_rules() -> None:
    """The DEFAULTs of parent-games.md §4.4 are data marked `house = true`."""
    for name in ("spotting", "moves", "ranges", "terrain", "rally", "assault"):
        table = getattr(DEFAULT_TABLES, name)
        assert table.house
        assert table.rules
    assert (DEFAULT_TABLES.ranges.short, DEFAULT_TABLES.ranges.effective) == (6, 18)
    assert (DEFAULT_TABLES.moves.infantry, DEFAULT_TABLES.moves.vehicle) == (3, 6)


def test_chq_default_range_a_scenario_replaces_a_house_table() -> None:
    """CHQ-DEFAULT-RANGE replaced: with short range up to 3", 5" is effective range (TN 4+)."""
    ranges = {
        "title": "our ranges",
        "rules": ["CHQ-DEFAULT-RANGE"],
        "short": 3,
        "effective": 12,
        "long": 24,
    }
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180),
        ],
        tables={"ranges": ranges},
    )
    begin(game)
    order(game, ALLIES, "rifle", [4])
    attack = one(fire(game, ALLIES, "rifle", "g", 1, 1, 1, 1), FireDeclared).attack
    assert (attack.targets[0].band, attack.tn) == ("effective", 4)


@pytest.mark.parametrize(
    ("tables", "problem"),
    [
        ({"nonsense": {}}, "no such table"),
        (
            {"ranges": {"title": "x", "rules": ["R"], "short": 9, "effective": 6, "long": 24}},
            "short <= effective",
        ),
        (
            {"spotting": {"title": "x", "rules": ["R"], "dice": 1, "tn": 4, "cover": 1}},
            "long_range",
        ),
    ],
)
def test_replacement_tables_are_validated_on_load(tables: dict[str, Any], problem: str) -> None:
    with pytest.raises(InputError) as info:
        build([unit("r", ALLIES, "us-rifle-platoon", (1, 1))], tables=tables)
    assert problem in str(info.value)


@pytest.mark.parametrize(
    ("units", "blinds", "extra", "problem"),
    [
        ([unit("r", ALLIES, "nope", (1, 1))], [], {}, "unknown statline"),
        ([unit("r", ALLIES, "us-rifle-platoon", (1, 1), kind="vehicle")], [], {}, "is infantry"),
        ([unit("r", ALLIES, "us-rifle-platoon", (1, 1), blind="b")], [], {}, "no Blind"),
        (
            [unit("r", ALLIES, "us-rifle-platoon", (1, 1), blind="b")],
            [{"id": "b", "side": GERMAN, "position": [1, 1]}],
            {},
            "no Blind",
        ),
        ([unit("r", ALLIES, "us-rifle-platoon", (1, 1), limbered=True)], [], {}, "not a towed gun"),
        ([], [], {"command_dice": {"nobody": 3}}, "unknown side"),
        (
            [],
            [],
            {"statlines": {"x": {"name": "x", "kind": "infantry", "reaction": "many"}}},
            "reaction value",
        ),
    ],
)
def test_scenarios_are_validated(
    units: list[Any], blinds: list[Any], extra: dict[str, Any], problem: str
) -> None:
    with pytest.raises(InputError) as info:
        build(units, blinds=blinds, **extra)
    assert problem in str(info.value)


def test_statlines_are_data_a_scenario_adds_its_own() -> None:
    line = {
        "name": "Ranger Platoon",
        "kind": "infantry",
        "reaction": "5D",
        "abilities": ["short-range-fire"],
        "fp": {"dice": 5},
    }
    game = game_of([unit("rangers", ALLIES, "ranger", (1, 1))], statlines={"ranger": line})
    assert game.state.line("rangers").has("short-range-fire")
    assert game.view(GERMAN)["units"][0]["statline"]["fp"]["dice"] == 5


def test_the_scenario_schema_is_generated() -> None:
    schema = json_schema("abilities")
    assert schema["title"] == "kriegsspiel abilities scenario"


def test_seats_the_public_never_acts_and_the_umpire_names_a_side() -> None:
    game = bundled()
    refused(game, "public", {"action": "roll-command"})
    with pytest.raises(InputError):
        do(game, "umpire", {"action": "roll-command"})
    do(game, "umpire", {"action": "roll-command", "side": ALLIES}, 6, 4, 4, 3, 2)
    assert game.ruleset.seats_to_act(game.state) == [GERMAN]
    assert refused(game, ALLIES, {"action": "roll-command", "side": GERMAN}).rule == "SEATS"


def test_state_round_trips_through_json_and_replays() -> None:
    game = bundled()
    begin(game)
    order(game, ALLIES, "jeep", [3])
    decoded = msgspec.json.decode(msgspec.json.encode(game.state), type=AblState)
    assert decoded == game.state
    assert game.replay("umpire", len(game.log)) == game.view("umpire")


def test_legal_actions_are_accepted() -> None:
    game = bundled()
    begin(game)
    for seat in (ALLIES, "umpire"):
        actions = game.legal_actions(seat)
        assert actions
        kinds = {c.action["action"] for c in actions}
        assert {"order", "discard"} <= kinds
        for choice in actions:
            assert game.is_legal(seat, choice.action)
    assert game.legal_actions(GERMAN) == []
