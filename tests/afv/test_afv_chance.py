"""The exact odds of whole actions (`Game.odds`): every roll an action makes, each later roll
conditioned on the earlier ones, summed up in the words of the log. Each expected distribution
is worked out here by hand from the rule text and the tables it names, never from the code.

Where a tree would be too large to walk in a test (five crewmen's d10 kits after a kill, two
d100 morale tests after an immobilising hit), the scenario replaces the house tables by small
ones with the same outcomes (a group's own tables, as `tables:` allows): the rules that chain
the rolls are what is checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction as F
from typing import Any

import pytest
from afvkit import DE, UMPIRE_SEAT, US, AfvGame, acquire, do, draw, man, panzer, sherman, start
from afvkit import team as fire_team

from kriegsspiel.core.chance import ActionOdds

Dist = dict[str, F]
EVERYTHING = 10**9  # paths: walk the whole tree


def exact(odds: ActionOdds) -> Dist:
    assert odds.exact
    out = {o.summary: o.probability or F(0) for o in odds.outcomes}
    assert sum(out.values(), F(0)) == 1
    return out


def then(first: Dist | Iterable[tuple[str, F]], after: Iterable[tuple[str, F]]) -> Dist:
    """Two stages one after the other: every pair of results, joined as the log joins them."""
    out: Dist = {}
    later = list(after)
    for a, p in dict(first).items():
        for b, q in later:
            key = f"{a}; {b}" if b else a
            out[key] = out.get(key, F(0)) + p * q
    return out


def merge(*parts: Dist) -> Dist:
    out: Dist = {}
    for part in parts:
        for k, p in part.items():
            out[k] = out.get(k, F(0)) + p
    return out


def scale(d: Dist, p: F) -> Dist:
    return {k: v * p for k, v in d.items()}


# -- a main-gun shot: to hit, penetration, the crewman hit, his wound, morale, bail-outs ----------

SMALL_TABLES: dict[str, Any] = {
    "penetration-effect": {
        "title": "d5 penetration effect",
        "dice": "d5",
        "rules": ["SK-DEFAULT-DAMAGE"],
        "bands": [
            {"max": 1, "outcome": "destroyed"},
            {"min": 2, "max": 2, "outcome": "track"},
            {"min": 3, "max": 3, "outcome": "transmission"},
            {"min": 4, "max": 4, "outcome": "crew"},
            {"min": 5, "outcome": "no-effect"},
        ],
    },
    "casualty": {
        "title": "d3 casualty",
        "dice": "d3",
        "rules": ["SK-DEFAULT-CASUALTY"],
        "bands": [
            {"max": 1, "outcome": "killed"},
            {"min": 2, "max": 2, "outcome": "serious"},
            {"min": 3, "outcome": "light"},
        ],
    },
    "morale": {
        "title": "d4 morale",
        "dice": "d4",
        "rules": ["AFV-MORALE-03"],
        "bands": [
            {"max": 2, "outcome": "intact"},
            {"min": 3, "max": 3, "outcome": "halt"},
            {"min": 4, "outcome": "retreat"},
        ],
    },
    "immobilised-morale": {
        "title": "d2 immobilised morale",
        "dice": "d2",
        "rules": ["AFV-MORALE-15"],
        "bands": [{"max": 1, "outcome": "stay"}, {"min": 2, "outcome": "abandon"}],
    },
    "bail-out-kit": {
        "title": "d4 kit",
        "dice": "d4",
        "rules": ["AFV-BAIL-02"],
        "bands": [
            {"max": 1, "outcome": "smg-2-mags"},
            {"min": 2, "max": 2, "outcome": "smg-grenade"},
            {"min": 3, "max": 3, "outcome": "pistol-2-mags"},
            {"min": 4, "outcome": "nothing"},
        ],
    },
}
TANKETTE = {
    "name": "a two-man tankette",
    "nation": "DE",
    "weight": "light",
    "turret": False,
    "armour": {"front": 20, "side": 15, "rear": 10},
    "positions": [
        {"role": "driver", "hatch": True, "exits": ["top-hatch"]},
        {"role": "commander", "hatch": True, "exits": ["top-hatch"], "leader": True},
    ],
}
SHOT = {"action": "fire", "vehicle": "s1", "crewman": "gunner", "weapon": "main", "target": "c1"}


def shot_table() -> AfvGame:
    """s1 (AP loaded) and, 10" dead ahead facing it, the tankette c1: in range band 1."""
    game = start(
        [
            sherman(loaded="AP"),
            {
                "id": "c1",
                "side": DE,
                "kind": "afv",
                "vehicle": "tankette",
                "position": [24.0, 20.0],
                "facing": 180.0,
            },
        ],
        vehicles={"tankette": TANKETTE},
        tables=SMALL_TABLES,
    )
    draw(game, "s1")
    acquire(game, "s1", "commander", "c1")  # unbuttoned, dead ahead: certain (AFV-VIS-06)
    return game


D4_MORALE = [("c1 keeps its morale", F(1, 2)), ("c1 halts", F(1, 4)), ("c1 retreats", F(1, 4))]


def shot_by_hand() -> Dist:
    """SK-DEFAULT-TO-HIT main gun up to 12": 75%; a natural 99 breaks the firing mechanism and
    100 backfires (AFV-MALF-01/03), both misses (AMB-AFV-11). Whatever the shot does, a tankette
    still in the fight tests morale: AP (90 mm) can destroy 20 mm (AFV-MORALE-01, AMB-AFV-16)."""
    fired = "s1's main gun at c1: "
    misses = merge(
        then([(fired + "miss", F(23, 100))], D4_MORALE),
        then([(fired + "the firing mechanism breaks", F(1, 100))], D4_MORALE),
        then([(fired + "the gun backfires and fills the tank with smoke", F(1, 100))], D4_MORALE),
    )
    hit = fired + "hit; c1 is penetrated"
    immobilised = [("c1's crew may stay aboard", F(1, 2)), ("c1's crew must abandon it", F(1, 2))]
    # SK-DEFAULT-DAMAGE (d5 here): destroyed -> both men bail out at once (AFV-BAIL-01; what
    # they bring is the German side's secret, so the US is told only that they leave)
    destroyed = {
        f"{hit}; c1 is destroyed; morale count for german: an AFV lost, c1 (inflicted by us); "
        "c1.driver leaves c1 by the nearest hatch; c1.commander leaves c1 by the nearest hatch": F(
            1, 5
        )
    }
    # a broken track or transmission: the morale test, then the immobilised test (AMB-AFV-23)
    track = then(
        then([(f"{hit}; c1 breaks a track and is immobilised", F(1, 5))], D4_MORALE), immobilised
    )
    gearbox = then(
        then([(f"{hit}; c1 has its transmission damaged and is immobilised", F(1, 5))], D4_MORALE),
        immobilised,
    )
    # SK-DEFAULT-CASUALTY: each man aboard equally likely; a kill counts against the side at
    # once (AFV-MORALE-06/07: -10 a man, -15 a leader, subtracted per AMB-AFV-04: the d4 + 10
    # or + 15 can only be "retreat"); a serious wound or a light one leaves the d4 as it is
    crew: Dist = {}
    for who, loss in (("c1.driver", "a man killed"), ("c1.commander", "an officer or NCO killed")):
        base = f"{hit}; {who} of c1"
        crew = merge(
            crew,
            {
                f"{base} killed; morale count for german: {loss}, {who} (inflicted by us); "
                "c1 retreats": F(1, 5) * F(1, 2) * F(1, 3)
            },
            then([(f"{base} seriously wounded", F(1, 5) * F(1, 2) * F(1, 3))], D4_MORALE),
            then([(f"{base} lightly wounded", F(1, 5) * F(1, 2) * F(1, 3))], D4_MORALE),
        )
    nothing = then([(f"{hit}, to no effect", F(1, 5))], D4_MORALE)
    hits = scale(merge(destroyed, track, gearbox, crew, nothing), F(75, 100))
    return merge(misses, hits)


@pytest.fixture(scope="module")
def shot_odds() -> dict[str, Dist]:
    """The shot's exact odds as the firer and as the umpire know them (walked once)."""
    game = shot_table()
    return {seat: exact(game.odds(seat, SHOT, budget=EVERYTHING)) for seat in (US, UMPIRE_SEAT)}


def test_a_main_gun_shot_whole_action_odds(shot_odds: dict[str, Dist]) -> None:
    """SK-DEFAULT-TO-HIT, AFV-MALF-01/03, SK-DEFAULT-DAMAGE, SK-DEFAULT-CASUALTY, AFV-MORALE-01,
    -02, -06, -07, -15, AMB-AFV-04, -16, -23, AFV-BAIL-01: the firer's exact odds of the shot."""
    assert shot_odds[US] == shot_by_hand()


def test_the_umpire_also_sees_the_bailed_out_kits(shot_odds: dict[str, Dist]) -> None:
    """AFV-BAIL-01/02: the umpire's odds split the kill by each man's kit (d4 here, 1/4 each),
    which the firer is not told; the rest is the same."""
    umpire = shot_odds[UMPIRE_SEAT]
    kits = {k: p for k, p in umpire.items() if "brings" in k}
    assert len(kits) == 16
    assert set(kits.values()) == {F(75, 100) * F(1, 5) * F(1, 16)}
    assert {k: p for k, p in umpire.items() if "brings" not in k} == {
        k: p for k, p in shot_by_hand().items() if "destroyed" not in k
    }


# -- default tables -----------------------------------------------------------------------------


def test_a_bow_mg_burst_at_a_man() -> None:
    """SK-DEFAULT-TO-HIT MG up to 12": 60%; AFV-MALF-04: a natural 100 jams it (a miss);
    SK-DEFAULT-CASUALTY d10: 1-4 killed, 5-7 seriously, 8-10 lightly wounded; a man killed is
    a loss (AFV-MORALE-06). No morale test: he is no AFV."""
    game = start([sherman(), fire_team("reds", [man("r1", "rifle", (24.0, 22.0))])])
    draw(game, "s1")
    acquire(game, "s1", "commander", "r1")
    burst = {"action": "fire", "vehicle": "s1", "crewman": "co-driver", "weapon": "bow"}
    odds = exact(game.odds(US, {**burst, "target": "r1"}, budget=EVERYTHING))
    assert odds == {
        "s1's bow MG at r1: miss": F(39, 100),
        "s1's bow MG at r1: the MG jams": F(1, 100),
        "s1's bow MG at r1: hit; r1 killed; morale count for german: a man killed, r1 "
        "(inflicted by us)": F(60, 100) * F(4, 10),
        "s1's bow MG at r1: hit; r1 seriously wounded": F(60, 100) * F(3, 10),
        "s1's bow MG at r1: hit; r1 lightly wounded": F(60, 100) * F(3, 10),
    }


def test_a_morale_test_with_its_modifiers() -> None:
    """AFV-MORALE-01 (recorded fire, AMB-AFV-16), -03..05, -06, -12, -14, AMB-AFV-04: one US
    man killed (+10 on the roll) and one German AFV destroyed (-20): d100 - 10, so intact on
    1-60, halt on 61-85, retreat on 86-100."""
    game = start([sherman(), panzer()])
    do(game, UMPIRE_SEAT, {"action": "record", "kind": "man-killed", "side": US})
    do(game, UMPIRE_SEAT, {"action": "record", "kind": "afv-lost", "side": DE, "by_side": US})
    fired = {"action": "fired-on", "vehicle": "s1", "penetration": 120}
    assert exact(game.odds(UMPIRE_SEAT, fired, budget=EVERYTHING)) == {
        "s1 keeps its morale": F(60, 100),
        "s1 halts": F(25, 100),
        "s1 retreats": F(15, 100),
    }


def test_a_draw_into_a_wall() -> None:
    """SK-DRAW: one face per card left (s1's, p4's); AFV-MOVE-03/06: on a US card s1 drives
    its 6" through the garden wall 3" ahead, a 25% broken track (AMB-AFV-15); AFV-MORALE-15/16,
    AMB-AFV-23: then the d100 immobilised test, 1-50 the crew may stay, 51+ abandon."""
    wall = {"id": "wall", "kind": "wall", "line": True, "points": [[20.0, 13.0], [28.0, 13.0]]}
    game = start([sherman(speed=6.0), panzer()], terrain=[wall])
    card = "card 1 is s1's card (us); s1 moves to 24.0,13.0; s1 drives through wall: "
    assert exact(game.odds(US, {"action": "draw"}, budget=EVERYTHING)) == {
        "card 1 is p4's card (german)": F(1, 2),
        card + "its tracks hold; s1 moves to 24.0,16.0": F(1, 2) * F(3, 4),
        card + "breaks a track; s1 breaks a track and is immobilised; s1's crew may stay aboard": F(
            1, 2
        )
        * F(1, 4)
        * F(1, 2),
        card + "breaks a track; s1 breaks a track and is immobilised; s1's crew must abandon it": F(
            1, 2
        )
        * F(1, 4)
        * F(1, 2),
    }


def test_a_retreating_afv_commander_retests_on_its_card() -> None:
    """AFV-MORALE-05 with AMB-AFV-06/22: on its crew card a retreating AFV's commander tests
    (d100, pass on 1-50, stopping the retreat); else it goes 6" back along its route."""
    game = start([sherman(entry=[24.0, 0.0], cards=2), panzer(cards=2)])
    do(game, UMPIRE_SEAT, {"action": "fired-on", "vehicle": "s1", "penetration": 120}, 90)
    draw(game, "p4")
    odds = exact(game.odds(DE, {"action": "draw"}, budget=EVERYTHING))
    retest = "card 2 is s1's card (us); s1's commander "
    assert odds == {
        retest + "passes: the retreat stops": F(2, 3) * F(1, 2),
        retest + "fails: the retreat goes on; s1 retreats along its route to 24.0,4.0": F(2, 3)
        * F(1, 2),
        "card 2 is p4's card (german)": F(1, 3),
    }


def test_a_crewman_bailing_out() -> None:
    """AFV-BAIL-01/02 (AMB-AFV-17): a d10 for his kit, told to his side: 1-2 SMG and two
    magazines, 3 SMG and a grenade, 4-5 pistol and two magazines, 6+ nothing."""
    game = start([sherman(), panzer()])
    draw(game, "s1")
    out = {"action": "bail-out", "vehicle": "s1", "crewman": "loader"}
    leaves = "s1.loader leaves s1 by the top hatch; s1.loader brings "
    assert exact(game.odds(US, out, budget=EVERYTHING)) == {
        leaves + "an SMG and two magazines": F(2, 10),
        leaves + "an SMG and a hand grenade": F(1, 10),
        leaves + "his pistol and two magazines": F(2, 10),
        leaves + "only the clothes on his back": F(5, 10),
    }


def test_the_log_carries_the_summary_the_odds_name(shot_odds: dict[str, Dist]) -> None:
    """The `outcome` of a played action is one of its odds' summaries, for each seat."""
    game = shot_table()
    odds = shot_odds
    do(game, US, SHOT, 10, 4, 2, 1, 3)  # hit; crew; the commander; killed; morale d4 3
    for seat in (US, UMPIRE_SEAT):
        outcome = game.log_view(seat)[-1]["outcome"]
        assert outcome in odds[seat]
    assert game.log_view(US)[-1]["outcome"] == (
        "s1's main gun at c1: hit; c1 is penetrated; c1.commander of c1 killed; morale count for "
        "german: an officer or NCO killed, c1.commander (inflicted by us); c1 retreats"
    )
    german = [e for e in game.log_view(DE) if e.get("outcome", "").startswith("s1's main gun")]
    assert german[-1]["outcome"] == game.log_view(US)[-1]["outcome"]
