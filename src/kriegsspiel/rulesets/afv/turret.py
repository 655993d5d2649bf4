"""Turret traverse (AFV-TURRET-01..04, AFV-CREW-13/20): 90° per card with power traverse, 45°
by hand, shared by everyone who turns it on the card. The turret's bearing is kept relative
to the hull, so steering the hull carries the gun round with it."""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.geometry import bearing
from kriegsspiel.core.limits import Facing
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv.arcs import turn
from kriegsspiel.rulesets.afv.base import (
    CrewAct,
    Ctx,
    Ev,
    Topic,
    applier,
    crew_turn,
    duty,
    performer,
    vehicle,
)
from kriegsspiel.rulesets.afv.state import AfvState, with_vehicle
from kriegsspiel.rulesets.afv.vision import enemy_target
from kriegsspiel.rulesets.afv.wording import compass, degrees

EPS = 1e-6


class Traverse(CrewAct, frozen=True, tag="traverse"):
    """Turn the turret onto a `target`, or (the commander) to a compass `bearing`."""

    target: str | None = None
    bearing: Facing | None = None


class Traversed(Ev, frozen=True, tag="traversed"):
    vehicle: str
    turret: float  # the new bearing relative to the hull
    degrees: float
    gun_bearing: float

    def text(self) -> str:
        return (
            f"{self.vehicle} traverses {degrees(self.degrees)} to bear {compass(self.gun_bearing)}"
        )


def limit_rule(power: bool) -> str:
    return "AFV-TURRET-01" if power else "AFV-TURRET-02"


def traverse(ctx: Ctx, action: Traverse) -> None:
    """AFV-CREW-13: the gunner only onto a target he or the commander acquired (turning toward
    it by at most what is left of the card's traverse: AFV-TURRET-04); AFV-CREW-20: the
    commander freely, to a bearing or a target."""
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    vt = state.vtype(action.vehicle)
    if not vt.turret:
        raise RuleViolation("AFV-TURRET-03", f"a {vt.name} has no turret")
    duty(
        state,
        action.vehicle,
        action.crewman,
        ("gunner", "commander"),
        "AFV-CREW-13",
        "traverse the turret",
    )
    if (action.target is None) == (action.bearing is None):
        raise InputError("traverse", "give either a target or a bearing")
    commander = action.crewman == "commander"
    if not commander and action.bearing is not None:
        raise RuleViolation(
            "AFV-CREW-13",
            "the gunner traverses only onto a target acquired by himself or the commander",
        )
    what = (
        f"traverses onto {action.target}" if action.target else f"traverses to {action.bearing:g}°"
    )
    v, c = crew_turn(ctx, action.vehicle, action.crewman, what)
    card = ctx.state.card
    assert card is not None
    power = vt.has_power_traverse
    left = vt.traverse_per_card - card.traversed.get(action.vehicle, 0.0)
    if action.target is not None:
        to = enemy_target(ctx.state, v.side, action.target)
        if not commander:
            commanders = v.at("commander")
            known = set(c.acquired) | set(commanders.acquired if commanders else ())
            if action.target not in known:
                raise RuleViolation(
                    "AFV-CREW-13",
                    f"the gunner may traverse only onto a target acquired by himself or the "
                    f"commander; {action.target} is not",
                )
        delta = turn(v.gun_bearing, bearing(v.position, to))
        if abs(delta) > left + EPS:
            if left <= EPS:
                raise RuleViolation(
                    limit_rule(power),
                    f"{action.vehicle}'s turret has already turned its "
                    f"{vt.traverse_per_card:g}° this card",
                )
            delta = left if delta > 0 else -left  # AFV-TURRET-04: part of the way this card
    else:
        assert action.bearing is not None
        delta = turn(v.gun_bearing, action.bearing % 360.0)
        if abs(delta) > left + EPS:
            kind = "power" if power else "hand"
            raise RuleViolation(
                limit_rule(power),
                f"{action.vehicle}'s {kind} traverse turns at most {vt.traverse_per_card:g}° per "
                f"card ({left:g}° left on this card), not {abs(delta):g}°",
            )
    new = (v.turret + delta) % 360.0
    ctx.emit(
        Traversed(
            vehicle=action.vehicle,
            turret=round(new, 6),
            degrees=round(abs(delta), 6),
            gun_bearing=round((v.facing + new) % 360.0, 6),
        )
    )


def _traversed(state: AfvState, e: Traversed) -> AfvState:
    v = state.vehicles[e.vehicle]
    v = replace(v, turret=e.turret, sighted=None if e.degrees > EPS else v.sighted)
    card = state.card
    if card is not None:
        used = card.traversed.get(e.vehicle, 0.0) + e.degrees
        card = replace(card, traversed={**card.traversed, e.vehicle: used})
    return replace(with_vehicle(state, e.vehicle, v), card=card)


TOPIC = Topic(
    __name__,
    performers=(performer(Traverse, traverse),),
    appliers=(applier(Traversed, _traversed),),
)
