"""Exact odds of whole actions, from `Game.odds`, against values worked out by hand from the rule
text: a fire's whole chain (CHQ-FIRE -> CHQ-REACT -> CHQ-DP / CHQ-SUPP -> CHQ-FORCED), a move's
Variable Move stopping short of contact (CHQ-MOVE), and the Command Dice deciding who takes the
first Command Pulse (CHQ-TURN, CHQ-WILD)."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, order, unit

# One die each way: a 1D firer and a 1D target, so every path can be counted by hand.
ONE_DIE: dict[str, Any] = {
    "one-die": {"name": "1D test platoon", "kind": "infantry", "reaction": "1D", "fp": {"dice": 1}}
}
WINDOW = "; the Germans may take opportunity fire at f1"


def _duel() -> AblGame:
    """f1 (allies) and t1 (german) 10" apart, face to face: effective range, no flank, no cover."""
    game = game_of(
        [
            unit("f1", ALLIES, "one-die", (10, 10)),
            unit("t1", GERMAN, "one-die", (10, 20), facing=180),
        ],
        statlines=ONE_DIE,
    )
    begin(game)
    order(game, ALLIES, "f1", [4])
    return game


def test_chq_fire_react_supp_forced_whole_chain_of_a_1d_fire() -> None:
    """CHQ-FIRE 1D at 4+ (effective range): a hit on 4-6, a six on 6. CHQ-REACT 1D at 4+.
    CHQ-DP: a DP when the target fails (1-3). CHQ-SUPP: suppressed when the firer rolled its six
    and the target did not. CHQ-FORCED: 6" + 1D6" per unmatched six. CHQ-OPFIRE: t1 may fire
    back unless suppressed.

    miss (1-3): 1/2. hit on 4-5 (1/3): saved (1/2) -> unharmed; failed -> 1 DP, back 6".
    hit on 6 (1/6): target six (1/6) -> unharmed; 4-5 (1/3) -> suppressed; 1-3 (1/2) -> 1 DP,
    suppressed, back 6 + 1D6 (each 1/6)."""
    odds = _duel().odds(ALLIES, {"action": "fire", "unit": "f1", "target": "t1"})
    assert odds.exact
    expected = {
        "f1 misses" + WINDOW: F(1, 2),
        "t1 unharmed" + WINDOW: F(1, 3) * F(1, 2) + F(1, 6) * F(1, 6),
        't1 takes 1 DP; t1 forced back 6"' + WINDOW: F(1, 3) * F(1, 2),
        "t1 suppressed": F(1, 6) * F(1, 3),
        **{
            f't1 takes 1 DP, suppressed; t1 forced back {6 + d}"': F(1, 6) * F(1, 2) * F(1, 6)
            for d in range(1, 7)
        },
    }
    assert {o.summary: o.probability for o in odds.outcomes} == expected
    assert sum(expected.values()) == 1
    assert odds.rolls == ("abilities.fire", "abilities.reaction", "abilities.forced-back")


def test_chq_fire_the_logged_outcome_is_one_of_the_odds() -> None:
    """The log entry's "outcome" is the summary the odds are made of (fire 6, reaction 2,
    forced back 3: 1 DP, suppressed, 9")."""
    game = _duel()
    action = {"action": "fire", "unit": "f1", "target": "t1"}
    told = {o.summary for o in game.odds(ALLIES, action).outcomes}
    do(game, ALLIES, action, 6, 2, 3)
    outcome = game.log_view(GERMAN)[-1]["outcome"]
    assert outcome == 't1 takes 1 DP, suppressed; t1 forced back 9"'
    assert outcome in told


def _approach() -> AblGame:
    """r1, 3" Fixed Move + 1D6" Variable Move, heads 8" north past t1, which stands half an
    inch off the line at y = 15: the line is in contact (under 1") from y = 14.134 to 15.866."""
    game = game_of(
        [
            unit("r1", ALLIES, "one-die", (10, 10)),
            unit("t1", GERMAN, "one-die", (10.5, 15), facing=180),
        ],
        statlines=ONE_DIE,
    )
    begin(game)
    order(game, ALLIES, "r1", [4])
    return game


MOVE: dict[str, Any] = {"action": "move", "unit": "r1", "to": [10, 18]}


def test_chq_move_a_rolled_move_ending_in_contact_stops_short() -> None:
    """CHQ-MOVE: allowance 3 + d. d = 1 ends at y = 14 (clear); d = 2 would end at 15, in
    contact, so it stops at the last quarter inch short of contact, y = 14 (4"); d = 3, 4 end
    at 16, 17; d = 5, 6 reach the destination (8")."""
    odds = _approach().odds(ALLIES, MOVE)
    after = "; the Germans may take opportunity fire at r1"
    assert {o.summary: o.probability for o in odds.outcomes} == {
        'r1 moves 4"' + after: F(1, 6),
        'r1 moves 4", short of contact with t1' + after: F(1, 6),
        'r1 moves 6"' + after: F(1, 6),
        'r1 moves 7"' + after: F(1, 6),
        'r1 moves 8"' + after: F(2, 6),
    }


def test_chq_turn_command_dice_every_face_counts_for_the_first_pulse() -> None:
    """CHQ-TURN: the allies rolled 6, 4, 3, 3, 2; the Germans roll two dice. More 1s than 6s is
    a Command Failure and its 1s go to the allies as wild dice (CHQ-WILD): 1-1 (1/36), a 1 with
    a 2-5 (8/36). Otherwise the most 6s, then 5s, 4s … takes the first pulse: the Germans with
    6-6 (1/36) or 6-5 (2/36, 5s decide); the allies in every other case (24/36)."""
    game = game_of(
        [unit("a1", ALLIES, "one-die", (10, 10)), unit("g1", GERMAN, "one-die", (10, 30))],
        statlines=ONE_DIE,
        command_dice={GERMAN: 2},
    )
    do(game, ALLIES, {"action": "roll-command"}, 6, 4, 3, 3, 2)
    odds = game.odds(GERMAN, {"action": "roll-command"})
    failure = "Command Failure for the Germans; the first Command Pulse goes to the Allies,"
    orders = "no Command Failure for the Germans; the first Command Pulse goes to the"
    assert {o.summary: o.probability for o in odds.outcomes} == {
        f"{failure} 2 wild dice to the Allies": F(1, 36),
        f"{failure} 1 wild die to the Allies": F(8, 36),
        f"{orders} Germans": F(3, 36),
        f"{orders} Allies": F(24, 36),
    }
