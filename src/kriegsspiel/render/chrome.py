"""Around the table: its edge, the title, a compass and a scale bar in inches."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kriegsspiel.render.read import Point
from kriegsspiel.render.style import BOARD, FONT, TABLE_EDGE
from kriegsspiel.render.svgxml import group, n, sub, title

SCALE_INCHES = 12
Box = tuple[float, float, float, float]


def draw_edge(parent: ET.Element, table: Box, words: str) -> None:
    x0, y0, x1, y1 = table
    edge = sub(
        parent,
        "rect",
        x=x0,
        y=-y1,
        width=x1 - x0,
        height=y1 - y0,
        fill=BOARD,
        stroke=TABLE_EDGE,
        stroke_width=0.3,
        data_role="table-edge",
    )
    title(edge, words)


def draw_title(parent: ET.Element, at: Point, words: str) -> None:
    sub(
        parent,
        "text",
        x=n(at[0]),
        y=n(-at[1]),
        font_size=n(FONT * 1.4),
        font_weight="bold",
        class_="title",
    ).text = words


def draw_compass(parent: ET.Element, at: Point) -> None:
    """An arrow up the table, facing 0: the table's north, as the views' shores name it."""
    g = group(parent, class_="compass", data_role="compass")
    title(g, "up the table is north, facing 0 degrees; facings turn clockwise")
    x, y = at[0], -at[1]
    sub(g, "circle", cx=x, cy=y, r=0.9, fill="#ffffff", stroke="#333", stroke_width=0.06)
    sub(
        g,
        "path",
        d=f"M{n(x)},{n(y - 0.8)} L{n(x + 0.35)},{n(y + 0.5)} L{n(x)},{n(y + 0.25)} "
        f"L{n(x - 0.35)},{n(y + 0.5)} Z",
        fill="#111",
    )
    sub(
        g, "text", x=n(x + 1.1), y=n(y + FONT * 0.35), font_size=n(FONT), font_weight="bold"
    ).text = "N 0°"


def draw_scale(parent: ET.Element, at: Point) -> None:
    """A bar of `SCALE_INCHES` inches from `at` (its left end), in black and white thirds."""
    g = group(parent, class_="scale", data_role="scale")
    title(g, f"scale: {SCALE_INCHES} inches of the table")
    x, y = at[0], -at[1]
    step = SCALE_INCHES / 4
    for i in range(4):
        sub(
            g,
            "rect",
            x=x + i * step,
            y=y - 0.2,
            width=step,
            height=0.4,
            fill="#111" if i % 2 == 0 else "#ffffff",
            stroke="#111",
            stroke_width=0.05,
        )
    for inches in (0, SCALE_INCHES // 2, SCALE_INCHES):
        words = f"{inches} in" if inches == SCALE_INCHES else str(inches)
        sub(
            g, "text", x=n(x + inches), y=n(y + 0.4 + FONT), font_size=n(FONT), text_anchor="middle"
        ).text = words
