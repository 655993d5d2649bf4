"""Fortifications: set-up, armour, arcs, occupants under fire and in close combat
(ENG-FORT-01..12, AMB-ENG-33/34). Structure attacks: test_forts_fire.py; charges:
test_forts_charges.py.

The German side holds the forts; the US attacks (german moves first). House fire table:
d10 + strength + modifiers; <=4 none, 5-6 S, 7-8 D, 9+ KO. Close combat: each side d10 +
modifiers, the attacker's die first.
"""

from __future__ import annotations

from typing import Any

import pytest
from fieldwork_kit import engineers, game, scenario, troops, vehicle

from conftest import advance_to, do, events_tagged, refused
from kriegsspiel.errors import InputError

PILLBOX: dict[str, Any] = {
    "id": "pill",
    "side": "german",
    "kind": "small-concrete",
    "position": [10, 20],
    "occupants": ["mg"],
    "spotted_by": ["us"],
}


def setup(*extra: dict[str, Any], fort: dict[str, Any] | None = None, **options: Any) -> Any:
    return game(
        [
            troops("mg", "german", (10, 20), attack={"T": 4}),
            troops("rifles", "us", (10, 16), attack={"T": 3}),
            engineers("sappers", "us", (10, 19.3)),
            troops("squad", "us", (10.5, 19.3)),
            *extra,
        ],
        forts=[fort or PILLBOX],
        options=options or None,
    )


def mods(entry: Any, tag: str) -> dict[str, int]:
    result = events_tagged(entry, tag)[0]["result"]
    return {m["label"]: m["value"] for m in result["modifiers"]}


def test_eng_fort_01_base_game_positions_are_not_forts() -> None:
    """ENG-FORT-01: foxholes, trenches and log emplacements keep the base rules' cover: no fort
    armour for a unit in one, and a scenario cannot declare one a fort."""
    foxhole = {"id": "fox", "kind": "foxhole", "points": [[9, 29], [11, 29], [11, 31], [9, 31]]}
    g = game(
        [
            troops("dug", "german", (10, 30), attack={"T": 3}),
            troops("r", "us", (10, 26), attack={"T": 3}),
        ],
        terrain=[foxhole],
    )
    advance_to(g, 1, "us", "offensive_fire")
    entry = do(g, "us", {"action": "fire", "unit": "r", "target": "dug"}, 1)
    assert "fort armour" not in mods(entry, "fired")
    for kind in ("foxhole", "trench", "log-emplacement"):
        with pytest.raises(InputError):
            scenario(
                [troops("u", "german", None)], forts=[{"id": "f", "side": "german", "kind": kind}]
            )


def test_eng_fort_02_forts_are_set_up_before_the_game_and_never_move() -> None:
    """ENG-FORT-02: a fort is no unit to move; its occupants may leave, the fort stays."""
    g = setup()
    with pytest.raises(InputError):
        do(g, "german", {"action": "move", "unit": "pill", "to": [10, 25]})
    do(g, "german", {"action": "move", "unit": "mg", "to": [10, 24]})
    assert g.state.forts["pill"].position == (10, 20)
    assert g.state.forts["pill"].occupants == ()


def test_eng_fort_03_armour_values() -> None:
    """ENG-FORT-03: small concrete 3 and log 2 by default; a large structure 4 to 6."""
    forts: list[dict[str, Any]] = [
        {"id": "a", "side": "german", "kind": "small-concrete"},
        {"id": "b", "side": "german", "kind": "log"},
        *({"id": f"l{n}", "side": "german", "kind": "large", "armour": n} for n in (4, 5, 6)),
    ]
    g = game([troops("u", "german", None)], forts=forts)
    assert [g.state.forts[f].armour for f in ("a", "b", "l4", "l5", "l6")] == [3, 2, 4, 5, 6]
    for bad in (3, 7, None):
        large: dict[str, Any] = {"id": "x", "side": "german", "kind": "large"}
        if bad is not None:
            large["armour"] = bad
        with pytest.raises(InputError, match="armour"):
            scenario([troops("u", "german", None)], forts=[large])


def test_eng_fort_04_structure_attacks_use_the_armour_as_the_target_value() -> None:
    """ENG-FORT-04: fire at the structure is against the fort's armour."""
    g = setup(vehicle("tank", "us", (10, 16), attack={"T": 4}))
    advance_to(g, 1, "us")
    do(g, "us", {"action": "emplace", "unit": "tank"})
    advance_to(g, 1, "us", "offensive_fire")
    entry = do(g, "us", {"action": "fire-on", "unit": "tank", "target": "pill"}, 1)
    assert mods(entry, "feature-fired")["fort armour"] == -3


def test_eng_fort_05_the_armour_is_a_negative_modifier_against_occupants() -> None:
    """ENG-FORT-05: fire at the occupants of an armour-3 fort -> -3."""
    g = setup()
    advance_to(g, 1, "us", "offensive_fire")
    entry = do(g, "us", {"action": "fire", "unit": "rifles", "target": "mg"}, 5)
    assert mods(entry, "fired")["fort armour"] == -3
    assert events_tagged(entry, "fired")[0]["result"]["total"] == 5  # 5 + 3 - 3
    assert g.state.units["mg"].status == "suppressed"


def test_eng_fort_06_a_large_fort_may_be_split_into_elements() -> None:
    """ENG-FORT-06: elements {4, 3} keep and lose armour each on its own."""
    elements: list[dict[str, Any]] = [
        {
            "id": "west",
            "side": "german",
            "kind": "large",
            "armour": 4,
            "part_of": "werk",
            "position": [10, 20],
            "spotted_by": ["us"],
        },
        {
            "id": "east",
            "side": "german",
            "kind": "small-concrete",
            "part_of": "werk",
            "position": [20, 20],
            "spotted_by": ["us"],
        },
    ]
    avre = vehicle("avre", "us", (10, 17), card="BR-13", attack={"T": 5})
    g = game([avre, troops("g", "german", (30, 30))], forts=elements)
    advance_to(g, 1, "us")
    do(g, "us", {"action": "emplace", "unit": "avre"})
    advance_to(g, 1, "us", "offensive_fire")
    do(g, "us", {"action": "fire-on", "unit": "avre", "target": "west"}, 4)  # 4 + 5 - 4 = 5: S
    assert (g.state.forts["west"].armour, g.state.forts["east"].armour) == (3, 3)
    assert [f["part_of"] for f in g.view("us")["forts"]] == ["werk", "werk"]


def test_eng_fort_07_arcs_of_fire_and_of_visibility() -> None:
    """ENG-FORT-07 with AMB-ENG-33: attacked only from where it is visible; its occupants fire
    only into its fire arcs; with no arcs given, all round."""
    arced = PILLBOX | {
        "visible_arcs": [{"facing": 180, "width": 90}],
        "fire_arcs": [{"facing": 180, "width": 90}],
    }
    behind = troops("behind", "us", (10, 24), attack={"T": 3})
    g = setup(behind, fort=arced)
    advance_to(g, 1, "german", "defensive_fire")  # the US fires at the occupants
    err = refused(g, "us", {"action": "fire", "unit": "behind", "target": "mg"}, 5)
    assert err.rule == "ENG-FORT-07"
    do(g, "us", {"action": "fire", "unit": "rifles", "target": "mg"}, 1)  # from the front: allowed
    advance_to(g, 1, "german", "offensive_fire")
    err = refused(g, "german", {"action": "fire", "unit": "mg", "target": "behind"}, 5)
    assert err.rule == "ENG-FORT-07"
    do(g, "german", {"action": "fire", "unit": "mg", "target": "rifles"}, 1)
    g = setup(behind)  # no arcs: 360 degrees
    advance_to(g, 1, "german", "defensive_fire")
    do(g, "us", {"action": "fire", "unit": "behind", "target": "mg"}, 1)


def test_eng_fort_08_direct_and_indirect_fire_at_occupants_take_the_armour() -> None:
    """ENG-FORT-08: direct fire and IDF at the occupants of an armour-4 fort each get -4 (IDF as
    option `idf_vs_fort_occupants = full`, AMB-ENG-30)."""
    fort4 = PILLBOX | {"kind": "large", "armour": 4}
    bty = {"id": "bty", "side": "us", "kind": "gun", "traits": ["artillery"], "attack": {"T": 5}}
    g = setup(bty, fort=fort4, idf_vs_fort_occupants="full")
    advance_to(g, 1, "us", "offensive_fire")
    direct = do(g, "us", {"action": "fire", "unit": "rifles", "target": "mg"}, 1)
    assert mods(direct, "fired")["fort armour"] == -4
    indirect = do(g, "us", {"action": "bombard", "unit": "bty", "target": "mg"}, 8)
    assert mods(indirect, "bombarded")["fort armour"] == -4
    assert g.state.units["mg"].status == "knocked-out"  # 8 + 5 - 4 = 9: full IDF may kill


def assault(unit: str, target: str = "mg", **extra: Any) -> dict[str, Any]:
    return {"action": "close-combat", "unit": unit, "target": target} | extra


@pytest.mark.parametrize(
    ("attacker", "allowed"),
    [
        (troops("a", "us", (10, 19.3)), False),
        (engineers("a", "us", (10, 19.3)), True),
        (troops("a", "us", (10, 19.3), traits=["flamethrower"]), True),
        (troops("a", "us", (10, 19.3), traits=["assault-troops"]), True),
        (vehicle("a", "us", (10, 19.3), card="BR-13"), True),
    ],
)
def test_eng_fort_09_only_some_units_may_close_assault_a_fort(
    attacker: dict[str, Any], allowed: bool
) -> None:
    """ENG-FORT-09: engineers, flamethrowers, the AVRE and assault troops may; infantry not."""
    g = game([troops("mg", "german", (10, 20)), attacker], forts=[PILLBOX])
    advance_to(g, 1, "us")
    if allowed:
        do(g, "us", assault("a"), 5, 5)
    else:
        assert refused(g, "us", assault("a"), 5, 5).rule == "ENG-FORT-09"


def test_eng_fort_10_defenders_use_the_armour_as_base_strength() -> None:
    """ENG-FORT-10: armour 3 and a defender modifier of +1 -> 3 + 1 = 4 before the die."""
    g = setup()
    advance_to(g, 1, "us")
    entry = do(g, "umpire", assault("sappers", defender_modifier=1), 7, 2)  # BF-DEFAULT-DECLARED
    result = events_tagged(entry, "close-combat-fought")[0]["result"]
    defence = [m["value"] for m in result["modifiers"] if m["label"].startswith("defender")]
    assert defence == [-3, -1]  # listed against the attacker: 3 + 1 = 4
    # 7 + 0 against 2 + 4 = 6: the sappers win and the occupants are knocked out
    assert events_tagged(entry, "close-combat-fought")[0]["loser"] == "mg"
    assert g.state.units["mg"].status == "knocked-out"


def test_eng_fort_11_occupants_who_attack_out_lose_the_fort() -> None:
    """ENG-FORT-11 with AMB-ENG-34: no armour modifier nor armour-based strength for that
    combat; the fort still protects them afterwards."""
    g = setup()
    entry = do(g, "german", assault("mg", "squad"), 5, 5)  # in the German maneuver phase
    result = events_tagged(entry, "close-combat-fought")[0]["result"]
    labels = {m["label"]: m["value"] for m in result["modifiers"]}
    assert labels == {
        "attacker's close combat modifiers": 0,
        "occupants attacking lose the fort's benefits": 0,
        "defender: close combat modifiers": 0,
    }
    assert g.state.forts["pill"].occupants == ("mg",)  # a tie: the defender wins, mg is lost
    assert g.state.units["mg"].status == "knocked-out"


def test_eng_fort_12_the_structure_is_a_target_of_its_own() -> None:
    """ENG-FORT-12: fire at the structure and fire at the occupants are different attacks."""
    g = setup(vehicle("tank", "us", (10, 16), attack={"T": 4}))
    advance_to(g, 1, "us")
    do(g, "us", {"action": "emplace", "unit": "tank"})
    advance_to(g, 1, "us", "offensive_fire")
    at_fort = do(g, "us", {"action": "fire-on", "unit": "tank", "target": "pill"}, 1)
    at_men = do(g, "us", {"action": "fire", "unit": "rifles", "target": "mg"}, 1)
    assert (
        events_tagged(at_fort, "feature-fired")[0]["result"]["check"]
        == "engineering.fort-structure"
    )
    assert events_tagged(at_men, "fired")[0]["result"]["check"] == "engineering.direct-fire"
    with pytest.raises(InputError):  # a unit is fired at with `fire`, a feature with `fire-on`
        do(g, "us", {"action": "fire-on", "unit": "rifles", "target": "mg"}, 1)
