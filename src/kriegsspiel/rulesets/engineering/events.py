"""Events of the `engineering` ruleset. State is the fold of these over the scenario."""

from __future__ import annotations

import msgspec

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import Measure
from kriegsspiel.rulesets.engineering.state import Phase, Status
from kriegsspiel.scenario.model import Point


class Ev(msgspec.Struct, frozen=True, tag_field="event", kw_only=True):
    pass


class PhaseBegan(Ev, frozen=True, tag="phase-began"):
    turn: int
    side: str
    phase: Phase


class GameEnded(Ev, frozen=True, tag="game-ended"):
    turn: int


class Moved(Ev, frozen=True, tag="moved"):
    unit: str
    to: Point
    distance: Measure | None


class Emplaced(Ev, frozen=True, tag="emplaced"):
    unit: str


class EngineeringStarted(Ev, frozen=True, tag="engineering-started"):
    """Seen by all: the unit works, counts as moving (ENG-ACT-08) and invites fire (ENG-ACT-09)."""

    unit: str
    opportunity_for: str


class WorkDeclared(Ev, frozen=True, tag="work-declared"):
    """What the work is; shown to those who may know (the enemy may not, for demolitions)."""

    unit: str
    kind: str
    target: str


class RollSealed(Ev, frozen=True, tag="roll-sealed"):
    """A demolition's d10, rolled when declared and kept by the umpire until the action resolves."""

    unit: str
    result: CheckResult


class OpportunityFire(Ev, frozen=True, tag="opportunity-fire"):
    unit: str
    target: str
    result: CheckResult


class Fired(Ev, frozen=True, tag="fired"):
    unit: str
    target: str
    phase: Phase
    result: CheckResult


class WorkCancelled(Ev, frozen=True, tag="work-cancelled"):
    """ENG-ACT-10: a disorder or knocked-out result from opportunity fire cancels the action."""

    unit: str


class WorkDone(Ev, frozen=True, tag="work-done"):
    """The declared work went ahead; the window for opportunity fire is closed."""

    unit: str


class TaskProgressed(Ev, frozen=True, tag="task-progressed"):
    task: str
    unit: str
    progress: int
    required: int


class DemolitionPrepared(Ev, frozen=True, tag="demolition-prepared"):
    demolition: str


class DemolitionFired(Ev, frozen=True, tag="demolition-fired"):
    """ENG-DEMO-05/06: the d10 of a demolition action and what it did."""

    demolition: str
    unit: str
    result: CheckResult
    progress_left: int


class Demolished(Ev, frozen=True, tag="demolished"):
    """Seen by all: the target went up."""

    demolition: str
    name: str
    position: Point | None


class DemolitionRemoved(Ev, frozen=True, tag="demolition-removed"):
    """ENG-DEMO-09. `found` is false when an enemy searched for a charge no longer prepared."""

    demolition: str
    unit: str
    distance: Measure | None
    found: bool = True


class Revealed(Ev, frozen=True, tag="revealed"):
    demolition: str
    side: str
    name: str
    position: Point | None
    prepared: bool


class StatusSet(Ev, frozen=True, tag="status-set"):
    """The umpire records a result the engine does not resolve itself."""

    unit: str
    status: Status
    note: str = ""


Event = (
    PhaseBegan
    | GameEnded
    | Moved
    | Emplaced
    | EngineeringStarted
    | WorkDeclared
    | RollSealed
    | OpportunityFire
    | Fired
    | WorkCancelled
    | WorkDone
    | TaskProgressed
    | DemolitionPrepared
    | DemolitionFired
    | Demolished
    | DemolitionRemoved
    | Revealed
    | StatusSet
)
