"""AFV-AMMO-01..04 with AMB-AFV-01, -20, AFV-CREW-10/15/16 and SK-SETUP: machine-gun boxes,
main-gun rounds rolled and split before the first card, loading and reloading."""

from __future__ import annotations

from fractions import Fraction

import pytest
from afvkit import (
    DE,
    US,
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
    team,
    vehicle,
)

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES


def target_team() -> dict[str, object]:
    return team("reds", [man("r1", "rifle", (24.0, 20.0))])


def test_ammo_01_two_250_round_boxes_per_mg() -> None:
    """AFV-AMMO-01: a tank with bow, coax and AA MGs has 6 boxes, 1,500 rounds."""
    game = start([sherman(), target_team()])
    mgs = game.view(US)["units"][0]["mgs"]
    assert set(mgs) == {"bow", "coax", "aa"}
    assert sum(m["boxes"] for m in mgs.values()) == 6
    assert sum(m["rounds"] + 250 * (m["boxes"] - 1) for m in mgs.values()) == 1500


def test_ammo_02_d10_table() -> None:
    """AFV-AMMO-02: d10: 1 -> 10, 2-4 -> 15, 5-7 -> 20, 8-9 -> 25, 10 -> 30; mean 19.5."""
    check = checks.main_gun_ammo(DEFAULT_TABLES, "d10_table")
    odds = dict(check.odds_table())
    assert odds == {
        "10": Fraction(1, 10),
        "15": Fraction(3, 10),
        "20": Fraction(3, 10),
        "25": Fraction(2, 10),
        "30": Fraction(1, 10),
    }
    assert sum(int(k) * p for k, p in odds.items()) == Fraction(39, 2)
    game = start([sherman(ammo=None), target_team()])
    entry = do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 4)
    assert events(entry, "ammo-rolled")[0]["result"]["outcome"] == "15"
    assert vehicle(game).ammo_rolled == 15


def test_ammo_03_3d6_option() -> None:
    """AFV-AMMO-03: the sum of 3d6: 3 to 18, mean 10.5, P(18) = 1/216."""
    check = checks.main_gun_ammo(DEFAULT_TABLES, "3d6")
    odds = {int(k): p for k, p in check.odds_table()}
    assert min(odds) == 3
    assert max(odds) == 18
    assert odds[18] == Fraction(1, 216)
    assert sum(k * p for k, p in odds.items()) == Fraction(21, 2)
    game = start([sherman(ammo=None), target_team()], options={"main_gun_ammo": "3d6"})
    do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 6, 6, 6)
    assert vehicle(game).ammo_rolled == 18


def test_amb_afv_01_the_d10_table_is_the_default() -> None:
    """AMB-AFV-01: option main_gun_ammo = d10_table | 3d6, default d10_table."""
    game = start([sherman(ammo=None), target_team()])
    assert game.view(US)["options"]["main_gun_ammo"] == "d10_table"
    do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 10)
    assert vehicle(game).ammo_rolled == 30


def test_ammo_04_the_owner_splits_the_rounds() -> None:
    """AFV-AMMO-04: the split must add up to the rolled total and use only HE, AP, smoke and
    canister."""
    game = start([sherman(ammo=None), target_team()])
    do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 4)  # 15 rounds
    split = {"action": "split-ammo", "vehicle": "s1", "he": 6, "ap": 6, "smoke": 1}
    assert refused(game, US, split).rule == "AFV-AMMO-04"  # 13, not 15
    with pytest.raises(InputError):
        do(game, US, {**split, "apcr": 2})
    do(game, US, {**split, "canister": 2, "loaded": "AP"})
    assert vehicle(game).ammo == {"HE": 6, "AP": 5, "SMOKE": 1, "CANISTER": 2}
    assert vehicle(game).loaded == "AP"


def test_sk_setup_rounds_before_the_first_card() -> None:
    """SK-SETUP: no card is drawn until every AFV's rounds are rolled and split."""
    game = start([sherman(ammo=None), target_team()])
    assert refused(game, US, {"action": "draw"}).rule == "SK-SETUP"
    assert game.ruleset.seats_to_act(game.state) == [US]
    do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 1)
    do(game, US, {"action": "split-ammo", "vehicle": "s1", "he": 5, "ap": 5})
    draw(game, "s1")
    assert game.state.card is not None


def test_crew_15_the_loader_loads_any_round_still_aboard() -> None:
    """AFV-CREW-15: load SMOKE with no smoke rounds left: rejected; HE: one HE round goes
    into the breech; the breech must be empty; only the loader loads."""
    game = start([sherman(), target_team()])
    draw(game, "s1")
    assert crew_refused(game, "s1", "loader", "load", round="SMOKE").rule == "AFV-CREW-15"
    assert crew_refused(game, "s1", "gunner", "load", round="HE").rule == "AFV-CREW-15"
    crew(game, "s1", "loader", "load", round="HE")
    assert vehicle(game).loaded == "HE"
    assert vehicle(game).ammo == {"HE": 9, "AP": 10, "SMOKE": 0, "CANISTER": 0}
    draw(game, "s1")
    assert crew_refused(game, "s1", "loader", "load", round="AP").rule == "AFV-CREW-15"
    crew(game, "s1", "loader", "unload")
    assert (vehicle(game).ammo or {}).get("HE") == 10


def test_crew_10_the_front_gunner_reloads_the_bow_mg() -> None:
    """AFV-CREW-10: bow MG boxes 2 -> 1 after the front gunner's reload."""
    game = start([sherman(), target_team()])
    draw(game, "s1")
    assert crew_refused(game, "s1", "loader", "reload-mg", mg="bow").rule == "AFV-CREW-10"
    crew(game, "s1", "co-driver", "reload-mg", mg="bow")
    assert vehicle(game).mgs["bow"].boxes == 1


def test_crew_16_the_loader_reloads_the_coax() -> None:
    """AFV-CREW-16: coax boxes go down by 1 per reload; with no spare box left, no reload.
    No crewman's duties include reloading the AA MG."""
    game = start([sherman(), target_team()])
    draw(game, "s1")
    crew(game, "s1", "loader", "reload-mg", mg="coax")
    assert vehicle(game).mgs["coax"].boxes == 1
    draw(game, "s1")
    assert crew_refused(game, "s1", "loader", "reload-mg", mg="coax").rule == "AFV-AMMO-01"
    assert crew_refused(game, "s1", "loader", "reload-mg", mg="aa").rule == "AFV-CREW-16"


def test_amb_afv_20_an_empty_box_stops_fire_until_a_reload() -> None:
    """AMB-AFV-20: one box loaded, one spare; rounds per burst is an option; an empty loaded
    box stops fire until a reload action."""
    game = start([sherman(), target_team()], options={"mg_rounds_per_burst": 250})
    draw(game, "s1")
    acquire(game, "s1", "co-driver", "r1", 1)
    draw(game, "s1")
    crew(game, "s1", "co-driver", "fire", 95, weapon="bow", target="r1")  # a miss
    assert vehicle(game).mgs["bow"].rounds == 0
    draw(game, "s1")
    error = crew_refused(game, "s1", "co-driver", "fire", weapon="bow", target="r1")
    assert error.rule == "AMB-AFV-20"
    crew(game, "s1", "co-driver", "reload-mg", mg="bow")
    assert vehicle(game).mgs["bow"].rounds == 250
    assert DE in game.seats
