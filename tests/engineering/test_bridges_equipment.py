"""Bridging equipment (ENG-BRIDGE-04..09): heavy trucks, dismounting at the gap, attacks on it.

A river band lies between y = 20 and y = 22; the German pontoon bridge is sited at (10, 21).
"""

from __future__ import annotations

from typing import Any

import pytest
from fieldwork_kit import RIVER, engineers, game, scenario, troops, vehicle

from conftest import advance_to, do, fire_face, refused, tags
from kriegsspiel.errors import InputError

PONTOON: dict[str, Any] = {
    "id": "pontoon",
    "kind": "pontoon",
    "side": "german",
    "obstacle": "river",
    "position": [10, 21],
    "spans_required": 2,
}


def setup(*bridging: dict[str, Any], extra: tuple[dict[str, Any], ...] = ()) -> Any:
    return game(
        [
            engineers("e1", "german", (10.5, 19.5)),
            vehicle("truck", "german", (5, 5.5), kind="soft-vehicle", capacity=3, speed=16),
            vehicle("lorry", "german", (6, 5.5), kind="soft-vehicle", capacity=2, speed=12),
            vehicle("tank", "german", (4, 5.5), capacity=5, speed=12),
            troops("watch", "us", (30, 40)),
            *extra,
        ],
        terrain=[RIVER],
        bridges=[PONTOON],
        bridging=list(bridging),
    )


def load(unit: str, eq: str = "eq") -> dict[str, Any]:
    return {"action": "load-bridging", "unit": unit, "equipment": eq}


def span(unit: str = "e1", **extra: Any) -> dict[str, Any]:
    return {"action": "build-span", "unit": unit, "bridge": "pontoon"} | extra


LOOSE = {"id": "eq", "side": "german", "bridge": "pontoon", "position": [5, 5]}


def test_eng_bridge_04_no_bridging_equipment_no_bridge() -> None:
    """ENG-BRIDGE-04: a build attempt with no equipment present is refused."""
    g = setup()
    assert refused(g, "german", span()).rule == "ENG-BRIDGE-04"


def test_eng_bridge_05_a_span_is_a_3t_load_for_heavy_trucks_only() -> None:
    """ENG-BRIDGE-05: capacity < 3T refused, tank riders refused, a heavy truck accepted."""
    g = setup(LOOSE)
    assert refused(g, "german", load("lorry")).rule == "ENG-BRIDGE-05"
    assert refused(g, "german", load("tank")).rule == "ENG-BRIDGE-05"
    do(g, "german", load("truck"))
    assert g.state.bridging["eq"].carried_by == "truck"
    with pytest.raises(InputError, match="ENG-BRIDGE-05"):
        scenario(
            [vehicle("tank", "german", None, capacity=5)],
            bridging=[{"id": "eq", "side": "german", "carried_by": "tank"}],
        )


def test_eng_bridge_05_one_heavy_truck_carries_one_span() -> None:
    """ENG-BRIDGE-05: a second span is another 3T the truck does not have."""
    second = LOOSE | {"id": "eq2"}
    g = setup(LOOSE, second)
    do(g, "german", load("truck"))
    assert refused(g, "german", load("truck", "eq2")).rule == "ENG-BRIDGE-05"


def test_eng_bridge_06_soviet_forces_load_bridging_on_lend_lease_trucks() -> None:
    """ENG-BRIDGE-06: a Soviet side's lend-lease heavy truck takes a span."""
    g = game(
        [
            vehicle("studebaker", "soviet", (0, 0.5), kind="soft-vehicle", capacity=3),
            troops("x", "german", (30, 30)),
        ],
        sides=("soviet", "german"),
        bridging=[{"id": "eq", "side": "soviet", "position": [0, 0]}],
    )
    g2 = g  # the Soviet side moves first here
    do(g2, "soviet", load("studebaker"))
    assert g2.state.bridging["eq"].carried_by == "studebaker"


@pytest.mark.parametrize(("y", "allowed"), [(18.0, True), (17.9, False)])
def test_eng_bridge_07_equipment_must_be_dismounted_within_2_inches(
    y: float, allowed: bool
) -> None:
    """ENG-BRIDGE-07: dismounted 2.0" from the gap -> allowed; 2.1" -> refused."""
    g = setup(LOOSE | {"position": [10, y]})
    if allowed:
        entry = do(g, "german", span(), 6)
        assert "span-rolled" in tags(entry)
    else:
        assert refused(g, "german", span(), 6).rule == "ENG-BRIDGE-07"


def test_eng_bridge_07_mounted_equipment_cannot_be_bridged_until_dismounted() -> None:
    """ENG-BRIDGE-07: still on the truck -> refused; dismounted near the gap -> allowed."""
    g = setup(
        LOOSE | {"position": None, "carried_by": "truck"},
        extra=(),
    )
    assert refused(g, "german", span(), 6).rule == "ENG-BRIDGE-07"
    do(g, "german", {"action": "move", "unit": "truck", "to": [10, 18.5]})
    do(g, "german", {"action": "unload-bridging", "unit": "truck", "equipment": "eq"})
    assert g.state.bridging["eq"].position == (10, 18.5)
    advance_to(g, 2, "german")
    assert "span-rolled" in tags(do(g, "german", span(), 6))


@pytest.mark.parametrize(
    ("outcome", "destroyed"),
    [("suppressed", False), ("disordered", False), ("knocked-out", True)],
)
def test_eng_bridge_08_loose_equipment_is_a_medium_g_target(outcome: str, destroyed: bool) -> None:
    """ENG-BRIDGE-08: suppressed or disordered does nothing; a knock-out destroys the span."""
    gunner = troops("gun", "us", (10, 30), attack={"G": 3})
    g = setup(LOOSE, extra=(gunner,))
    advance_to(g, 1, "german", "defensive_fire")
    face = fire_face(outcome, 3)
    entry = do(g, "us", {"action": "fire-on", "unit": "gun", "target": "eq"}, face)
    assert ("equipment-destroyed" in tags(entry)) is destroyed
    assert g.state.bridging["eq"].destroyed is destroyed
    assert g.view("us")["bridging"][0]["destroyed"] is destroyed


def test_eng_bridge_08_artillery_also_attacks_loose_equipment_as_medium_g() -> None:
    """ENG-BRIDGE-08: indirect fire at loose equipment, a knock-out destroys it."""
    battery = {
        "id": "bty",
        "side": "us",
        "kind": "gun",
        "traits": ["artillery"],
        "attack": {"G": 4},
    }
    g = setup(LOOSE, extra=(battery,))
    advance_to(g, 1, "german", "defensive_fire")
    entry = do(g, "us", {"action": "bombard", "unit": "bty", "target": "eq"}, 5)  # 5 + 4 = 9
    assert "equipment-destroyed" in tags(entry)


def test_eng_bridge_09_mounted_equipment_goes_with_its_transport() -> None:
    """ENG-BRIDGE-09: the truck destroyed -> its span destroyed; no bail-out (no unloading)."""
    gunner = troops("gun", "us", (10, 30), attack={"sV": 4})
    g = setup(LOOSE | {"position": None, "carried_by": "truck"}, extra=(gunner,))
    advance_to(g, 1, "german", "defensive_fire")
    refused_fire = refused(g, "us", {"action": "fire-on", "unit": "gun", "target": "eq"}, 5)
    assert refused_fire.rule == "ENG-BRIDGE-09"  # fire at the truck, not its load
    do(g, "us", {"action": "fire", "unit": "gun", "target": "truck"}, 5)  # 5 + 4 = 9: KO
    assert g.state.units["truck"].status == "knocked-out"
    assert g.view("german")["bridging"][0]["destroyed"] is True
    advance_to(g, 2, "german")
    unload = {"action": "unload-bridging", "unit": "truck", "equipment": "eq"}
    assert refused(g, "german", unload).rule == "ENG-BRIDGE-09"
    assert refused(g, "german", span(), 6).rule == "ENG-BRIDGE-04"
