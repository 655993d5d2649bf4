"""Validate, then roll: every rule that can refuse an action is checked before its first die, so
a player typing in the dice of a real table is never refused after rolling (CHQ-MOVE,
CHQ-DEFAULT-ASSAULT, ABL-BREAK-01); and the dice a side types are exactly those it may know
of (CHQ-BLIND)."""

from __future__ import annotations

from typing import Any

import pytest
from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, one, order, refused, unit
from test_abl_chance import MOVE, ONE_DIE, _approach

from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.geometry import distance
from kriegsspiel.rulesets.abilities.assault import Assaulted
from kriegsspiel.rulesets.abilities.movement import Moved
from kriegsspiel.rulesets.abilities.sight import CONTACT
from kriegsspiel.store import files


def _typed(game: AblGame, seat: str, action: dict[str, Any], *faces: int) -> Any:
    """Act on a copy of `game` with `faces` typed in at the table, then 1s for every further
    roll the dice prompt asks for."""
    typed = list(faces)
    while (prompt := game.dice_prompt(seat, action, typed)) is not None:
        typed += [1] * sum(p.count for p in prompt.pools)
    copy = files.loads(files.dumps(game))
    return copy.act(seat, action, EnteredDice(typed, seat))


@pytest.mark.parametrize("face", [6, 5, 4, 3, 2, 1])
def test_chq_move_no_variable_move_die_is_refused(face: int) -> None:
    """CHQ-MOVE: the move is declared, the die rolled, and the unit goes as far as it may; a
    distance ending in contact (a 2 here) stops short of it instead of being refused."""
    entry = _typed(_approach(), ALLIES, MOVE, face)
    moved = one(entry, Moved)
    assert (moved.stopped == "contact with t1") == (face == 2)
    assert distance(moved.to, (10.5, 15)) >= CONTACT


def test_chq_move_a_destination_in_contact_is_refused_before_any_die() -> None:
    """CHQ-MOVE: a move may not end in contact; that is known before the roll, so no die is
    asked for and the refusal names the rule."""
    game = _approach()
    action = {"action": "move", "unit": "r1", "to": [10, 15]}
    assert refused(game, ALLIES, action).rule == "CHQ-MOVE"
    with pytest.raises(Exception, match="CHQ-MOVE"):
        game.dice_prompt(ALLIES, action)


def _assault(at: tuple[float, float]) -> AblGame:
    game = game_of(
        [unit("a1", ALLIES, "one-die", (10, 10)), unit("t1", GERMAN, "one-die", at, facing=180)],
        statlines=ONE_DIE,
    )
    begin(game)
    order(game, ALLIES, "a1", [4])
    return game


def test_chq_default_assault_beyond_one_normal_move_is_refused_before_the_roll() -> None:
    """CHQ-DEFAULT-ASSAULT: contact must be reachable with one normal move (3" Fixed + at most
    6" Variable): 9.5" to contact is refused with no die rolled."""
    game = _assault((10, 20))  # 10" away: 9.5" to contact
    assert refused(game, ALLIES, {"action": "assault", "unit": "a1", "target": "t1"}).rule == (
        "CHQ-DEFAULT-ASSAULT"
    )


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_chq_default_assault_a_short_roll_falls_short_out_of_contact(face: int) -> None:
    """CHQ-DEFAULT-ASSAULT, CHQ-MOVE: 8.5" to contact needs a 6 (3 + 6 >= 8.5); anything less
    fails to reach and ends out of contact, never refused."""
    game = _assault((10, 19))
    entry = _typed(game, ALLIES, {"action": "assault", "unit": "a1", "target": "t1"}, face)
    assaulted = one(entry, Assaulted)
    assert (assaulted.result is not None) == (face == 6)
    if face < 6:
        assert distance(assaulted.to, (10, 19)) >= CONTACT


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_abl_break_01_no_break_off_die_is_refused(face: int) -> None:
    """ABL-BREAK-01, AMB-ABL-04: the break-off's Variable Move is rolled, then the unit moves
    back as far as it may (here to the table edge); no face is refused."""
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 3)),
            unit("mg", GERMAN, "german-mg-platoon", (20, 15), facing=180),
        ]
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "mg", [4])
    do(game, GERMAN, {"action": "fire", "unit": "mg", "target": "jeep"})
    entry = _typed(game, ALLIES, {"action": "break-off", "unit": "jeep"}, face)
    assert game.state.units["jeep"].position == (20, 3)
    assert entry.records[0].event.to == (20, 0)


def test_chq_blind_a_side_types_the_same_dice_whatever_a_blind_holds() -> None:
    """CHQ-BLIND: no roll of this ruleset is hidden from the side that acts: spotting a Blind
    asks the spotter for its one die whether the Blind holds Grenadiers or nothing, and
    typing it is accepted the same way; what it reveals is told only afterwards."""
    told = []
    for inside in (True, False):
        units = [unit("jeep", ALLIES, "us-recon-jeep", (20, 10))]
        if inside:
            units.append(
                unit("g1", GERMAN, "german-grenadier-platoon", (20, 20), facing=180, blind="gb")
            )
        game = game_of(units, blinds=[{"id": "gb", "side": GERMAN, "position": [20, 20]}])
        begin(game)
        order(game, ALLIES, "jeep", [4])
        spot = {"action": "spot", "unit": "jeep", "blind": "gb"}
        prompt = game.dice_prompt(ALLIES, spot)
        assert prompt is not None
        assert game.dice_prompt(ALLIES, spot, [4]) is None
        entry = _typed(game, ALLIES, spot, 4)
        assert all(r.event.result.origin == f"entered:{ALLIES}" for r in entry.records[:1])
        told.append((prompt.name, prompt.pools, len(entry.records)))
    assert told[0] == told[1]
