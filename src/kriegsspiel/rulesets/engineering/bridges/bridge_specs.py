"""Scenario sections for bridges and bridging equipment (ENG-BRIDGE-01..28), and their checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Literal

import msgspec

from kriegsspiel.core.scenario import Id, Point, TerrainSpec
from kriegsspiel.errors import InputError

BridgeKind = Literal["pontoon", "treadway", "permanent"]
Preset = Literal["timber-trestle", "stone", "major-highway"]
PositiveInt = Annotated[int, msgspec.Meta(ge=1)]

# ENG-BRIDGE-27: the seed's historical calibration, in "demolitions" (preparations):
# Neufmolin's timber trestle 1 or 2, Stavelot's stone bridge 4 or 5, Trois-Ponts' major bridge 8.
HISTORICAL: dict[str, tuple[int, int]] = {
    "timber-trestle": (1, 2),
    "stone": (4, 5),
    "major-highway": (8, 8),
}
# AMB-ENG-43: the designer presets default to timber trestle 2, stone 5, major highway bridge 8.
PRESETS: dict[str, int] = {"timber-trestle": 2, "stone": 5, "major-highway": 8}

# ENG-BRIDGE-03: small streams and anti-tank ditches take one span unless the scenario says.
ONE_SPAN_GAPS = frozenset({"stream", "at-ditch", "anti-tank-ditch", "ditch"})


class BridgeDemolitionSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """ENG-BRIDGE-25: how many prepared demolitions the bridge needs, by number or preset."""

    side: str
    preparations: PositiveInt | None = None
    preset: Preset | None = None
    prepared: bool = False  # wired before the game (ENG-DEMO-04)
    known_to: tuple[str, ...] = ()

    @property
    def required(self) -> int:
        if self.preparations is not None:
            return self.preparations
        return PRESETS[self.preset or "timber-trestle"]


class BridgeSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    kind: BridgeKind
    name: str = ""
    side: str | None = None  # the side that built a pontoon or treadway bridge
    obstacle: str | None = None  # the terrain feature (a line) it spans
    position: Point | None = None
    spans_required: PositiveInt | None = None  # ENG-BRIDGE-03
    spans_built: Annotated[int, msgspec.Meta(ge=0)] | None = None  # ENG-BRIDGE-01
    swollen: bool = False  # ENG-BRIDGE-15: a scenario condition of the river
    armour: Annotated[int, msgspec.Meta(ge=0, le=20)] | None = None  # ENG-BRIDGE-24
    demolition: BridgeDemolitionSpec | None = None


class BridgingSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One span of bridging equipment (AMB-ENG-26): loose at `position` or on a heavy truck."""

    id: Id
    side: str
    bridge: str | None = None
    position: Point | None = None
    carried_by: str | None = None


def spans_required(spec: BridgeSpec, terrain: Mapping[str, TerrainSpec], where: str) -> int:
    """ENG-BRIDGE-03: the scenario's number, else one span for a stream or an AT ditch."""
    if spec.kind == "permanent":
        return 1
    if spec.spans_required is not None:
        return spec.spans_required
    feature = terrain.get(spec.obstacle or "")
    if feature is not None and feature.kind in ONE_SPAN_GAPS:
        return 1
    raise InputError(
        where, "spans_required must be given unless the bridge spans a stream or an AT ditch"
    )


def spans_built(spec: BridgeSpec, required: int) -> int:
    """ENG-BRIDGE-01: a pontoon or treadway bridge may start unfinished (by default unbuilt)."""
    if spec.kind == "permanent":
        return required
    return min(spec.spans_built or 0, required)


def validate_bridges(
    bridges: Sequence[BridgeSpec],
    bridging: Sequence[BridgingSpec],
    sides: set[str],
    terrain: Mapping[str, TerrainSpec],
    carriers: Mapping[str, tuple[str, str, int]],
    where: str,
) -> None:
    """References and ranges; `carriers` maps unit id -> (side, kind, capacity)."""
    ids = {b.id for b in bridges}
    for i, b in enumerate(bridges):
        here = f"{where}: bridges[{i}]"
        if b.obstacle is not None and b.obstacle not in terrain:
            raise InputError(f"{here}.obstacle", f"no terrain feature {b.obstacle!r}")
        spans_required(b, terrain, f"{here}.spans_required")
        if b.kind == "permanent":
            if b.armour is None:
                raise InputError(
                    f"{here}.armour", "a permanent bridge needs an armour (ENG-BRIDGE-24)"
                )
        elif b.side not in sides:
            raise InputError(f"{here}.side", f"a {b.kind} bridge needs the side that builds it")
        demo = b.demolition
        if demo is not None:
            if demo.preparations is not None and demo.preset is not None:
                raise InputError(f"{here}.demolition", "give preparations or a preset, not both")
            for side in (demo.side, *demo.known_to):
                if side not in sides:
                    raise InputError(f"{here}.demolition", f"unknown side {side!r}")
    for i, e in enumerate(bridging):
        here = f"{where}: bridging[{i}]"
        if e.side not in sides:
            raise InputError(f"{here}.side", f"unknown side {e.side!r}")
        if e.bridge is not None and e.bridge not in ids:
            raise InputError(f"{here}.bridge", f"no bridge {e.bridge!r}")
        if e.carried_by is not None:
            carrier = carriers.get(e.carried_by)
            if carrier is None or carrier[0] != e.side:
                raise InputError(f"{here}.carried_by", f"no unit {e.carried_by!r} of {e.side}")
            problem = carry_problem(carrier[1], carrier[2])
            if problem:
                raise InputError(f"{here}.carried_by", f"{problem} (ENG-BRIDGE-05)")
    _check_loads(bridging, carriers, where)


SPAN_LOAD = 3  # ENG-BRIDGE-05: one span is a 3T transport load


def carry_problem(kind: str, capacity: int, loaded: int = 0) -> str:
    """ENG-BRIDGE-05: only heavy trucks carry bridging, never tank riders; "" if it may carry.
    ENG-BRIDGE-06: any side's heavy truck will do (Soviet forces use lend-lease trucks)."""
    if kind == "armoured-vehicle":
        return "bridging cannot be carried as tank riders"
    free = capacity - loaded * SPAN_LOAD
    if free < SPAN_LOAD:
        return f"a span is a {SPAN_LOAD}T load and this transport has {free}T free"
    return ""


def _check_loads(
    bridging: Sequence[BridgingSpec], carriers: Mapping[str, tuple[str, str, int]], where: str
) -> None:
    loads: dict[str, int] = {}
    for i, e in enumerate(bridging):
        if e.carried_by is None:
            continue
        loads[e.carried_by] = loads.get(e.carried_by, 0) + 1
        if loads[e.carried_by] * SPAN_LOAD > carriers[e.carried_by][2]:
            raise InputError(
                f"{where}: bridging[{i}].carried_by",
                f"{e.carried_by} cannot carry another {SPAN_LOAD}T span (ENG-BRIDGE-05)",
            )
