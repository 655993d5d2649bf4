"""Break-off (ABL-BREAK-01..07) with the decisions of AMB-ABL-02..05 and the README's override of
AMB-ABL-01."""

from __future__ import annotations

from typing import Any

from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    do,
    end_pulse,
    events,
    fire,
    game_of,
    kinds,
    move,
    one,
    order,
    pass_,
    refused,
    unit,
)

from kriegsspiel.rulesets.abilities.breakoff import BrokeOff
from kriegsspiel.rulesets.abilities.fire import Fired, FireDeclared
from kriegsspiel.rulesets.abilities.morale import ForcedBack, Reacted

GERMAN_FIRST = ((5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
SCOUTS = {  # an infantry unit with Break-off, for the infantry cases
    "name": "Scouts",
    "kind": "infantry",
    "reaction": "4D",
    "abilities": ["break-off"],
    "fp": {"dice": 2},
}


def _game(jeep_at: tuple[float, float] = (20, 25), **kwargs: Any) -> AblGame:
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", jeep_at, facing=0),
            unit("scouts", ALLIES, "scouts", (40, 25)),
            unit("sherman", ALLIES, "us-m4-sherman", (30, 5)),
            unit("stug-1", GERMAN, "german-stug-iii", (20, 30), facing=180),
            unit("stug-2", GERMAN, "german-stug-iii", (24, 30), facing=180),
            unit("g", GERMAN, "german-grenadier-platoon", (40, 30), facing=180),
        ],
        statlines={"scouts": SCOUTS},
        **kwargs,
    )
    begin(game, *GERMAN_FIRST)
    return game


def _stug_fires(game: AblGame, stug: str = "stug-1", die: int = 4, group: str = "stug-2") -> None:
    order(game, GERMAN, stug, [die], group)
    entry = do(game, GERMAN, {"action": "fire", "unit": stug, "target": "jeep"})
    assert one(entry, FireDeclared).awaiting == ("jeep",)
    assert not events(entry, Fired)  # no dice before the answer (AMB-ABL-03)


def test_abl_break_01_back_a_normal_move_when_fired_at() -> None:
    """ABL-BREAK-01 (AMB-ABL-04): on a declared attack the jeep moves straight back, reverse of
    its facing, its Fixed Move 6" + a Variable Move (3) = 9"."""
    game = _game()
    _stug_fires(game)
    assert game.ruleset.seats_to_act(game.state) == [ALLIES]
    assert refused(game, GERMAN, {"action": "end-pulse"}).rule == "ABL-BREAK-01"
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 3, 1, 1, 1)
    broke = one(entry, BrokeOff)
    assert (broke.frm, broke.to, broke.allowance) == ((20, 25), (20, 16), 9)
    assert kinds(entry)[:2] == ["BrokeOff", "Fired"]


def test_abl_break_01_a_shorter_break_off_needs_no_roll() -> None:
    game = _game()
    _stug_fires(game)
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep", "distance": 4}, 1, 1, 1)
    assert one(entry, BrokeOff).to == (20, 21)


def test_abl_break_01_only_against_a_declared_attack_and_only_with_the_ability() -> None:
    """ABL-BREAK-01: no break-off without an attack on the unit, nor for units without it."""
    game = _game()
    assert refused(game, ALLIES, {"action": "break-off", "unit": "jeep"}).rule == "ABL-BREAK-01"
    order(game, GERMAN, "g", [4])
    entry = do(game, GERMAN, {"action": "fire", "unit": "g", "target": "jeep"})
    assert one(entry, FireDeclared).awaiting == ("jeep",)
    assert refused(game, ALLIES, {"action": "break-off", "unit": "sherman"}).rule == "ABL-BREAK-01"


def test_abl_break_01_close_assault_gives_no_break_off() -> None:
    """ABL-BREAK-01: only direct fire or artillery: a close assault resolves at once."""
    game = _game(jeep_at=(40, 27))
    order(game, GERMAN, "g", [4])
    entry = do(game, GERMAN, {"action": "assault", "unit": "g", "target": "jeep"}, *([1] * 5), 1, 1)
    assert kinds(entry) == ["Assaulted"]
    assert refused(game, ALLIES, {"action": "break-off", "unit": "jeep"}).rule == "ABL-BREAK-01"


def test_abl_break_02_a_vehicle_breaking_off_rolls_two_more_reaction_dice() -> None:
    """ABL-BREAK-02 (AMB-ABL-02): the jeep's 3D becomes 5D; an infantry unit keeps its 4D."""
    game = _game()
    _stug_fires(game)
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 3, 4, 1, 1, *([1] * 5))
    assert len(one(entry, Reacted).result.faces[0]) == 5
    game = _game()
    order(game, GERMAN, "g", [4])
    do(game, GERMAN, {"action": "fire", "unit": "g", "target": "scouts"})
    entry = do(
        game, ALLIES, {"action": "break-off", "unit": "scouts"}, 2, 4, 1, 1, 1, 1, *([1] * 4)
    )
    assert len(one(entry, Reacted).result.faces[0]) == 4


def test_abl_break_03_range_to_the_original_position() -> None:
    """ABL-BREAK-03: the StuG fires at 5" (short, TN 3+); the jeep breaks off to 14" away; the
    attack is still resolved at 5"."""
    game = _game()
    _stug_fires(game)
    attack = game.state.attack
    assert attack is not None
    assert (attack.targets[0].distance, attack.tn) == (5, 3)
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 3, 3, 1, 1, 1, 1, 1, 1, 1)
    assert game.state.units["jeep"].position[1] < 25
    assert one(entry, Fired).hits == 1  # a 3 succeeds at 3+
    assert one(entry, Reacted).dp == 1
    assert one(entry, ForcedBack).inches == 6


def test_abl_break_04_no_fire_for_the_rest_of_that_pulse() -> None:
    """ABL-BREAK-04 (AMB-ABL-05): after breaking off, the jeep may not opportunity-fire at the
    StuG whose fire it broke off from, in the same enemy pulse."""
    game = _game()
    _stug_fires(game)
    do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 3, 1, 1, 1)
    assert game.state.window is not None
    assert game.state.window.side == ALLIES
    violation = refused(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "stug-1"})
    assert violation.rule == "ABL-BREAK-04"


def test_abl_break_05_opportunity_fire_in_a_later_enemy_pulse() -> None:
    """ABL-BREAK-05: break-off in enemy pulse 1; opportunity fire in enemy pulse 2 is allowed."""
    game = _game()
    _stug_fires(game)
    do(game, ALLIES, {"action": "break-off", "unit": "jeep", "distance": 2}, 1, 1, 1)
    pass_(game, ALLIES)
    end_pulse(game, GERMAN)
    do(game, ALLIES, {"action": "discard", "dice": [2]})
    order(game, GERMAN, "g", [4])
    move(game, GERMAN, "g", (37, 30))
    assert game.state.window is not None
    assert game.state.window.trigger == "g"
    entry = fire(game, ALLIES, "jeep", "g", 1, 1)
    assert one(entry, FireDeclared).attack.opportunity


def test_abl_break_06_no_activation_this_turn_but_recon_vehicles_may_by_default() -> None:
    """ABL-BREAK-06: a unit that broke off cannot be activated this turn; README override of
    AMB-ABL-01: a recon vehicle may, unless `strict_breakoff_no_activation`."""
    for strict in (False, True):
        game = _game(options={"strict_breakoff_no_activation": strict})
        _stug_fires(game)
        do(game, ALLIES, {"action": "break-off", "unit": "jeep", "distance": 2}, 1, 1, 1)
        pass_(game, ALLIES)
        end_pulse(game, GERMAN)
        jeep = {"action": "order", "commander": "jeep", "dice": [2]}
        if strict:
            assert refused(game, ALLIES, jeep).rule == "ABL-BREAK-06"
        else:
            do(game, ALLIES, jeep)
    game = _game()
    order(game, GERMAN, "g", [4])
    do(game, GERMAN, {"action": "fire", "unit": "g", "target": "scouts"})
    do(game, ALLIES, {"action": "break-off", "unit": "scouts", "distance": 2}, *([1] * 5))
    pass_(game, ALLIES)
    end_pulse(game, GERMAN)
    scouts = {"action": "order", "commander": "scouts", "dice": [2]}
    assert refused(game, ALLIES, scouts).rule == "ABL-BREAK-06"


def test_abl_break_07_an_activated_unit_breaks_off_twice() -> None:
    """ABL-BREAK-07: the jeep, activated this turn, breaks off from both StuGs' fire."""
    game = _game()
    do(game, GERMAN, {"action": "discard", "dice": [2]})
    order(game, ALLIES, "jeep", [5])
    end_pulse(game, ALLIES)
    _stug_fires(game, "stug-1", 4, "stug-2")
    do(game, ALLIES, {"action": "break-off", "unit": "jeep", "distance": 2}, 1, 1, 1)
    pass_(game, ALLIES)
    entry = do(game, GERMAN, {"action": "fire", "unit": "stug-2", "target": "jeep"})
    assert one(entry, FireDeclared).awaiting == ("jeep",)
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep", "distance": 2}, 1, 1, 1)
    assert one(entry, BrokeOff).to == (20, 21)
