"""Renderings of a seat's view: `board(view)` draws the table as SVG (render/board.py);
render/text.py prints views, logs and odds for the command line."""

from kriegsspiel.render.board import board

__all__ = ["board"]
