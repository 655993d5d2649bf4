"""Battlefront's sequence of play, maneuver actions and the umpire's status record (BF-…)."""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.limits import Distance
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    MAY_MOVE,
    MOVED,
    PHASE_ENDS,
    Act,
    Ctx,
    Ev,
    Topic,
    acting_side,
    applier,
    in_maneuver,
    measure_from,
    not_waiting,
    own,
    performer,
    phase_text,
    unit,
)
from kriegsspiel.rulesets.engineering.play.recovery import recover
from kriegsspiel.rulesets.engineering.play.work import watch_move
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import (
    PHASES,
    EngState,
    Phase,
    Point,
    Status,
    UnitState,
    with_unit,
)
from kriegsspiel.rulesets.engineering.wording import measured, place, possessive

# -- actions --------------------------------------------------------------------------------------


class EndPhase(Act, frozen=True, tag="end-phase"):
    """End the current phase (its acting side, or the umpire)."""


class Move(Act, frozen=True, tag="move"):
    unit: str
    to: Point
    distance: Distance | None = None  # declared, when measured with a ruler at the table


class Emplace(Act, frozen=True, tag="emplace"):
    unit: str


class SetStatus(Act, frozen=True, tag="set-status"):
    """The umpire records a result the engine does not resolve itself."""

    unit: str
    status: Status
    note: str = ""


# -- events ---------------------------------------------------------------------------------------


class PhaseBegan(Ev, frozen=True, tag="phase-began"):
    turn: int
    side: str
    phase: Phase
    side_name: str = ""  # as the scenario names the side

    def text(self) -> str:
        whose = possessive(self.side_name or self.side)
        return f"turn {self.turn}: {whose} {self.phase.replace('_', ' ')} phase"


class GameEnded(Ev, frozen=True, tag="game-ended"):
    turn: int

    def text(self) -> str:
        return f"the game ends after turn {self.turn}"


class Moved(Ev, frozen=True, tag="moved"):
    unit: str
    to: Point
    distance: Measure | None

    def text(self) -> str:
        how = f" ({measured(self.distance)})" if self.distance else ""
        return f"{self.unit} moves to {place(self.to)}{how}"


class Emplaced(Ev, frozen=True, tag="emplaced"):
    unit: str

    def text(self) -> str:
        return f"{self.unit} emplaces"


class StatusSet(Ev, frozen=True, tag="status-set"):
    unit: str
    status: Status
    note: str = ""

    def text(self) -> str:
        return f"umpire: {self.unit} is {self.status}" + (f" ({self.note})" if self.note else "")


# -- performing -----------------------------------------------------------------------------------


def end_phase(ctx: Ctx, _: EndPhase) -> None:
    """BF-SEQ: maneuver, defensive fire, offensive fire; then the recovery step of the side whose
    player turn ends (BF-DEFAULT-RECOVERY) and the other side's player turn."""
    state = ctx.state
    not_waiting(state)
    if ctx.seat not in ("umpire", acting_side(state)):
        whose = possessive(state.scenario.side_name(acting_side(state)))
        raise RuleViolation("BF-SEQ", f"the {phase_text(state)} is {whose} to end")
    ctx.run(PHASE_ENDS)
    index = PHASES.index(state.phase)
    if index + 1 < len(PHASES):
        name = state.scenario.side_name(state.phasing)
        ctx.emit(PhaseBegan(state.turn, state.phasing, PHASES[index + 1], side_name=name))
        return
    turn, player = (state.turn, 1) if state.player == 0 else (state.turn + 1, 0)
    if state.scenario.turns is not None and turn > state.scenario.turns:
        ctx.emit(GameEnded(turn=state.turn))
        return
    recover(ctx, state.phasing)
    side = state.order[player]
    name = state.scenario.side_name(side)
    ctx.emit(PhaseBegan(turn=turn, side=side, phase=PHASES[0], side_name=name))


def may_maneuver(state: EngState, spec: EngUnit, what: str) -> None:
    """BF-SEQ, BF-ACT; and ENG-ACT-03: nothing else in a turn with an engineering action."""
    in_maneuver(state, spec, "BF-SEQ", what)
    if state.units[spec.id].engineering_at == state.player_turn:
        raise RuleViolation(
            "ENG-ACT-03",
            f"{spec.label} performed an engineering action this turn and may do nothing else",
        )
    if state.actions_left(spec.id) < 1:
        raise RuleViolation("BF-ACT", f"{spec.label} has no actions left this turn")


def maneuver(ctx: Ctx, action: Move | Emplace) -> None:
    """BF-ACT, BF-MOVE; other topics may refuse a move or follow it up (hooks); then the enemy's
    opportunity fire (BF-DEFAULT-OPFIRE)."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_maneuver(state, spec, "moves" if isinstance(action, Move) else "emplaces")
    if isinstance(action, Emplace):
        ctx.emit(Emplaced(unit=spec.id))
        return
    dist = measure_from(state, spec.id, action.to, action.distance)
    if spec.speed is not None and dist is not None and dist.inches > spec.speed + 1e-9:
        raise RuleViolation(
            "BF-MOVE", f'{spec.label} moves at most {spec.speed:g}" per action, not {dist}'
        )
    ctx.run(MAY_MOVE, spec, action.to, dist)
    frm = state.units[spec.id].position
    ctx.emit(Moved(unit=spec.id, to=action.to, distance=dist))
    ctx.run(MOVED, spec, frm, action.to)
    watch_move(ctx, spec)


def set_status(ctx: Ctx, action: SetStatus) -> None:
    umpire_only(ctx.seat, "set a unit's status")
    unit(ctx.state, action.unit)
    ctx.emit(StatusSet(unit=action.unit, status=action.status, note=action.note))


# -- folding --------------------------------------------------------------------------------------


def use_action(state: EngState, u: UnitState) -> UnitState:
    """BF-ACT: one of the unit's actions this player turn is spent."""
    used = u.actions_used if u.actions_at == state.player_turn else 0
    return replace(u, actions_at=state.player_turn, actions_used=used + 1)


def _phase_began(state: EngState, e: PhaseBegan) -> EngState:
    return replace(state, turn=e.turn, player=state.order.index(e.side), phase=e.phase)


def _moved(state: EngState, e: Moved) -> EngState:
    u = use_action(state, state.units[e.unit])
    u = replace(u, position=e.to, emplaced_at=None, moved_at=state.player_turn)
    return with_unit(state, e.unit, u)


def _emplaced(state: EngState, e: Emplaced) -> EngState:
    u = use_action(state, state.units[e.unit])
    return with_unit(state, e.unit, replace(u, emplaced_at=state.player_turn))


def _status_set(state: EngState, e: StatusSet) -> EngState:
    return with_unit(state, e.unit, replace(state.units[e.unit], status=e.status))


TOPIC = Topic(
    __name__,
    performers=(
        performer(EndPhase, end_phase),
        performer(Move, maneuver),
        performer(Emplace, maneuver),
        performer(SetStatus, set_status),
    ),
    appliers=(
        applier(PhaseBegan, _phase_began),
        applier(GameEnded, lambda state, _: replace(state, over=True)),
        applier(Moved, _moved),
        applier(Emplaced, _emplaced),
        applier(StatusSet, _status_set),
    ),
)
