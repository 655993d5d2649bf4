"""What every topic of the `engineering` ruleset shares: base structs, the action context,
and the lookups that check what a seat may address.

A topic module (sequence, work, demolitions, fire, …) declares its actions and events as
subclasses of `Act` and `Ev`, and itself as one `TOPIC = Topic(__name__, ...)` (below): its
performers and appliers and, for kinds of engineering work, its resolvers (kind -> resolver); it
may add hooks (hook name -> callable, below) to take part in other topics' actions, kinds of
demolition target (see demolitions.py) and a set-up step. `topics.py` composes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kriegsspiel.core.geometry import Measure, measure
from kriegsspiel.core.guards import may_order
from kriegsspiel.core.tables import BandTable
from kriegsspiel.core.topics import Act as Act
from kriegsspiel.core.topics import Context
from kriegsspiel.core.topics import Ev as Ev
from kriegsspiel.core.topics import Topic as _Topic
from kriegsspiel.core.topics import applier as applier
from kriegsspiel.core.topics import performer as performer
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.wording import possessive

if TYPE_CHECKING:
    from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind

Hook = Callable[..., Any]

# Hooks let a topic take part in another topic's action. A topic's `hooks` map a name below to a
# callable; topics.py gathers them per name and `Ctx.run` calls each in TOPICS order.
MAY_MOVE = "may-move"  # (ctx, spec, to, distance) -> None: raise RuleViolation to refuse a move
MOVED = "moved"  # (ctx, spec, frm, to) -> None: emit what follows from a move
FIRE_AT = "fire-at"  # (ctx, firer, target_id, indirect) -> tuple[Modifier, ...]; may refuse
AFTER_HIT = "after-hit"  # (ctx, target_id, outcome) -> None: emit what follows from a result
PHASE_ENDS = "phase-ends"  # (ctx) -> None: before the current phase ends
HOOK_NAMES = frozenset({MAY_MOVE, MOVED, FIRE_AT, AFTER_HIT, PHASE_ENDS})


@dataclass
class Ctx(Context[EngState]):
    """One action being performed, with the tables, the kinds of work and the topics' hooks."""

    tables: Mapping[str, BandTable]
    resolvers: Mapping[str, Callable[[Ctx], None]]
    hooks: Mapping[str, tuple[Hook, ...]] = field(default_factory=dict)
    demolition_kinds: Mapping[str, DemolitionKind] = field(default_factory=dict)

    def run(self, hook: str, *args: Any) -> list[Any]:
        """Call every topic's `hook` with this context and `args`; their answers in order."""
        return [h(self, *args) for h in self.hooks.get(hook, ())]


Resolver = Callable[[Ctx], None]


@dataclass(frozen=True, kw_only=True)
class Topic(_Topic[EngState, Ctx]):
    """What an engineering topic module declares as its `TOPIC`: its performers and appliers, and
    what it adds to the ruleset's other registries."""

    resolvers: Mapping[str, Resolver] = field(default_factory=dict)  # kind of work -> resolver
    hooks: Mapping[str, Hook] = field(default_factory=dict)  # one of HOOK_NAMES -> callable
    demolition_kinds: Mapping[str, DemolitionKind] = field(default_factory=dict)  # demolitions.py
    setup: Callable[[EngState], EngState] | None = None  # adds its records to the initial state


# -- the sequence of play ---------------------------------------------------------------------


def acting_side(state: EngState) -> str:
    """BF-SEQ: the phasing side acts, but the other side in the defensive fire phase."""
    return state.other if state.phase == "defensive_fire" else state.phasing


def phase_text(state: EngState) -> str:
    whose = possessive(state.scenario.side_name(state.phasing))
    return f"{state.phase.replace('_', ' ')} phase of {whose} turn {state.turn}"


def not_waiting(state: EngState) -> None:
    """ENG-ACT-09 (and ENG-BRIDGE-19, BF-DEFAULT-OPFIRE): while a window for opportunity fire is
    open, nothing else."""
    pending = state.pending
    if pending is not None:
        unit = state.spec(pending.unit).label
        raise RuleViolation(
            pending.rule,
            f"{unit}'s {pending.what} awaits opportunity fire: "
            f"{state.scenario.side_name(state.other)} may fire or pass",
        )


def in_maneuver(state: EngState, spec: EngUnit, rule: str, what: str) -> None:
    """Refuse (naming `rule`) unless it is the unit's maneuver phase; `what` it does follows
    its name in the message, which is written only for a refusal."""
    if state.phase != "maneuver" or spec.side != state.phasing:
        raise RuleViolation(
            rule,
            f"{spec.label} {what} only in its own maneuver phase; it is the {phase_text(state)}",
        )


# -- what a seat may address ----------------------------------------------------------------------


def unit(state: EngState, unit_id: str) -> EngUnit:
    spec = state.specs.get(unit_id)
    if spec is None:
        raise InputError("unit", f"unknown unit {unit_id!r}")
    return spec


def own(state: EngState, seat: str, unit_id: str) -> EngUnit:
    """A unit `seat` may order (SEATS) that is still in the fight (BF-STATUS)."""
    spec = unit(state, unit_id)
    may_order(seat, spec.side, spec.label)
    if state.units[unit_id].status == "knocked-out":
        raise RuleViolation("BF-STATUS", f"{spec.label} is knocked out")
    return spec


def measure_from(
    state: EngState, unit_id: str, to: Point | None, declared: float | None
) -> Measure | None:
    """The distance from a unit to a point: declared at the table, or measured."""
    if declared is not None and declared < 0:
        raise InputError("distance", "a distance cannot be negative")
    return measure(state.units[unit_id].position, to, declared)
