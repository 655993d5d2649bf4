"""Close assault, as far as Short Range Fire needs it (ABL-SRF-02; house CHQ-DEFAULT-ASSAULT).

The assaulting unit must reach contact with one normal move and may not have fired first; Blinds
cannot be assaulted. Both sides roll at once (one check, two pools): FP dice (AT dice against
armour), +1D each for Short Range Fire, only once even at short range (AMB-ABL-19); the assaulting
unit at -1 TN. More successes wins: the loser takes the difference as Disruption Points (CHQ-DP),
is suppressed and forced back its Fixed Move + 1D" per DP; the winner is suppressed if it rolled
fewer sixes than the loser. A tie has no effect. One round only.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import bearing, distance
from kriegsspiel.errors import RuleViolation
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
    deployed,
    performer,
    unit,
)
from kriegsspiel.rulesets.abilities.morale import check_cohesion, disruption, force_back
from kriegsspiel.rulesets.abilities.movement import spend
from kriegsspiel.rulesets.abilities.sight import CONTACT, step, stop_short
from kriegsspiel.rulesets.abilities.state import AblState, Point, with_act, with_unit
from kriegsspiel.rulesets.abilities.words import inches, range_inches


class Assault(Act, frozen=True, tag="assault"):
    unit: str
    target: str


class Assaulted(Ev, frozen=True, tag="assaulted"):
    unit: str
    target: str
    frm: Point
    to: Point
    fixed: bool  # spent a Fixed Move
    variable: bool  # spent a Variable Move
    allowance: float
    roll: CheckResult | None
    result: CheckResult | None  # None: it did not reach contact
    notes: tuple[str, ...] = ()
    winner: str | None = None
    loser: str | None = None
    dp: int = 0
    winner_suppressed: bool = False

    def summary(self) -> str:
        if self.result is None:
            return f"{self.unit} fails to reach {self.target}"
        if self.winner is None:
            return f"{self.unit} and {self.target} tie: neither gives way"
        after = f", {self.winner} suppressed too" if self.winner_suppressed else ""
        return f"{self.loser} loses the close assault: {self.dp} DP, suppressed{after}"

    def text(self) -> str:
        if self.result is None:
            return f"{self.unit} fails to reach {self.target} (allowance {inches(self.allowance)})"
        how = "; ".join(self.notes)
        head = f"{self.unit} close assaults {self.target} ({how}): {self.result.explain()}"
        if self.winner is None:
            return head + "; neither side gives way"
        after = f"; {self.winner} is suppressed too" if self.winner_suppressed else ""
        return f"{head}; {self.loser} loses: {self.dp} DP, suppressed{after}"


def dice_against(state: AblState, unit_id: str, other: str) -> int:
    """FP dice at an unarmoured enemy, AT dice at armour (CHQ-FIRE); none if it has neither."""
    line = state.line(unit_id)
    weapon = line.at if state.line(other).armoured else line.fp
    return weapon.dice if weapon is not None else 0


def assault_dice(state: AblState, unit_id: str, other: str) -> tuple[int, str]:
    """ABL-SRF-02 and AMB-ABL-19: +1D in a close assault, once, attacking or defending."""
    dice = dice_against(state, unit_id, other)
    if state.line(unit_id).has("short-range-fire"):
        return dice + 1, f"{unit_id} {dice}D +1D Short Range Fire (ABL-SRF-02)"
    return dice, f"{unit_id} {dice}D"


def assault(ctx: Ctx, action: Assault) -> None:
    state = ctx.state
    if action.unit in state.blinds:
        raise RuleViolation("CHQ-BLIND", "a Blind must deploy before it can close assault")
    act = acting(state, ctx.seat, action.unit, "close assault")
    deployed(state, action.unit, "CHQ-BLIND", "close assault")
    name = state.label(action.unit)
    after_rally(state, action.unit, act, "close assault", fire=True)
    if act.fired:
        raise RuleViolation("CHQ-DEFAULT-ASSAULT", f"{name} fired: no fire before a close assault")
    if state.units[action.unit].suppressed:
        raise RuleViolation("CHQ-SUPP", f"{name} is suppressed and cannot close assault")
    side = state.specs[action.unit].side
    if action.target in state.blinds and not state.blinds[action.target].gone:
        raise RuleViolation("CHQ-DEFAULT-ASSAULT", "a Blind cannot be assaulted: spot it first")
    unit(state, side, action.target)
    if state.specs[action.target].side == side or not state.units[action.target].on_table:
        raise RuleViolation("CHQ-DEFAULT-ASSAULT", f"{action.target} cannot be assaulted")
    if dice_against(state, action.unit, action.target) == 0:
        raise RuleViolation("CHQ-DEFAULT-ASSAULT", f"{name} has no dice against {action.target}")
    fixed, variable = fixed_left(state, action.unit, act), variable_left(state, act)
    if not fixed and not variable:
        raise RuleViolation("CHQ-DEFAULT-ASSAULT", f"{name} has no move left to reach contact")
    frm, there = state.units[action.unit].position, state.units[action.target].position
    wanted = max(0.0, distance(frm, there) - CONTACT / 2)
    allowance = fixed_inches(state, action.unit) if fixed else 0.0
    reach = allowance + (state.tables.moves.variable if variable else 0)
    if wanted > reach + 1e-9:
        raise RuleViolation(
            "CHQ-DEFAULT-ASSAULT",
            f"{state.label(action.target)} is {range_inches(distance(frm, there))} away: beyond "
            f"the {inches(reach)} that {name} can reach with one normal move",
        )
    roll = None
    if variable and wanted > allowance + 1e-9:
        roll = ctx.roll(checks.variable_move(state.tables))
        allowance += int(roll.outcome)
    to = step(frm, bearing(frm, there), min(wanted, allowance))
    if wanted > allowance + 1e-9:  # it falls short, and stops short of contact (CHQ-MOVE)
        to, _ = stop_short(state, frm, to, side)

    def report(result: CheckResult | None, **more: Any) -> None:
        ctx.emit(
            Assaulted(
                unit=action.unit,
                target=action.target,
                frm=frm,
                to=to,
                fixed=fixed,
                variable=variable,
                allowance=allowance,
                roll=roll,
                result=result,
                **more,
            )
        )

    if wanted > allowance + 1e-9:
        report(None)
        return
    a_dice, a_note = assault_dice(state, action.unit, action.target)
    d_dice, d_note = assault_dice(state, action.target, action.unit)
    table = state.tables.assault
    check = checks.assault(a_dice, table.tn + table.order_bonus, d_dice, table.tn)
    result = ctx.roll(check)
    (a_hits, a_sixes), (d_hits, d_sixes) = (
        pool.reduce(faces) for pool, faces in zip(check.pools, result.faces, strict=True)
    )
    notes = (f"{a_note} at {table.tn + table.order_bonus}+", f"{d_note} at {table.tn}+")
    if a_hits == d_hits:
        report(result, notes=notes)
        return
    won = a_hits > d_hits
    winner, loser = (action.unit, action.target) if won else (action.target, action.unit)
    w_hits, l_hits = (a_hits, d_hits) if won else (d_hits, a_hits)
    w_sixes, l_sixes = (a_sixes, d_sixes) if won else (d_sixes, a_sixes)
    dp = disruption(state, w_hits, l_hits)
    report(
        result,
        notes=notes,
        winner=winner,
        loser=loser,
        dp=dp,
        winner_suppressed=w_sixes < l_sixes,
    )
    if not check_cohesion(ctx, loser):
        winner_at = ctx.state.units[winner].position
        force_back(ctx, loser, winner_at, fixed_inches(ctx.state, loser), dp)


def _assaulted(state: AblState, e: Assaulted) -> AblState:
    state = spend(state, e.unit, e.fixed, e.variable, True)
    me = state.units[e.unit]
    facing = bearing(e.frm, e.to) if e.to != e.frm else me.facing
    me = replace(me, position=e.to, facing=facing)
    if e.result is not None:  # the assault is its fire this turn (house)
        me = replace(me, fire_marker=True)
        activation = state.activation
        assert activation is not None
        state = with_act(state, e.unit, replace(activation.acts[e.unit], fired=True))
    state = with_unit(state, e.unit, me)
    if e.loser is not None and e.winner is not None:
        lost = state.units[e.loser]
        state = with_unit(state, e.loser, replace(lost, dp=lost.dp + e.dp, suppressed=True))
        if e.winner_suppressed:
            state = with_unit(state, e.winner, replace(state.units[e.winner], suppressed=True))
    return state


TOPIC = Topic(
    __name__,
    performers=(performer(Assault, assault),),
    appliers=(applier(Assaulted, _assaulted),),
)
