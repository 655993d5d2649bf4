"""Fire against fortifications (ENG-FORT-13..25, AMB-ENG-30..32).

German forts, US attackers firing in their offensive fire phase (vehicles emplaced in their
maneuver phase first). House fire table: d10 + strength + modifiers; <=4 none, 5-6 S, 7-8 D,
9+ KO.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fieldwork_kit import game, troops, vehicle

from conftest import advance_to, do, events_tagged, refused
from kriegsspiel.registry import find_check

PILL: dict[str, Any] = {
    "id": "pill",
    "side": "german",
    "kind": "small-concrete",
    "position": [10, 20],
    "occupants": ["mg"],
    "spotted_by": ["us"],
}


def setup(
    *attackers: dict[str, Any],
    fort: dict[str, Any] | None = None,
    emplace: bool = True,
    **options: Any,
) -> Any:
    g = game(
        [troops("mg", "german", (10, 20), attack={"T": 4}, dr=2), *attackers],
        forts=[fort or PILL],
        options=options or None,
    )
    advance_to(g, 1, "us")
    if emplace:
        for a in attackers:
            if a["kind"].endswith("vehicle") and a.get("position"):
                do(g, "us", {"action": "emplace", "unit": a["id"]})
    advance_to(g, 1, "us", "offensive_fire")
    return g


def fire_on(unit: str, target: str = "pill", **extra: Any) -> dict[str, Any]:
    return {"action": "fire-on", "unit": unit, "target": target} | extra


def bombard(unit: str, target: str) -> dict[str, Any]:
    return {"action": "bombard", "unit": unit, "target": target}


def mods(entry: Any, tag: str = "feature-fired") -> list[tuple[str, int]]:
    result = events_tagged(entry, tag)[0]["result"]
    return [(m["label"], m["value"]) for m in result["modifiers"]]


def outcome(entry: Any, tag: str = "feature-fired") -> str:
    return str(events_tagged(entry, tag)[0]["result"]["outcome"])


BTY = {
    "id": "bty",
    "side": "us",
    "kind": "gun",
    "traits": ["artillery"],
    "attack": {"T": 1, "G": 9},
}
TANK = vehicle("tank", "us", (10, 16), attack={"T": 4, "V": 6})
AVRE = vehicle("avre", "us", (10, 17), card="BR-13", traits=["avre"], attack={"T": 5})


def test_eng_fort_13_indirect_fire_cannot_touch_the_structure() -> None:
    """ENG-FORT-13: IDF against the structure is refused, it has no result."""
    g = setup(BTY)
    assert refused(g, "us", bombard("bty", "pill"), 9).rule == "ENG-FORT-13"


def test_eng_fort_14_the_siege_rule_caps_idf_at_minus_one_and_never_kills() -> None:
    """ENG-FORT-14 (default `capped`, AMB-ENG-30): the seed reduces the IDF attack "to a max of
    -1": computed +7 -> -1 and -1 -> -1; a natural 10 (10 - 1 = 9) would kill but is disordered."""
    check = find_check("engineering.fort-occupants")
    for strength, armour in ((9, 2), (3, 4)):
        capped = check.check(strength=strength, armour=armour, fire="idf-capped")
        assert capped.modifier_total == -1
        assert "knocked-out" not in capped.odds()
        # d10 - 1: <=4 none (faces 1-5), 5-6 S (6, 7), 7-8 D (8, 9, and 10 capped)
        assert capped.odds_table() == [
            ("no-effect", Fraction(1, 2)),
            ("suppressed", Fraction(1, 5)),
            ("disordered", Fraction(3, 10)),
        ]
    g = setup(BTY, fort=PILL | {"armour": 2})  # strength 1 - armour 2 = -1: stays -1
    entry = do(g, "us", bombard("bty", "mg"), 10)
    result = events_tagged(entry, "bombarded")[0]["result"]
    assert result["total"] - result["natural"] == -1
    assert outcome(entry, "bombarded") == "disordered"
    assert g.state.units["mg"].status == "disordered"


def test_eng_fort_14_the_cap_never_raises_a_weaker_attack() -> None:
    """ENG-FORT-14: "reducing this attack to a max of -1" only lowers: a strength-1 battery at an
    armour-6 fort (1 - 6 = -5) stays at -5, no stronger than direct fire at the same occupants
    ("Indirect artillery fire is useless against forts")."""
    check = find_check("engineering.fort-occupants")
    capped = check.check(strength=1, armour=6, fire="idf-capped")
    assert capped.modifier_total == -5
    assert "ENG-FORT-14" not in [m.rule for m in capped.modifiers]
    # d10 - 5: faces 1-9 total 4 or less, no effect; a 10 (total 5) suppresses
    assert capped.odds_table() == [
        ("no-effect", Fraction(9, 10)),
        ("suppressed", Fraction(1, 10)),
        ("disordered", Fraction(0)),
    ]
    direct = check.check(strength=1, armour=6, fire="direct")
    assert [(o, capped.odds()[o]) for o in direct.outcomes] == direct.odds_table()
    g = setup(BTY, fort=PILL | {"kind": "large", "armour": 6})
    entry = do(g, "us", bombard("bty", "mg"), 10)
    result = events_tagged(entry, "bombarded")[0]["result"]
    assert result["total"] - result["natural"] == -5
    assert outcome(entry, "bombarded") == "suppressed"
    assert g.state.units["mg"].status == "suppressed"


def test_amb_eng_30_idf_at_occupants_none_or_full() -> None:
    """AMB-ENG-30: `none` -> refused; `full` -> the armour modifier and a kill is possible."""
    g = setup(BTY, idf_vs_fort_occupants="none")
    assert refused(g, "us", bombard("bty", "mg"), 10).rule == "AMB-ENG-30"
    full = find_check("engineering.fort-occupants").check(strength=9, armour=3, fire="idf-full")
    assert full.odds()["knocked-out"] == Fraction(4, 5)  # d10 + 6 >= 9 on faces 3-10


def bomber(**extra: Any) -> dict[str, Any]:
    return {
        "id": "stuka",
        "side": "us",
        "kind": "soft-vehicle",
        "traits": ["dive-bomber"],
        "attack": {"T": 5, "V": 2},
    } | extra


@pytest.mark.parametrize(
    ("allowed", "mapped", "ok"), [(False, True, False), (True, False, False), (True, True, True)]
)
def test_eng_fort_15_dive_bombers_only_by_the_scenario_and_on_mapped_forts(
    allowed: bool, mapped: bool, ok: bool
) -> None:
    """ENG-FORT-15: without the scenario flag, or with it but an unmapped fort -> refused."""
    g = setup(bomber(), fort=PILL | {"mapped": mapped}, dive_bombers_vs_forts=allowed)
    if ok:
        do(g, "us", fire_on("stuka"), 1)
    else:
        assert refused(g, "us", fire_on("stuka"), 1).rule == "ENG-FORT-15"


def test_eng_fort_16_a_dive_bomber_uses_its_tgsv_strength_as_direct_fire_on_the_structure() -> None:
    """ENG-FORT-16: the bomber's T,G,sV strength (5, not its V 2) by the ENG-FORT-17..23 procedure:
    5 - 3 + face 6 = 8: disordered, passed to the occupants."""
    g = setup(bomber(), fort=PILL | {"mapped": True}, dive_bombers_vs_forts=True)
    entry = do(g, "us", fire_on("stuka"), 6)
    assert mods(entry) == [
        ("attack strength", 5),
        ("fort armour", -3),
        ("fort discipline rating", 0),
    ]
    assert g.state.units["mg"].status == "disordered"


def test_eng_fort_17_tgsv_strength_but_v_for_shaped_charges() -> None:
    """ENG-FORT-17: a tank gun uses its T,G,sV value; a bazooka team its V value."""
    bazooka = troops("bazooka", "us", (10, 17), traits=["shaped-charge"], attack={"T": 1, "V": 5})
    g = setup(TANK, bazooka)
    assert mods(do(g, "us", fire_on("tank"), 1))[0] == ("attack strength", 4)
    assert mods(do(g, "us", fire_on("bazooka"), 1))[0] == ("attack strength", 5)


def test_eng_fort_18_the_unmodified_strength_must_reach_the_armour() -> None:
    """ENG-FORT-18: strength 3 vs armour 3 -> resolved; strength 2 vs armour 3 -> no effect."""
    three = troops("three", "us", (10, 17), attack={"T": 3})
    two = troops("two", "us", (11, 17), attack={"T": 2})
    g = setup(three, two)
    assert outcome(do(g, "us", fire_on("three"), 9)) == "knocked-out"  # 9 + 3 - 3 = 9
    g = setup(three, two)
    assert outcome(do(g, "us", fire_on("two"), 10)) == "no-effect"
    weak = find_check("engineering.fort-structure").check(strength=2, armour=3)
    assert weak.odds()["no-effect"] == 1


@pytest.mark.parametrize(("y", "ok"), [(15.0, True), (14.9, False)])
def test_eng_fort_19_structure_fire_reaches_5_inches(y: float, ok: bool) -> None:
    """ENG-FORT-19: 5.0" -> allowed; 5.1" -> refused."""
    g = setup(vehicle("tank", "us", (10, y), attack={"T": 4}))
    if ok:
        do(g, "us", fire_on("tank"), 1)
    else:
        assert refused(g, "us", fire_on("tank"), 1).rule == "ENG-FORT-19"


def test_eng_fort_19_the_m12_boresights_at_4_inches() -> None:
    """ENG-FORT-19: an M12 (US-32) direct fire at 4" is allowed."""
    m12 = vehicle("m12", "us", (10, 16), card="US-32", attack={"T": 6})
    g = setup(m12)
    do(g, "us", fire_on("m12"), 1)


def test_eng_fort_20_vehicles_emplaced_and_the_fort_spotted() -> None:
    """ENG-FORT-20: a vehicle that is not emplaced -> refused; a fort only suspected -> refused
    until the umpire records it spotted."""
    g = setup(TANK, emplace=False)
    assert refused(g, "us", fire_on("tank"), 1).rule == "ENG-FORT-20"
    rifles = troops("rifles", "us", (10, 17), attack={"T": 3})
    g = setup(rifles, fort=PILL | {"spotted_by": []})
    assert g.view("us")["forts"][0]["spotted"] is False
    assert refused(g, "us", fire_on("rifles"), 1).rule == "ENG-FORT-20"
    do(g, "umpire", {"action": "spot", "fort": "pill", "side": "us"})
    assert g.view("us")["forts"][0]["spotted"] is True
    do(g, "us", fire_on("rifles"), 1)


def test_eng_fort_21_armour_as_modifier_no_enfilade_and_dr_zero() -> None:
    """ENG-FORT-21: armour-4 fort, dr +2 occupants, fired at from the flank: -4, no enfilade
    bonus, the fort's dr 0 (the occupants' dr plays no part)."""
    flank = vehicle("tank", "us", (14, 20), attack={"T": 4})
    g = setup(flank, fort=PILL | {"kind": "large", "armour": 4})
    entry = do(g, "us", fire_on("tank"), 1)
    assert mods(entry) == [
        ("attack strength", 4),
        ("fort armour", -4),
        ("fort discipline rating", 0),
    ]


@pytest.mark.parametrize(("face", "status"), [(4, "suppressed"), (6, "disordered")])
def test_eng_fort_22_suppressed_or_disordered_passes_to_the_occupants(
    face: int, status: str
) -> None:
    """ENG-FORT-22: S or D on the structure -> its occupants S or D; the armour is unchanged.
    AMB-ENG-35: they do not retreat; they stay in the fort."""
    g = setup(TANK)
    do(g, "us", fire_on("tank"), face)  # 4 + 4 - 3 = 5: S; 6 + 4 - 3 = 7: D
    assert g.state.units["mg"].status == status
    assert g.state.forts["pill"].armour == 3
    assert g.state.forts["pill"].occupants == ("mg",)
    assert g.state.units["mg"].position == (10, 20)


def test_eng_fort_23_a_kill_collapses_the_fort_onto_its_occupants() -> None:
    """ENG-FORT-23: KO -> fort gone, occupants gone, its area rubble."""
    g = setup(TANK)
    do(g, "us", fire_on("tank"), 8)  # 8 + 4 - 3 = 9
    fort = g.view("german")["forts"][0]
    assert (fort["collapsed"], fort["rubble"]) == (True, True)
    assert g.state.units["mg"].status == "knocked-out"
    advance_to(g, 2, "us", "offensive_fire")
    assert refused(g, "us", fire_on("tank"), 8).rule == "ENG-FORT-23"


def test_eng_fort_24_the_avre_petard_lowers_the_armour_for_good() -> None:
    """ENG-FORT-24: the AVRE's suppressed result on an armour-3 fort: occupants suppressed and
    armour 2."""
    g = setup(AVRE)
    do(g, "us", fire_on("avre"), 3)  # 3 + 5 - 3 = 5: S
    assert g.state.units["mg"].status == "suppressed"
    assert g.state.forts["pill"].armour == 2


def test_eng_fort_25_armour_1_is_rubble_and_the_occupants_survive() -> None:
    """ENG-FORT-25: 3 -> 2 -> 1 after two petard hits: rubble, occupants alive; a log bunker
    (armour 2) falls to one."""
    g = setup(AVRE)
    do(g, "us", fire_on("avre"), 3)  # 5: S, armour 2
    advance_to(g, 2, "us", "offensive_fire")
    do(g, "us", fire_on("avre"), 3)  # 3 + 5 - 2 = 6: S, armour 1
    fort = g.state.forts["pill"]
    assert (fort.armour, fort.rubble, fort.collapsed) == (1, True, False)
    assert g.state.units["mg"].status == "suppressed"
    log = setup(AVRE, fort=PILL | {"kind": "log"})
    do(log, "us", fire_on("avre"), 2)  # 2 + 5 - 2 = 5: S
    assert log.state.forts["pill"].rubble
    assert log.state.units["mg"].status == "suppressed"


def test_eng_fort_25_rubble_gives_no_more_protection() -> None:
    """ENG-FORT-25 with AMB-ENG-32: the survivors stand in rubble, no fort armour against fire."""
    rifles = troops("rifles", "us", (10, 17), attack={"T": 3})
    g = setup(AVRE, rifles, fort=PILL | {"kind": "log"})
    do(g, "us", fire_on("avre"), 2)
    entry = do(g, "us", {"action": "fire", "unit": "rifles", "target": "mg"}, 1)
    assert ("fort armour", -2) not in mods(entry, "fired")


def test_amb_eng_32_a_kill_by_the_avre_collapses_rather_than_reduces() -> None:
    """AMB-ENG-32: a kill takes precedence over the armour loss: collapse, occupants destroyed."""
    g = setup(AVRE)
    do(g, "us", fire_on("avre"), 7)  # 7 + 5 - 3 = 9
    fort = g.state.forts["pill"]
    assert (fort.collapsed, fort.armour) == (True, 3)
    assert g.state.units["mg"].status == "knocked-out"
