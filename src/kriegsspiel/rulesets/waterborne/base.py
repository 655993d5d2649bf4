"""What every topic of the `waterborne` ruleset shares: base structs, the action context, and
the lookups that check what a seat may address.

A topic module (initiative, movement, sailing, embark, fire, pontoons, status, umpire) declares
its actions and events as subclasses of `Act` and `Ev` and itself as `TOPIC = Topic(__name__,
performers=(performer(A, ...), ...), appliers=(applier(E, ...), ...))`; `topics.py` composes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from msgspec.structs import replace

from kriegsspiel.core.guards import may_order
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.topics import Act as Act
from kriegsspiel.core.topics import Context
from kriegsspiel.core.topics import Ev as Ev
from kriegsspiel.core.topics import Topic as _Topic
from kriegsspiel.core.topics import applier as applier
from kriegsspiel.core.topics import performer as performer
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne.scenario import SiteSpec, WatUnit
from kriegsspiel.rulesets.waterborne.state import CraftState, WatState, with_unit
from kriegsspiel.rulesets.waterborne.tables import Tables


@dataclass
class Ctx(Context[WatState]):
    """One action being performed, with the ruleset's tables."""

    tables: Tables


Topic = _Topic[WatState, Ctx]  # what a topic module declares as its `TOPIC`


class Revealed(Ev, frozen=True, tag="revealed"):
    """CF-HIDDEN: a hidden unit shows itself (it moves, fires, boards or works)."""

    unit: str

    def text(self) -> str:
        return f"{self.unit} is revealed"


def reveal(ctx: Ctx, unit_id: str) -> None:
    """Show a hidden unit before it acts (craft are never hidden)."""
    unit = ctx.state.units.get(unit_id)
    if unit is not None and not unit.revealed:
        ctx.emit(Revealed(unit=unit_id))


def _revealed(state: WatState, e: Revealed) -> WatState:
    return with_unit(state, e.unit, replace(state.units[e.unit], revealed=True))


# -- what a seat may address ----------------------------------------------------------------------


def sees_unit(state: WatState, seat: str, unit_id: str) -> bool:
    """CF-HIDDEN: a hidden unit exists only for its side (and the umpire) until revealed."""
    unit = state.units.get(unit_id)
    if unit is None:
        return False
    return unit.revealed or seat in (UMPIRE, state.spec(unit_id).side)


def unit(state: WatState, seat: str, unit_id: str, what: str = "unit") -> WatUnit:
    """A unit `seat` knows of; a hidden one reads exactly like one that does not exist."""
    if not sees_unit(state, seat, unit_id):
        raise InputError(what, f"unknown unit {unit_id!r}")
    return state.spec(unit_id)


def own_unit(ctx: Ctx, unit_id: str) -> WatUnit:
    """A unit `ctx.seat` may order (SEATS) that is still in play (CF-STATUS)."""
    spec = unit(ctx.state, ctx.seat, unit_id)
    may_order(ctx.seat, spec.side, spec.label)
    if ctx.state.units[unit_id].status == "killed":
        raise RuleViolation("CF-STATUS", f"{spec.label} is killed")
    return spec


def craft(state: WatState, craft_id: str) -> CraftState:
    found = state.craft.get(craft_id)
    if found is None:
        raise InputError("craft", f"unknown craft {craft_id!r}")
    return found


def own_craft(ctx: Ctx, craft_id: str) -> CraftState:
    found = craft(ctx.state, craft_id)
    may_order(ctx.seat, found.side, found.name)
    if found.status == "lost":
        raise RuleViolation("CF-STATUS", f"{found.name} is lost")
    return found


def site(state: WatState, site_id: str) -> SiteSpec:
    spec = state.board.sites.get(site_id)
    if spec is None:
        raise InputError("site", f"unknown pontoon site {site_id!r}")
    return spec


def phasing(ctx: Ctx, side: str, what: str) -> None:
    """CF-INIT: only the side with the initiative acts, and not while a move awaits reactive
    fire (CF-REACT)."""
    state = ctx.state
    if side != state.phasing:
        raise RuleViolation(
            "CF-INIT",
            f"{what}: {state.scenario.side_name(side)} does not have the initiative "
            f"({state.scenario.side_name(state.phasing)} has)",
        )
    if state.window is not None:
        other = state.scenario.side_name(state.other)
        raise RuleViolation(
            "CF-REACT", f"{what}: the last move awaits reactive fire; {other} may fire or pass"
        )


TOPIC = Topic(
    __name__,
    appliers=(applier(Revealed, _revealed),),
)
