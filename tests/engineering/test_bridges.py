"""Bridges: the scenario's bridges, crossing them, bridgelayers, and demolishing bridges.

ENG-BRIDGE-01..03, -17..19, -25..28 (spans: test_bridges_spans.py; equipment:
test_bridges_equipment.py; attacks: test_bridges_attacks.py). German units move first.
A stream runs along y = 10; bridges stand at (10, 10).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fieldwork_kit import RIVER, STREAM, engineers, game, scenario, troops, vehicle

from conftest import advance_to, do, events_tagged, refused, tags
from kriegsspiel.errors import InputError
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering.bridges.bridge_specs import HISTORICAL, PRESETS

STONE: dict[str, Any] = {
    "id": "bridge",
    "kind": "permanent",
    "name": "stone bridge",
    "obstacle": "stream",
    "position": [10, 10],
    "armour": 8,
}


def crossing_game(*, enemy_attack: dict[str, int] | None = None) -> Any:
    """German troops 2" south of a permanent bridge; a US squad well north of it."""
    return game(
        [
            troops("g1", "german", (10, 8), speed=6),
            troops("r1", "us", (10, 30), attack=enemy_attack or {}),
        ],
        terrain=[STREAM],
        bridges=[STONE],
    )


def cross(unit: str, to: tuple[float, float], bridge: str = "bridge") -> dict[str, Any]:
    return {"action": "cross-bridge", "unit": unit, "bridge": bridge, "to": list(to)}


# -- ENG-BRIDGE-01/03: what the scenario says ------------------------------------------------------


def test_eng_bridge_01_a_scenario_may_start_a_bridge_unfinished() -> None:
    """ENG-BRIDGE-01: spans_built < spans_required is a valid start; the bridge is not usable."""
    pontoon = {
        "id": "p",
        "kind": "pontoon",
        "side": "us",
        "obstacle": "river",
        "position": [10, 21],
    }
    g = game(
        [troops("u", "us", (10, 24))],
        terrain=[RIVER],
        bridges=[pontoon | {"spans_required": 3, "spans_built": 1}],
    )
    b = g.state.bridges["p"]
    assert (b.spans_built, b.spans_required, b.complete) == (1, 3, False)
    assert g.view("german")["bridges"][0]["usable"] is False


def test_eng_bridge_03_spans_come_from_the_scenario_and_streams_take_one() -> None:
    """ENG-BRIDGE-03: spans_required is read from the scenario; a stream or AT ditch default
    to one span; a river must say how many."""
    base = {"kind": "pontoon", "side": "us", "position": [10, 10]}
    ditch = {"id": "ditch", "kind": "at-ditch", "points": [[0, 5], [40, 5]], "line": True}
    g = game(
        [troops("u", "us", None)],
        terrain=[STREAM, RIVER, ditch],
        bridges=[
            base | {"id": "a", "obstacle": "stream"},
            base | {"id": "b", "obstacle": "ditch"},
            base | {"id": "c", "obstacle": "river", "spans_required": 4},
        ],
    )
    assert [g.state.bridges[b].spans_required for b in "abc"] == [1, 1, 4]
    with pytest.raises(InputError, match="spans_required"):
        scenario(
            [troops("u", "us", None)],
            terrain=[RIVER],
            bridges=[base | {"id": "d", "obstacle": "river"}],
        )


# -- ENG-BRIDGE-18/19: crossing -------------------------------------------------------------------


def test_eng_bridge_18_a_bridge_is_crossed_by_a_breach_action_not_a_move() -> None:
    """ENG-BRIDGE-18: a normal move across the bridge is refused; a breach action crosses."""
    g = crossing_game()
    err = refused(g, "german", {"action": "move", "unit": "g1", "to": [10, 12]})
    assert err.rule == "ENG-BRIDGE-18"
    entry = do(g, "german", cross("g1", (10, 12)))
    assert "crossed" in tags(entry)
    assert g.state.units["g1"].position == (10, 12)
    assert g.state.actions_left("g1") == 1  # a breach action is one action


def test_eng_bridge_18_a_crossing_must_run_over_the_bridge() -> None:
    """ENG-BRIDGE-18: cross-bridge moves over that bridge, not elsewhere across the stream."""
    g = crossing_game()
    assert refused(g, "german", cross("g1", (14, 12))).rule == "ENG-BRIDGE-18"


def test_eng_bridge_19_a_bridge_is_a_defile_for_opportunity_fire() -> None:
    """ENG-BRIDGE-19: crossing raises the enemy's opportunity fire; a disorder halts the unit on
    its side (as ENG-ACT-10), a miss lets it cross."""
    g = crossing_game(enemy_attack={"T": 3})
    entry = do(g, "german", cross("g1", (10, 12)))
    assert events_tagged(entry, "defile-entered")[0]["opportunity_for"] == "us"
    assert g.state.pending is not None
    assert g.state.units["g1"].position == (10, 8)
    # d10 4 + strength 3 = 7: disordered
    fire = do(g, "us", {"action": "opportunity-fire", "unit": "r1"}, 4)
    assert "work-cancelled" in tags(fire)
    assert g.state.units["g1"].position == (10, 8)
    assert g.log_view("german")[-1]["events"][1]["text"] == (
        "g1's crossing of bridge is cancelled by opportunity fire (ENG-BRIDGE-19)"
    )

    g = crossing_game(enemy_attack={"T": 3})
    do(g, "german", cross("g1", (10, 12)))
    fire = do(g, "us", {"action": "opportunity-fire", "unit": "r1"}, 1)  # 1 + 3 = 4: no effect
    assert tags(fire) == ["opportunity-fire", "crossed", "window-closed"]  # no engineering action
    assert g.state.units["g1"].position == (10, 12)


def test_eng_bridge_17_an_unfinished_bridge_cannot_be_crossed() -> None:
    """ENG-BRIDGE-17: usable only when every span is in place."""
    pontoon = {
        "id": "p",
        "kind": "pontoon",
        "side": "german",
        "obstacle": "river",
        "position": [10, 21],
        "spans_required": 2,
        "spans_built": 1,
    }
    g = game([troops("g1", "german", (10, 19))], terrain=[RIVER], bridges=[pontoon])
    assert refused(g, "german", cross("g1", (10, 23), "p")).rule == "ENG-BRIDGE-17"


# -- ENG-BRIDGE-02: bridgelayers ------------------------------------------------------------------


def layer_game(at: tuple[float, float] = (10, 9.5)) -> Any:
    return game(
        [
            vehicle("layer", "german", at, traits=["bridgelayer"], speed=12),
            vehicle("lorry", "german", (10, 8), kind="soft-vehicle", speed=12),
            troops("watcher", "us", (30, 30)),
        ],
        terrain=[STREAM],
    )


def test_eng_bridge_02_a_bridgelayer_bridges_a_stream_with_one_engineering_action() -> None:
    """ENG-BRIDGE-02: conformed + 1 EA -> a crossing, used with a breach action and no bog-down
    check (no die is rolled)."""
    g = layer_game()
    entry = do(g, "german", {"action": "lay-bridge", "unit": "layer", "obstacle": "stream"})
    assert "engineering-started" in tags(entry)  # an engineering action (AMB-ENG-42)
    laid = g.state.bridges["layer.bridgelayer"]
    assert laid.complete
    assert laid.obstacle == "stream"
    advance_to(g, 2, "german")
    crossing = do(g, "german", cross("lorry", (10, 12), "layer.bridgelayer"))  # no dice
    assert "crossed" in tags(crossing)
    assert g.state.units["lorry"].position == (10, 12)


def test_eng_bridge_02_the_bridgelayer_must_be_conformed() -> None:
    """ENG-BRIDGE-02 with BF-CONFORM: more than 1" from the stream -> refused."""
    g = layer_game(at=(10, 7))
    err = refused(g, "german", {"action": "lay-bridge", "unit": "layer", "obstacle": "stream"})
    assert err.rule == "ENG-BRIDGE-02"


# -- ENG-BRIDGE-25..28: demolition ----------------------------------------------------------------


def wired_game(**demolition: Any) -> Any:
    return game(
        [
            engineers("p1", "german", (10, 9), dr=0),
            engineers("p2", "german", (11, 9), dr=1),
            troops("mg", "german", (12, 9)),
            troops("u", "us", (10, 30)),
        ],
        terrain=[STREAM],
        bridges=[STONE | {"demolition": {"side": "german"} | demolition}],
    )


def prepare(unit: str) -> dict[str, Any]:
    return {"action": "prepare", "unit": unit, "demolition": "bridge-charges"}


def demolish(unit: str) -> dict[str, Any]:
    return {"action": "demolish", "unit": unit, "demolition": "bridge-charges"}


def test_eng_bridge_25_no_demolition_until_every_preparation_is_done() -> None:
    """ENG-BRIDGE-25: the scenario's number of preparations; a DA before that is refused."""
    g = wired_game(preparations=3)
    assert g.state.tasks["prepare:bridge-charges"].required == 3
    assert refused(g, "german", demolish("p1")).rule == "ENG-BRIDGE-25"


def test_eng_bridge_26_each_preparation_takes_a_successful_improve_position_roll() -> None:
    """ENG-BRIDGE-26 with AMB-ENG-29: IP success -> +1, failure -> unchanged; the engineer's dr
    counts (house IP table: d10 + dr, 6 or more)."""
    g = wired_game(preparations=2)
    entry = do(g, "german", prepare("p1"), 5)  # 5 + dr 0 = 5: failure
    assert events_tagged(entry, "preparation-rolled")[0]["result"]["outcome"] == "failure"
    assert g.state.tasks["prepare:bridge-charges"].progress == 0
    advance_to(g, 2, "german")
    do(g, "german", prepare("p1"), 6)  # 6: success
    assert g.state.tasks["prepare:bridge-charges"].progress == 1
    g2 = wired_game(preparations=2)
    do(g2, "german", prepare("p2"), 5)  # 5 + dr 1 = 6: success
    assert g2.state.tasks["prepare:bridge-charges"].progress == 1
    assert refused(g2, "german", prepare("mg"), 6).rule == "AMB-ENG-44"  # engineers only


def test_eng_bridge_26_preparation_odds() -> None:
    """ENG-BRIDGE-26: P(success) = 1/2 at dr 0 and 3/5 at dr +1 on the house IP table."""
    check = find_check("engineering.bridge-preparation")
    assert check.check(dr=0).odds()["success"] == Fraction(1, 2)
    assert check.check(dr=1).odds()["success"] == Fraction(3, 5)


def test_eng_bridge_27_historical_presets() -> None:
    """ENG-BRIDGE-27: stone 4-5, major 8, timber trestle 1-2; AMB-ENG-43: presets 2, 5, 8."""
    assert HISTORICAL == {"timber-trestle": (1, 2), "stone": (4, 5), "major-highway": (8, 8)}
    assert PRESETS == {"timber-trestle": 2, "stone": 5, "major-highway": 8}
    for preset, (low, high) in HISTORICAL.items():
        assert low <= PRESETS[preset] <= high
    for preset, required in PRESETS.items():
        g = wired_game(preset=preset)
        assert g.state.tasks["prepare:bridge-charges"].required == required


def test_eng_bridge_28_a_prepared_bridge_goes_up_on_2_to_10() -> None:
    """ENG-BRIDGE-28: DA 2-10 destroys the bridge (P = 9/10); a 1 leaves it standing."""
    g = wired_game(preset="timber-trestle", prepared=True)
    entry = do(g, "german", demolish("p1"), 2)
    assert "bridge-destroyed" in tags(entry)
    assert g.state.bridges["bridge"].destroyed
    assert g.view("us")["bridges"][0]["usable"] is False
    g = wired_game(preset="timber-trestle", prepared=True)
    do(g, "german", demolish("p1"), 1)
    assert not g.state.bridges["bridge"].destroyed
    demo = g.state.demolitions["bridge-charges"]
    assert not demo.prepared  # AMB-ENG-07 (dud_resets = all): prepare it again
    assert g.state.tasks["prepare:bridge-charges"].progress == 0
    assert find_check("engineering.demolition").check().odds()["success"] == Fraction(9, 10)


def test_eng_bridge_28_a_dud_with_dud_resets_one_keeps_the_other_preparations() -> None:
    """ENG-BRIDGE-28 with AMB-ENG-07: `dud_resets = one` loses a single preparation."""
    g = game(
        [engineers("p1", "german", (10, 9)), troops("u", "us", (10, 30))],
        terrain=[STREAM],
        bridges=[STONE | {"demolition": {"side": "german", "preset": "stone", "prepared": True}}],
        options={"dud_resets": "one"},
    )
    do(g, "german", demolish("p1"), 1)
    assert g.state.tasks["prepare:bridge-charges"].progress == 4
    assert not g.state.bridges["bridge"].destroyed


def test_a_wired_bridge_is_secret_but_the_bridge_is_not() -> None:
    """ENG-DEMO secrecy holds for bridges: the enemy sees the bridge, never its charges."""
    g = wired_game(preset="timber-trestle", prepared=True)
    us = g.view("us")
    assert [b["id"] for b in us["bridges"]] == ["bridge"]
    assert us["demolitions"] == []
    assert "bridge-charges" not in str(us)
    advance_to(g, 1, "us")
    messages = []
    for demo in ("bridge-charges", "no-such-thing"):
        with pytest.raises(InputError) as info:
            do(g, "us", {"action": "remove-demolition", "unit": "u", "demolition": demo})
        messages.append(str(info.value).replace(demo, "?"))
    assert messages[0] == messages[1]
