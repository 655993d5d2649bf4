"""Clearing minefields (ENG-MINE-32..46): only line charges, flails (and the Conger, congers.py)
make a mine-free lane (ENG-MINE-32); marking a lane (crossing.py) and artillery leave the mines.
Also artillery against wire (ENG-WIRE-11/12).

A line charge is prepared with one engineering action at the field's edge and fired with a
demolition action (ENG-MINE-36, charges.py): a lane one vehicle wide and 1" deep, cleared
(ENG-MINE-37). A flail tank drives through at half speed, rolling as anyone would; anything but
a knocked-out result clears a lane behind it, which damages the flail instead (ENG-MINE-39..44).
An artillery template attacks a section as dug-in troops: a knocked-out result thins it one step,
never below scattered (ENG-MINE-45/46, AMB-ENG-16); wire as troops in a log pillbox, a knocked-out
result gapping it (ENG-WIRE-11/12).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult, Modifier
from kriegsspiel.core.geometry import measure
from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import UMPIRE, only
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    FIRE_AT,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import conformed, is_vehicle, point_along
from kriegsspiel.rulesets.engineering.minefields.passage import (
    MinefieldFound,
    attempt,
    make_lane,
    strike,
)
from kriegsspiel.rulesets.engineering.obstacles import features
from kriegsspiel.rulesets.engineering.obstacles.charges import at_target
from kriegsspiel.rulesets.engineering.obstacles.crossing import (
    destination,
    looker,
    not_bogged,
    sections_on,
    start,
)
from kriegsspiel.rulesets.engineering.obstacles.features import Maneuvered
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import indirect_fire
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import FLAIL
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import (
    DENSITIES,
    Density,
    Kit,
    Minefield,
)
from kriegsspiel.rulesets.engineering.obstacles.wire import gap
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.play.fire import fire_modifiers, mark_fired, may_fire
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer, watch_move
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, Point

# -- actions and events ---------------------------------------------------------------------------


class Flail(Act, frozen=True, tag="flail"):
    """A flail tank drives with its flail running (ENG-MINE-39): through a section it names, or
    to a point, flailing every section on the way, known or not."""

    unit: str
    minefield: str = ""
    to: Point | None = None
    distance: Distance | None = None  # declared distance to the field, without positions
    length: Distance | None = None  # declared length of the move, without positions


class DiscardFlail(Act, frozen=True, tag="discard-flail"):
    """One engineering action dropping a damaged flail (ENG-MINE-44, AMB-ENG-42)."""

    unit: str


class FlailRun(Ev, frozen=True, tag="flail-run"):
    """Seen by all: the flail turns; the tank may not fire meanwhile (ENG-MINE-40)."""

    unit: str

    def text(self) -> str:
        return f"{self.unit} runs its flail and may not fire while it does (ENG-MINE-40)"


class FlailDamaged(Ev, frozen=True, tag="flail-damaged"):
    unit: str

    def text(self) -> str:
        return f"{self.unit}'s flail is damaged (ENG-MINE-42)"


class FlailDiscarded(Ev, frozen=True, tag="flail-discarded"):
    unit: str

    def text(self) -> str:
        return f"{self.unit} discards its flail: an ordinary tank of its type (ENG-MINE-44)"


class FeatureShelled(Ev, frozen=True, tag="feature-shelled"):
    """An artillery template's attack on a minefield section or wire."""

    unit: str
    target: str
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit} bombards {self.target}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit}'s artillery strikes {self.target}: {self.result.explain()}"


class DensityReduced(Ev, frozen=True, tag="density-reduced"):
    """ENG-MINE-46, AMB-ENG-16: shown to the field's side only."""

    section: str
    at: Density | None
    ap: Density | None

    def text(self) -> str:
        parts = [f"{k} {v}" for k, v in (("AT", self.at), ("AP", self.ap)) if v]
        return f"minefield {self.section} is thinned to {', '.join(parts)} (ENG-MINE-46)"


# -- line charges ---------------------------------------------------------------------------------


def _may_line_charge(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """AMB-ENG-14: engineers only, conformed to the field's edge."""
    at_target(ctx, spec, demo, action.distance, "ENG-MINE-36")


def _line_charge(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    """ENG-MINE-37: a lane one vehicle wide and 1" deep, cleared of all mines."""
    if demo.target in ctx.state.minefields:
        make_lane(ctx, demo.target, demo.side, "cleared", demo.position, "ENG-MINE-37")


# -- flails ---------------------------------------------------------------------------------------


def flail(ctx: Ctx, action: Flail) -> None:
    """ENG-MINE-39..42 with AMB-ENG-15: all the passage modifiers apply, one roll per section."""
    spec = start(ctx, action.unit, "flails")
    state = ctx.state
    kit = state.kit.get(spec.id, Kit())
    if FLAIL not in spec.traits or not is_vehicle(spec) or kit.flail == "discarded":
        raise RuleViolation("ENG-MINE-39", f"{spec.label} has no flail")
    if kit.flail == "damaged":
        raise RuleViolation("ENG-MINE-43", f"{spec.label}'s flail is damaged: no more clearing")
    not_bogged(state, spec)
    pos = state.units[spec.id].position
    route: list[tuple[float | None, str]]
    if action.minefield:
        field = features.minefield(state, looker(ctx, spec), action.minefield)
        conformed(spec, pos, field.footprint, action.distance, "BF-CONFORM", field.label)
        to = destination(state, spec, field.footprint, action.to)
        route = [(None, field.id)]
    elif pos is not None and action.to is not None:
        to, route = action.to, [(at, s) for at, s in sections_on(state, pos, action.to)]
    else:
        raise InputError("minefield", "name the minefield, or give to= with positions on record")
    moving = measure(pos, to, action.length)
    if spec.speed is not None and moving is not None and moving.inches > spec.speed / 2 + 1e-9:
        raise RuleViolation(
            "ENG-MINE-39",
            f'{spec.label} flails at half its speed, at most {spec.speed / 2:g}", not {moving}',
        )
    ctx.emit(FlailRun(unit=spec.id))
    _flail_through(ctx, spec, pos, to, route)
    watch_move(ctx, spec)  # BF-DEFAULT-OPFIRE


def _flail_through(
    ctx: Ctx,
    spec: EngUnit,
    pos: Point | None,
    to: Point | None,
    route: list[tuple[float | None, str]],
) -> None:
    """ENG-MINE-41/42: one passage roll per section on the way; a knock-out stops the tank."""
    for at, section in route:
        if section not in ctx.state.minefields:
            continue
        if attempt(ctx, spec, section).outcome == "knocked-out":
            ctx.emit(FlailDamaged(unit=spec.id))
            stop = point_along(pos, to, at) if pos and to and at is not None else None
            ctx.emit(Maneuvered(unit=spec.id, how="halts in a minefield", to=stop))
            strike(ctx, spec, "disordered", "ENG-MINE-42")
            return
        _flailed(ctx, spec, section, pos)
    ctx.emit(Maneuvered(unit=spec.id, how="flails", to=to))


def _flailed(ctx: Ctx, spec: EngUnit, section: str, at: Point | None) -> None:
    """ENG-MINE-41: a cleared lane where the flail got through. Its side learns of a section it
    did not know: the flail set off the mines it cleared (a decision; AMB-ENG-13 covers the
    crossing of a unit that only rolled traverse)."""
    field = ctx.state.minefields.get(section)
    if field is None:
        return  # a dummy, revealed and removed
    if not features.knows(spec.side, field):
        found = MinefieldFound(
            section=section,
            side=spec.side,
            footprint=field.footprint,
            how="flailed",
            side_name=ctx.state.scenario.side_name(spec.side),
        )
        ctx.emit(found, only(spec.side, field.side))
    make_lane(ctx, section, spec.side, "cleared", at, "ENG-MINE-41")


def discard_flail(ctx: Ctx, action: DiscardFlail) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    if FLAIL not in spec.traits or state.kit.get(spec.id, Kit()).flail != "damaged":
        raise RuleViolation("ENG-MINE-44", f"{spec.label} has no damaged flail to discard")
    declare(ctx, spec, "discard-flail", spec.id, only(spec.side))


def _resolve_discard(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    ctx.emit(FlailDiscarded(unit=pending.unit))


def _no_fire(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> tuple[Modifier, ...]:
    """ENG-MINE-40: no fire while the flail runs (from its flailing until the tank's next player
    turn); ENG-MINE-43: none at all with a damaged flail until it is discarded."""
    state = ctx.state
    kit = state.kit.get(firer.id)
    if kit is None:
        return ()
    if kit.flail == "damaged":
        raise RuleViolation("ENG-MINE-43", f"{firer.label} may not fire until it drops its flail")
    if kit.flail == "ready" and kit.flailed_at in (state.player_turn, state.previous_player_turn):
        raise RuleViolation("ENG-MINE-40", f"{firer.label} may not fire while its flail runs")
    return ()


# -- artillery ------------------------------------------------------------------------------------


def thinner(density: Density | None) -> Density | None:
    """ENG-MINE-46: one step thinner, never below scattered."""
    if density is None:
        return None
    return DENSITIES[max(DENSITIES.index(density) - 1, 0)]


def bombard_feature(ctx: Ctx, spec: EngUnit, target: str, modifier: int) -> bool:
    """An artillery unit's template on a minefield section or wire the firing seat knows of
    (the umpire knows them all); False if the target is neither. Uses the unit's attack against
    troops, for the feature is attacked as troops (ENG-MINE-45, ENG-WIRE-11)."""
    state = ctx.state
    try:
        found = features.feature(state, UMPIRE if ctx.seat == UMPIRE else spec.side, target)
    except InputError:
        return False
    if not isinstance(found, Minefield) and found.kind != "wire":
        rule = "AMB-ENG-20" if found.kind == "at-obstacle" else "BF-IDF"
        raise RuleViolation(rule, f"artillery has no effect on {found.label} ({found.kind})")
    may_fire(state, spec)
    fire_modifiers(ctx, spec, target, indirect=True)
    strength = spec.attack.get("T")
    if strength is None:
        raise RuleViolation("BF-FIRE", f"{spec.label} has no attack strength against troops")
    if isinstance(found, Minefield):
        _shell_minefield(ctx, spec, found, strength, modifier)
        return True
    result = ctx.roll(indirect_fire(ctx.tables, strength, "log-pillbox", modifier=modifier))
    ctx.emit(FeatureShelled(unit=spec.id, target=found.id, result=result))
    if result.outcome == "knocked-out":
        gap(ctx, found, "ENG-WIRE-12")
    return True


def _shell_minefield(
    ctx: Ctx, spec: EngUnit, field: Minefield, strength: int, modifier: int
) -> None:
    """ENG-MINE-45/46, AMB-ENG-16 (both parts of a mixed field); AMB-ENG-12: a dummy is never
    changed by artillery, and the firer sees the same as for a real field."""
    options = ctx.state.scenario.options
    check = indirect_fire(ctx.tables, strength, "dug-in", options.idf_dug_in_modifier, modifier)
    result = ctx.roll(check)
    aware = features.knows(spec.side, field)
    seen = only(spec.side, field.side) if aware else only(field.side)
    ctx.emit(FeatureShelled(unit=spec.id, target=field.id, result=result), seen)
    if result.outcome != "knocked-out" or field.dummy:
        return
    at, ap = thinner(field.at), thinner(field.ap)
    if (at, ap) != (field.at, field.ap):
        ctx.emit(DensityReduced(section=field.id, at=at, ap=ap), only(field.side))


# -- folding --------------------------------------------------------------------------------------


def _kit(state: EngState, unit_id: str, **changes: Any) -> EngState:
    kit = replace(state.kit.get(unit_id, Kit()), **changes)
    return replace(state, kit={**state.kit, unit_id: kit})


def _thinned(state: EngState, e: DensityReduced) -> EngState:
    field = replace(state.minefields[e.section], at=e.at, ap=e.ap)
    return replace(state, minefields={**state.minefields, field.id: field})


TOPIC = Topic(
    __name__,
    performers=(
        performer(Flail, flail),
        performer(DiscardFlail, discard_flail),
    ),
    appliers=(
        applier(FlailRun, lambda state, e: _kit(state, e.unit, flailed_at=state.player_turn)),
        applier(FlailDamaged, lambda state, e: _kit(state, e.unit, flail="damaged")),
        applier(FlailDiscarded, lambda state, e: _kit(state, e.unit, flail="discarded")),
        applier(FeatureShelled, lambda state, e: mark_fired(state, e.unit)),
        applier(DensityReduced, _thinned),
    ),
    resolvers={
        "discard-flail": _resolve_discard,
    },
    hooks={
        FIRE_AT: _no_fire,
    },
    demolition_kinds={
        "line-charge": DemolitionKind(may_prepare=_may_line_charge, effect=_line_charge),
    },
)
