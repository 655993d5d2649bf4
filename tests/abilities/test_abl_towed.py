"""Towed guns and mortars (ABL-TOWED-01..03, AMB-ABL-18)."""

from __future__ import annotations

from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, one, order, refused, unit

from kriegsspiel.rulesets.abilities.fire import FireDeclared
from kriegsspiel.rulesets.abilities.movement import LimberChanged, Moved


def _game(type_: str, dice: list[int] | None = None) -> AblGame:
    game = game_of(
        [
            unit("gun", ALLIES, type_, (10, 10), limbered=True),
            unit("tank", GERMAN, "german-panzer-iv", (10, 40), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "gun", dice or [4])
    return game


def test_abl_towed_01_a_limbered_gun_cannot_fire() -> None:
    """ABL-TOWED-01: fire by a limbered gun is rejected; unlimbered it fires."""
    game = _game("us-57mm-at-gun")
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "gun", "target": "tank"}).rule
        == "ABL-TOWED-01"
    )
    do(game, ALLIES, {"action": "unlimber", "unit": "gun"})
    entry = do(game, ALLIES, {"action": "fire", "unit": "gun", "target": "tank"}, 1, 1, 1, 1)
    assert one(entry, FireDeclared).attack.weapon == "at"


def test_abl_towed_01_only_towed_guns_limber() -> None:
    game = game_of(
        [
            unit("r", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("t", GERMAN, "german-panzer-iv", (10, 40)),
        ]
    )
    begin(game)
    order(game, ALLIES, "r", [4])
    assert refused(game, ALLIES, {"action": "unlimber", "unit": "r"}).rule == "ABL-TOWED-01"


def test_abl_towed_02_medium_gun_spends_a_fixed_move() -> None:
    """ABL-TOWED-02: unlimbering a medium gun spends the Fixed Move; the Variable Move is left."""
    game = _game("british-6pdr-at-gun")
    entry = do(game, ALLIES, {"action": "unlimber", "unit": "gun"})
    changed = one(entry, LimberChanged)
    assert (changed.fixed, changed.variable, changed.limbered) == (True, False, False)
    fixed = {"action": "move", "unit": "gun", "to": [10, 11], "part": "fixed"}
    assert refused(game, ALLIES, fixed).rule == "CHQ-MOVE"
    entry = do(
        game, ALLIES, {"action": "move", "unit": "gun", "to": [10, 11], "part": "variable"}, 2
    )
    assert one(entry, Moved).to == (10, 11)


def test_abl_towed_02_mortars_and_light_guns_too() -> None:
    for type_ in ("british-4-2in-mortar", "us-57mm-at-gun"):
        game = _game(type_)
        entry = do(game, ALLIES, {"action": "unlimber", "unit": "gun"})
        assert (one(entry, LimberChanged).fixed, one(entry, LimberChanged).variable) == (
            True,
            False,
        )


def test_abl_towed_03_heavy_gun_spends_fixed_and_variable() -> None:
    """ABL-TOWED-03: a heavy gun spends both; with only the Fixed Move left it cannot."""
    game = game_of(
        [
            unit("gun", GERMAN, "german-88mm-flak", (10, 40), facing=180, limbered=True),
            unit("r", ALLIES, "us-rifle-platoon", (60, 2)),
        ]
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "gun", [4])
    entry = do(game, GERMAN, {"action": "unlimber", "unit": "gun"})
    assert (one(entry, LimberChanged).fixed, one(entry, LimberChanged).variable) == (True, True)
    assert (
        refused(game, GERMAN, {"action": "move", "unit": "gun", "to": [10, 39]}).rule == "CHQ-MOVE"
    )
    game = game_of(
        [
            unit("gun", GERMAN, "german-88mm-flak", (10, 40), facing=180, limbered=True),
            unit("r", ALLIES, "us-rifle-platoon", (60, 2)),
        ]
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "gun", [4])
    do(game, GERMAN, {"action": "move", "unit": "gun", "to": [10, 39], "part": "variable"}, 3)
    assert refused(game, GERMAN, {"action": "unlimber", "unit": "gun"}).rule == "ABL-TOWED-03"
