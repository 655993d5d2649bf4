"""What every topic of the `afv` ruleset shares: the action and event bases, the context of
one action, and the lookups that check who may act on the card in play.

A topic module declares its actions and events as subclasses of `Act` and `Ev` and itself as
`TOPIC = Topic(__name__, performers=(performer(A, ...), ...), appliers=(applier(E, ...), ...))`;
`topics.py` composes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from msgspec.structs import replace

from kriegsspiel.core.guards import may_order
from kriegsspiel.core.seats import Audience, only
from kriegsspiel.core.topics import Act as Act
from kriegsspiel.core.topics import Context
from kriegsspiel.core.topics import Ev as Ev
from kriegsspiel.core.topics import Topic as _Topic
from kriegsspiel.core.topics import applier as applier
from kriegsspiel.core.topics import performer as performer
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv.state import AfvState, Crewman, InPlay, Man, Vehicle
from kriegsspiel.rulesets.afv.tables import AfvTables
from kriegsspiel.rulesets.afv.vehicles import VehicleType


class CrewAct(Act, frozen=True):
    """An action by one crewman of a vehicle (the fields every crew duty starts with)."""

    vehicle: str
    crewman: str


@dataclass
class Ctx(Context[AfvState]):
    """One action being performed, with the ruleset's tables."""

    tables: AfvTables


Topic = _Topic[AfvState, Ctx]  # what a topic module declares as its `TOPIC`


@cache
def own(side: str) -> Audience:
    """An audience of one side (and the umpire), made once per side: many events have one."""
    return only(side)


# -- events shared by every topic -------------------------------------------------------------


class FreeMoveGiven(Ev, frozen=True, tag="free-move-given"):
    """SK-CARD: a free-move card goes to the crew or team that acts on it first."""

    card: str
    unit: str

    def text(self) -> str:
        return f"{self.unit} takes the free-move card"

    def summary(self) -> str | None:
        return None  # bookkeeping: the action's own events say what it did


class CrewActed(Ev, frozen=True, tag="crew-acted"):
    """AFV-CREW-01: a crewman takes his one action of the card."""

    vehicle: str
    crewman: str
    role: str
    what: str
    name: str = ""

    def text(self) -> str:
        return ""  # bookkeeping, no line of the log: the action's own events say what it did


class ManActed(Ev, frozen=True, tag="man-acted"):
    """SK-INFANTRY: a man takes his one action of the card."""

    man: str
    what: str

    def text(self) -> str:
        return ""  # bookkeeping, no line of the log: the action's own events say what it did


def _acted(state: AfvState, model: str) -> AfvState:
    card = state.card
    assert card is not None
    return replace(state, card=replace(card, acted=(*card.acted, model)))


def _free_move_given(state: AfvState, e: FreeMoveGiven) -> AfvState:
    assert state.card is not None
    return replace(state, card=replace(state.card, holder=e.unit))


TOPIC = Topic(
    __name__,
    appliers=(
        applier(FreeMoveGiven, _free_move_given),
        applier(CrewActed, lambda state, e: _acted(state, e.crewman)),
        applier(ManActed, lambda state, e: _acted(state, e.man)),
    ),
)


# -- lookups ------------------------------------------------------------------------------------


def vehicle(state: AfvState, seat: str, vehicle_id: str) -> Vehicle:
    """An AFV `seat` may order that is still in the fight (SK-STATUS)."""
    v = state.vehicles.get(vehicle_id)
    if v is None:
        raise InputError("vehicle", f"no AFV {vehicle_id!r}")
    may_order(seat, v.side, vehicle_id)
    if not v.active:
        raise RuleViolation("SK-STATUS", f"{vehicle_id} is {v.status}")
    return v


def card_for(state: AfvState, unit: str, side: str) -> InPlay:
    """SK-SETUP, SK-CARD: the card in play must be this unit's, or a free move of its side."""
    if state.in_setup:
        raise RuleViolation(
            "SK-SETUP", "every AFV's main-gun rounds must be rolled and split before the first card"
        )
    card = state.card
    if card is None:
        raise RuleViolation("SK-CARD", "no card is in play: draw one")
    if card.side != side:
        theirs, ours = state.scenario.side_name(card.side), state.scenario.side_name(side)
        raise RuleViolation("SK-CARD", f"the card in play is a card of {theirs}, not of {ours}")
    if card.holder is not None and card.holder != unit:
        raise RuleViolation("SK-CARD", f"the card in play belongs to {card.holder}, not {unit}")
    return card


def crewman(state: AfvState, vehicle_id: str, role: str) -> Crewman:
    """The crewman now in the position `role` (AFV-CREW-06: a position may be empty)."""
    vt = state.vtype(vehicle_id)
    if vt.position(role) is None:
        raise InputError("crewman", f"a {vt.name} has no {role!r} position ({', '.join(vt.roles)})")
    c = state.vehicles[vehicle_id].at(role)
    if c is None:
        raise RuleViolation("AFV-CREW-06", f"the {role}'s position of {vehicle_id} is empty")
    if not c.fit:
        raise RuleViolation("SK-STATUS", f"the {role} of {vehicle_id} is {c.status}")
    return c


def duty(
    state: AfvState, vehicle_id: str, role: str, allowed: tuple[str, ...], rule: str, what: str
) -> None:
    """The crew duties (AFV-CREW-03..21): the crewman in position `role` (with the duties the
    vehicle data gives that position besides) may do `what` only if a listed role may."""
    vt = state.vtype(vehicle_id)
    if vt.position(role) is None:
        raise InputError("crewman", f"a {vt.name} has no {role!r} position ({', '.join(vt.roles)})")
    if not has_duty(vt, role, allowed):
        who = " or ".join(allowed)
        raise RuleViolation(rule, f"the {role} cannot {what} (only the {who})")


def has_duty(vt: VehicleType, role: str, allowed: tuple[str, ...]) -> bool:
    """Whether the position `role` of `vt` (with the duties its data gives it besides) has
    one of the `allowed` roles' duties (AFV-CREW-03..21)."""
    pos = vt.position(role)
    return pos is not None and (pos.role in allowed or any(r in allowed for r in pos.also))


def crew_turn(
    ctx: Ctx, vehicle_id: str, role: str, what: str, leaving: bool = False
) -> tuple[Vehicle, Crewman]:
    """Check that this crewman may act now, and spend his one action of the card on `what`.

    AFV-CREW-01: a crew card lets every crewman take one action (AFV-CREW-02: on one card the
    driver stops, the co-driver and gunner look for targets, the loader loads, the commander
    buttons up). AFV-MORALE-16: a crew whose
    morale snapped may only leave the vehicle (`leaving`: bailing out, or moving to a position
    from which he can).
    """
    state = ctx.state
    v = vehicle(state, ctx.seat, vehicle_id)
    card = card_for(state, v.unit, v.side)
    c = crewman(state, vehicle_id, role)
    if c.id in card.acted:
        raise RuleViolation(
            "AFV-CREW-01", f"{c.name} ({vehicle_id}) has already taken his action on this card"
        )
    if v.abandon and not leaving:
        raise RuleViolation(
            "AFV-MORALE-16",
            f"the crew of {vehicle_id} must abandon the vehicle: the {role}'s action must be "
            "to leave it",
        )
    if card.holder is None:
        ctx.emit(FreeMoveGiven(card=card.card, unit=v.unit))
    acted = CrewActed(vehicle=vehicle_id, crewman=c.id, role=role, what=what, name=c.name)
    ctx.emit(acted, own(v.side))  # who sits where is his side's secret; the action's own events
    # tell the others what they see of it
    return ctx.state.vehicles[vehicle_id], ctx.state.vehicles[vehicle_id].crew[c.id]


def man_turn(ctx: Ctx, man_id: str, what: str) -> Man:
    """SK-INFANTRY: each fit man of the team whose card is in play takes one action."""
    state = ctx.state
    man = state.men.get(man_id)
    if man is None:
        raise InputError("man", f"no man {man_id!r}")
    may_order(ctx.seat, man.side, man_id)
    if not man.fit:
        raise RuleViolation("SK-STATUS", f"{man_id} is {man.status}")
    card = card_for(state, man.unit, man.side)
    if man.id in card.acted:
        raise RuleViolation("SK-INFANTRY", f"{man_id} has already taken his action on this card")
    if card.holder is None:
        ctx.emit(FreeMoveGiven(card=card.card, unit=man.unit))
    ctx.emit(ManActed(man=man.id, what=what))
    return ctx.state.men[man.id]


def model_label(state: AfvState, model: str) -> str:
    """The display name of an AFV, a man or a team."""
    if model in state.men:
        return state.men[model].name or model
    unit = state.scenario.unit_index.get(model)
    return unit.label if unit is not None else model
