"""Infantry and the house damage system: SK-INFANTRY (a man moves or shoots on his team's
card), SK-DEFAULT-TO-HIT, SK-DEFAULT-DAMAGE and SK-DEFAULT-CASUALTY (replaceable house
tables: the seed names the results but gives no tables)."""

from __future__ import annotations

from fractions import Fraction

from afvkit import (
    DE,
    US,
    AfvGame,
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

from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def table() -> AfvGame:
    reds = team(
        "reds",
        [man("pzf-1", "panzerfaust", (24.0, 20.0)), man("r1", "rifle", (26.0, 20.0), leader=True)],
        cards=3,
    )
    game = start([sherman(cards=3), reds])
    draw(game, "reds")
    return game


def shoot(game: AfvGame, shooter: str, target: str, *faces: int) -> list[str]:
    return tags(do(game, DE, {"action": "shoot", "man": shooter, "target": target}, *faces))


def test_sk_infantry_a_man_moves_6_inches_or_shoots_once_a_card() -> None:
    game = table()
    assert (
        refused(game, DE, {"action": "move", "man": "r1", "to": [26.0, 27.5]}).rule == "SK-INFANTRY"
    )
    do(game, DE, {"action": "move", "man": "r1", "to": [26.0, 26.0]})
    assert refused(game, DE, {"action": "shoot", "man": "r1", "target": "s1"}).rule == "SK-INFANTRY"


def test_sk_infantry_a_panzerfaust_fires_once_and_reaches_12_inches() -> None:
    game = table()
    shoot(game, "pzf-1", "s1", 60, 30)  # a miss; the Sherman tests morale (30: intact)
    draw(game, "reds")
    assert (
        refused(game, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}).rule == "SK-INFANTRY"
    )
    far = start([sherman(), team("reds", [man("pzf-1", "panzerfaust", (24.0, 23.0))])])
    draw(far, "reds")
    assert (
        refused(far, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}).rule
        == "SK-DEFAULT-TO-HIT"
    )


def test_sk_default_to_hit_by_weapon_class_and_range() -> None:
    odds = {
        (cls, r): checks.to_hit(DEFAULT_TABLES, cls, r).odds()["hit"]
        for cls, r in (("main-gun", 12), ("main-gun", 13), ("small-arms", 30), ("panzerfaust", 12))
    }
    assert odds == {
        ("main-gun", 12): Fraction(75, 100),
        ("main-gun", 13): Fraction(60, 100),
        ("small-arms", 30): Fraction(10, 100),
        ("panzerfaust", 12): Fraction(50, 100),
    }


def test_sk_default_damage_a_penetrating_hit() -> None:
    """SK-DEFAULT-DAMAGE: d10 1-3 destroyed (the crew bails out, each rolling his kit), 4
    track, 5 transmission, 6-8 one crewman hit, 9-10 no effect."""
    odds = dict(checks.penetration_effect(DEFAULT_TABLES).odds_table())
    assert odds == {
        "destroyed": Fraction(3, 10),
        "track": Fraction(1, 10),
        "transmission": Fraction(1, 10),
        "crew": Fraction(3, 10),
        "no-effect": Fraction(2, 10),
    }
    game = table()
    seen = shoot(game, "pzf-1", "s1", 10, 2, 1, 2, 3, 4, 5)  # hit, destroyed, five kits
    assert seen.count("kit-rolled") == 5
    assert "morale-tested" not in seen
    assert vehicle(game).status == "destroyed"
    assert game.state.losses[-1].kind == "afv-lost"
    assert game.state.losses[-1].by_side == DE


def test_sk_default_casualty_which_crewman_and_how_badly() -> None:
    """SK-DEFAULT-CASUALTY: a 'crew' hit picks one of the crewmen aboard evenly, then d10:
    1-4 killed, 5-7 seriously wounded, 8-10 lightly wounded."""
    odds = dict(checks.casualty(DEFAULT_TABLES).odds_table())
    assert odds == {"killed": Fraction(2, 5), "serious": Fraction(3, 10), "light": Fraction(3, 10)}
    game = table()
    # hit (10), 'crew' (6), the 4th of driver/co-driver/gunner/loader/commander, killed (1),
    # then the Sherman's morale test: fired on by a panzerfaust and a crewman killed (20)
    entry = do(game, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}, 10, 6, 4, 1, 20)
    hit = events(entry, "crewman-hit")[0]
    assert hit["crewman"] == "s1.loader"
    assert hit["severity"] == "killed"
    reason = events(entry, "morale-tested")[0]["reason"]
    assert "AFV-MORALE-01" in reason
    assert "AFV-MORALE-02" in reason
    assert vehicle(game).at("loader") is None


def test_a_man_hit_and_killed_counts_for_both_sides() -> None:
    game = start([sherman(cards=2), team("reds", [man("r1", "rifle", (24.0, 20.0), leader=True)])])
    draw(game, "s1")
    do(game, US, {"action": "acquire", "vehicle": "s1", "crewman": "co-driver", "target": "r1"}, 1)
    draw(game, "s1")
    entry = do(
        game,
        US,
        {
            "action": "fire",
            "vehicle": "s1",
            "crewman": "co-driver",
            "weapon": "bow",
            "target": "r1",
        },
        1,
        1,
    )
    assert events(entry, "man-hit")[0]["severity"] == "killed"
    assert game.state.losses[-1].kind == "leader-killed"
    assert game.view(US)["units"][0]["morale_counts"]["enemy-men-killed"] == 1


def test_amb_afv_18_a_man_on_the_back_deck_is_outside_the_vehicle() -> None:
    """AMB-AFV-18: on the back deck the loader counts as outside: a penetrating 'crew' hit
    picks among the four inside (a d4)."""
    game = start([sherman(cards=2), team("reds", [man("pzf-1", "panzerfaust", (24.0, 20.0))])])
    draw(game, "s1")
    do(game, US, {"action": "unbutton", "vehicle": "s1", "crewman": "loader"})
    draw(game, "s1")
    do(game, US, {"action": "deck", "vehicle": "s1", "crewman": "loader"})
    draw(game, "reds")
    entry = do(game, DE, {"action": "shoot", "man": "pzf-1", "target": "s1"}, 10, 6, 4, 8, 20)
    hit = events(entry, "crewman-hit")[0]
    assert hit["pick"]["faces"][0][0] == 4
    assert hit["pick"]["check"] == "afv.hit-crewman"
    assert hit["crewman"] == "s1.commander"
