"""Fire at features (bridges, bridging equipment, fort structures) and indirect fire.

`fire-on UNIT TARGET` is direct fire in a fire phase at a feature; `bombard UNIT TARGET` is
indirect fire (artillery, BF-IDF) at a unit or a feature. Both follow the fire-phase rules of
fire.py (BF-SEQ, BF-FIRE, ENG-ACT-04) and the FIRE_AT hooks (a swimming DD, a Bobbin laying).
"""

from __future__ import annotations

from kriegsspiel.core.checks import Check, CheckResult, Modifier
from kriegsspiel.core.limits import Distance
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    measure_from,
    not_waiting,
    own,
    performer,
    unit,
)
from kriegsspiel.rulesets.engineering.bridges import bridge_attacks
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import (
    OccupantFire,
    fort_occupants,
    fort_structure,
    indirect_fire,
)
from kriegsspiel.rulesets.engineering.bridges.works_state import FortState
from kriegsspiel.rulesets.engineering.forts.forts import fort, hit_structure, housing, visible_from
from kriegsspiel.rulesets.engineering.minefields.clearing import bombard_feature
from kriegsspiel.rulesets.engineering.play.declared import bounded
from kriegsspiel.rulesets.engineering.play.fire import fire_modifiers, hit, mark_fired, may_fire
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Phase
from kriegsspiel.rulesets.engineering.traits import ARTILLERY, DIVE_BOMBER, SHAPED_CHARGE, is_avre
from kriegsspiel.rulesets.engineering.wording import whose

STRUCTURE_RANGE = 5.0  # ENG-FORT-19: pin-point fire at an embrasure or door, at most 5"


class FireOn(Act, frozen=True, tag="fire-on"):
    """Direct fire at a bridge, loose bridging equipment or a fort's structure."""

    unit: str
    target: str
    distance: Distance | None = None  # declared, when measured with a ruler at the table


class Bombard(Act, frozen=True, tag="bombard"):
    """Indirect fire by artillery at a unit, a bridge or bridging equipment (BF-IDF)."""

    unit: str
    target: str
    modifier: int = 0


class FeatureFired(Ev, frozen=True, tag="feature-fired"):
    unit: str
    target: str
    phase: Phase
    indirect: bool
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit} fires at {self.target}: {self.result.outcome}"

    def text(self) -> str:
        how = "bombards" if self.indirect else "fires at"
        return f"{self.unit} {how} {self.target}: {self.result.explain()}"


class Bombarded(Ev, frozen=True, tag="bombarded"):
    unit: str
    target: str
    phase: Phase
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit} bombards {self.target}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit} bombards {self.target}: {self.result.explain()}"


# -- what may be fired at -------------------------------------------------------------------------


def is_feature(state: EngState, target: str) -> bool:
    return target in state.bridges or target in state.bridging or target in state.forts


def _soft_attack(firer: EngUnit) -> int | None:
    """AMB-ENG-31: the card's T,G,sV value is its soft-target attack (T, else G, else sV)."""
    for cls in ("T", "G", "sV"):
        if cls in firer.attack:
            return firer.attack[cls]
    return None


def structure_strength(firer: EngUnit) -> int:
    """ENG-FORT-17: T,G,sV strength, but V for infantry with shaped-charge weapons."""
    shaped = SHAPED_CHARGE in firer.traits and firer.kind == "troops"
    strength = firer.attack.get("V") if shaped else _soft_attack(firer)
    if strength is None:
        kind = "V" if shaped else "T,G,sV"
        raise RuleViolation("ENG-FORT-17", f"{firer.label} has no {kind} strength")
    return strength


def _structure_check(ctx: Ctx, firer: EngUnit, f: FortState, declared: float | None) -> Check:
    """ENG-FORT-15..21: who may fire at the structure, and how."""
    state = ctx.state
    if not f.standing:
        raise RuleViolation("ENG-FORT-23", f"{f.label} is rubble")
    if f.side == firer.side:
        raise RuleViolation("BF-FIRE", f"{f.label} is {whose(state, firer.side)} own fort")
    if DIVE_BOMBER in firer.traits:  # ENG-FORT-16: as direct fire, with its T,G,sV strength
        spec = next(s for s in state.scenario.forts if s.id == f.id)
        if not state.scenario.options.dive_bombers_vs_forts or not spec.mapped:
            raise RuleViolation(
                "ENG-FORT-15",
                f"dive bombers attack {f.label} only if the scenario allows it and it was mapped",
            )
        return fort_structure(ctx.tables, structure_strength(firer), f.armour)
    dist = measure_from(state, firer.id, f.position, declared)
    if dist is None:
        raise RuleViolation(
            "ENG-FORT-19", f"no positions on record for {firer.label}; declare distance="
        )
    if dist.inches > STRUCTURE_RANGE + 1e-9:
        raise RuleViolation("ENG-FORT-19", f'{f.label} is {dist} away; fire at a fort reaches 5"')
    if (
        firer.kind in ("soft-vehicle", "armoured-vehicle")
        and state.units[firer.id].emplaced_at is None
    ):
        raise RuleViolation("ENG-FORT-20", f"{firer.label} must be emplaced to fire at {f.label}")
    if firer.side not in f.spotted_by:
        raise RuleViolation(
            "ENG-FORT-20", f"{f.label} is only suspected, not spotted, by {firer.side}"
        )
    if not visible_from(state, f, state.units[firer.id].position):
        raise RuleViolation(
            "ENG-FORT-07", f"{f.label} is not visible from {firer.label}'s position"
        )
    return fort_structure(ctx.tables, structure_strength(firer), f.armour)


# -- performing -----------------------------------------------------------------------------------


def fire_on(ctx: Ctx, action: FireOn) -> None:
    """ENG-FORT-12: the structure is a target apart from its occupants (who are fired at with
    `fire`); so are bridges and loose bridging."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    if not is_feature(state, action.target):
        raise InputError("target", f"no bridge, bridging equipment or fort {action.target!r}")
    may_fire(state, spec)
    fire_modifiers(ctx, spec, action.target, indirect=False)  # only refusals apply here
    if action.target in state.forts:
        f = fort(state, action.target)
        result = ctx.roll(_structure_check(ctx, spec, f, action.distance))
        ctx.emit(_fired(state, spec, action.target, False, result))
        # ENG-FORT-24: the AVRE's petard also lowers the armour for good.
        hit_structure(
            ctx,
            ctx.state.forts[f.id],
            result.outcome,
            reduces="ENG-FORT-24" if is_avre(spec) else "",
        )
        return
    result = ctx.roll(bridge_attacks.fire_check(ctx, spec, action.target, indirect=False))
    ctx.emit(_fired(state, spec, action.target, False, result))
    bridge_attacks.fire_result(ctx, action.target, result)


def bombard(ctx: Ctx, action: Bombard) -> None:
    """BF-IDF at a unit (AMB-ENG-30 for a fort's occupants) or bridging; ENG-FORT-13: never at a
    fort's structure."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    if ARTILLERY not in spec.traits:
        raise RuleViolation("BF-IDF", f"{spec.label} does not fire indirectly")
    bounded(state, action.modifier)  # BF-DEFAULT-DECLARED
    if action.target in state.forts:
        raise RuleViolation("ENG-FORT-13", "indirect artillery fire has no effect on a fort")
    if bombard_feature(ctx, spec, action.target, action.modifier):  # minefields, wire
        return
    if is_feature(state, action.target):
        may_fire(state, spec)
        fire_modifiers(ctx, spec, action.target, indirect=True)
        result = ctx.roll(bridge_attacks.fire_check(ctx, spec, action.target, indirect=True))
        ctx.emit(_fired(state, spec, action.target, True, result))
        bridge_attacks.fire_result(ctx, action.target, result)
        return
    target = unit(state, action.target)
    may_fire(state, spec)
    if target.side == spec.side or state.units[target.id].status == "knocked-out":
        raise RuleViolation("BF-FIRE", f"{target.label} is not a target for {spec.label}")
    strength = spec.attack.get(target.target_class)
    if strength is None:
        raise RuleViolation(
            "BF-FIRE", f"{spec.label} has no attack strength against {target.target_class} targets"
        )
    extra = fire_modifiers(ctx, spec, target.id, indirect=True)
    result = ctx.roll(_idf_check(ctx, target, strength, action.modifier, extra))
    ctx.emit(Bombarded(unit=spec.id, target=target.id, phase=state.phase, result=result))
    ctx.run(AFTER_HIT, target.id, result.outcome)


def _idf_check(
    ctx: Ctx, target: EngUnit, strength: int, modifier: int, extra: tuple[Modifier, ...]
) -> Check:
    """AMB-ENG-30: IDF at a fort's occupants is refused (`none`), capped at -1 (`capped`, the
    default, ENG-FORT-14) or resolved with the armour modifier (`full`, ENG-FORT-08)."""
    shelter = housing(ctx.state, target.id)
    if shelter is None:
        return indirect_fire(ctx.tables, strength, modifier, extra)
    mode = ctx.state.scenario.options.idf_vs_fort_occupants
    if mode == "none":
        raise RuleViolation(
            "AMB-ENG-30", f"indirect fire has no effect on the occupants of {shelter.label}"
        )
    fire: OccupantFire = "idf-capped" if mode == "capped" else "idf-full"
    return fort_occupants(ctx.tables, strength, shelter.armour, fire, modifier)


def _fired(
    state: EngState, spec: EngUnit, target: str, indirect: bool, result: CheckResult
) -> FeatureFired:
    return FeatureFired(
        unit=spec.id, target=target, phase=state.phase, indirect=indirect, result=result
    )


def _feature_fired(state: EngState, e: FeatureFired) -> EngState:
    return mark_fired(state, e.unit)


def _bombarded(state: EngState, e: Bombarded) -> EngState:
    return hit(mark_fired(state, e.unit), e.target, e.result.outcome)


TOPIC = Topic(
    __name__,
    performers=(
        performer(FireOn, fire_on),
        performer(Bombard, bombard),
    ),
    appliers=(
        applier(FeatureFired, _feature_fired),
        applier(Bombarded, _bombarded),
    ),
)
