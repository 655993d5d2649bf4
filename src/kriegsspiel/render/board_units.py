"""Units as counters: the side's colour and pattern, a symbol for what the unit is, its front
edge at its facing, a turret at its bearing, crewmen and open hatches where the view gives
them, state chits beside it; Blinds as Blinds; a team of men as its men's bases."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from shapely.geometry import MultiPoint

from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.legend import Swatch
from kriegsspiel.render.markers import CHITS, draw_markers
from kriegsspiel.render.read import Item, Point, dicts, mapping, name, num, strs, text, where
from kriegsspiel.render.style import side_colour, side_pattern
from kriegsspiel.render.svgxml import Attr, box, dot, group, n, outline, path_d, sub, title

SIZES = {"foot": (1.5, 1.1), "vehicle": (1.3, 2.2), "gun": (1.3, 1.3), "command": (1.1, 1.1)}
MAN = 0.55  # a man's base radius
DEAD = {"knocked-out", "destroyed", "killed", "lost", "out", "eliminated", "dead"}
CREW_SPOTS = {  # where each crewman sits, in the hull's frame (x right, y back), inches
    "driver": (-0.3, -0.75),
    "co-driver": (0.3, -0.75),
    "gunner": (-0.28, 0.05),
    "loader": (0.28, 0.05),
    "commander": (0.0, 0.4),
}
CREW_FILL = {"ok": "#ffffff", "light": "#ffd400", "serious": "#ff8c1a"}


@dataclass
class Counter:
    id: str
    name: str
    side: int
    at: Point
    form: str = "foot"
    symbol: str = "infantry"
    facing: float | None = None
    turret: float | None = None
    dead: bool = False
    dashed: bool = False
    marks: list[tuple[str, str]] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    crew: list[Item] = field(default_factory=list)
    hatches: list[str] | None = None


def symbol_of(words: str) -> tuple[str, str]:
    """The form (size) and symbol of a unit from the words of its kind, type and traits."""
    w = words.lower()
    table = (
        ("engineer", "foot", "engineer"),
        ("sapper", "foot", "engineer"),
        ("pioneer", "foot", "engineer"),
        ("mortar", "gun", "mortar"),
        ("hmg", "foot", "mg"),
        ("mg", "foot", "mg"),
        ("gun", "gun", "gun"),
        ("armour", "vehicle", "armour"),
        ("afv", "vehicle", "armour"),
        ("tank", "vehicle", "armour"),
        ("full", "vehicle", "armour"),
        ("vehicle", "vehicle", "wheeled"),
        ("truck", "vehicle", "wheeled"),
        ("jeep", "vehicle", "wheeled"),
        ("fo", "command", "observer"),
        ("pc", "command", "hq"),
        ("hq", "command", "hq"),
    )
    tokens = set(w.replace("-", " ").replace(",", " ").split())
    for word, form, sym in table:
        if word in tokens or (len(word) > 3 and word in w):
            return form, sym
    return "foot", "infantry"


def counters(c: Canvas) -> list[Counter]:
    out: list[Counter] = []
    for unit in dicts(c.view.get("units")):
        uid = text(unit.get("id"))
        if not uid or text(unit.get("aboard")):
            continue  # a passenger is drawn aboard its craft
        if isinstance(unit.get("men"), list):
            continue  # a team is drawn as its men
        at = where(unit)
        if at is None:
            c.off_table.append((uid, "unit", name(unit)))
            continue
        out.append(_counter(c, unit, uid, at))
    return out


def _counter(c: Canvas, unit: Item, uid: str, at: Point) -> Counter:
    line = mapping(unit.get("statline"))
    kinds = [text(unit.get("kind")), text(line.get("kind")), text(line.get("armour"))]
    words = " ".join([*kinds, *strs(unit.get("traits"))])
    if not words.strip():
        words = text(unit.get("type"))
    form, sym = symbol_of(words)
    status = text(unit.get("status"))
    k = Counter(uid, name(unit), c.side(unit.get("side")), at, form, sym)
    k.facing = num(unit.get("facing"))
    bearing = num(unit.get("gun_bearing"))
    k.turret = bearing if bearing is not None and sym == "armour" else None
    k.dead = status in DEAD
    k.details = [d for d in (text(unit.get("vehicle_name")), text(line.get("name"))) if d]
    if status and status not in ("ok", "active"):
        k.details.append(status)
    k.marks = _marks(unit, status)
    k.dashed = unit.get("hidden") is True or bool(text(unit.get("blind")))
    k.crew = list(dicts(unit.get("crew")))
    hatches = unit.get("hatches_open")
    k.hatches = strs(hatches) if isinstance(hatches, list) else None
    faults = strs(unit.get("faults"))
    if faults:
        k.details.append("faults: " + ", ".join(faults))
    return k


def _marks(unit: Item, status: str) -> list[tuple[str, str]]:
    marks: list[tuple[str, str]] = []
    if status in CHITS:
        marks.append((status, ""))
    flags = {
        "suppressed": "suppressed",
        "dispersed": "dispersed",
        "fire_marker": "fire",
        "no_fire": "no-fire",
        "immobilised": "immobilised",
        "emplaced": "emplaced",
        "moving": "moving",
        "limbered": "limbered",
        "reserve": "reserve",
        "activated_this_turn": "activated",
        "broke_off_this_turn": "broke-off",
        "hidden": "hidden",
        "smoke": "smoke",
        "swimming": "swimming",
        "engineering_this_turn": "engineering",
        "abandon": "abandoned",
    }
    for key, mark in flags.items():
        if unit.get(key) is True and (mark, "") not in marks:
            marks.append((mark, ""))
    dp = num(unit.get("dp"))
    if dp:
        marks.append(("dp", f"DP{int(dp)}"))
    if text(unit.get("bogged_at")):
        marks.append(("bogged", ""))
    morale = text(unit.get("morale"))
    if morale in ("halted", "retreating"):
        marks.append((morale, ""))
    if strs(unit.get("faults")):
        marks.append(("damaged", ""))
    if text(unit.get("blind")):
        marks.append(("in-blind", ""))
    if unit.get("hatches_open") == [] and text(unit.get("kind")) == "afv":
        marks.append(("buttoned", ""))
    return marks


def define_sides(c: Canvas) -> None:
    """A fill for each side: its colour, and its pattern over it."""
    for i in range(max(len(c.sides), 1)):
        kind = side_pattern(i)
        p = sub(
            c.defs,
            "pattern",
            id=f"side-{i}",
            width=0.5,
            height=0.5,
            patternUnits="userSpaceOnUse",
            patternTransform="rotate(45)",
        )
        sub(p, "rect", width=0.5, height=0.5, fill=side_colour(i))
        if kind in ("hatched", "crossed"):
            sub(p, "rect", width=0.14, height=0.5, fill="#ffffff", fill_opacity=0.45)
        if kind == "crossed":
            sub(p, "rect", width=0.5, height=0.14, fill="#ffffff", fill_opacity=0.45)
        if kind == "dotted":
            sub(p, "circle", cx=0.25, cy=0.25, r=0.09, fill="#ffffff", fill_opacity=0.6)


def side_fill(side: int) -> str:
    return f"url(#side-{side})" if side >= 0 else side_colour(-1)


def draw_units(c: Canvas) -> None:
    for blind in dicts(c.view.get("blinds")):
        _blind(c, blind)  # under the units its own side sees in it
    for k in counters(c):
        draw_counter(c, k)
    for unit in dicts(c.view.get("units")):
        if isinstance(unit.get("men"), list):
            _team(c, unit)


def side_legend(c: Canvas, side: int) -> None:
    words = c.side_name(side) or "no side"
    pattern = side_pattern(side)
    owner = c.sides[side] if 0 <= side < len(c.sides) else ""
    c.legend.use(f"side-{side}", f"{words} ({pattern})", _side_swatch(side), "side", owner)


def _side_swatch(side: int) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        box(
            parent,
            at,
            1.4,
            0.9,
            fill=side_fill(side),
            stroke="#000",
            stroke_width=0.06,
        )

    return draw


def draw_counter(c: Canvas, k: Counter, parent: ET.Element | None = None) -> None:
    w, h = SIZES[k.form]
    g = group(
        parent if parent is not None else c.layers["units"],
        class_=f"unit side-{k.side}" + (" dead" if k.dead else ""),
        data_id=k.id,
        data_kind="unit",
        data_unit=k.id,
        data_symbol=k.symbol,
    )
    title(g, "; ".join([k.name, *k.details]))
    rot = f" rotate({n(k.facing)})" if k.facing is not None else ""
    body = group(g, transform=f"translate({n(k.at[0])},{n(-k.at[1])}){rot}")
    sub(body, "circle", class_="hit", r=max(w, h) * 0.75)
    sub(
        body,
        "rect",
        class_="base",
        x=-w / 2,
        y=-h / 2,
        width=w,
        height=h,
        rx=0.08,
        fill=side_fill(k.side),
        stroke="#000",
        stroke_width=0.08,
        stroke_dasharray="0.3 0.15" if k.dashed else None,
    )
    outline(body, w, h)
    if k.facing is not None:
        sub(
            body,
            "line",
            class_="front",
            x1=-w / 2,
            y1=-h / 2 + 0.09,
            x2=w / 2,
            y2=-h / 2 + 0.09,
            stroke="#ffffff",
            stroke_width=0.18,
        )
        c.legend.use("front", "front edge (facing)", _front_swatch, "marker")
    _symbol(body, k.symbol, w, h)
    if k.turret is not None:
        turret = group(g, transform=f"translate({n(k.at[0])},{n(-k.at[1])}) rotate({n(k.turret)})")
        sub(
            turret,
            "line",
            x1=0,
            y1=0,
            x2=0,
            y2=-1.9,
            stroke="#111",
            stroke_width=0.22,
            stroke_linecap="round",
        )
        sub(turret, "circle", r=0.42, fill="#555", stroke="#111", stroke_width=0.08)
        c.legend.use("turret", "turret and gun bearing", _turret_swatch, "marker")
    if k.crew or k.hatches:
        _crew(c, group(g, transform=f"translate({n(k.at[0])},{n(-k.at[1])}){rot}"), k)
    if k.dead:
        d = 0.75
        sub(
            g,
            "path",
            d=path_d([(k.at[0] - d, k.at[1] - d), (k.at[0] + d, k.at[1] + d)])
            + " "
            + path_d([(k.at[0] - d, k.at[1] + d), (k.at[0] + d, k.at[1] - d)]),
            stroke="#e00000",
            stroke_width=0.3,
            class_="ko",
        )
        c.legend.use("dead", "knocked out / destroyed", _dead_swatch, "marker")
    if k.dashed:
        c.legend.use("dashed", "dashed edge: hidden, or under a Blind", _dashed_swatch, "marker")
    half = (max(w, h) / 2, max(w, h) / 2) if k.facing else (w / 2, h / 2)
    c.labels.block(k.at, *half)
    c.labels.want(k.at, k.name, k.id, half, priority=0)
    c.places[k.id] = k.at
    draw_markers(c, k.id, k.at, half, k.marks)
    side_legend(c, k.side)


def _symbol(body: ET.Element, sym: str, w: float, h: float) -> None:
    """A white symbol in the counter, after the NATO map symbols players know."""
    s: dict[str, Attr] = {"stroke": "#ffffff", "stroke_width": 0.13, "fill": "none"}
    a, b = w * 0.28, min(h, w) * 0.28
    if sym in ("infantry", "engineer", "mg"):
        sub(body, "path", d=f"M{n(-a)},{n(-b)} L{n(a)},{n(b)} M{n(-a)},{n(b)} L{n(a)},{n(-b)}", **s)
    if sym == "engineer":
        sub(body, "path", d=f"M{n(-a)},{n(b + 0.12)} H{n(a)}", **s)
    if sym == "mg":
        sub(body, "circle", r=0.14, fill="#ffffff")
    if sym == "armour":
        sub(
            body, "rect", x=-w * 0.32, y=-h * 0.22, width=w * 0.64, height=h * 0.44, rx=w * 0.3, **s
        )
    if sym == "wheeled":
        for x in (-w * 0.22, w * 0.22):
            for y in (-h * 0.25, h * 0.25):
                sub(body, "circle", cx=x, cy=y, r=0.16, **s)
    if sym in ("gun", "mortar"):
        sub(body, "circle", cy=0.15, r=0.16, fill="#ffffff")
        sub(body, "path", d=f"M0,{n(0.15)} V{n(-h * 0.36)}", **s)
    if sym == "mortar":
        sub(body, "path", d=f"M{n(-0.25)},{n(-h * 0.2)} L0,{n(-h * 0.36)} L0.25,{n(-h * 0.2)}", **s)
    if sym in ("hq", "observer"):
        sub(body, "path", d=f"M{n(-a)},{n(b)} V{n(-b)} H{n(a)} V0 H{n(-a)}", **s)
    if sym == "observer":
        sub(body, "circle", r=0.12, fill="#ffffff")


def _crew(c: Canvas, body: ET.Element, k: Counter) -> None:
    """Each crewman the view gives at his place in the hull; an open hatch as a ring."""
    opened = set(k.hatches or [])
    seated: set[str] = set()
    w, h = SIZES[k.form]
    outside = 0
    for man in k.crew:
        role = text(man.get("position"))
        spot = CREW_SPOTS.get(role) if role not in seated else None
        mid = text(man.get("id"))
        if not mid:
            continue
        if spot is None:  # out of his place (bailed out, on deck): beside the hull's rear
            spot = (w / 2 + 0.3, h / 2 - 0.2 - 0.4 * outside)
            outside += 1
        seated.add(role)
        status = text(man.get("status"))
        m = group(body, class_="crew", data_id=mid, data_kind="crew")
        title(m, f"{name(man)} ({role}, {status or 'ok'})")
        sub(
            m,
            "circle",
            cx=spot[0],
            cy=spot[1],
            r=0.16,
            fill=CREW_FILL.get(status, "#000"),
            stroke="#000",
            stroke_width=0.04,
        )
        c.legend.use("crew", "crewman at his place (own side)", _crew_swatch, "marker")
    for role in sorted(opened):
        spot = CREW_SPOTS.get(role)
        if spot is not None:
            sub(
                body,
                "circle",
                class_="hatch",
                cx=spot[0],
                cy=spot[1],
                r=0.27,
                fill="none",
                stroke="#ffd400",
                stroke_width=0.09,
            )
            c.legend.use("hatch", "open hatch", _hatch_swatch, "marker")


def _team(c: Canvas, team: Item) -> None:
    tid = text(team.get("id"))
    side = c.side(team.get("side"))
    men = [(m, where(m)) for m in dicts(team.get("men"))]
    spots = [p for _, p in men if p is not None]
    if not tid:
        return
    if not spots:
        c.off_table.append((tid, "unit", name(team)))
        return
    out = text(team.get("status")) in DEAD
    g = group(
        c.layers["units"],
        class_=f"unit side-{side}" + (" dead" if out else ""),
        data_id=tid,
        data_kind="unit",
        data_unit=tid,
        data_symbol="infantry",
    )
    title(g, name(team) + ("; out of action" if out else ""))
    hull = MultiPoint(spots).convex_hull.buffer(MAN + 0.35)
    ring = [(x, y) for x, y in hull.exterior.coords]
    sub(
        g,
        "path",
        class_="hit",
        d=path_d(ring, closed=True),
        fill="#ffffff",
        fill_opacity=0.25,
        stroke=side_colour(side),
        stroke_width=0.1,
        stroke_dasharray="0.4 0.2",
    )
    for man, at in men:
        if at is None:
            continue
        mid = text(man.get("id"))
        status = text(man.get("status"))
        m = group(g, class_="man", data_id=mid, data_kind="man")
        title(
            m,
            f"{name(man)} ({text(man.get('weapon')) or 'man'}, {status or 'ok'})"
            + (", leader" if man.get("leader") is True else ""),
        )
        dot(
            m,
            at,
            MAN,
            fill=side_fill(side),
            stroke="#000",
            stroke_width=0.07,
        )
        if man.get("leader") is True:
            dot(
                m,
                at,
                MAN + 0.12,
                fill="none",
                stroke="#ffd400",
                stroke_width=0.1,
            )
            c.legend.use("leader", "leader", _leader_swatch, "marker")
        if text(man.get("weapon")) == "panzerfaust":
            sub(
                m,
                "path",
                d=f"M{n(at[0] - 0.3)},{n(-at[1] + 0.3)} L{n(at[0] + 0.3)},{n(-at[1] - 0.3)}",
                stroke="#ffffff",
                stroke_width=0.14,
            )
            sub(m, "circle", cx=at[0] + 0.3, cy=-at[1] - 0.3, r=0.13, fill="#ffffff")
            c.legend.use("pzf", "man with a one-shot AT weapon", _pzf_swatch, "marker")
        if status in DEAD:
            d = MAN
            sub(
                m,
                "path",
                d=f"M{n(at[0] - d)},{n(-at[1] - d)} l{n(2 * d)},{n(2 * d)} "
                f"M{n(at[0] - d)},{n(-at[1] + d)} l{n(2 * d)},{n(-2 * d)}",
                stroke="#e00000",
                stroke_width=0.22,
            )
            c.legend.use("dead", "knocked out / destroyed", _dead_swatch, "marker")
        elif status in ("light", "serious"):
            draw_markers(c, mid, at, (MAN, MAN), [("wounded", "")])
        c.labels.block(at, MAN, MAN)
        c.places[mid] = at
    minx, miny, maxx, maxy = hull.bounds
    centre = ((minx + maxx) / 2, (miny + maxy) / 2)
    c.labels.want(centre, name(team), tid, ((maxx - minx) / 2, (maxy - miny) / 2), priority=0)
    c.places[tid] = centre
    c.legend.use("team", "a team: its men's bases", _team_swatch, "marker")
    side_legend(c, side)


def _blind(c: Canvas, blind: Item) -> None:
    bid = text(blind.get("id"))
    at = where(blind)
    if not bid:
        return
    if at is None:
        c.off_table.append((bid, "blind", name(blind)))
        return
    side = c.side(blind.get("side"))
    facing = num(blind.get("facing"))
    g = group(
        c.layers["units"],
        class_=f"unit blindmark side-{side}",
        data_id=bid,
        data_kind="blind",
        data_unit=bid,
    )
    held = strs(blind.get("units"))
    title(
        g,
        name(blind)
        + (f"; holds {', '.join(held)}" if held else "")
        + ("; in cover" if blind.get("in_cover") is True else ""),
    )
    rot = f" rotate({n(facing)})" if facing is not None else ""
    body = group(g, transform=f"translate({n(at[0])},{n(-at[1])}){rot}")
    s = 1.8
    sub(
        body,
        "rect",
        x=-s / 2,
        y=-s / 2,
        width=s,
        height=s,
        fill="#f4f1e4",
        stroke=side_colour(side),
        stroke_width=0.22,
        stroke_dasharray="0.5 0.18",
    )
    sub(
        body,
        "path",
        d=f"M{n(-s / 2)},{n(s / 2)} L{n(s / 2)},{n(-s / 2)}",
        stroke=side_colour(side),
        stroke_width=0.12,
    )
    if facing is not None:
        sub(
            body,
            "line",
            x1=-s / 2,
            y1=-s / 2,
            x2=s / 2,
            y2=-s / 2,
            stroke=side_colour(side),
            stroke_width=0.3,
        )
    sub(
        g,
        "text",
        x=n(at[0]),
        y=n(-at[1] + 0.35),
        font_size=1.0,
        text_anchor="middle",
        fill=side_colour(side),
        font_weight="bold",
    ).text = "?"
    c.labels.block(at, s / 2 + 0.2, s / 2 + 0.2)
    c.labels.want(at, name(blind), bid, (s / 2 + 0.2, s / 2 + 0.2), priority=0)
    c.places[bid] = at
    marks = [("in-cover", "")] if blind.get("in_cover") is True else []
    draw_markers(c, bid, at, (s / 2 + 0.2, s / 2 + 0.2), marks)
    c.legend.use("blind", "a Blind (what it holds is unknown)", _blind_swatch(side), "marker")


def _front_swatch(parent: ET.Element, at: Point) -> None:
    box(parent, at, 1.2, 0.8, fill="#666")
    sub(
        parent,
        "line",
        x1=at[0] - 0.6,
        y1=-at[1] - 0.31,
        x2=at[0] + 0.6,
        y2=-at[1] - 0.31,
        stroke="#fff",
        stroke_width=0.18,
    )


def _turret_swatch(parent: ET.Element, at: Point) -> None:
    sub(
        parent,
        "line",
        x1=at[0] - 0.2,
        y1=-at[1] + 0.2,
        x2=at[0] + 0.6,
        y2=-at[1] - 0.4,
        stroke="#111",
        stroke_width=0.22,
    )
    sub(
        parent,
        "circle",
        cx=at[0] - 0.2,
        cy=-at[1] + 0.2,
        r=0.35,
        fill="#555",
        stroke="#111",
        stroke_width=0.08,
    )


def _dead_swatch(parent: ET.Element, at: Point) -> None:
    x, y = at[0], -at[1]
    sub(
        parent,
        "path",
        d=f"M{n(x - 0.4)},{n(y - 0.4)} l0.8,0.8 M{n(x - 0.4)},{n(y + 0.4)} l0.8,-0.8",
        stroke="#e00000",
        stroke_width=0.25,
    )


def _dashed_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.2,
        0.8,
        fill="#999",
        stroke="#000",
        stroke_width=0.08,
        stroke_dasharray="0.3 0.15",
    )


def _crew_swatch(parent: ET.Element, at: Point) -> None:
    box(parent, at, 1.2, 0.8, fill="#666")
    dot(parent, at, 0.16, fill="#fff", stroke="#000", stroke_width=0.04)


def _hatch_swatch(parent: ET.Element, at: Point) -> None:
    box(parent, at, 1.2, 0.8, fill="#666")
    dot(
        parent,
        at,
        0.27,
        fill="none",
        stroke="#ffd400",
        stroke_width=0.09,
    )


def _leader_swatch(parent: ET.Element, at: Point) -> None:
    dot(
        parent,
        at,
        0.4,
        fill="#666",
        stroke="#ffd400",
        stroke_width=0.1,
    )


def _pzf_swatch(parent: ET.Element, at: Point) -> None:
    dot(parent, at, 0.45, fill="#666")
    sub(
        parent,
        "path",
        d=f"M{n(at[0] - 0.25)},{n(-at[1] + 0.25)} l0.5,-0.5",
        stroke="#fff",
        stroke_width=0.12,
    )


def _team_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.4,
        0.9,
        rx=0.4,
        fill="#fff",
        stroke="#333",
        stroke_width=0.08,
        stroke_dasharray="0.3 0.15",
    )
    for dx in (-0.3, 0.3):
        sub(parent, "circle", cx=at[0] + dx, cy=-at[1], r=0.25, fill="#666")


def _blind_swatch(side: int) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        box(
            parent,
            at,
            0.9,
            0.9,
            fill="#f4f1e4",
            stroke=side_colour(side),
            stroke_width=0.12,
            stroke_dasharray="0.3 0.1",
        )
        sub(
            parent,
            "text",
            x=at[0],
            y=-at[1] + 0.22,
            font_size=0.6,
            text_anchor="middle",
            fill=side_colour(side),
        ).text = "?"

    return draw
