"""Unit statlines: dice, reaction, abilities, as data (`data/units.toml`, a scenario's `statlines`).

A statline's `reaction` is printed as "5D", or "6D (5D)": against direct fire (against artillery)
(ABL-LOWPRO-03). Printed values are final; the Low Profile +1D is added only to a plain value
(AMB-ABL-11).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Annotated, Any, Literal

import msgspec

from kriegsspiel.core.convert import convert
from kriegsspiel.errors import InputError

Kind = Literal["infantry", "vehicle", "gun"]
Armour = Literal["none", "open-topped", "full"]
GunClass = Literal["mortar", "light", "medium", "heavy"]
Ability = Literal[
    "short-range-fire",
    "180-degree-fire",
    "break-off",
    "high-suppression",
    "low-profile",
    "recon",
    "sustained-fire",
]
Dice = Annotated[int, msgspec.Meta(ge=1, le=20)]
Inches = Annotated[float, msgspec.Meta(gt=0)]

_REACTION = re.compile(r"^\s*(\d+)D\s*(?:\(\s*(\d+)D\s*\))?\s*$")


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """FP or AT dice and, when the weapon has its own, its range bands."""

    dice: Dice
    weapon: str = ""
    ranges: tuple[Inches, Inches, Inches] | None = None  # short, effective, long
    indirect: bool = False  # artillery fire (ABL-BREAK-01, ABL-LOWPRO-02)
    infantry: bool = False  # an infantry AT weapon: the unit has AT teams (AMB-ABL-08)


class Statline(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: Kind
    reaction: str
    nation: str = ""
    armour: Armour = "none"
    cohesion: Annotated[int, msgspec.Meta(ge=1, le=9)] = 3  # CHQ-COHESION: 3 for most units
    abilities: tuple[Ability, ...] = ()
    fp: Weapon | None = None
    at: Weapon | None = None
    towed: GunClass | None = None
    fixed_move: Annotated[float, msgspec.Meta(ge=0)] | None = None
    house: bool = False
    source: str = ""

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities

    @property
    def armoured(self) -> bool:
        return self.armour != "none"

    @property
    def recon_vehicle(self) -> bool:
        return self.has("recon") and self.kind == "vehicle"

    def reaction_dice(self, artillery: bool) -> int:
        """ABL-LOWPRO-01..03: the Reaction Dice against direct fire or artillery."""
        direct, against_artillery = parse_reaction(self.reaction)
        if against_artillery is not None:  # printed "6D (5D)": final values (AMB-ABL-11)
            return against_artillery if artillery else direct
        if self.has("low-profile") and not artillery:
            return direct + 1  # ABL-LOWPRO-01; nothing against artillery (ABL-LOWPRO-02)
        return direct

    def validate(self, where: str) -> None:
        parse_reaction(self.reaction, where)
        if self.fp is None and self.at is None:
            raise InputError(where, "a unit needs FP or AT dice")
        for name, weapon in (("fp", self.fp), ("at", self.at)):
            if weapon is not None and weapon.ranges is not None:
                short, effective, long = weapon.ranges
                if not short <= effective <= long:
                    raise InputError(f"{where}.{name}.ranges", "must be short <= effective <= long")
        if self.towed is not None and self.kind != "gun":
            raise InputError(f"{where}.towed", "only guns (kind: gun) are towed")


def parse_reaction(text: str, where: str = "reaction") -> tuple[int, int | None]:
    """ABL-LOWPRO-03: "6D (5D)" -> (6, 5); "5D" -> (5, None)."""
    match = _REACTION.match(text)
    if match is None:
        raise InputError(where, f'{text!r} is not a reaction value like "5D" or "6D (5D)"')
    bracket = match.group(2)
    return int(match.group(1)), int(bracket) if bracket is not None else None


def statlines_from_mapping(data: Mapping[str, Any], where: str) -> dict[str, Statline]:
    out: dict[str, Statline] = {}
    for name, raw in data.items():
        line = convert(raw, Statline, f"{where}: {name}")
        line.validate(f"{where}: {name}")
        out[name] = line
    return out


def _load() -> dict[str, Statline]:
    package = "kriegsspiel.rulesets.abilities.data"
    text = resources.files(package).joinpath("units.toml").read_text(encoding="utf-8")
    return statlines_from_mapping(tomllib.loads(text), f"{package}/units.toml")


CATALOGUE: dict[str, Statline] = _load()
