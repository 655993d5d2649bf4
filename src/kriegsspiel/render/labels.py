"""Labels placed without collisions: greedy, most important first. Each label tries a few
places around its thing, then shorter forms of its text; one that fits nowhere is left out
(the thing's <title> still holds the full name)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from kriegsspiel.render.read import Point
from kriegsspiel.render.style import FONT
from kriegsspiel.render.svgxml import n, sub

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in table inches
CHAR = 0.56  # the mean width of a character, in font sizes
GAP = 0.12
# where to try, as (x, y) multiples of the thing's half size and the label's; below first
PLACES = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1))


def shorter(full: str) -> list[str]:
    """The text and shorter forms of it, longest first, none repeated."""
    out = [full]
    bare = re.sub(r"\s*\([^)]*\)", "", full).strip()
    out.append(bare)
    words = bare.split()
    if len(words) > 2:
        out.append(f"{words[0]} {words[-1]}")
    if len(bare) > 10:
        out.append(bare[:8].rstrip() + "…")
    seen: list[str] = []
    for t in out:
        if t and t not in seen:
            seen.append(t)
    return seen


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(order=True)
class Wanted:
    priority: int
    order: int
    anchor: Point = field(compare=False)
    half: tuple[float, float] = field(compare=False)
    texts: list[str] = field(compare=False)
    owner: str = field(compare=False)
    inside: bool = field(compare=False, default=False)  # on the thing itself (areas, lines)


@dataclass
class Labels:
    bounds: Box | None = None
    blocked: list[Box] = field(default_factory=list)
    wanted: list[Wanted] = field(default_factory=list)

    def block(self, centre: Point, half_w: float, half_h: float) -> None:
        """Keep labels off a thing (a counter, a marker)."""
        x, y = centre
        self.blocked.append((x - half_w, y - half_h, x + half_w, y + half_h))

    def want(
        self,
        anchor: Point,
        full: str,
        owner: str,
        half: tuple[float, float] = (0.0, 0.0),
        priority: int = 1,
        inside: bool = False,
    ) -> None:
        """Ask for a label: priority 0 is placed first (units), then 1 (features), 2 (terrain)."""
        if full:
            order = len(self.wanted)
            self.wanted.append(Wanted(priority, order, anchor, half, shorter(full), owner, inside))

    def render(self, layer: ET.Element) -> None:
        for w in sorted(self.wanted):
            box = self._place(w)
            if box is None:
                continue
            text, (x0, y0, x1, y1) = box
            self.blocked.append((x0, y0, x1, y1))
            label = sub(
                layer,
                "text",
                class_="label",
                x=n((x0 + x1) / 2),
                y=n(-(y0 + y1) / 2 + FONT * 0.35),
                font_size=n(FONT),
                text_anchor="middle",
                data_for=w.owner,
            )
            label.text = text

    def _place(self, w: Wanted) -> tuple[str, Box] | None:
        places = ((0, 0), *PLACES) if w.inside else PLACES
        for text in w.texts:
            half_w, half_h = len(text) * CHAR * FONT / 2 + GAP, FONT * 0.6
            for dx, dy in places:
                cx = w.anchor[0] + dx * (w.half[0] + half_w + GAP)
                cy = w.anchor[1] + dy * (w.half[1] + half_h + GAP)
                box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
                if self._free(box):
                    return text, box
        return None

    def _free(self, box: Box) -> bool:
        b = self.bounds
        if b and (box[0] < b[0] or box[1] < b[1] or box[2] > b[2] or box[3] > b[3]):
            return False
        return not any(overlap(box, other) for other in self.blocked)
