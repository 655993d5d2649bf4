"""Crossfire's river: the grid of squares as water, the land and banks beside it, each craft
with its heading and its passengers aboard, and the bridge and ferry sites with their
construction points."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kriegsspiel.render.board_terrain import FILLS, WORDS, swatch, terrain_class
from kriegsspiel.render.board_units import side_fill
from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.markers import draw_markers
from kriegsspiel.render.read import (
    Item,
    Point,
    centroid,
    dicts,
    name,
    num,
    point,
    points,
    strs,
    text,
)
from kriegsspiel.render.style import FONT, WATER, WATER_EDGE
from kriegsspiel.render.svgxml import box, group, n, outline, path_d, sub, title

SQUARE_PREFIX = "water-"  # how the waterborne views name a square: water-<column>-<row>
HULLS = {"storm-boat": (1.3, 2.6), "buffalo": (1.7, 3.0), "sherman-dd": (1.4, 2.4)}
PIP = 0.5


def grid_of(view: Item) -> tuple[Point, float, int, int] | None:
    grid = view.get("grid")
    if not isinstance(grid, dict):
        return None
    size = num(grid.get("square")) or num(grid.get("size"))
    cols, rows = num(grid.get("columns")), num(grid.get("rows"))
    if not size or not cols or not rows or cols > 200 or rows > 200:
        return None
    return point(grid.get("origin")) or (0.0, 0.0), size, int(cols), int(rows)


def draw_water(c: Canvas) -> None:
    grid = grid_of(c.view)
    if grid is not None:
        _grid(c, grid)
    for land in dicts(c.view.get("land")):
        _land(c, land)
    for craft in dicts(c.view.get("craft")):
        _craft(c, craft)
    if grid is not None:
        for task in dicts(c.view.get("tasks")):
            if text(task.get("bank")) and num(task.get("column")) is not None:
                _site(c, task, grid)


def _grid(c: Canvas, grid: tuple[Point, float, int, int]) -> None:
    (ox, oy), size, cols, rows = grid
    layer = c.layers["water"]
    for col in range(cols):
        for row in range(rows):
            sid = f"{SQUARE_PREFIX}{col}-{row}"
            g = group(layer, class_="square", data_id=sid, data_kind="square")
            title(g, f"river square {col},{row}")
            sub(
                g,
                "rect",
                x=ox + col * size,
                y=-(oy + (row + 1) * size),
                width=size,
                height=size,
                fill=WATER,
                stroke=WATER_EDGE,
                stroke_width=0.08,
                stroke_opacity=0.6,
            )
    c.legend.use("square", f"river square ({size:g} in)", swatch("water"), "terrain")


def _land(c: Canvas, land: Item) -> None:
    lid, pts = text(land.get("id")), points(land.get("points"))
    if not lid:
        return
    if len(pts) < 3:
        c.off_table.append((lid, "land", name(land)))
        return
    kind = text(land.get("kind"))
    cls = terrain_class(kind)
    if cls in ("other", "field"):
        cls = terrain_class(f"{name(land)} {lid}")
    if cls in ("other", "field") and land.get("cover") is True:
        cls = "cover"
    fill, edge = FILLS.get(cls, ("url(#p-cover)", "#6b7a4a"))
    g = group(
        c.layers["terrain"], class_="terrain", data_id=lid, data_kind="terrain", data_terrain=cls
    )
    title(g, f"{name(land)} ({kind}" + (", cover" if land.get("cover") is True else "") + ")")
    sub(g, "path", d=path_d(pts, closed=True), fill=fill, stroke=edge, stroke_width=0.1)
    c.labels.want(centroid(pts), name(land), lid, priority=2, inside=True)
    c.places[lid] = centroid(pts)
    words = WORDS.get(cls, "land with cover")
    c.legend.use(f"t-{cls}", words, _cover_swatch if cls == "cover" else swatch(cls), "terrain")


def _cover_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.2,
        0.8,
        fill="url(#p-cover)",
        stroke="#6b7a4a",
        stroke_width=0.06,
    )


def define_patterns(defs: ET.Element) -> None:
    cover = sub(defs, "pattern", id="p-cover", width=1, height=1, patternUnits="userSpaceOnUse")
    sub(cover, "rect", width=1, height=1, fill="#cdd6a4")
    sub(cover, "circle", cx=0.5, cy=0.5, r=0.12, fill="#6b7a4a")


def _craft(c: Canvas, craft: Item) -> None:
    cid, at = text(craft.get("id")), point(craft.get("center")) or point(craft.get("position"))
    if not cid:
        return
    if at is None:
        c.off_table.append((cid, "craft", name(craft)))
        return
    side = c.side(craft.get("side"))
    heading = num(craft.get("heading")) or 0.0
    w, h = HULLS.get(text(craft.get("type")), (1.4, 2.6))
    status = text(craft.get("status"))
    lost = status in ("lost", "sunk", "destroyed")
    aboard = _passengers(c, craft, cid)
    cap = craft.get("capacity") if isinstance(craft.get("capacity"), dict) else {}
    words = f"{name(craft)} ({text(craft.get('type')) or 'craft'}"
    if cap:
        words += f", {text(str(cap.get('used')))} of {text(str(cap.get('total')))} places"
    words += ")"
    if aboard:
        words += "; aboard: " + ", ".join(name(u) for u in aboard)
    g = group(
        c.layers["units"], class_=f"unit side-{side}", data_id=cid, data_kind="craft", data_unit=cid
    )
    title(g, words)
    body = group(g, transform=f"translate({n(at[0])},{n(-at[1])}) rotate({n(heading)})")
    hull = [(0, -h / 2), (w / 2, -h / 4), (w / 2, h / 2), (-w / 2, h / 2), (-w / 2, -h / 4)]
    sub(body, "circle", class_="hit", r=h * 0.6)
    sub(
        body,
        "path",
        class_="base",
        d="M" + " L".join(f"{n(x)},{n(y)}" for x, y in hull) + " Z",
        fill=side_fill(side),
        stroke="#000",
        stroke_width=0.09,
    )
    outline(body, w, h)
    sub(
        body,
        "path",
        d=f"M0,{n(-h / 2 - 0.1)} l-0.3,0.5 M0,{n(-h / 2 - 0.1)} l0.3,0.5",
        stroke="#fff",
        stroke_width=0.12,
        fill="none",
    )
    for i, unit in enumerate(aboard):
        y = -h / 4 + 0.1 + i * (PIP + 0.08) - max(0, len(aboard) - 4) * 0.2
        uid = text(unit.get("id"))
        pip = group(body, class_="unit", data_id=uid, data_kind="unit", data_unit=uid)
        title(pip, f"{name(unit)} (aboard {name(craft)})")
        sub(
            pip,
            "rect",
            x=-PIP,
            y=y,
            width=2 * PIP,
            height=PIP,
            fill="#ffffff",
            stroke="#000",
            stroke_width=0.05,
        )
        c.places[uid] = at
    if lost:
        d = 0.8
        sub(
            g,
            "path",
            d=f"M{n(at[0] - d)},{n(-at[1] - d)} l{n(2 * d)},{n(2 * d)} "
            f"M{n(at[0] - d)},{n(-at[1] + d)} l{n(2 * d)},{n(-2 * d)}",
            stroke="#e00000",
            stroke_width=0.3,
        )
    marks = [(status, "")] if status in ("suppressed", "pinned") else []
    if craft.get("no_fire") is True:
        marks.append(("no-fire", ""))
    hits = num(craft.get("hits"))
    if hits:
        marks.append(("damaged", f"{int(hits)} hit" + ("s" if hits > 1 else "")))
    half = (h / 2, h / 2)
    c.labels.block(at, *half)
    c.labels.want(at, name(craft), cid, half, priority=0)
    c.places[cid] = at
    draw_markers(c, cid, at, half, marks)
    c.legend.use("craft", "craft: bow arrow its heading", _craft_swatch, "marker")
    if aboard:
        c.legend.use("passenger", "a unit aboard a craft", _pip_swatch, "marker")


def _passengers(c: Canvas, craft: Item, cid: str) -> list[Item]:
    units = {text(u.get("id")): u for u in dicts(c.view.get("units"))}
    ids = strs(craft.get("passengers"))
    ids += [uid for uid, u in units.items() if text(u.get("aboard")) == cid and uid not in ids]
    return [units.get(uid, {"id": uid}) for uid in ids]


def _site(c: Canvas, task: Item, grid: tuple[Point, float, int, int]) -> None:
    (ox, oy), size, _cols, rows = grid
    tid = text(task.get("id"))
    bank = next((b for b in dicts(c.view.get("land")) if b.get("id") == task.get("bank")), {})
    north = text(bank.get("shore")) == "north"
    col = int(num(task.get("column")) or 0)
    x = ox + (col + 0.5) * size
    edge_y = oy + rows * size if north else oy
    span = rows * size
    progress, required = num(task.get("progress")) or 0.0, num(task.get("required")) or 1.0
    done = max(0.0, min(1.0, progress / required))
    kind = text(task.get("kind"))
    words = f"{name(task)}: {kind or 'site'}, {progress:g}/{required:g} construction points"
    if text(task.get("status")):
        words += f" ({text(task.get('status'))})"
    g = group(c.layers["features"], class_="feature", data_id=tid, data_kind="site")
    title(g, words)
    sign = -1 if north else 1
    if kind == "bridge":
        far = edge_y + sign * span
        sub(
            g,
            "rect",
            x=x - 0.7,
            y=-max(edge_y, far),
            width=1.4,
            height=span,
            fill="none",
            stroke="#2b2b2b",
            stroke_width=0.1,
            stroke_dasharray="0.4 0.25",
        )
        built = done * span
        if built > 0:
            y0, y1 = sorted((edge_y, edge_y + sign * built))
            sub(
                g,
                "rect",
                x=x - 0.7,
                y=-y1,
                width=1.4,
                height=y1 - y0,
                fill="#9c8a6e",
                stroke="#2b2b2b",
                stroke_width=0.1,
            )
        at = (x, edge_y + sign * 1.2)
    else:
        at = (x, edge_y + sign * 1.0)
        sub(
            g,
            "rect",
            x=at[0] - 1.0,
            y=-at[1] - 0.6,
            width=2.0,
            height=1.2,
            fill="#c8b07a",
            stroke="#2b2b2b",
            stroke_width=0.1,
            stroke_dasharray=None if done >= 1 else "0.3 0.2",
        )
    bar_y = at[1]
    sub(
        g,
        "rect",
        x=x + 1.0,
        y=-bar_y - 0.2,
        width=2.4,
        height=0.4,
        fill="#ffffff",
        stroke="#000",
        stroke_width=0.05,
    )
    sub(g, "rect", x=x + 1.0, y=-bar_y - 0.2, width=2.4 * done, height=0.4, fill="#2a8a2a")
    label = sub(
        g, "text", x=n(x + 3.6), y=n(-bar_y + FONT * 0.35), font_size=n(FONT), class_="label"
    )
    label.text = f"{progress:g}/{required:g}"
    c.labels.block((x + 2.2 + len(label.text) * 0.17, bar_y), 1.5 + len(label.text) * 0.17, 0.4)
    c.labels.want(at, name(task), tid, (1.0, 0.8), priority=1)
    c.places[tid] = at
    c.legend.use("site", "bridge or ferry site: its construction points", _site_swatch, "feature")


def _craft_swatch(parent: ET.Element, at: Point) -> None:
    x, y = at[0], -at[1]
    sub(
        parent,
        "path",
        d=f"M{n(x + 0.7)},{n(y)} L{n(x + 0.2)},{n(y - 0.35)} L{n(x - 0.7)},"
        f"{n(y - 0.35)} L{n(x - 0.7)},{n(y + 0.35)} L{n(x + 0.2)},{n(y + 0.35)} Z",
        fill="#666",
        stroke="#000",
        stroke_width=0.06,
    )


def _pip_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        0.8,
        0.4,
        fill="#fff",
        stroke="#000",
        stroke_width=0.05,
    )


def _site_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.2,
        0.4,
        fill="#ffffff",
        stroke="#000",
        stroke_width=0.05,
    )
    sub(parent, "rect", x=at[0] - 0.6, y=-at[1] - 0.2, width=0.5, height=0.4, fill="#2a8a2a")
