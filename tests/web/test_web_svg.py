"""The table as SVG: drawn generically from whatever a seat's view holds, escaped, never failing."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from kriegsspiel import new_game
from kriegsspiel.render.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_the_demo_is_drawn_seat_by_seat() -> None:
    game = new_game("demo", seed="svg")
    umpire = parse(render_svg(game.view("umpire")))
    units = {e.get("data-unit") for e in by_class(umpire, "unit")}
    assert units == {"pioneer-1", "pioneer-2", "mg-team", "engineer-1", "rifle-1", "sherman-1"}
    assert {e.get("class") for e in by_class(umpire, "terrain")} >= {
        "terrain kind-stream line",
        "terrain kind-built-up",
    }
    demolitions = by_class(umpire, "layer-demolitions")
    assert len(demolitions) == 2
    assert any("is-prepared" in (e.get("class") or "") for e in demolitions)
    us = parse(render_svg(game.view("us")))
    assert by_class(us, "layer-demolitions") == []


def test_units_face_their_facing_and_show_their_status() -> None:
    view = {
        "units": [
            {"id": "a", "side": "x", "position": [10, 10], "facing": 90, "status": "suppressed"},
            {"id": "b", "side": "y", "position": [20, 10], "status": "knocked-out"},
            {"id": "c", "side": "y", "position": None},
        ],
        "sides": [{"id": "x"}, {"id": "y"}],
    }
    root = parse(render_svg(view))
    a, b = by_class(root, "unit")
    assert a.get("class") == "unit side-0 status-suppressed"
    assert a.find(f"{NS}g").get("transform") == "translate(10,-10) rotate(90)"  # type: ignore[union-attr]
    assert b.get("class") == "unit side-1 status-knocked-out"
    assert by_class(b, "ko")


def test_any_rulesets_features_are_drawn_by_their_geometry() -> None:
    view: dict[str, Any] = {
        "minefields": [
            {"id": "m1", "kind": "dummy", "points": [[0, 0], [4, 0], [4, 2], [0, 2]]},
            {"id": "m2", "points": [[5, 5]], "revealed": True},
        ],
        "lanes": [{"id": "gap", "from": [1, -1], "to": [1, 3], "width": 2}],
        "water": {"grid": {"size": 12, "columns": 3, "rows": 2, "origin": [0, 12]}},
        "craft": [{"id": "boat", "position": [18, 18], "radius": 1}],
    }
    root = parse(render_svg(view))
    assert root.find(f".//{NS}polygon") is not None
    assert by_class(root, "is-revealed")
    assert root.find(f".//{NS}line") is not None
    assert by_class(root, "grid")[0].get("d", "").count("M") == 4 + 3
    assert by_class(root, "layer-craft")
    x, y, w, _h = map(float, root.get("viewBox", "").split())
    assert x <= 0
    assert x + w >= 36
    assert -y >= 36


def test_the_selected_unit_shows_its_facing_arcs_and_ranges() -> None:
    unit = {
        "id": "tank",
        "position": [10, 10],
        "facing": 45,
        "main_gun_range": 24,
        "arcs": [{"name": "front", "from": -45, "to": 45, "range": 30}, {"width": 360}],
    }
    root = parse(render_svg({"units": [unit]}, selected="tank"))
    assert by_class(root, "selected")
    assert by_class(root, "facing")
    reach = by_class(root, "reach")
    assert len(reach) == 3  # the range circle, the front arc, the all-round arc
    assert parse(render_svg({"units": [unit]})).iter().__next__() is not None
    assert not by_class(parse(render_svg({"units": [unit]})), "reach")


def test_text_is_escaped_and_bad_geometry_is_skipped() -> None:
    view = {
        "title": 'A <b>"bold"</b> title',
        "units": [{"id": "<x>", "name": "</text><script>", "position": [1, 1]}],
        "things": [
            {"points": [["a", 1], [2, "b"]]},
            {"position": [float("nan"), 1]},
            {"position": [True, 2]},
            "not a mapping",
        ],
        "terrain": "not a list",
    }
    svg = render_svg(view)
    root = parse(svg)
    assert "<script>" not in svg
    assert len(by_class(root, "unit")) == 1
    assert not by_class(root, "layer-things")


def test_an_empty_view_is_an_empty_table() -> None:
    root = parse(render_svg({}))
    assert root.get("viewBox") == "-3 -51 54 54"
