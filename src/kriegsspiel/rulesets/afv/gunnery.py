"""Fire (AFV-VIS-01, AFV-CREW-08/11/14/17/18/21, AFV-MALF-01..04, AFV-MORALE-01/02): crews fire
their AFV's weapons at acquired targets, men shoot theirs (SK-INFANTRY); the d100 to-hit roll
is the house table's (SK-DEFAULT-TO-HIT); hits, morale tests and releases follow.
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult, Modifier
from kriegsspiel.core.geometry import distance, in_arc
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import checks, morale
from kriegsspiel.rulesets.afv.arcs import FRONT_HALF, arc_of, in_rear_arc, line_of_sight, on_gun
from kriegsspiel.rulesets.afv.base import (
    Act,
    CrewAct,
    Ctx,
    Ev,
    Topic,
    applier,
    crew_turn,
    duty,
    man_turn,
    own,
    performer,
    vehicle,
)
from kriegsspiel.rulesets.afv.damage import hit_man, penetrating_hit
from kriegsspiel.rulesets.afv.state import AfvState, Mg, Vehicle, with_man, with_vehicle
from kriegsspiel.rulesets.afv.vehicles import Round, WeaponType
from kriegsspiel.rulesets.afv.vision import enemy_target, smoke_clears, unbuttoned
from kriegsspiel.rulesets.afv.wording import WEAPONS, inches, mm

Weapon = Literal["main", "coax", "bow", "aa"]
# Who may fire each weapon (the duties), and the rule that says so.
FIRERS: dict[str, tuple[tuple[str, ...], str]] = {
    "main": (("gunner", "commander"), "AFV-CREW-11"),
    "coax": (("gunner", "commander"), "AFV-CREW-11"),
    "bow": (("co-driver",), "AFV-CREW-08"),
    "aa": (("loader", "commander"), "AFV-CREW-17"),
}

# What a shot's result means, in the words of the log (AFV-MALF-01..04 with AMB-AFV-11).
SHOT_RESULTS = {
    "hit": "hit",
    "miss": "miss",
    "backfire": "the gun backfires and fills the tank with smoke",
    "broken": "the firing mechanism breaks",
    "jam": "the MG jams",
}

# -- actions ------------------------------------------------------------------------------------


class Fire(CrewAct, frozen=True, tag="fire"):
    """A crewman fires one of the AFV's weapons at a target the crew has acquired."""

    weapon: Weapon
    target: str


class SightIn(CrewAct, frozen=True, tag="sight-in"):
    """AFV-CREW-14: the gunner sights in on a target: +20 on the next main-gun shot at it."""

    target: str


class Shoot(Act, frozen=True, tag="shoot"):
    """SK-INFANTRY: a man shoots his weapon at an enemy he can see."""

    man: str
    target: str


# -- events -------------------------------------------------------------------------------------


class Fired(Ev, frozen=True, tag="fired"):
    """Seen by all: the shot, its roll and any malfunction (AFV-MALF-01..04)."""

    vehicle: str
    role: str
    weapon: Weapon
    target: str
    range: float
    result: CheckResult

    def text(self) -> str:
        return (
            f"{self.vehicle}'s {self.role} fires the {WEAPONS[self.weapon]} at "
            f"{self.target} ({inches(self.range)}): {self.result.explain()}"
        )

    def summary(self) -> str:
        result = SHOT_RESULTS.get(self.result.outcome, self.result.outcome)
        return f"{self.vehicle}'s {WEAPONS[self.weapon]} at {self.target}: {result}"


class Shot(Ev, frozen=True, tag="shot"):
    man: str
    target: str
    range: float
    result: CheckResult

    def text(self) -> str:
        return f"{self.man} shoots at {self.target} ({inches(self.range)}): {self.result.explain()}"

    def summary(self) -> str:
        return f"{self.man} at {self.target}: {self.result.outcome}"


class SightedIn(Ev, frozen=True, tag="sighted-in"):
    vehicle: str
    target: str

    def text(self) -> str:
        return f"{self.vehicle}'s gunner sights in on {self.target}"


class Bounced(Ev, frozen=True, tag="bounced"):
    """A hit whose penetration does not reach the armour of the facing hit (SK-DEFAULT-DAMAGE)."""

    vehicle: str
    facing: str
    armour: int
    penetration: int

    def text(self) -> str:
        return (
            f"the hit on {self.vehicle}'s {self.facing} does not penetrate: {mm(self.penetration)} "
            f"against {mm(self.armour)} of armour"
        )

    def summary(self) -> str:
        return f"the hit on {self.vehicle} does not penetrate"


# -- who may fire at what -----------------------------------------------------------------------


def usable(v: Vehicle, role: str, weapon: str) -> set[str]:
    """AFV-VIS-01 with AMB-AFV-08: the targets a firer may engage: those he acquired, those the
    commander acquired (he directs the crew), and for the commander at the gun the gunner's."""
    known = set()
    for who in {role, "commander"} | (
        {"gunner"} if role == "commander" and weapon in ("main", "coax") else set()
    ):
        c = v.at(who)
        if c is not None:
            known |= set(c.acquired)
    return known


def fire(ctx: Ctx, action: Fire) -> None:
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    vt = state.vtype(action.vehicle)
    key = vt.main_gun if action.weapon == "main" else vt.mgs.get(action.weapon)
    if key is None:
        raise InputError("weapon", f"a {vt.name} has no {action.weapon} weapon")
    roles, rule = FIRERS[action.weapon]
    if action.weapon == "aa" and action.crewman == "commander":
        rule = "AFV-CREW-21"
    duty(state, action.vehicle, action.crewman, roles, rule, f"fire the {action.weapon} weapon")
    side = state.vehicles[action.vehicle].side
    what = f"fires the {action.weapon} at {action.target}"
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, what)
    to = enemy_target(ctx.state, side, action.target)
    if action.target not in usable(v, action.crewman, action.weapon):
        raise RuleViolation(
            rule if action.weapon == "bow" else "AFV-VIS-01",
            f"no crewman whose sighting the {action.crewman} can use has acquired {action.target}",
        )
    _bears(v, action, to)
    if not line_of_sight(ctx.state, v.position, to):
        raise RuleViolation("SK-LOS", f"a building blocks the line to {action.target}")
    weapon = ctx.state.weapon(key)
    round_: Round | None = None
    if action.weapon == "main":
        if "main-gun" in v.faults:
            raise RuleViolation(
                "AFV-MALF-03", "the main gun's firing mechanism is broken until repaired"
            )
        if v.loaded is None:
            raise RuleViolation("AFV-CREW-15", "the main gun is not loaded")
        round_ = v.loaded
    else:
        mg = v.mgs[action.weapon]
        if action.weapon in v.faults:
            raise RuleViolation("AFV-MALF-04", f"the {action.weapon} MG is jammed until repaired")
        if mg.rounds < ctx.state.scenario.options.mg_rounds_per_burst:
            raise RuleViolation("AMB-AFV-20", f"the {action.weapon} MG's box is empty: reload it")
    rng = round(distance(v.position, to), 4)
    _in_range(weapon, rng, action.target)
    mods: list[Modifier] = []
    if action.weapon == "main" and v.sighted == action.target:
        mods.append(checks.sight_in_modifier())
    if action.crewman == "commander" and action.weapon in ("main", "coax"):
        mods.append(checks.commander_modifier())
    result = ctx.roll(checks.to_hit(ctx.tables, weapon.kind, rng, tuple(mods)))
    ev = Fired(
        vehicle=action.vehicle,
        role=action.crewman,
        weapon=action.weapon,
        target=action.target,
        range=rng,
        result=result,
    )
    ctx.emit(ev)
    outcome(ctx, action.vehicle, action.target, result.outcome == "hit", weapon, round_)


def _bears(v: Vehicle, action: Fire, to: tuple[float, float]) -> None:
    """The weapon must bear: the gun and coax where the turret points (AFV-VIS-04, AMB-AFV-07),
    the bow MG ahead (AFV-VIS-02); the AA MG needs an unbuttoned firer (AFV-CREW-17/21) who, on
    a rear bearing, stands on the back deck (AMB-AFV-18)."""
    if action.weapon in ("main", "coax") and not on_gun(v, to):
        raise RuleViolation(
            "AFV-VIS-04", f"the gun does not bear on {action.target}: traverse first"
        )
    if action.weapon == "bow" and not in_arc(v.facing, FRONT_HALF, v.position, to):
        raise RuleViolation("AFV-VIS-02", f"the bow MG bears only ahead; {action.target} is not")
    if action.weapon == "aa":
        rule = "AFV-CREW-21" if action.crewman == "commander" else "AFV-CREW-17"
        if not unbuttoned(v, action.crewman):
            raise RuleViolation(rule, f"the {action.crewman} must be unbuttoned to fire the AA MG")
        c = v.at(action.crewman)
        if in_rear_arc(v, to) and not (c and c.on_deck):
            raise RuleViolation(
                "AMB-AFV-18",
                f"{action.target} is astern: the {action.crewman} must first climb onto "
                "the back deck",
            )


def _in_range(weapon: WeaponType, rng: float, target: str) -> None:
    if weapon.range is not None and rng > weapon.range + 1e-9:
        raise RuleViolation(
            "SK-DEFAULT-TO-HIT",
            f'{target} is {rng:.1f}" away; a {weapon.name} reaches {weapon.range:g}"',
        )


def sight_in(ctx: Ctx, action: SightIn) -> None:
    state = ctx.state
    vehicle(state, ctx.seat, action.vehicle)
    if state.vtype(action.vehicle).main_gun is None:
        raise InputError("vehicle", f"{action.vehicle} has no main gun")
    duty(state, action.vehicle, action.crewman, ("gunner",), "AFV-CREW-14", "sight in")
    side = state.vehicles[action.vehicle].side
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, f"sights in on {action.target}")
    to = enemy_target(ctx.state, side, action.target)
    if action.target not in usable(v, "gunner", "main"):
        raise RuleViolation(
            "AFV-VIS-01", f"neither the gunner nor the commander has acquired {action.target}"
        )
    if not on_gun(v, to):
        raise RuleViolation(
            "AFV-VIS-04", f"the gun does not bear on {action.target}: traverse first"
        )
    ctx.emit(SightedIn(vehicle=action.vehicle, target=action.target), own(side))


def shoot(ctx: Ctx, action: Shoot) -> None:
    man = man_turn(ctx, action.man, f"shoots at {action.target}")
    weapon = ctx.state.weapon(man.weapon)
    if man.shots is not None and man.shots < 1:
        raise RuleViolation("SK-INFANTRY", f"{action.man} has fired his {weapon.name}")
    to = enemy_target(ctx.state, man.side, action.target)
    if not line_of_sight(ctx.state, man.position, to):
        raise RuleViolation("SK-LOS", f"a building blocks the line to {action.target}")
    rng = round(distance(man.position, to), 4)
    _in_range(weapon, rng, action.target)
    result = ctx.roll(checks.to_hit(ctx.tables, weapon.kind, rng))
    ctx.emit(Shot(man=action.man, target=action.target, range=rng, result=result))
    outcome(ctx, action.man, action.target, result.outcome == "hit", weapon, None)


# -- what the shot does -------------------------------------------------------------------------


def outcome(
    ctx: Ctx, firer: str, target: str, hit: bool, weapon: WeaponType, round_: Round | None
) -> None:
    """Apply a hit, then the AFV's morale test: AFV-MORALE-01 fired on (hit or miss) by a weapon
    able to destroy it (AMB-AFV-16: best penetration >= the armour of the facing fired at),
    AFV-MORALE-02 a crewman killed or seriously wounded; one test for one shot. Then the
    immobilised test, once (AMB-AFV-23), and AFV-MORALE-04 releases."""
    if target in ctx.state.men:
        if hit and round_ != "SMOKE":
            hit_man(ctx, target, firer)
        morale.release(ctx)
        return
    before = ctx.state.vehicles[target]
    tv = before
    facing = arc_of(tv.facing, tv.position, _position(ctx.state, firer))
    armour = ctx.state.vtype(target).armour.of(facing)
    penetration = weapon.penetration_of(round_)
    if hit and round_ != "SMOKE":
        if penetration >= armour and penetration > 0:
            penetrating_hit(ctx, target, firer)
        else:
            ctx.emit(Bounced(vehicle=target, facing=facing, armour=armour, penetration=penetration))
    after = ctx.state.vehicles[target]
    if after.active:
        reasons = []
        if weapon.best_penetration >= armour:
            reasons.append("fired on by a weapon able to destroy it, AFV-MORALE-01")
        if _casualties(before, after):
            reasons.append("a crewman killed or seriously wounded, AFV-MORALE-02")
        if reasons:
            morale.morale_test(ctx, target, "; ".join(reasons), threat=firer)
        if after.immobilised and not before.immobilised:
            morale.immobilised_test(ctx, target)
    morale.release(ctx)


def _casualties(before: Vehicle, after: Vehicle) -> bool:
    return any(
        c.status in ("killed", "serious") and before.crew[k].status not in ("killed", "serious")
        for k, c in after.crew.items()
    )


def _position(state: AfvState, model: str) -> tuple[float, float]:
    if model in state.vehicles:
        return state.vehicles[model].position
    return state.men[model].position


# -- folding ------------------------------------------------------------------------------------


def _fired(state: AfvState, e: Fired) -> AfvState:
    """Spend the round (or a burst); AFV-MALF-01..04 with AMB-AFV-11: a backfire fills the tank
    with smoke (nobody sees: acquisitions are lost), a 99 breaks the gun, a 100 jams an MG."""
    v = state.vehicles[e.vehicle]
    outcome_ = e.result.outcome
    if e.weapon == "main":
        v = replace(v, loaded=None, sighted=None)
        if outcome_ == "broken":
            v = replace(v, faults=(*v.faults, "main-gun"))
        elif outcome_ == "backfire":
            crew = {k: replace(c, acquired=()) for k, c in v.crew.items()}
            v = replace(v, smoke=True, smoke_clears_on=None, crew=crew)
            v = replace(v, smoke_clears_on=smoke_clears(state, v))
    else:
        mg = v.mgs[e.weapon]
        burst = state.scenario.options.mg_rounds_per_burst
        jammed = outcome_ == "jam"
        v = replace(
            v,
            mgs={**v.mgs, e.weapon: Mg(boxes=mg.boxes, rounds=mg.rounds - burst)},
            faults=(*v.faults, e.weapon) if jammed else v.faults,
        )
    return with_vehicle(state, e.vehicle, v)


def _shot(state: AfvState, e: Shot) -> AfvState:
    man = state.men[e.man]
    if man.shots is None:
        return state
    return with_man(state, replace(man, shots=man.shots - 1))


def _sighted(state: AfvState, e: SightedIn) -> AfvState:
    return with_vehicle(state, e.vehicle, replace(state.vehicles[e.vehicle], sighted=e.target))


TOPIC = Topic(
    __name__,
    performers=(
        performer(Fire, fire),
        performer(SightIn, sight_in),
        performer(Shoot, shoot),
    ),
    appliers=(
        applier(Fired, _fired),
        applier(Shot, _shot),
        applier(SightedIn, _sighted),
        applier(Bounced, lambda state, _: state),
    ),
)
