"""Crew duties not about movement, vision, the turret, ammunition or fire: hatches
(AFV-CREW-05), changing position (AFV-CREW-06), leaving the vehicle (AFV-CREW-07,
AFV-MORALE-15/16), the back deck (AMB-AFV-18) and repairs (AFV-REPAIR-01..03, AFV-CREW-04).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.bailing import bail, crew_gone
from kriegsspiel.rulesets.afv.base import (
    CrewAct,
    Ctx,
    Ev,
    Topic,
    applier,
    crew_turn,
    duty,
    own,
    performer,
    vehicle,
)
from kriegsspiel.rulesets.afv.morale import release
from kriegsspiel.rulesets.afv.state import AfvState, Fault, with_crewman, with_vehicle
from kriegsspiel.rulesets.afv.vehicles import Role
from kriegsspiel.rulesets.afv.vision import smoke_clears
from kriegsspiel.rulesets.afv.wording import item_name

HATCH_ROLES = ("driver", "co-driver", "loader", "commander")  # AFV-CREW-05: not the gunner
DECK_ROLES = ("loader", "commander")  # AFV-CREW-17/21
# AFV-REPAIR-03: a broken firing mechanism and a jammed MG are moderate repairs; the seed
# gives no complexity for the transmission: a house decision, complex.
COMPLEXITY: dict[str, str] = {
    "main-gun": "moderate",
    "bow": "moderate",
    "coax": "moderate",
    "aa": "moderate",
    "transmission": "complex",
}
# Who works "at the item" (AMB-AFV-13): the transmission is the driver's and front gunner's
# (AFV-CREW-04); the turret weapons the turret crew's; the bow MG the hull crew's.
REPAIRERS: dict[str, tuple[tuple[str, ...], str]] = {
    "transmission": (("driver", "co-driver"), "AFV-CREW-04"),
    "bow": (("driver", "co-driver"), "AMB-AFV-13"),
    "main-gun": (("gunner", "loader", "commander"), "AMB-AFV-13"),
    "coax": (("gunner", "loader", "commander"), "AMB-AFV-13"),
    "aa": (("loader", "commander"), "AMB-AFV-13"),
}

# -- actions ------------------------------------------------------------------------------------


class Button(CrewAct, frozen=True, tag="button"):
    """AFV-CREW-05: drop inside and close the hatch (moving or at rest)."""


class Unbutton(CrewAct, frozen=True, tag="unbutton"):
    """AFV-CREW-05: open the hatch and raise the seat (moving or at rest)."""


class ChangePosition(CrewAct, frozen=True, tag="change-position"):
    """AFV-CREW-06: move to an empty position, leaving his own empty."""

    to: Role


class BailOut(CrewAct, frozen=True, tag="bail-out"):
    """AFV-CREW-07: leave the vehicle by an exit of his position (or off the back deck)."""

    via: str | None = None


class Deck(CrewAct, frozen=True, tag="deck"):
    """AMB-AFV-18: climb onto the back deck to fire the AA MG astern (`on`), or back in."""

    on: bool = True


class Repair(CrewAct, frozen=True, tag="repair"):
    """AFV-REPAIR-01: one attempt at a broken item."""

    item: Fault


# -- events -------------------------------------------------------------------------------------


class HatchSet(Ev, frozen=True, tag="hatch-set"):
    vehicle: str
    role: str
    open: bool

    def text(self) -> str:
        verb = "opens his hatch (unbuttoned)" if self.open else "drops inside and shuts his hatch"
        return f"{self.vehicle}'s {self.role} {verb}"


class PositionChanged(Ev, frozen=True, tag="position-changed"):
    vehicle: str
    crewman: str
    to: str

    def text(self) -> str:
        return f"{self.crewman} ({self.vehicle}) moves to the {self.to}'s position"


class DeckSet(Ev, frozen=True, tag="deck-set"):
    vehicle: str
    crewman: str
    on: bool

    def text(self) -> str:
        where = "climbs onto the back deck" if self.on else "drops back into the turret"
        return f"{self.crewman} ({self.vehicle}) {where}"


class RepairTried(Ev, frozen=True, tag="repair-tried"):
    vehicle: str
    item: str
    complexity: str
    repaired: bool
    result: CheckResult | None = None

    def text(self) -> str:
        if self.result is None:
            return f"{self.summary()} ({self.complexity}, no roll)"
        return (
            f"{self.vehicle}'s crew works on the {item_name(self.item)} ({self.complexity}): "
            f"{self.result.explain()}"
        )

    def summary(self) -> str:
        done = "is repaired" if self.repaired else "is not repaired"
        return f"{self.vehicle}'s {item_name(self.item)} {done}"


# -- performing ---------------------------------------------------------------------------------


def hatch(ctx: Ctx, action: Button | Unbutton) -> None:
    """AFV-CREW-05: the driver, front gunner, loader and commander, moving or at rest."""
    opening = isinstance(action, Unbutton)
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    duty(state, action.vehicle, action.crewman, HATCH_ROLES, "AFV-CREW-05", "button up or unbutton")
    vt = state.vtype(action.vehicle)
    pos = vt.position(action.crewman)
    if pos is None or not pos.hatch:
        raise RuleViolation(
            "AFV-CREW-05", f"the {action.crewman}'s position of a {vt.name} has no hatch"
        )
    verb = "unbuttons" if opening else "buttons up"
    v, c = crew_turn(ctx, action.vehicle, action.crewman, verb)
    if v.hatches[action.crewman] == opening:
        raise RuleViolation(
            "AFV-CREW-05", f"the {action.crewman} is already {'un' if opening else ''}buttoned"
        )
    if c.on_deck:
        raise RuleViolation(
            "AMB-AFV-18", f"the {action.crewman} is on the back deck: climb back in first"
        )
    ctx.emit(HatchSet(vehicle=action.vehicle, role=action.crewman, open=opening))


def change_position(ctx: Ctx, action: ChangePosition) -> None:
    """AFV-CREW-06: any crewman may take over an empty position."""
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    vt = state.vtype(action.vehicle)
    if vt.position(action.to) is None:
        raise InputError("to", f"a {vt.name} has no {action.to!r} position")
    side = state.vehicles[action.vehicle].side
    v, c = crew_turn(
        ctx, action.vehicle, action.crewman, f"moves to the {action.to}'s position", leaving=True
    )
    here, there = vt.position(action.crewman), vt.position(action.to)
    if v.abandon and ((here is not None and here.exits) or (there is not None and not there.exits)):
        raise RuleViolation(
            "AFV-MORALE-16",
            f"the crew must abandon {action.vehicle}: the {action.crewman} may move only from a "
            "position without an exit to one with an exit",
        )
    if v.at(action.to) is not None:
        raise RuleViolation(
            "AFV-CREW-06", f"the {action.to}'s position of {action.vehicle} is taken"
        )
    if c.on_deck:
        raise RuleViolation("AMB-AFV-18", "he is on the back deck: climb back in first")
    ctx.emit(PositionChanged(vehicle=action.vehicle, crewman=c.id, to=action.to), own(side))


def bail_out(ctx: Ctx, action: BailOut) -> None:
    """AFV-CREW-07 (AMB-AFV-19): the driver and front gunner by their top hatch or an escape
    hatch, the loader by his hatch or a left side door, the commander by his hatch, the gunner
    only through a right side door or after moving to a position with a hatch. AFV-MORALE-15:
    the crew of an immobilised AFV may get out whenever the player chooses."""
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    vt = state.vtype(action.vehicle)
    pos = vt.position(action.crewman)
    _, c = crew_turn(ctx, action.vehicle, action.crewman, "leaves the vehicle", leaving=True)
    assert pos is not None
    exits = ("back deck",) if c.on_deck else tuple(pos.exits)
    if not exits:
        raise RuleViolation(
            "AFV-CREW-07",
            f"the {action.crewman} of a {vt.name} has no exit from his position: he must first "
            "move to a position with a hatch",
        )
    via = action.via or exits[0]
    if via not in exits:
        raise RuleViolation(
            "AFV-CREW-07", f"the {action.crewman} can leave only by the {' or '.join(exits)}"
        )
    bail(ctx, action.vehicle, c.id, via)
    crew_gone(ctx, action.vehicle)
    release(ctx)  # AFV-MORALE-04: an abandoned AFV no longer holds anyone halted


def deck(ctx: Ctx, action: Deck) -> None:
    """AMB-AFV-18: an unbuttoned loader or commander climbs onto the back deck (or back in);
    there he counts as outside the vehicle."""
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    rule = "AFV-CREW-21" if action.crewman == "commander" else "AFV-CREW-17"
    duty(state, action.vehicle, action.crewman, DECK_ROLES, rule, "climb onto the back deck")
    what = "climbs onto the back deck" if action.on else "drops back into the turret"
    v, c = crew_turn(ctx, action.vehicle, action.crewman, what)
    if not v.hatches.get(action.crewman, False):
        raise RuleViolation(rule, f"the {action.crewman} must be unbuttoned")
    if c.on_deck == action.on:
        raise RuleViolation(
            "AMB-AFV-18",
            f"the {action.crewman} is already {'on the deck' if c.on_deck else 'inside'}",
        )
    ctx.emit(DeckSet(vehicle=action.vehicle, crewman=c.id, on=action.on))


def repair(ctx: Ctx, action: Repair) -> None:
    """AFV-REPAIR-01..03 with AMB-AFV-13: one attempt per crewman action at the item."""
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    if action.item == "track":
        raise RuleViolation("AFV-REPAIR-02", "a broken track cannot be repaired during the game")
    roles, rule = REPAIRERS[action.item]
    duty(state, action.vehicle, action.crewman, roles, rule, f"repair the {action.item}")
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, f"works on the {action.item}")
    if action.item not in v.faults:
        raise RuleViolation("AFV-REPAIR-01", f"the {action.item} of {action.vehicle} is not broken")
    complexity = COMPLEXITY[action.item]
    variant = ctx.state.scenario.options.repair_chances
    check = checks.repair(ctx.tables, complexity, variant)
    result = ctx.roll(check) if check.odds()["repaired"] < 1 else None
    repaired = result is None or result.outcome == "repaired"
    ev = RepairTried(
        vehicle=action.vehicle,
        item=action.item,
        complexity=complexity,
        repaired=repaired,
        result=result,
    )
    ctx.emit(ev)


# -- folding ------------------------------------------------------------------------------------


def _hatch(state: AfvState, e: HatchSet) -> AfvState:
    v = state.vehicles[e.vehicle]
    v = replace(v, hatches={**v.hatches, e.role: e.open})
    c = v.at(e.role)
    if c is not None and not e.open:
        v = replace(v, crew={**v.crew, c.id: replace(c, looking_rear=False)})
    if v.smoke:
        v = replace(v, smoke_clears_on=smoke_clears(state, v))
    return with_vehicle(state, e.vehicle, v)


def _moved_seat(state: AfvState, e: PositionChanged) -> AfvState:
    c = state.vehicles[e.vehicle].crew[e.crewman]
    return with_crewman(state, e.vehicle, replace(c, position=e.to, looking_rear=False))


def _deck(state: AfvState, e: DeckSet) -> AfvState:
    c = state.vehicles[e.vehicle].crew[e.crewman]
    return with_crewman(state, e.vehicle, replace(c, on_deck=e.on))


def _repair(state: AfvState, e: RepairTried) -> AfvState:
    if not e.repaired:
        return state
    v = state.vehicles[e.vehicle]
    v = replace(v, faults=tuple(f for f in v.faults if f != e.item))
    if not v.immobilised:
        v = replace(v, immobilised_tested=False)  # AMB-AFV-23: a new immobilisation tests again
    return with_vehicle(state, e.vehicle, v)


TOPIC = Topic(
    __name__,
    performers=(
        performer(Button, hatch),
        performer(Unbutton, hatch),
        performer(ChangePosition, change_position),
        performer(BailOut, bail_out),
        performer(Deck, deck),
        performer(Repair, repair),
    ),
    appliers=(
        applier(HatchSet, _hatch),
        applier(PositionChanged, _moved_seat),
        applier(DeckSet, _deck),
        applier(RepairTried, _repair),
    ),
)
