"""The `engineering` game state: the clock, every unit's record, tasks and demolitions."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.kept import kept
from kriegsspiel.core.scenario import Point
from kriegsspiel.core.tasks import Task
from kriegsspiel.rulesets.engineering.bridges.works_state import (
    BridgeState,
    Equipment,
    FortState,
    FunnyState,
    Lane,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import (
    Footing,
    Kit,
    Laying,
    Minefield,
    MineLane,
    Obstacle,
)
from kriegsspiel.rulesets.engineering.scenario import EngScenario, EngUnit

__all__ = ["Point"]

Status = Literal["ok", "suppressed", "disordered", "knocked-out"]
STATUS_ORDER: tuple[Status, ...] = ("ok", "suppressed", "disordered", "knocked-out")
UNFIT_TO_WORK: tuple[Status, ...] = ("disordered", "knocked-out")  # ENG-ACT-13
Phase = Literal["maneuver", "defensive_fire", "offensive_fire"]
# Battlefront's player turn, as far as these rules need it (parent-games.md §1.2).
PHASES: tuple[Phase, ...] = ("maneuver", "defensive_fire", "offensive_fire")
PlayerTurn = tuple[int, int]  # (game turn, index of the phasing side in turn order)
Stamp = tuple[int, int, str]  # (game turn, phasing side index, phase) when something happened


def worse(a: Status, b: Status) -> Status:
    return a if STATUS_ORDER.index(a) >= STATUS_ORDER.index(b) else b


class UnitState(msgspec.Struct, frozen=True):
    position: Point | None
    facing: float
    status: Status = "ok"
    emplaced_at: PlayerTurn | None = None
    actions_at: PlayerTurn | None = None  # the player turn `actions_used` counts for
    actions_used: int = 0
    engineering_at: PlayerTurn | None = None  # last player turn with an engineering action
    fires: tuple[Stamp, ...] = ()  # recent fire, newest last (kept short)
    moved_at: PlayerTurn | None = None


class Demolition(msgspec.Struct, frozen=True):
    id: str
    side: str
    name: str
    position: Point | None
    task: str  # the preparation task's id
    prepared: bool
    known_to: tuple[str, ...]
    destroyed: bool = False
    kind: str = ""  # a key of DEMOLITION_KINDS ("" for a plain target)
    target: str = ""  # the obstacle or minefield a charge is laid on (ENG-MINE-36, ENG-WIRE-09…)
    stacks: bool = False  # charges accumulate and go off together, the target remains (forts)


ENGINEERING = "engineering action"


class Pending(msgspec.Struct, frozen=True):
    """A window for the enemy's opportunity fire: an engineering action declared (ENG-ACT-09),
    a bridge crossing (ENG-BRIDGE-19) or a move made (BF-DEFAULT-OPFIRE). `what` it is in words,
    the `rule` that opened it, and the rule by which a disorder or knock-out `stops` it (none for
    a move, which stands)."""

    unit: str
    kind: str = ""  # the kind of work (a key of topics.RESOLVERS); secret from the enemy
    target: str = ""
    params: dict[str, Any] = {}
    roll: CheckResult | None = None  # a roll made on declaration, applied when resolved
    rolls: tuple[CheckResult, ...] = ()  # further rolls sealed with it
    cancelled: bool = False
    fired: tuple[str, ...] = ()  # enemy units that took opportunity fire at it
    what: str = ENGINEERING
    rule: str = "ENG-ACT-09"
    stops: str = "ENG-ACT-10"


class EngState(msgspec.Struct, frozen=True, dict=True):  # dict: room for what is `kept`
    scenario: EngScenario
    specs: dict[str, EngUnit]  # the scenario's units by id, shared by every state
    turn: int
    player: int
    phase: Phase
    units: dict[str, UnitState]
    tasks: dict[str, Task]
    demolitions: dict[str, Demolition]
    pending: Pending | None = None
    over: bool = False
    bridges: dict[str, BridgeState] = {}  # ENG-BRIDGE
    bridging: dict[str, Equipment] = {}  # ENG-BRIDGE-04..09
    forts: dict[str, FortState] = {}  # ENG-FORT
    lanes: dict[str, Lane] = {}  # ENG-FUNNY-13, -19
    funnies: dict[str, FunnyState] = {}  # ENG-FUNNY, by unit id
    minefields: dict[str, Minefield] = {}  # ENG-MINE, by section
    mine_lanes: dict[str, MineLane] = {}  # ENG-MINE-33..41
    layings: dict[str, Laying] = {}  # ENG-MINE-19..24: sections being laid, by section
    mine_supply: dict[str, int] = {}  # ENG-MINE-20: sections of mines left, by platoon
    obstacles: dict[str, Obstacle] = {}  # ENG-WIRE, -DITCH, -OBST, -BOCAGE, -ROAD
    footing: dict[str, Footing] = {}  # by unit id: inside, bogged at, exposed on obstacles
    kit: dict[str, Kit] = {}  # by unit id: flails and fascines

    @kept
    def order(self) -> tuple[str, ...]:
        return self.scenario.side_ids[:2]

    @kept
    def phasing(self) -> str:
        return self.scenario.side_ids[self.player]  # the player is 0 or 1: one of `order`

    @kept
    def other(self) -> str:
        return self.scenario.side_ids[1 - self.player]

    @kept
    def player_turn(self) -> PlayerTurn:
        return (self.turn, self.player)

    @property
    def previous_player_turn(self) -> PlayerTurn:
        return (self.turn, 0) if self.player == 1 else (self.turn - 1, 1)

    @property
    def stamp(self) -> Stamp:
        return (self.turn, self.player, self.phase)

    def spec(self, unit_id: str) -> EngUnit:
        return self.specs[unit_id]

    def actions_left(self, unit_id: str) -> int:
        unit = self.units[unit_id]
        if unit.status == "knocked-out":
            return 0
        used = unit.actions_used if unit.actions_at == self.player_turn else 0
        return max(self.specs[unit_id].actions - used, 0)

    def at_work(self, task_id: str) -> tuple[str, ...]:
        """ENG-ACT-13: the units on an open task: those that worked on it and are neither
        knocked out nor disordered (only from such a unit may another take the work over)."""
        task = self.tasks[task_id]
        if task.status != "open":
            return ()
        out = (u for u in task.contributors if self.units[u].status not in UNFIT_TO_WORK)
        return tuple(out)


def with_unit(state: EngState, unit_id: str, unit: UnitState) -> EngState:
    return msgspec.structs.replace(state, units={**state.units, unit_id: unit})
