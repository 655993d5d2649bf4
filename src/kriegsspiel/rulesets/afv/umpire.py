"""The umpire's records (SK-UMPIRE): results of the base game the engine does not resolve
itself: losses elsewhere on the table, damage from other weapons, fire by such weapons. Each
triggers what the seed's rules say it triggers."""

from __future__ import annotations

from typing import Literal

from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.limits import Millimetres
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import morale
from kriegsspiel.rulesets.afv.base import Act, Ctx, Topic, performer
from kriegsspiel.rulesets.afv.damage import Immobilised, Severity, crewman_hit, destroy
from kriegsspiel.rulesets.afv.state import LossKind
from kriegsspiel.rulesets.afv.vehicles import Facing

Effect = Literal["destroyed", "track", "transmission", "killed", "serious", "light"]
EFFECTS: tuple[Effect, ...] = ("destroyed", "track", "transmission", "killed", "serious", "light")
CREW_EFFECTS: tuple[Effect, ...] = ("killed", "serious", "light")


class Record(Act, frozen=True, tag="record"):
    """A loss that counts for morale (AFV-MORALE-06..13): e.g. a jeep lost, an MG recaptured."""

    kind: LossKind
    side: str
    formation: str = ""
    by_side: str = ""
    by_formation: str = ""


class Damage(Act, frozen=True, tag="damage"):
    """A damage result on an AFV (for a crewman: name his position)."""

    vehicle: str
    effect: Effect
    crewman: str | None = None
    by: str = ""


class FiredOn(Act, frozen=True, tag="fired-on"):
    """AFV-MORALE-01: an AFV fired on by a weapon the engine does not model (artillery)."""

    vehicle: str
    penetration: Millimetres
    facing: Facing = "front"
    by: str = ""


def _afv(ctx: Ctx, vehicle_id: str) -> None:
    v = ctx.state.vehicles.get(vehicle_id)
    if v is None:
        raise InputError("vehicle", f"no AFV {vehicle_id!r}")
    if not v.active:
        raise RuleViolation("SK-STATUS", f"{vehicle_id} is {v.status}")


def _by(ctx: Ctx, model: str, vehicle_id: str) -> None:
    """SK-UMPIRE: the result is the work of an enemy model, if the umpire names one."""
    if not model:
        return
    side = ctx.state.side_of(model)
    if side is None:
        raise InputError("by", f"no AFV or man {model!r}")
    if side == ctx.state.vehicles[vehicle_id].side:
        raise RuleViolation("SK-UMPIRE", f"{model} is on {vehicle_id}'s own side")


def _formation(ctx: Ctx, field: str, side: str, formation: str) -> None:
    """AMB-AFV-05: a loss is counted for a formation of the side that suffered (or caused) it."""
    if not formation:
        return
    if not side:
        raise InputError(field, "name the side whose formation it is")
    known = ctx.state.scenario.formations.get(side, ())
    if formation not in known:
        raise InputError(
            field, f"{side} has no formation {formation!r} ({', '.join(known) or 'none'})"
        )


def record(ctx: Ctx, action: Record) -> None:
    umpire_only(ctx.seat, "record a loss")
    sides = ctx.state.scenario.side_ids
    for field, side in (("side", action.side), ("by_side", action.by_side or action.side)):
        if side not in sides:
            raise InputError(field, f"unknown side {side!r} (sides: {', '.join(sides)})")
    if action.by_side == action.side:
        name = ctx.state.scenario.side_name(action.side)
        raise RuleViolation("SK-UMPIRE", f"a loss of {name} is not caused by {name} itself")
    _formation(ctx, "formation", action.side, action.formation)
    _formation(ctx, "by_formation", action.by_side, action.by_formation)
    morale.record_loss(
        ctx, action.kind, action.side, action.formation, action.by_side, action.by_formation
    )


def damage(ctx: Ctx, action: Damage) -> None:
    """Destroyed / immobilised / a crewman hit; then AFV-MORALE-02 (killed or seriously wounded,
    not a light wound) and AFV-MORALE-15 (immobilised) as the rules say."""
    umpire_only(ctx.seat, "record damage")
    _afv(ctx, action.vehicle)
    _by(ctx, action.by, action.vehicle)
    if action.effect not in CREW_EFFECTS and action.crewman is not None:
        raise InputError("crewman", f"a {action.effect} result hits no crewman: name none")
    before = ctx.state.vehicles[action.vehicle]
    if action.effect == "destroyed":
        destroy(ctx, action.vehicle, action.by)
    elif action.effect in ("track", "transmission"):
        ctx.emit(Immobilised(vehicle=action.vehicle, fault=action.effect))
        morale.immobilised_test(ctx, action.vehicle)
    else:
        if action.crewman is None:
            raise InputError("crewman", "name the position of the crewman hit")
        c = before.at(action.crewman)
        if c is None:
            raise InputError("crewman", f"nobody is in the {action.crewman}'s position")
        severity: Severity = action.effect  # type: ignore[assignment]
        crewman_hit(ctx, action.vehicle, c.id, severity, action.by)
        if action.effect in ("killed", "serious"):
            morale.morale_test(
                ctx,
                action.vehicle,
                "a crewman killed or seriously wounded, AFV-MORALE-02",
                action.by or None,
            )
    morale.release(ctx)


def fired_on(ctx: Ctx, action: FiredOn) -> None:
    """AFV-MORALE-01 with AMB-AFV-16: a test only if the weapon can destroy the AFV."""
    umpire_only(ctx.seat, "record fire")
    _afv(ctx, action.vehicle)
    _by(ctx, action.by, action.vehicle)
    armour = ctx.state.vtype(action.vehicle).armour.of(action.facing)
    if action.penetration < armour:
        raise RuleViolation(
            "AFV-MORALE-01",
            f"a weapon of {action.penetration:g} mm cannot destroy {action.vehicle} "
            f"({armour} mm at the {action.facing}): no morale test",
        )
    morale.morale_test(
        ctx,
        action.vehicle,
        "fired on by a weapon able to destroy it, AFV-MORALE-01",
        action.by or None,
    )
    morale.release(ctx)


TOPIC = Topic(
    __name__,
    performers=(
        performer(Record, record),
        performer(Damage, damage),
        performer(FiredOn, fired_on),
    ),
)
