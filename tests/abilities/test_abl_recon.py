"""Recon (ABL-RECON-01..03, -08..10, AMB-ABL-12/14/15); groups and activations are in
test_abl_command.py (ABL-RECON-04..07), the worked example in test_abl_worked_examples.py."""

from __future__ import annotations

from typing import Any

from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    discard,
    do,
    end_pulse,
    events,
    fire,
    game_of,
    move,
    one,
    order,
    pass_,
    refused,
    unit,
)

from kriegsspiel.rulesets.abilities.fire import WindowOpened
from kriegsspiel.rulesets.abilities.spotting import BlindRevealed, SpotAttempted

WOOD = {"id": "wood", "kind": "woods", "points": [[17, 22], [23, 22], [23, 28], [17, 28]]}


def _game(**kwargs: Any) -> AblGame:
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10)),
            unit("jeep2", ALLIES, "us-recon-jeep", (22, 10)),
            unit("rifle", ALLIES, "us-rifle-platoon", (18, 10)),
            unit("jeep3", ALLIES, "us-recon-jeep", (30, 10), blind="ab"),
            unit("g1", GERMAN, "german-grenadier-platoon", (20, 25), facing=180, blind="gb1"),
            unit("g2", GERMAN, "german-grenadier-platoon", (26, 25), facing=180, blind="gb2"),
        ],
        blinds=[
            {"id": "ab", "side": ALLIES, "position": [30, 10]},
            {"id": "gb1", "side": GERMAN, "position": [20, 25]},
            {"id": "gb2", "side": GERMAN, "position": [26, 25]},
        ],
        terrain=[WOOD],
        **kwargs,
    )
    begin(game)
    return game


def spot(game: AblGame, uid: str, blind: str, face: int) -> Any:
    return do(game, ALLIES, {"action": "spot", "unit": uid, "blind": blind}, face)


def test_abl_recon_01_recon_units_spot_at_minus_one_tn() -> None:
    """ABL-RECON-01: the Blind in a wood is 5+ to spot (CHQ-DEFAULT-SPOT); 4+ for the jeep."""
    game = _game()
    order(game, ALLIES, "jeep", [4])
    entry = spot(game, "jeep", "gb1", 4)
    assert one(entry, SpotAttempted).result.outcome == "spotted"
    assert any("ABL-RECON-01" in n for n in one(entry, SpotAttempted).notes)
    assert one(entry, BlindRevealed).units == {"g1": (20, 25)}
    game = _game()
    order(game, ALLIES, "rifle", [4])
    entry = spot(game, "rifle", "gb1", 4)
    assert one(entry, SpotAttempted).result.outcome == "not-spotted"
    assert not events(entry, BlindRevealed)


def test_abl_recon_02_no_bonus_from_inside_a_blind() -> None:
    """ABL-RECON-02: a recon unit inside a Blind spots at the base TN (a 3 fails at 4+); the
    enemy sees the Blind, not the unit, making the attempt."""
    game = _game()
    order(game, ALLIES, "ab", [4])
    entry = spot(game, "jeep3", "gb2", 3)
    attempt = one(entry, SpotAttempted)
    assert attempt.spotter == "ab"
    assert attempt.result.outcome == "not-spotted"
    assert any("ABL-RECON-02" in n for n in attempt.notes)
    german_log = str(game.log_view(GERMAN))
    assert "jeep3" not in german_log


def test_abl_recon_03_every_recon_unit_of_a_group_spots() -> None:
    """ABL-RECON-03: a group with 2 recon units makes 2 recon attempts, at Blinds chosen freely,
    besides the group's one attempt; no unit tries twice."""
    game = _game()
    order(game, ALLIES, "rifle", [4], "jeep,jeep2")
    spot(game, "jeep", "gb1", 1)
    spot(game, "jeep2", "gb1", 1)
    spot(game, "rifle", "gb2", 1)
    assert (
        refused(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "gb2"}, 6).rule
        == "ABL-RECON-03"
    )
    game = _game()
    order(game, ALLIES, "jeep", [4], "jeep2")
    spot(game, "jeep", "gb1", 1)
    spot(game, "jeep2", "gb2", 1)
    assert game.state.activation is not None
    assert game.state.activation.spotters == ("jeep", "jeep2")


def test_abl_recon_08_spot_move_or_both() -> None:
    """ABL-RECON-08: each activation of the jeep may spot, move, or both."""
    game = _game()
    order(game, ALLIES, "jeep", [2])
    spot(game, "jeep", "gb2", 1)
    end_pulse(game, ALLIES)
    discard(game, GERMAN, 2)
    order(game, ALLIES, "jeep", [3])
    move(game, ALLIES, "jeep", (20, 14))
    end_pulse(game, ALLIES)
    discard(game, GERMAN, 2)
    order(game, ALLIES, "jeep", [4])
    move(game, ALLIES, "jeep", (20, 16))
    spot(game, "jeep", "gb2", 1)


def test_abl_recon_09_a_recon_vehicle_rallies_moves_and_spots_with_an_order_chain() -> None:
    """ABL-RECON-09 (AMB-ABL-14): with a double Order Chain the jeep rallies, moves and spots;
    with a single chain a rally is the whole activation; other units never combine them
    (CHQ-RALLY, CHQ-DEFAULT-RALLY: a 5 at 4+ removes the jeep's one DP)."""
    game = _game()
    do(game, "umpire", {"action": "set-unit", "unit": "jeep", "dp": 1})
    order(game, ALLIES, "jeep", [4, 4])
    do(game, ALLIES, {"action": "rally", "unit": "jeep"}, 5, 1, 1)
    assert game.state.units["jeep"].dp == 0
    move(game, ALLIES, "jeep", (20, 14))
    spot(game, "jeep", "gb2", 1)
    game = _game()
    do(game, "umpire", {"action": "set-unit", "unit": "jeep", "dp": 1})
    order(game, ALLIES, "jeep", [2])
    do(game, ALLIES, {"action": "rally", "unit": "jeep"}, 1, 1, 1)
    assert (
        refused(game, ALLIES, {"action": "move", "unit": "jeep", "to": [20, 14]}).rule
        == "ABL-RECON-09"
    )
    game = _game()
    do(game, "umpire", {"action": "set-unit", "unit": "rifle", "dp": 1})
    order(game, ALLIES, "rifle", [4, 4])
    do(game, ALLIES, {"action": "rally", "unit": "rifle"}, 1, 1, 1, 1)
    assert (
        refused(game, ALLIES, {"action": "move", "unit": "rifle", "to": [18, 12]}).rule
        == "ABL-RECON-09"
    )


def test_abl_recon_10_a_recon_unit_fires_once_per_turn() -> None:
    """ABL-RECON-10 (AMB-ABL-15): the jeep fires in pulse 1; fire in pulse 3 and opportunity fire
    in pulse 2 are rejected; the marker is cleared at the end of the turn."""
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10)),
            unit("rifle", ALLIES, "us-rifle-platoon", (30, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (20, 25), facing=180),
        ],
        command_dice={ALLIES: 3, GERMAN: 2},
    )
    begin(game, (6, 4, 3), (5, 2))
    order(game, ALLIES, "jeep", [3])
    fire(game, ALLIES, "jeep", "g", 1, 1)
    pass_(game, GERMAN)
    end_pulse(game, ALLIES)
    order(game, GERMAN, "g", [2])
    entry = move(game, GERMAN, "g", (20, 24))
    assert one(entry, WindowOpened).side == ALLIES  # the rifle platoon could fire
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "g"}).rule
        == "ABL-RECON-10"
    )
    pass_(game, ALLIES)
    end_pulse(game, GERMAN)
    order(game, ALLIES, "jeep", [4])
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "g"}).rule
        == "ABL-RECON-10"
    )
    end_pulse(game, ALLIES)
    discard(game, GERMAN, 5)
    discard(game, ALLIES, 6)
    assert game.state.turn == 2
    assert not game.state.units["jeep"].fire_marker
    begin(game, (6, 4, 3), (5, 2))
    order(game, ALLIES, "jeep", [3])
    fire(game, ALLIES, "jeep", "g", 1, 1)
