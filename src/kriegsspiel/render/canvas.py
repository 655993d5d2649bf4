"""What the board's drawing modules share: the layers they draw into, the legend they add to,
the labels they ask for, and the view's sides."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.render.labels import Labels
from kriegsspiel.render.legend import Legend
from kriegsspiel.render.read import Item, Point, dicts, text
from kriegsspiel.render.svgxml import group

LAYERS = ("terrain", "water", "roads", "features", "units", "markers", "selection", "labels")


@dataclass
class Canvas:
    view: Item
    root: ET.Element
    defs: ET.Element
    layers: dict[str, ET.Element] = field(default_factory=dict)
    legend: Legend = field(default_factory=Legend)
    labels: Labels = field(default_factory=Labels)
    sides: list[str] = field(default_factory=list)
    off_table: list[tuple[str, str, str]] = field(default_factory=list)  # (id, kind, words)
    places: dict[str, Point] = field(default_factory=dict)  # where each drawn id is

    @classmethod
    def of(cls, view: Item, root: ET.Element) -> Canvas:
        defs = ET.SubElement(root, "defs")
        out = cls(view, root, defs)
        out.layers = {name: group(root, class_="layer", data_layer=name) for name in LAYERS}
        out.sides = [text(s.get("id")) for s in dicts(view.get("sides"))]
        return out

    def side(self, side: Any) -> int:
        """The index of a side in the view's order; -1 for none or an unlisted one."""
        return self.sides.index(side) if isinstance(side, str) and side in self.sides else -1

    def side_name(self, index: int) -> str:
        sides = list(dicts(self.view.get("sides")))
        if 0 <= index < len(sides):
            return text(sides[index].get("name")) or text(sides[index].get("id"))
        return ""
