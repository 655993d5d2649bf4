"""AFV morale (AFV-MORALE-01..16): the losses it counts, the tests, halts, retreats, the
immobilised test, and what ends a halt or a retreat (AMB-AFV-03..06, -21..23).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult, Modifier
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.base import Ctx, Ev, Topic, applier
from kriegsspiel.rulesets.afv.state import AfvState, Loss, with_vehicle

# -- losses -------------------------------------------------------------------------------------


LOSSES = {
    "man-killed": "a man killed",
    "leader-killed": "an officer or NCO killed",
    "afv-lost": "an AFV lost",
    "small-vehicle-lost": "a small vehicle lost",
    "afv-exited": "an AFV off the table",
    "heavy-weapon-lost": "a heavy weapon lost",
    "heavy-weapon-regained": "a heavy weapon regained",
}


class LossRecorded(Ev, frozen=True, tag="loss-recorded"):
    """A loss that counts for both sides' morale (AFV-MORALE-06..13, AMB-AFV-05)."""

    loss: Loss
    of: str = ""  # the AFV or man lost, if any, and the sides as the scenario names them
    side_name: str = ""
    by_name: str = ""

    def text(self) -> str:
        loss = self.loss
        what = LOSSES.get(loss.kind, loss.kind) + (f", {self.of}" if self.of else "")
        by = f" (inflicted by {self.by_name or loss.by_side})" if loss.by_side else ""
        return f"morale count for {self.side_name or loss.side}: {what}{by}"


def record_loss(
    ctx: Ctx,
    kind: Any,
    side: str,
    formation: str = "",
    by_side: str = "",
    by_formation: str = "",
    of: str = "",
) -> None:
    scenario = ctx.state.scenario
    ctx.emit(
        LossRecorded(
            loss=Loss(kind, side, formation, by_side, by_formation),
            of=of,
            side_name=scenario.side_name(side),
            by_name=scenario.side_name(by_side) if by_side else "",
        )
    )


def counts(state: AfvState, vehicle_id: str) -> dict[str, int]:
    """AMB-AFV-05: losses since the start for the AFV's own side (friendly) and the enemy;
    option morale_scope = formation counts only its formation's losses and those it inflicted.
    An officer or NCO killed counts -15 instead of -10 (AFV-MORALE-06/07); every enemy man,
    leader or not, +5 (AFV-MORALE-11). AFV-MORALE-10: a regained heavy weapon cancels a loss."""
    v = state.vehicles[vehicle_id]
    formation = state.unit(v.unit).formation
    by_formation = state.scenario.options.morale_scope == "formation"
    friendly = [
        loss.kind
        for loss in state.losses
        if loss.side == v.side and (not by_formation or loss.formation == formation)
    ]
    enemy = [
        loss.kind
        for loss in state.losses
        if loss.side != v.side and (not by_formation or loss.by_formation == formation)
    ]
    heavy = friendly.count("heavy-weapon-lost") - friendly.count("heavy-weapon-regained")
    return {
        "men-killed": friendly.count("man-killed"),
        "leaders-killed": friendly.count("leader-killed"),
        "afv-lost": friendly.count("afv-lost"),
        "small-vehicles-lost": friendly.count("small-vehicle-lost"),
        "afv-exited": friendly.count("afv-exited"),
        "heavy-weapons-lost": max(heavy, 0),
        "enemy-men-killed": enemy.count("man-killed") + enemy.count("leader-killed"),
        "enemy-afv-destroyed": enemy.count("afv-lost"),
        "enemy-small-vehicles-destroyed": enemy.count("small-vehicle-lost"),
    }


def modifiers(state: AfvState, vehicle_id: str) -> tuple[Modifier, ...]:
    """AFV-MORALE-06..14 with AMB-AFV-04 (option morale_modifier_sign)."""
    sign = state.scenario.options.morale_modifier_sign
    return checks.morale_modifiers(counts(state, vehicle_id), sign)


MORALE_RESULTS = {"intact": "keeps its morale", "halt": "halts", "retreat": "retreats"}

# -- events -------------------------------------------------------------------------------------


class MoraleTested(Ev, frozen=True, tag="morale-tested"):
    """AFV-MORALE-01..05: intact, halt (until released) or retreat."""

    vehicle: str
    reason: str
    threat: str | None
    result: CheckResult

    def text(self) -> str:
        return f"{self.vehicle} tests morale ({self.reason}): {self.result.explain()}"

    def summary(self) -> str:
        return f"{self.vehicle} {MORALE_RESULTS.get(self.result.outcome, self.result.outcome)}"


class CommanderTested(Ev, frozen=True, tag="commander-tested"):
    """AFV-MORALE-05 with AMB-AFV-06: a pass stops the retreat."""

    vehicle: str
    result: CheckResult

    def text(self) -> str:
        return f"{self.vehicle}'s commander tests his morale: {self.result.explain()}"

    def summary(self) -> str:
        passed = self.result.outcome == "pass"
        return f"{self.vehicle}'s commander " + (
            "passes: the retreat stops" if passed else "fails: the retreat goes on"
        )


class ImmobilisedTested(Ev, frozen=True, tag="immobilised-tested"):
    """AFV-MORALE-15/16, AFV-REPAIR-02, AMB-AFV-23: once, when immobilised."""

    vehicle: str
    result: CheckResult

    def text(self) -> str:
        return f"{self.vehicle} is immobilised; its crew tests morale: {self.result.explain()}"

    def summary(self) -> str:
        abandon = self.result.outcome == "abandon"
        return f"{self.vehicle}'s crew " + ("must abandon it" if abandon else "may stay aboard")


class Released(Ev, frozen=True, tag="released"):
    """AFV-MORALE-04: the threat was sighted or destroyed; the AFV may move again."""

    vehicle: str
    why: str

    def text(self) -> str:
        return f"{self.vehicle} is no longer halted ({self.why}, AFV-MORALE-04)"


# -- tests --------------------------------------------------------------------------------------


def morale_test(ctx: Ctx, vehicle_id: str, reason: str, threat: str | None = None) -> None:
    """AFV-MORALE-01/02 (and AMB-AFV-06 retests): one d100 morale test."""
    v = ctx.state.vehicles[vehicle_id]
    if not v.active or not v.aboard():
        return
    check = checks.morale(ctx.tables, modifiers(ctx.state, vehicle_id))
    result = ctx.roll(check)
    ctx.emit(MoraleTested(vehicle=vehicle_id, reason=reason, threat=threat, result=result))


def immobilised_test(ctx: Ctx, vehicle_id: str) -> None:
    """AFV-MORALE-15/16, AFV-REPAIR-02: the two-band test, made once (AMB-AFV-23)."""
    v = ctx.state.vehicles[vehicle_id]
    if not v.active or v.immobilised_tested or not v.immobilised or not v.aboard():
        return
    check = checks.immobilised_morale(ctx.tables, modifiers(ctx.state, vehicle_id))
    ctx.emit(ImmobilisedTested(vehicle=vehicle_id, result=ctx.roll(check)))


def retest(ctx: Ctx, vehicle_id: str) -> None:
    """AMB-AFV-06: on each later crew card a halted AFV retests; a retreating AFV's commander
    tests his own morale (the same d100 test, pass on 1-50), if he is in his position."""
    v = ctx.state.vehicles[vehicle_id]
    if not v.active:
        return
    if v.morale == "halted":
        morale_test(ctx, vehicle_id, "retest while halted, AMB-AFV-06", v.threat)
    elif v.morale == "retreating":
        commander = v.at("commander")
        if commander is None or not commander.fit:
            return
        # who sits in the commander's position is his side's secret (AFV-CREW-06): another
        # side drawing the card cannot know whether this roll is made
        secret = ctx.seat not in (UMPIRE, v.side)
        check = checks.commander_morale(ctx.tables, modifiers(ctx.state, vehicle_id))
        ctx.emit(CommanderTested(vehicle=vehicle_id, result=ctx.roll(check, secret=secret)))


def release(ctx: Ctx, only: str | None = None) -> None:
    """AFV-MORALE-04: a halted AFV is released once a crewman has acquired the enemy weapon
    that halted it, or that weapon is destroyed (`only`: look at that AFV alone)."""
    vehicles = ctx.state.vehicles
    for vid in (only,) if only is not None else tuple(vehicles):
        v = vehicles[vid]
        if not v.active or v.morale != "halted" or v.threat is None:
            continue
        if any(v.threat in c.acquired for c in v.aboard()):
            ctx.emit(Released(vehicle=vid, why="the enemy weapon is sighted"))
        elif threat_gone(ctx.state, v.threat):
            ctx.emit(Released(vehicle=vid, why="the enemy weapon is destroyed"))


def threat_gone(state: AfvState, threat: str) -> bool:
    if threat in state.vehicles:
        return not state.vehicles[threat].active
    man = state.men.get(threat)
    return man is not None and not man.fit


# -- folding ------------------------------------------------------------------------------------


def _loss(state: AfvState, e: LossRecorded) -> AfvState:
    return replace(state, losses=(*state.losses, e.loss))


def _tested(state: AfvState, e: MoraleTested) -> AfvState:
    """AFV-MORALE-03..05 and AMB-AFV-06: intact ends a halt (a retreat only ends by the
    commander's check); halt stops the AFV where it is; retreat sets it on its way back.
    The worse state stands: a halt does not end a retreat."""
    v = state.vehicles[e.vehicle]
    outcome = e.result.outcome
    if outcome == "intact" and v.morale == "halted":
        v = replace(v, morale="normal", threat=None)
    elif outcome == "halt" and v.morale != "retreating":
        v = replace(v, morale="halted", threat=e.threat or v.threat, speed=0.0, road=None)
    elif outcome == "retreat":
        v = replace(v, morale="retreating", threat=None, speed=0.0, road=None)
    return with_vehicle(state, e.vehicle, v)


def _commander(state: AfvState, e: CommanderTested) -> AfvState:
    v = state.vehicles[e.vehicle]
    if e.result.outcome == "pass":
        v = replace(v, morale="normal")
    return with_vehicle(state, e.vehicle, v)


def _immobilised(state: AfvState, e: ImmobilisedTested) -> AfvState:
    v = state.vehicles[e.vehicle]
    v = replace(v, immobilised_tested=True, abandon=e.result.outcome == "abandon")
    return with_vehicle(state, e.vehicle, v)


def _released(state: AfvState, e: Released) -> AfvState:
    v = state.vehicles[e.vehicle]
    return with_vehicle(state, e.vehicle, replace(v, morale="normal", threat=None))


TOPIC = Topic(
    __name__,
    appliers=(
        applier(LossRecorded, _loss),
        applier(MoraleTested, _tested),
        applier(CommanderTested, _commander),
        applier(ImmobilisedTested, _immobilised),
        applier(Released, _released),
    ),
)
