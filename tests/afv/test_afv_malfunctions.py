"""AFV-MALF-01..04 with AMB-AFV-11: natural 99 and 100 on the d100 to-hit roll.

The standard table: Sherman s1 (4 cards, HE and AP aboard) facing a German rifleman r1 12"
ahead; the commander has acquired r1 and the gun is loaded on the first card.
"""

from __future__ import annotations

from fractions import Fraction

from afvkit import (
    AfvGame,
    acquire,
    crew,
    crew_refused,
    draw,
    events,
    man,
    sherman,
    start,
    team,
    vehicle,
)

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def ready() -> AfvGame:
    game = start([sherman(cards=4), team("reds", [man("r1", "rifle", (24.0, 22.0))])])
    draw(game, "s1")
    acquire(game, "s1", "commander", "r1")  # unbuttoned, front: certain
    crew(game, "s1", "loader", "load", round="HE")
    crew(game, "s1", "co-driver", "acquire", 1, target="r1")
    draw(game, "s1")
    return game


def test_malf_01_a_natural_100_backfires() -> None:
    """AFV-MALF-01: a natural 100 on the main gun's to-hit roll backfires and fills the tank
    with smoke: P = 1/100 per shot, whatever the chance."""
    for weapon_class, modifiers in (("main-gun", ()), ("main-gun", (checks.sight_in_modifier(),))):
        odds = dict(checks.to_hit(DEFAULT_TABLES, weapon_class, 6, modifiers).odds_table())
        assert odds["backfire"] == Fraction(1, 100)
    game = ready()
    entry = crew(game, "s1", "gunner", "fire", 100, weapon="main", target="r1")
    assert events(entry, "fired")[0]["result"]["outcome"] == "backfire"
    assert vehicle(game).smoke
    assert all(c.acquired == () for c in vehicle(game).crew.values())  # nobody sees


def test_malf_02_nobody_sees_until_all_hatches_are_open_2_cards() -> None:
    """AFV-MALF-02 with AMB-AFV-11: after a backfire spotting is blocked; each closed hatch
    needs its crewman's unbutton action; all open on card n -> spotting from card n + 2."""
    game = ready()
    crew(game, "s1", "gunner", "fire", 100, weapon="main", target="r1")
    for role in ("driver", "co-driver", "loader"):
        crew(game, "s1", role, "unbutton")  # the commander's hatch is already open
    opened_on = game.state.card.number if game.state.card else 0
    assert vehicle(game).smoke_clears_on == opened_on + 2
    draw(game, "s1")  # card n + 1
    assert crew_refused(game, "s1", "commander", "acquire", target="r1").rule == "AFV-MALF-02"
    draw(game, "s1")  # card n + 2
    acquire(game, "s1", "commander", "r1")
    assert "r1" in vehicle(game).crew["s1.commander"].acquired


def test_amb_afv_11_closing_a_hatch_restarts_the_count() -> None:
    """AMB-AFV-11: the 2-card count starts after the last hatch opens; a hatch closed again
    stops it."""
    game = ready()
    crew(game, "s1", "gunner", "fire", 100, weapon="main", target="r1")
    crew(game, "s1", "driver", "unbutton")
    crew(game, "s1", "co-driver", "unbutton")
    assert vehicle(game).smoke_clears_on is None  # the loader's hatch is still shut
    crew(game, "s1", "loader", "unbutton")
    crew(game, "s1", "commander", "button")
    assert vehicle(game).smoke_clears_on is None


def test_malf_03_a_natural_99_breaks_the_firing_mechanism() -> None:
    """AFV-MALF-03: a natural 99 breaks the gun (P = 1/100); it cannot fire until repaired."""
    odds = dict(checks.to_hit(DEFAULT_TABLES, "main-gun", 30).odds_table())
    assert odds["broken"] == Fraction(1, 100)
    game = ready()
    crew(game, "s1", "gunner", "fire", 99, weapon="main", target="r1")
    assert "main-gun" in vehicle(game).faults
    crew(game, "s1", "loader", "load", round="HE")
    draw(game, "s1")
    error = crew_refused(game, "s1", "gunner", "fire", weapon="main", target="r1")
    assert error.rule == "AFV-MALF-03"


def test_malf_04_a_natural_100_jams_a_machine_gun() -> None:
    """AFV-MALF-04: an MG's firing roll of 100 jams it (P = 1/100 per burst) until repaired."""
    assert dict(checks.to_hit(DEFAULT_TABLES, "mg", 6).odds_table())["jam"] == Fraction(1, 100)
    game = ready()
    entry = crew(game, "s1", "co-driver", "fire", 100, weapon="bow", target="r1")
    assert events(entry, "fired")[0]["result"]["outcome"] == "jam"
    draw(game, "s1")
    error = crew_refused(game, "s1", "co-driver", "fire", weapon="bow", target="r1")
    assert error.rule == "AFV-MALF-04"


def test_amb_afv_11_natural_rolls_only_and_the_shot_misses() -> None:
    """AMB-AFV-11: only natural 99 and 100 count (a modified 100 is an ordinary miss), and a
    99 or 100 always misses, even when the chance is higher."""
    check = checks.to_hit(DEFAULT_TABLES, "main-gun", 6, (checks.sight_in_modifier(),))
    assert check.resolve([[99]]).outcome == "broken"  # chance 95: 99 would otherwise miss
    game = ready()
    entry = crew(game, "s1", "commander", "fire", 90, weapon="main", target="r1")
    result = events(entry, "fired")[0]["result"]
    assert result["total"] == 100
    assert result["outcome"] == "miss"
    assert not vehicle(game).smoke
