"""Sustained Fire (ABL-SUST-01..05, AMB-ABL-16/17)."""

from __future__ import annotations

from typing import Any

from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    discard,
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

from kriegsspiel.rulesets.abilities.fire import Fired, FireDeclared, WindowOpened
from kriegsspiel.rulesets.abilities.morale import Reacted

GERMAN_FIRST = ((5, 5, 3, 2, 2), (6, 4, 4, 3, 2))


def _game(b2: tuple[float, float] = (53.5, 19), *extra: dict[str, Any], **kwargs: Any) -> AblGame:
    game = game_of(
        [
            unit("mg", GERMAN, "german-mg-platoon", (52, 24), facing=180),
            unit("rifles", GERMAN, "german-grenadier-platoon", (47, 24), facing=180),
            unit("b1", ALLIES, "british-rifle-platoon", (50, 19)),
            unit("b2", ALLIES, "british-rifle-platoon", b2),
            *extra,
        ],
        **kwargs,
    )
    begin(game, *GERMAN_FIRST)
    return game


def _sustained(game: AblGame, faces: tuple[int, ...] = (1, 1, 1, 1)) -> Any:
    return fire(game, GERMAN, "mg", "b1,b2", *faces)


def test_abl_sust_01_mg_platoons_only_in_activation_and_opportunity_fire() -> None:
    """ABL-SUST-01: an MG platoon may; a rifle platoon may not."""
    game = _game()
    order(game, GERMAN, "rifles", [4], "mg")
    violation = refused(game, GERMAN, {"action": "fire", "unit": "rifles", "target": "b1,b2"})
    assert violation.rule == "ABL-SUST-01"
    _sustained(game)
    game = _game()
    discard(game, GERMAN, 2)
    order(game, ALLIES, "b1", [5], "b2")
    entry = move(game, ALLIES, "b1", (50, 19.5))
    assert one(entry, WindowOpened).side == GERMAN
    pass_(game, GERMAN)
    move(game, ALLIES, "b2", (53.5, 19.5))
    attack = one(_sustained(game), FireDeclared).attack
    assert attack.opportunity
    assert len(attack.targets) == 2


def test_abl_sust_02_no_move_with_sustained_fire() -> None:
    """ABL-SUST-02: not after moving in the activation, and no move after it."""
    game = _game()
    order(game, GERMAN, "mg", [4])
    entry = move(game, GERMAN, "mg", (52, 25))
    if events(entry, WindowOpened):
        pass_(game, ALLIES)
    assert (
        refused(game, GERMAN, {"action": "fire", "unit": "mg", "target": "b1,b2"}).rule
        == "ABL-SUST-02"
    )
    game = _game()
    order(game, GERMAN, "mg", [4])
    _sustained(game)
    if game.state.window is not None:
        pass_(game, ALLIES)
    assert (
        refused(game, GERMAN, {"action": "move", "unit": "mg", "to": [52, 25]}).rule
        == "ABL-SUST-02"
    )


def test_abl_sust_02_opportunity_fire_not_after_moving_in_its_last_activation() -> None:
    """AMB-ABL-17: for opportunity fire the unit must not have moved in its last activation."""
    game = _game()
    order(game, GERMAN, "mg", [4])
    entry = move(game, GERMAN, "mg", (52, 25))
    if events(entry, WindowOpened):
        pass_(game, ALLIES)
    end_pulse(game, GERMAN)
    order(game, ALLIES, "b1", [5])
    move(game, ALLIES, "b1", (50, 19.5))
    assert game.state.window is not None
    assert (
        refused(game, GERMAN, {"action": "fire", "unit": "mg", "target": "b1,b2"}).rule
        == "ABL-SUST-02"
    )


def test_abl_sust_03_one_range_band_within_four_inches() -> None:
    """ABL-SUST-03 (AMB-ABL-16): 3.5" apart at short range -> allowed; 4.5" apart, or one short
    and one effective -> rejected."""
    game = _game(b2=(53.5, 19))
    order(game, GERMAN, "mg", [4])
    _sustained(game)
    game = _game(b2=(54.5, 19))
    order(game, GERMAN, "mg", [4])
    assert (
        refused(game, GERMAN, {"action": "fire", "unit": "mg", "target": "b1,b2"}).rule
        == "ABL-SUST-03"
    )
    game = _game(b2=(52, 16))
    order(game, GERMAN, "mg", [4])
    assert (
        refused(game, GERMAN, {"action": "fire", "unit": "mg", "target": "b1,b2"}).rule
        == "ABL-SUST-03"
    )


def test_abl_sust_04_minus_one_die_per_target() -> None:
    """ABL-SUST-04: n targets -> FP = 6 - n; AMB-ABL-16: never below 1D."""
    game = _game((53.5, 19), unit("b3", ALLIES, "british-rifle-platoon", (51.5, 21)))
    order(game, GERMAN, "mg", [4])
    attack = one(fire(game, GERMAN, "mg", "b1,b2,b3", 1, 1, 1), FireDeclared).attack
    assert attack.dice == 3
    weak = {
        "name": "Weak MG",
        "kind": "infantry",
        "reaction": "4D",
        "abilities": ["sustained-fire"],
        "fp": {"dice": 2},
    }
    game = game_of(
        [
            unit("mg", GERMAN, "weak-mg", (52, 24), facing=180),
            unit("b1", ALLIES, "british-rifle-platoon", (50, 19)),
            unit("b2", ALLIES, "british-rifle-platoon", (53.5, 19)),
        ],
        statlines={"weak-mg": weak},
    )
    begin(game, *GERMAN_FIRST)
    order(game, GERMAN, "mg", [4])
    assert (
        refused(game, GERMAN, {"action": "fire", "unit": "mg", "target": "b1,b2"}).rule
        == "ABL-SUST-04"
    )


def test_abl_sust_05_one_roll_applied_to_every_target() -> None:
    """ABL-SUST-05: one roll of 4D; the same hits on each target, each makes its own check."""
    game = _game()
    order(game, GERMAN, "mg", [4])
    entry = fire(game, GERMAN, "mg", "b1,b2", 3, 4, 1, 1, 1, 1, 1, 1, 4, 4, 4, 4)
    assert len(events(entry, Fired)) == 1
    reacted = events(entry, Reacted)
    assert [r.unit for r in reacted] == ["b1", "b2"]
    assert [r.hits for r in reacted] == [2, 2]
    assert [r.dp for r in reacted] == [2, 0]
