"""Crossing minefields and obstacles: the breach action (BF-BREACH), ordinary moves through them,
and what a move across the table meets (the MAY_MOVE and MOVED hooks of sequence.py).

A minefield is crossed with a breach action, which marks a lane on a traverse (ENG-MINE-33) and
may follow a lane (ENG-MINE-34, -38), or with an ordinary move, which goes farther but makes no
lane (ENG-MINE-35). Obstacles ask what the terrain-effect ladder says (AMB-ENG-03): nothing, a
breach action, a breach action with a bog-down check, or nothing will get this unit across.
Where positions are on record, a plain `move` that runs into a minefield rolls for each section
it enters (one roll per section, AMB-ENG-15) and stops at the edge of the one that stops it, and a
move through an obstacle that asks more than a move is refused.
"""

from __future__ import annotations

from kriegsspiel.core import shapes
from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    MAY_MOVE,
    MOVED,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import (
    CONFORM_REACH,
    Footprint,
    conformed,
    crossed,
    distance_to,
    far_side,
    inside,
    is_vehicle,
    mobility,
    point_along,
)
from kriegsspiel.rulesets.engineering.minefields.passage import attempt, make_lane, strike
from kriegsspiel.rulesets.engineering.nearby import footprints
from kriegsspiel.rulesets.engineering.obstacles import features
from kriegsspiel.rulesets.engineering.obstacles.bocage import has_cutter
from kriegsspiel.rulesets.engineering.obstacles.features import (
    Halted,
    Maneuvered,
    change,
    crossing_refusal,
    effect,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import bog_down
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import (
    Footing,
    Minefield,
    MineLane,
    Obstacle,
)
from kriegsspiel.rulesets.engineering.play.sequence import may_maneuver
from kriegsspiel.rulesets.engineering.play.work import watch_move
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point

# -- actions --------------------------------------------------------------------------------------


class Breach(Act, frozen=True, tag="breach"):
    """A breach action across a minefield section or obstacle the unit is conformed to
    (BF-BREACH); `lane` follows a lane through a minefield (ENG-MINE-34, -38)."""

    unit: str
    obstacle: str
    lane: str = ""
    to: Point | None = None  # where it ends; by default straight across
    distance: Distance | None = None  # declared distance to the obstacle, without positions


class Cross(Act, frozen=True, tag="cross"):
    """An ordinary move into or through a minefield section (ENG-MINE-35; `rapid` for Rapid
    Advance, ENG-MINE-08) or an obstacle that asks no more of the unit (ENG-OBST-03,
    ENG-BOCAGE-04), or troops into a ditch they are conformed to (ENG-DITCH-03)."""

    unit: str
    obstacle: str
    to: Point | None = None
    rapid: bool = False
    distance: Distance | None = None


# -- events ---------------------------------------------------------------------------------------


class BogDownRolled(Ev, frozen=True, tag="bog-down-rolled"):
    """Seen by all: the breach/bog-down check of a vehicle crossing an obstacle."""

    unit: str
    obstacle: str
    result: CheckResult

    def summary(self) -> str:
        return f"{self.unit} at {self.obstacle}: {self.result.outcome}"

    def text(self) -> str:
        return f"{self.unit} at {self.obstacle}: {self.result.explain()}"


# -- shared checks --------------------------------------------------------------------------------


def start(ctx: Ctx, unit_id: str, what: str) -> EngUnit:
    """The common refusals of a maneuver at an obstacle (BF-SEQ, BF-ACT, ENG-ACT-03)."""
    not_waiting(ctx.state)
    spec = own(ctx.state, ctx.seat, unit_id)
    may_maneuver(ctx.state, spec, what)
    return spec


def looker(ctx: Ctx, spec: EngUnit) -> str:
    """Who picks the feature: the umpire may send a unit into a section its side does not know
    (at a table without positions, where the umpire sees it walk in); a side only into those it
    knows."""
    return UMPIRE if ctx.seat == UMPIRE else spec.side


def not_bogged(state: EngState, spec: EngUnit, retrying: str = "") -> None:
    """BF-DEFAULT-BOG: a bogged unit is immobile; it may retry its breach with a later action."""
    bogged = state.footing.get(spec.id, Footing()).bogged
    if bogged and bogged != retrying:
        raise RuleViolation(
            "BF-DEFAULT-BOG", f"{spec.label} is bogged down at {bogged}; it may only retry there"
        )


def destination(
    state: EngState, spec: EngUnit, fp: Footprint | None, to: Point | None
) -> Point | None:
    """Where a crossing ends: as given, else straight across the footprint, else unrecorded."""
    if to is not None:
        return to
    u = state.units[spec.id]
    if u.position is None or fp is None:
        return None
    return far_side(u.position, fp, u.facing)


# -- breach ---------------------------------------------------------------------------------------


def breach(ctx: Ctx, action: Breach) -> None:
    """BF-BREACH: a maneuver action across a feature the unit is conformed to (or in)."""
    spec = start(ctx, action.unit, "takes a breach action")
    state = ctx.state
    found = features.feature(state, looker(ctx, spec), action.obstacle)
    not_bogged(state, spec, found.id)
    if not features.occupies(state, spec.id, found):
        pos = state.units[spec.id].position
        conformed(spec, pos, found.footprint, action.distance, "BF-BREACH", found.label)
    if isinstance(found, Minefield):
        _breach_minefield(ctx, spec, found, action)
    else:
        _breach_obstacle(ctx, spec, found, action)
    watch_move(ctx, spec)  # BF-DEFAULT-OPFIRE


def _lane(state: EngState, spec: EngUnit, field: Minefield, lane_id: str) -> MineLane | None:
    if not lane_id:
        return None
    lane = state.mine_lanes.get(lane_id)
    if lane is None or lane.side != spec.side or lane.section != field.id:
        raise InputError("lane", f"no lane {lane_id!r} of {spec.side} through {field.id}")
    return lane


def _breach_minefield(ctx: Ctx, spec: EngUnit, field: Minefield, action: Breach) -> None:
    """ENG-MINE-33: a breach action into the field and a passage roll; a traverse marks a lane.
    ENG-MINE-34: following a marked lane or traversed path, +1; ENG-MINE-38: through a cleared
    lane, no roll at all."""
    state = ctx.state
    lane = _lane(state, spec, field, action.lane)
    at = state.units[spec.id].position
    result = attempt(ctx, spec, field.id, lane=lane)
    to = destination(state, spec, field.footprint, action.to)
    if result.outcome != "traverse":
        ctx.emit(Maneuvered(unit=spec.id, how="breaches"))
        strike(ctx, spec, result.outcome)
        return
    ctx.emit(Maneuvered(unit=spec.id, how="breaches", to=to))
    if lane is None and _still_known(ctx.state, spec, field.id):
        make_lane(ctx, field.id, spec.side, "marked", at, "ENG-MINE-33")


def _still_known(state: EngState, spec: EngUnit, section: str) -> bool:
    """A lane is recorded for a side only through a section it knows (and that is still there,
    not a dummy revealed): a traverse of an unknown one tells it nothing (AMB-ENG-13)."""
    field = state.minefields.get(section)
    return field is not None and features.knows(spec.side, field)


def _breach_obstacle(ctx: Ctx, spec: EngUnit, obs: Obstacle, action: Breach) -> None:
    """AMB-ENG-03: a breach, with a bog-down check where the ladder asks one (troop stands never
    roll it). ENG-WIRE-06 / ENG-BOCAGE-03: a vehicle that gets through leaves a gap.
    ENG-BOCAGE-01: a vehicle breaching bocage without a cutter shows its flank. ENG-DITCH-03/04:
    troops leave a ditch with a breach action, having entered it with a move."""
    state = ctx.state
    if action.lane:
        raise InputError("lane", f"{obs.label} is no minefield; lanes run through minefields")
    within = features.occupies(state, spec.id, obs)
    if obs.kind == "ditch" and obs.condition != "bridged" and not is_vehicle(spec) and not within:
        raise RuleViolation(
            "ENG-DITCH-03", f"{spec.label} must first move into {obs.label} (it is conformed)"
        )
    what, rule = effect(state, obs, spec)
    if what == "impassable":
        raise RuleViolation(
            rule, f"{obs.label} ({obs.kind}, {obs.condition}) is impassable to {spec.label}"
        )
    bog = None
    if what == "breach-bog" and mobility(spec) != "foot":
        bog = ctx.roll(bog_down(ctx.tables, spec.dr))
        ctx.emit(BogDownRolled(unit=spec.id, obstacle=obs.id, result=bog))
    stuck = bog is not None and bog.outcome == "bogged"
    exposed = obs.kind == "bocage" and is_vehicle(spec) and not has_cutter(spec)
    to = None if stuck else destination(state, spec, obs.footprint, action.to)
    ctx.emit(
        Maneuvered(
            unit=spec.id,
            how="breaches",
            obstacle=obs.id,
            to=to,
            inside="",
            bogged=obs.id if stuck else "",
            exposed=exposed,
        )
    )
    if stuck or obs.condition != "intact":
        return
    if obs.kind == "wire" and mobility(spec) in ("tracked", "half-tracked"):
        change(ctx, obs, "gapped", "ENG-WIRE-06")
    elif obs.kind == "bocage" and is_vehicle(spec):
        change(ctx, obs, "gapped", "ENG-BOCAGE-03")


# -- an ordinary move into or through -------------------------------------------------------------


def cross(ctx: Ctx, action: Cross) -> None:
    spec = start(ctx, action.unit, "moves")
    state = ctx.state
    not_bogged(state, spec)
    found = features.feature(state, looker(ctx, spec), action.obstacle)
    pos = state.units[spec.id].position
    if not features.occupies(state, spec.id, found):
        conformed(spec, pos, found.footprint, action.distance, "BF-CONFORM", found.label)
    if isinstance(found, Minefield):
        _cross_minefield(ctx, spec, found, action)
    elif found.kind == "ditch" and mobility(spec) == "foot":
        _enter_ditch(ctx, spec, found, action)
    else:
        refusal = crossing_refusal(state, found, spec)
        if refusal is not None:
            raise refusal
        to = destination(state, spec, found.footprint, action.to)
        stays = inside(to, found.footprint)
        ctx.emit(
            Maneuvered(
                unit=spec.id,
                how="crosses",
                obstacle=found.id,
                to=to,
                inside=found.id if stays else "",
            )
        )
    watch_move(ctx, spec)  # BF-DEFAULT-OPFIRE


def _cross_minefield(ctx: Ctx, spec: EngUnit, field: Minefield, action: Cross) -> None:
    """ENG-MINE-35: an ordinary move through a field: a passage roll (Rapid Advance −1,
    ENG-MINE-08) and no lane, though a traverse leaves a traversed path (AMB-ENG-14)."""
    state = ctx.state
    at = state.units[spec.id].position
    result = attempt(ctx, spec, field.id, rapid=action.rapid)
    to = destination(state, spec, field.footprint, action.to)
    if result.outcome != "traverse":
        ctx.emit(Maneuvered(unit=spec.id, how="moves"))
        strike(ctx, spec, result.outcome)
        return
    ctx.emit(Maneuvered(unit=spec.id, how="moves", to=to))
    if result.rolled and _still_known(ctx.state, spec, field.id):
        make_lane(ctx, field.id, spec.side, "path", at, "AMB-ENG-14")


def _enter_ditch(ctx: Ctx, spec: EngUnit, ditch: Obstacle, action: Cross) -> None:
    """ENG-DITCH-03: conformed troops move into the ditch (ENG-DITCH-06: dug-in there)."""
    if features.occupies(ctx.state, spec.id, ditch):
        raise RuleViolation("ENG-DITCH-05", f"{spec.label} is in {ditch.label}; move along it")
    to = action.to
    fp = ditch.footprint
    pos = ctx.state.units[spec.id].position
    if to is None and fp is not None and pos is not None:
        (nx, ny), (cx, cy) = fp.across, fp.centre
        off = (pos[0] - cx) * nx + (pos[1] - cy) * ny
        to = (round(pos[0] - off * nx, 4), round(pos[1] - off * ny, 4))
    if to is not None and fp is not None and not inside(to, fp):
        raise RuleViolation("ENG-DITCH-04", f"{spec.label} may only move into {ditch.label}")
    ctx.emit(Maneuvered(unit=spec.id, how="moves into", obstacle=ditch.id, to=to, inside=ditch.id))


# -- moves across the table -----------------------------------------------------------------------


def _in_ditch(state: EngState, point: Point) -> bool:
    return any(o.kind == "ditch" and inside(point, o.footprint) for o in state.obstacles.values())


def conger_lane(state: EngState, obstacle_id: str, frm: Point, to: Point) -> bool:
    """ENG-FUNNY-19: the move runs through a Conger's lane, where the obstacle no longer is."""
    congers = [lane for lane in state.lanes.values() if lane.kind == "conger"]
    if not congers:
        return False
    path = shapes.line([frm, to])
    for lane in congers:
        if lane.kind != "conger" or lane.obstacle != obstacle_id or len(lane.path) < 2:
            continue
        strip = shapes.line(lane.path).buffer(lane.width / 2 + 1e-6)
        if path.within(strip):
            return True
    return False


def may_move(ctx: Ctx, spec: EngUnit, to: Point | None, _: Measure | None) -> None:
    """A move may not go through an obstacle that asks a breach action of the unit, or is
    impassable to it; troops enter a ditch only from conformed and leave it only by breaching
    (ENG-DITCH-03/04), but move along it freely (ENG-DITCH-05)."""
    state = ctx.state
    not_bogged(state, spec)
    frm = state.units[spec.id].position
    if frm is None or to is None:
        ditch = state.obstacles.get(state.footing.get(spec.id, Footing()).inside)
        if ditch is not None and ditch.kind == "ditch":
            raise RuleViolation("ENG-DITCH-04", f"{spec.label} leaves {ditch.label} by breaching")
        return
    if frm == to:  # staying where it is, it enters and leaves nothing (a move's listed value)
        return
    for key in footprints(state.obstacles).along(frm, to):  # no other can refuse the move
        obs = state.obstacles[key]
        fp = obs.footprint
        if fp is None or conger_lane(state, obs.id, frm, to):
            continue
        was_in = inside(frm, fp)
        if not was_in and crossed(frm, to, fp) is None:
            continue
        if obs.kind == "ditch" and mobility(spec) == "foot":
            if not _in_ditch(state, to):
                raise RuleViolation(
                    "ENG-DITCH-04", f"{spec.label} leaves {obs.label} only by a breach action"
                )
            if not was_in and distance_to(frm, fp) > CONFORM_REACH + 1e-6:
                raise RuleViolation(
                    "ENG-DITCH-03", f"{spec.label} must conform to {obs.label} before moving in"
                )
            continue
        if was_in:
            continue  # leaving an AT obstacle or roadblock it could enter
        refusal = crossing_refusal(state, obs, spec)
        if refusal is not None:
            raise refusal


def sections_on(state: EngState, frm: Point, to: Point) -> list[tuple[float, str]]:
    """Every minefield section a move enters, known or not, by how far along it enters it (not
    those the move starts in, nor where a Conger cleared the way)."""
    entered = []
    for key in footprints(state.minefields).along(frm, to):
        field = state.minefields[key]
        fp = field.footprint
        at = crossed(frm, to, fp) if fp is not None else None
        if at is not None and not conger_lane(state, field.id, frm, to):
            entered.append((at, field.id))
    return sorted(entered)


def moved(ctx: Ctx, spec: EngUnit, frm: Point | None, to: Point | None) -> None:
    """ENG-MINE-35 on the table: every minefield section the move enters, known or not, is
    rolled for in order; the first that stops the unit stops it at its edge."""
    if frm is None or to is None:
        return
    for at, section in sections_on(ctx.state, frm, to):
        if section not in ctx.state.minefields:
            continue
        result = attempt(ctx, spec, section)
        if result.outcome == "traverse":
            if result.rolled and _still_known(ctx.state, spec, section):
                make_lane(ctx, section, spec.side, "path", point_along(frm, to, at), "AMB-ENG-14")
            continue
        ctx.emit(Halted(unit=spec.id, at=point_along(frm, to, at)))
        strike(ctx, spec, result.outcome)
        return


# -- registration -------------------------------------------------------------------------------

TOPIC = Topic(
    __name__,
    performers=(
        performer(Breach, breach),
        performer(Cross, cross),
    ),
    appliers=(applier(BogDownRolled, lambda state, _: state),),
    hooks={
        MAY_MOVE: may_move,
        MOVED: moved,
    },
)
