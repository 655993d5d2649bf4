"""WAT-FERRY-01/02 with AMB-WAT-20: pontoon ferries."""

from __future__ import annotations

from typing import Any

from wat_helpers import ALLIES, AXIS, do, end, events, game_of, hits, refused, stand

MORTAR: dict[str, Any] = {
    "kind": "mortar", "calibre": 81, "eff": 2, "traits": ["indirect"], "place": "north",
}  # fmt: skip


def ferry_game(built: int = 0, units: tuple[dict[str, Any], ...] = ()) -> Any:
    site = {"id": "fy", "side": ALLIES, "kind": "ferry", "bank": "south", "column": 0,
            "built": built, "craft": "folk"}  # fmt: skip
    return game_of([stand("e", kind="engineer", place="fy"), *units], [], sites=[site])


def test_wat_ferry_01_four_cp_then_operational_next_friendly_initiative() -> None:
    """WAT-FERRY-01: the team reaches 4 CP -> the ferry is operational from the next friendly
    initiative (by analogy with WAT-PONTOON-09)."""
    game = ferry_game(built=3)
    assert game.state.sites["fy"].work.required == 4
    do(game, ALLIES, {"action": "work", "site": "fy", "units": ["e"]})
    do(game, ALLIES, {"action": "end-initiative"}, 5)
    assert game.state.sites["fy"].work.progress == 4
    assert "folk" not in game.state.craft
    entry = end(game)
    assert events(entry)[-1] == "FerryLaunched"
    ferry = game.state.craft["folk"]
    assert (ferry.type, ferry.side, ferry.feature, ferry.cell, ferry.heading) == (
        "folkestone",
        ALLIES,
        "south",
        (0, -1),
        0,
    )


def test_wat_ferry_02_the_ferry_is_a_craft_with_the_folkestone_profile() -> None:
    """WAT-FERRY-02: speed 1, the WAT-MOVE-05 table with its class modifier (+2, AMB-WAT-05);
    it carries twice an LCM's load (WAT-CRAFT-08)."""
    game = ferry_game(built=4, units=(stand("tank", kind="tank", arm=[4, 2]),))
    assert game.state.craft["folk"].spec.capacity == 16
    do(game, ALLIES, {"action": "board", "unit": "tank", "craft": "folk"})
    end(game)
    end(game)
    entry = do(game, ALLIES, {"action": "move-craft", "craft": "folk", "square": [0, 0]}, 3)
    result = entry.records[0].event.result
    assert [(m.value, m.rule) for m in result.modifiers] == [(2, "WAT-MOVE-10")]
    assert result.outcome == "drift-left"
    assert game.state.craft["folk"].status == "lost"
    assert game.state.units["tank"].status == "killed"  # drifted off the west edge (WAT-MOVE-07)


def test_amb_wat_20_hits_while_building_cost_cp_and_two_hits_sink_the_ferry() -> None:
    """AMB-WAT-20: under construction, a hit removes a CP (WAT-PONTOON-11); operational, it is
    a craft (WAT-FIRE), and 2 accumulated hits sink it."""
    gun = stand("gun", AXIS, kind="gun", he=3, eff=0, place="north")
    building = ferry_game(built=2, units=(gun,))
    end(building)
    do(building, AXIS, {"action": "fire", "unit": "gun", "target": "fy"}, *hits(2, 3))
    assert building.state.sites["fy"].work.progress == 1

    game = ferry_game(built=4, units=(gun, stand("mortar", AXIS, **MORTAR)))
    do(game, ALLIES, {"action": "move-craft", "craft": "folk", "square": [0, 0]}, 4)
    end(game)
    err = refused(game, AXIS, {"action": "fire", "unit": "gun", "target": "fy"})
    assert err.rule == "AMB-WAT-20"
    # EFF 2 doubled in the water: 4 dice against ARM (rear) 1; 1 hit = suppress: 1 hit taken
    do(game, AXIS, {"action": "indirect-fire", "unit": "mortar", "target": "folk"}, *hits(1, 4))
    assert game.state.craft["folk"].hits == 1
    assert game.state.craft["folk"].status == "suppressed"
    end(game)
    end(game)
    do(game, AXIS, {"action": "indirect-fire", "unit": "mortar", "target": "folk"}, *hits(1, 4))
    assert game.state.craft["folk"].hits == 2
    assert game.state.craft["folk"].status == "lost"
