"""The table as SVG, drawn from one seat's view and nothing else.

The drawing is generic, so a new ruleset's view appears without changes here: `terrain` and
`units` are drawn as such, and every other list of items in the view (demolitions, minefields,
lanes, craft, …) is drawn by the geometry its items carry: `points` (a polygon, or a line when
`line` is true or there are two points), `position` (a marker, a circle with `radius`), `from` and
`to` (a line, `width` wide) or `center` and `radius`. A mapping with a `size` (or `square`) and
`columns` and `rows` is drawn as a grid, such as Crossfire's water grid of 12-inch squares. The
selected unit shows its facing and any `arcs` and ranges (`range`, `*_range`) its view gives.

Table coordinates are inches with +y up the table; facing 0 is +y and angles grow clockwise.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from html import escape
from typing import Any

Point = tuple[float, float]

MARGIN = 3.0
DEFAULT_EXTENT = ((0.0, 0.0), (48.0, 48.0))
DEFAULT_ARC_REACH = 12.0
LINE_KINDS = ("road", "stream", "river", "rail", "hedge", "wall", "bocage", "wire", "ditch", "lane")
SPECIAL = frozenset({"terrain", "units", "sides"})

STYLE = """
.table{background:#eef0e4;font-family:sans-serif}
.bg{fill:#e9ecd9}
.terrain{fill:#b9b59a;fill-opacity:.45;stroke:#8a8568;stroke-width:.15}
.terrain.line{fill:none;stroke-width:.5}
.kind-stream,.kind-river,.kind-water{stroke:#3c7fc0;fill:#9cc3e6}
.kind-paved-road,.kind-road,.kind-track{stroke:#777;fill:#bbb}
.kind-built-up,.kind-village{fill:#b98b5e}
.kind-woods,.kind-forest,.kind-orchard{fill:#6b9a55}
.feature{fill:#d9a53f;fill-opacity:.35;stroke:#8a5a00;stroke-width:.15}
.feature.line{fill:none;stroke-width:.4}
.marker{fill:#d9a53f;stroke:#5a3a00;stroke-width:.12}
.is-prepared .marker,.is-prepared.marker{fill:#e2582e}
.is-destroyed .marker,.is-destroyed.marker{fill:#333}
.grid{stroke:#3c7fc0;stroke-opacity:.5;stroke-width:.08;fill:none}
.label{pointer-events:none;font-size:1px;fill:#222;fill-opacity:1;stroke-opacity:1;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:.2}
.unit{cursor:pointer}
.hit{fill:transparent}
.unit .base{stroke:#111;stroke-width:.1}
.unit .front{stroke:#111;stroke-width:.3}
.side-0 .base{fill:#8d9aa8}.side-1 .base{fill:#7f9a5c}.side-2 .base{fill:#b0705c}
.side-3 .base{fill:#a58bc2}.side-4 .base{fill:#c9b458}.side-5 .base{fill:#5fa3a3}
.status-suppressed .base{stroke:#d9b300;stroke-width:.3}
.status-disordered .base{stroke:#e07b00;stroke-width:.35}
.status-knocked-out .base{fill-opacity:.35}
.ko{stroke:#b00;stroke-width:.25}
.selected .base{stroke:#0057d9;stroke-width:.4}
.reach{fill:#0057d9;fill-opacity:.08;stroke:#0057d9;stroke-width:.1;stroke-dasharray:.5 .3}
.facing{stroke:#0057d9;stroke-width:.15}
"""


def render_svg(view: Mapping[str, Any], selected: str | None = None) -> str:
    """An SVG document of the table as `view` shows it; `selected` is a unit id to highlight."""
    sides = [s.get("id") for s in _dicts(view.get("sides"))]
    units = list(_dicts(view.get("units")))
    body: list[str] = []
    body += (_terrain(t) for t in _dicts(view.get("terrain")))
    for key, value in view.items():
        if key not in SPECIAL:
            body += _layer(key, value)
    body += (_unit(u, sides, u.get("id") == selected) for u in units if _point(u.get("position")))
    body += (_reach(u) for u in units if selected and u.get("id") == selected)
    (x0, y0), (x1, y1) = _extent(view)
    box = f"{_n(x0)} {_n(-y1)} {_n(x1 - x0)} {_n(y1 - y0)}"
    title = escape(str(view.get("title", "the table")))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table" viewBox="{box}" role="img" '
        f'aria-label="{title}"><style>{STYLE}</style>'
        f'<rect class="bg" x="{_n(x0)}" y="{_n(-y1)}" width="{_n(x1 - x0)}" '
        f'height="{_n(y1 - y0)}"/>{"".join(body)}</svg>'
    )


# -- reading the view defensively: a malformed item is skipped, never an error --------------------


def _dicts(value: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(value, list):
        yield from (v for v in value if isinstance(v, Mapping))


def _num(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    return float(value) if ok else None


def _point(value: Any) -> Point | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        x, y = _num(value[0]), _num(value[1])
        if x is not None and y is not None:
            return (x, y)
    return None


def _points(value: Any) -> list[Point]:
    pts = [_point(p) for p in value] if isinstance(value, list | tuple) else []
    return [p for p in pts if p is not None]


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


def _xy(p: Point) -> str:
    return f"{_n(p[0])},{_n(-p[1])}"  # SVG's y grows down the screen


def _cls(*names: Any) -> str:
    """Class names from free text: lower case, letters, digits and dashes."""
    words = (w for n in names if n for w in str(n).split())
    return " ".join(re.sub(r"[^a-z0-9-]+", "-", w.lower()) for w in words)


def _label(item: Mapping[str, Any]) -> str:
    return str(item.get("name") or item.get("id") or "")


def _text(p: Point, text: str, dy: float = 1.6) -> str:
    if not text:
        return ""
    return f'<text class="label" x="{_n(p[0])}" y="{_n(-p[1] + dy)}">{escape(text)}</text>'


def _title(item: Mapping[str, Any]) -> str:
    return f"<title>{escape(_label(item))}</title>"


# -- shapes ---------------------------------------------------------------------------------------


def _shape(item: Mapping[str, Any], base: str) -> str | None:
    """The SVG of an item's geometry, or None if it carries none."""
    kind = item.get("kind", "")
    flags = [f"is-{k}" for k, v in item.items() if v is True]
    points = _points(item.get("points"))
    if len(points) >= 2:
        is_line = item.get("line") is True or len(points) == 2
        is_line = is_line or (item.get("line") is None and any(k in str(kind) for k in LINE_KINDS))
        cls = _cls(base, f"kind-{kind}", "line" if is_line else "", *flags)
        tag = "polyline" if is_line else "polygon"
        coords = " ".join(_xy(p) for p in points)
        mid = points[len(points) // 2] if is_line else _centroid(points)
        label = _text(mid, _label(item), 0.3)
        return f'<g class="{cls}"><{tag} points="{coords}"/>{_title(item)}{label}</g>'
    ends = _point(item.get("from")), _point(item.get("to"))
    if ends[0] and ends[1]:
        width = _num(item.get("width"))
        style = f' style="stroke-width:{_n(width)}"' if width else ""
        cls = _cls(base, f"kind-{kind}", "line", *flags)
        a, b = _xy(ends[0]).split(","), _xy(ends[1]).split(",")
        return (
            f'<g class="{cls}"><line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}"{style}/>'
            f"{_title(item)}</g>"
        )
    centre = _point(item.get("position")) or _point(item.get("center")) or next(iter(points), None)
    if centre is None:
        return None
    radius = _num(item.get("radius"))
    cls = _cls(base, f"kind-{kind}", *flags)
    shape = f'<circle class="marker" cx="{_n(centre[0])}" cy="{_n(-centre[1])}" r="0.6"/>'
    if radius:
        shape = f'<circle cx="{_n(centre[0])}" cy="{_n(-centre[1])}" r="{_n(radius)}"/>' + shape
    return f'<g class="{cls}">{shape}{_title(item)}{_text(centre, _label(item))}</g>'


def _centroid(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _terrain(item: Mapping[str, Any]) -> str:
    return _shape(item, "terrain") or ""


def _layer(key: str, value: Any) -> list[str]:
    """Every drawable item of one view key: a list of items, a grid, or a mapping of either."""
    if isinstance(value, Mapping):
        grid = _grid(value)
        if grid:
            return [grid]
        return [s for k, v in value.items() if isinstance(v, list | Mapping) for s in _layer(k, v)]
    shapes = (_shape(item, _cls("feature", f"layer-{key}")) for item in _dicts(value))
    return [s for s in shapes if s]


def _grid(item: Mapping[str, Any]) -> str | None:
    size = _num(item.get("size")) or _num(item.get("square"))
    cols, rows = _num(item.get("columns")), _num(item.get("rows"))
    if not size or not cols or not rows or cols > 200 or rows > 200:
        return None
    ox, oy = _point(item.get("origin")) or (0.0, 0.0)
    w, h = int(cols) * size, int(rows) * size
    lines = [f"M{_xy((ox + i * size, oy))}V{_n(-(oy + h))}" for i in range(int(cols) + 1)]
    lines += [f"M{_xy((ox, oy + j * size))}H{_n(ox + w)}" for j in range(int(rows) + 1)]
    return f'<path class="grid" d="{"".join(lines)}"/>'


def _unit(unit: Mapping[str, Any], sides: list[Any], selected: bool) -> str:
    pos = _point(unit.get("position"))
    assert pos is not None
    facing = _num(unit.get("facing")) or 0.0
    side = sides.index(unit.get("side")) if unit.get("side") in sides else len(sides)
    status = unit.get("status", "")
    vehicle = "vehicle" in str(unit.get("kind", ""))
    w, h = (1.2, 2.0) if vehicle else (1.8, 1.0)
    ko = '<path class="ko" d="M-.7,-.7L.7,.7M-.7,.7L.7,-.7"/>' if status == "knocked-out" else ""
    cls = _cls("unit", f"side-{side % 6}", f"status-{status}", "selected" if selected else "")
    uid = escape(str(unit.get("id", "")))
    tip = escape(f"{_label(unit)} ({status})" if status else _label(unit))
    return (
        f'<g class="{cls}" data-unit="{uid}"><title>{tip}</title>'
        f'<g transform="translate({_xy(pos)}) rotate({_n(facing)})">'
        f'<circle class="hit" r="{_n(max(w, h) * 0.8)}"/>'  # a finger-sized target on phones
        f'<rect class="base" x="{_n(-w / 2)}" y="{_n(-h / 2)}" width="{_n(w)}" height="{_n(h)}"/>'
        f'<line class="front" x1="{_n(-w / 2)}" y1="{_n(-h / 2)}" x2="{_n(w / 2)}" '
        f'y2="{_n(-h / 2)}"/></g>{ko}{_text(pos, _label(unit), h / 2 + 1.1)}</g>'
    )


def _reach(unit: Mapping[str, Any]) -> str:
    """The selected unit's facing, arcs and ranges, as far as its view gives them."""
    pos = _point(unit.get("position"))
    if pos is None:
        return ""
    facing = _num(unit.get("facing")) or 0.0
    out = [f'<path class="facing" d="M{_xy(pos)}L{_xy(_toward(pos, facing, 3.0))}"/>']
    for key, value in unit.items():
        radius = _num(value)
        if radius and radius > 0 and (key == "range" or key.endswith("_range")):
            out.append(
                f'<circle class="reach" cx="{_n(pos[0])}" cy="{_n(-pos[1])}" r="{_n(radius)}">'
                f"<title>{escape(key)}</title></circle>"
            )
    arcs = list(_dicts(unit.get("arcs")))
    width = _num(unit.get("arc"))
    if width:
        arcs.append({"center": facing, "width": width, "range": unit.get("range")})
    out += (_arc(pos, facing, arc) for arc in arcs)
    return "".join(out)


def _arc(pos: Point, facing: float, arc: Mapping[str, Any]) -> str:
    """A wedge from `from` to `to` degrees, or `width` degrees about `center` (default: facing)."""
    start, end = _num(arc.get("from")), _num(arc.get("to"))
    if start is None or end is None:
        width = _num(arc.get("width")) or 0.0
        centre = _num(arc.get("center"))
        centre = facing if centre is None else centre
        start, end = centre - width / 2, centre + width / 2
    reach = _num(arc.get("range")) or DEFAULT_ARC_REACH
    span = (end - start) % 360 or 360.0
    if span >= 360:
        return f'<circle class="reach" cx="{_n(pos[0])}" cy="{_n(-pos[1])}" r="{_n(reach)}"/>'
    a, b = _toward(pos, start, reach), _toward(pos, start + span, reach)
    large = 1 if span > 180 else 0
    name = escape(_label(arc))
    return (
        f'<path class="reach" d="M{_xy(pos)}L{_xy(a)}A{_n(reach)},{_n(reach)} 0 {large} 1 '
        f'{_xy(b)}Z"><title>{name}</title></path>'
    )


def _toward(p: Point, bearing: float, dist: float) -> Point:
    rad = math.radians(bearing)
    return (p[0] + dist * math.sin(rad), p[1] + dist * math.cos(rad))


# -- the extent of the table ----------------------------------------------------------------------


def _all_points(value: Any, depth: int = 0) -> Iterator[Point]:
    """Every point in the view: positions, point lists, line ends, grid corners."""
    if depth > 4:
        return
    if isinstance(value, Mapping):
        for key in ("position", "center", "from", "to"):
            p = _point(value.get(key))
            if p:
                yield p
        yield from _points(value.get("points"))
        grid = _grid(value)
        if grid:
            ox, oy = _point(value.get("origin")) or (0.0, 0.0)
            size = _num(value.get("size")) or _num(value.get("square")) or 0.0
            cols, rows = _num(value.get("columns")) or 0, _num(value.get("rows")) or 0
            yield (ox, oy)
            yield (ox + size * cols, oy + size * rows)
        for v in value.values():
            if isinstance(v, list | Mapping):
                yield from _all_points(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from _all_points(v, depth + 1)


def _extent(view: Mapping[str, Any]) -> tuple[Point, Point]:
    pts = list(_all_points(view))
    (x0, y0), (x1, y1) = DEFAULT_EXTENT
    if pts:
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    x0, y0, x1, y1 = x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN
    if x1 - x0 < 12:
        x0, x1 = (x0 + x1) / 2 - 6, (x0 + x1) / 2 + 6
    if y1 - y0 < 12:
        y0, y1 = (y0 + y1) / 2 - 6, (y0 + y1) / 2 + 6
    return (x0, y0), (x1, y1)
