"""State markers as players put them beside a model: small chits with a code, one colour each,
and the legend's words for them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.legend import Swatch
from kriegsspiel.render.read import Point
from kriegsspiel.render.style import FONT
from kriegsspiel.render.svgxml import group, n, sub, text, title

# key: (code on the chit, background, text colour, the legend's words)
CHITS: dict[str, tuple[str, str, str, str]] = {
    "suppressed": ("S", "#ffd400", "#000", "suppressed"),
    "pinned": ("P", "#ffe98a", "#000", "pinned"),
    "disordered": ("D", "#ff8c1a", "#000", "disordered"),
    "dispersed": ("Ds", "#ffb366", "#000", "dispersed"),
    "dp": ("DP", "#ffffff", "#000", "Disruption Points (the number)"),
    "fire": ("F", "#c00000", "#fff", "Fire marker"),
    "no-fire": ("NF", "#555555", "#fff", "No Fire marker"),
    "immobilised": ("Im", "#7a4a1e", "#fff", "immobilised"),
    "bogged": ("Bg", "#7a4a1e", "#fff", "bogged in an obstacle"),
    "buttoned": ("BU", "#333333", "#fff", "buttoned up (no hatch open)"),
    "halted": ("H", "#e0e0e0", "#000", "halted (morale)"),
    "retreating": ("R", "#e0e0e0", "#c00000", "retreating (morale)"),
    "abandoned": ("Ab", "#222222", "#fff", "abandoned by its crew"),
    "exited": ("Ex", "#e0e0e0", "#000", "exited the table"),
    "damaged": ("Dm", "#f2c6c6", "#000", "damaged (see its title)"),
    "smoke": ("Sm", "#bdbdbd", "#000", "smoke"),
    "emplaced": ("E", "#d8c08a", "#000", "emplaced / dug in"),
    "moving": ("Mv", "#cfe3ff", "#000", "moving"),
    "limbered": ("L", "#d9d9d9", "#000", "limbered"),
    "reserve": ("Rs", "#d9d9d9", "#000", "in reserve"),
    "activated": ("A", "#bfe6bf", "#000", "activated this turn"),
    "broke-off": ("BO", "#bfe6bf", "#000", "broke off this turn"),
    "hidden": ("Hd", "#ffffff", "#555", "hidden from the enemy"),
    "in-blind": ("Bl", "#ffffff", "#000", "under a Blind"),
    "swimming": ("Sw", "#8fc1e8", "#000", "swimming (DD screen raised)"),
    "wounded": ("W", "#ffb3b3", "#000", "wounded"),
    "in-cover": ("Cv", "#a9c98f", "#000", "in cover"),
    "engineering": ("Eng", "#e8d9ff", "#000", "did engineering this turn"),
}
CHIT_H = 0.8


def chit_width(code: str) -> float:
    return max(CHIT_H, len(code) * 0.4 * FONT / 0.6 + 0.25)


def draw_chit(parent: ET.Element, at: Point, key: str, code: str | None = None) -> float:
    """A chit with its left edge centred on `at`; its width."""
    base, bg, fg, _words = CHITS[key]
    code = code or base
    w = chit_width(code)
    x, y = at
    sub(
        parent,
        "rect",
        x=x,
        y=-y - CHIT_H / 2,
        width=w,
        height=CHIT_H,
        rx=0.12,
        fill=bg,
        stroke="#000",
        stroke_width=0.06,
    )
    text(
        parent,
        code,
        x=n(x + w / 2),
        y=n(-y + FONT * 0.36),
        font_size=n(FONT),
        text_anchor="middle",
        fill=fg,
        font_weight="bold",
    )
    return w


def _swatch(key: str) -> Swatch:
    def draw(parent: ET.Element, at: Point) -> None:
        draw_chit(parent, (at[0] - 0.5, at[1]), key)

    return draw


def draw_markers(
    c: Canvas, owner: str, at: Point, half: tuple[float, float], marks: Iterable[tuple[str, str]]
) -> None:
    """Chits in a row to the right of a thing at `at` (`half` its half size): (key, code)."""
    x = at[0] + half[0] + 0.15
    y = at[1] + half[1] - CHIT_H / 2
    for key, code in marks:
        g = group(
            c.layers["markers"], class_="chit", data_id=owner, data_kind="marker", data_marker=key
        )
        title(g, CHITS[key][3] + (f": {code}" if code and code != CHITS[key][0] else ""))
        w = draw_chit(g, (x, y), key, code or None)
        c.labels.block((x + w / 2, y), w / 2, CHIT_H / 2)
        c.legend.use(f"m-{key}", CHITS[key][3], _swatch(key), "marker")
        x += w + 0.1
