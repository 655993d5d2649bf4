"""`board(view)`: the whole table as one seat sees it, to scale, as SVG.

A pure function of a seat's view (a dict from `Game.view(seat)`), so it cannot draw what the
seat may not know. Table coordinates are inches with +y up the table; facing 0 is up the table,
turning clockwise. The viewBox is in inches. Every drawn unit, feature, terrain item and marker
carries `data-id` (its id in the view) and `data-kind`; the table edge, the scale bar and the
legend carry `data-role`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from typing import Any

from kriegsspiel.render import board_features, board_terrain, board_water
from kriegsspiel.render.board_tasks import draw_ledger, draw_task_markers, ledger_height
from kriegsspiel.render.board_units import define_sides, draw_units, side_legend
from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.chrome import draw_compass, draw_edge, draw_scale, draw_title
from kriegsspiel.render.read import Point, num, point, points, text
from kriegsspiel.render.selection import draw_selection
from kriegsspiel.render.style import CSS, FONT, MARGIN, phone_zoom
from kriegsspiel.render.svgxml import n

SVG_NS = "http://www.w3.org/2000/svg"
FOOT = 12.0
TOP_STRIP = 2.4  # the title and compass above the table
SCALE_STRIP = 2.6  # the scale bar below it
Box = tuple[float, float, float, float]


def board(view: Mapping[str, Any], *, selected: str | None = None, size: int | None = None) -> str:
    """The table as `view` shows it, as an SVG document; `selected` is a unit's id to show the
    geometry of; `size` a width in pixels (by default the picture fits its container)."""
    table, source = table_box(view)
    x0, y0, x1, y1 = table
    root = ET.Element("svg", {"xmlns": SVG_NS, "class": "board", "role": "img"})
    root.set("aria-label", text(view.get("title")) or "the table")
    c = Canvas.of(view, root)
    ET.SubElement(c.defs, "style").text = CSS
    board_terrain.define_patterns(c.defs)
    board_features.define_patterns(c.defs)
    board_water.define_patterns(c.defs)
    define_sides(c)
    draw_edge(c.layers["terrain"], table, f"the table, {x1 - x0:g} by {y1 - y0:g} in ({source})")
    board_terrain.draw_terrain(c)
    board_water.draw_water(c)
    board_features.draw_features(c)
    draw_units(c)
    for i, _side in enumerate(c.sides):
        side_legend(c, i)  # every side, even one with nothing on the table
    draw_task_markers(c)
    if selected:
        draw_selection(c, selected)
        _mark_selected(root, selected)
    c.labels.bounds = (x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN)
    c.labels.render(c.layers["labels"])

    chrome = ET.SubElement(root, "g", {"class": "chrome"})
    draw_title(chrome, (x0, y1 + MARGIN + 0.4), text(view.get("title")))
    draw_compass(chrome, (x1 - 2.0, y1 + MARGIN + 0.9))
    draw_scale(chrome, (x0, y0 - MARGIN - 0.6))
    width = x1 - x0
    legend_top = y0 - MARGIN - SCALE_STRIP
    c.legend.render(chrome, x0, legend_top, width)
    ledger_top = legend_top - c.legend.height(width)
    draw_ledger(c, chrome, x0, ledger_top)
    bottom = ledger_top - ledger_height(c) - MARGIN

    left, right = x0 - MARGIN, x1 + MARGIN
    top = y1 + MARGIN + TOP_STRIP
    root.set("viewBox", f"{n(left)} {n(-top)} {n(right - left)} {n(top - bottom)}")
    root.set("data-table", f"{x1 - x0:g}x{y1 - y0:g}")
    root.set("data-table-source", source)
    root.set("data-phone-zoom", f"{phone_zoom(right - left):g}")
    root.set("data-font", n(FONT))
    if size:
        root.set("width", str(size))
        root.set("height", str(round(size * (top - bottom) / (right - left))))
    return ET.tostring(root, encoding="unicode")


def table_box(view: Mapping[str, Any]) -> tuple[Box, str]:
    """The table's edge: the view's `table` size (width, depth from 0,0); otherwise the contents'
    bounding box rounded out to whole feet."""
    size = view.get("table")
    if isinstance(size, list | tuple) and len(size) == 2:
        w, h = num(size[0]), num(size[1])
        if w and h and w > 0 and h > 0:
            return (0.0, 0.0, w, h), "the scenario's table"
    pts = list(all_points(view))
    if not pts:
        return (0.0, 0.0, 48.0, 48.0), "no contents: a 4-foot table"
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = tuple(
        float(v)
        for v in (
            math.floor(min(xs) / FOOT) * FOOT,
            math.floor(min(ys) / FOOT) * FOOT,
            math.ceil(max(xs) / FOOT) * FOOT,
            math.ceil(max(ys) / FOOT) * FOOT,
        )
    )
    x0, y0, x1, y1 = box
    x1, y1 = max(x1, x0 + FOOT), max(y1, y0 + FOOT)
    return (x0, y0, x1, y1), "the contents rounded out to whole feet"


def all_points(value: Any, depth: int = 0) -> Iterator[Point]:
    """Every point in the view: positions, centres, outlines, footprints, paths, the grid."""
    if depth > 6:
        return
    if isinstance(value, Mapping):
        for key in ("position", "center", "centre", "at"):
            p = point(value.get(key))
            if p:
                yield p
        for key in ("points", "corners", "path"):
            yield from points(value.get(key))
        grid = board_water.grid_of({"grid": value})
        if grid is not None:
            (ox, oy), sq, cols, rows = grid
            yield (ox, oy)
            yield (ox + sq * cols, oy + sq * rows)
        for v in value.values():
            if isinstance(v, list | Mapping):
                yield from all_points(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from all_points(v, depth + 1)


def _mark_selected(root: ET.Element, selected: str) -> None:
    for e in root.iter():
        if e.get("data-id") == selected and e.get("data-kind") in ("unit", "craft", "blind"):
            e.set("class", (e.get("class", "") + " selected").strip())
