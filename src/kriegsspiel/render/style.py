"""Sizes, colours, patterns and CSS of the board, and the WCAG contrast they are chosen by.

Sizes are in inches of the table. A phone 390 px wide that fits the whole board to its width
shows it at 390 / (board width) px an inch; `phone_zoom` is how far the page must zoom in for
labels of `FONT` to be 11 px and counters of `COUNTER` 24 px.
"""

from __future__ import annotations

import math

FONT = 0.6  # every label and legend text
COUNTER = 1.1  # the short side of the smallest counter
MARGIN = 1.5  # around the table edge
PHONE_WIDTH = 390
MIN_LABEL_PX = 11
MIN_COUNTER_PX = 24

BOARD = "#e9ecd6"  # open ground
TABLE_EDGE = "#4a4a3a"
WATER = "#8fc1e8"
WATER_EDGE = "#2f6fae"

# Each side: a fill colour (at least 3:1 against the board) and a pattern, so that sides differ
# without colour; the first side plain, the second hatched, then dotted, cross-hatched.
SIDE_COLOURS = ("#1f4f9a", "#9a1f1f", "#2f6b2f", "#5b2f8a", "#7a5200", "#006666")
SIDE_PATTERNS = ("plain", "hatched", "dotted", "crossed", "plain", "hatched")
SIDE_EMBLEMS = ("circle", "diamond", "triangle", "square", "circle", "diamond")
NEUTRAL = "#444444"  # a side the view does not list


def side_colour(index: int) -> str:
    return SIDE_COLOURS[index % len(SIDE_COLOURS)] if index >= 0 else NEUTRAL


def side_pattern(index: int) -> str:
    return SIDE_PATTERNS[index % len(SIDE_PATTERNS)] if index >= 0 else "plain"


def side_emblem(index: int) -> str:
    return SIDE_EMBLEMS[index % len(SIDE_EMBLEMS)] if index >= 0 else "square"


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def phone_zoom(board_width: float) -> float:
    """The zoom a 390-px phone needs, the board fit to its width, for labels and counters to be
    readable (1 when they already are), rounded up to a tenth."""
    per_inch = PHONE_WIDTH / board_width
    need = max(MIN_LABEL_PX / (FONT * per_inch), MIN_COUNTER_PX / (COUNTER * per_inch), 1.0)
    return math.ceil(need * 10 - 1e-9) / 10


CSS = f"""
svg.board{{font-family:"DejaVu Sans",Verdana,sans-serif;background:#d8d8cc}}
.label,.legend text,.chrome text{{fill:#111;paint-order:stroke;stroke:#fff;stroke-width:.12;
stroke-linejoin:round}}
.label{{pointer-events:none}}
.chit text,.counter text{{stroke:none;paint-order:normal}}
[data-kind=unit]{{cursor:pointer}}
.hit{{fill:transparent;stroke:none}}
.selected .outline{{stroke:#ffd400;stroke-width:.35;fill:none}}
.reach{{fill:#ffd400;fill-opacity:.10;stroke:#b08a00;stroke-width:.08;stroke-dasharray:.4 .25}}
.reach.fire{{fill:#d00;fill-opacity:.06;stroke:#a00}}
.reach.move{{fill:#0a0;fill-opacity:.06;stroke:#060}}
.route{{fill:none;stroke:#333;stroke-width:.12;stroke-dasharray:.5 .3}}
.water-edge{{stroke:{WATER_EDGE}}}
"""
