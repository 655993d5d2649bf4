"""Engineering on the table, each at its true footprint and in its state: minefields (by type as
the seat knows it) and the lanes through them, wire and its gaps, anti-tank ditches, AT
obstacles, bocage, roadblocks, bridges with their spans, bridging equipment, fortifications with
their front, demolition charges, and the progress of tasks at the things they work on."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from shapely.geometry.base import BaseGeometry

from kriegsspiel.render.board_terrain import crossing, draw_bridge, water_shapes
from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.legend import Swatch
from kriegsspiel.render.read import Item, Point, dicts, name, num, point, points, strs, text, where
from kriegsspiel.render.style import side_colour
from kriegsspiel.render.svgxml import box, dot, group, n, path_d, sub, title

MINES = {  # type as the seat knows it: fill, edge, legend words
    "AT": ("#b03a2e", "#5e1a14", "minefield: anti-tank"),
    "AP": ("#e0822a", "#7a3e0a", "minefield: anti-personnel"),
    "mixed": ("#9c4f1a", "#4d2608", "minefield: mixed AT and AP"),
    "dummy": ("#f2e6c8", "#7a6a40", "dummy minefield"),
    "": ("#8c8c8c", "#3d3d3d", "minefield (what it holds is unknown)"),
}


def _frame(item: Item) -> tuple[Point, float, float, float] | None:
    """An item's footprint: centre, facing, length (along its facing's right) and depth."""
    fp = item.get("footprint")
    if not isinstance(fp, dict):
        return None
    centre, facing = point(fp.get("centre")), num(fp.get("facing")) or 0.0
    length, depth = num(fp.get("length")), num(fp.get("depth"))
    if centre is None or not length or not depth:
        return None
    return centre, facing, length, depth


def _local(parent: ET.Element, centre: Point, facing: float, **kw: str) -> ET.Element:
    return group(
        parent, transform=f"translate({n(centre[0])},{n(-centre[1])}) rotate({n(facing)})", **kw
    )


def draw_features(c: Canvas) -> None:
    for field in dicts(c.view.get("minefields")):
        _minefield(c, field)
    for lane in dicts(c.view.get("mine_lanes")):
        _mine_lane(c, lane)
    for obstacle in dicts(c.view.get("obstacles")):
        _obstacle(c, obstacle)
    for lane in dicts(c.view.get("lanes")):
        _lane(c, lane)
    waters = water_shapes(c.view)
    for bridge in dicts(c.view.get("bridges")):
        _bridge(c, bridge, waters)
    for kit in dicts(c.view.get("bridging")):
        _bridging(c, kit)
    for fort in dicts(c.view.get("forts")):
        _fort(c, fort)
    for demo in dicts(c.view.get("demolitions")):
        _demolition(c, demo)


def _feature(c: Canvas, item: Item, kind: str, words: str) -> ET.Element:
    g = group(c.layers["features"], class_="feature", data_id=text(item.get("id")), data_kind=kind)
    title(g, words)
    return g


def _minefield(c: Canvas, field: Item) -> None:
    fid = text(field.get("id"))
    fp = field.get("footprint")
    corners = points(fp.get("corners")) if isinstance(fp, dict) else []
    if not fid:
        return
    if len(corners) < 3:
        c.off_table.append((fid, "minefield", name(field) or "a minefield"))
        return
    kind = text(field.get("type"))
    fill, edge, words = MINES.get(kind, MINES[""])
    known = [f"{k} {text(field.get(k))}" for k in ("at", "ap") if text(field.get(k))]
    laid = text(field.get("laid"))
    details = ", ".join([*known, laid] if laid else known)
    g = _feature(
        c, field, "minefield", f"{name(field)}: {words}" + (f" ({details})" if details else "")
    )
    dashed = "0.35 0.2" if kind == "dummy" else None
    sub(
        g,
        "path",
        d=path_d(corners, closed=True),
        fill=fill,
        fill_opacity=0.75,
        stroke=edge,
        stroke_width=0.12,
        stroke_dasharray=dashed,
    )
    sub(g, "path", d=path_d(corners, closed=True), fill="url(#p-mines)", stroke="none")
    c.places[fid] = _mid(corners)
    if text(field.get("name")):
        c.labels.want(_mid(corners), text(field.get("name")), fid, _half(corners), priority=1)
    c.legend.use(
        f"mines-{kind}", words, _area_swatch(fill, edge, "url(#p-mines)", dashed), "feature"
    )


def _mine_lane(c: Canvas, lane: Item) -> None:
    lid, at = text(lane.get("id")), point(lane.get("at"))
    section = next(
        (f for f in dicts(c.view.get("minefields")) if f.get("id") == lane.get("section")), None
    )
    frame = _frame(section) if section else None
    if not lid:
        return
    if at is None:
        c.off_table.append((lid, "mine-lane", f"{text(lane.get('kind'))} lane"))
        return
    facing = frame[1] if frame else 0.0
    width, depth = num(lane.get("width")) or 1.0, num(lane.get("depth")) or 1.0
    kind = text(lane.get("kind"))
    g = _feature(c, lane, "mine-lane", f"{kind} lane through {text(lane.get('section'))}")
    local = _local(g, at, facing)
    x, y = -width / 2, -depth / 2 - 0.2
    strip = {"x": x, "y": y, "width": width, "height": depth + 0.4}  # the lane's ground
    if kind == "cleared":
        sub(local, "rect", strip, fill="#e9ecd6", stroke="#ffffff", stroke_width=0.1)
    elif kind == "marked":
        sub(
            local,
            "rect",
            strip,
            fill="none",
            stroke="#ffffff",
            stroke_width=0.14,
            stroke_dasharray="0.25 0.12",
        )
    else:
        sub(
            local,
            "line",
            x1=0,
            y1=y,
            x2=0,
            y2=-y,
            stroke="#ffffff",
            stroke_width=0.16,
            stroke_dasharray="0.2 0.15",
        )
    c.places[lid] = at
    c.legend.use(
        f"lane-{kind}",
        f"{kind or 'a'} lane through a minefield",
        _area_swatch("#e9ecd6", "#ffffff", None, "0.25 0.12"),
        "feature",
    )


OBSTACLE_WORDS = {
    "wire": "barbed wire",
    "ditch": "anti-tank ditch",
    "at-obstacle": "anti-tank obstacles",
    "bocage": "bocage hedge",
    "roadblock": "roadblock",
}


def _obstacle(c: Canvas, obs: Item) -> None:
    oid, frame = text(obs.get("id")), _frame(obs)
    kind, cond = text(obs.get("kind")), text(obs.get("condition"))
    if not oid:
        return
    if frame is None:
        c.off_table.append((oid, kind or "obstacle", name(obs)))
        return
    centre, facing, length, depth = frame
    words = OBSTACLE_WORDS.get(kind, kind or "obstacle")
    variant = text(obs.get("variant"))
    state = cond if cond not in ("", "intact", "present") else ""
    g = _feature(
        c,
        obs,
        kind or "obstacle",
        f"{name(obs)}: {words}"
        + (f", {variant}" if variant else "")
        + (f" ({cond})" if cond else ""),
    )
    local = _local(g, centre, facing)
    draw_obstacle(local, kind, cond, variant, length, depth)
    c.places[oid] = centre
    key = f"o-{kind}-{state}" if state else f"o-{kind}"
    c.legend.use(
        key,
        words + (f", {state}" if state else ""),
        _obstacle_swatch(kind, cond, variant),
        "feature",
    )


def draw_obstacle(
    g: ET.Element, kind: str, cond: str, variant: str, length: float, depth: float
) -> None:
    """An obstacle in its own frame: `length` across x, `depth` along y, centred on 0."""
    half, d = length / 2, depth / 2
    gap = cond in ("gapped", "none")
    spans = [(-half, -0.5), (0.5, half)] if gap else [(-half, half)]
    if kind == "wire":
        for x0, x1 in spans:
            steps = max(2, round((x1 - x0) / 0.35))
            for y in (-d * 0.5, d * 0.5):
                zig = [
                    (x0 + (x1 - x0) * i / steps, y + (0.15 if i % 2 else -0.15))
                    for i in range(steps + 1)
                ]
                sub(
                    g,
                    "path",
                    d="M" + " L".join(f"{n(x)},{n(yy)}" for x, yy in zig),
                    stroke="#333",
                    stroke_width=0.07,
                    fill="none",
                )
    elif kind == "ditch":
        fill = {"filled": "#b79b70", "bridged": "#8a6a45"}.get(cond, "#5b3a1e")
        box(
            g,
            (0.0, 0.0),
            length,
            depth,
            fill=fill,
            stroke="#2e1c0d",
            stroke_width=0.1,
            stroke_dasharray="0.3 0.15" if cond == "filled" else None,
        )
        if cond == "bridged":
            for i in range(5):
                x = -0.6 + i * 0.3
                sub(g, "line", x1=x, y1=-d, x2=x, y2=d, stroke="#e0c89a", stroke_width=0.12)
        elif cond != "filled":
            sub(g, "line", x1=-half, y1=0, x2=half, y2=0, stroke="#2e1c0d", stroke_width=0.08)
    elif kind == "at-obstacle":
        count = max(2, round(length / 0.5))
        keep = range(0, count, 2) if cond == "reduced" else range(count)
        for i in keep:
            x = -half + (i + 0.5) * length / count
            if variant == "logs":
                sub(
                    g,
                    "line",
                    x1=x,
                    y1=-d * 0.8,
                    x2=x,
                    y2=d * 0.8,
                    stroke="#6b4423",
                    stroke_width=0.2,
                )
            else:
                sub(
                    g,
                    "path",
                    d=f"M{n(x - 0.2)},{n(d * 0.5)} L{n(x)},{n(-d * 0.5)} "
                    f"L{n(x + 0.2)},{n(d * 0.5)} Z",
                    fill="#9a9a9a",
                    stroke="#333",
                    stroke_width=0.05,
                )
    elif kind == "bocage":
        for x0, x1 in spans:
            sub(
                g,
                "rect",
                x=x0,
                y=-d,
                width=x1 - x0,
                height=depth,
                rx=d * 0.8,
                fill="#2f5a1f",
                stroke="#173010",
                stroke_width=0.1,
            )
    else:  # a roadblock, or an obstacle of a kind not known here
        if cond == "none":
            box(
                g,
                (0.0, 0.0),
                length,
                depth,
                fill="none",
                stroke="#6b4423",
                stroke_width=0.08,
                stroke_dasharray="0.25 0.15",
            )
        else:
            for i, y in enumerate((-d * 0.4, 0.0, d * 0.4)):
                tilt = 0.25 if i % 2 else -0.25
                sub(
                    g,
                    "line",
                    x1=-half,
                    y1=y - tilt,
                    x2=half,
                    y2=y + tilt,
                    stroke="#6b4423",
                    stroke_width=0.22,
                    stroke_linecap="round",
                )


def _lane(c: Canvas, lane: Item) -> None:
    lid, path = text(lane.get("id")), points(lane.get("path"))
    if not lid:
        return
    if len(path) < 2:
        c.off_table.append((lid, "lane", f"{text(lane.get('kind'))} lane"))
        return
    kind = text(lane.get("kind"))
    g = _feature(
        c,
        lane,
        "lane",
        f"{kind} lane" + (f" by {text(lane.get('made_by'))}" if text(lane.get("made_by")) else ""),
    )
    width = num(lane.get("width")) or 1.0
    colour = "#c8b07a" if kind == "bobbin" else "#f4f4ea"
    sub(
        g,
        "path",
        d=path_d(path),
        stroke=colour,
        stroke_width=width,
        fill="none",
        stroke_opacity=0.9,
    )
    sub(
        g,
        "path",
        d=path_d(path),
        stroke="#555",
        stroke_width=0.06,
        fill="none",
        stroke_dasharray="0.3 0.2",
    )
    c.places[lid] = path[len(path) // 2]
    c.legend.use(
        f"lane-{kind}", f"{kind} lane", _area_swatch(colour, "#555", None, "0.3 0.2"), "feature"
    )


def _bridge(c: Canvas, bridge: Item, waters: Mapping[str, BaseGeometry]) -> None:
    bid, at = text(bridge.get("id")), where(bridge)
    if not bid:
        return
    if at is None:
        c.off_table.append((bid, "bridge", name(bridge)))
        return
    water = waters.get(text(bridge.get("obstacle")))
    bearing, length = crossing(at, water)
    built = int(num(bridge.get("spans_built")) or 0)
    required = int(num(bridge.get("spans_required")) or 1)
    blown = bridge.get("destroyed") is True
    state = "blown" if blown else "under construction" if built < required else ""
    if not state and bridge.get("usable") is False:
        state = "not usable"
    words = f"{name(bridge)}: {text(bridge.get('kind')) or 'bridge'}, spans {built}/{required}"
    g = _feature(c, bridge, "bridge", words + (f" ({state})" if state else ""))
    draw_bridge(g, at, bearing, length + 1.0, spans=(built, required), blown=blown)
    c.places[bid] = at
    c.labels.block(at, 0.7, 0.7)
    c.labels.want(at, name(bridge), bid, (0.8, (length + 1) / 2), priority=1)
    key = {"blown": "bridge-blown", "under construction": "bridge-building"}.get(state, "bridge")
    legend = {"bridge-blown": "bridge, blown", "bridge-building": "bridge: spans to build dashed"}
    c.legend.use(key, legend.get(key, "bridge over water"), _bridge_swatch(state), "feature")


def _bridging(c: Canvas, kit: Item) -> None:
    kid, at = text(kit.get("id")), where(kit)
    if not kid:
        return
    if at is None:
        c.off_table.append((kid, "bridging", f"bridging for {text(kit.get('bridge'))}"))
        return
    carrier = text(kit.get("carried_by"))
    lost = kit.get("destroyed") is True
    words = (
        f"bridging equipment for {text(kit.get('bridge'))}"
        + (f", carried by {carrier}" if carrier else "")
        + (", lost" if lost else "")
        + (", placed" if kit.get("placed") is True else "")
    )
    g = _feature(c, kit, "bridging", words)
    x, y = at[0] - (1.2 if carrier else 0.0), at[1] - (0.9 if carrier else 0.0)
    sub(
        g,
        "rect",
        x=x - 0.6,
        y=-y - 0.25,
        width=1.2,
        height=0.5,
        fill="#9c8a6e",
        stroke="#2b2b2b",
        stroke_width=0.08,
        stroke_dasharray="0.2 0.1" if lost else None,
    )
    for dx in (-0.3, 0.0, 0.3):
        sub(
            g,
            "line",
            x1=x + dx,
            y1=-y - 0.25,
            x2=x + dx,
            y2=-y + 0.25,
            stroke="#2b2b2b",
            stroke_width=0.05,
        )
    c.places[kid] = (x, y)
    c.labels.block((x, y), 0.6, 0.25)
    c.legend.use("bridging", "bridging equipment (a span)", _kit_swatch, "feature")


def _fort(c: Canvas, fort: Item) -> None:
    fid, at = text(fort.get("id")), where(fort)
    if not fid:
        return
    if at is None:
        c.off_table.append((fid, "fort", name(fort)))
        return
    kind = text(fort.get("kind"))
    ruined = fort.get("rubble") is True or fort.get("collapsed") is True
    occupants = strs(fort.get("occupants"))
    words = (
        f"{name(fort)}: fortification ({kind or 'fort'}), armour {text(str(fort.get('armour')))}"
    )
    if occupants:
        words += f"; holds {', '.join(occupants)}"
    if ruined:
        words += "; rubble" if fort.get("rubble") is True else "; collapsed"
    g = _feature(c, fort, "fort", words)
    arcs = list(dicts(fort.get("fire_arcs")))
    side = c.side(fort.get("side"))
    for arc in arcs:
        wedge(
            g,
            at,
            num(arc.get("facing")) or 0.0,
            num(arc.get("width")) or 360.0,
            3.2,
            fill=side_colour(side),
            fill_opacity=0.12,
            stroke=side_colour(side),
            stroke_width=0.06,
        )
    fill = "#8b6a45" if "log" in kind else "#a8a8a0"
    s = 2.4
    sub(
        g,
        "rect",
        x=at[0] - s / 2,
        y=-at[1] - s / 2,
        width=s,
        height=s,
        rx=0.3,
        fill="url(#p-rubble)" if ruined else fill,
        stroke="#2b2b2b",
        stroke_width=0.16,
    )
    for arc in arcs:
        facing, width = num(arc.get("facing")) or 0.0, num(arc.get("width")) or 360.0
        if width >= 360:
            dot(
                g,
                at,
                s / 2 + 0.15,
                fill="none",
                stroke="#111",
                stroke_width=0.16,
                stroke_dasharray="0.35 0.25",
            )
        else:
            front = _local(g, at, facing)
            sub(
                front,
                "line",
                x1=-s / 2,
                y1=-s / 2,
                x2=s / 2,
                y2=-s / 2,
                stroke="#111",
                stroke_width=0.4,
            )
    c.places[fid] = at
    c.labels.want(at, name(fort), fid, (s / 2 + 0.3, s / 2 + 0.3), priority=1)
    c.labels.block(at, s / 2, s / 2)
    c.legend.use(
        "fort", "fortification: thick edge its front, wedge its fire arc", _fort_swatch, "feature"
    )
    if ruined:
        c.legend.use(
            "fort-rubble",
            "fortification in rubble",
            _area_swatch("url(#p-rubble)", "#2b2b2b", None, None),
            "feature",
        )


def _demolition(c: Canvas, demo: Item) -> None:
    did, at = text(demo.get("id")), where(demo)
    if not did:
        return
    if at is None:
        c.off_table.append((did, "demolition", name(demo)))
        return
    blown = demo.get("destroyed") is True
    prepared = demo.get("prepared") is True
    state = "blown" if blown else "prepared" if prepared else "being prepared"
    if not blown and "prepared" not in demo:
        state = ""
    g = _feature(
        c,
        demo,
        "demolition",
        f"{name(demo)}: demolition charges" + (f" ({state})" if state else ""),
    )
    spot = (at[0] + 1.0, at[1] + 0.9)
    burst(g, spot, state)
    c.places[did] = spot
    c.labels.block(spot, 0.5, 0.5)
    words = {
        "blown": "demolition: blown",
        "prepared": "demolition charges: prepared",
        "being prepared": "demolition charges: being prepared",
    }
    c.legend.use(
        f"demo-{state}",
        words.get(state, "demolition charges"),
        _burst_swatch(state),
        "feature",
    )


def burst(parent: ET.Element, at: Point, state: str) -> None:
    """A charge as an eight-pointed burst: red when prepared, hollow while being prepared,
    black when blown."""
    pts = [
        (
            at[0] + (0.55 if i % 2 == 0 else 0.25) * math.sin(math.radians(i * 22.5)),
            at[1] + (0.55 if i % 2 == 0 else 0.25) * math.cos(math.radians(i * 22.5)),
        )
        for i in range(16)
    ]
    fill = {"blown": "#111111", "prepared": "#e00000", "being prepared": "#ffffff"}.get(
        state, "#e08000"
    )
    sub(parent, "path", d=path_d(pts, closed=True), fill=fill, stroke="#600", stroke_width=0.07)


def _burst_swatch(state: str) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        burst(parent, at, state)

    return draw


def wedge(
    parent: ET.Element, at: Point, facing: float, width: float, reach: float, **style: str | float
) -> ET.Element:
    """A wedge `width` degrees about `facing`, `reach` inches long (a circle at 360)."""
    if width >= 360:
        return dot(parent, at, reach, **style)
    a0, a1 = facing - width / 2, facing + width / 2
    steps = max(2, int(width // 10))
    arc = [_toward(at, a0 + (a1 - a0) * i / steps, reach) for i in range(steps + 1)]
    return sub(parent, "path", d=path_d([at, *arc], closed=True), **style)


def _toward(p: Point, bearing: float, dist: float) -> Point:
    rad = math.radians(bearing)
    return (p[0] + dist * math.sin(rad), p[1] + dist * math.cos(rad))


def _mid(pts: list[Point]) -> Point:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _half(pts: list[Point]) -> tuple[float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return ((max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2)


def define_patterns(defs: ET.Element) -> None:
    mines = sub(defs, "pattern", id="p-mines", width=0.6, height=0.6, patternUnits="userSpaceOnUse")
    sub(mines, "circle", cx=0.3, cy=0.3, r=0.07, fill="#000", fill_opacity=0.6)
    rubble = sub(
        defs, "pattern", id="p-rubble", width=0.6, height=0.6, patternUnits="userSpaceOnUse"
    )
    sub(rubble, "rect", width=0.6, height=0.6, fill="#9a948a")
    sub(
        rubble,
        "path",
        d="M0.05,0.2 l0.2,-0.1 l0.1,0.2 Z M0.35,0.45 l0.2,0 l-0.1,-0.15 Z",
        fill="#4d4a44",
    )


def _area_swatch(fill: str, edge: str, over: str | None, dash: str | None) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        for f in [fill, over] if over else [fill]:
            box(
                parent,
                at,
                1.2,
                0.8,
                fill=f,
                stroke=edge,
                stroke_width=0.08,
                stroke_dasharray=dash,
            )

    return draw


def _obstacle_swatch(kind: str, cond: str, variant: str) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        local = _local(parent, at, 0.0)
        draw_obstacle(
            local, kind, cond, variant, 1.4 if cond not in ("gapped", "none") else 2.0, 0.7
        )

    return draw


def _bridge_swatch(state: str) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        spans = (1, 2) if state == "under construction" else None
        draw_bridge(parent, at, 90.0, 1.3, width=0.6, spans=spans, blown=state == "blown")

    return draw


def _kit_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.2,
        0.5,
        fill="#9c8a6e",
        stroke="#2b2b2b",
        stroke_width=0.08,
    )


def _fort_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        0.9,
        0.9,
        fill="#a8a8a0",
        stroke="#2b2b2b",
        stroke_width=0.1,
    )
    sub(
        parent,
        "line",
        x1=at[0] - 0.45,
        y1=-at[1] - 0.45,
        x2=at[0] + 0.45,
        y2=-at[1] - 0.45,
        stroke="#111",
        stroke_width=0.25,
    )
