"""The state of bridges, bridging equipment, fortifications, lanes and Hobart's Funnies.

Kept apart from state.py so that those records stay small; `EngState` holds them by id.
"""

from __future__ import annotations

import msgspec

from kriegsspiel.core.scenario import Point
from kriegsspiel.core.tasks import Task

PlayerTurn = tuple[int, int]  # (game turn, index of the phasing side), as in state.py


def span_work(bridge_id: str, side: str | None, required: int, built: int = 0) -> Task:
    """A bridge's spans as work by points: one span attempt a player turn (AMB-ENG-25), each
    success placing one span (ENG-BRIDGE-13, -17), `built` of them in place already."""
    return Task(bridge_id, "spans", "", side or "", required, measure="points").set_progress(built)


LAID = span_work("", None, 1, 1)  # laid whole: a bridgelayer's bridge or an ARK (older logs)


class BridgeState(msgspec.Struct, frozen=True):
    """A crossing: a pontoon, treadway or permanent bridge, a bridgelayer's bridge or an ARK."""

    id: str
    kind: str  # "pontoon", "treadway", "permanent", "bridgelayer" or "ark"
    name: str
    side: str | None  # who built it; None for a permanent bridge
    obstacle: str | None  # the terrain feature it spans
    position: Point | None
    spans: Task = LAID  # the spans placed of those required, and every attempt (`span_work`)
    armour: int | None = None  # permanent bridges (ENG-BRIDGE-24)
    swollen: bool = False  # ENG-BRIDGE-15
    destroyed: bool = False
    vehicle: str | None = None  # the bridgelayer or ARK that laid it

    @property
    def spans_required(self) -> int:
        return self.spans.required

    @property
    def spans_built(self) -> int:
        return self.spans.progress

    @property
    def complete(self) -> bool:
        """ENG-BRIDGE-17: built when the spans placed equal the spans required."""
        return not self.destroyed and self.spans.complete

    @property
    def label(self) -> str:
        return self.name or self.id


class Equipment(msgspec.Struct, frozen=True):
    """One span of bridging equipment (AMB-ENG-26), loose or on its heavy truck."""

    id: str
    side: str
    bridge: str | None  # the bridge it is meant for; any of its side's if None
    position: Point | None
    carried_by: str | None = None
    destroyed: bool = False
    placed: bool = False  # built into a span


class FortState(msgspec.Struct, frozen=True):
    """A fortification (or one element of a large one, ENG-FORT-06) and who is in it."""

    id: str
    side: str
    name: str
    armour: int
    position: Point | None
    occupants: tuple[str, ...] = ()
    spotted_by: tuple[str, ...] = ()  # sides that have spotted it, not just suspected
    rubble: bool = False  # its area is rubble (ENG-FORT-23, -25)
    collapsed: bool = False  # ENG-FORT-23: killed, and its occupants with it

    @property
    def standing(self) -> bool:
        return not (self.rubble or self.collapsed)

    @property
    def label(self) -> str:
        return self.name or self.id


class Lane(msgspec.Struct, frozen=True):
    """A lane made by a Funny: a Bobbin track-way or a Conger's cleared strip."""

    id: str
    kind: str  # "bobbin" or "conger"
    made_by: str
    path: tuple[Point, ...]  # the lane's centre line
    width: float
    obstacle: str | None = None  # the obstacle a Conger lane runs through


class FunnyState(msgspec.Struct, frozen=True):
    """What a special engineering vehicle has done with its equipment."""

    skirts_dropped: bool = False  # DD: a normal Sherman from now on (ENG-FUNNY-04)
    swam_at: PlayerTurn | None = None  # DD: moved amphibiously in this player turn
    spent: tuple[str, ...] = ()  # single-use equipment used up: "bobbin", "conger"
    bobbin_at: PlayerTurn | None = None  # Bobbin: the player turn it laid its lane
    primed_on: str | None = None  # Conger: the obstacle its rocket and hose lie across
    primed_at: PlayerTurn | None = None
