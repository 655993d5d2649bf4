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
    pass_,
    refused,
    unit,
)

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.abilities.fire import Fired
from kriegsspiel.rulesets.abilities.spotting import BlindRevealed, SpotAttempted

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
    # a Blind draws no fire; the enemy sees where it went, not the allowance of what it hides,
    # and its side is told each once
    assert [type(r.event).__name__ for r in entry.records] == ["BlindMoved", "Moved"]
    assert [r.to for r in entry.records] == [None, (GERMAN,)]
    assert [e["text"] for e in game.log_view("umpire")[-1]["events"]] == [
        'gb moves 3" to 20,22',
        'gb spends its Fixed and Variable Move (allowance 3")',
    ]
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


def test_chq_act_a_deployed_blinds_units_act_on_in_its_activation() -> None:
    """CHQ-ACT: a Blind's units are activated with it (a recon unit "part of a Blind" spots in
    its group's activation, ABL-RECON-02/03). Once the Blind deploys they are members of its
    Command Group: they fire and move, with the moves the Blind spent already spent."""
    game = _game()
    discard(game, ALLIES, 2)
    order(game, GERMAN, "gb", [5])
    move(game, GERMAN, "gb", (20, 23), part="fixed")  # 2" of the Fixed Move: no roll
    do(game, GERMAN, {"action": "deploy", "blind": "gb"})
    activation = game.state.activation
    assert activation is not None
    assert activation.members == ("gb", "g1", "g2")
    assert activation.acts["g1"].fixed_used == 1
    assert activation.acts["g1"].moved
    labels = [c.label for c in game.legal_actions(GERMAN)]
    assert "g1 fires at jeep" in labels
    assert "g2 makes its Variable Move" in labels
    assert "g2 makes its Fixed Move" not in labels
    fixed = {"action": "move", "unit": "g2", "to": [21, 22], "part": "fixed"}
    assert refused(game, GERMAN, fixed).rule == "CHQ-MOVE"
    move(game, GERMAN, "g2", (21, 22), 2, part="variable")
    assert game.state.units["g2"].position == (21, 22)
    pass_(game, ALLIES)  # no opportunity fire at g2 (CHQ-OPFIRE)
    do(game, GERMAN, {"action": "fire", "unit": "g1", "target": "jeep"})  # the jeep may break off
    entry = do(game, ALLIES, {"action": "hold", "unit": "jeep"}, 1, 1, 1, 1)
    assert one(entry, Fired).firer == "g1"
    assert game.state.units["g1"].fire_marker
    pass_(game, ALLIES)
    gone = {"action": "move", "unit": "gb", "to": [20, 22]}  # the Blind itself is gone
    assert refused(game, GERMAN, gone).rule == "CHQ-BLIND"


def test_abl_recon_03_a_unit_that_spotted_from_a_blind_has_made_its_attempt() -> None:
    """ABL-RECON-02/03: the jeep spots from inside the allied Blind (no recon bonus); after the
    Blind deploys it has made its attempt, and the rifle platoon still has the group's."""
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10), blind="ab"),
            unit("rifle", ALLIES, "us-rifle-platoon", (22, 10), blind="ab"),
            unit("g1", GERMAN, "german-grenadier-platoon", (20, 25), facing=180, blind="gb"),
        ],
        blinds=[
            {"id": "ab", "side": ALLIES, "position": [21, 10]},
            {"id": "gb", "side": GERMAN, "position": [20, 25]},
            {"id": "dummy", "side": GERMAN, "position": [26, 25]},
        ],
    )
    begin(game)
    order(game, ALLIES, "ab", [4])
    inside = do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "gb"}, 3)
    assert one(inside, SpotAttempted).result.outcome == "not-spotted"  # 4+: no -1 TN inside
    told = [(r.event.text(), r.to) for r in inside.records][1:]  # the German sees only the Blind
    assert told == [("jeep, hidden in ab, made that spotting attempt", (ALLIES,))]
    do(game, ALLIES, {"action": "deploy", "blind": "ab"})
    again = {"action": "spot", "unit": "jeep", "blind": "gb"}
    assert refused(game, ALLIES, again).rule == "ABL-RECON-03"
    entry = do(game, ALLIES, {"action": "spot", "unit": "rifle", "blind": "dummy"}, 4)
    assert one(entry, SpotAttempted).spotter == "rifle"
    assert one(entry, BlindRevealed).units == {}


def test_chq_act_units_in_a_blind_moved_with_it() -> None:
    """AMB-ABL-17 reads a unit's last activation: a Blind's units moved when it moved."""
    game = _game()
    discard(game, ALLIES, 2)
    order(game, GERMAN, "gb", [5])
    move(game, GERMAN, "gb", (20, 23), part="fixed")
    end_pulse(game, GERMAN)
    assert game.state.units["g1"].last_moved
    assert game.state.units["g2"].last_moved
    assert not game.state.units["mg"].last_moved


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
