"""The water grid (WAT-GRID-01/02): squares laid on the table's inches, headings and drift.

Cells are (column, row): column 0 at the grid's west side, row 0 at its south side. Headings are
compass degrees as in `core.geometry` (0 = north = up the table, clockwise). A cell just outside
the grid stands for the bank or table edge beyond that side: a craft touching a bank keeps such a
cell, so launching again is an ordinary one-square move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Cell = tuple[int, int]
Edge = Literal["north", "east", "south", "west"]
HEADINGS: tuple[int, ...] = (0, 90, 180, 270)
STEP: dict[int, Cell] = {0: (0, 1), 90: (1, 0), 180: (0, -1), 270: (-1, 0)}
EDGE_AHEAD: dict[int, Edge] = {0: "north", 90: "east", 180: "south", 270: "west"}
OPPOSITE: dict[Edge, Edge] = {"north": "south", "south": "north", "east": "west", "west": "east"}
SQUARE_PREFIX = "water-"


def square_name(cell: Cell) -> str:
    """A square's name, like a chessboard's: its column letter from the grid's west side (A, B,
    …, Z, AA, …) and its row number from the south side, so (1, 0) is "B1"."""
    letters = ""
    n = cell[0] + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{cell[1] + 1}"


def square_cell(feature: str) -> Cell | None:
    """The cell a water square's feature id ("water-C-R") names, or None for anything else."""
    if not feature.startswith(SQUARE_PREFIX):
        return None
    col, _, row = feature.removeprefix(SQUARE_PREFIX).partition("-")
    return (int(col), int(row)) if col.isdigit() and row.isdigit() else None


def turn(heading: int, degrees: int) -> int:
    return (heading + degrees) % 360


def add(cell: Cell, step: Cell) -> Cell:
    return (cell[0] + step[0], cell[1] + step[1])


def heading_of(frm: Cell, to: Cell) -> int | None:
    """The heading of a one-square orthogonal step, or None."""
    delta = (to[0] - frm[0], to[1] - frm[1])
    return next((h for h, step in STEP.items() if step == delta), None)


def drifted(target: Cell, heading: int, outcome: str) -> Cell:
    """WAT-MOVE-05, AMB-WAT-03: the square diagonally right or left of the target, relative to
    the heading after the pivot (right of north is east)."""
    if outcome == "drift-right":
        return add(target, STEP[turn(heading, 90)])
    if outcome == "drift-left":
        return add(target, STEP[turn(heading, -90)])
    return target


@dataclass(frozen=True)
class Grid:
    """WAT-GRID-01: `cols` x `rows` squares of `square` inches, from `origin` on the table."""

    cols: int
    rows: int
    square: float
    origin: tuple[float, float] = (0.0, 0.0)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.cols and 0 <= cell[1] < self.rows

    def square_id(self, cell: Cell) -> str:
        """WAT-GRID-02: each square is a terrain feature of its own, with its own id."""
        return f"{SQUARE_PREFIX}{cell[0]}-{cell[1]}"

    def cell_of(self, feature: str) -> Cell | None:
        """The cell of a water square's feature id, or None for anything else."""
        cell = square_cell(feature)
        return cell if cell is not None and self.inside(cell) else None

    def edges_crossed(self, cell: Cell) -> tuple[Edge, ...]:
        """The sides of the grid a cell lies beyond (two for a cell beyond a corner)."""
        out: list[Edge] = []
        if cell[1] >= self.rows:
            out.append("north")
        if cell[0] >= self.cols:
            out.append("east")
        if cell[1] < 0:
            out.append("south")
        if cell[0] < 0:
            out.append("west")
        return tuple(out)

    def along(self, edge: Edge, cell: Cell) -> int:
        """The position of a cell along an edge: its column on north/south, its row on east/west."""
        return cell[0] if edge in ("north", "south") else cell[1]

    def beyond(self, edge: Edge, along: int) -> Cell:
        """The cell just outside the grid across `edge` at `along`."""
        return {
            "north": (along, self.rows),
            "south": (along, -1),
            "east": (self.cols, along),
            "west": (-1, along),
        }[edge]

    def length(self, edge: Edge) -> int:
        """How many squares line an edge."""
        return self.cols if edge in ("north", "south") else self.rows

    def across(self, edge: Edge) -> float:
        """AMB-WAT-01: the water's width in inches from a bank on `edge` to the other side."""
        return (self.rows if edge in ("north", "south") else self.cols) * self.square

    def inches(self, cell: Cell) -> tuple[float, float, float, float]:
        """A square's rectangle on the table: (x0, y0, x1, y1) in inches."""
        x0 = self.origin[0] + cell[0] * self.square
        y0 = self.origin[1] + cell[1] * self.square
        return (x0, y0, x0 + self.square, y0 + self.square)
