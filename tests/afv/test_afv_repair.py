"""AFV-REPAIR-01..03 with AMB-AFV-13 and AFV-CREW-04: repairs (the seed's repair procedure is
cut off; AMB-AFV-13 decides a placeholder, with option repair_chances)."""

from __future__ import annotations

from fractions import Fraction

from afvkit import (
    UMPIRE_SEAT,
    AfvGame,
    crew,
    crew_refused,
    do,
    draw,
    events,
    man,
    sherman,
    start,
    team,
    vehicle,
)

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.crew import COMPLEXITY
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def table(**extra: object) -> AfvGame:
    reds = team("reds", [man("r1", "rifle", (24.0, 22.0))])
    game = start([sherman(cards=4), reds], **extra)  # type: ignore[arg-type]
    draw(game, "s1")
    return game


def broken_gun(game: AfvGame) -> None:
    crew(game, "s1", "commander", "acquire", target="r1")
    crew(game, "s1", "loader", "load", round="HE")
    draw(game, "s1")
    crew(game, "s1", "gunner", "fire", 99, weapon="main", target="r1")


def test_repair_01_any_broken_item_may_be_repaired() -> None:
    """AFV-REPAIR-01: a broken main gun and a jammed MG can be repaired; nothing else needs
    it."""
    game = table()
    broken_gun(game)
    crew(game, "s1", "co-driver", "acquire", 1, target="r1")
    draw(game, "s1")
    crew(game, "s1", "co-driver", "fire", 100, weapon="bow", target="r1")
    assert set(vehicle(game).faults) == {"main-gun", "bow"}
    crew(game, "s1", "loader", "repair", 50, item="main-gun")
    crew(game, "s1", "driver", "repair", 51, item="bow")
    assert vehicle(game).faults == ("bow",)
    assert crew_refused(game, "s1", "gunner", "repair", item="coax").rule == "AFV-REPAIR-01"


def test_repair_03_firing_mechanism_and_mg_jam_are_moderate() -> None:
    """AFV-REPAIR-03: both faults carry complexity moderate."""
    assert COMPLEXITY["main-gun"] == "moderate"
    assert {COMPLEXITY[mg] for mg in ("bow", "coax", "aa")} == {"moderate"}
    game = table()
    broken_gun(game)
    entry = crew(game, "s1", "commander", "repair", 51, item="main-gun")
    assert events(entry, "repair-tried")[0]["complexity"] == "moderate"
    assert "main-gun" in vehicle(game).faults


def test_amb_afv_13_placeholder_chances_by_complexity() -> None:
    """AMB-AFV-13: simple automatic, moderate d100 <= 50, complex d100 <= 25 per attempt;
    option repair_chances = parent uses parent-games.md §2.4 (simple 75)."""
    odds = {
        c: checks.repair(DEFAULT_TABLES, c).odds()["repaired"]
        for c in ("simple", "moderate", "complex")
    }
    assert odds == {"simple": 1, "moderate": Fraction(1, 2), "complex": Fraction(1, 4)}
    assert checks.repair(DEFAULT_TABLES, "simple", "parent").odds()["repaired"] == Fraction(3, 4)


def test_crew_04_driver_and_front_gunner_repair_the_transmission() -> None:
    """AFV-CREW-04: a transmission repair by the loader is rejected; by the driver or front
    gunner accepted (complex in this engine: d100 <= 25)."""
    game = table()
    do(game, UMPIRE_SEAT, {"action": "damage", "vehicle": "s1", "effect": "transmission"}, 10)
    assert vehicle(game).immobilised
    assert crew_refused(game, "s1", "loader", "repair", item="transmission").rule == "AFV-CREW-04"
    crew(game, "s1", "driver", "repair", 26, item="transmission")
    entry = crew(game, "s1", "co-driver", "repair", 25, item="transmission")
    assert events(entry, "repair-tried")[0]["repaired"]
    assert not vehicle(game).immobilised
