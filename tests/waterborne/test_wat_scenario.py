"""The bundled scenario (an assault crossing of a 36" river under fire), played as a worked
example, and scenario validation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from wat_helpers import ALLIES, boat, build, do, hits, scenario_data, stand

import kriegsspiel as ks
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.waterborne import WatScenario

BRITISH, GERMAN = "british", "german"


def bundled() -> Any:
    game = ks.new_game("waterborne", seed="worked-example")
    assert isinstance(game.scenario, WatScenario)
    return game


def test_the_bundled_scenario_sets_up_the_crossing() -> None:
    game = bundled()
    view = game.view(BRITISH)
    assert (view["grid"]["columns"], view["grid"]["rows"], view["grid"]["square"]) == (4, 3, 12)
    tasks = {t["id"]: (t["kind"], t["required"]) for t in view["tasks"]}
    assert tasks == {"bridge-a": ("bridge", 36), "ferry-a": ("ferry", 4)}  # 36" river; 4 CP
    types = {c["type"] for c in view["craft"]}
    assert {"storm-boat", "buffalo", "sherman-dd"} <= types
    assert "g-hmg-2" not in json.dumps(view)  # hidden in the village (CF-HIDDEN)
    assert game.legal_actions(BRITISH)


def test_worked_example_the_first_wave_and_the_german_answer() -> None:
    """The assault's first two initiatives, with the dice fixed."""
    game = bundled()
    # British initiative 1. Storm boat 1 puts out: 5 + 1 (WAT-MOVE-09) = 6, as planned.
    do(game, BRITISH, {"action": "move-craft", "craft": "storm-1", "square": [0, 0]}, 5)
    # Buffalo 1 puts out: 2 + 2 (WAT-MOVE-10) = 4, drift right: heading north, right is east:
    # (4, 0) is beyond the east table edge, so the Buffalo and its four stands are lost.
    do(game, BRITISH, {"action": "move-craft", "craft": "buffalo-1", "square": [3, 0]}, 2)
    assert game.state.craft["buffalo-1"].status == "lost"
    assert {game.state.units[u].status for u in ("sq-3", "sq-4", "hmg-1", "pc-1")} == {"killed"}
    # DD 1 swims on from (1, 0): 1 + 2 = 3, no movement.
    do(game, BRITISH, {"action": "move-craft", "craft": "dd-1", "square": [1, 1]}, 1)
    assert game.state.craft["dd-1"].cell == (1, 0)
    # The sappers: 2 engineers + 2 labour at the bridge (+3), 1 engineer at the ferry (+1).
    do(game, BRITISH, {"action": "work", "site": "bridge-a"})
    do(game, BRITISH, {"action": "work", "site": "ferry-a"})
    entry = do(game, BRITISH, {"action": "end-initiative"}, 2, 3)  # 2+3 = 5 CP; 3+1 = 4 none
    assert [r.event.result.total for r in entry.records[:2]] == [5, 4]
    assert (
        game.state.sites["bridge-a"].work.progress,
        game.state.sites["ferry-a"].work.progress,
    ) == (1, 0)
    assert game.state.phasing == GERMAN

    # German initiative 2. The 8 cm mortar at storm boat 1's squad: EFF 2 doubled (WAT-FIRE-02)
    # = 4 dice; 3 hits kill 1 Section, and its boat goes with it (WAT-CRAFT-03).
    do(game, GERMAN, {"action": "indirect-fire", "unit": "g-mortar", "target": "sq-1"},
       *hits(3, 4))  # fmt: skip
    assert game.state.craft["storm-1"].status == "lost"
    # The infantry gun shells the bridge: HE 3, 2 hits = suppress = a hit (AMB-WAT-18): the CP
    # is lost (WAT-PONTOON-11) and its EFF 2 falls on the four stands that worked on it
    # (WAT-PONTOON-13): eng-1 pinned, the others untouched.
    do(game, GERMAN, {"action": "fire", "unit": "g-ig", "target": "bridge-a"},
       *hits(2, 3), *hits(1, 2), *hits(0, 2), *hits(0, 2), *hits(0, 2))  # fmt: skip
    assert game.state.sites["bridge-a"].work.progress == 0
    assert game.state.sites["bridge-a"].hits == 1
    assert game.state.units["eng-1"].status == "pinned"
    # The observer's battery at the swimming DD: EFF 3 doubled = 6 dice against ARM (rear) 2;
    # one hit is fewer than the armour: no effect, so the fire has failed (CF-INIT).
    do(game, GERMAN, {"action": "indirect-fire", "unit": "g-fo", "target": "dd-1"}, *hits(1, 6))
    assert game.state.craft["dd-1"].status == "ok"
    assert game.state.phasing == BRITISH


def test_playable_from_the_command_line(tmp_path: Path) -> None:
    """The bundled scenario goes through the same `new` and `act` as any other."""
    game = ks.new_game("waterborne", seed="cli")
    path = tmp_path / "crossing.json"
    ks.save_game(game, path)
    loaded = ks.load_game(path)
    loaded.act(BRITISH, {"action": "move-craft", "craft": "storm-2", "square": [1, 0]})
    ks.save_game(loaded, path)
    assert ks.load_game(path).state == loaded.state


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"units": [stand("a", place="nowhere")]}, "no land feature or site"),
        ({"units": [stand("a", aboard="b")], "craft": [boat("b", side="axis")]}, "no craft"),
        ({"units": [stand("a", aboard="b", hidden=True)], "craft": [boat("b")]}, "hidden"),
        ({"units": [stand("a", kind="mortar")]}, "calibre"),
        ({"craft": [boat("b", heading=45)]}, "heading"),
        ({"craft": [boat("b", "punt")]}, "unknown craft type"),
        ({"craft": [boat("b", square=[3, 0])]}, "not a square"),
        ({"craft": [boat("b", land="south", column=7)]}, "does not touch"),
        (
            {
                "sites": [
                    {
                        "id": "s",
                        "side": ALLIES,
                        "kind": "ferry",
                        "bank": "south",
                        "column": 0,
                        "width": 12,
                    }
                ]
            },
            "needs 4 CP",
        ),
        (
            {
                "sites": [
                    {"id": "s", "side": ALLIES, "kind": "bridge", "bank": "woods", "column": 0}
                ]
            },
            "not a bank",
        ),
        ({"craft": [boat("south")]}, "used twice"),
        ({"sides": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}, "exactly two sides"),
    ],
)
def test_scenario_validation(change: dict[str, Any], problem: str) -> None:
    data = {**scenario_data(), **change}
    from kriegsspiel.scenario.load import scenario_from_data

    with pytest.raises(InputError, match=problem):
        scenario_from_data(data, "test.yaml")


def test_a_bridge_needs_a_bank_to_reach() -> None:
    land = [{"id": "south", "kind": "bank", "shore": "south"}]
    site = {"id": "s", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 0}
    with pytest.raises(InputError, match="no bank across"):
        build(land=land, sites=[site])


def test_the_dd_is_this_games_own_rule() -> None:
    """README decision: waterborne's Sherman DD (d6 drift table) shares no state or code with
    the engineering ruleset's (d10 swamping)."""
    package = Path(ks.__file__).parent / "rulesets" / "waterborne"
    for source in package.rglob("*.py"):
        assert "rulesets.engineering" not in source.read_text(encoding="utf-8"), source
    check = ks.find_check("waterborne.craft-move").check(craft="powered")
    assert [p.label for p in check.pools] == ["d6"]
