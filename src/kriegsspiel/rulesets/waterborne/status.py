"""The Crossfire status ladder (CF-FIRE, CF-STATUS): fire results on stands and craft, and losses.

Stands go ok -> pinned -> suppressed -> killed: a pin never lifts a suppression, and a second
suppress kills. Craft have no pin: a suppress stops them until rallied, a second one (or a kill)
sinks them with their passengers. A craft ignored for combat is lost with its passenger squad
(WAT-CRAFT-03/04).
"""

from __future__ import annotations

from typing import Literal, cast

from msgspec.structs import replace

from kriegsspiel.core.seats import EVERYONE, Audience, only
from kriegsspiel.rulesets.waterborne.base import Ctx, Ev, Topic, applier
from kriegsspiel.rulesets.waterborne.kinds import passenger_class
from kriegsspiel.rulesets.waterborne.labels import names
from kriegsspiel.rulesets.waterborne.state import (
    CraftStatus,
    Status,
    WatState,
    with_craft,
    with_unit,
)


def after(status: Status, result: str) -> Status:
    """CF-FIRE: a stand's status after a fire result."""
    if status == "killed" or result == "kill":
        return "killed"
    if result == "suppress":
        return "killed" if status == "suppressed" else "suppressed"
    if result == "pin" and status == "ok":
        return "pinned"
    return status


def craft_after(status: CraftStatus, result: str) -> CraftStatus:
    """CF-DEFAULT-EFF, AMB-WAT-20: a craft's status after a fire result."""
    if status == "lost" or result == "kill":
        return "lost"
    if result == "suppress":
        return "lost" if status == "suppressed" else "suppressed"
    return status


# -- events ---------------------------------------------------------------------------------------


class StandHit(Ev, frozen=True, tag="stand-hit"):
    unit: str
    result: str
    status: Status  # after the result

    def text(self) -> str:
        if self.result == "no-effect":
            still = f", still {self.status}" if self.status != "ok" else ""
            return f"no effect on {self.unit}{still}"
        if self.result == "pin" and self.status == "suppressed":
            return f"{self.unit} is pinned, and stays suppressed (a pin never lifts it)"
        if self.result == "suppress" and self.status == "killed":
            return f"{self.unit}, suppressed a second time, is killed"
        return f"{self.unit} is {self.status}"

    def summary(self) -> str:
        if self.result == "no-effect":
            return f"no effect on {self.unit}"
        if self.result == "pin" and self.status == "suppressed":
            return f"{self.unit} stays suppressed"
        return f"{self.unit} {self.status}"


class CraftHit(Ev, frozen=True, tag="craft-hit"):
    craft: str
    result: str
    status: CraftStatus  # after the result

    def text(self) -> str:
        if self.result == "no-effect":
            still = f", still {self.status}" if self.status != "ok" else ""
            return f"no effect on {self.craft}{still}"
        if self.status == "lost":
            return f"{self.craft} is hit ({self.result})"  # CraftLost tells the rest
        return f"{self.craft} is {self.status}"

    def summary(self) -> str | None:
        if self.result == "no-effect":
            return f"no effect on {self.craft}"
        return None if self.status == "lost" else f"{self.craft} {self.status}"  # CraftLost tells


class CraftLost(Ev, frozen=True, tag="craft-lost"):
    """A craft gone, with every stand aboard (WAT-MOVE-06/07, WAT-CRAFT-03/04, CF-DEFAULT-EFF)."""

    craft: str
    reason: str
    rule: str
    passengers: tuple[str, ...]

    def text(self) -> str:
        return f"{self.craft} is lost{self._with()}: {self.reason} ({self.rule})"

    def summary(self) -> str:
        return f"{self.craft} lost{self._with()}: {self.reason}"

    def _with(self) -> str:
        return f" with {names(list(self.passengers))}" if self.passengers else ""


AnyStatus = Literal["ok", "pinned", "suppressed", "killed", "lost"]
RALLIED = "rallied"  # the note of a rally's StatusSet


class StatusSet(Ev, frozen=True, tag="status-set"):
    """A status the umpire records (or, in games logged before `Rallied` set it, a rally's
    success: the note `RALLIED`)."""

    unit: str  # a stand or a craft
    status: AnyStatus
    note: str = ""

    def text(self) -> str:
        return f"{self.unit} is {self.status}" + (f" ({self.note})" if self.note else "")

    def summary(self) -> str | None:
        return None if self.note == RALLIED else f"{self.unit} {self.status}"  # Rallied tells


# -- performing -----------------------------------------------------------------------------------


def audience(ctx: Ctx, unit_id: str) -> Audience:
    """Everyone, unless the unit is still hidden (CF-HIDDEN)."""
    state = ctx.state
    return EVERYONE if state.units[unit_id].revealed else only(state.spec(unit_id).side)


def hit_stand(ctx: Ctx, unit_id: str, result: str) -> Status:
    """Apply a fire result to a stand; a killed passenger sinks a craft ignored for combat."""
    state = ctx.state
    unit = state.units[unit_id]
    status = after(unit.status, result)
    ctx.emit(StandHit(unit=unit_id, result=result, status=status), audience(ctx, unit_id))
    spec = state.spec(unit_id)
    if status == "killed" and unit.aboard is not None:
        boat = state.craft[unit.aboard]
        counted = passenger_class(spec.kind, spec.calibre) != "free"
        if boat.spec.ignored_for_combat and counted and boat.status != "lost":
            lose_craft(ctx, unit.aboard, "its passenger squad is killed", boat.spec.capacity_rule)
    return status


def hit_craft(ctx: Ctx, craft_id: str, result: str, rule: str) -> CraftStatus:
    status = craft_after(ctx.state.craft[craft_id].status, result)
    ctx.emit(CraftHit(craft=craft_id, result=result, status=status))
    if status == "lost":
        why = "destroyed by fire" if result == "kill" else "suppressed a second time"
        lose_craft(ctx, craft_id, why, rule)
    return status


def lose_craft(ctx: Ctx, craft_id: str, reason: str, rule: str) -> None:
    passengers = tuple(ctx.state.passengers(craft_id))
    ctx.emit(CraftLost(craft=craft_id, reason=reason, rule=rule, passengers=passengers))


# -- folding --------------------------------------------------------------------------------------


def _stand_hit(state: WatState, e: StandHit) -> WatState:
    unit = state.units[e.unit]
    suppressed_in = state.initiative if e.status == "suppressed" else unit.suppressed_in
    return with_unit(state, e.unit, replace(unit, status=e.status, suppressed_in=suppressed_in))


def _craft_hit(state: WatState, e: CraftHit) -> WatState:
    boat = state.craft[e.craft]
    hits = boat.hits + (e.result in ("suppress", "kill"))
    return with_craft(state, e.craft, replace(boat, status=e.status, hits=hits))


def _craft_lost(state: WatState, e: CraftLost) -> WatState:
    state = with_craft(state, e.craft, replace(state.craft[e.craft], status="lost"))
    for unit_id in e.passengers:
        state = with_unit(state, unit_id, replace(state.units[unit_id], status="killed"))
    return state


def set_status(state: WatState, unit_id: str, status: AnyStatus) -> WatState:
    """A stand's or a craft's new status; a stand suppressed now was suppressed in this
    initiative (WAT-PONTOON-04)."""
    if unit_id in state.units:
        unit = state.units[unit_id]
        suppressed_in = state.initiative if status == "suppressed" else unit.suppressed_in
        new = replace(unit, status=cast(Status, status), suppressed_in=suppressed_in)
        return with_unit(state, unit_id, new)
    return with_craft(
        state, unit_id, replace(state.craft[unit_id], status=cast(CraftStatus, status))
    )


TOPIC = Topic(
    __name__,
    appliers=(
        applier(StandHit, _stand_hit),
        applier(CraftHit, _craft_hit),
        applier(CraftLost, _craft_lost),
        applier(StatusSet, lambda state, e: set_status(state, e.unit, e.status)),
    ),
)
