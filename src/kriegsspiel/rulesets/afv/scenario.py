"""The `afv` scenario schema: AFVs with their crews, infantry fire teams, the deck, options."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from kriegsspiel.core.kept import kept
from kriegsspiel.core.limits import UNITS, TableSide, Turns
from kriegsspiel.core.scenario import Point, ScenarioBase, UnitSpec
from kriegsspiel.core.tables import GameTables
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES, AfvTables
from kriegsspiel.rulesets.afv.terrain import TerrainShapes
from kriegsspiel.rulesets.afv.vehicles import ROUNDS, Catalogue, Role, Round, load_catalogue

UnitKind = Literal["afv", "team"]
Cards = Annotated[int, msgspec.Meta(ge=0, le=6)]
MAX_SPEED = 6.0  # AFV-MOVE-01: 6" per card
TERRAIN_SHAPES = {"road": True, "wall": True, "building": False}  # kind -> is a line


class CrewSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A crewman and the position (role) he starts in."""

    id: str
    position: Role
    name: str = ""
    leader: bool | None = None  # None: the vehicle data's leader flag for his position


class ManSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A man of a fire team: his weapon and where he stands."""

    id: str
    weapon: str
    position: Point
    name: str = ""
    leader: bool = False


class AfvUnit(UnitSpec, frozen=True, forbid_unknown_fields=True):
    """An AFV and its crew (`kind: afv`) or an infantry fire team (`kind: team`)."""

    kind: UnitKind = "afv"
    vehicle: str = ""
    formation: str = ""
    cards: Cards = 1
    crew: tuple[CrewSpec, ...] = ()
    men: tuple[ManSpec, ...] = ()
    unbuttoned: tuple[Role, ...] = ()
    speed: Annotated[float, msgspec.Meta(ge=0, le=MAX_SPEED)] = 0.0
    ammo: dict[Round, Annotated[int, msgspec.Meta(ge=0)]] | None = None
    loaded: Round | None = None
    entry: Point | None = None


class AfvOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    main_gun_ammo: Literal["d10_table", "3d6"] = "d10_table"  # AMB-AFV-01
    morale_modifier_sign: Literal["subtract", "literal"] = "subtract"  # AMB-AFV-04
    morale_scope: Literal["side", "formation"] = "side"  # AMB-AFV-05
    repair_chances: Literal["amb", "parent"] = "amb"  # AMB-AFV-13 / parent-games.md §2.4
    mg_rounds_per_burst: Annotated[int, msgspec.Meta(ge=1, le=250)] = 50  # AMB-AFV-20
    infantry_move: Annotated[float, msgspec.Meta(gt=0, le=24)] = 6.0  # SK-INFANTRY


class AfvScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, dict=True):
    units: Annotated[tuple[AfvUnit, ...], UNITS] = ()
    options: AfvOptions = AfvOptions()  # type: ignore[assignment]
    free_move_cards: dict[str, Cards] = {}
    turns: Turns | None = None
    table: tuple[TableSide, TableSide] | None = None
    vehicles: dict[str, Any] = {}
    weapons: dict[str, Any] = {}
    game_tables: ClassVar[GameTables[AfvTables]] = GameTables(DEFAULT_TABLES)
    known_traits: ClassVar[frozenset[str] | None] = frozenset()

    @kept
    def catalogue(self) -> Catalogue:
        return load_catalogue(self.vehicles, self.weapons, "vehicles")

    @kept
    def shapes(self) -> TerrainShapes:
        return TerrainShapes(self.terrain)

    @kept
    def unit_index(self) -> dict[str, AfvUnit]:
        return {u.id: u for u in self.units}

    @kept
    def start_positions(self) -> dict[str, Role]:
        """Every crewman's starting position (what the other side assumes, AFV-CREW-06)."""
        return {c.id: c.position for u in self.units if u.kind == "afv" for c in self.crew_of(u)}

    @kept
    def formations(self) -> dict[str, tuple[str, ...]]:
        """Each side's formations, in the order first met."""
        out: dict[str, dict[str, None]] = {s: {} for s in self.side_ids}
        for u in self.units:
            if u.formation:
                out.setdefault(u.side, {})[u.formation] = None
        return {s: tuple(f) for s, f in out.items()}

    def crew_of(self, unit: AfvUnit) -> tuple[CrewSpec, ...]:
        """The unit's crew as given, or one crewman per position of its vehicle type."""
        if unit.crew:
            return unit.crew
        vt = self.catalogue.vehicles[unit.vehicle]
        return tuple(
            CrewSpec(f"{unit.id}.{p.role}", p.role, f"{unit.label} {p.role}") for p in vt.positions
        )

    def model_ids(self) -> Iterator[tuple[str, str]]:
        """Every id a target or an action may name, with where it is defined."""
        for i, u in enumerate(self.units):
            yield u.id, f"units[{i}].id"
            if u.kind == "afv":
                for j, c in enumerate(self.crew_of(u)):
                    yield c.id, f"units[{i}].crew[{j}].id"
            for j, m in enumerate(u.men):
                yield m.id, f"units[{i}].men[{j}].id"

    def validate(self, where: str) -> None:
        super().validate(where)
        cat = load_catalogue(self.vehicles, self.weapons, f"{where}: vehicles")
        for i, unit in enumerate(self.units):
            here = f"{where}: units[{i}]"
            if unit.kind == "afv":
                _validate_afv(unit, cat, here)
            else:
                _validate_team(unit, cat, here)
        seen: set[str] = set()
        for ident, path in self.model_ids():
            if ident in seen:
                raise InputError(f"{where}: {path}", f"id {ident!r} is used twice")
            seen.add(ident)
        for side in self.free_move_cards:
            if side not in self.side_ids:
                raise InputError(f"{where}: free_move_cards.{side}", f"unknown side {side!r}")
        for i, feature in enumerate(self.terrain):
            line = TERRAIN_SHAPES.get(feature.kind)
            if line is not None and (feature.line != line or len(feature.points) < 2):
                shape = "a line (line: true)" if line else "a polygon"
                raise InputError(f"{where}: terrain[{i}]", f"a {feature.kind} must be {shape}")
        blocked = next(self.shapes.roads_into_buildings(), None)
        if blocked is not None:
            road, building = blocked
            raise InputError(
                f"{where}: terrain: road {road!r}",
                f"runs into building {building!r}, where a vehicle following it would be stopped "
                "(AFV-MOVE-07)",
            )


def _validate_afv(unit: AfvUnit, cat: Catalogue, here: str) -> None:
    vt = cat.vehicles.get(unit.vehicle)
    if vt is None:
        known = ", ".join(sorted(cat.vehicles))
        raise InputError(f"{here}.vehicle", f"unknown vehicle type {unit.vehicle!r} ({known})")
    if unit.position is None:
        raise InputError(f"{here}.position", "an AFV must be placed on the table")
    if unit.men:
        raise InputError(f"{here}.men", "an AFV has a crew, not men")
    roles = [c.position for c in unit.crew]
    if len(set(roles)) != len(roles):
        raise InputError(f"{here}.crew", "two crewmen cannot start in the same position")
    for j, role in enumerate(roles):
        if role not in vt.roles:
            raise InputError(f"{here}.crew[{j}].position", f"a {vt.name} has no {role} position")
    for role in unit.unbuttoned:
        pos = vt.position(role)
        if pos is None or not pos.hatch:
            raise InputError(f"{here}.unbuttoned", f"the {role} of a {vt.name} has no hatch")
    if unit.ammo is not None:
        if vt.main_gun is None:
            raise InputError(f"{here}.ammo", f"a {vt.name} has no main gun")
        if unit.loaded is not None and unit.ammo.get(unit.loaded, 0) < 1:
            raise InputError(f"{here}.loaded", f"no {unit.loaded} round in `ammo` to load")
    elif unit.loaded is not None:
        raise InputError(f"{here}.loaded", "a loaded round is taken from a fixed `ammo` split")


def _validate_team(unit: AfvUnit, cat: Catalogue, here: str) -> None:
    if not unit.men:
        raise InputError(f"{here}.men", "a fire team needs at least one man")
    if unit.vehicle or unit.crew:
        raise InputError(here, "a fire team has men, not a vehicle or crew")
    for j, man in enumerate(unit.men):
        weapon = cat.weapons.get(man.weapon)
        if weapon is None or weapon.kind == "main-gun":
            raise InputError(f"{here}.men[{j}].weapon", f"{man.weapon!r} is not a man's weapon")


__all__ = ["ROUNDS", "AfvOptions", "AfvScenario", "AfvUnit", "CrewSpec", "ManSpec"]
