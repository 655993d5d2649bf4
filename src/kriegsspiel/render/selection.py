"""What a selected unit shows: its facing and turret bearing drawn out, its arcs (vision arcs,
fire fronts, a fort's fire arcs when it holds the unit), its range bands, its move allowance and
the route it drove, as far as the seat's view gives them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kriegsspiel.render.board_features import wedge
from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.legend import Swatch
from kriegsspiel.render.read import (
    Item,
    Point,
    dicts,
    mapping,
    name,
    num,
    points,
    strs,
    text,
    toward,
    where,
)
from kriegsspiel.render.style import FONT
from kriegsspiel.render.svgxml import box, group, n, path_d, sub, title

DEFAULT_REACH = 12.0
MOVE_KEYS = ("move_allowance", "move", "movement", "move_left")


def find(view: Item, selected: str) -> Item | None:
    for key in ("units", "craft", "blinds"):
        for item in dicts(view.get(key)):
            if item.get("id") == selected:
                return item
    return None


def draw_selection(c: Canvas, selected: str) -> None:
    item = find(c.view, selected)
    at = c.places.get(selected) or (where(item) if item else None)
    if item is None or at is None:
        return
    g = group(c.layers["selection"], class_="selection", data_id=selected, data_kind="selection")
    facing = num(item.get("facing"))
    if facing is None:
        facing = num(item.get("heading"))
    reach = DEFAULT_REACH
    _route(c, g, item)
    for key in MOVE_KEYS:
        move = num(item.get(key))
        if move and move > 0:
            _circle(c, g, at, move, "move", f"move allowance: {move:g} in")
    ranges = _ranges(item)
    for label, r in ranges:
        _circle(c, g, at, r, "fire", f"{label}: {r:g} in")
    if ranges:
        reach = max(r for _, r in ranges)
    for arc in _arcs(c, item, selected):
        _arc(c, g, at, facing or 0.0, arc, reach)
    if facing is not None:
        sub(
            g,
            "path",
            d=path_d([at, toward(at, facing, 4.0)]),
            stroke="#b08a00",
            stroke_width=0.14,
            stroke_dasharray="0.4 0.2",
        )
    bearing = num(item.get("gun_bearing"))
    if bearing is not None:
        sub(
            g,
            "path",
            d=path_d([at, toward(at, bearing, reach)]),
            stroke="#111",
            stroke_width=0.08,
            stroke_dasharray="0.6 0.3",
        )
        c.legend.use("sel-gun", "selected: gun line", _line_swatch("#111"), "selection")
    c.legend.use("sel", "selected", _selected_swatch, "selection")


def _ranges(item: Item) -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    for key, value in item.items():
        r = num(value)
        if r and r > 0 and (key == "range" or key.endswith("_range")):
            out.append((key.replace("_", " "), r))
    line = mapping(item.get("statline"))
    for key in ("fp", "at"):
        weapon = line.get(key)
        if isinstance(weapon, dict) and isinstance(weapon.get("ranges"), list):
            words = text(weapon.get("weapon")) or key.upper()
            for i, r in enumerate(num(v) for v in weapon["ranges"]):
                if r:
                    out.append((f"{words} range band {i + 1}", r))
    return out


def _arcs(c: Canvas, item: Item, selected: str) -> list[Item]:
    arcs = list(dicts(item.get("arcs"))) + list(dicts(item.get("vision_arcs")))
    width = num(item.get("arc"))
    if width:
        arcs.append({"width": width, "name": "arc"})
    line = mapping(item.get("statline"))
    if "180-degree-fire" in strs(line.get("abilities")):
        arcs.append({"width": 180, "name": "180-degree fire front"})
    for fort in dicts(c.view.get("forts")):
        if selected in strs(fort.get("occupants")):
            for arc in dicts(fort.get("fire_arcs")):
                arcs.append({**arc, "name": f"fire arc of {name(fort)}"})
    return arcs


def _arc(c: Canvas, g: ET.Element, at: Point, facing: float, arc: Item, reach: float) -> None:
    start, end = num(arc.get("from")), num(arc.get("to"))
    if start is not None and end is not None:
        width = (end - start) % 360 or 360.0
        centre = start + width / 2
    else:
        width = num(arc.get("width")) or 360.0
        given = num(arc.get("facing"))
        given = num(arc.get("center")) if given is None else given
        centre = facing if given is None else given
    r = num(arc.get("range")) or reach
    shape = wedge(g, at, centre, width, r, class_="reach")
    title(shape, text(arc.get("name")) or text(arc.get("crew")) or f"{width:g}-degree arc")
    c.legend.use("sel-arc", "selected: arc (fire front, vision)", _wedge_swatch, "selection")


def _circle(c: Canvas, g: ET.Element, at: Point, r: float, kind: str, words: str) -> None:
    shape = sub(g, "circle", class_=f"reach {kind}", cx=at[0], cy=-at[1], r=r)
    title(shape, words)
    edge = (at[0] + r * 0.7071, at[1] + r * 0.7071)
    sub(
        g, "text", x=n(edge[0]), y=n(-edge[1]), font_size=n(FONT), class_="label"
    ).text = f"{r:g} in"
    key = "sel-move" if kind == "move" else "sel-range"
    words = "selected: move allowance" if kind == "move" else "selected: range band"
    c.legend.use(key, words, _ring_swatch(kind), "selection")


def _route(c: Canvas, g: ET.Element, item: Item) -> None:
    path = points(item.get("path"))
    if len(path) >= 2:
        sub(g, "path", class_="route", d=path_d(path))
        c.legend.use("sel-route", "selected: the route it drove", _line_swatch("#333"), "selection")


def _selected_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.2,
        0.8,
        fill="#666",
        stroke="#ffd400",
        stroke_width=0.25,
    )


def _wedge_swatch(parent: ET.Element, at: Point) -> None:
    wedge(parent, (at[0] - 0.5, at[1] - 0.4), 45.0, 90.0, 1.0, class_="reach")


def _ring_swatch(kind: str) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        sub(parent, "circle", class_=f"reach {kind}", cx=at[0], cy=-at[1], r=0.45)

    return draw


def _line_swatch(colour: str) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        sub(
            parent,
            "path",
            d=path_d([(at[0] - 0.6, at[1]), (at[0] + 0.6, at[1])]),
            stroke=colour,
            stroke_width=0.1,
            stroke_dasharray="0.3 0.15",
        )

    return draw
