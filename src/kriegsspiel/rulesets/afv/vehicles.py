"""Vehicle and weapon data (data/vehicles.toml): crew positions, hatches, exits, mounts, armour.

Types are frozen structs loaded and validated once; a scenario may add or replace types in its
`vehicles:` and `weapons:` sections (SK-DEFAULT-WEAPONS).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any, Literal

import msgspec

from kriegsspiel.core.convert import convert
from kriegsspiel.core.kept import kept
from kriegsspiel.errors import InputError

Role = Literal["driver", "co-driver", "gunner", "loader", "commander"]
ROLES: tuple[Role, ...] = ("driver", "co-driver", "gunner", "loader", "commander")
Exit = Literal["top-hatch", "escape-hatch", "left-side-door", "right-side-door"]
Weight = Literal["light", "medium", "heavy"]
WeaponClass = Literal["main-gun", "mg", "small-arms", "panzerfaust"]
Round = Literal["HE", "AP", "SMOKE", "CANISTER"]
ROUNDS: tuple[Round, ...] = ("HE", "AP", "SMOKE", "CANISTER")
MgMount = Literal["bow", "coax", "aa"]
MG_MOUNTS: tuple[MgMount, ...] = ("bow", "coax", "aa")
Facing = Literal["front", "side", "rear"]
NonNegative = msgspec.Meta(ge=0)


class Position(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One crew position of a vehicle type."""

    role: Role
    hatch: bool = False
    exits: tuple[Exit, ...] = ()
    leader: bool = False
    also: tuple[Role, ...] = ()  # other roles whose duties this position takes (a 4-man crew)


class Armour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    front: int
    side: int
    rear: int

    def of(self, facing: Facing) -> int:
        return {"front": self.front, "side": self.side, "rear": self.rear}[facing]


class VehicleType(msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True):
    name: str
    nation: str
    weight: Weight
    armour: Armour
    positions: tuple[Position, ...]
    main_gun: str | None = None
    mgs: dict[MgMount, str] = {}
    turret: bool = True
    power_traverse: bool | None = None  # None: by AMB-AFV-10

    @property
    def has_power_traverse(self) -> bool:
        """AFV-TURRET-03 with AMB-AFV-10: by default only US medium and heavy tanks."""
        if self.power_traverse is not None:
            return self.power_traverse
        return self.nation == "US" and self.weight in ("medium", "heavy")

    @property
    def traverse_per_card(self) -> float:
        """AFV-TURRET-01/02: a quarter revolution with power traverse, an eighth by hand."""
        return 90.0 if self.has_power_traverse else 45.0

    def position(self, role: str) -> Position | None:
        return self._by_role.get(role)

    @kept
    def _by_role(self) -> dict[str, Position]:
        return {p.role: p for p in self.positions}

    @property
    def roles(self) -> tuple[Role, ...]:
        return tuple(p.role for p in self.positions)


class WeaponType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: WeaponClass = msgspec.field(name="class")
    penetration: int = 0
    rounds: dict[Round, int] = {}  # main guns: penetration per round type
    range: float | None = None
    shots: int | None = None

    @property
    def best_penetration(self) -> int:
        """AMB-AFV-16: what a weapon can do at best (a main gun: its best round)."""
        return max([self.penetration, *self.rounds.values()])

    def penetration_of(self, round_: Round | None) -> int:
        """A main gun's penetration with the round fired; any other weapon's own."""
        return self.rounds.get(round_, 0) if round_ is not None else self.penetration


class Catalogue(msgspec.Struct, frozen=True):
    vehicles: dict[str, VehicleType]
    weapons: dict[str, WeaponType]


def _validate(cat: Catalogue, where: str) -> None:
    for key, vt in cat.vehicles.items():
        here = f"{where}: vehicles.{key}"
        roles = [p.role for p in vt.positions]
        if len(set(roles)) != len(roles):
            raise InputError(f"{here}.positions", "each role may appear only once")
        if "driver" not in roles:
            raise InputError(f"{here}.positions", "a vehicle needs a driver's position")
        if vt.main_gun is not None:
            gun = cat.weapons.get(vt.main_gun)
            if gun is None or gun.kind != "main-gun":
                raise InputError(f"{here}.main_gun", f"{vt.main_gun!r} is not a main gun")
        for mount, weapon in vt.mgs.items():
            if weapon not in cat.weapons or cat.weapons[weapon].kind != "mg":
                raise InputError(f"{here}.mgs.{mount}", f"{weapon!r} is not a machine gun")
        if "bow" in vt.mgs and "co-driver" not in roles:
            raise InputError(f"{here}.mgs.bow", "a bow MG needs a co-driver's position")
    for key, wt in cat.weapons.items():
        if wt.kind == "main-gun" and not wt.rounds:
            raise InputError(f"{where}: weapons.{key}.rounds", "a main gun needs its rounds")


def load_catalogue(
    extra_vehicles: Mapping[str, Any] | None = None,
    extra_weapons: Mapping[str, Any] | None = None,
    where: str = "scenario",
) -> Catalogue:
    """The bundled types, with a scenario's additions or replacements, validated."""
    vehicles = dict(DEFAULT.vehicles)
    weapons = dict(DEFAULT.weapons)
    for key, raw in (extra_weapons or {}).items():
        weapons[key] = convert(raw, WeaponType, f"{where}: weapons.{key}")
    for key, raw in (extra_vehicles or {}).items():
        vehicles[key] = convert(raw, VehicleType, f"{where}: vehicles.{key}")
    cat = Catalogue(vehicles, weapons)
    _validate(cat, where)
    return cat


def _bundled() -> Catalogue:
    where = "kriegsspiel.rulesets.afv.data/vehicles.toml"
    text = resources.files("kriegsspiel.rulesets.afv.data").joinpath("vehicles.toml")
    data = tomllib.loads(text.read_text(encoding="utf-8"))
    cat = Catalogue(
        {k: convert(v, VehicleType, f"{where}: vehicles.{k}") for k, v in data["vehicles"].items()},
        {k: convert(v, WeaponType, f"{where}: weapons.{k}") for k, v in data["weapons"].items()},
    )
    _validate(cat, where)
    return cat


DEFAULT = _bundled()
