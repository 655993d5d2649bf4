"""The state of minefields, their lanes, and the obstacles of the table (wire, anti-tank ditches,
AT obstacles, bocage, roadblocks), and what units have to do with them.

Kept apart from state.py; `EngState` holds these records by id.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from kriegsspiel.core.scenario import Point
from kriegsspiel.rulesets.engineering.footprints import Footprint

PlayerTurn = tuple[int, int]  # (game turn, index of the phasing side), as in state.py
Density = Literal["scattered", "normal", "dense"]
DENSITIES: tuple[Density, ...] = ("scattered", "normal", "dense")  # ENG-MINE-15, thinnest first
Laid = Literal["buried", "surface"]  # ENG-MINE-18
MineType = Literal["AT", "AP", "mixed", "dummy"]  # ENG-MINE-13
LaneKind = Literal["path", "marked", "cleared"]
ObstacleKind = Literal["wire", "ditch", "at-obstacle", "bocage", "roadblock"]


class Minefield(msgspec.Struct, frozen=True):
    """One minefield section (ENG-MINE-10): a density per mine component it has (`at`, `ap`;
    ENG-MINE-16/17), buried or surface-laid (ENG-MINE-18), and the enemy sides that know it."""

    id: str
    side: str
    name: str
    footprint: Footprint | None
    at: Density | None
    ap: Density | None
    laid: Laid
    dummy: bool = False
    ground: tuple[str, ...] = ()  # the terrain under it (ENG-MINE-11/12, -26)
    known_to: tuple[str, ...] = ()  # sides other than the owner that know it is there

    @property
    def type(self) -> MineType:
        if self.dummy:
            return "dummy"
        if self.at is not None and self.ap is not None:
            return "mixed"
        return "AT" if self.at is not None else "AP"

    @property
    def label(self) -> str:
        return self.name or self.id


class MineLane(msgspec.Struct, frozen=True):
    """A way through a minefield section: a traversed `path` or `marked` lane, which leave the
    mines in place (ENG-MINE-04, -33, -34), or a `cleared` lane, free of mines (ENG-MINE-37)."""

    id: str
    section: str
    side: str
    kind: LaneKind
    at: Point | None
    width: float
    depth: float  # across the section, 1" (ENG-MINE-10, -37)
    rule: str


class Obstacle(msgspec.Struct, frozen=True):
    """A section of wire, ditch, AT obstacle or bocage, or a roadblock site, and its condition:
    wire and bocage `intact` or `gapped`, ditches `intact`, `filled` or `bridged`, AT obstacles
    `intact` or `reduced`, roadblocks `present` or `none`."""

    id: str
    kind: ObstacleKind
    name: str
    footprint: Footprint | None
    condition: str
    variant: str = ""  # ditch: standard, concrete or wide; AT obstacle: dragons-teeth or logs
    needed: int = 1  # ditch: neutralising actions to fill it (AMB-ENG-19)
    work: int = 0  # ditch: neutralising actions done
    fascine: bool = False  # ditch: a fascine lies in it (ENG-DITCH-12)
    assisted_by: tuple[str, ...] = ()  # bocage: sides whose Culin tank worked here (BOCAGE-09)
    setting: str = ""  # roadblock: clear, wooded or other ground (ENG-ROAD-02/03)

    @property
    def label(self) -> str:
        return self.name or self.id


class Laying(msgspec.Struct, frozen=True):
    """A surface minefield section being laid in play, one mine type at a time (ENG-MINE-19..24,
    -31); the section exists once its task is complete."""

    section: str
    side: str
    platoon: str
    type: Literal["AT", "AP", "dummy"]
    density: Density
    footprint: Footprint | None
    ground: tuple[str, ...]
    task: str


class Footing(msgspec.Struct, frozen=True):
    """Where a unit stands to the obstacles: `inside` one (at a table without positions),
    `bogged` at one (BF-DEFAULT-BOG), breaching bocage without a cutter (ENG-BOCAGE-01)."""

    inside: str = ""
    bogged: str = ""
    exposed_at: PlayerTurn | None = None


class Kit(msgspec.Struct, frozen=True):
    """What a vehicle has done with its engineering kit: a flail (ENG-MINE-39..44), a fascine
    (ENG-DITCH-13)."""

    flail: Literal["ready", "damaged", "discarded"] = "ready"
    flailed_at: PlayerTurn | None = None
    fascine_dropped: bool = False
