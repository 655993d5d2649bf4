"""Assault craft moving (WAT-MOVE-01..10, AMB-WAT-02..06).

A craft declares where it goes (WAT-MOVE-02): one square, or the bank or beach next to its square
(landing). It may pivot 90° or 180° first, then goes straight (WAT-MOVE-03/04), one square per
initiative (WAT-MOVE-01). Each attempt rolls 1d6 + its class modifier: founder, no movement,
drift right or left of the target (relative to its heading after the pivot), or as planned; a
craft that drifts off the table is lost with its passengers (WAT-MOVE-05..10). Only a craft that
tries to move rolls (AMB-WAT-02). Amphibious craft also move on land, feature to feature
(AMB-WAT-06).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import msgspec
from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own_craft,
    performer,
    phasing,
)
from kriegsspiel.rulesets.waterborne.board import Board
from kriegsspiel.rulesets.waterborne.grid import (
    SQUARE_PREFIX,
    Cell,
    drifted,
    heading_of,
    square_cell,
    square_name,
    turn,
)
from kriegsspiel.rulesets.waterborne.initiative import open_window
from kriegsspiel.rulesets.waterborne.state import CraftState, WatState, with_craft
from kriegsspiel.rulesets.waterborne.status import lose_craft

Pivot = Annotated[int, msgspec.Meta(ge=-360, le=360)]  # whole degrees, clockwise

# -- actions --------------------------------------------------------------------------------------


class MoveCraft(Act, frozen=True, tag="move-craft"):
    """Declare a craft's destination (WAT-MOVE-02): a square, or a land feature to land on or
    (amphibious craft on land) drive to. `pivot` (degrees, clockwise) is optional: the pivot
    the destination needs is taken when it is not given."""

    craft: str
    square: Cell | None = None
    land: str | None = None
    pivot: Pivot | None = None


# -- events ---------------------------------------------------------------------------------------


class CraftMoved(Ev, frozen=True, tag="craft-moved"):
    craft: str
    target: str  # what was declared
    outcome: str  # the move roll's outcome, or "drive" on land
    feature: str
    cell: Cell | None
    heading: int
    result: CheckResult | None = None

    def text(self) -> str:
        if self.outcome == "drive":
            return f"{self.craft} drives to {self.feature}"
        head = f"{self.craft} makes for {_place(self.target)}"
        if self.result is not None:
            head += f": {self.result.explain()}"
        if self._lost():
            return head  # the loss that follows tells what became of it
        where = self._at()
        return f"{head}; {'it stays' if self.outcome == 'no-move' else 'now'} {where}"

    def summary(self) -> str | None:
        """Where the craft ends up; a craft lost on the way is told by its loss."""
        if self._lost():
            return None
        if self.outcome == "no-move":
            return f"{self.craft} does not move"
        verbs = {"drive": "drives to", "as-planned": "reaches"}
        return f"{self.craft} {verbs.get(self.outcome, 'drifts to')} {_place(self.feature)}"

    def _lost(self) -> bool:
        """Foundered (WAT-MOVE-06), or drifted off the table (WAT-MOVE-07)."""
        return self.outcome == "founder" or (self.cell is None and self.outcome != "drive")

    def _at(self) -> str:
        return f"{'in' if self.feature.startswith(SQUARE_PREFIX) else 'at'} {_place(self.feature)}"


def _place(feature: str) -> str:
    """A water square by its name ("square B2"), a land feature by its id."""
    cell = square_cell(feature)
    return f"square {square_name(cell)}" if cell is not None else feature


# -- planning a move ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    frm: Cell
    target: Cell
    heading: int  # after the pivot
    declared: str


def plan(board: Board, boat: CraftState, in_water: bool, action: MoveCraft) -> Plan:
    """WAT-MOVE-01..04: check the declared destination, one square straight ahead after an
    optional 90° or 180° pivot."""
    grid = board.grid
    if action.square is not None:
        target = action.square
        if not grid.inside(target):
            raise InputError("square", f"{list(target)} is not a square of the grid")
        declared = grid.square_id(target)
        frm = boat.cell if boat.cell is not None else _launch_cell(board, boat, target)
    else:
        assert action.land is not None  # one of square and land is given
        assert boat.cell is not None  # in the water (on land, `drive` moves it)
        frm = boat.cell
        edge = board.shore_edge(action.land) if action.land in board.land else None
        target = grid.beyond(edge, grid.along(edge, frm)) if edge is not None else frm
        if edge is None or heading_of(frm, target) is None or board.shore_at(target) != action.land:
            raise RuleViolation(
                "WAT-MOVE-01", f"{boat.name} can land only on the bank or beach next to its square"
            )
        declared = action.land
    dx, dy = target[0] - frm[0], target[1] - frm[1]
    if (dx, dy) == (0, 0):
        raise RuleViolation("WAT-MOVE-02", f"declare a destination other than {boat.name}'s own")
    if abs(dx) == 1 and abs(dy) == 1:
        raise RuleViolation("WAT-MOVE-04", "a craft never moves diagonally, except by drifting")
    heading = heading_of(frm, target)
    if heading is None:
        raise RuleViolation("WAT-MOVE-01", "speed 1: one square, or landing, per move")
    if action.pivot is not None:
        if action.pivot % 90 or abs(action.pivot) > 270:
            raise RuleViolation("WAT-MOVE-03", "a move may start only with a 90° or 180° pivot")
        if turn(boat.heading, action.pivot) != heading:
            raise RuleViolation(
                "WAT-MOVE-03",
                f"after its pivot {boat.name} moves straight ahead; that is not ahead",
            )
    return Plan(frm, target, heading, declared)


def _launch_cell(board: Board, boat: CraftState, target: Cell) -> Cell:
    """A craft on a bank at no particular square puts out into any square the bank touches."""
    edge = board.shore_edge(boat.feature)
    if edge is None:
        raise RuleViolation(
            "WAT-MOVE-01", f"{boat.name} is inland: it must reach a bank or beach first"
        )
    cell = board.beyond_cell(boat.feature, board.grid.along(edge, target))
    if cell is None or heading_of(cell, target) is None:
        raise RuleViolation("WAT-MOVE-01", f"{boat.name} can put out only into a square next to it")
    return cell


# -- performing -----------------------------------------------------------------------------------


def move_craft(ctx: Ctx, action: MoveCraft) -> None:
    state = ctx.state
    boat = own_craft(ctx, action.craft)
    phasing(ctx, boat.side, f"{boat.name} moves")
    if (action.square is None) == (action.land is None):
        raise RuleViolation(
            "WAT-MOVE-02", "declare the destination first: one square, or the land to reach"
        )
    if boat.status == "suppressed":
        raise RuleViolation("CF-STATUS", f"{boat.name} is suppressed: it can only rally")
    if boat.moved_in == state.initiative:
        raise RuleViolation("WAT-MOVE-01", f"speed 1: {boat.name} has moved this initiative")
    if boat.loaded_in == state.initiative:
        raise RuleViolation("AMB-WAT-13", f"passengers boarded {boat.name} this initiative")
    passengers = state.passengers(action.craft)
    if boat.spec.propulsion == "manual" and not passengers:
        raise RuleViolation("WAT-MOVE-08", f"{boat.name} is paddled by its passengers: it has none")
    water = state.in_water(action.craft)
    if action.land is not None and not water:
        drive(ctx, action.craft, action.land)
        return
    p = plan(state.board, boat, water, action)
    oared = boat.type == "oared-boat" and state.scenario.options.oared_no_founder
    result = ctx.roll(checks.craft_move(ctx.tables, boat.spec.propulsion, no_founder=oared))
    outcome = result.outcome
    if outcome == "founder":
        ctx.emit(_moved(action.craft, p, outcome, boat.feature, boat.cell, boat.heading, result))
        lose_craft(ctx, action.craft, "it founders", "WAT-MOVE-06")
        return
    if outcome == "no-move":
        ctx.emit(_moved(action.craft, p, outcome, boat.feature, boat.cell, boat.heading, result))
        return
    arrival = state.board.arrival(drifted(p.target, p.heading, outcome))
    if arrival.kind == "lost":
        ctx.emit(_moved(action.craft, p, outcome, "off the table", None, p.heading, result))
        lose_craft(ctx, action.craft, "it drifts off the table", "WAT-MOVE-07")
        return
    ctx.emit(_moved(action.craft, p, outcome, arrival.feature, arrival.cell, p.heading, result))
    if arrival.kind == "land":
        open_window(ctx, passengers)


def _moved(
    craft: str,
    p: Plan,
    outcome: str,
    feature: str,
    cell: Cell | None,
    heading: int,
    result: CheckResult,
) -> CraftMoved:
    return CraftMoved(
        craft=craft,
        target=p.declared,
        outcome=outcome,
        feature=feature,
        cell=cell,
        heading=heading,
        result=result,
    )


def drive(ctx: Ctx, craft_id: str, to: str) -> None:
    """AMB-WAT-06: amphibious craft move on land on later initiatives; the others stay beached."""
    state = ctx.state
    boat = state.craft[craft_id]
    board = state.board
    if to not in board.land:
        raise InputError("land", f"no land feature {to!r}")
    if not boat.spec.amphibious:
        raise RuleViolation(
            "AMB-WAT-06", f"{boat.name} is not amphibious: it stays beached until it puts out"
        )
    if not board.next_to(boat.feature, to):
        raise RuleViolation("CF-MOVE", f"{to} is not next to {boat.feature}")
    ctx.emit(
        CraftMoved(
            craft=craft_id, target=to, outcome="drive", feature=to, cell=None, heading=boat.heading
        )
    )
    open_window(ctx, state.passengers(craft_id))


# -- folding --------------------------------------------------------------------------------------


def _craft_moved(state: WatState, e: CraftMoved) -> WatState:
    boat = state.craft[e.craft]
    moved = replace(
        boat, feature=e.feature, cell=e.cell, heading=e.heading, moved_in=state.initiative
    )
    return with_craft(state, e.craft, moved)


TOPIC = Topic(
    __name__,
    performers=(performer(MoveCraft, move_craft),),
    appliers=(applier(CraftMoved, _craft_moved),),
)
