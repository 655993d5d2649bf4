"""Duplex Drive Shermans of this game (ENG-FUNNY-03..08): Battlefront's d10 swamping roll.

Kept apart from any other game's DD tank (the waterborne ruleset has its own): nothing here is
shared with it. With skirts raised a DD moves 4" per movement action through deep water; at the
end of each movement (maneuver) phase in which it swam it rolls a d10 and sinks on a 1 (−1 in
rough water); any disorder destroys it while it swims; it cannot fire with its skirts raised
(AMB-ENG-37), and dropping them (free, one-way, on land) makes it a normal Sherman.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult, Modifier
from kriegsspiel.core.geometry import Measure
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    FIRE_AT,
    MAY_MOVE,
    MOVED,
    PHASE_ENDS,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    in_maneuver,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import dd_swamping
from kriegsspiel.rulesets.engineering.fieldwork_geometry import in_water, through_water
from kriegsspiel.rulesets.engineering.funnies.funnies import funny, with_funny
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point, with_unit
from kriegsspiel.rulesets.engineering.traits import DD

SWIM = 4.0  # ENG-FUNNY-03: 4" per movement action through water of any depth


class DropSkirts(Act, frozen=True, tag="drop-skirts"):
    """ENG-FUNNY-04 with AMB-ENG-37: free and one-way, on land; a normal Sherman from then on."""

    unit: str


class Swam(Ev, frozen=True, tag="swam"):
    unit: str

    def text(self) -> str:
        return f"{self.unit} swims (ENG-FUNNY-03)"


class SwampingRolled(Ev, frozen=True, tag="swamping-rolled"):
    unit: str
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit}: {self.result.explain()}"


class DDSwamped(Ev, frozen=True, tag="dd-swamped"):
    """ENG-FUNNY-07: a disorder (or worse) destroys a swimming DD."""

    unit: str

    def text(self) -> str:
        return f"{self.unit} is swamped and lost (ENG-FUNNY-07)"


class SkirtsDropped(Ev, frozen=True, tag="skirts-dropped"):
    unit: str

    def text(self) -> str:
        return f"{self.unit} drops its skirts: a normal Sherman from now on (ENG-FUNNY-04)"


def skirts_up(state: EngState, spec: EngUnit) -> bool:
    return DD in spec.traits and not funny(state, spec.id).skirts_dropped


def swimming(state: EngState, spec: EngUnit) -> bool:
    """Moving amphibiously: skirts raised and in deep water."""
    return skirts_up(state, spec) and in_water(state, state.units[spec.id].position)


# -- hooks ----------------------------------------------------------------------------------------


def _may_move(ctx: Ctx, spec: EngUnit, to: Point | None, dist: Measure | None) -> None:
    """ENG-FUNNY-03: deep water is for a DD with its skirts raised, at 4" per action."""
    state = ctx.state
    if to is None or not through_water(state, state.units[spec.id].position, to):
        return
    if not skirts_up(state, spec):
        raise RuleViolation(
            "ENG-FUNNY-03", f"{spec.label} cannot enter deep water; only a DD with skirts raised"
        )
    if dist is not None and dist.inches > SWIM + 1e-9:
        raise RuleViolation(
            "ENG-FUNNY-03", f'{spec.label} swims 4" per movement action, not {dist}'
        )


def _moved(ctx: Ctx, spec: EngUnit, frm: Point | None, to: Point) -> None:
    if skirts_up(ctx.state, spec) and through_water(ctx.state, frm, to):
        ctx.emit(Swam(unit=spec.id))


def _fire_at(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> tuple[Modifier, ...]:
    """ENG-FUNNY-08: no fire while swimming; AMB-ENG-37: nor with the skirts raised on land."""
    if swimming(ctx.state, firer):
        raise RuleViolation("ENG-FUNNY-08", f"{firer.label} cannot fire while swimming")
    if skirts_up(ctx.state, firer):
        raise RuleViolation("AMB-ENG-37", f"{firer.label} cannot fire until it drops its skirts")
    return ()


def _after_hit(ctx: Ctx, target: str, outcome: str) -> None:
    spec = ctx.state.specs.get(target)
    if spec is None or not swimming(ctx.state, spec):
        return
    if outcome == "disordered":  # a knock-out destroys it anyway (AMB-ENG-37: or worse)
        ctx.emit(DDSwamped(unit=target))


def _phase_ends(ctx: Ctx) -> None:
    """ENG-FUNNY-05/06: the swamping roll at the end of each movement phase a DD swam."""
    state = ctx.state
    if state.phase != "maneuver":
        return
    for spec in state.scenario.units:
        record = state.funnies.get(spec.id)  # a unit with no record of its own never swam
        if record is None or record.swam_at != state.player_turn:
            continue
        if state.units[spec.id].status == "knocked-out":
            continue
        result = ctx.roll(dd_swamping(ctx.tables, state.scenario.options.rough_water))
        ctx.emit(SwampingRolled(unit=spec.id, result=result))


# -- performing and folding -----------------------------------------------------------------------


def drop_skirts(ctx: Ctx, action: DropSkirts) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    in_maneuver(state, spec, "AMB-ENG-37", "drops its skirts")
    if not skirts_up(state, spec):
        raise RuleViolation("ENG-FUNNY-04", f"{spec.label} is not a DD with its skirts raised")
    if in_water(state, state.units[spec.id].position):
        raise RuleViolation("AMB-ENG-37", f"{spec.label} drops its skirts only on land")
    ctx.emit(SkirtsDropped(unit=spec.id))


def _swam(state: EngState, e: Swam) -> EngState:
    return with_funny(state, e.unit, replace(funny(state, e.unit), swam_at=state.player_turn))


def _lost(state: EngState, unit_id: str) -> EngState:
    return with_unit(state, unit_id, replace(state.units[unit_id], status="knocked-out"))


def _swamping(state: EngState, e: SwampingRolled) -> EngState:
    return _lost(state, e.unit) if e.result.outcome == "sinks" else state


def _dropped(state: EngState, e: SkirtsDropped) -> EngState:
    return with_funny(state, e.unit, replace(funny(state, e.unit), skirts_dropped=True))


TOPIC = Topic(
    __name__,
    performers=(performer(DropSkirts, drop_skirts),),
    appliers=(
        applier(Swam, _swam),
        applier(SwampingRolled, _swamping),
        applier(DDSwamped, lambda state, e: _lost(state, e.unit)),
        applier(SkirtsDropped, _dropped),
    ),
    hooks={
        MAY_MOVE: _may_move,
        MOVED: _moved,
        FIRE_AT: _fire_at,
        AFTER_HIT: _after_hit,
        PHASE_ENDS: _phase_ends,
    },
)
