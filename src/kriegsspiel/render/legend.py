"""The legend: one entry for each kind of mark the board used, drawn with the same code as the
mark itself, in the order first used within its group (sides, terrain, features, markers)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from kriegsspiel.render.read import Point
from kriegsspiel.render.style import FONT
from kriegsspiel.render.svgxml import group, n, text

Swatch = Callable[[ET.Element, Point], None]  # draws a mark about a point, ~1 inch across
GROUPS = ("side", "terrain", "feature", "marker", "selection")
ROW = 1.2
SWATCH = 1.7  # from an entry's left edge to its words
CHAR = 0.56  # a character's mean width, in font sizes


@dataclass
class Legend:
    entries: dict[str, tuple[int, int, str, Swatch, str]] = field(default_factory=dict)

    def use(
        self, key: str, words: str, swatch: Swatch, kind: str = "marker", owner: str = ""
    ) -> None:
        """Explain a mark; `owner` is the id in the view the entry stands for (a side's)."""
        if key not in self.entries:
            rank = GROUPS.index(kind) if kind in GROUPS else len(GROUPS)
            self.entries[key] = (rank, len(self.entries), words, swatch, owner)

    def column(self) -> float:
        longest = max((len(e[2]) for e in self.entries.values()), default=0)
        return SWATCH + longest * CHAR * FONT + 0.8

    def height(self, width: float) -> float:
        per_row = max(1, int(width // self.column()))
        rows = -(-len(self.entries) // per_row)
        return rows * ROW + (ROW if self.entries else 0.0)

    def render(self, parent: ET.Element, left: float, top: float, width: float) -> None:
        """Rows of entries from (`left`, `top`) downwards, `width` inches wide."""
        box = group(parent, class_="legend", data_role="legend")
        text(box, "Legend", x=n(left), y=n(-top + FONT), font_size=n(FONT), font_weight="bold")
        column = self.column()
        per_row = max(1, int(width // column))
        ordered = sorted(self.entries.items(), key=lambda kv: kv[1][:2])
        for i, (key, (_rank, _order, words, swatch, owner)) in enumerate(ordered):
            row, col = divmod(i, per_row)
            x, y = left + col * column, top - ROW * (row + 1) - ROW / 2
            item = group(
                box,
                class_="legenditem",
                data_mark=key,
                data_id=owner or None,
                data_kind="side" if owner else None,
            )
            swatch(item, (x + 0.7, y))
            text(item, words, x=n(x + SWATCH), y=n(-y + FONT * 0.35), font_size=n(FONT))
