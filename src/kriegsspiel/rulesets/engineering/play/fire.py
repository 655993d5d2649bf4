"""Fire in the fire phases, and applying fire results (BF-FIRE, BF-DEFAULT-FIRE)."""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult, Modifier
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering import checks
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    FIRE_AT,
    Act,
    Ctx,
    Ev,
    Topic,
    acting_side,
    applier,
    not_waiting,
    own,
    performer,
    phase_text,
    unit,
)
from kriegsspiel.rulesets.engineering.play.declared import bounded
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import (
    STATUS_ORDER,
    EngState,
    Phase,
    with_unit,
    worse,
)

_FIRE_MEMORY = 6  # fire stamps kept per unit; the rules look back one player turn at most


class Fire(Act, frozen=True, tag="fire"):
    unit: str
    target: str
    modifier: int = 0


class Fired(Ev, frozen=True, tag="fired"):
    unit: str
    target: str
    phase: Phase
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit} fires at {self.target}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit} fires at {self.target}: {self.result.explain()}"


def fire(ctx: Ctx, action: Fire) -> None:
    """Fire in a fire phase; ENG-ACT-04: not in the offensive fire phase after engineering."""
    state = ctx.state
    spec, target, extra = firing(ctx, action)
    strength = spec.attack[target.target_class]
    modifier = bounded(state, action.modifier)  # BF-DEFAULT-DECLARED
    result = ctx.roll(checks.direct_fire(ctx.tables, strength, modifier, extra))
    ctx.emit(Fired(unit=spec.id, target=target.id, phase=state.phase, result=result))
    ctx.run(AFTER_HIT, target.id, result.outcome)


def firing(ctx: Ctx, action: Fire) -> tuple[EngUnit, EngUnit, tuple[Modifier, ...]]:
    """Every rule that can refuse a fire (BF-SEQ, BF-FIRE, ENG-ACT-04, the FIRE_AT hooks): the
    firer, the target and what the hooks add, or a RuleViolation."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    target = unit(state, action.target)
    may_fire(state, spec)
    if target.side == spec.side or state.units[target.id].status == "knocked-out":
        raise RuleViolation("BF-FIRE", f"{target.label} is not a target for {spec.label}")
    if target.target_class not in spec.attack:
        raise RuleViolation(
            "BF-FIRE", f"{spec.label} has no attack strength against {target.target_class} targets"
        )
    return spec, target, fire_modifiers(ctx, spec, target.id, indirect=False)


def may_fire(state: EngState, spec: EngUnit) -> None:
    """BF-SEQ, BF-FIRE: once per fire phase; ENG-ACT-04: no offensive fire after engineering."""
    if state.phase == "maneuver" or spec.side != acting_side(state):
        raise RuleViolation("BF-SEQ", f"{spec.label} cannot fire in the {phase_text(state)}")
    me = state.units[spec.id]
    if state.phase == "offensive_fire" and me.engineering_at == state.player_turn:
        raise RuleViolation(
            "ENG-ACT-04",
            f"{spec.label} performed an engineering action and may not fire "
            "in the offensive fire phase",
        )
    if state.stamp in me.fires:
        raise RuleViolation("BF-FIRE", f"{spec.label} already fired in this phase")


def fire_modifiers(
    ctx: Ctx, firer: EngUnit, target: str, *, indirect: bool
) -> tuple[Modifier, ...]:
    """What other topics add to (or forbid in) fire at `target`: the FIRE_AT hooks."""
    return tuple(m for mods in ctx.run(FIRE_AT, firer, target, indirect) for m in mods)


def mark_fired(state: EngState, unit_id: str) -> EngState:
    """Remember when a unit fired (ENG-ACT-05 looks back one player turn)."""
    u = state.units[unit_id]
    return with_unit(state, unit_id, replace(u, fires=(*u.fires, state.stamp)[-_FIRE_MEMORY:]))


def hit(state: EngState, target: str, outcome: str) -> EngState:
    """Apply a fire result: the worse of the unit's status and the result stands."""
    result = next((s for s in STATUS_ORDER if s == outcome), None)
    if result is None:  # "no-effect"
        return state
    u = state.units[target]
    return with_unit(state, target, replace(u, status=worse(u.status, result)))


def _fired(state: EngState, e: Fired) -> EngState:
    return hit(mark_fired(state, e.unit), e.target, e.result.outcome)


TOPIC = Topic(
    __name__,
    performers=(performer(Fire, fire),),
    appliers=(applier(Fired, _fired),),
)
