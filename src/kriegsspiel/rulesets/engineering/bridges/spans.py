"""Building pontoon and treadway spans (ENG-BRIDGE-04, -07, -10..17).

The primary builder (an engineer) and its helpers (T-class units) conform to the gap within 2"
of dismounted bridging equipment; each spends its engineering action, and one improve position
roll per span per turn decides (AMB-ENG-25). A success places that equipment as a span.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import EVERYONE
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.bridges.bridges import (
    bridge,
    equipment_lost,
    equipment_position,
    with_bridge,
)
from kriegsspiel.rulesets.engineering.bridges.bridging import with_equipment
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import bridge_span
from kriegsspiel.rulesets.engineering.bridges.works_state import BridgeState, Equipment
from kriegsspiel.rulesets.engineering.fieldwork_geometry import conformed_to, gap_distance
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer, sealed
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, with_unit
from kriegsspiel.rulesets.engineering.wording import whose

EQUIPMENT_REACH = 2.0  # ENG-BRIDGE-07: dismounted within 2" of the gap; ENG-BRIDGE-12: builders
# within 2" of the equipment


class BuildSpan(Act, frozen=True, tag="build-span"):
    """One attempt at a span: the primary builder's and every helper's engineering action."""

    unit: str  # the primary bridge builder, an engineer (ENG-BRIDGE-10)
    bridge: str
    helpers: tuple[str, ...] = ()
    equipment: str | None = None  # the span's equipment; any usable item if not given
    distance: Distance | None = None  # the primary's declared distance to the gap (BF-CONFORM)


class SpanStarted(Ev, frozen=True, tag="span-started"):
    """Who works on the span; helpers out of place are left out (ENG-BRIDGE-12)."""

    bridge: str
    unit: str
    helpers: tuple[str, ...]
    excluded: tuple[str, ...]
    equipment: str

    def text(self) -> str:
        out = f"{self.unit} leads work on a span of {self.bridge}"
        if self.helpers:
            out += f" with {', '.join(self.helpers)}"
        if self.excluded:
            out += f'; {", ".join(self.excluded)} not conformed within 2" (ENG-BRIDGE-12)'
        return out


class SpanRolled(Ev, frozen=True, tag="span-rolled"):
    bridge: str
    unit: str
    equipment: str
    result: CheckResult

    def summary(self) -> str:
        return f"span of {self.bridge}: {self.result.outcome}"

    def text(self) -> str:
        return f"span of {self.bridge}: {self.result.explain()}"


class BridgeBuilt(Ev, frozen=True, tag="bridge-built"):
    bridge: str

    def text(self) -> str:
        return f"{self.bridge} is built: every span is in place (ENG-BRIDGE-17)"


def t_class(spec: EngUnit) -> bool:
    """ENG-BRIDGE-11; AMB-ENG-41: an AVRE acting as engineers counts for eligibility."""
    return spec.troop_work


def _in_place(state: EngState, spec: EngUnit, e: Equipment) -> str:
    """ENG-BRIDGE-12: within 2" of the equipment; "" if so or if it cannot be measured."""
    here, there = state.units[spec.id].position, equipment_position(state, e)
    if here is not None and there is not None and distance(here, there) > EQUIPMENT_REACH + 1e-9:
        return f'{spec.label} is {distance(here, there):.4g}" from the equipment {e.id}'
    return ""


def _helper_in_place(state: EngState, spec: EngUnit, b: BridgeState, e: Equipment) -> bool:
    """ENG-BRIDGE-12: a helper is conformed to the gap (within 1") and within 2" of the
    equipment; one with no position on record counts, on the players' word."""
    gap = gap_distance(state, b.obstacle, b.position, state.units[spec.id].position)
    return (gap is None or gap <= 1.0 + 1e-9) and not _in_place(state, spec, e)


def _equipment(state: EngState, spec: EngUnit, b: BridgeState, wanted: str | None) -> Equipment:
    """ENG-BRIDGE-04: designated equipment must be there; ENG-BRIDGE-07: dismounted within 2"
    of the gap (where it can be measured)."""
    items = [
        e
        for e in state.bridging.values()
        if e.side == spec.side
        and e.bridge in (None, b.id)
        and not equipment_lost(state, e)
        and not e.placed
        and (wanted is None or e.id == wanted)
    ]
    if not items:
        raise RuleViolation("ENG-BRIDGE-04", f"no bridging equipment for {b.label} is available")
    for e in items:
        gap = gap_distance(state, b.obstacle, b.position, e.position)
        if e.carried_by is None and (gap is None or gap <= EQUIPMENT_REACH + 1e-9):
            return e
    raise RuleViolation(
        "ENG-BRIDGE-07", f'bridging equipment must be dismounted within 2" of the gap at {b.label}'
    )


def build_span(ctx: Ctx, action: BuildSpan) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    b = bridge(state, action.bridge)
    if b.kind not in ("pontoon", "treadway") or b.side != spec.side:
        raise RuleViolation(
            "ENG-BRIDGE-01", f"{b.label} is not {whose(state, spec.side)} bridge to build"
        )
    if b.complete or b.destroyed:
        raise RuleViolation(
            "ENG-BRIDGE-17", f"{b.label} is {'destroyed' if b.destroyed else 'built'}"
        )
    if not b.spans.has_room(state.player_turn):
        raise RuleViolation("AMB-ENG-25", f"{b.label} has had its span attempt this turn")
    may_engineer(state, spec)
    if not spec.is_engineer:
        # AMB-ENG-24: every builder T-class, the primary an engineer
        raise RuleViolation("ENG-BRIDGE-10", "the primary bridge builder must be an engineer")
    helpers = [own(state, ctx.seat, h) for h in dict.fromkeys(action.helpers) if h != spec.id]
    for unit in (spec, *helpers):
        if not t_class(unit):
            raise RuleViolation(
                "ENG-BRIDGE-11", f"only T-class units build bridges; not {unit.label}"
            )
        if unit.side != spec.side:
            raise RuleViolation(
                "ENG-BRIDGE-10", f"{unit.label} is not on {whose(state, spec.side)} side"
            )
    for helper in helpers:
        may_engineer(state, helper)
    e = _equipment(state, spec, b, action.equipment)
    conformed_to(state, spec.id, b.obstacle, b.position, action.distance, "ENG-BRIDGE-12")
    problem = _in_place(state, spec, e)
    if problem:
        raise RuleViolation("ENG-BRIDGE-12", problem)
    working = tuple(h.id for h in helpers if _helper_in_place(state, h, b, e))
    excluded = tuple(h.id for h in helpers if h.id not in working)
    started = SpanStarted(
        bridge=b.id, unit=spec.id, helpers=working, excluded=excluded, equipment=e.id
    )
    ctx.emit(started)
    first = ctx.roll(bridge_span(ctx.tables, spec.dr, b.swollen, len(working)))
    params = {"equipment": e.id, "working": len(working)}
    declare(ctx, spec, "build-span", b.id, EVERYONE, sealed=first, params=params)


def _resolve_span(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    b = ctx.state.bridges[pending.target]
    dr = ctx.state.spec(pending.unit).dr
    check = bridge_span(ctx.tables, dr, b.swollen, int(pending.params.get("working", 0)))
    rolled = SpanRolled(
        bridge=pending.target,
        unit=pending.unit,
        equipment=str(pending.params["equipment"]),
        result=sealed(ctx, check),
    )
    ctx.emit(rolled)
    if ctx.state.bridges[pending.target].complete:
        ctx.emit(BridgeBuilt(bridge=pending.target))


def _started(state: EngState, e: SpanStarted) -> EngState:
    """AMB-ENG-25: every participating unit spends its engineering action for the turn, and the
    span has had its attempt (one a player turn), whatever its roll."""
    for helper in e.helpers:
        u = replace(
            state.units[helper],
            actions_at=state.player_turn,
            actions_used=state.spec(helper).actions,
            engineering_at=state.player_turn,
        )
        state = with_unit(state, helper, u)
    b = state.bridges[e.bridge]
    spans = b.spans.contribute(e.unit, state.player_turn, 0, e.helpers)
    return with_bridge(state, replace(b, spans=spans))


def _rolled(state: EngState, e: SpanRolled) -> EngState:
    """ENG-BRIDGE-17: each success places one span (its equipment)."""
    if e.result.outcome != "success":
        return state
    b = state.bridges[e.bridge]
    state = with_bridge(state, replace(b, spans=b.spans.credit(1)))
    return with_equipment(state, replace(state.bridging[e.equipment], placed=True))


TOPIC = Topic(
    __name__,
    performers=(performer(BuildSpan, build_span),),
    appliers=(
        applier(SpanStarted, _started),
        applier(SpanRolled, _rolled),
        applier(BridgeBuilt, lambda state, _: state),
    ),
    resolvers={
        "build-span": _resolve_span,
    },
)
