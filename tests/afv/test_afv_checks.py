"""The named checks of `afv` (`kriegsspiel odds --list`): the checks the issue lists, with
their parameters and outcomes, and every other check these rules roll."""

from __future__ import annotations

from fractions import Fraction

from kriegsspiel import all_checks, find_check
from kriegsspiel.rulesets.afv import RULESET

ROLLED_IN_PLAY = {
    "afv.spot",
    "afv.morale",
    "afv.immobilised-morale",
    "afv.commander-morale",
    "afv.main-gun-ammo",
    "afv.bail-out-kit",
    "afv.broken-track",
    "afv.repair",
    "afv.to-hit",
    "afv.penetration-effect",
    "afv.casualty",
    "afv.hit-crewman",
    "afv.card-draw",
}


def test_every_check_rolled_is_listed() -> None:
    names = {c.name for c in RULESET.checks()}
    assert names == ROLLED_IN_PLAY
    assert names <= {c.name for c in all_checks()}


def test_afv_spot_by_arc_and_hatches() -> None:
    """afv.spot: arc (front|side|rear), hatches (buttoned|unbuttoned); AFV-VIS-05..07."""
    spot = find_check("afv.spot")
    assert {p.name: p.choices for p in spot.params if p.name in ("arc", "hatches")} == {
        "arc": ("front", "side", "rear"),
        "hatches": ("buttoned", "unbuttoned"),
    }
    chances = {
        (arc, hatches): spot.with_args([f"arc={arc}", f"hatches={hatches}"]).odds()["spotted"]
        for arc in ("front", "side", "rear")
        for hatches in ("buttoned", "unbuttoned")
    }
    assert chances == {
        ("front", "buttoned"): Fraction(1, 2),
        ("side", "buttoned"): Fraction(1, 4),
        ("rear", "buttoned"): Fraction(3, 20),
        ("front", "unbuttoned"): 1,
        ("side", "unbuttoned"): 1,
        ("rear", "unbuttoned"): Fraction(3, 4),
    }


def test_afv_morale_counts_and_outcomes() -> None:
    """afv.morale: the counts of the issue, default 0; outcomes intact, halt, retreat."""
    morale = find_check("afv.morale")
    assert [p.name for p in morale.params] == [
        "men-killed",
        "leaders-killed",
        "afv-lost",
        "small-vehicles-lost",
        "heavy-weapons-lost",
        "enemy-men-killed",
        "enemy-afv-destroyed",
        "enemy-small-vehicles-destroyed",
    ]
    assert all(p.default == 0 for p in morale.params)
    assert morale.outcomes == ("intact", "halt", "retreat")
    # 1 man killed (+10 on the roll) and 1 enemy AFV destroyed (-20): net -10 on the roll:
    # intact on 1-60, halt on 61-85, retreat on 86-100.
    odds = dict(morale.check(**{"men-killed": 1, "enemy-afv-destroyed": 1}).odds_table())
    assert odds == {
        "intact": Fraction(60, 100),
        "halt": Fraction(25, 100),
        "retreat": Fraction(15, 100),
    }


def test_afv_main_gun_ammo_by_variant() -> None:
    """afv.main-gun-ammo: variant d10-table | 3d6; outcomes are round counts."""
    ammo = find_check("afv.main-gun-ammo")
    d10 = dict(ammo.with_args(["variant=d10-table"]).odds_table())
    assert set(d10) == {"10", "15", "20", "25", "30"}
    three = dict(ammo.with_args(["variant=3d6"]).odds_table())
    assert set(three) == {str(n) for n in range(3, 19)}
    assert three["10"] == Fraction(27, 216)


def test_afv_bail_out_kit_and_broken_track() -> None:
    assert find_check("afv.bail-out-kit").check().odds()["nothing"] == Fraction(1, 2)
    assert find_check("afv.broken-track").check().odds()["broken"] == Fraction(1, 4)


def test_afv_to_hit_shows_both_modifiers() -> None:
    """AFV-CREW-14/18: a sighted-in commander's shot: 75 + 20 - 10 = 85%."""
    to_hit = find_check("afv.to-hit")
    odds = to_hit.with_args(["range=10", "sighted=true", "commander=true"]).odds()
    assert odds["hit"] == Fraction(85, 100)
    assert odds["backfire"] == Fraction(1, 100)
