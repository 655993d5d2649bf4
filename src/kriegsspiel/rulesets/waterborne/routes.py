"""Where a stand or a craft may go from a place, as the board alone decides it (CF-MOVE,
WAT-PONTOON-09, WAT-MOVE-01..04, AMB-WAT-06), worked out once per board and place for the
legal actions (`candidates`); what the state adds (an open bridge, a craft's status) is
checked there."""

from __future__ import annotations

from typing import NamedTuple

from kriegsspiel.core.choices import Domain
from kriegsspiel.rulesets.waterborne.domains import Option, choice
from kriegsspiel.rulesets.waterborne.grid import STEP, Cell, add, square_name
from kriegsspiel.rulesets.waterborne.labels import COMPASS, feature_name
from kriegsspiel.rulesets.waterborne.state import WatState


class StandRoutes(NamedTuple):
    name: str  # the place's display name
    to: tuple[str, Domain] | None  # CF-MOVE: the first feature next to it, and all of them
    bridges: tuple[tuple[str, str], ...]  # bridges with an end here, and the end across


class CraftRoutes(NamedTuple):
    name: str  # the display name of where the craft is
    squares: tuple[Cell, Domain] | None  # WAT-MOVE-01..04: the squares one step ahead
    landings: tuple[tuple[str, str], ...]  # shores next to its square, with their names
    drives: tuple[str, Domain] | None  # AMB-WAT-06: land features next to it


def stand_routes(state: WatState, here: str) -> StandRoutes:
    board = state.board
    hit: StandRoutes | None = board.memo.get(("stand", here))
    if hit is not None:
        return hit
    links = sorted(board.links.get(here, ()))
    to = (links[0], choice("to", [(f, feature_name(state, f)) for f in links])) if links else None
    bridges = []
    for s, spec in board.sites.items():
        if spec.kind != "bridge":
            continue
        far = board.site_far_bank(s)
        if here in (s, spec.bank, far):
            end = spec.bank if here == far else far
            assert end is not None
            bridges.append((s, end))
    routes = StandRoutes(feature_name(state, here), to, tuple(bridges))
    board.memo["stand", here] = routes
    return routes


def craft_routes(state: WatState, feature: str, cell: Cell | None, water: bool) -> CraftRoutes:
    """From its square, or the cell beyond one touching the bank; a craft on a bank at no
    particular square puts out into any square the bank touches (inland: none)."""
    board = state.board
    key = ("craft", feature, cell, water)
    hit: CraftRoutes | None = board.memo.get(key)
    if hit is not None:
        return hit
    grid = board.grid
    if cell is not None:
        starts = [cell]
    else:
        edge = board.shore_edge(feature)
        spec = board.land.get(feature)
        span = board.span(spec) if edge is not None and spec is not None else range(0)
        starts = [grid.beyond(edge, along) for along in span] if edge is not None else []
    squares: list[Option] = []
    landings: list[tuple[str, str]] = []
    for start in starts:
        for heading, step in STEP.items():
            target: Cell = add(start, step)
            if grid.inside(target):
                square = f"square {square_name(target)}"
                squares.append((target, f"{COMPASS[heading]} to {square}" if water else square))
            elif water and (shore := board.shore_at(target)) is not None:
                landings.append((shore, feature_name(state, shore)))
    drives = [
        (to, feature_name(state, to))
        for to in sorted(board.links.get(feature, ()))
        if to in board.land and not water
    ]
    routes = CraftRoutes(
        feature_name(state, feature),
        (squares[0][0], choice("square", squares)) if squares else None,
        tuple(landings),
        (drives[0][0], choice("land", drives)) if drives else None,
    )
    board.memo[key] = routes
    return routes
