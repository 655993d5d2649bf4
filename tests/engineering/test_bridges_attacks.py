"""Destroying bridges by close combat and by fire (ENG-BRIDGE-20..24, AMB-ENG-26..28).

A river band lies between y = 20 and y = 22: a finished German pontoon (3 spans) at (10, 21),
loose German bridging equipment at (10, 19.5), a stone bridge (armour 6) at (30, 21). House fire
table: d10 + strength + modifiers; <=4 none, 5-6 S, 7-8 D, 9+ KO. Close combat: each side d10
+ modifiers (here the attacker's die first, then the defender's).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fieldwork_kit import RIVER, game, troops

from conftest import advance_to, do, events_tagged, refused, tags
from kriegsspiel.registry import find_check

BRIDGES: list[dict[str, Any]] = [
    {
        "id": "pontoon",
        "kind": "pontoon",
        "side": "german",
        "obstacle": "river",
        "position": [10, 21],
        "spans_required": 3,
        "spans_built": 3,
    },
    {"id": "stone", "kind": "permanent", "obstacle": "river", "position": [30, 21], "armour": 6},
]
EQUIPMENT = [{"id": "eq", "side": "german", "bridge": "pontoon", "position": [10, 19.5]}]


def setup() -> Any:
    return game(
        [
            troops("guards", "german", (5, 15)),
            troops("r1", "us", (10.5, 20.3), attack={"G": 3, "V": 5}),
            troops("r2", "us", (10.5, 19.5), attack={"G": 3}),
            troops("r3", "us", (30.5, 20.3), attack={"V": 5}),
            {"id": "bty", "side": "us", "kind": "gun", "traits": ["artillery"], "attack": {"G": 4}},
        ],
        terrain=[RIVER],
        bridges=BRIDGES,
        bridging=EQUIPMENT,
    )


def assault(unit: str, target: str) -> dict[str, Any]:
    return {"action": "close-combat", "unit": unit, "target": target}


def fire_on(unit: str, target: str) -> dict[str, Any]:
    return {"action": "fire-on", "unit": unit, "target": target}


def test_eng_bridge_20_bridges_defend_at_zero_and_never_attack() -> None:
    """ENG-BRIDGE-20: the bridge's close combat value is its die + 0; a bridge never starts one."""
    g = setup()
    assert refused(g, "german", assault("pontoon", "r1")).rule == "ENG-BRIDGE-20"
    advance_to(g, 1, "us")
    entry = do(g, "us", assault("r1", "pontoon"), 3, 7)
    result = events_tagged(entry, "close-combat-fought")[0]["result"]
    defender = [m for m in result["modifiers"] if m["label"].startswith("defender")]
    assert [(m["label"], m["value"]) for m in defender] == [("defender: bridge guards", 0)]


@pytest.mark.parametrize(("attacker", "defender", "destroyed"), [(6, 6, True), (5, 6, False)])
def test_eng_bridge_21_an_equal_or_higher_attacker_destroys_the_bridge(
    attacker: int, defender: int, destroyed: bool
) -> None:
    """ENG-BRIDGE-21 with AMB-ENG-27: 6 vs 6 -> destroyed (ties to the attacker, the whole
    bridge); 5 vs 6 -> intact."""
    g = setup()
    advance_to(g, 1, "us")
    do(g, "us", assault("r1", "pontoon"), attacker, defender)
    assert g.state.bridges["pontoon"].destroyed is destroyed


def test_eng_bridge_21_loose_equipment_defends_the_same_way() -> None:
    """ENG-BRIDGE-20/21: dismounted equipment defends at +0 and is destroyed on a tie."""
    g = setup()
    advance_to(g, 1, "us")
    entry = do(g, "us", assault("r2", "eq"), 4, 4)
    assert "equipment-destroyed" in tags(entry)


def test_eng_bridge_21_odds_of_a_bridge_close_combat() -> None:
    """ENG-BRIDGE-21: with no modifiers P(destroyed) = P(a >= b) for two d10 = 55/100."""
    check = find_check("engineering.bridge-close-combat")
    assert check.check(attacker=0).odds()["attacker-wins"] == Fraction(11, 20)
    # the house default elsewhere: ties go to the defender, 45/100
    assert find_check("engineering.close-combat").check().odds()["attacker-wins"] == Fraction(9, 20)


def test_eng_bridge_22_permanent_bridges_are_immune_to_close_combat() -> None:
    """ENG-BRIDGE-22: close combat against a permanent bridge is refused."""
    g = setup()
    advance_to(g, 1, "us")
    assert refused(g, "us", assault("r3", "stone"), 9, 1).rule == "ENG-BRIDGE-22"


@pytest.mark.parametrize(
    ("face", "spans"),
    [(4, 3), (6, 3), (8, 2)],  # 4+3-2 = 5: S; 6+3-2 = 7: D; 8+3-2 = 9: KO
)
def test_eng_bridge_23_a_span_is_a_dug_in_medium_gun_target(face: int, spans: int) -> None:
    """ENG-BRIDGE-23 with AMB-ENG-26: a knock-out destroys one span (3 -> 2, impassable);
    suppressed and disordered change nothing. Direct fire at a dug-in gun: -2 (house)."""
    g = setup()
    advance_to(g, 1, "german", "defensive_fire")
    entry = do(g, "us", fire_on("r1", "pontoon"), face)
    mods = {
        m["label"]: m["value"]
        for m in events_tagged(entry, "feature-fired")[0]["result"]["modifiers"]
    }
    assert mods == {"attack strength": 3, "dug-in medium gun": -2}
    assert g.state.bridges["pontoon"].spans_built == spans
    assert g.view("us")["bridges"][0]["usable"] is (spans == 3)


def test_eng_bridge_23_artillery_at_a_span_uses_the_indirect_dug_in_value() -> None:
    """ENG-BRIDGE-23: IDF at a dug-in Medium gun: -1 (BF-DEFAULT-DUGIN); 6 + 4 - 1 = 9: KO."""
    g = setup()
    advance_to(g, 1, "german", "defensive_fire")
    entry = do(g, "us", {"action": "bombard", "unit": "bty", "target": "pontoon"}, 6)
    assert "span-lost" in tags(entry)
    assert g.state.bridges["pontoon"].spans_built == 2


def test_amb_eng_26_loose_equipment_is_not_dug_in() -> None:
    """AMB-ENG-26: loose equipment is a Medium G target with no dug-in modifier."""
    g = setup()
    advance_to(g, 1, "german", "defensive_fire")
    entry = do(g, "us", fire_on("r2", "eq"), 1)
    mods = events_tagged(entry, "feature-fired")[0]["result"]["modifiers"]
    assert [(m["label"], m["value"]) for m in mods] == [("attack strength", 3)]


@pytest.mark.parametrize(("face", "destroyed"), [(6, False), (8, False), (10, True)])
def test_eng_bridge_24_permanent_bridges_are_attacked_as_armoured_vehicles(
    face: int, destroyed: bool
) -> None:
    """ENG-BRIDGE-24 with AMB-ENG-28: V strength 5 against armour 6; only a knock-out counts and
    destroys the bridge (6 - 1 = 5: S; 8 - 1 = 7: D; 10 - 1 = 9: KO)."""
    g = setup()
    advance_to(g, 1, "german", "defensive_fire")
    entry = do(g, "us", fire_on("r3", "stone"), face)
    mods = events_tagged(entry, "feature-fired")[0]["result"]["modifiers"]
    assert [(m["label"], m["value"]) for m in mods] == [
        ("attack strength", 5),
        ("bridge armour", -6),
    ]
    assert g.state.bridges["stone"].destroyed is destroyed


def test_eng_bridge_24_odds_a_high_armour_bridge_is_nearly_immune() -> None:
    """ENG-BRIDGE-24: strength 3 against armour 8: only a natural 10 (3 - 8 + 10 = 5) even
    suppresses; no knock-out is possible."""
    check = find_check("engineering.bridge-fire").check(target="permanent", strength=3, armour=8)
    assert check.odds()["knocked-out"] == 0
    assert check.odds()["suppressed"] == Fraction(1, 10)
