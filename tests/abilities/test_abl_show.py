"""`kriegsspiel show` for abilities (Combat HQ): Command Dice, the activation and its Command
Group, a declared attack awaiting a Break-off answer, Fire markers and Disruption Points, from
each side's view (abilities/view.py) alone."""

from __future__ import annotations

from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, order, unit

from showtext import paragraph, row, shown, table


def _declared() -> AblGame:
    """The German StuG group ordered with a 4; StuG 1 declares fire at the recon jeep."""
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 25), facing=0),
            unit("sherman", ALLIES, "us-m4-sherman", (30, 5)),
            unit("stug-1", GERMAN, "german-stug-iii", (20, 30), facing=180, name="StuG 1"),
            unit("stug-2", GERMAN, "german-stug-iii", (24, 30), facing=180),
        ],
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "stug-1", [4], "stug-2")
    do(game, GERMAN, {"action": "fire", "unit": "stug-1", "target": "jeep"})
    return game


def test_abl_show_command_dice_and_the_command_group() -> None:
    """CHQ-TURN Command Dice rolled and left; CHQ-GROUP, CHQ-CHAIN the group activated."""
    blocks = shown(_declared(), ALLIES)
    assert paragraph(blocks, "turn 1 of 6") == "turn 1 of 6: Command Pulse 1, Germans'"
    assert table(blocks, "Command Dice") == [
        {"side": "allies", "rolled": "2 2 3 5 5", "left": "2 2 3 5 5"},
        {"side": "german", "rolled": "2 3 4 4 6", "left": "2 3 4 6"},  # the 4 ordered the group
    ]
    group = table(blocks, "activation: Germans' Command Group under StuG 1, Order Chain of 1")
    assert group == [
        {"member": "StuG 1 (commander)", "moves": "0"},
        {"member": "stug-2", "moves": "0"},
    ]


def test_abl_show_a_pending_break_off_decision() -> None:
    """ABL-BREAK-01, AMB-ABL-03: the jeep's side must answer before any die is rolled."""
    blocks = shown(_declared(), ALLIES)
    title = "attack declared: StuG 1's FP, 3D at TN 3, base 3D, TN 4+ -1 short range (CHQ-FIRE)"
    assert table(blocks, title) == [
        {"target": "jeep", "range": '5"', "band": "short", "Break-off": "awaiting its answer"}
    ]


def test_abl_show_fire_markers_and_disruption_points() -> None:
    """CHQ-MARKER: the StuG that fired has a Fire marker; Disruption Points as the view has."""
    game = _declared()
    do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 3, 1, 1, 1)
    blocks = shown(game, GERMAN)
    assert row(table(blocks, "german units"), "StuG 1")["markers"] == "fire marker, activated"
    assert row(table(blocks, "allies units"), "jeep") == {
        "unit": "jeep",
        "at": "20,16",
        "facing": "0°",
        "DP": "0",
        "markers": "broke off",
    }
    do(game, "umpire", {"action": "set-unit", "unit": "sherman", "dp": 2, "suppressed": True})
    sherman = row(table(shown(game, GERMAN), "allies units"), "sherman")
    assert (sherman["DP"], sherman["markers"]) == ("2", "suppressed")
