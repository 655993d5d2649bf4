"""Leaving the vehicle (AFV-CREW-07, AFV-BAIL-01/02) and the end of a crew: when nobody is
left aboard, the AFV is abandoned and counts as lost (AFV-MORALE-08)."""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.base import Ctx, Ev, Topic, applier, own
from kriegsspiel.rulesets.afv.morale import record_loss
from kriegsspiel.rulesets.afv.state import AfvState, AfvStatus, with_crewman, with_vehicle
from kriegsspiel.rulesets.afv.wording import kit


class BailedOut(Ev, frozen=True, tag="bailed-out"):
    """Seen by all: a crewman leaves the vehicle (AFV-CREW-07)."""

    vehicle: str
    crewman: str
    via: str

    def text(self) -> str:
        return f"{self.crewman} leaves {self.vehicle} by the {self.via.replace('-', ' ')}"


class KitRolled(Ev, frozen=True, tag="kit-rolled"):
    """AFV-BAIL-01/02: what he brings, known to his side."""

    vehicle: str
    crewman: str
    result: CheckResult

    def text(self) -> str:
        return f"{self.summary()}: {self.result.explain()}"

    def summary(self) -> str:
        return f"{self.crewman} brings {kit(self.result.outcome)}"


LOST = {
    "destroyed": "is destroyed",
    "abandoned": "is abandoned: nobody is left aboard",
    "exited": "leaves the table",
}


class VehicleLost(Ev, frozen=True, tag="vehicle-lost"):
    """The AFV is out of the fight: destroyed, abandoned (nobody left aboard) or exited."""

    vehicle: str
    status: AfvStatus

    def text(self) -> str:
        return f"{self.vehicle} {LOST.get(self.status, self.status)}"


def bail(ctx: Ctx, vehicle_id: str, crewman_id: str, via: str) -> None:
    """AFV-BAIL-01 (AMB-AFV-17): every crewman who leaves rolls d10 for his kit. What he
    brings is his side's secret (AFV-BAIL-02), so when another side's action bails him out
    (its fire destroyed his AFV) that side neither rolls nor sees the roll."""
    side = ctx.state.vehicles[vehicle_id].side
    ctx.emit(BailedOut(vehicle=vehicle_id, crewman=crewman_id, via=via))
    secret = ctx.seat not in (UMPIRE, side)
    result = ctx.roll(checks.bail_out_kit(ctx.tables), secret=secret)
    ctx.emit(KitRolled(vehicle=vehicle_id, crewman=crewman_id, result=result), own(side))


def crew_gone(ctx: Ctx, vehicle_id: str, by_side: str = "", by_formation: str = "") -> None:
    """With nobody left aboard an active AFV is abandoned, an AFV lost (AFV-MORALE-08)."""
    v = ctx.state.vehicles[vehicle_id]
    if v.active and not v.aboard():
        lose(ctx, vehicle_id, "abandoned", by_side, by_formation)


def lose(
    ctx: Ctx, vehicle_id: str, status: AfvStatus, by_side: str = "", by_formation: str = ""
) -> None:
    """Put an AFV out of the fight and record the loss its status counts as (AFV-MORALE-08/09)."""
    v = ctx.state.vehicles[vehicle_id]
    ctx.emit(VehicleLost(vehicle=vehicle_id, status=status))
    kind = "afv-exited" if status == "exited" else "afv-lost"
    formation = ctx.state.unit(v.unit).formation
    record_loss(ctx, kind, v.side, formation, by_side, by_formation, of=vehicle_id)


def prune_cards(state: AfvState, unit: str) -> AfvState:
    """SK-DECK: the cards of a unit no longer in the fight leave the deck."""
    if state.unit_active(unit):
        return state
    gone = {c.id for c in state.cards if c.holder == unit}
    return replace(state, left=tuple(c for c in state.left if c not in gone))


def _bailed(state: AfvState, e: BailedOut) -> AfvState:
    c = state.vehicles[e.vehicle].crew[e.crewman]
    c = replace(c, position=None, status="out", looking_rear=False, on_deck=False)
    return prune_cards(with_crewman(state, e.vehicle, c), state.vehicles[e.vehicle].unit)


def _kit(state: AfvState, e: KitRolled) -> AfvState:
    c = state.vehicles[e.vehicle].crew[e.crewman]
    return with_crewman(state, e.vehicle, replace(c, kit=e.result.outcome))


def _lost(state: AfvState, e: VehicleLost) -> AfvState:
    v = replace(state.vehicles[e.vehicle], status=e.status, speed=0.0, road=None, abandon=False)
    return prune_cards(with_vehicle(state, e.vehicle, v), v.unit)


TOPIC = Topic(
    __name__,
    appliers=(
        applier(BailedOut, _bailed),
        applier(KitRolled, _kit),
        applier(VehicleLost, _lost),
    ),
)
