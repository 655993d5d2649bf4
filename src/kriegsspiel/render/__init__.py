"""Renderings of a seat's view: `board(view)` draws the table as SVG (render/drawing.py);
render/text.py prints views, logs and odds for the command line. The board, and the geometry it
draws with, load on first use, so that the text commands start fast."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def board(view: Mapping[str, Any], *, selected: str | None = None, size: int | None = None) -> str:
    """The board as SVG: see `kriegsspiel.render.drawing.board`."""
    from kriegsspiel.render.drawing import board as draw

    return draw(view, selected=selected, size=size)


__all__ = ["board"]
