"""Combat HQ's turn: Command Dice, Command Pulses, Order Chains, Command Groups (CHQ-…) and the
recon rules for Command Groups and activations (ABL-RECON-04..07)."""

from __future__ import annotations

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
    order,
    refused,
    suppress,
    unit,
)

from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.abilities.command import (
    CommandReroll,
    CommandSettled,
    TurnEnded,
    may_activate,
)


def _game(**kwargs: Any) -> AblGame:
    units = [
        unit("r1", ALLIES, "us-rifle-platoon", (10, 10)),
        unit("r2", ALLIES, "us-rifle-platoon", (12, 10)),
        unit("r3", ALLIES, "us-rifle-platoon", (14, 10)),
        unit("r4", ALLIES, "us-rifle-platoon", (10, 12)),
        unit("r5", ALLIES, "us-rifle-platoon", (12, 12)),
        unit("far", ALLIES, "us-rifle-platoon", (16.5, 10)),
        unit("j1", ALLIES, "us-recon-jeep", (10, 14)),
        unit("j2", ALLIES, "us-recon-jeep", (12, 14)),
        unit("g1", GERMAN, "german-grenadier-platoon", (60, 40), facing=180),
    ]
    return game_of(units, **kwargs)


# -- the Command Dice -----------------------------------------------------------------------------


def test_chq_turn_most_sixes_takes_the_first_pulse() -> None:
    """CHQ-TURN: the player with the most 6s takes the first Command Pulse; 1s are discarded."""
    game = _game()
    assert game.ruleset.seats_to_act(game.state) == [ALLIES, GERMAN]
    do(game, ALLIES, {"action": "roll-command"}, 6, 4, 1, 3, 2)
    entry = do(game, GERMAN, {"action": "roll-command"}, 6, 6, 1, 2, 2)
    settled = next(r.event for r in entry.records if isinstance(r.event, CommandSettled))
    assert settled.first == GERMAN
    assert settled.failed == ()
    assert game.state.command[ALLIES].dice == (2, 3, 4, 6)  # the 1 is discarded
    assert game.state.command[GERMAN].dice == (2, 2, 6, 6)
    assert game.ruleset.seats_to_act(game.state) == [GERMAN]


@pytest.mark.parametrize(
    ("allies", "german", "first"),
    [
        ((6, 5, 3, 3, 2), (6, 4, 4, 3, 2), ALLIES),  # sixes tie; more 5s
        ((6, 4, 3, 3, 2), (6, 4, 4, 3, 2), GERMAN),  # sixes and fives tie; more 4s
    ],
)
def test_chq_turn_ties_go_down_to_the_next_number(
    allies: tuple[int, ...], german: tuple[int, ...], first: str
) -> None:
    game = _game()
    begin(game, allies, german)
    assert game.state.pulse_side == first


def test_chq_turn_a_full_tie_rerolls() -> None:
    game = _game()
    do(game, ALLIES, {"action": "roll-command"}, 6, 5, 4, 3, 2)
    entry = do(game, GERMAN, {"action": "roll-command"}, 2, 3, 4, 5, 6)
    assert [type(r.event) for r in entry.records][-1] is CommandReroll
    assert game.state.stage == "command"
    assert game.ruleset.seats_to_act(game.state) == [ALLIES, GERMAN]
    begin(game)
    assert game.state.pulse_side == ALLIES


def test_chq_turn_command_failure_gives_the_ones_as_wild_dice() -> None:
    """CHQ-TURN, CHQ-WILD: more 1s than 6s: the 1s go to the opponent, who goes first."""
    game = _game()
    do(game, ALLIES, {"action": "roll-command"}, 1, 1, 6, 3, 2)
    entry = do(game, GERMAN, {"action": "roll-command"}, 5, 4, 3, 3, 2)
    settled = next(r.event for r in entry.records if isinstance(r.event, CommandSettled))
    assert settled.failed == (ALLIES,)
    assert settled.first == GERMAN
    assert game.state.command[GERMAN].wild == 2
    assert game.state.command[ALLIES].dice == (2, 3, 6)
    assert game.state.command[ALLIES].wild == 0


def test_chq_turn_both_failing_ends_the_turn() -> None:
    game = _game()
    do(game, ALLIES, {"action": "roll-command"}, 1, 1, 2, 3, 4)
    entry = do(game, GERMAN, {"action": "roll-command"}, 1, 5, 4, 3, 2)
    assert isinstance(entry.records[-1].event, TurnEnded)
    assert (game.state.turn, game.state.stage) == (2, "command")


def test_chq_wild_dice_join_a_chain_and_go_back_at_the_end_of_the_turn() -> None:
    """CHQ-WILD: a wild die makes a 3 a double Order Chain; unused wild dice go back."""
    game = _game()
    do(game, ALLIES, {"action": "roll-command"}, 5, 4, 3, 3, 2)
    do(game, GERMAN, {"action": "roll-command"}, 1, 1, 1, 4, 2)  # German Command Failure
    assert game.state.command[ALLIES].wild == 3
    entry = order(game, ALLIES, "r1", [3], wild=1)
    assert game.state.activation is not None
    assert game.state.activation.size == 2
    assert "double" in entry.records[0].event.text()
    assert game.state.command[ALLIES].wild == 2
    end_pulse(game, ALLIES)
    while game.state.turn == 1:
        side = game.state.pulse_side
        assert side is not None
        cmd = game.state.command[side]
        if cmd.dice:
            discard(game, side, cmd.dice[0])
        else:
            do(game, side, {"action": "discard", "wild": cmd.wild})
    assert all(c.wild == 0 for c in game.state.command.values())


def test_chq_turn_pulses_alternate_until_the_dice_are_spent() -> None:
    """CHQ-TURN: pulses alternate; the side with dice left goes on; then the turn ends."""
    game = _game(command_dice={ALLIES: 2, GERMAN: 4})
    begin(game, (6, 3), (5, 4, 3, 2))
    sides = []
    while game.state.turn == 1:
        side = game.state.pulse_side
        assert side is not None
        sides.append(side)
        discard(game, side, game.state.command[side].dice[0])
    assert sides == [ALLIES, GERMAN, ALLIES, GERMAN, GERMAN, GERMAN]
    assert game.state.stage == "command"


def test_chq_turn_the_game_ends_after_the_last_turn() -> None:
    game = _game(turns=1, command_dice={ALLIES: 1, GERMAN: 1})
    begin(game, (6,), (5,))
    discard(game, ALLIES, 6)
    discard(game, GERMAN, 5)
    assert game.state.over
    assert game.ruleset.seats_to_act(game.state) == []
    refused(game, ALLIES, {"action": "roll-command"})


def test_chq_turn_only_the_pulse_side_acts_and_must_use_a_chain() -> None:
    game = _game()
    refused(game, ALLIES, {"action": "order", "commander": "r1", "dice": [4]})  # not rolled yet
    begin(game)
    assert refused(game, GERMAN, {"action": "discard", "dice": [2]}).rule == "CHQ-TURN"
    assert refused(game, ALLIES, {"action": "end-pulse"}).rule == "CHQ-TURN"
    order(game, ALLIES, "r1", [4])
    violation = refused(game, ALLIES, {"action": "order", "commander": "r2", "dice": [2]})
    assert violation.rule == "CHQ-TURN"  # one Order Chain per Command Pulse


# -- Order Chains ---------------------------------------------------------------------------------


def test_chq_chain_dice_of_one_number_with_sixes_added() -> None:
    """CHQ-CHAIN: a double needs two of one number (a 6 may join); at most a triple."""
    game = _game()
    begin(game, (6, 4, 4, 3, 2), (5, 5, 3, 2, 2))
    assert (
        refused(game, ALLIES, {"action": "order", "commander": "r1", "dice": [4, 3]}).rule
        == "CHQ-CHAIN"
    )
    assert (
        refused(game, ALLIES, {"action": "order", "commander": "r1", "dice": [5]}).rule
        == "CHQ-CHAIN"
    )
    four = {"action": "order", "commander": "r1", "dice": [4, 4, 6, 3]}
    assert refused(game, ALLIES, four).rule == "CHQ-CHAIN"
    assert (
        refused(game, ALLIES, {"action": "order", "commander": "r1", "dice": []}).rule
        == "CHQ-CHAIN"
    )
    order(game, ALLIES, "r1", [4, 4, 6])
    assert game.state.activation is not None
    assert game.state.activation.size == 3
    assert game.state.command[ALLIES].dice == (2, 3)


# -- Command Groups -------------------------------------------------------------------------------


def test_chq_group_others_within_six_inches() -> None:
    """CHQ-GROUP: the commander and up to three others within 6"."""
    game = _game()
    begin(game)
    assert (
        refused(
            game, ALLIES, {"action": "order", "commander": "r1", "dice": [4], "group": "far"}
        ).rule
        == "CHQ-GROUP"
    )
    entry = order(game, ALLIES, "r1", [4], "r2,r3,r4")
    assert entry.records[0].event.members == ("r1", "r2", "r3", "r4")


def test_chq_group_limit_of_four() -> None:
    game = _game()
    begin(game)
    five = {"action": "order", "commander": "r1", "dice": [4], "group": "r2,r3,r4,r5"}
    assert refused(game, ALLIES, five).rule == "CHQ-GROUP"


def test_chq_group_suppressed_units_only_alone() -> None:
    """CHQ-GROUP: a suppressed unit cannot join a Command Group; it may be activated alone."""
    game = _game()
    begin(game)
    suppress(game, "r2")
    assert (
        refused(
            game, ALLIES, {"action": "order", "commander": "r1", "dice": [4], "group": "r2"}
        ).rule
        == "CHQ-GROUP"
    )
    assert (
        refused(
            game, ALLIES, {"action": "order", "commander": "r2", "dice": [4], "group": "r1"}
        ).rule
        == "CHQ-GROUP"
    )
    order(game, ALLIES, "r2", [4])


def test_abl_recon_04_one_recon_unit_is_a_fifth_member() -> None:
    """ABL-RECON-04 (AMB-ABL-13: the limit of four includes the commander, as the base rule
    says): 4 non-recon + 1 recon -> a valid Command Group of 5."""
    game = _game()
    begin(game)
    entry = order(game, ALLIES, "r1", [4], "r2,r4,r5,j1")
    assert len(entry.records[0].event.members) == 5


def test_abl_recon_05_only_one_recon_unit_is_free() -> None:
    """ABL-RECON-05: 4 non-recon + 2 recon -> invalid; 3 non-recon + 2 recon -> valid (5)."""
    game = _game()
    begin(game)
    six = {"action": "order", "commander": "r1", "dice": [4], "group": "r2,r4,r5,j1,j2"}
    assert refused(game, ALLIES, six).rule == "ABL-RECON-05"
    entry = order(game, ALLIES, "r1", [4], "r2,r4,j1,j2")
    assert len(entry.records[0].event.members) == 5


def test_abl_recon_06_a_recon_commander_commands_only_recon() -> None:
    """ABL-RECON-06: a recon commander of a group with a non-recon unit is rejected."""
    game = _game()
    begin(game)
    mixed = {"action": "order", "commander": "j1", "dice": [4], "group": "j2,r4"}
    assert refused(game, ALLIES, mixed).rule == "ABL-RECON-06"
    order(game, ALLIES, "j1", [4], "j2")


def test_abl_recon_07_recon_vehicles_activate_once_per_pulse_in_several_pulses() -> None:
    """ABL-RECON-07 (CHQ-ACT): the jeep is activated in pulses 1, 3 and 5; other units once a
    turn; within a pulse no unit twice."""
    game = _game()
    begin(game)
    for pulse, die in ((1, 2), (3, 3), (5, 4)):
        assert game.state.pulse == pulse
        order(game, ALLIES, "j1", [die])
        if pulse == 1:
            assert (
                refused(game, ALLIES, {"action": "order", "commander": "j1", "dice": [3]}).rule
                == "CHQ-TURN"
            )
            with pytest.raises(RuleViolation) as info:
                may_activate(game.state, "j1")
            assert info.value.rule == "ABL-RECON-07"
        end_pulse(game, ALLIES)
        discard(game, GERMAN, game.state.command[GERMAN].dice[0])
    order(game, ALLIES, "r1", [4])
    end_pulse(game, ALLIES)
    discard(game, GERMAN, game.state.command[GERMAN].dice[0])
    assert game.state.pulse == 9
    order(game, ALLIES, "j1", [6])  # a fourth activation this turn, in a fourth pulse


def test_chq_act_once_per_turn_for_other_units() -> None:
    game = _game()
    begin(game)
    order(game, ALLIES, "r1", [2])
    end_pulse(game, ALLIES)
    discard(game, GERMAN, 2)
    assert (
        refused(game, ALLIES, {"action": "order", "commander": "r1", "dice": [3]}).rule == "CHQ-ACT"
    )
    with pytest.raises(InputError):
        do(game, ALLIES, {"action": "order", "commander": "r2", "dice": [3], "group": "r3,r3"})


def test_chq_supp_a_command_die_removes_suppression() -> None:
    """CHQ-SUPP: a Command Pulse spends one die to remove a unit's suppression."""
    game = _game()
    begin(game)
    refused(game, ALLIES, {"action": "remove-suppression", "unit": "r1", "dice": [2]})
    suppress(game, "r1")
    two = {"action": "remove-suppression", "unit": "r1", "dice": [4, 4]}
    assert refused(game, ALLIES, two).rule == "CHQ-CHAIN"
    do(game, ALLIES, {"action": "remove-suppression", "unit": "r1", "dice": [2]})
    assert not game.state.units["r1"].suppressed
    assert game.state.pulse_side == GERMAN
