"""The `engineering` scenario schema: Battlefront units, demolitions, tasks and options."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

from kriegsspiel.core.limits import UNITS, Count, Inches, Turns
from kriegsspiel.core.scenario import Id, Point, ScenarioBase, UnitSpec
from kriegsspiel.core.tables import BandTable, GameTables, TableSet
from kriegsspiel.core.victory import Place
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.engineering.bridges.bridge_specs import (
    BridgeSpec,
    BridgingSpec,
    validate_bridges,
)
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
from kriegsspiel.rulesets.engineering.footprints import GEARS
from kriegsspiel.rulesets.engineering.forts.fort_specs import FortSpec, validate_forts
from kriegsspiel.rulesets.engineering.obstacles.obstacle_effects import effect_rows
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import (
    VEHICLE_TRAITS,
    AtObstacleSpec,
    BocageSpec,
    DitchSpec,
    MinefieldSpec,
    PlatoonSpec,
    RoadblockSpec,
    WireSpec,
    validate_obstacles,
)
from kriegsspiel.rulesets.engineering.traits import AVRE_ENGINEER, TRAITS, validate_traits

UnitKind = Literal["troops", "gun", "soft-vehicle", "armoured-vehicle"]
TargetClass = Literal["T", "G", "sV", "V"]
TARGET_CLASS: dict[str, TargetClass] = {
    "troops": "T",
    "gun": "G",
    "soft-vehicle": "sV",
    "armoured-vehicle": "V",
}
ENGINEER = "engineer"  # AMB-ENG-44: one trait for every engineer-only ability
PositiveInt = Annotated[int, msgspec.Meta(ge=1)]
DR = Annotated[
    int,
    msgspec.Meta(
        description="Battlefront discipline rating, -2 (green) to +2 (elite)",
        extra_json_schema={"minimum": -2, "maximum": 2},
    ),
]


class EngUnit(UnitSpec, frozen=True, forbid_unknown_fields=True):
    kind: UnitKind = "troops"
    dr: DR = 0  # Battlefront's discipline rating: only this ruleset's units have one
    actions: Annotated[int, msgspec.Meta(ge=0, le=4)] = 2
    speed: Inches | None = None
    attack: dict[TargetClass, int] = {}
    card: str = ""  # the base-game unit card, such as BR-13 (the AVRE) or US-02 (a Sherman)
    capacity: Annotated[int, msgspec.Meta(ge=0)] = 0  # transport capacity in T (ENG-BRIDGE-05)
    close_combat: int = 0  # the card's close combat modifier

    @property
    def target_class(self) -> TargetClass:
        return TARGET_CLASS[self.kind]

    @property
    def is_engineer(self) -> bool:
        """AMB-ENG-44; AMB-ENG-41: an AVRE the scenario lets act as combat engineers counts."""
        return ENGINEER in self.traits or AVRE_ENGINEER in self.traits

    @property
    def troop_work(self) -> bool:
        """Whether it may do a troop stand's work: a troop stand, or (ENG-FUNNY-02, AMB-ENG-41)
        an AVRE acting as combat engineers, a troop unit for eligibility only."""
        return self.kind == "troops" or AVRE_ENGINEER in self.traits


class DemolitionSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A target that can be prepared for demolition, such as a bridge or a road culvert."""

    id: Id
    side: str
    name: str = ""
    position: Point | None = None
    preparations: Count = 1
    prepared: bool = False
    known_to: tuple[str, ...] = ()


class TaskSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A generic engineering task: so many engineering actions to complete."""

    id: Id
    side: str
    required: Count
    name: str = ""
    workers: Annotated[int, msgspec.Meta(ge=1, le=3)] = 1
    position: Point | None = None
    secret: bool = False


class EngOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dud_resets: Literal["all", "one"] = "all"
    allow_task_handover_any: bool = False
    idf_vs_fort_occupants: Literal["none", "capped", "full"] = "capped"  # AMB-ENG-30
    dive_bombers_vs_forts: bool = False  # ENG-FORT-15: the scenario allows dive bombers
    rough_water: bool = False  # ENG-FUNNY-06
    dug_in_gun_modifier: int = -2  # BF-DEFAULT-DUGIN-GUN: direct fire at a pontoon span
    mixed_single_roll: bool = False  # AMB-ENG-09: vehicles roll once, against the denser part
    umpire_passage_rolls: bool = False  # ENG-MINE-30: secret rolls, dummies always traversed
    strict_mixed_densities: bool = False  # AMB-ENG-08: a mixed field's densities must differ
    lane_width: Annotated[float, msgspec.Meta(gt=0)] = 1.0  # AMB-ENG-14: one vehicle wide
    idf_dug_in_modifier: int = -1  # BF-DEFAULT-DUGIN: IDF at dug-in troops (minefield, ditch)
    dug_in_modifier: int = -2  # BF-DEFAULT-DUGIN: direct fire at dug-in troops (in a ditch)
    hard_cover_modifier: int = -2  # BF-DEFAULT-HARD-COVER: direct fire (at an AT obstacle)
    idf_hard_cover_modifier: int = -1  # BF-DEFAULT-HARD-COVER: IDF at troops in hard cover
    bocage_flank_modifier: int = 1  # BF-DEFAULT-FLANK: direct fire at a vehicle's flank (bocage)
    suppression_recovery: Literal["automatic", "rally"] = "automatic"  # BF-DEFAULT-RECOVERY
    opportunity_fire_at_moves: bool = True  # BF-DEFAULT-OPFIRE
    declared_modifier_limit: Annotated[int, msgspec.Meta(ge=0, le=10)] = 4  # BF-DEFAULT-DECLARED


class EngScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True):
    units: Annotated[tuple[EngUnit, ...], UNITS] = ()
    demolitions: tuple[DemolitionSpec, ...] = ()
    tasks: tuple[TaskSpec, ...] = ()
    bridges: tuple[BridgeSpec, ...] = ()
    bridging: tuple[BridgingSpec, ...] = ()
    forts: tuple[FortSpec, ...] = ()
    minefields: tuple[MinefieldSpec, ...] = ()  # ENG-MINE-10..18
    wire: tuple[WireSpec, ...] = ()  # ENG-WIRE-01
    ditches: tuple[DitchSpec, ...] = ()  # ENG-DITCH-01, -18, -19
    at_obstacles: tuple[AtObstacleSpec, ...] = ()  # ENG-OBST-01
    bocage: tuple[BocageSpec, ...] = ()  # ENG-BOCAGE
    roadblocks: tuple[RoadblockSpec, ...] = ()  # ENG-ROAD
    platoons: tuple[PlatoonSpec, ...] = ()  # ENG-MINE-20: engineer platoons' mines
    terrain_effects: dict[str, Any] = {}  # AMB-ENG-03: rows replacing obstacle_effects.toml
    options: EngOptions = EngOptions()  # type: ignore[assignment]
    turns: Turns | None = None
    game_tables: ClassVar[GameTables[TableSet[BandTable]]] = GameTables(DEFAULT_TABLES)
    known_traits: ClassVar[frozenset[str] | None] = frozenset(
        (ENGINEER, *TRAITS, *VEHICLE_TRAITS, *GEARS)
    )

    def validate(self, where: str) -> None:
        super().validate(where)
        for i, unit in enumerate(self.units):
            if not -2 <= unit.dr <= 2:
                raise InputError(f"{where}: units[{i}].dr", "must be an integer from -2 to 2")
        sides = set(self.side_ids)
        ids = {u.id for u in self.units}
        owned = [("demolitions", i, d.id, d.side) for i, d in enumerate(self.demolitions)]
        owned += [("tasks", i, t.id, t.side) for i, t in enumerate(self.tasks)]
        for section, i, ident, side in owned:
            if side not in sides:
                raise InputError(f"{where}: {section}[{i}].side", f"unknown side {side!r}")
            if ident in ids:
                raise InputError(f"{where}: {section}[{i}].id", f"id {ident!r} is used twice")
            ids.add(ident)
        named = [("bridges", i, b.id) for i, b in enumerate(self.bridges)]
        named += [("bridging", i, e.id) for i, e in enumerate(self.bridging)]
        named += [("forts", i, f.id) for i, f in enumerate(self.forts)]
        named += [("forts", i, f"{f.id}-charges") for i, f in enumerate(self.forts)]
        named += [("bridges", i, f"{b.id}-charges") for i, b in enumerate(self.bridges)]
        for section, i, ident in named:
            if ident in ids:
                raise InputError(f"{where}: {section}[{i}].id", f"id {ident!r} is used twice")
            ids.add(ident)
        self._validate_works(where, sides)
        validate_obstacles(self, where, ids)
        effect_rows(self.terrain_effects, f"{where}: terrain_effects")
        for i, demo in enumerate(self.demolitions):
            for side in demo.known_to:
                if side not in sides:
                    raise InputError(
                        f"{where}: demolitions[{i}].known_to", f"unknown side {side!r}"
                    )

    def victory_features(self) -> dict[str, Place]:
        """The terrain, and the bridges and forts, for `control` objectives."""
        out = super().victory_features()
        for b in self.bridges:
            if b.position is not None:
                out[b.id] = Place(b.name or b.id, (b.position,))
        for f in self.forts:
            if f.position is not None:
                out[f.id] = Place(f.name or f.id, (f.position,))
        return out

    def victory_tasks(self) -> dict[str, tuple[str, frozenset[str]]]:
        """The work a `task` objective may name (engineering/victory.py reports it done)."""
        out: dict[str, tuple[str, frozenset[str]]] = {}
        for t in self.tasks:
            out[t.id] = (t.name or t.id, frozenset({"done"}))
        for d in self.demolitions:
            out[d.id] = (d.name or d.id, frozenset({"blown"}))
        for b in self.bridges:
            words = {"blown"} if b.kind == "permanent" else {"built", "blown"}
            out[b.id] = (b.name or b.id, frozenset(words))
        for f in self.forts:
            out[f.id] = (f.name or f.id, frozenset({"destroyed"}))
        obstacles = (*self.wire, *self.ditches, *self.at_obstacles, *self.bocage, *self.roadblocks)
        for o in (*obstacles, *self.minefields):
            out[o.id] = (o.name or o.id, frozenset({"breached"}))
        return out

    def _validate_works(self, where: str, sides: set[str]) -> None:
        """Bridges, bridging equipment, forts and special vehicles (ENG-BRIDGE, -FORT, -FUNNY)."""
        terrain = {t.id: t for t in self.terrain}
        carriers = {u.id: (u.side, u.kind, u.capacity) for u in self.units}
        validate_bridges(self.bridges, self.bridging, sides, terrain, carriers, where)
        validate_forts(self.forts, sides, {u.id: u.side for u in self.units}, where)
        validate_traits(self.units, where)
