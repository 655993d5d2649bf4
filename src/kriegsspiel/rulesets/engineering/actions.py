"""Actions of the `engineering` ruleset, as a seat asks for them."""

from __future__ import annotations

import msgspec

from kriegsspiel.rulesets.engineering.state import Status
from kriegsspiel.scenario.model import Point


class Act(msgspec.Struct, frozen=True, tag_field="action", forbid_unknown_fields=True):
    pass


class EndPhase(Act, frozen=True, tag="end-phase"):
    """End the current phase (its acting side, or the umpire)."""


class Move(Act, frozen=True, tag="move"):
    unit: str
    to: Point
    distance: float | None = None  # declared, when measured with a ruler at the table


class Emplace(Act, frozen=True, tag="emplace"):
    unit: str


class Engineer(Act, frozen=True, tag="engineer"):
    """One engineering action on a task (ENG-ACT-01..13)."""

    unit: str
    task: str


class Prepare(Act, frozen=True, tag="prepare"):
    """One engineering action preparing a demolition (ENG-DEMO-03)."""

    unit: str
    demolition: str


class Demolish(Act, frozen=True, tag="demolish"):
    """A demolition action: d10, a 1 is a dud (ENG-DEMO-01..06)."""

    unit: str
    demolition: str


class RemoveDemolition(Act, frozen=True, tag="remove-demolition"):
    """Remove a prepared demolition from within 1" (ENG-DEMO-07..09)."""

    unit: str
    demolition: str
    distance: float | None = None


class OpportunityFire(Act, frozen=True, tag="opportunity-fire"):
    unit: str
    modifier: int = 0


class Pass(Act, frozen=True, tag="pass"):
    """Let a declared engineering action go ahead without (more) opportunity fire."""


class Fire(Act, frozen=True, tag="fire"):
    unit: str
    target: str
    modifier: int = 0


class SetStatus(Act, frozen=True, tag="set-status"):
    unit: str
    status: Status
    note: str = ""


class Reveal(Act, frozen=True, tag="reveal"):
    demolition: str
    side: str


Action = (
    EndPhase
    | Move
    | Emplace
    | Engineer
    | Prepare
    | Demolish
    | RemoveDemolition
    | OpportunityFire
    | Pass
    | Fire
    | SetStatus
    | Reveal
)
