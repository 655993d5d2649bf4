"""AFV-MORALE-01..16 with AMB-AFV-03..06, -16, -21..23: when an AFV tests morale, the d100
bands, the signed modifiers, halts, retreats and the immobilised test.

The standard table: Sherman s1 at (24, 10) facing 0, entered at (24, 0); Sherman s2 far off
(its cards are "other cards of the US side"); a German panzerfaust man pzf-1 10" ahead of s1,
a German rifleman r1 beside him. The umpire's `fired-on` and `damage` records stand in for
base-game fire where a test only needs the trigger.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from afvkit import (
    DE,
    US,
    AfvGame,
    acquire,
    crew,
    crew_refused,
    do,
    draw,
    events,
    man,
    refused,
    sherman,
    start,
    tags,
    team,
    vehicle,
)

from kriegsspiel.core.checks import Modifier
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.morale import counts
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES
from kriegsspiel.rulesets.afv.vehicles import DEFAULT

UMPIRE = "umpire"


def table(**extra: Any) -> AfvGame:
    units = [
        sherman(entry=[24.0, 0.0], cards=3, **extra),
        sherman("s2", position=(4.0, 4.0), cards=4),
        team("reds", [man("pzf-1", "panzerfaust", (24.0, 20.0)), man("r1", "rifle", (26.0, 20.0))]),
    ]
    return start(units)


def fired_on(game: AfvGame, face: int, penetration: int = 200, by: str = "pzf-1") -> dict[str, Any]:
    entry = do(
        game,
        UMPIRE,
        {"action": "fired-on", "vehicle": "s1", "penetration": penetration, "by": by},
        face,
    )
    return events(entry, "morale-tested")[0]


def record(game: AfvGame, kind: str, side: str, n: int = 1, **extra: str) -> None:
    for _ in range(n):
        do(game, UMPIRE, {"action": "record", "kind": kind, "side": side, **extra})


def total(mods: tuple[Modifier, ...]) -> int:
    return sum(m.value for m in mods)


def seed_sum(**n: int) -> int:
    """The sum of the seed's signed modifiers for these counts (AFV-MORALE-06..13)."""
    return total(checks.morale_modifiers(n, "literal"))


# -- triggers -------------------------------------------------------------------------------------


def test_morale_01_fired_on_by_a_weapon_able_to_destroy_it() -> None:
    """AFV-MORALE-01: a miss by a panzerfaust (it can destroy a Sherman) -> a test; a hit by
    rifle fire -> no test."""
    game = table()
    draw(game, "reds")
    entry = do(game, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}, 60, 30)  # miss
    assert events(entry, "shot")[0]["result"]["outcome"] == "miss"
    assert events(entry, "morale-tested")[0]["result"]["outcome"] == "intact"
    entry = do(game, DE, {"action": "shoot", "man": "r1", "target": "s1"}, 1)  # a hit
    assert "bounced" in tags(entry)
    assert "morale-tested" not in tags(entry)


def test_amb_afv_16_able_to_destroy_means_best_penetration_reaches_the_armour() -> None:
    """AMB-AFV-16: the weapon's best penetration >= the armour of the facing fired at."""
    sherman_front = DEFAULT.vehicles["m4a3-75"].armour.front
    assert DEFAULT.weapons["panzerfaust"].best_penetration >= sherman_front
    assert DEFAULT.weapons["rifle"].best_penetration < DEFAULT.vehicles["pz-iv-h"].armour.rear
    game = table()
    assert fired_on(game, 1, penetration=sherman_front)["result"]["outcome"] == "intact"
    error = refused(
        game, UMPIRE, {"action": "fired-on", "vehicle": "s1", "penetration": sherman_front - 1}
    )
    assert error.rule == "AFV-MORALE-01"


def test_morale_02_a_crewman_killed_or_seriously_wounded() -> None:
    """AFV-MORALE-02: a crewman KILLED or SERIOUS -> a test; a light wound -> none."""
    game = table()
    for effect, role in (("killed", "loader"), ("serious", "co-driver")):
        entry = do(
            game,
            UMPIRE,
            {"action": "damage", "vehicle": "s1", "effect": effect, "crewman": role},
            10,
        )
        assert "morale-tested" in tags(entry)
    entry = do(
        game, UMPIRE, {"action": "damage", "vehicle": "s1", "effect": "light", "crewman": "driver"}
    )
    assert "morale-tested" not in tags(entry)


# -- the bands ----------------------------------------------------------------------------------


def test_morale_03_1_to_50_is_intact() -> None:
    """AFV-MORALE-03: adjusted 50 -> intact; 51 -> not."""
    game = table()
    assert fired_on(game, 50)["result"]["outcome"] == "intact"
    assert fired_on(game, 51)["result"]["outcome"] == "halt"


def test_amb_afv_03_d100_is_1_to_100_and_adjusted_rolls_are_clamped() -> None:
    """AMB-AFV-03: d100 = 1-100, bands 1-50 / 51-75 / 76-100 (unmodified P = 1/2, 1/4, 1/4);
    an adjusted roll below 1 counts as intact, above 100 as 76+."""
    odds = dict(checks.morale(DEFAULT_TABLES, ()).odds_table())
    assert odds == {"intact": Fraction(1, 2), "halt": Fraction(1, 4), "retreat": Fraction(1, 4)}
    many_enemy = checks.morale_modifiers({"enemy-afv-destroyed": 10})  # +200: -200 on the roll
    assert checks.morale(DEFAULT_TABLES, many_enemy).resolve([[100]]).outcome == "intact"
    many_lost = checks.morale_modifiers({"afv-lost": 10})
    assert checks.morale(DEFAULT_TABLES, many_lost).resolve([[1]]).outcome == "retreat"


def test_morale_04_51_to_75_halts_until_sighted_destroyed_or_passed() -> None:
    """AFV-MORALE-04: adjusted 60 -> halted; it cannot move until the enemy weapon is sighted
    or destroyed, or it passes morale."""
    game = table(speed=4.0)
    fired_on(game, 60)
    assert vehicle(game).morale == "halted"
    assert vehicle(game).speed == 0
    draw(game, "s1", 60)  # its crew card: the retest (AMB-AFV-06) halts again
    assert crew_refused(game, "s1", "driver", "set-speed", speed=3).rule == "AFV-MORALE-04"
    entry = acquire(game, "s1", "commander", "pzf-1")  # sighted: released
    assert "released" in tags(entry)
    assert vehicle(game).morale == "normal"
    crew(game, "s1", "driver", "set-speed", speed=3)
    # or it passes morale: a later test (here, fired on again) comes out intact
    game = table()
    fired_on(game, 60, by="r1")
    draw(game, "reds")
    entry = do(game, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}, 60, 30)
    assert vehicle(game).morale == "normal"  # it passed morale
    assert events(entry, "morale-tested")[0]["result"]["outcome"] == "intact"


def test_morale_04_released_when_the_weapon_is_destroyed() -> None:
    """AFV-MORALE-04: the enemy weapon destroyed releases the halt."""
    game = start(
        [
            sherman(cards=3),
            sherman("s2", position=(4.0, 4.0), cards=3),
            team("reds", [man("pzf-1", "panzerfaust", (24.0, 20.0))]),
        ]
    )
    fired_on(game, 60)
    draw(game, "s2")
    acquire(game, "s2", "commander", "pzf-1")
    crew(game, "s2", "loader", "load", round="HE")
    draw(game, "s2")
    crew(game, "s2", "gunner", "traverse", target="pzf-1")
    draw(game, "s2")
    entry = crew(game, "s2", "gunner", "fire", 1, 1, weapon="main", target="pzf-1")  # killed
    assert events(entry, "man-hit")[0]["severity"] == "killed"
    assert "released" in tags(entry)
    assert vehicle(game).morale == "normal"


def test_amb_afv_21_a_halted_afv_may_fire_and_traverse() -> None:
    """AMB-AFV-21: halted, it may still fire and traverse, but not move."""
    game = table()
    fired_on(game, 60, by="r1")
    draw(game, "s1", 60)
    crew(game, "s1", "commander", "traverse", bearing=10)
    acquire(game, "s1", "gunner", "pzf-1", 1)
    assert crew_refused(game, "s1", "driver", "steer", facing=90).rule == "AFV-MORALE-04"


def test_morale_05_76_plus_retreats_unless_the_commander_passes() -> None:
    """AFV-MORALE-05 with AMB-AFV-22: adjusted 80 -> it retraces its recorded path 6" per
    card of its side and leaves the table at its entry point, unless its commander passes
    his morale check first (AMB-AFV-06: on its crew card, pass on 1-50)."""
    game = table()
    fired_on(game, 80)
    assert vehicle(game).morale == "retreating"
    draw(game, "s2")
    assert vehicle(game).position == (24.0, 4.0)
    assert crew_refused(game, "s1", "driver", "set-speed", speed=2).rule == "SK-CARD"
    entry = draw(game, "s1", 50)  # the commander's check: 50 passes
    assert events(entry, "commander-tested")[0]["result"]["outcome"] == "pass"
    assert vehicle(game).morale == "normal"
    assert vehicle(game).position == (24.0, 4.0)
    # without the pass it leaves the table at its entry point
    game = table()
    fired_on(game, 80)
    draw(game, "s1", 51)  # the commander fails; then it retreats 6"
    entry = draw(game, "s2")
    assert events(entry, "vehicle-lost")[0]["status"] == "exited"
    assert vehicle(game).position == (24.0, 0.0)
    assert game.state.losses[-1].kind == "afv-exited"


def test_amb_afv_06_a_halted_afv_retests_on_each_crew_card() -> None:
    """AMB-AFV-06: a halted AFV retests with the same d100 test on each later crew card;
    passing returns it to normal. A halt result on a retreating AFV does not end its retreat."""
    game = table()
    fired_on(game, 60, by="r1")
    entry = draw(game, "s1", 70)
    assert events(entry, "morale-tested")[0]["result"]["outcome"] == "halt"
    entry = draw(game, "s1", 20)
    assert vehicle(game).morale == "normal"
    game = table()
    fired_on(game, 90)
    fired_on(game, 60)
    assert vehicle(game).morale == "retreating"


# -- the modifiers ------------------------------------------------------------------------------


def test_morale_06_minus_10_per_man_killed() -> None:
    """AFV-MORALE-06: 2 friendly men killed -> -20 (subtracted from the roll, AMB-AFV-04)."""
    assert seed_sum(**{"men-killed": 2}) == -20
    game = table()
    record(game, "man-killed", US, 2)
    assert counts(game.state, "s1")["men-killed"] == 2
    assert fired_on(game, 30)["result"]["total"] == 50  # 30 + 20


def test_morale_07_minus_15_per_officer_or_nco_killed() -> None:
    """AFV-MORALE-07: 1 NCO killed -> -15 (the commander of a default crew is the leader)."""
    assert seed_sum(**{"leaders-killed": 1}) == -15
    game = table()
    do(
        game,
        UMPIRE,
        {"action": "damage", "vehicle": "s2", "effect": "killed", "crewman": "commander"},
        10,
    )
    assert counts(game.state, "s1")["leaders-killed"] == 1
    assert counts(game.state, "s1")["men-killed"] == 0


def test_morale_08_minus_20_per_afv_lost() -> None:
    """AFV-MORALE-08: 1 AFV lost -> -20."""
    assert seed_sum(**{"afv-lost": 1}) == -20
    game = table()
    do(game, UMPIRE, {"action": "damage", "vehicle": "s2", "effect": "destroyed"}, *[10] * 5)
    assert counts(game.state, "s1")["afv-lost"] == 1
    assert fired_on(game, 30)["result"]["total"] == 50


def test_morale_09_minus_10_per_small_vehicle_lost_or_afv_off_the_table() -> None:
    """AFV-MORALE-09: 1 jeep lost + 1 AFV exited -> -20."""
    game = table()
    record(game, "small-vehicle-lost", US)
    record(game, "afv-exited", US)
    mods = checks.morale_modifiers(counts(game.state, "s1"), "literal")
    assert total(mods) == -20
    assert {m.rule for m in mods} == {"AFV-MORALE-09"}


def test_morale_10_minus_5_per_heavy_weapon_lost_cancelled_if_regained() -> None:
    """AFV-MORALE-10: HMG lost -> -5; recaptured -> 0."""
    game = table()
    record(game, "heavy-weapon-lost", US)
    assert total(checks.morale_modifiers(counts(game.state, "s1"), "literal")) == -5
    record(game, "heavy-weapon-regained", US)
    assert total(checks.morale_modifiers(counts(game.state, "s1"), "literal")) == 0


def test_morale_11_plus_5_per_enemy_man_killed() -> None:
    """AFV-MORALE-11: 3 enemy killed -> +15."""
    assert seed_sum(**{"enemy-men-killed": 3}) == 15
    game = table()
    record(game, "man-killed", DE, 2)
    record(game, "leader-killed", DE)
    assert counts(game.state, "s1")["enemy-men-killed"] == 3


def test_morale_12_plus_20_per_enemy_afv_destroyed() -> None:
    """AFV-MORALE-12: 1 enemy AFV destroyed -> +20."""
    assert seed_sum(**{"enemy-afv-destroyed": 1}) == 20
    game = table()
    record(game, "afv-lost", DE)
    assert fired_on(game, 70)["result"]["total"] == 50


def test_morale_13_plus_10_per_enemy_small_vehicle_destroyed() -> None:
    """AFV-MORALE-13: 2 enemy small vehicles -> +20."""
    assert seed_sum(**{"enemy-small-vehicles-destroyed": 2}) == 20
    game = table()
    record(game, "small-vehicle-lost", DE, 2)
    assert counts(game.state, "s1")["enemy-small-vehicles-destroyed"] == 2


def test_morale_14_modifiers_are_cumulative() -> None:
    """AFV-MORALE-14 with AMB-AFV-04: 1 man killed (-10) + 1 enemy AFV destroyed (+20) ->
    net +10; a raw 55 becomes 45 -> intact."""
    assert seed_sum(**{"men-killed": 1, "enemy-afv-destroyed": 1}) == 10
    game = table()
    record(game, "man-killed", US)
    record(game, "afv-lost", DE)
    result = fired_on(game, 55)["result"]
    assert result["total"] == 45
    assert result["outcome"] == "intact"


def test_amb_afv_04_the_literal_sign_is_an_option() -> None:
    """AMB-AFV-04: adjusted = d100 - (sum of modifiers) by default; option
    morale_modifier_sign = literal adds them as printed."""
    units = [sherman(), team("reds", [man("r1", "rifle", (24.0, 20.0))])]
    game = start(units, options={"morale_modifier_sign": "literal"})
    record(game, "afv-lost", DE)  # +20 as printed
    assert fired_on(game, 55, by="r1")["result"]["total"] == 75


def test_amb_afv_05_whose_losses_count() -> None:
    """AMB-AFV-05: losses since the start, the AFV's own side friendly, the other enemy;
    option morale_scope = formation counts only its formation's losses and those it caused."""
    units = [
        sherman(formation="1st"),
        sherman("s2", position=(4.0, 4.0), formation="2nd"),
        team("reds", [man("r1", "rifle", (24.0, 20.0))]),
    ]
    game = start(units, options={"morale_scope": "formation"})
    record(game, "man-killed", US, formation="2nd")
    record(game, "man-killed", US, formation="1st")
    record(game, "man-killed", DE, by_side=US, by_formation="2nd")
    assert counts(game.state, "s1")["men-killed"] == 1
    assert counts(game.state, "s1")["enemy-men-killed"] == 0
    assert counts(game.state, "s2")["enemy-men-killed"] == 1
    game = start(units)
    record(game, "man-killed", US, formation="2nd")
    assert counts(game.state, "s1")["men-killed"] == 1


# -- immobilised ----------------------------------------------------------------------------------


def test_morale_15_immobilised_1_to_50_the_crew_may_stay() -> None:
    """AFV-MORALE-15: broken track, adjusted 40 -> the crew may remain; getting out is allowed
    on any later crew card."""
    game = table()
    entry = do(game, UMPIRE, {"action": "damage", "vehicle": "s1", "effect": "track"}, 40)
    assert events(entry, "immobilised-tested")[0]["result"]["outcome"] == "stay"
    draw(game, "s1")
    acquire(game, "s1", "commander", "pzf-1")  # staying aboard and fighting
    draw(game, "s1")
    entry = crew(game, "s1", "commander", "bail-out", 7)
    assert "bailed-out" in tags(entry)


def test_morale_16_immobilised_51_plus_abandon_asap() -> None:
    """AFV-MORALE-16: adjusted 51 -> every crewman's next action must be to leave: a load is
    refused, bailing out is allowed; the gunner, with no exit, may only move to one."""
    game = table()
    do(game, UMPIRE, {"action": "damage", "vehicle": "s1", "effect": "track"}, 51)
    assert vehicle(game).abandon
    draw(game, "s1")
    assert crew_refused(game, "s1", "loader", "load", round="HE").rule == "AFV-MORALE-16"
    crew(game, "s1", "commander", "bail-out", 9)
    error = crew_refused(game, "s1", "loader", "change-position", to="commander")
    assert error.rule == "AFV-MORALE-16"  # he has his own hatch
    crew(game, "s1", "gunner", "change-position", to="commander")
    for role in ("driver", "co-driver", "loader"):
        crew(game, "s1", role, "bail-out", 9)
    draw(game, "s1")
    entry = crew(game, "s1", "commander", "bail-out", 9)  # the gunner, now at the commander's
    assert events(entry, "vehicle-lost")[0]["status"] == "abandoned"


def test_amb_afv_23_the_immobilised_test_comes_once_after_the_hits_other_test() -> None:
    """AMB-AFV-23: two bands; made once when immobilised, after any other test the same hit
    triggered; a second immobilisation does not test again."""
    game = table()
    draw(game, "reds")
    # panzerfaust: 10 hits (50% at 10"), penetration d10 4 = broken track, morale, immobilised
    entry = do(game, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}, 10, 4, 30, 40)
    order = [t for t in tags(entry) if t in ("morale-tested", "immobilised-tested")]
    assert order == ["morale-tested", "immobilised-tested"]
    entry = do(game, UMPIRE, {"action": "damage", "vehicle": "s1", "effect": "transmission"})
    assert "immobilised-tested" not in tags(entry)
    assert dict(checks.immobilised_morale(DEFAULT_TABLES, ()).odds_table()) == {
        "stay": Fraction(1, 2),
        "abandon": Fraction(1, 2),
    }


def test_repair_02_a_broken_track_is_never_repaired() -> None:
    """AFV-REPAIR-02: a broken track cannot be repaired; the immobilisation test came once."""
    game = table()
    entry = do(game, UMPIRE, {"action": "damage", "vehicle": "s1", "effect": "track"}, 40)
    assert len(events(entry, "immobilised-tested")) == 1
    draw(game, "s1")
    error = crew_refused(game, "s1", "driver", "repair", item="track")
    assert error.rule == "AFV-REPAIR-02"


@pytest.mark.parametrize("face", [1, 100])
def test_commander_check_odds(face: int) -> None:
    """AMB-AFV-06: the commander's check passes on 1-50 of the adjusted roll."""
    outcome = checks.commander_morale(DEFAULT_TABLES, ()).resolve([[face]]).outcome
    assert outcome == ("pass" if face <= 50 else "fail")
