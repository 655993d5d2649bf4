"""A thin layer over ElementTree for SVG: elements with escaping by construction, table
coordinates (inches, +y up the table) turned into SVG's (y down the screen)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

from kriegsspiel.render.read import Point

Attr = str | float | int | None


def n(value: float) -> str:
    """A number as SVG text: two decimals at most, no trailing zeros."""
    out = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if out in ("", "-0") else out


def xy(p: Point) -> str:
    return f"{n(p[0])},{n(-p[1])}"


def path_d(pts: Iterable[Point], closed: bool = False) -> str:
    parts = [xy(p) for p in pts]
    if not parts:
        return ""
    return "M" + " L".join(parts) + (" Z" if closed else "")


def sub(
    parent: ET.Element, tag: str, attrs: Mapping[str, Attr] | None = None, /, **kw: Attr
) -> ET.Element:
    """A child element; `class_` and `data_id` style keywords become `class` and `data-id`."""
    out = ET.SubElement(parent, tag)
    for key, value in {**(attrs or {}), **kw}.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.set(name, n(value) if isinstance(value, float | int) else str(value))
    return out


def text(parent: ET.Element, body: str, **kw: Attr) -> ET.Element:
    out = sub(parent, "text", **kw)
    out.text = body
    return out


def title(parent: ET.Element, body: str) -> None:
    if body:
        sub(parent, "title").text = body


def box(parent: ET.Element, at: Point, width: float, height: float, **kw: Attr) -> ET.Element:
    """A rectangle `width` by `height` centred on the table point `at` (a legend swatch)."""
    x, y = at[0] - width / 2, -at[1] - height / 2
    return sub(parent, "rect", x=x, y=y, width=width, height=height, **kw)


def dot(parent: ET.Element, at: Point, r: float, **kw: Attr) -> ET.Element:
    """A circle of radius `r` centred on the table point `at` (a legend swatch, a reach)."""
    return sub(parent, "circle", cx=at[0], cy=-at[1], r=r, **kw)


def outline(body: ET.Element, width: float, height: float) -> ET.Element:
    """The invisible frame around a counter `width` by `height` (centred on its origin) that
    the page's selection ring and hit testing use."""
    return sub(
        body,
        "rect",
        class_="outline",
        x=-width / 2 - 0.15,
        y=-height / 2 - 0.15,
        width=width + 0.3,
        height=height + 0.3,
        fill="none",
        stroke="none",
    )


def group(parent: ET.Element, **kw: Attr) -> ET.Element:
    return sub(parent, "g", **kw)
