"""Actions worth trying for a seat; `Waterborne.legal_actions` keeps those `perform` accepts.

Cheap filters here keep the dry runs few; `perform` remains the judge of legality.
"""

from __future__ import annotations

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.waterborne.base import Act, sees_unit
from kriegsspiel.rulesets.waterborne.embark import Board, Disembark
from kriegsspiel.rulesets.waterborne.fire import Fire, IndirectFire, ReactiveFire, stand_dice
from kriegsspiel.rulesets.waterborne.grid import STEP, add
from kriegsspiel.rulesets.waterborne.initiative import EndInitiative, Pass
from kriegsspiel.rulesets.waterborne.movement import Cross, Move
from kriegsspiel.rulesets.waterborne.pontoons import Work
from kriegsspiel.rulesets.waterborne.rally import Rally
from kriegsspiel.rulesets.waterborne.sailing import MoveCraft
from kriegsspiel.rulesets.waterborne.scenario import INDIRECT
from kriegsspiel.rulesets.waterborne.state import WatState
from kriegsspiel.rulesets.waterborne.targets import targetable
from kriegsspiel.rulesets.waterborne.view import acting


def candidates(state: WatState, seat: str) -> list[Act]:
    if state.over:
        return []
    side = acting(state) if seat == UMPIRE else seat
    if side == state.phasing and state.window is None:
        return _phasing(state, seat, side)
    if side == state.other:
        reactive = _reactive(state, seat, side)
        return [Pass(), *reactive] if state.window is not None else reactive
    return []


def _ready(state: WatState, side: str) -> list[str]:
    """The side's stands on their feet: alive, not aboard, not suppressed."""
    return [
        u
        for u, s in state.units.items()
        if s.status not in ("killed", "suppressed")
        and s.aboard is None
        and state.spec(u).side == side
    ]


def _shoots(state: WatState, unit_id: str) -> bool:
    return stand_dice(state.spec(unit_id)) > 0


def _targets(state: WatState, seat: str, side: str) -> list[str]:
    return [
        u
        for u in state.units
        if state.spec(u).side != side and sees_unit(state, seat, u) and targetable(state, u)
    ]


def _reactive(state: WatState, seat: str, side: str) -> list[Act]:
    targets = _targets(state, seat, side)
    if state.window is not None:
        targets = [t for t in targets if t in state.window.movers]
    shooters = [u for u in _ready(state, side) if not state.units[u].no_fire and _shoots(state, u)]
    return [ReactiveFire(u, t) for u in shooters for t in targets]


def _phasing(state: WatState, seat: str, side: str) -> list[Act]:
    board = state.board
    k = state.initiative
    out: list[Act] = [EndInitiative()]
    targets = _targets(state, seat, side)
    sites = [s for s, spec in board.sites.items() if spec.side != side]
    others = [
        *(u for u in state.units if state.spec(u).side != side and sees_unit(state, seat, u)),
        *(c for c, s in state.craft.items() if s.side != side and s.status != "lost"),
    ]
    for u, unit in state.units.items():
        spec = state.spec(u)
        if spec.side == side and unit.status in ("pinned", "suppressed"):
            out.append(Rally(u))
    for u in _ready(state, side):
        unit = state.units[u]
        spec = state.spec(u)
        assert unit.place is not None
        out += [Move(u, to) for to in sorted(board.links.get(unit.place, ()))]
        out += [Board(u, c) for c, s in state.craft.items() if s.feature == unit.place]
        out += [Cross(u, s) for s, x in state.sites.items() if x.ready and s in board.sites]
        if unit.fired_in == k:
            continue
        if _shoots(state, u):
            out += [Fire(u, t) for t in targets]
        if spec.he:
            out += [Fire(u, s) for s in sites]
        if INDIRECT in spec.traits and spec.eff:
            out += [IndirectFire(u, t) for t in others]
    for c, boat in state.craft.items():
        if boat.side != side or boat.status == "lost":
            continue
        if boat.status == "suppressed":
            out.append(Rally(c))
            continue
        out.append(Disembark(c))
        if boat.fired_in != k and (boat.spec.dice or boat.spec.he):
            out += [Fire(c, t) for t in targets]
        out += [MoveCraft(c, land=f) for f in sorted(board.links.get(boat.feature, ()))]
        if boat.cell is not None:
            for step in STEP.values():
                target = add(boat.cell, step)
                if board.grid.inside(target):
                    out.append(MoveCraft(c, square=target))
                elif (shore := board.shore_at(target)) is not None:
                    out.append(MoveCraft(c, land=shore))
    out += [Work(s) for s, spec in board.sites.items() if spec.side == side]
    return out
