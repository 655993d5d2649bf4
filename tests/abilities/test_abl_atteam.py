"""Deployed AT teams (ABL-ATTEAM-01..05, AMB-ABL-07/08)."""

from __future__ import annotations

from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
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

from kriegsspiel.rulesets.abilities.fire import FireDeclared, WindowOpened, deploy_at_teams


def _game(tank_at: tuple[float, float] = (10, 15)) -> AblGame:
    game = game_of(
        [
            unit("platoon", ALLIES, "british-rifle-platoon", (10, 10)),
            unit("tank", GERMAN, "german-panzer-iv", tank_at, facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "platoon", [4])
    return game


def test_abl_atteam_01_03_a_stationary_platoon_adds_three_inches() -> None:
    """ABL-ATTEAM-01/03: the non-moving platoon with LOS fires its PIAT at 5": ranges 1/2/3
    become 4/5/6, so 5" is effective range (TN 4+)."""
    assert deploy_at_teams((1, 2, 3)) == (4, 5, 6)
    game = _game()
    attack = one(fire(game, ALLIES, "platoon", "tank", 1, 1), FireDeclared).attack
    assert (attack.weapon, attack.dice, attack.tn) == ("at", 2, 4)
    assert attack.targets[0].band == "effective"
    assert any("4/5/6" in n and "ABL-ATTEAM-01" in n for n in attack.notes)


def test_abl_atteam_02_04_a_moving_platoon_uses_the_listed_ranges() -> None:
    """ABL-ATTEAM-02/04: after a single move the PIAT is back to 1/2/3: the tank at 5" is out of
    range; at 2.5" it is long range (TN 5+)."""
    game = _game(tank_at=(10, 17))
    entry = move(game, ALLIES, "platoon", (10, 12))
    if events(entry, WindowOpened):
        pass_(game, GERMAN)
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "platoon", "target": "tank"}).rule
        == "CHQ-FIRE"
    )
    game = _game(tank_at=(10, 14.5))
    entry = move(game, ALLIES, "platoon", (10, 12))
    if events(entry, WindowOpened):
        pass_(game, GERMAN)
    attack = one(fire(game, ALLIES, "platoon", "tank", 1, 1), FireDeclared).attack
    assert (attack.targets[0].band, attack.tn) == ("long", 5)
    assert any("ABL-ATTEAM-02" in n for n in attack.notes)


def test_abl_atteam_05_later_opportunity_fire_uses_the_increased_ranges() -> None:
    """ABL-ATTEAM-05 (AMB-ABL-07): the platoon moved but did not fire in its activation; in the
    enemy pulse its opportunity fire at 5" uses 4/5/6."""
    game = _game(tank_at=(10, 25))
    entry = move(game, ALLIES, "platoon", (10, 11))
    if events(entry, WindowOpened):
        pass_(game, GERMAN)
    end_pulse(game, ALLIES)
    order(game, GERMAN, "tank", [5])
    entry = move(game, GERMAN, "tank", (10, 16), 4)
    assert one(entry, WindowOpened).side == ALLIES
    attack = one(fire(game, ALLIES, "platoon", "tank", 1, 1), FireDeclared).attack
    assert attack.opportunity
    assert attack.targets[0].band == "effective"
    assert any("ABL-ATTEAM-01" in n for n in attack.notes)


def test_amb_abl_08_only_infantry_at_weapons_have_teams() -> None:
    """AMB-ABL-08: AT teams are units whose statline lists an infantry AT weapon (PIAT, bazooka);
    a stationary Sherman fires its AT dice at the listed (default) ranges."""
    game = game_of(
        [
            unit("sherman", ALLIES, "us-m4-sherman", (10, 10)),
            unit("rifle", ALLIES, "us-rifle-platoon", (14, 10)),
            unit("tank", GERMAN, "german-panzer-iv", (10, 30), facing=180),
            unit("tank2", GERMAN, "german-panzer-iv", (14, 18), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "sherman", [4], "rifle")
    attack = one(fire(game, ALLIES, "sherman", "tank", *([1] * 7)), FireDeclared).attack
    assert (attack.targets[0].band, attack.notes[0]) == ("long", "base 7D")
    assert not any("ABL-ATTEAM" in n for n in attack.notes)
    pass_(game, GERMAN)
    attack = one(fire(game, ALLIES, "rifle", "tank2", 1, 1), FireDeclared).attack
    assert attack.targets[0].band == "long"  # 8" with the bazooka's 2/4/6 +3" = 5/7/9
