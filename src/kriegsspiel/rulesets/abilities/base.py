"""What every topic of the `abilities` ruleset shares: base structs, the action context and the
lookups that decide what a seat may address.

A topic module declares actions and events as subclasses of `Act` and `Ev` and itself as
`TOPIC = Topic(__name__, performers=(performer(A, ...), ...), appliers=(applier(E, ...), ...))`;
`topics.py` composes them. Units hidden from a seat (in a Blind, in reserve) read to it exactly
like units that do not exist, in errors as everywhere else.
"""

from __future__ import annotations

from functools import lru_cache

from kriegsspiel.core.guards import may_order
from kriegsspiel.core.scenario import SideSpec
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.topics import Act as Act
from kriegsspiel.core.topics import Context
from kriegsspiel.core.topics import Ev as Ev
from kriegsspiel.core.topics import Topic as _Topic
from kriegsspiel.core.topics import applier as applier
from kriegsspiel.core.topics import performer as performer
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.abilities.state import AblState
from kriegsspiel.rulesets.abilities.words import the

Ctx = Context[AblState]
Topic = _Topic[AblState, Ctx]  # what a topic module declares as its `TOPIC`


class SideEv(Ev, frozen=True, kw_only=True):
    """An event that names sides: it carries their display names for its text (the log keeps
    the names the game was played with)."""

    names: dict[str, str] = {}

    def named(self, side: str) -> str:
        """The side as the text names it: "the US" (its id where no name came along)."""
        return the(self.names.get(side, side))


def side_names(state: AblState) -> dict[str, str]:
    """Every side's display name, for a `SideEv` (a dict of its own: events are kept)."""
    return dict(_names(state.scenario.sides))


@lru_cache(maxsize=64)
def _names(sides: tuple[SideSpec, ...]) -> dict[str, str]:
    """The two sides' names, as `ScenarioBase.side_name` gives them (side ids are unique)."""
    return {s.id: s.label for s in sides[:2]}


def the_side(state: AblState, side: str) -> str:
    """A side as a refusal names it: "the US"."""
    return the(state.scenario.side_name(side))


# -- what a seat may address ----------------------------------------------------------------------


def knows_unit(state: AblState, seat: str, unit_id: str) -> bool:
    """Whether `seat` knows the unit exists: its own, or an enemy unit that has been seen."""
    spec = state.specs.get(unit_id)
    if spec is None:
        return False
    unit = state.units[unit_id]
    return seat in (UMPIRE, spec.side) or (unit.blind is None and not unit.reserve)


def unknown(what: str, ident: str) -> InputError:
    """The one error for things that do not exist and things hidden from the seat (CHQ-BLIND)."""
    return InputError(what, f"unknown {what} {ident!r}")


def unit(state: AblState, seat: str, unit_id: str) -> str:
    if not knows_unit(state, seat, unit_id):
        raise unknown("unit", unit_id)
    return unit_id


def blind(state: AblState, blind_id: str) -> str:
    """Blinds on the table are public; spotted or deployed ones are gone."""
    b = state.blinds.get(blind_id)
    if b is None:
        raise unknown("blind", blind_id)
    if b.gone:
        raise RuleViolation("CHQ-BLIND", f"{b.name or blind_id} has already been revealed")
    return blind_id


def member(state: AblState, seat: str, ident: str) -> str:
    """A unit or a Blind that `seat` may order (SEATS)."""
    if ident in state.blinds:
        blind(state, ident)
        side = state.blinds[ident].side
    else:
        unit(state, seat, ident)
        side = state.specs[ident].side
    may_order(seat, side, state.label(ident))
    return ident


def own_unit(state: AblState, seat: str, unit_id: str) -> str:
    """A unit of `seat`'s side that is still in the fight (CHQ-COHESION)."""
    if unit_id in state.blinds:
        raise RuleViolation("CHQ-BLIND", f"{state.label(unit_id)} is a Blind, not a unit")
    member(state, seat, unit_id)
    if state.units[unit_id].dispersed:
        raise RuleViolation("CHQ-COHESION", f"{state.label(unit_id)} has been dispersed")
    return unit_id


def deployed(state: AblState, unit_id: str, rule: str, what: str) -> None:
    """The unit must be on the table: not in a Blind, not in reserve."""
    u = state.units[unit_id]
    if u.blind is not None:
        raise RuleViolation(rule, f"{state.label(unit_id)} is hidden in a Blind and cannot {what}")
    if u.reserve:
        raise RuleViolation(rule, f"{state.label(unit_id)} is in reserve and cannot {what}")
