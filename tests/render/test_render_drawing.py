"""What the board draws, thing by thing: terrain by kind, bridges over water, engineering
footprints and states, the river grid and craft, counters and their markers, selection."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from boardkit import NS

from kriegsspiel import new_game
from kriegsspiel.render import board


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def kinds(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-kind") == kind]


def by_id(root: ET.Element, item: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-id") == item]


def selection(root: ET.Element) -> list[str]:
    """The classes of what the selection draws."""
    drawn = kinds(root, "selection")
    return [
        e.get("class", "")
        for s in drawn
        for e in s.iter()
        if e.get("class", "").startswith("reach")
    ]


def legend(root: ET.Element) -> set[str]:
    return {e.get("data-mark", "") for e in root.iter() if e.get("class") == "legenditem"}


def test_water_is_water_and_a_road_crossing_it_has_a_bridge() -> None:
    root = parse(board(new_game("demo", seed="x").view("us")))
    stream = [e for e in kinds(root, "terrain") if e.get("data-terrain") == "stream"]
    assert stream
    assert any(p.get("stroke") == "#8fc1e8" for p in stream[0].iter(f"{NS}path"))
    bridges = kinds(root, "bridge")
    assert [b.get("data-id") for b in bridges] == ["road"]
    sea = new_game("crack-the-bunker-line", seed="x").view("public")
    water = [e for e in kinds(parse(board(sea)), "terrain") if e.get("data-terrain") == "water"]
    assert water  # the sea is water, not sand


def test_a_placed_bridge_replaces_the_road_crossing_and_shows_its_spans() -> None:
    root = parse(board(new_game("hold-the-bridge", seed="x").view("us")))
    assert {b.get("data-id") for b in kinds(root, "bridge")} == {"neufmolin", "pontoon"}
    pontoon = by_id(root, "pontoon")[0]
    dashed = [r for r in pontoon.iter(f"{NS}rect") if r.get("stroke-dasharray")]
    assert len(dashed) == 2  # 1 of 3 spans built
    assert "bridge-building" in legend(root)


def test_engineering_features_are_drawn_at_their_footprints() -> None:
    root = parse(board(new_game("breaching", seed="x").view("umpire")))
    assert len(kinds(root, "minefield")) == 3
    assert len(kinds(root, "wire")) == 2
    assert len(kinds(root, "ditch")) == 3
    assert len(kinds(root, "at-obstacle")) == 2
    field = by_id(root, "field-a")[0].find(f"{NS}path")
    assert field is not None
    assert field.get("d") == "M15,-13.5 L17,-13.5 L17,-14.5 L15,-14.5 Z"
    assert {"mines-mixed", "mines-dummy", "o-wire", "o-ditch"} <= legend(root)
    british = parse(board(new_game("breaching", seed="x").view("british")))
    assert [m.get("data-id") for m in kinds(british, "minefield")] == ["field-c"]


def test_a_hidden_demolition_is_drawn_only_for_those_who_know() -> None:
    game = new_game("demo", seed="x")
    umpire = parse(board(game.view("umpire")))
    assert {d.get("data-id") for d in kinds(umpire, "demolition")} == {"bridge", "culvert"}
    assert "demo-prepared" in legend(umpire)
    assert not kinds(parse(board(game.view("us"))), "demolition")


def test_forts_show_their_front_and_tasks_their_progress() -> None:
    root = parse(board(new_game("crack-the-bunker-line", seed="x").view("british")))
    assert len(kinds(root, "fort")) == 3
    tasks = kinds(root, "task")
    assert {t.get("data-id") for t in tasks} == {
        "prepare:log-bunker-charges",
        "prepare:pillbox-charges",
        "prepare:casemate-charges",
    }
    assert any((t.findtext(f"{NS}text") or "") == "0/1" for t in tasks)


def test_the_river_grid_is_water_and_craft_carry_their_passengers() -> None:
    root = parse(board(new_game("waterborne", seed="x").view("british")))
    squares = kinds(root, "square")
    assert len(squares) == 12
    assert {s.get("data-id") for s in squares} >= {"water-0-0", "water-3-2"}
    buffalo = by_id(root, "buffalo-1")[0]
    aboard = [e.get("data-id") for e in buffalo.iter() if e.get("data-kind") == "unit"]
    assert aboard == ["sq-3", "sq-4", "hmg-1", "pc-1"]
    sites = {s.get("data-id") for s in kinds(root, "site")}
    assert sites == {"bridge-a", "ferry-a"}


def test_afv_counters_show_turret_hatches_and_the_teams_men() -> None:
    us = parse(board(new_game("afv", seed="x").view("us")))
    sherman = by_id(us, "sherman-1")[0]
    assert any("rotate(0)" in (g.get("transform") or "") for g in sherman.iter(f"{NS}g"))
    assert [e.get("data-id") for e in sherman.iter() if e.get("data-kind") == "crew"] == [
        "kowalski", "hale", "novak", "russo", "miller",
    ]  # fmt: skip
    assert [h for h in sherman.iter() if h.get("class") == "hatch"]
    assert len(kinds(us, "man")) == 6
    assert {"turret", "hatch", "m-buttoned"} <= legend(us)
    german = parse(board(new_game("afv", seed="x").view("german")))
    assert not [e for e in by_id(german, "sherman-1")[0].iter() if e.get("data-kind") == "crew"]


def test_blinds_are_blinds_and_state_chits_have_a_legend() -> None:
    allies = parse(board(new_game("abilities", seed="x").view("allies")))
    assert {b.get("data-id") for b in kinds(allies, "blind")} == {"blind-a", "blind-b", "blind-c"}
    assert not by_id(allies, "gren-1")
    marks = {(m.get("data-id"), m.get("data-marker")) for m in kinds(allies, "marker")}
    assert ("us-57mm", "limbered") in marks
    assert ("blind-c", "in-cover") in marks
    assert {"m-limbered", "m-in-cover", "blind"} <= legend(allies)


def test_markers_come_from_the_state() -> None:
    view: dict[str, Any] = {
        "sides": [{"id": "a"}, {"id": "b"}],
        "units": [
            {"id": "x", "side": "a", "position": [5, 5], "status": "suppressed", "dp": 2},
            {"id": "y", "side": "b", "position": [9, 5], "status": "knocked-out"},
        ],
    }
    root = parse(board(view))
    marks = {(m.get("data-id"), m.get("data-marker")) for m in kinds(root, "marker")}
    assert marks == {("x", "suppressed"), ("x", "dp")}
    assert [t.text for m in kinds(root, "marker") for t in m.iter(f"{NS}text")] == ["S", "DP2"]
    assert [e for e in by_id(root, "y")[0].iter() if e.get("class") == "ko"]


def test_selection_shows_ranges_fronts_and_fort_arcs() -> None:
    game = new_game("abilities", seed="x")
    root = parse(board(game.view("german"), selected="stug-1"))
    assert selection(root) == ["reach"]  # the StuG's 180-degree front
    rifles = parse(board(game.view("allies"), selected="brit-1"))
    assert selection(rifles) == ["reach fire"] * 3  # the PIAT's three range bands
    assert by_id(rifles, "brit-1")[0].get("class", "").endswith("selected")
    bunker = new_game("crack-the-bunker-line", seed="x").view("german")
    fort = parse(board(bunker, selected="mg-2"))
    assert selection(fort) == ["reach"]
    assert not selection(parse(board(bunker)))


def test_generic_arcs_and_moves_are_drawn_for_any_ruleset() -> None:
    unit = {
        "id": "t",
        "position": [10, 10],
        "facing": 45,
        "gun_range": 24,
        "move_allowance": 6,
        "arcs": [{"name": "commander", "from": -45, "to": 45, "range": 30}],
    }
    root = parse(board({"units": [unit]}, selected="t"))
    assert sorted(selection(root)) == ["reach", "reach fire", "reach move"]


def test_text_is_escaped_and_bad_geometry_is_skipped() -> None:
    view = {
        "title": 'A <b>"bold"</b> title',
        "units": [
            {"id": "<x>", "name": "</text><script>", "position": [1, 1]},
            {"id": "nan", "position": [float("nan"), 1]},
            {"id": "bool", "position": [True, 2]},
            "not a mapping",
        ],
        "terrain": [{"id": "t", "points": [["a", 1], [2, "b"]]}],
        "minefields": [{"id": "m", "footprint": "nowhere"}],
    }
    svg = board(view)
    assert "<script>" not in svg
    root = parse(svg)
    on_table = [u.get("data-id") for u in kinds(root, "unit") if u.get("class") != "offtable"]
    assert on_table == ["<x>"]  # the others are listed off the table
    assert not kinds(root, "terrain")
    assert [m.get("data-kind") for m in by_id(root, "m")] == ["minefield"]  # in the ledger


def test_the_table_is_the_scenarios_or_the_contents_in_whole_feet() -> None:
    afv = parse(board(new_game("afv", seed="x").view("public")))
    assert afv.get("data-table") == "48x48"
    assert afv.get("data-table-source") == "the scenario's table"
    water = parse(board(new_game("waterborne", seed="x").view("public")))
    assert water.get("data-table") == "48x72"  # contents up to 66 in
    assert parse(board({})).get("data-table") == "48x48"
