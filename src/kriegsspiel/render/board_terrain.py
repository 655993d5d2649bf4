"""Terrain by kind: water (streams, rivers, the sea) coloured as water, woods, built-up areas,
marsh, roads and tracks, hedgerows and bocage, walls, beaches and banks, hills; and a bridge
wherever a road crosses water (unless the view places a bridge of its own there)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.legend import Swatch
from kriegsspiel.render.read import (
    Item,
    Point,
    centroid,
    dicts,
    name,
    points,
    text,
    toward,
    where,
)
from kriegsspiel.render.style import WATER, WATER_EDGE
from kriegsspiel.render.svgxml import group, path_d, sub, title

# classes of terrain, by words their kinds contain (the first match wins)
CLASSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("stream", ("stream", "brook", "creek", "canal", "ditch-water")),
    ("water", ("river", "sea", "water", "lake", "pond", "ocean", "channel")),
    ("marsh", ("marsh", "swamp", "bog", "fen")),
    ("woods", ("wood", "forest", "orchard", "tree", "copse", "jungle")),
    ("built", ("built", "village", "town", "building", "house", "ruin", "farm", "church")),
    ("road", ("road", "track", "rail", "lane", "path", "street")),
    ("hedge", ("hedge", "bocage")),
    ("wall", ("wall", "fence")),
    ("sand", ("beach", "sand", "bank", "shingle", "dune", "shore")),
    ("hill", ("hill", "ridge", "rise", "height")),
    ("field", ("field", "crop", "rough", "scrub", "grass")),
)
LINES = {"stream": 0.8, "road": 1.0, "hedge": 0.5, "wall": 0.25, "water": 2.0}
ALWAYS_LINES = {"stream", "road", "hedge", "wall"}
FILLS = {
    "water": (WATER, WATER_EDGE),
    "stream": (WATER, WATER_EDGE),
    "marsh": ("url(#p-marsh)", "#5f7f5a"),
    "woods": ("url(#p-woods)", "#2f5a26"),
    "built": ("url(#p-built)", "#6b4a2f"),
    "road": ("#b9ad93", "#7d7260"),
    "hedge": ("#3f6e2a", "#24421a"),
    "wall": ("#8a8276", "#4d473f"),
    "sand": ("#eedc9a", "#b59b4a"),
    "hill": ("#d9cfae", "#8b7a4f"),
    "field": ("#dfe3b8", "#9aa06a"),
    "other": ("#d7d7c4", "#8d8d78"),
}
WORDS = {
    "water": "water (river, sea)",
    "stream": "stream",
    "marsh": "marsh",
    "woods": "woods",
    "built": "built-up area",
    "road": "road or track",
    "hedge": "hedgerow or bocage",
    "wall": "wall",
    "sand": "beach, sand or bank",
    "hill": "hill",
    "field": "fields",
    "other": "other terrain",
}
ROAD_WIDTH = 1.0


def terrain_class(kind: str) -> str:
    kind = kind.lower()
    for cls, words in CLASSES:
        if any(w in kind for w in words):
            return cls
    return "other"


def define_patterns(defs: ET.Element) -> None:
    """Fills for woods (trees), built-up areas (hatching) and marsh (tufts), in inches."""
    woods = sub(defs, "pattern", id="p-woods", width=2, height=2, patternUnits="userSpaceOnUse")
    sub(woods, "rect", width=2, height=2, fill="#a9c98f")
    for cx, cy in ((0.5, 0.5), (1.5, 1.5)):
        sub(
            woods,
            "circle",
            cx=cx,
            cy=cy,
            r=0.42,
            fill="#5d8f47",
            stroke="#2f5a26",
            stroke_width=0.06,
        )
    built = sub(
        defs,
        "pattern",
        id="p-built",
        width=1,
        height=1,
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    sub(built, "rect", width=1, height=1, fill="#d2b48c")
    sub(built, "line", x1=0, y1=0, x2=0, y2=1, stroke="#8b6a45", stroke_width=0.18)
    marsh = sub(defs, "pattern", id="p-marsh", width=2, height=1.5, patternUnits="userSpaceOnUse")
    sub(marsh, "rect", width=2, height=1.5, fill="#b9d3c0")
    sub(
        marsh,
        "path",
        d="M0.3,1 l0.2,-0.5 M0.5,1 v-0.6 M0.7,1 l-0.2,-0.5 M1.3,0.5 l0.2,-0.4",
        stroke="#3f6e4a",
        stroke_width=0.07,
        fill="none",
    )


def swatch(cls: str) -> Swatch:
    fill, edge = FILLS[cls]

    def draw(parent: ET.Element, at: Point) -> None:
        x, y = at
        if cls in LINES and cls != "water":
            w = LINES[cls]
            sub(
                parent,
                "path",
                d=path_d([(x - 0.6, y), (x + 0.6, y)]),
                stroke=fill,
                stroke_width=min(w, 0.6),
                fill="none",
            )
        else:
            sub(
                parent,
                "rect",
                x=x - 0.6,
                y=-y - 0.4,
                width=1.2,
                height=0.8,
                fill=fill,
                stroke=edge,
                stroke_width=0.06,
            )

    return draw


def is_line(cls: str, pts: list[Point]) -> bool:
    return len(pts) == 2 or (cls in ALWAYS_LINES and len(pts) >= 2)


def draw_terrain(c: Canvas) -> None:
    for item in dicts(c.view.get("terrain")):
        pts = points(item.get("points"))
        tid = text(item.get("id"))
        if len(pts) < 2 or not tid:
            continue
        cls = terrain_class(text(item.get("kind")))
        layer = c.layers["water" if cls in ("water", "stream") else "terrain"]
        if cls == "road":
            layer = c.layers["roads"]
        g = group(layer, class_="terrain", data_id=tid, data_kind="terrain", data_terrain=cls)
        title(g, f"{name(item)} ({text(item.get('kind')) or 'terrain'})")
        fill, edge = FILLS[cls]
        if is_line(cls, pts):
            width = LINES.get(cls, 0.5)
            if cls in ("stream", "water"):
                sub(
                    g,
                    "path",
                    d=path_d(pts),
                    stroke=edge,
                    stroke_width=width + 0.2,
                    fill="none",
                    stroke_linejoin="round",
                    stroke_linecap="round",
                )
            sub(
                g,
                "path",
                d=path_d(pts),
                stroke=fill if cls != "water" else WATER,
                stroke_width=width,
                fill="none",
                stroke_linejoin="round",
                stroke_linecap="round",
            )
            mid = _midpoint(pts)
            c.labels.want(mid, name(item), tid, (0.0, width / 2), priority=2, inside=False)
        else:
            sub(g, "path", d=path_d(pts, closed=True), fill=fill, stroke=edge, stroke_width=0.1)
            c.labels.want(centroid(pts), name(item), tid, priority=2, inside=True)
        c.places.setdefault(tid, centroid(pts))
        c.legend.use(f"t-{cls}", WORDS[cls], swatch(cls), "terrain")
    _road_bridges(c)


def _midpoint(pts: list[Point]) -> Point:
    p = LineString(pts).interpolate(0.5, normalized=True)
    return (p.x, p.y)


def water_shapes(view: Item) -> dict[str, BaseGeometry]:
    """Each water feature of the terrain as an area: lines widened to their drawn width."""
    out: dict[str, BaseGeometry] = {}
    for item in dicts(view.get("terrain")):
        cls = terrain_class(text(item.get("kind")))
        pts = points(item.get("points"))
        if cls not in ("water", "stream") or len(pts) < 2:
            continue
        if is_line(cls, pts):
            out[text(item.get("id"))] = LineString(pts).buffer(LINES[cls] / 2, cap_style="flat")
        elif len(pts) >= 3:
            out[text(item.get("id"))] = Polygon(pts).buffer(0)
    return out


def crossing(at: Point, water: BaseGeometry | None) -> tuple[float, float]:
    """The bearing and length of the shortest way across `water` through `at` (a bridge's)."""
    if water is None or water.is_empty or water.distance(SPoint(at)) > 1.0:
        return 0.0, 3.0
    best = (0.0, math.inf)
    for bearing in range(0, 180, 5):
        a, b = toward(at, bearing, 40.0), toward(at, bearing + 180, 40.0)
        cut = LineString([a, b]).intersection(water)
        parts = getattr(cut, "geoms", [cut])
        here = [p for p in parts if not p.is_empty and p.distance(SPoint(at)) < 0.5]
        length = sum(p.length for p in here)
        if 0 < length < best[1]:
            best = (float(bearing), length)
    return best if math.isfinite(best[1]) else (0.0, 3.0)


def draw_bridge(
    parent: ET.Element,
    at: Point,
    bearing: float,
    length: float,
    *,
    width: float = ROAD_WIDTH,
    spans: tuple[int, int] | None = None,
    blown: bool = False,
) -> None:
    """A deck `length` long on `bearing` about `at`, with parapets; `spans` (built, required)
    draws the spans not yet built as an outline; `blown` breaks the deck in the middle."""
    g = group(parent, transform=f"translate({at[0]:.2f},{-at[1]:.2f}) rotate({bearing:.2f})")
    half, w = length / 2, width / 2
    built, required = spans or (1, 1)
    required = max(required, 1)
    step = length / required
    for i in range(required):
        y0 = -half + i * step
        solid = i < built
        if blown and required == 1:
            for y_a, y_b in ((y0, y0 + step * 0.38), (y0 + step * 0.62, y0 + step)):
                sub(
                    g,
                    "rect",
                    x=-w,
                    y=y_a,
                    width=width,
                    height=y_b - y_a,
                    fill="#7b6a55",
                    stroke="#2b2b2b",
                    stroke_width=0.08,
                )
            continue
        sub(
            g,
            "rect",
            x=-w,
            y=y0,
            width=width,
            height=step,
            fill="#9c8a6e" if solid else "none",
            stroke="#2b2b2b",
            stroke_width=0.1,
            stroke_dasharray=None if solid else "0.3 0.2",
        )
    for x in (-w, w):
        sub(g, "line", x1=x, y1=-half, x2=x, y2=half, stroke="#2b2b2b", stroke_width=0.14)


def _road_bridges(c: Canvas) -> None:
    waters = water_shapes(c.view)
    if not waters:
        return
    placed = [p for p in (where(b) for b in dicts(c.view.get("bridges"))) if p is not None]
    names = {text(t.get("id")): name(t) for t in dicts(c.view.get("terrain"))}
    for road in dicts(c.view.get("terrain")):
        pts = points(road.get("points"))
        if terrain_class(text(road.get("kind"))) != "road" or len(pts) < 2:
            continue
        line = LineString(pts)
        for wid, water in waters.items():
            cut = line.intersection(water)
            for seg in getattr(cut, "geoms", [cut]):
                if seg.is_empty or seg.length <= 0:
                    continue
                mid = seg.interpolate(0.5, normalized=True)
                at = (mid.x, mid.y)
                if any(math.dist(at, p) < 3.0 for p in placed):
                    continue
                (x0, y0), (x1, y1) = seg.coords[0], seg.coords[-1]
                bearing = math.degrees(math.atan2(x1 - x0, y1 - y0))
                rid = text(road.get("id"))
                g = group(c.layers["features"], class_="feature", data_id=rid, data_kind="bridge")
                title(g, f"a bridge carries {names.get(rid, rid)} over {names.get(wid, wid)}")
                draw_bridge(g, at, bearing, seg.length + 1.0)
                c.legend.use("bridge", "bridge over water", _bridge_swatch, "feature")


def _bridge_swatch(parent: ET.Element, at: Point) -> None:
    draw_bridge(parent, at, 90.0, 1.3, width=0.6)
