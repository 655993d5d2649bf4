"""Stands moving on land (CF-MOVE) and over a pontoon bridge (WAT-PONTOON-09/12).

Crossfire measures nothing: a move goes from one terrain feature to one next to it, and every
move may be answered by the other side's reactive fire (CF-REACT).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own_unit,
    performer,
    phasing,
    reveal,
    site,
)
from kriegsspiel.rulesets.waterborne.embark import embarked_now
from kriegsspiel.rulesets.waterborne.initiative import open_window
from kriegsspiel.rulesets.waterborne.pontoons import usable
from kriegsspiel.rulesets.waterborne.scenario import WatUnit
from kriegsspiel.rulesets.waterborne.state import WatState, with_unit

# -- actions --------------------------------------------------------------------------------------


class Move(Act, frozen=True, tag="move"):
    unit: str
    to: str  # a land feature or pontoon site next to the unit's


class Cross(Act, frozen=True, tag="cross"):
    """Cross a pontoon bridge, from either end."""

    unit: str
    site: str


# -- events ---------------------------------------------------------------------------------------


class StandMoved(Ev, frozen=True, tag="stand-moved"):
    unit: str
    frm: str
    to: str
    bridge: str | None = None

    def text(self) -> str:
        via = f" over the bridge at {self.bridge}" if self.bridge else ""
        return f"{self.unit} moves from {self.frm} to {self.to}{via}"

    def summary(self) -> str:
        return f"{self.unit} moves to {self.to}" + (" over the bridge" if self.bridge else "")


# -- performing -----------------------------------------------------------------------------------


def may_move(ctx: Ctx, unit_id: str) -> WatUnit:
    """CF-STATUS, CF-APC, AMB-WAT-13: who may make a move now."""
    state = ctx.state
    spec = own_unit(ctx, unit_id)
    phasing(ctx, spec.side, f"{spec.label} moves")
    unit = state.units[unit_id]
    if unit.aboard is not None:
        raise RuleViolation("CF-APC", f"{spec.label} rides in {unit.aboard}: it must disembark")
    if unit.status in ("pinned", "suppressed"):
        raise RuleViolation("CF-STATUS", f"{spec.label} is {unit.status} and cannot move")
    if embarked_now(state, unit_id):
        raise RuleViolation(
            "AMB-WAT-13",
            f"{spec.label} got off a craft this initiative: that was its move for the initiative",
        )
    return spec


def move(ctx: Ctx, action: Move) -> None:
    spec = may_move(ctx, action.unit)
    state = ctx.state
    board = state.board
    if not board.is_place(action.to):
        raise InputError("to", f"no land feature or site {action.to!r}")
    here = state.units[spec.id].place
    assert here is not None
    if not board.next_to(here, action.to):
        raise RuleViolation("CF-MOVE", f"{action.to} is not next to {here}")
    reveal(ctx, spec.id)
    ctx.emit(StandMoved(unit=spec.id, frm=here, to=action.to))
    open_window(ctx, [spec.id])


def cross(ctx: Ctx, action: Cross) -> None:
    """WAT-PONTOON-09/12: over a bridge that is open and has at most one hit."""
    spec = may_move(ctx, action.unit)
    state = ctx.state
    bridge = site(state, action.site)
    s = state.sites[bridge.id]
    if bridge.kind != "bridge":
        raise RuleViolation("WAT-FERRY-02", f"{bridge.id} is a ferry site: the ferry is a craft")
    if not s.ready:
        raise RuleViolation(
            "WAT-PONTOON-09",
            f"the bridge at {bridge.id} is not open: {s.work.progress} of {s.work.required} CP"
            + (", opening on the next friendly initiative" if s.completed_in is not None else ""),
        )
    if not usable(state, bridge.id):
        raise RuleViolation(
            "WAT-PONTOON-12", f"the bridge at {bridge.id} has {s.damage} hits: it needs repair"
        )
    far = state.board.site_far_bank(bridge.id)
    assert far is not None
    here = state.units[spec.id].place
    ends = {bridge.id: far, bridge.bank: far, far: bridge.bank}
    if here not in ends:
        raise RuleViolation("CF-MOVE", f"{spec.label} is at neither end of the bridge")
    reveal(ctx, spec.id)
    ctx.emit(StandMoved(unit=spec.id, frm=here, to=ends[here], bridge=bridge.id))
    open_window(ctx, [spec.id])


# -- folding --------------------------------------------------------------------------------------


def _moved(state: WatState, e: StandMoved) -> WatState:
    unit = replace(state.units[e.unit], place=e.to, moved_in=state.initiative)
    return with_unit(state, e.unit, unit)


TOPIC = Topic(
    __name__,
    performers=(
        performer(Move, move),
        performer(Cross, cross),
    ),
    appliers=(applier(StandMoved, _moved),),
)
