"""Moving in an activation: moves, pivots (ABL-180-02/03), limbering and unlimbering (ABL-TOWED).

CHQ-MOVE: a move is the unit's Fixed Move plus a Variable Move (one die, rolled only when the
move goes beyond the Fixed Move); `part` spends only one of them. A suppressed unit has no Fixed
Move. Moving or pivoting a unit on the table triggers opportunity fire (CHQ-OPFIRE, ABL-180-03).
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import bearing, distance
from kriegsspiel.core.limits import Facing
from kriegsspiel.core.seats import only
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.activity import (
    acting,
    after_rally,
    fixed_inches,
    fixed_left,
    variable_left,
)
from kriegsspiel.rulesets.abilities.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    performer,
)
from kriegsspiel.rulesets.abilities.fire import open_window
from kriegsspiel.rulesets.abilities.sight import blocked, impassable, on_table, step, stop_short
from kriegsspiel.rulesets.abilities.state import AblState, Point, UnitAct, with_act, with_unit
from kriegsspiel.rulesets.abilities.words import degrees, inches, place

Part = Literal["normal", "fixed", "variable"]

# -- actions --------------------------------------------------------------------------------------


class Move(Act, frozen=True, tag="move"):
    """Move a unit (or a Blind) towards `to`; it faces the way it moved unless `facing` is given."""

    unit: str
    to: Point
    part: Part = "normal"
    facing: Facing | None = None


class Pivot(Act, frozen=True, tag="pivot"):
    """Turn in place to a new facing: a move for every purpose (AMB-ABL-06)."""

    unit: str
    facing: Facing


class Limber(Act, frozen=True, tag="limber"):
    unit: str


class Unlimber(Act, frozen=True, tag="unlimber"):
    unit: str


# -- events ---------------------------------------------------------------------------------------


class Moved(Ev, frozen=True, tag="moved"):
    unit: str
    frm: Point
    to: Point
    facing: float
    fixed: bool  # spent a Fixed Move
    variable: bool  # spent a Variable Move
    allowance: float
    roll: CheckResult | None = None
    stopped: str = ""  # what a rolled move stopped short of (CHQ-MOVE)
    blind: bool = False  # a Blind's move: its side's part, beside the `BlindMoved` all see

    def text(self) -> str:
        roll = f"; Variable Move {self.roll.explain()}" if self.roll else ""
        short = f"; stops short of {self.stopped} (CHQ-MOVE)" if self.stopped else ""
        allowance = f"allowance {inches(self.allowance)}{roll}"
        if self.blind:  # where it went is told by `BlindMoved`
            spent = " and ".join(
                part for part, used in (("Fixed", self.fixed), ("Variable", self.variable)) if used
            )
            return f"{self.unit} spends its {spent} Move ({allowance}){short}"
        moved = inches(distance(self.frm, self.to))
        return f"{self.unit} moves {moved} to {place(self.to)} ({allowance}){short}"

    def summary(self) -> str | None:
        if self.blind:
            return None
        short = f", short of {self.stopped}" if self.stopped else ""
        return f"{self.unit} moves {inches(distance(self.frm, self.to))}{short}"


class BlindMoved(Ev, frozen=True, tag="blind-moved"):
    """A Blind's move as the enemy sees it: where it went, not what its allowance was."""

    blind: str
    frm: Point
    to: Point
    facing: float

    def text(self) -> str:
        return f"{self.blind} moves {inches(distance(self.frm, self.to))} to {place(self.to)}"

    def summary(self) -> str:
        return f"{self.blind} moves {inches(distance(self.frm, self.to))}"


class Pivoted(Ev, frozen=True, tag="pivoted"):
    unit: str
    facing: float
    fixed: bool

    def text(self) -> str:
        return f"{self.summary()} (a move: ABL-180-02, AMB-ABL-06)"

    def summary(self) -> str:
        return f"{self.unit} pivots to face {degrees(self.facing)}"


class LimberChanged(Ev, frozen=True, tag="limber-changed"):
    unit: str
    limbered: bool
    fixed: bool
    variable: bool

    def text(self) -> str:
        cost, rule = ("Fixed and Variable", "03") if self.variable else ("Fixed", "02")
        return f"{self.summary()}, spending its {cost} Move (ABL-TOWED-{rule})"

    def summary(self) -> str:
        return f"{self.unit} {'limbers' if self.limbered else 'unlimbers'}"


# -- performing -----------------------------------------------------------------------------------


def _may_move(state: AblState, ident: str, act: UnitAct) -> None:
    if act.sustained:
        raise RuleViolation(
            "ABL-SUST-02",
            f"{state.label(ident)} used Sustained Fire: it cannot move this activation",
        )
    after_rally(state, ident, act, "move")


def move(ctx: Ctx, action: Move) -> None:
    """CHQ-MOVE: the destination is checked first (on the table, passable, not in contact
    with an enemy unit); the Variable Move die, rolled only when the Fixed Move falls short,
    then says how far the unit gets. A rolled distance that would end in contact or in
    impassable ground stops short of it, on the way (CHQ-MOVE)."""
    state = ctx.state
    act = acting(state, ctx.seat, action.unit, "move")
    _may_move(state, action.unit, act)
    fixed = fixed_left(state, action.unit, act) and action.part in ("normal", "fixed")
    variable = variable_left(state, act) and action.part in ("normal", "variable")
    if not fixed and not variable:
        raise RuleViolation(
            "CHQ-MOVE", f"{state.label(action.unit)} has no {_part_name(action.part)} left"
        )
    frm = state.where(action.unit)
    side = state.side_of(action.unit)
    target = (float(action.to[0]), float(action.to[1]))
    if not on_table(state, target):
        raise InputError("to", f"{target[0]:g},{target[1]:g} is off the table")
    if impassable(state, target):
        raise RuleViolation("CHQ-MOVE", f"{target[0]:g},{target[1]:g} is impassable ground")
    into = blocked(state, target, side)
    if into is not None:
        raise RuleViolation("CHQ-MOVE", f"a move may not end in {into}: close assault instead")
    wanted = distance(frm, target)
    allowance = fixed_inches(state, action.unit) if fixed else 0.0
    roll = None
    if variable and wanted > allowance + 1e-9:
        roll = ctx.roll(checks.variable_move(state.tables))
        allowance += int(roll.outcome)
    heading = bearing(frm, target) if wanted > 0 else _facing(state, action.unit)
    to, stopped = target, ""
    if wanted > allowance + 1e-9:
        to, stopped = stop_short(state, frm, step(frm, heading, allowance), side)
    facing = action.facing if action.facing is not None else heading
    moved = Moved(
        unit=action.unit,
        frm=frm,
        to=to,
        facing=facing % 360.0,
        fixed=fixed,
        variable=variable,
        allowance=allowance,
        roll=roll,
        stopped=stopped,
        blind=action.unit in state.blinds,
    )
    if moved.blind:  # how far a Blind may go tells of what it hides
        ctx.emit(BlindMoved(blind=action.unit, frm=frm, to=to, facing=moved.facing))
        ctx.emit(moved, only(side))
    else:
        ctx.emit(moved)
    open_window(ctx, action.unit, "moved")


def _part_name(part: Part) -> str:
    return {"normal": "move", "fixed": "Fixed Move", "variable": "Variable Move"}[part]


def _facing(state: AblState, ident: str) -> float:
    return state.units[ident].facing if ident in state.units else state.blinds[ident].facing


def pivot(ctx: Ctx, action: Pivot) -> None:
    """ABL-180-02/03, AMB-ABL-06: a pivot spends a Fixed Move (else a Variable Move) and
    triggers opportunity fire although the unit stays where it is."""
    state = ctx.state
    act = acting(state, ctx.seat, action.unit, "pivot")
    if action.unit in state.blinds:
        raise RuleViolation("CHQ-BLIND", "a Blind has no facing to change")
    _may_move(state, action.unit, act)
    fixed = fixed_left(state, action.unit, act)
    if not fixed and not variable_left(state, act):
        raise RuleViolation("CHQ-MOVE", f"{state.label(action.unit)} has no move left to pivot")
    ctx.emit(Pivoted(unit=action.unit, facing=action.facing % 360.0, fixed=fixed))
    open_window(ctx, action.unit, "pivoted")


def limber(ctx: Ctx, action: Limber | Unlimber) -> None:
    """ABL-TOWED-01..03, AMB-ABL-18: mortars, light and medium guns spend a Fixed Move; heavy
    guns a Fixed and a Variable Move; only the moves left may be used afterwards."""
    state = ctx.state
    to_limbered = isinstance(action, Limber)
    what = "limber" if to_limbered else "unlimber"
    act = acting(state, ctx.seat, action.unit, what)
    name = state.label(action.unit)
    if action.unit in state.blinds or state.line(action.unit).towed is None:
        raise RuleViolation("ABL-TOWED-01", f"{name} is not a towed gun or mortar")
    if state.units[action.unit].limbered == to_limbered:
        raise RuleViolation("ABL-TOWED-01", f"{name} is already {what}ed")
    if act.fired:
        raise RuleViolation("ABL-TOWED-01", f"{name} fired in this activation")
    heavy = state.line(action.unit).towed == "heavy"
    rule = "ABL-TOWED-03" if heavy else "ABL-TOWED-02"
    if not fixed_left(state, action.unit, act):
        raise RuleViolation(rule, f"{name} has no Fixed Move left to {what}")
    if heavy and not variable_left(state, act):
        raise RuleViolation(
            rule, f"{name} is a heavy gun: it needs a Fixed and a Variable Move to {what}"
        )
    ctx.emit(LimberChanged(unit=action.unit, limbered=to_limbered, fixed=True, variable=heavy))


# -- folding --------------------------------------------------------------------------------------


def spend(state: AblState, ident: str, fixed: bool, variable: bool, moved: bool) -> AblState:
    activation = state.activation
    if activation is None or ident not in activation.acts:
        return state
    act = activation.acts[ident]
    return with_act(
        state,
        ident,
        replace(
            act,
            fixed_used=act.fixed_used + fixed,
            variable_used=act.variable_used + variable,
            moved=act.moved or moved,
        ),
    )


def _moved(state: AblState, e: Moved) -> AblState:
    state = spend(state, e.unit, e.fixed, e.variable, True)
    if e.unit in state.blinds:  # the Blind's hidden units move with it
        dx, dy = e.to[0] - e.frm[0], e.to[1] - e.frm[1]
        blinds = {
            **state.blinds,
            e.unit: replace(state.blinds[e.unit], position=e.to, facing=e.facing),
        }
        units = dict(state.units)
        for u in state.blind_units(e.unit):
            x, y = units[u].position
            units[u] = replace(
                units[u], position=(round(x + dx, 4), round(y + dy, 4)), facing=e.facing
            )
        return replace(state, blinds=blinds, units=units)
    unit = replace(state.units[e.unit], position=e.to, facing=e.facing, triggered=state.stamp)
    return with_unit(state, e.unit, unit)


def _pivoted(state: AblState, e: Pivoted) -> AblState:
    state = spend(state, e.unit, e.fixed, not e.fixed, True)
    u = replace(state.units[e.unit], facing=e.facing, triggered=state.stamp)
    return with_unit(state, e.unit, u)


def _limber_changed(state: AblState, e: LimberChanged) -> AblState:
    state = spend(state, e.unit, e.fixed, e.variable, False)
    return with_unit(state, e.unit, replace(state.units[e.unit], limbered=e.limbered))


TOPIC = Topic(
    __name__,
    performers=(
        performer(Move, move),
        performer(Pivot, pivot),
        performer(Limber, limber),
        performer(Unlimber, limber),
    ),
    appliers=(
        applier(Moved, _moved),
        applier(BlindMoved, lambda state, _: state),  # the owner's `Moved` moved it
        applier(Pivoted, _pivoted),
        applier(LimberChanged, _limber_changed),
    ),
)
