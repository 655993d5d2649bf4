"""Ammunition (AFV-AMMO-01..04): rolling and splitting main-gun rounds before the first card,
loading and unloading the gun (AFV-CREW-15), reloading MGs from fresh boxes (AFV-CREW-10/16).
Each side alone sees its crews' rounds, split and loaded round (the records go to it only).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.limits import Amount
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.base import (
    Act,
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
from kriegsspiel.rulesets.afv.state import AfvState, Mg, with_vehicle
from kriegsspiel.rulesets.afv.vehicles import ROUNDS, MgMount, Round
from kriegsspiel.rulesets.afv.wording import WEAPONS

# -- actions ------------------------------------------------------------------------------------


class RollAmmo(Act, frozen=True, tag="roll-ammo"):
    """SK-SETUP: roll an AFV's main-gun rounds (option main_gun_ammo, AMB-AFV-01)."""

    vehicle: str


class SplitAmmo(Act, frozen=True, tag="split-ammo"):
    """AFV-AMMO-04: the owner divides the rounds among HE, AP, smoke and canister; `loaded`
    names a round of the split to start in the breech."""

    vehicle: str
    he: Amount = 0
    ap: Amount = 0
    smoke: Amount = 0
    canister: Amount = 0
    loaded: Round | None = None


class Load(CrewAct, frozen=True, tag="load"):
    """AFV-CREW-15: the loader loads the main gun with a round still aboard."""

    round: Round


class Unload(CrewAct, frozen=True, tag="unload"):
    """AFV-CREW-15: the loader takes the round out of the main gun."""


class ReloadMg(CrewAct, frozen=True, tag="reload-mg"):
    """AFV-CREW-10/16: a fresh box for the bow MG (front gunner) or the coaxial MG (loader)."""

    mg: MgMount


# -- events (all to the owning side only) -------------------------------------------------------


class AmmoRolled(Ev, frozen=True, tag="ammo-rolled"):
    vehicle: str
    result: CheckResult

    def text(self) -> str:
        return (
            f"{self.vehicle} carries {self.result.outcome} main-gun rounds: {self.result.explain()}"
        )

    def summary(self) -> str:
        return f"{self.vehicle} carries {self.result.outcome} main-gun rounds"


class AmmoSplit(Ev, frozen=True, tag="ammo-split"):
    vehicle: str
    ammo: dict[Round, int]
    loaded: Round | None = None

    def text(self) -> str:
        split = ", ".join(f"{n} {r}" for r, n in self.ammo.items())
        more = f", with a round of {self.loaded} in the breech" if self.loaded else ""
        return f"{self.vehicle} stows {split}{more}"


class Loaded(Ev, frozen=True, tag="loaded"):
    vehicle: str
    round: Round

    def text(self) -> str:
        return f"{self.vehicle}'s loader loads {self.round}"


class Unloaded(Ev, frozen=True, tag="unloaded"):
    vehicle: str

    def text(self) -> str:
        return f"{self.vehicle}'s loader unloads the main gun"


class MgReloaded(Ev, frozen=True, tag="mg-reloaded"):
    vehicle: str
    mg: MgMount

    def text(self) -> str:
        return f"{self.vehicle}'s {WEAPONS[self.mg]} is reloaded from a fresh box"


# -- performing ---------------------------------------------------------------------------------


def _setup_vehicle(ctx: Ctx, vehicle_id: str) -> None:
    vehicle(ctx.state, ctx.seat, vehicle_id)
    if ctx.state.vtype(vehicle_id).main_gun is None:
        raise InputError("vehicle", f"{vehicle_id} has no main gun")
    if ctx.state.vehicles[vehicle_id].ammo is not None:
        raise RuleViolation("SK-SETUP", f"{vehicle_id}'s main-gun rounds are already stowed")


def roll_ammo(ctx: Ctx, action: RollAmmo) -> None:
    """AFV-AMMO-02/03 by option main_gun_ammo (AMB-AFV-01): d10 table or 3d6."""
    _setup_vehicle(ctx, action.vehicle)
    v = ctx.state.vehicles[action.vehicle]
    if v.ammo_rolled is not None:
        raise RuleViolation("SK-SETUP", f"{action.vehicle}'s main-gun rounds are already rolled")
    check = checks.main_gun_ammo(ctx.tables, ctx.state.scenario.options.main_gun_ammo)
    ctx.emit(AmmoRolled(vehicle=action.vehicle, result=ctx.roll(check)), own(v.side))


def split_ammo(ctx: Ctx, action: SplitAmmo) -> None:
    """AFV-AMMO-04: the allocation uses only HE, AP, smoke and canister and sums to the roll."""
    _setup_vehicle(ctx, action.vehicle)
    v = ctx.state.vehicles[action.vehicle]
    if v.ammo_rolled is None:
        raise RuleViolation("SK-SETUP", f"roll {action.vehicle}'s main-gun rounds first")
    split: dict[Round, int] = dict(
        zip(ROUNDS, (action.he, action.ap, action.smoke, action.canister), strict=True)
    )
    if any(n < 0 for n in split.values()):
        raise InputError("split-ammo", "a number of rounds cannot be negative")
    if sum(split.values()) != v.ammo_rolled:
        raise RuleViolation(
            "AFV-AMMO-04",
            f"the split must add up to the {v.ammo_rolled} rounds aboard, "
            f"not {sum(split.values())}",
        )
    if action.loaded is not None and split[action.loaded] < 1:
        raise RuleViolation("AFV-CREW-15", f"no {action.loaded} round in the split to load")
    ctx.emit(AmmoSplit(vehicle=action.vehicle, ammo=split, loaded=action.loaded), own(v.side))


def load(ctx: Ctx, action: Load) -> None:
    """AFV-CREW-15: any type of round still aboard, into an empty breech."""
    vehicle(ctx.state, ctx.seat, action.vehicle)
    duty(ctx.state, action.vehicle, action.crewman, ("loader",), "AFV-CREW-15", "load the main gun")
    side = ctx.state.vehicles[action.vehicle].side
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, "loads the main gun")
    if v.loaded is not None:
        raise RuleViolation("AFV-CREW-15", f"the main gun is already loaded with {v.loaded}")
    if (v.ammo or {}).get(action.round, 0) < 1:
        raise RuleViolation("AFV-CREW-15", f"no {action.round} rounds are left aboard")
    ctx.emit(Loaded(vehicle=action.vehicle, round=action.round), own(side))


def unload(ctx: Ctx, action: Unload) -> None:
    vehicle(ctx.state, ctx.seat, action.vehicle)
    duty(
        ctx.state, action.vehicle, action.crewman, ("loader",), "AFV-CREW-15", "unload the main gun"
    )
    side = ctx.state.vehicles[action.vehicle].side
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, "unloads the main gun")
    if v.loaded is None:
        raise RuleViolation("AFV-CREW-15", "the main gun is not loaded")
    ctx.emit(Unloaded(vehicle=action.vehicle), own(side))


RELOADERS: dict[str, tuple[str, str]] = {
    "bow": ("co-driver", "AFV-CREW-10"),
    "coax": ("loader", "AFV-CREW-16"),
}


def reload_mg(ctx: Ctx, action: ReloadMg) -> None:
    """AFV-CREW-10/16 with AMB-AFV-20: the loaded box is replaced by the spare (2 boxes -> 1).
    The seed gives no crewman the duty of reloading the AA MG."""
    vehicle(ctx.state, ctx.seat, action.vehicle)
    if action.mg not in ctx.state.vtype(action.vehicle).mgs:
        raise InputError("mg", f"{action.vehicle} has no {action.mg} MG")
    if action.mg not in RELOADERS:
        raise RuleViolation(
            "AFV-CREW-16",
            "no crewman's duties include reloading the AA MG (only the bow MG, AFV-CREW-10, "
            "and the coaxial MG)",
        )
    role, rule = RELOADERS[action.mg]
    duty(ctx.state, action.vehicle, action.crewman, (role,), rule, f"reload the {action.mg} MG")
    side = ctx.state.vehicles[action.vehicle].side
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, f"reloads the {action.mg} MG")
    if v.mgs[action.mg].boxes < 2:
        raise RuleViolation("AFV-AMMO-01", f"no fresh box is left for the {action.mg} MG")
    ctx.emit(MgReloaded(vehicle=action.vehicle, mg=action.mg), own(side))


# -- folding ------------------------------------------------------------------------------------


def _rolled(state: AfvState, e: AmmoRolled) -> AfvState:
    v = replace(state.vehicles[e.vehicle], ammo_rolled=int(e.result.outcome))
    return with_vehicle(state, e.vehicle, v)


def _split(state: AfvState, e: AmmoSplit) -> AfvState:
    ammo = dict(e.ammo)
    if e.loaded is not None:
        ammo[e.loaded] -= 1
    v = replace(state.vehicles[e.vehicle], ammo=ammo, loaded=e.loaded)
    return with_vehicle(state, e.vehicle, v)


def _loaded(state: AfvState, e: Loaded) -> AfvState:
    v = state.vehicles[e.vehicle]
    ammo = dict(v.ammo or {})
    ammo[e.round] -= 1
    return with_vehicle(state, e.vehicle, replace(v, ammo=ammo, loaded=e.round))


def _unloaded(state: AfvState, e: Unloaded) -> AfvState:
    v = state.vehicles[e.vehicle]
    assert v.loaded is not None
    ammo = dict(v.ammo or {})
    ammo[v.loaded] = ammo.get(v.loaded, 0) + 1
    return with_vehicle(state, e.vehicle, replace(v, ammo=ammo, loaded=None))


def _reloaded(state: AfvState, e: MgReloaded) -> AfvState:
    v = state.vehicles[e.vehicle]
    mg = v.mgs[e.mg]
    mgs = {**v.mgs, e.mg: Mg(boxes=mg.boxes - 1, rounds=250)}
    return with_vehicle(state, e.vehicle, replace(v, mgs=mgs))


TOPIC = Topic(
    __name__,
    performers=(
        performer(RollAmmo, roll_ammo),
        performer(SplitAmmo, split_ammo),
        performer(Load, load),
        performer(Unload, unload),
        performer(ReloadMg, reload_mg),
    ),
    appliers=(
        applier(AmmoRolled, _rolled),
        applier(AmmoSplit, _split),
        applier(Loaded, _loaded),
        applier(Unloaded, _unloaded),
        applier(MgReloaded, _reloaded),
    ),
)
