"""Craft types and stand kinds as data (data/craft.toml, data/stands.toml), loaded and checked.

Every assault craft of the seed's table is a `CraftType` (WAT-CRAFT-01..10): its raw columns as
printed (AMB-WAT-07), its capacity in units and allowed passenger classes (AMB-WAT-09), whether it
is amphibious, its own model (WAT-CRAFT-02) or ignored for combat (WAT-CRAFT-03/04), and its
propulsion class for the move roll (AMB-WAT-05).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Literal

import msgspec

from kriegsspiel.core.convert import convert

DATA = "kriegsspiel.rulesets.waterborne.data"

PassengerClass = Literal["infantry", "free", "gun", "vehicle"]
Labour = Literal["engineer", "other", "none"]


class Propulsion(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A modifier class of the move roll (WAT-MOVE-08..10)."""

    modifier: int
    rule: str
    text: str
    label: str  # its name in the roll's modifier ("+1 storm boat")


class CraftType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    row: str  # the seed table's row this type reads
    rules: tuple[str, ...]
    propulsion: str
    amphibious: bool
    model: bool
    ignored_for_combat: bool
    capacity: int
    capacity_rule: str  # the rule of the seed row that gives the capacity
    carries: tuple[PassengerClass, ...]
    columns: dict[str, str]
    arm: tuple[int, int] | None = None
    dice: int = 0
    he: int = 0
    eff: int = 0

    is_assault_craft = True  # WAT-CRAFT-01: every type listed here is an assault craft

    @property
    def land_speed(self) -> str:
        """The raw land speed column ("Fast", "Normal"), empty for craft that never drive."""
        return self.columns.get("land_speed", "") if self.amphibious else ""


class CraftData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    propulsion: dict[str, Propulsion]
    types: dict[str, CraftType]


class StandKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    cls: PassengerClass = msgspec.field(name="class")
    dice: int
    labour: Labour


class HeavyMortar(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    calibre: int
    cls: PassengerClass = msgspec.field(name="class")


class StandData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    classes: dict[PassengerClass, int]
    heavy_mortar: HeavyMortar
    kinds: dict[str, StandKind]


def _load(filename: str) -> object:
    text = resources.files(DATA).joinpath(filename).read_text(encoding="utf-8")
    return tomllib.loads(text)


CRAFT: CraftData = convert(_load("craft.toml"), CraftData, f"{DATA}/craft.toml")
STANDS: StandData = convert(_load("stands.toml"), StandData, f"{DATA}/stands.toml")

for _name, _type in CRAFT.types.items():
    assert _type.propulsion in CRAFT.propulsion, f"craft.toml: {_name}: unknown propulsion"

CRAFT_TYPES: dict[str, CraftType] = CRAFT.types
PROPULSION: dict[str, Propulsion] = CRAFT.propulsion
STAND_KINDS: dict[str, StandKind] = STANDS.kinds
FOLKESTONE = "folkestone"  # WAT-FERRY-02: the profile of an operational pontoon ferry


def passenger_class(kind: str, calibre: int | None = None) -> PassengerClass:
    """WAT-CRAFT-09: mortars up to 82 mm are infantry; heavier ones travel as a gun."""
    if kind == "mortar" and calibre is not None and calibre > STANDS.heavy_mortar.calibre:
        return STANDS.heavy_mortar.cls
    return STAND_KINDS[kind].cls


def capacity_units(cls: PassengerClass) -> int:
    """AMB-WAT-09: infantry 1, gun + tow 4, tank/assault gun 8, PC and FO 0."""
    return STANDS.classes[cls]
