"""The scenario section for concrete bunkers and fortifications (ENG-FORT-01..07).

Foxholes, trenches and log emplacements are the base game's cover, not forts (ENG-FORT-01): a
fort is only what the scenario lists here, set up before the game (ENG-FORT-02).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Literal

import msgspec

from kriegsspiel.core.geometry import in_arc
from kriegsspiel.core.scenario import Id, Point
from kriegsspiel.errors import InputError

FortKind = Literal["log", "small-concrete", "large"]
# ENG-FORT-03: log bunkers 2, small concrete bunkers normally 3, large structures 4 to 6.
DEFAULT_ARMOUR: dict[str, int] = {"log": 2, "small-concrete": 3}
ARMOUR_RANGE: dict[str, tuple[int, int]] = {
    "log": (2, 3),
    "small-concrete": (2, 3),
    "large": (4, 6),
}


class ArcSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An arc centred on `facing` (degrees clockwise from up the table), `width` degrees wide."""

    facing: float
    width: Annotated[float, msgspec.Meta(gt=0, le=360)] = 360.0

    def covers(self, frm: Point, to: Point) -> bool:
        return self.width >= 360 or in_arc(self.facing, self.width / 2, frm, to)


class FortSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    side: str
    kind: FortKind
    name: str = ""
    armour: int | None = None  # ENG-FORT-03: the kind's default if not given
    position: Point | None = None
    occupants: tuple[str, ...] = ()
    fire_arcs: tuple[ArcSpec, ...] = ()  # ENG-FORT-07 with AMB-ENG-33: none given = 360°
    visible_arcs: tuple[ArcSpec, ...] = ()
    mapped: bool = False  # ENG-FORT-15: its position was mapped before the game
    spotted_by: tuple[str, ...] = ()  # ENG-FORT-20: sides that start with it spotted
    part_of: str = ""  # ENG-FORT-06: the large fortification this element belongs to

    @property
    def start_armour(self) -> int:
        return self.armour if self.armour is not None else DEFAULT_ARMOUR.get(self.kind, 0)


def in_arcs(arcs: Sequence[ArcSpec], frm: Point | None, to: Point | None) -> bool:
    """AMB-ENG-33: no arcs means all round; unknown positions cannot be refused."""
    if not arcs or frm is None or to is None:
        return True
    return any(a.covers(frm, to) for a in arcs)


def validate_forts(
    forts: Sequence[FortSpec], sides: set[str], units: Mapping[str, str], where: str
) -> None:
    """`units` maps unit id -> side."""
    housed: dict[str, str] = {}
    for i, f in enumerate(forts):
        here = f"{where}: forts[{i}]"
        if f.side not in sides:
            raise InputError(f"{here}.side", f"unknown side {f.side!r}")
        if f.armour is None and f.kind == "large":
            raise InputError(f"{here}.armour", "a large fortification needs an armour of 4 to 6")
        low, high = ARMOUR_RANGE[f.kind]
        if not low <= f.start_armour <= high:
            raise InputError(
                f"{here}.armour", f"a {f.kind} fort has armour {low} to {high} (ENG-FORT-03)"
            )
        for side in f.spotted_by:
            if side not in sides:
                raise InputError(f"{here}.spotted_by", f"unknown side {side!r}")
        for occupant in f.occupants:
            if units.get(occupant) != f.side:
                raise InputError(f"{here}.occupants", f"no unit {occupant!r} of {f.side}")
            if occupant in housed:
                raise InputError(
                    f"{here}.occupants", f"{occupant} is already in {housed[occupant]}"
                )
            housed[occupant] = f.id
