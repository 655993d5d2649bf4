"""Blinds and reserves: hidden from the enemy seat in views, logs and errors (CHQ-BLIND,
CHQ-RESERVE), revealed by spotting (CHQ-DEFAULT-SPOT) or by deploying."""

from __future__ import annotations

import json
from typing import Any

import pytest
from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    discard,
    do,
    end_pulse,
    game_of,
    move,
    one,
    order,
    refused,
    unit,
)

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.abilities.spotting import BlindRevealed

HIDDEN = ("g1", "g2", "stug")


def _game() -> AblGame:
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10)),
            unit("g1", GERMAN, "german-grenadier-platoon", (19, 25), facing=180, blind="gb"),
            unit("g2", GERMAN, "german-grenadier-platoon", (21, 25), facing=180, blind="gb"),
            unit("stug", GERMAN, "german-stug-iii", (20, 47), facing=180, reserve=True),
            unit("mg", GERMAN, "german-mg-platoon", (40, 30), facing=180),
        ],
        blinds=[
            {"id": "gb", "side": GERMAN, "position": [20, 25], "name": "Blind 1"},
            {"id": "dummy", "side": GERMAN, "position": [28, 25]},
        ],
    )
    begin(game)
    return game


def _allied_text(game: AblGame) -> str:
    return json.dumps(game.view(ALLIES)) + json.dumps(game.log_view(ALLIES))


def test_chq_blind_contents_never_reach_the_enemy_seat() -> None:
    game = _game()
    allied = game.view(ALLIES)
    assert {u["id"] for u in allied["units"]} == {"jeep", "mg"}
    assert [b["id"] for b in allied["blinds"]] == ["gb", "dummy"]
    assert all("units" not in b for b in allied["blinds"])
    assert all(h not in _allied_text(game) for h in HIDDEN)
    german = game.view(GERMAN)
    assert next(b for b in german["blinds"] if b["id"] == "gb")["units"] == ["g1", "g2"]
    assert {"g1", "g2", "stug"} <= {u["id"] for u in german["units"]}


def test_chq_blind_a_hidden_unit_reads_as_no_unit_in_errors() -> None:
    game = _game()
    order(game, ALLIES, "jeep", [4])
    with pytest.raises(InputError) as hidden:
        do(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "g1"})
    with pytest.raises(InputError) as missing:
        do(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "zz"})
    assert str(hidden.value).replace("g1", "X") == str(missing.value).replace("zz", "X")
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "gb"}).rule
        == "CHQ-BLIND"
    )
    with pytest.raises(InputError) as reserve:
        do(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "stug"})
    assert str(reserve.value).replace("stug", "X") == str(missing.value).replace("zz", "X")


def test_chq_blind_a_moving_blind_carries_its_units_unseen() -> None:
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10)),
            unit("g1", GERMAN, "german-grenadier-platoon", (19, 25), facing=180, blind="gb"),
        ],
        blinds=[{"id": "gb", "side": GERMAN, "position": [20, 25]}],
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "gb", [4])
    entry = move(game, GERMAN, "gb", (20, 22))
    # a Blind draws no fire; the enemy sees where it went, not the allowance of what it hides
    assert [type(r.event).__name__ for r in entry.records] == ["Moved", "BlindMoved"]
    assert [r.to for r in entry.records] == [(GERMAN,), None]
    assert "allowance" not in _allied_text(game)
    assert game.state.units["g1"].position == (19, 22)
    assert next(b for b in game.view(ALLIES)["blinds"] if b["id"] == "gb")["position"] == [20, 22]
    assert "g1" not in _allied_text(game)


def test_chq_default_spot_reveals_the_blind_to_everyone() -> None:
    game = _game()
    order(game, ALLIES, "jeep", [4])
    entry = do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "gb"}, 3)
    revealed = one(entry, BlindRevealed)
    assert revealed.units == {"g1": (19, 25), "g2": (21, 25)}
    assert revealed.types == {"g1": "german-grenadier-platoon", "g2": "german-grenadier-platoon"}
    assert entry.records[-1].to is None
    assert {"g1", "g2"} <= {u["id"] for u in game.view(ALLIES)["units"]}
    assert "gb" not in [b["id"] for b in game.view(ALLIES)["blinds"]]
    assert (
        refused(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "gb"}).rule == "CHQ-BLIND"
    )


def test_chq_blind_a_dummy_is_revealed_as_empty() -> None:
    game = _game()
    order(game, ALLIES, "jeep", [4])
    entry = do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "dummy"}, 3)
    assert one(entry, BlindRevealed).units == {}
    assert "dummy Blind" in one(entry, BlindRevealed).text()


def test_chq_blind_deploying_reveals_and_activates_its_units() -> None:
    game = _game()
    discard(game, ALLIES, 2)
    order(game, GERMAN, "gb", [5])
    entry = do(game, GERMAN, {"action": "deploy", "blind": "gb"})
    assert not one(entry, BlindRevealed).spotted
    assert {"g1", "g2"} <= {u["id"] for u in game.view(ALLIES)["units"]}
    end_pulse(game, GERMAN)
    discard(game, ALLIES, 3)
    assert (
        refused(game, GERMAN, {"action": "order", "commander": "g1", "dice": [5]}).rule == "CHQ-ACT"
    )


def test_chq_blind_blinds_cannot_be_assaulted() -> None:
    game = game_of(
        [
            unit("r", ALLIES, "us-rifle-platoon", (20, 22)),
            unit("g1", GERMAN, "german-grenadier-platoon", (20, 25), facing=180, blind="gb"),
        ],
        blinds=[{"id": "gb", "side": GERMAN, "position": [20, 25]}],
    )
    begin(game)
    order(game, ALLIES, "r", [4])
    violation = refused(game, ALLIES, {"action": "assault", "unit": "r", "target": "gb"})
    assert violation.rule == "CHQ-DEFAULT-ASSAULT"


def test_chq_reserve_enters_when_its_group_is_ordered() -> None:
    """CHQ-RESERVE: hidden until ordered; then it enters at its entry point, seen by all."""
    game = _game()
    discard(game, ALLIES, 2)
    mixed = {"action": "order", "commander": "stug", "dice": [5], "group": "mg"}
    assert refused(game, GERMAN, mixed).rule == "CHQ-RESERVE"
    entry = order(game, GERMAN, "stug", [5])
    assert [type(r.event).__name__ for r in entry.records] == ["Ordered", "ReserveEntered"]
    assert "stug" in {u["id"] for u in game.view(ALLIES)["units"]}
    assert game.state.activation is not None
    assert game.state.activation.acts["stug"].moved


def test_umpire_records_about_hidden_units_stay_hidden() -> None:
    game = _game()
    entry = do(game, "umpire", {"action": "set-unit", "unit": "g1", "dp": 1, "note": "test"})
    assert entry.records[0].to == (GERMAN,)
    assert "g1" not in _allied_text(game)
    assert refused(game, ALLIES, {"action": "set-unit", "unit": "jeep", "dp": 1}).rule == (
        "SEATS-UMPIRE"
    )


def test_the_enemy_never_sees_hidden_units_during_a_game() -> None:
    """A short scripted game: the allies' view and log never show a hidden unit until revealed."""
    game = _game()
    seen: list[Any] = []
    order(game, ALLIES, "jeep", [4])
    seen.append(_allied_text(game))
    do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "gb"}, 1)
    seen.append(_allied_text(game))
    end_pulse(game, ALLIES)
    order(game, GERMAN, "gb", [5])
    move(game, GERMAN, "gb", (20, 27))
    seen.append(_allied_text(game))
    assert all(h not in text for text in seen for h in HIDDEN)
