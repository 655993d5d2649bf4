"""Where things are drawn on the table, in inches (+y up the table), for the views' renderers.

Crossfire places stands in terrain features, not at points, so none of this is a rule: a shore
without an outline is drawn as a strip along its side of the grid, a stand near the middle of its
feature (or on its craft), a craft in the middle of its square or on the bank beside it.
"""

from __future__ import annotations

from kriegsspiel.rulesets.waterborne.board import Board
from kriegsspiel.rulesets.waterborne.grid import Cell
from kriegsspiel.rulesets.waterborne.state import WatState

Point = tuple[float, float]
SHORE_DEPTH = 6.0  # inches of a shore drawn without an outline
SPACING = 1.6  # between stands drawn in one feature


def outline(board: Board, feature: str) -> list[Point]:
    spec = board.land.get(feature)
    if spec is None:
        return []
    if spec.points or spec.shore is None:
        return [(float(x), float(y)) for x, y in spec.points]
    span = board.span(spec)
    a = _edge_point(board, board.grid.beyond(spec.shore, span.start), 0.0, -0.5)
    b = _edge_point(board, board.grid.beyond(spec.shore, span.stop - 1), SHORE_DEPTH, 0.5)
    (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _edge_point(board: Board, beyond: Cell, out: float, along: float) -> Point:
    """A point `out` inches beyond the grid's side, `along` squares from the middle of the square
    the cell `beyond` faces."""
    grid = board.grid
    edges = grid.edges_crossed(beyond)
    inside = (min(max(beyond[0], 0), grid.cols - 1), min(max(beyond[1], 0), grid.rows - 1))
    x0, y0, x1, y1 = grid.inches(inside)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half, s = grid.square / 2, grid.square
    if edges and edges[0] in ("north", "south"):
        sign = 1 if edges[0] == "north" else -1
        return (cx + along * s, cy + sign * (half + out))
    sign = 1 if edges and edges[0] == "east" else -1
    return (cx + sign * (half + out), cy + along * s)


def center(points: list[Point]) -> Point | None:
    if not points:
        return None
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def craft_center(state: WatState, craft_id: str) -> Point | None:
    board = state.board
    boat = state.craft[craft_id]
    if boat.cell is None:
        return center(outline(board, boat.feature))
    if board.grid.inside(boat.cell):
        x0, y0, x1, y1 = board.grid.inches(boat.cell)
        return ((x0 + x1) / 2, (y0 + y1) / 2)
    return _edge_point(board, boat.cell, SHORE_DEPTH / 2, 0.0)


def unit_center(state: WatState, unit_id: str) -> Point | None:
    """Where a stand is drawn: spaced by its order among the stands of `state` in its feature,
    so a view passes the seat's knowledge and a unit hidden from it leaves no gap (CF-HIDDEN)."""
    unit = state.units[unit_id]
    if unit.aboard is not None:
        return craft_center(state, unit.aboard)
    board = state.board
    assert unit.place is not None
    site = board.sites.get(unit.place)
    if site is not None:
        edge = board.shore_edge(site.id)
        assert edge is not None
        base: Point | None = _edge_point(board, board.grid.beyond(edge, site.column), 1.5, 0.0)
    else:
        base = center(outline(board, unit.place))
    if base is None:
        return None
    here = [u for u, s in state.units.items() if s.place == unit.place and s.aboard is None]
    i = here.index(unit_id)
    return (base[0] + (i % 4 - 1.5) * SPACING, base[1] - (i // 4) * SPACING)
