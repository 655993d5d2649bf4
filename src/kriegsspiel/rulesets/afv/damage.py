"""What hits do (house defaults SK-DEFAULT-DAMAGE, SK-DEFAULT-CASUALTY): penetrating hits on
AFVs, crewmen and men hit; and the losses, bail-outs and tests that follow."""

from __future__ import annotations

from typing import Any, Literal

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.bailing import bail, crew_gone, lose, prune_cards
from kriegsspiel.rulesets.afv.base import Ctx, Ev, Topic, applier
from kriegsspiel.rulesets.afv.morale import record_loss
from kriegsspiel.rulesets.afv.state import AfvState, with_crewman, with_man, with_vehicle

Severity = Literal["killed", "serious", "light"]
WORSE = ("ok", "light", "serious", "killed")
HURT: dict[str, str] = {
    "killed": "killed",
    "serious": "seriously wounded",
    "light": "lightly wounded",
}


class PenetrationRolled(Ev, frozen=True, tag="penetration-rolled"):
    vehicle: str
    result: CheckResult

    def text(self) -> str:
        return f"{self.vehicle} is penetrated: {self.result.explain()}"

    def summary(self) -> str:
        nothing = ", to no effect" if self.result.outcome == "no-effect" else ""
        return f"{self.vehicle} is penetrated{nothing}"


class Immobilised(Ev, frozen=True, tag="immobilised"):
    """A broken track (AFV-MOVE-06/07, AFV-REPAIR-02) or a damaged transmission stops it."""

    vehicle: str
    fault: Literal["track", "transmission"]

    def text(self) -> str:
        what = "breaks a track" if self.fault == "track" else "has its transmission damaged"
        return f"{self.vehicle} {what} and is immobilised"


class CrewmanHit(Ev, frozen=True, tag="crewman-hit"):
    vehicle: str
    crewman: str
    severity: Severity
    pick: CheckResult | None = None
    result: CheckResult | None = None  # None when the umpire records a result

    def text(self) -> str:
        how = f": {self.result.explain()}" if self.result else ""
        return f"{self.crewman} of {self.vehicle} is hit and {HURT[self.severity]}{how}"

    def summary(self) -> str:
        return f"{self.crewman} of {self.vehicle} {HURT[self.severity]}"


class ManHit(Ev, frozen=True, tag="man-hit"):
    man: str
    severity: Severity
    result: CheckResult | None = None

    def text(self) -> str:
        how = f": {self.result.explain()}" if self.result else ""
        return f"{self.man} is hit and {HURT[self.severity]}{how}"

    def summary(self) -> str:
        return f"{self.man} {HURT[self.severity]}"


def penetrating_hit(ctx: Ctx, vehicle_id: str, by: str) -> str:
    """SK-DEFAULT-DAMAGE: roll the effect of a penetrating hit and apply it; returns it."""
    result = ctx.roll(checks.penetration_effect(ctx.tables))
    ctx.emit(PenetrationRolled(vehicle=vehicle_id, result=result))
    effect = result.outcome
    if effect in ("track", "transmission"):
        ctx.emit(Immobilised(vehicle=vehicle_id, fault=effect))  # type: ignore[arg-type]
    elif effect == "destroyed":
        destroy(ctx, vehicle_id, by)
    elif effect == "crew":
        hit_crew(ctx, vehicle_id, by)
    return effect


def destroy(ctx: Ctx, vehicle_id: str, by: str = "") -> None:
    """SK-DEFAULT-DAMAGE: the AFV is destroyed (AFV-MORALE-08) and its crew bails out at once,
    each man rolling for his kit (AFV-BAIL-01)."""
    by_side, by_formation = _by(ctx.state, by)
    survivors = [c.id for c in ctx.state.vehicles[vehicle_id].aboard()]
    lose(ctx, vehicle_id, "destroyed", by_side, by_formation)
    for cid in survivors:
        bail(ctx, vehicle_id, cid, "nearest hatch")


def hit_crew(ctx: Ctx, vehicle_id: str, by: str) -> None:
    """SK-DEFAULT-CASUALTY: one crewman inside, each equally likely, then how badly (a man on
    the back deck counts as outside the vehicle, AMB-AFV-18)."""
    aboard = [c for c in ctx.state.vehicles[vehicle_id].aboard() if not c.on_deck]
    if not aboard:
        return
    pick = None
    victim = aboard[0]
    if len(aboard) > 1:
        pick = ctx.roll(checks.hit_crewman([c.id for c in aboard]))
        victim = aboard[pick.natural - 1]
    result = ctx.roll(checks.casualty(ctx.tables))
    crewman_hit(ctx, vehicle_id, victim.id, result.outcome, by, pick, result)  # type: ignore[arg-type]


def crewman_hit(
    ctx: Ctx,
    vehicle_id: str,
    crewman_id: str,
    severity: Severity,
    by: str = "",
    pick: CheckResult | None = None,
    result: CheckResult | None = None,
) -> None:
    """A crewman hit: killed or seriously wounded leaves his position empty; a death counts
    for morale (AFV-MORALE-06/07); with nobody left aboard the AFV is abandoned."""
    v = ctx.state.vehicles[vehicle_id]
    c = v.crew[crewman_id]
    ev = CrewmanHit(
        vehicle=vehicle_id, crewman=crewman_id, severity=severity, pick=pick, result=result
    )
    ctx.emit(ev)
    by_side, by_formation = _by(ctx.state, by)
    if severity == "killed":
        kind = "leader-killed" if c.leader else "man-killed"
        formation = ctx.state.unit(v.unit).formation
        record_loss(ctx, kind, v.side, formation, by_side, by_formation, of=crewman_id)
    crew_gone(ctx, vehicle_id, by_side, by_formation)


def hit_man(ctx: Ctx, man_id: str, by: str, result: CheckResult | None = None) -> None:
    """SK-DEFAULT-CASUALTY: a man hit; his death counts for morale (AFV-MORALE-06/07/11)."""
    if result is None:
        result = ctx.roll(checks.casualty(ctx.tables))
    man = ctx.state.men[man_id]
    ctx.emit(ManHit(man=man_id, severity=result.outcome, result=result))  # type: ignore[arg-type]
    if result.outcome == "killed":
        by_side, by_formation = _by(ctx.state, by)
        kind = "leader-killed" if man.leader else "man-killed"
        formation = ctx.state.unit(man.unit).formation
        record_loss(ctx, kind, man.side, formation, by_side, by_formation, of=man_id)


def _by(state: AfvState, model: str) -> tuple[str, str]:
    side = state.side_of(model) if model else None
    if side is None:
        return "", ""
    return side, state.formation_of(model)


def worse(a: str, b: str) -> Any:
    return a if WORSE.index(a) >= WORSE.index(b) else b


def _immobilised(state: AfvState, e: Immobilised) -> AfvState:
    v = state.vehicles[e.vehicle]
    faults = v.faults if e.fault in v.faults else (*v.faults, e.fault)
    v = replace(v, faults=faults, speed=0.0, road=None, sighted=None)
    return with_vehicle(state, e.vehicle, v)


def _crewman_hit(state: AfvState, e: CrewmanHit) -> AfvState:
    c = state.vehicles[e.vehicle].crew[e.crewman]
    status = worse(c.status if c.status != "out" else "ok", e.severity)
    out = status in ("killed", "serious")
    c = replace(
        c,
        status=status,
        position=None if out else c.position,
        acquired=() if out else c.acquired,
        looking_rear=c.looking_rear and not out,
        on_deck=c.on_deck and not out,
    )
    state = with_crewman(state, e.vehicle, c)
    return prune_cards(state, state.vehicles[e.vehicle].unit)


def _man_hit(state: AfvState, e: ManHit) -> AfvState:
    man = state.men[e.man]
    state = with_man(state, replace(man, status=worse(man.status, e.severity)))
    return prune_cards(state, man.unit)


TOPIC = Topic(
    __name__,
    appliers=(
        applier(PenetrationRolled, lambda state, _: state),
        applier(Immobilised, _immobilised),
        applier(CrewmanHit, _crewman_hit),
        applier(ManHit, _man_hit),
    ),
)
