"""Visibility and target acquisition (AFV-VIS-01..08, AFV-CREW-09/12/19; AMB-AFV-02, -07..09):
each acquire action is one crewman's d100 at the chance for the target's arc, allowed only
within his vision arc and with his own hatch state. Acquisitions are secret to his side.
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.arcs import arc_of, line_of_sight, position_of, sees
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
from kriegsspiel.rulesets.afv.state import AfvState, Crewman, Vehicle, with_crewman

# Who may try to acquire: the front gunner through his periscope or slit (AFV-CREW-09), the
# gunner through his sight (AFV-CREW-12), the commander through his vision ports or looking
# round unbuttoned (AFV-CREW-19), the driver, whom AFV-VIS-02/08 give a vision arc.
ACQUIRERS = ("driver", "co-driver", "gunner", "commander")

# -- actions ------------------------------------------------------------------------------------


class Acquire(CrewAct, frozen=True, tag="acquire"):
    """A crewman tries to see a target (AFV-CREW-09/12/19; the driver by AFV-VIS-02/08)."""

    target: str


class Look(CrewAct, frozen=True, tag="look"):
    """AFV-VIS-07 with AMB-AFV-09: an unbuttoned commander turns to watch the rear, or back."""

    direction: Literal["rear", "front"]


# -- events -------------------------------------------------------------------------------------


class Acquired(Ev, frozen=True, tag="acquired"):
    """AMB-AFV-08: success acquires the target for that crewman. `result` is None when the
    chance is 100% and no roll is made (AFV-VIS-06)."""

    vehicle: str
    crewman: str
    target: str
    arc: str
    chance: int
    spotted: bool
    result: CheckResult | None = None

    def text(self) -> str:
        how = self.result.explain() if self.result else f"{self.chance}%, no roll (AFV-VIS-06)"
        verb = "acquires" if self.spotted else "does not see"
        return f"{self.crewman} ({self.vehicle}) {verb} {self.target} (its {self.arc} arc): {how}"

    def summary(self) -> str:
        verb = "acquires" if self.spotted else "does not see"
        return f"{self.crewman} ({self.vehicle}) {verb} {self.target}"


class LookedAround(Ev, frozen=True, tag="looked-around"):
    vehicle: str
    crewman: str
    rear: bool

    def text(self) -> str:
        way = "the rear" if self.rear else "the front"
        return f"{self.crewman} ({self.vehicle}) turns to watch {way}"


# -- rules --------------------------------------------------------------------------------------


def unbuttoned(v: Vehicle, role: str) -> bool:
    return v.hatches.get(role, False)


def blind(ctx_state: AfvState, v: Vehicle) -> bool:
    """AFV-MALF-02 with AMB-AFV-11: after a backfire nobody sees until all hatches have been
    open for 2 cards (from the card after the last one opened: card n -> n + 2)."""
    if not v.smoke:
        return False
    card = ctx_state.card
    return v.smoke_clears_on is None or card is None or card.number < v.smoke_clears_on


def smoke_clears(state: AfvState, v: Vehicle) -> int | None:
    """AFV-MALF-02 with AMB-AFV-11: once every hatch of a manned position is open, the crew
    sees again from 2 cards later."""
    hatched = [c.position for c in v.aboard() if v.hatches.get(c.position or "") is not None]
    if state.card is None or not all(v.hatches[r] for r in hatched if r is not None):
        return None
    return state.card.number + 2


def enemy_target(state: AfvState, side: str, target: str) -> tuple[float, float]:
    """A target: an enemy AFV still in the fight or an enemy man still standing."""
    target_side = state.side_of(target)
    if target_side is None:
        raise InputError("target", f"no AFV or man {target!r}")
    if target_side == side:
        raise RuleViolation("AFV-VIS-01", f"{target} is on your own side")
    if target in state.vehicles and not state.vehicles[target].active:
        raise RuleViolation("SK-STATUS", f"{target} is {state.vehicles[target].status}")
    if target in state.men and not state.men[target].fit:
        raise RuleViolation("SK-STATUS", f"{target} is {state.men[target].status}")
    return position_of(state, target)


def check_arc(role: str, v: Vehicle, vehicle_id: str, to: tuple[float, float], what: str) -> None:
    """The crewman's vision arc (AFV-VIS-02..04, -08; AMB-AFV-07)."""
    if sees(role, v, to):
        return
    if role in ("driver", "co-driver"):
        rule = "AFV-VIS-08" if unbuttoned(v, role) else "AFV-VIS-02"
        raise RuleViolation(
            rule, f"the {role} of {vehicle_id} sees only ahead, 45° either side: {what} is not"
        )
    raise RuleViolation(
        "AFV-VIS-04", f"the gunner of {vehicle_id} sees only where the turret points: {what} is not"
    )


def acquire(ctx: Ctx, action: Acquire) -> None:
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    duty(state, action.vehicle, action.crewman, ACQUIRERS, "AMB-AFV-08", "acquire targets")
    side = state.vehicles[action.vehicle].side
    v, c = crew_turn(ctx, action.vehicle, action.crewman, f"looks for {action.target}")
    to = enemy_target(ctx.state, side, action.target)
    if blind(ctx.state, v):
        raise RuleViolation(
            "AFV-MALF-02",
            f"smoke fills {action.vehicle}: nobody sees until all hatches have been open 2 cards",
        )
    check_arc(action.crewman, v, action.vehicle, to, action.target)
    if not line_of_sight(ctx.state, v.position, to):
        raise RuleViolation(
            "SK-LOS", f"a building blocks the line from {action.vehicle} to {action.target}"
        )
    if action.target in c.acquired:
        raise RuleViolation("AMB-AFV-08", f"{c.name} has already acquired {action.target}")
    arc = arc_of(v.facing, v.position, to)
    chance = checks.spot_chance(ctx.tables, arc, unbuttoned(v, action.crewman), c.looking_rear)
    result = None
    if chance < 100:
        result = ctx.roll(
            checks.spot(ctx.tables, arc, unbuttoned(v, action.crewman), c.looking_rear)
        )
    spotted = result is None or result.outcome == "spotted"
    ev = Acquired(
        vehicle=action.vehicle,
        crewman=c.id,
        target=action.target,
        arc=arc,
        chance=chance,
        spotted=spotted,
        result=result,
    )
    ctx.emit(ev, own(side))
    release(ctx, action.vehicle)  # only this AFV's sightings changed


def look(ctx: Ctx, action: Look) -> None:
    """AFV-VIS-07, AMB-AFV-09: only an unbuttoned crewman who sees all round can turn."""
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    if action.crewman in ("driver", "co-driver"):
        raise RuleViolation(
            "AFV-VIS-08", f"even unbuttoned, the {action.crewman} can see only to the front"
        )
    duty(
        state,
        action.vehicle,
        action.crewman,
        ("commander",),
        "AFV-VIS-07",
        "turn to watch the rear",
    )
    side = state.vehicles[action.vehicle].side
    v, c = crew_turn(ctx, action.vehicle, action.crewman, f"turns to the {action.direction}")
    if not unbuttoned(v, action.crewman):
        raise RuleViolation("AFV-VIS-07", f"the {action.crewman} must be unbuttoned to turn around")
    if c.looking_rear == (action.direction == "rear"):
        raise RuleViolation(
            "AFV-VIS-07", f"the {action.crewman} already watches the {action.direction}"
        )
    ev = LookedAround(vehicle=action.vehicle, crewman=c.id, rear=action.direction == "rear")
    ctx.emit(ev, own(side))


# -- folding ------------------------------------------------------------------------------------


def _crewman(state: AfvState, vehicle_id: str, crewman_id: str) -> Crewman:
    return state.vehicles[vehicle_id].crew[crewman_id]


def _acquired(state: AfvState, e: Acquired) -> AfvState:
    c = _crewman(state, e.vehicle, e.crewman)
    if not e.spotted or e.target in c.acquired:
        return state
    return with_crewman(state, e.vehicle, replace(c, acquired=(*c.acquired, e.target)))


def _looked(state: AfvState, e: LookedAround) -> AfvState:
    c = _crewman(state, e.vehicle, e.crewman)
    return with_crewman(state, e.vehicle, replace(c, looking_rear=e.rear))


TOPIC = Topic(
    __name__,
    performers=(
        performer(Acquire, acquire),
        performer(Look, look),
    ),
    appliers=(
        applier(Acquired, _acquired),
        applier(LookedAround, _looked),
    ),
)
