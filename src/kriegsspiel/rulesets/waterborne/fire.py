"""Fire (CF-FIRE, CF-REACT, CF-NOFIRE, CF-INDIRECT) and fire at craft and bridges (WAT-FIRE-01..03,
WAT-PONTOON-10..14).

`fire`: the phasing side's direct fire at a stand, or HE fire at a pontoon site; it must suppress
or kill (or hit the bridge), else the initiative passes. `reactive-fire`: the other side's direct
fire at any stand; a miss earns a No Fire marker, and suppressing or killing a mover takes the
initiative (never during a forced group dismount, WAT-EMBARK-05). `indirect-fire`: EFF dice at a
stand or craft, doubled in the water, the only fire allowed at craft in the water.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, NoReturn

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own_craft,
    own_unit,
    performer,
    phasing,
    reveal,
    sees_unit,
)
from kriegsspiel.rulesets.waterborne.initiative import close_window, pass_initiative
from kriegsspiel.rulesets.waterborne.kinds import STAND_KINDS
from kriegsspiel.rulesets.waterborne.pontoons import SiteHit, involved
from kriegsspiel.rulesets.waterborne.scenario import INDIRECT, WatUnit
from kriegsspiel.rulesets.waterborne.state import WatState, with_craft, with_unit
from kriegsspiel.rulesets.waterborne.status import hit_craft, hit_stand
from kriegsspiel.rulesets.waterborne.targets import in_cover, is_vehicle, targetable, why_not_target

SUCCESS = ("suppress", "kill")  # CF-INIT: fire that fails to suppress or kill has failed
Mode = Literal["direct", "reactive", "he", "indirect"]

# -- actions --------------------------------------------------------------------------------------


class Fire(Act, frozen=True, tag="fire"):
    """Direct fire at a stand, or HE fire at a pontoon site, in the firer's own initiative."""

    unit: str
    target: str


class ReactiveFire(Act, frozen=True, tag="reactive-fire"):
    """Direct fire by the side without the initiative (CF-REACT)."""

    unit: str
    target: str


class IndirectFire(Act, frozen=True, tag="indirect-fire"):
    """EFF fire at a stand or craft (CF-INDIRECT), the only fire at craft in the water."""

    unit: str
    target: str


# -- events ---------------------------------------------------------------------------------------


class Fired(Ev, frozen=True, tag="fired"):
    unit: str
    target: str
    mode: Mode
    result: CheckResult

    def text(self) -> str:
        fires = _FIRES[self.mode].format(unit=self.unit, target=self.target)
        return f"{fires}: {self.result.explain()}"

    def summary(self) -> str | None:
        """What the fire did is told by the hit that follows; only a miss at a bridge is not."""
        return f"{self.target} not hit" if self.result.outcome == "no-hit" else None


_FIRES: dict[Mode, str] = {  # a fire event's opening words
    "direct": "{unit} fires at {target}",
    "reactive": "{unit} fires reactively at {target}",
    "indirect": "{unit} fires indirectly at {target}",
    "he": "{unit} fires HE at {target}",  # at a site, or its EFF at a stand there
}


class NoFirePlaced(Ev, frozen=True, tag="no-fire"):
    unit: str

    def text(self) -> str:
        return f"{self.unit}'s reactive fire failed: No Fire marker (CF-NOFIRE)"

    def summary(self) -> str:
        return f"No Fire marker on {self.unit}"


class InitiativeKept(Ev, frozen=True, tag="initiative-kept"):
    unit: str

    def text(self) -> str:
        return (
            f"{self.unit} is hit during the forced group dismount: the initiative does not "
            "change (WAT-EMBARK-05)"
        )

    def summary(self) -> str:
        return "the initiative stays with the landing side"


# -- who fires ------------------------------------------------------------------------------------


class Firer(NamedTuple):
    id: str
    side: str
    label: str
    dice: int
    he: int
    eff: int
    indirect: bool
    fired_in: int
    no_fire: bool


def stand_dice(spec: WatUnit) -> int:
    """CF-FIRE: a stand's direct-fire dice: its own, its kind's, else its HE dice."""
    return spec.dice if spec.dice is not None else STAND_KINDS[spec.kind].dice or spec.he


def firer(ctx: Ctx, firer_id: str) -> Firer:
    """A stand or a landed craft of `ctx.seat` able to fire (CF-STATUS, CF-APC, CF-CRAFT-FIRE)."""
    state = ctx.state
    if firer_id in state.units or firer_id not in state.craft:
        spec = own_unit(ctx, firer_id)
        unit = state.units[firer_id]
        if unit.aboard is not None:
            raise RuleViolation(
                "CF-APC", f"{spec.label} rides in {unit.aboard}: passengers do not fire"
            )
        if unit.status == "suppressed":
            raise RuleViolation("CF-STATUS", f"{spec.label} is suppressed: it can only rally")
        return Firer(
            spec.id,
            spec.side,
            spec.label,
            stand_dice(spec),
            spec.he,
            spec.eff,
            INDIRECT in spec.traits,
            unit.fired_in,
            unit.no_fire,
        )
    boat = own_craft(ctx, firer_id)
    if state.in_water(firer_id):
        raise RuleViolation("CF-CRAFT-FIRE", f"{boat.name} fires only when landed")
    if boat.status == "suppressed":
        raise RuleViolation("CF-STATUS", f"{boat.name} is suppressed: it can only rally")
    kind = boat.spec
    return Firer(
        firer_id,
        boat.side,
        boat.name,
        kind.dice or kind.he,
        kind.he,
        kind.eff,
        False,
        boat.fired_in,
        boat.no_fire,
    )


def _own_initiative(ctx: Ctx, who: Firer, what: str) -> None:
    phasing(ctx, who.side, what)
    if who.fired_in == ctx.state.initiative:
        raise RuleViolation("CF-FIRE", f"{who.label} already fired this initiative")


def _target_kind(state: WatState, seat: str, who: Firer, target: str) -> str:
    """What a target id names, as `seat` knows it; unknown and hidden read the same. A unit
    hidden from the firer's side cannot be its target even when the umpire orders (CF-HIDDEN:
    the umpire rules it spotted first)."""
    if sees_unit(state, seat, target):
        if not sees_unit(state, who.side, target):
            label, side = state.spec(target).label, state.scenario.side_name(who.side)
            raise RuleViolation("CF-HIDDEN", f"{label} is hidden from {side}: reveal it first")
        return "unit"
    if target in state.craft:
        return "craft"
    if target in state.board.sites:
        return "site"
    raise InputError("target", f"unknown target {target!r}")


def _enemy(who: Firer, side: str, label: str) -> None:
    if side == who.side:
        raise RuleViolation("CF-FIRE", f"{label} is not an enemy of {who.label}")


# -- performing -----------------------------------------------------------------------------------


def validate(ctx: Ctx, action: Fire | ReactiveFire) -> tuple[Firer, str]:
    """Everything that makes a `fire` or `reactive-fire` legal, without rolling: the firer
    and what it fires at ("unit" or "site")."""
    state = ctx.state
    who = firer(ctx, action.unit)
    if isinstance(action, Fire):
        _own_initiative(ctx, who, f"{who.label} fires")
    else:
        if who.side != state.other:
            side = state.scenario.side_name(who.side)
            raise RuleViolation(
                "CF-REACT", f"{side} has the initiative: reactive fire is the other side's"
            )
        if who.no_fire:
            raise RuleViolation("CF-NOFIRE", f"{who.label} has a No Fire marker")
    kind = _target_kind(state, ctx.seat, who, action.target)
    if kind == "site":
        if isinstance(action, ReactiveFire):
            raise RuleViolation("CF-REACT", "reactive fire is direct fire at a stand")
        _may_fire_at_site(state, who, action.target)
        return who, kind
    if kind == "craft":
        boat = state.craft[action.target]
        _enemy(who, boat.side, boat.name)
        _no_direct_fire_at_craft(state, action.target)
    target = state.spec(action.target)
    _enemy(who, target.side, target.label)
    _targetable(state, action.target)
    if who.dice < 1:
        raise RuleViolation("CF-FIRE", f"{who.label} has no direct-fire dice")
    return who, kind


def fire(ctx: Ctx, action: Fire) -> None:
    who, kind = validate(ctx, action)
    if kind == "site":
        _he_at_site(ctx, who, action.target)
        return
    outcome = _direct(ctx, who, action.target, "direct")
    if outcome not in SUCCESS:
        pass_initiative(ctx, f"{who.label}'s fire fails to suppress or kill")


def reactive_fire(ctx: Ctx, action: ReactiveFire) -> None:
    who, _ = validate(ctx, action)
    window = ctx.state.window
    outcome = _direct(ctx, who, action.target, "reactive")
    if outcome not in SUCCESS:
        ctx.emit(NoFirePlaced(unit=who.id))
    elif window is not None and action.target in window.movers:
        if window.group is not None:
            ctx.emit(InitiativeKept(unit=action.target))
        else:
            label = ctx.state.spec(action.target).label
            pass_initiative(ctx, f"{label} is hit by reactive fire while moving")
            return
    window = ctx.state.window
    if window is not None and not any(targetable(ctx.state, m) for m in window.movers):
        close_window(ctx)


def indirect_fire(ctx: Ctx, action: IndirectFire) -> None:
    state = ctx.state
    who = firer(ctx, action.unit)
    _own_initiative(ctx, who, f"{who.label} fires")
    if not who.indirect or who.eff < 1:
        raise RuleViolation("CF-INDIRECT", f"{who.label} has no indirect fire (trait and EFF)")
    kind = _target_kind(state, ctx.seat, who, action.target)
    if kind == "site":
        raise RuleViolation("WAT-PONTOON-10", "pontoon bridges are attacked by HE fire (`fire`)")
    if kind == "craft":
        outcomes = _eff_at_craft(ctx, who, action.target)
    else:
        outcomes = _eff_at_unit(ctx, who, action.target)
    if not any(o in SUCCESS for o in outcomes):
        pass_initiative(ctx, f"{who.label}'s fire fails to suppress or kill")


# -- the kinds of fire ----------------------------------------------------------------------------


def _no_direct_fire_at_craft(state: WatState, craft_id: str) -> NoReturn:
    boat = state.craft[craft_id]
    if boat.status == "lost":
        raise RuleViolation("CF-STATUS", f"{boat.name} is lost")
    if state.in_water(craft_id):
        raise RuleViolation(
            "WAT-FIRE-01", f"{boat.name} is in the water: only indirect fire may attack it"
        )
    if boat.spec.ignored_for_combat:
        raise RuleViolation(
            boat.spec.capacity_rule, f"{boat.name} is ignored for combat: fire at its passenger"
        )
    raise RuleViolation("CF-VEHICLE-FIRE", f"direct fire at {boat.name} is not modelled")


def _targetable(state: WatState, unit_id: str) -> None:
    why = why_not_target(state, unit_id)
    if why is not None:
        raise RuleViolation(*why)


def _direct(ctx: Ctx, who: Firer, target: str, mode: Mode) -> str:
    """CF-FIRE: roll the firer's dice (fewer in cover) and apply the result."""
    reveal(ctx, who.id)
    check = checks.direct_fire(ctx.tables, who.dice, in_cover(ctx.state, target))
    result = ctx.roll(check)
    ctx.emit(Fired(unit=who.id, target=target, mode=mode, result=result))
    hit_stand(ctx, target, result.outcome)
    return result.outcome


def _may_fire_at_site(state: WatState, who: Firer, site_id: str) -> None:
    """WAT-PONTOON-10, AMB-WAT-20: HE weapons attack an enemy bridge, or a ferry still a site."""
    spec = state.board.sites[site_id]
    if spec.side == who.side:
        raise RuleViolation("CF-FIRE", f"{site_id} is not an enemy of {who.label}")
    if who.he < 1:
        raise RuleViolation(
            "WAT-PONTOON-10", f"only HE weapons attack pontoons; {who.label} has none"
        )
    if spec.kind == "ferry" and state.sites[site_id].ready:
        raise RuleViolation("AMB-WAT-20", f"the ferry at {site_id} is a craft now: fire at it")


def _he_at_site(ctx: Ctx, who: Firer, site_id: str) -> None:
    """WAT-PONTOON-10..13, AMB-WAT-18: HE at a bridge (no cover); a hit costs a CP or is
    damage, and the firer's EFF falls on the stands working there."""
    reveal(ctx, who.id)
    result = ctx.roll(checks.he_at_bridge(ctx.tables, who.he))
    ctx.emit(Fired(unit=who.id, target=site_id, mode="he", result=result))
    if result.outcome != "hit":
        pass_initiative(ctx, f"{who.label}'s HE fails to hit {site_id}")
        return
    ctx.emit(SiteHit(site=site_id, unit=who.id))
    if who.eff:
        for unit_id in involved(ctx.state, site_id):  # WAT-PONTOON-13
            eff = ctx.roll(checks.eff_stand(ctx.tables, who.eff, water=False))
            ctx.emit(Fired(unit=who.id, target=unit_id, mode="he", result=eff))
            hit_stand(ctx, unit_id, eff.outcome)


def _eff_at_craft(ctx: Ctx, who: Firer, craft_id: str) -> list[str]:
    """WAT-FIRE-01/02, CF-DEFAULT-EFF, AMB-WAT-12: EFF (doubled in the water) against ARM."""
    state = ctx.state
    boat = state.craft[craft_id]
    _enemy(who, boat.side, boat.name)
    if boat.status == "lost":
        raise RuleViolation("CF-STATUS", f"{boat.name} is lost")
    if boat.spec.ignored_for_combat:
        raise RuleViolation(
            boat.spec.capacity_rule, f"{boat.name} is ignored for combat: fire at its passenger"
        )
    arm = boat.spec.arm
    assert arm is not None, f"{boat.type} has no ARM"
    reveal(ctx, who.id)
    water = state.in_water(craft_id)
    result = ctx.roll(checks.eff_vehicle(ctx.tables, who.eff, arm[1], water))
    ctx.emit(Fired(unit=who.id, target=craft_id, mode="indirect", result=result))
    rule = "AMB-WAT-20" if boat.type == "folkestone" else "CF-DEFAULT-EFF"
    hit_craft(ctx, craft_id, result.outcome, rule)
    return [result.outcome]


def _eff_at_unit(ctx: Ctx, who: Firer, unit_id: str) -> list[str]:
    """EFF at a stand; in the water, every stand riding small craft in its square is under the
    template (WAT-FIRE-03, AMB-WAT-11)."""
    state = ctx.state
    spec = state.spec(unit_id)
    unit = state.units[unit_id]
    _enemy(who, spec.side, spec.label)
    if unit.status == "killed":
        raise RuleViolation("CF-STATUS", f"{spec.label} is killed")
    water = False
    under = [unit_id]
    if unit.aboard is not None:
        boat = state.craft[unit.aboard]
        if not boat.spec.ignored_for_combat:
            raise RuleViolation(
                "CF-APC", f"{spec.label} rides inside {boat.name}: fire at the craft"
            )
        water = state.in_water(unit.aboard)
        if water:
            under = _same_square_small_craft(state, boat.feature)
    reveal(ctx, who.id)
    if is_vehicle(state, unit_id):
        arm = spec.arm or (0, 0)
        result = ctx.roll(checks.eff_vehicle(ctx.tables, who.eff, arm[1], water=False))
        ctx.emit(Fired(unit=who.id, target=unit_id, mode="indirect", result=result))
        hit_stand(ctx, unit_id, result.outcome)
        return [result.outcome]
    outcomes = []
    for u in under:
        if ctx.state.units[u].status == "killed":
            continue  # lost with a boat sunk earlier in this fire
        result = ctx.roll(checks.eff_stand(ctx.tables, who.eff, water))
        ctx.emit(Fired(unit=who.id, target=u, mode="indirect", result=result))
        hit_stand(ctx, u, result.outcome)
        outcomes.append(result.outcome)
    return outcomes


def _same_square_small_craft(state: WatState, feature: str) -> list[str]:
    """WAT-FIRE-03: stands riding boats, amphibious jeeps or improvised flotation in one square
    count as within one stand width of each other."""
    return [
        u
        for u, unit in state.units.items()
        if unit.aboard is not None
        and unit.status != "killed"
        and state.craft[unit.aboard].feature == feature
        and state.craft[unit.aboard].spec.ignored_for_combat
    ]


# -- folding --------------------------------------------------------------------------------------


def _fired(state: WatState, e: Fired) -> WatState:
    if e.unit in state.units:
        unit = state.units[e.unit]
        return with_unit(state, e.unit, replace(unit, fired_in=state.initiative))
    boat = state.craft[e.unit]
    return with_craft(state, e.unit, replace(boat, fired_in=state.initiative))


def _no_fire(state: WatState, e: NoFirePlaced) -> WatState:
    """CF-NOFIRE; WAT-EMBARK-06 remembers markers placed during a forced group dismount."""
    if e.unit in state.units:
        state = with_unit(state, e.unit, replace(state.units[e.unit], no_fire=True))
    else:
        state = with_craft(state, e.unit, replace(state.craft[e.unit], no_fire=True))
    window = state.window
    if window is not None and window.group is not None:
        state = replace(state, window=replace(window, no_fire=(*window.no_fire, e.unit)))
    return state


TOPIC = Topic(
    __name__,
    performers=(
        performer(Fire, fire),
        performer(ReactiveFire, reactive_fire),
        performer(IndirectFire, indirect_fire),
    ),
    appliers=(
        applier(Fired, _fired),
        applier(NoFirePlaced, _no_fire),
        applier(InitiativeKept, lambda state, _: state),
    ),
)
