"""Reaction Checks, Disruption Points, suppression, Forced Back, dispersal, and rallying.

CHQ-REACT: a target hit by at least one success rolls its Reaction Dice at 4+ (5+ suppressed),
+1D in light cover except against artillery. CHQ-DP: if the firer has more successes the target
takes Disruption Points, net of its own successes by default (option `disruption = gross`).
CHQ-SUPP: it is suppressed unless it matches the firer's sixes (ABL-HISUP-01: beats them).
CHQ-FORCED: a unit that took DPs is forced back 6" + 1D6" per unmatched six, away from the
firer. CHQ-COHESION: a unit with DPs reaching its cohesion is dispersed and removed.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import bearing
from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.limits import Amount
from kriegsspiel.core.seats import EVERYONE, only
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.activity import acting, after_rally
from kriegsspiel.rulesets.abilities.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    performer,
    unit,
)
from kriegsspiel.rulesets.abilities.sight import retreat
from kriegsspiel.rulesets.abilities.state import AblState, Point, with_act, with_unit
from kriegsspiel.rulesets.abilities.words import count, inches, place

# -- events ---------------------------------------------------------------------------------------


class Reacted(Ev, frozen=True, tag="reacted"):
    """A Reaction Check and what the fire did to the target."""

    unit: str
    result: CheckResult
    dice_notes: tuple[str, ...]
    hits: int
    dp: int
    suppressed: bool
    notes: tuple[str, ...] = ()

    def text(self) -> str:
        what = [count(self.dp, "Disruption Point") if self.dp else "no Disruption Points"]
        if self.suppressed:
            what.append("suppressed")
        extra = "".join(f"; {n}" for n in self.notes)
        return (
            f"{self.unit} reacts ({', '.join(self.dice_notes)}): {self.result.explain()}; "
            f"{' and '.join(what)}{extra}"
        )

    def summary(self) -> str:
        effects = [f"takes {self.dp} DP"] if self.dp else []
        if self.suppressed:
            effects.append("suppressed")
        return f"{self.unit} {', '.join(effects) or 'unharmed'}"


class ForcedBack(Ev, frozen=True, tag="forced-back"):
    unit: str
    frm: Point
    to: Point
    inches: float
    result: CheckResult | None = None

    def text(self) -> str:
        roll = f" ({self.result.explain()})" if self.result else ""
        return f"{self.unit} is forced back {inches(self.inches)} to {place(self.to)}{roll}"

    def summary(self) -> str:
        return f"{self.unit} forced back {inches(self.inches)}"


class Dispersed(Ev, frozen=True, tag="dispersed"):
    unit: str
    dp: int

    def text(self) -> str:
        return f"{self.unit} is dispersed with {count(self.dp, 'Disruption Point')} (CHQ-COHESION)"

    def summary(self) -> str:
        return f"{self.unit} dispersed"


class Rallied(Ev, frozen=True, tag="rallied"):
    unit: str
    result: CheckResult
    removed: int

    def text(self) -> str:
        return f"{self.unit} rallies: {self.result.explain()}; {self.removed} DP removed"

    def summary(self) -> str:
        return (
            f"{self.unit} rallies {self.removed} DP"
            if self.removed
            else f"{self.unit} fails to rally"
        )


# -- actions --------------------------------------------------------------------------------------


class Rally(Act, frozen=True, tag="rally"):
    """Rally an activated unit: its Reaction Dice remove Disruption Points (CHQ-DEFAULT-RALLY)."""

    unit: str


class SetUnit(Act, frozen=True, tag="set-unit"):
    """The umpire records a unit's Disruption Points or suppression (a result resolved at the
    table, or a correction)."""

    unit: str
    dp: Amount | None = None
    suppressed: bool | None = None
    note: str = ""


class UnitSet(Ev, frozen=True, tag="unit-set"):
    unit: str
    dp: int | None = None
    suppressed: bool | None = None
    note: str = ""

    def text(self) -> str:
        what = []
        if self.dp is not None:
            what.append(f"{self.dp} DP")
        if self.suppressed is not None:
            what.append("suppressed" if self.suppressed else "not suppressed")
        note = f" ({self.note})" if self.note else ""
        return f"the umpire records {self.unit}: {', '.join(what) or 'no change'}{note}"


# -- applying fire results ------------------------------------------------------------------------


def disruption(state: AblState, hits: int, saved: int) -> int:
    """CHQ-DP: net of the target's successes (default), or one per hit (`gross`)."""
    if hits <= saved:
        return 0
    return hits - saved if state.scenario.options.disruption == "net" else hits


def force_back(ctx: Ctx, unit_id: str, away_from: Point, base: float, dice: int) -> None:
    """CHQ-FORCED: `base` inches + 1D6" per die, straight away from `away_from`."""
    result = ctx.roll(checks.forced_back(dice, base)) if dice else None
    inches = float(result.outcome) if result else float(base)
    u = ctx.state.units[unit_id]
    side = ctx.state.specs[unit_id].side
    to = retreat(ctx.state, u.position, bearing(away_from, u.position), inches, side)
    ctx.emit(ForcedBack(unit=unit_id, frm=u.position, to=to, inches=inches, result=result))


def check_cohesion(ctx: Ctx, unit_id: str) -> bool:
    """CHQ-COHESION: dispersed at DPs = cohesion. True if the unit was dispersed. A unit still
    hidden (in a Blind, in reserve) is dispersed in its own side's log only (CHQ-BLIND)."""
    u = ctx.state.units[unit_id]
    if u.dispersed or u.dp < ctx.state.line(unit_id).cohesion:
        return False
    to = EVERYONE if u.on_table else only(ctx.state.specs[unit_id].side)
    ctx.emit(Dispersed(unit=unit_id, dp=u.dp), to)
    return True


# -- rallying -------------------------------------------------------------------------------------


def rally(ctx: Ctx, action: Rally) -> None:
    state = ctx.state
    act = acting(state, ctx.seat, action.unit, "rally")
    if action.unit in state.blinds:
        raise RuleViolation("CHQ-BLIND", "a Blind has nothing to rally")
    u = state.units[action.unit]
    if u.suppressed:
        raise RuleViolation(
            "CHQ-SUPP", f"{state.label(action.unit)} is suppressed: it cannot rally"
        )
    if u.dp == 0:
        raise RuleViolation("CHQ-RALLY", f"{state.label(action.unit)} has no Disruption Points")
    if act.rallied:
        raise RuleViolation("CHQ-RALLY", f"{state.label(action.unit)} already rallied")
    assert state.activation is not None
    recon_chain = state.line(action.unit).recon_vehicle and state.activation.size >= 2
    if act.fired or ((act.moved or act.spotted) and not recon_chain):
        raise RuleViolation(
            "ABL-RECON-09",
            f"{state.label(action.unit)} already acted: a rally is the whole activation, except "
            "for a recon vehicle given a double or larger Order Chain (AMB-ABL-14)",
        )
    after_rally(state, action.unit, act, "rally")
    result = ctx.roll(checks.rally(state.tables, state.line(action.unit).reaction_dice(False)))
    removed = min(int(result.outcome), u.dp)
    ctx.emit(Rallied(unit=action.unit, result=result, removed=removed))


def set_unit(ctx: Ctx, action: SetUnit) -> None:
    umpire_only(ctx.seat, "record a unit's state")
    state = ctx.state
    unit(state, ctx.seat, action.unit)
    if action.dp is not None and action.dp < 0:
        raise InputError("dp", "Disruption Points cannot be negative")
    side = state.specs[action.unit].side
    to = EVERYONE if state.units[action.unit].on_table else only(side)  # hidden stays hidden
    event = UnitSet(unit=action.unit, dp=action.dp, suppressed=action.suppressed, note=action.note)
    ctx.emit(event, to)
    check_cohesion(ctx, action.unit)


# -- folding --------------------------------------------------------------------------------------


def _reacted(state: AblState, e: Reacted) -> AblState:
    u = state.units[e.unit]
    return with_unit(
        state, e.unit, replace(u, dp=u.dp + e.dp, suppressed=u.suppressed or e.suppressed)
    )


def _forced_back(state: AblState, e: ForcedBack) -> AblState:
    return with_unit(state, e.unit, replace(state.units[e.unit], position=e.to))


def _dispersed(state: AblState, e: Dispersed) -> AblState:
    state = with_unit(state, e.unit, replace(state.units[e.unit], dispersed=True))
    if state.activation is not None and e.unit in state.activation.acts:
        state = with_act(state, e.unit, replace(state.activation.acts[e.unit], done=True))
    return state


def _unit_set(state: AblState, e: UnitSet) -> AblState:
    u = state.units[e.unit]
    dp = u.dp if e.dp is None else e.dp
    suppressed = u.suppressed if e.suppressed is None else e.suppressed
    return with_unit(state, e.unit, replace(u, dp=dp, suppressed=suppressed))


def _rallied(state: AblState, e: Rallied) -> AblState:
    u = state.units[e.unit]
    state = with_unit(state, e.unit, replace(u, dp=u.dp - e.removed))
    assert state.activation is not None
    return with_act(state, e.unit, replace(state.activation.acts[e.unit], rallied=True))


TOPIC = Topic(
    __name__,
    performers=(
        performer(Rally, rally),
        performer(SetUnit, set_unit),
    ),
    appliers=(
        applier(UnitSet, _unit_set),
        applier(Reacted, _reacted),
        applier(ForcedBack, _forced_back),
        applier(Dispersed, _dispersed),
        applier(Rallied, _rallied),
    ),
)
