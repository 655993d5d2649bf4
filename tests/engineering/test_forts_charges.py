"""Engineer demolitions on fortifications (ENG-FORT-26..31, AMB-ENG-31/36).

A German pillbox (armour 3) at (10, 20); US sappers place charges on it as the demolition
`pill-charges`. A demolition action rolls its d10 and, when it succeeds, the charges' attack d10
(both when declared). House fire table: d10 + attack + modifiers; <=4 none, 5-6 S, 7-8 D, 9+ KO.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fieldwork_kit import engineers, game, troops

from conftest import advance_to, do, events_tagged, pass_, refused, tags
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import charge_attack

PILL: dict[str, Any] = {
    "id": "pill",
    "side": "german",
    "kind": "small-concrete",
    "position": [10, 20],
    "occupants": ["mg"],
}


def setup(fort: dict[str, Any] | None = None, *extra: dict[str, Any], **options: Any) -> Any:
    g = game(
        [
            troops("mg", "german", (10, 20), traits=["engineer"]),
            engineers("s1", "us", (10, 19)),
            engineers("s2", "us", (10.5, 19.2)),
            engineers("s3", "us", (9.5, 19.2)),
            engineers("far", "us", (10, 18.5)),
            *extra,
        ],
        forts=[fort or PILL],
        options=options or None,
    )
    advance_to(g, 1, "us")
    return g


def prepare(unit: str) -> dict[str, Any]:
    return {"action": "prepare", "unit": unit, "demolition": "pill-charges"}


def demolish(unit: str, **extra: Any) -> dict[str, Any]:
    return {"action": "demolish", "unit": unit, "demolition": "pill-charges"} | extra


def ready(g: Any) -> int:
    return int(g.state.tasks["prepare:pill-charges"].progress)


def charges_fired(entry: Any) -> dict[str, Any]:
    return events_tagged(entry, "charges-fired")[0]


def test_eng_fort_26_engineers_place_charges_from_within_1_inch() -> None:
    """ENG-FORT-26: 1.0" -> may prepare; 1.5" -> refused."""
    g = setup()
    do(g, "us", prepare("s1"))
    assert refused(g, "us", prepare("far")).rule == "ENG-FORT-26"


def test_eng_fort_27_one_engineering_action_per_charge_and_a_demolition_action() -> None:
    """ENG-FORT-27: 1 EA -> 1 charge ready; a DA of 2-10 sets off the attack (9/10)."""
    g = setup()
    entry = do(g, "us", prepare("s1"))
    assert "engineering-started" in tags(entry)
    assert ready(g) == 1
    assert g.state.demolitions["pill-charges"].prepared
    entry = do(g, "us", demolish("s2"), 2, 1)  # the DA, then the charge's attack
    assert charges_fired(entry)["charges"] == 1
    assert find_check("engineering.demolition").check().odds()["success"] == Fraction(9, 10)


def test_eng_fort_28_one_charge_attacks_at_4_with_only_the_armour() -> None:
    """ENG-FORT-28: one charge vs armour 3 -> attack 4, modifier -3, nothing else."""
    g = setup()
    do(g, "us", prepare("s1"))
    entry = do(g, "us", demolish("s2"), 5, 4)  # 4 + 4 - 3 = 5: suppressed
    result = charges_fired(entry)["result"]
    assert [(m["label"], m["value"]) for m in result["modifiers"]] == [
        ("1 charge(s): 4, +2 per extra charge", 4),
        ("fort armour", -3),
    ]
    assert result["outcome"] == "suppressed"


def test_eng_fort_29_charges_go_off_together_at_plus_2_each() -> None:
    """ENG-FORT-29 with AMB-ENG-36: attack = 4 + 2(n - 1): 4, 6, 8; engineers within 1" may
    all add charges; detonating only some of them is refused."""
    assert [charge_attack(n) for n in (1, 2, 3)] == [4, 6, 8]
    g = setup()
    do(g, "us", prepare("s1"))
    do(g, "us", prepare("s2"))
    do(g, "us", prepare("s3"))
    assert ready(g) == 3
    advance_to(g, 2, "us")
    assert refused(g, "us", demolish("s1", charges=2), 5, 1).rule == "ENG-FORT-29"
    entry = do(g, "us", demolish("s1", charges=3), 5, 1)  # 1 + 8 - 3 = 6: suppressed
    fired = charges_fired(entry)
    assert fired["charges"] == 3
    values = {m["label"]: m["value"] for m in fired["result"]["modifiers"]}
    assert values["3 charge(s): 4, +2 per extra charge"] == 8
    assert ready(g) == 0  # all went off; the fort stands and may be charged again


def test_eng_fort_30_suppressed_or_better_lowers_the_armour_for_good() -> None:
    """ENG-FORT-30: two charges (6) against an armour-5 fort, face 4 -> 4 + 6 - 5 = 5:
    suppressed -> armour 4, occupants suppressed."""
    g = setup(PILL | {"kind": "large", "armour": 5})
    do(g, "us", prepare("s1"))
    do(g, "us", prepare("s2"))
    do(g, "us", demolish("s3"), 7, 4)
    assert g.state.forts["pill"].armour == 4
    assert g.state.units["mg"].status == "suppressed"


def test_amb_eng_31_one_charge_cannot_touch_armour_5() -> None:
    """AMB-ENG-31: the combined charge value must reach the armour: one charge (4) vs 5 -> no
    effect whatever the die."""
    g = setup(PILL | {"kind": "large", "armour": 5})
    do(g, "us", prepare("s1"))
    entry = do(g, "us", demolish("s2"), 3, 10)
    assert charges_fired(entry)["result"]["outcome"] == "no-effect"
    assert g.state.forts["pill"].armour == 5
    odds = find_check("engineering.fort-demolition")
    assert odds.check(charges=1, armour=5).odds()["no-effect"] == 1
    assert odds.check(charges=2, armour=5).odds()["suppressed"] == Fraction(1, 5)


def test_amb_eng_36_a_dud_loses_every_charge() -> None:
    """AMB-ENG-36: one d10 for all the charges; a dud loses them all (even with
    `dud_resets = one`)."""
    g = setup(None, dud_resets="one")
    do(g, "us", prepare("s1"))
    do(g, "us", prepare("s2"))
    entry = do(g, "us", demolish("s3"), 1)  # no attack roll after a dud
    assert "charges-fired" not in tags(entry)
    assert ready(g) == 0
    assert not g.state.demolitions["pill-charges"].prepared


@pytest.mark.parametrize("inside", [True, False])
def test_eng_fort_31_the_enemy_removes_a_charge_from_outside_the_fort(inside: bool) -> None:
    """ENG-FORT-31: a remover inside the fort is refused; one emplaced outside removes it and
    has no fort armour while there."""
    g = game(
        [
            troops("mg", "german", (10, 20), traits=["engineer"]),
            engineers("pio", "german", (10.8, 20)),
            engineers("s1", "us", (10, 19)),
            troops("rifles", "us", (10, 15), attack={"T": 3}),
        ],
        forts=[PILL],
    )
    do(g, "german", {"action": "emplace", "unit": "pio"})
    do(g, "german", {"action": "emplace", "unit": "mg"})
    advance_to(g, 1, "us")
    do(g, "us", prepare("s1"))
    do(g, "umpire", {"action": "reveal", "demolition": "pill-charges", "side": "german"})
    advance_to(g, 2, "german")
    remove = {
        "action": "remove-demolition",
        "unit": "mg" if inside else "pio",
        "demolition": "pill-charges",
    }
    if inside:
        assert refused(g, "german", remove).rule == "ENG-FORT-31"
        return
    do(g, "german", remove)
    pass_(g)  # the US may take opportunity fire at the remover (ENG-DEMO-07), and passes
    assert ready(g) == 0
    advance_to(g, 2, "german", "defensive_fire")
    entry = do(g, "us", {"action": "fire", "unit": "rifles", "target": "pio"}, 1)
    labels = [m["label"] for m in events_tagged(entry, "fired")[0]["result"]["modifiers"]]
    assert "fort armour" not in labels
