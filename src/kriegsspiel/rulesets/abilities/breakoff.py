"""Break-off (ABL-BREAK-01..07): a target with the ability answers a declared attack.

AMB-ABL-03: the answer comes after the attack is declared and before any dice: `break-off` moves
the unit straight back along the reverse of its facing up to a normal move (its Fixed Move, none
if suppressed, plus a Variable Move), stopping at the table edge, impassable ground or enemy
contact (AMB-ABL-04); `hold` declines. Once every such target has answered, the attack resolves
at the range to the original position (ABL-BREAK-03), a vehicle breaking off +2D (ABL-BREAK-02).
The unit may not fire until that Command Pulse ends (ABL-BREAK-04, AMB-ABL-05), may
opportunity-fire in a later enemy pulse (ABL-BREAK-05), cannot be activated again this turn
(ABL-BREAK-06; a recon vehicle may, by the README decision on AMB-ABL-01) and may break off again
(ABL-BREAK-07).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.guards import may_order
from kriegsspiel.core.limits import Distance
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.activity import fixed_inches
from kriegsspiel.rulesets.abilities.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    performer,
    unit,
)
from kriegsspiel.rulesets.abilities.fire import resolve
from kriegsspiel.rulesets.abilities.sight import retreat
from kriegsspiel.rulesets.abilities.state import (
    AblState,
    Answer,
    Point,
    Target,
    with_act,
    with_unit,
)
from kriegsspiel.rulesets.abilities.words import inches, place

# -- actions --------------------------------------------------------------------------------------


class BreakOff(Act, frozen=True, tag="break-off"):
    """Break off from the declared attack; `distance` caps the move back (default: all of it)."""

    unit: str
    distance: Distance | None = None


class Hold(Act, frozen=True, tag="hold"):
    """Do not break off from the declared attack."""

    unit: str


# -- events ---------------------------------------------------------------------------------------


class BrokeOff(Ev, frozen=True, tag="broke-off"):
    unit: str
    frm: Point
    to: Point
    allowance: float
    roll: CheckResult | None = None

    def text(self) -> str:
        roll = f"; Variable Move {self.roll.explain()}" if self.roll else ""
        return (
            f"{self.summary()} back to {place(self.to)} "
            f"(ABL-BREAK-01; allowance {inches(self.allowance)}{roll})"
        )

    def summary(self) -> str:
        return f"{self.unit} breaks off {inches(distance(self.frm, self.to))}"


class Held(Ev, frozen=True, tag="held"):
    unit: str

    def text(self) -> str:
        return f"{self.unit} does not break off"


# -- performing -----------------------------------------------------------------------------------


def _pending_target(state: AblState, seat: str, unit_id: str) -> Target:
    """ABL-BREAK-01: only a unit with Break-off, fired at by a declared attack, not yet answered."""
    unit(state, seat, unit_id)
    spec = state.specs[unit_id]
    may_order(seat, spec.side, spec.label)
    if not state.line(unit_id).has("break-off"):
        raise RuleViolation("ABL-BREAK-01", f"{spec.label} has no Break-off ability")
    attack = state.attack
    target = None
    if attack is not None:
        target = next((t for t in attack.targets if t.unit == unit_id), None)
    if target is None:
        raise RuleViolation(
            "ABL-BREAK-01",
            f"{spec.label} may break off only when a declared direct-fire or artillery attack "
            "targets it",
        )
    if target.answer != "pending":
        raise RuleViolation("ABL-BREAK-01", f"{spec.label} has already answered this attack")
    return target


def break_off(ctx: Ctx, action: BreakOff) -> None:
    state = ctx.state
    _pending_target(state, ctx.seat, action.unit)
    if action.distance is not None and action.distance < 0:
        raise InputError("distance", "a distance cannot be negative")
    u = state.units[action.unit]
    allowance = 0.0 if u.suppressed else fixed_inches(state, action.unit)
    wanted = action.distance
    roll = None
    if wanted is None or wanted > allowance + 1e-9:  # a normal move: Fixed + Variable
        roll = ctx.roll(checks.variable_move(state.tables))
        allowance += int(roll.outcome)
    inches = allowance if wanted is None else min(wanted, allowance)
    side = state.specs[action.unit].side
    to = retreat(state, u.position, (u.facing + 180.0) % 360.0, inches, side)
    ctx.emit(BrokeOff(unit=action.unit, frm=u.position, to=to, allowance=allowance, roll=roll))
    _answered(ctx)


def hold(ctx: Ctx, action: Hold) -> None:
    _pending_target(ctx.state, ctx.seat, action.unit)
    ctx.emit(Held(unit=action.unit))
    _answered(ctx)


def _answered(ctx: Ctx) -> None:
    attack = ctx.state.attack
    assert attack is not None
    if all(t.answer != "pending" for t in attack.targets):
        resolve(ctx)


# -- folding --------------------------------------------------------------------------------------


def _answer(state: AblState, unit_id: str, answer: Answer) -> AblState:
    attack = state.attack
    assert attack is not None
    targets = tuple(replace(t, answer=answer) if t.unit == unit_id else t for t in attack.targets)
    return replace(state, attack=replace(attack, targets=targets))


def _broke_off(state: AblState, e: BrokeOff) -> AblState:
    state = _answer(state, e.unit, "break-off")
    u = replace(state.units[e.unit], position=e.to, broke_off=state.stamp)
    state = with_unit(state, e.unit, u)
    activation = state.activation
    if activation is not None and e.unit in activation.acts:  # its activation ends (ABL-BREAK-06)
        state = with_act(state, e.unit, replace(activation.acts[e.unit], done=True))
    return state


TOPIC = Topic(
    __name__,
    performers=(
        performer(BreakOff, break_off),
        performer(Hold, hold),
    ),
    appliers=(
        applier(BrokeOff, _broke_off),
        applier(Held, lambda state, e: _answer(state, e.unit, "hold")),
    ),
)
