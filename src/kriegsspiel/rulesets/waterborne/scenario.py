"""The `waterborne` scenario schema: the water grid, land features, stands, craft, pontoon sites.

Crossfire measures nothing on land: stands stand in terrain features (`land`, linked by
`next_to`). The water is a grid of squares (WAT-GRID-01) whose sides are banks, beaches or the
table edge; a shore feature names the side it lines (`shore`) and, optionally, the squares along
it (`span`). A pontoon site is a place on a bank beside the equipment (AMB-WAT-21).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from kriegsspiel.core.limits import UNITS, Turns
from kriegsspiel.core.scenario import Point, ScenarioBase, UnitSpec
from kriegsspiel.core.tables import GameTables
from kriegsspiel.core.victory import Exit, Place
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne.board import Board, board_of
from kriegsspiel.rulesets.waterborne.cargo import check_load
from kriegsspiel.rulesets.waterborne.grid import HEADINGS, Edge
from kriegsspiel.rulesets.waterborne.kinds import CRAFT_TYPES
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES, Tables

StandKindName = Literal[
    "squad",
    "engineer",
    "cavalry",
    "hmg",
    "mortar",
    "pc",
    "cc",
    "bc",
    "fo",
    "gun",
    "tank",
    "assault-gun",
]
NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Cell = tuple[int, int]
INDIRECT = "indirect"  # the trait of units that fire indirectly (mortars, observers' batteries)


class WatUnit(UnitSpec, frozen=True, forbid_unknown_fields=True):
    """A Crossfire stand (or a tank, gun, commander). Exactly one of `place` and `aboard`."""

    kind: StandKindName = "squad"
    place: str | None = None  # a land feature or pontoon site
    aboard: str | None = None  # a craft
    calibre: int | None = None  # mortars, in mm (WAT-CRAFT-09)
    dice: NonNegative | None = None  # direct-fire dice; default by kind (stands.toml)
    he: NonNegative = 0
    eff: NonNegative = 0
    arm: tuple[NonNegative, NonNegative] | None = None  # vehicles: ARM front/rear
    hidden: bool = False  # CF-HIDDEN


class CraftSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An assault craft: in a water square, or on land (`column`: where it touches a bank)."""

    id: str
    side: str
    type: str
    name: str = ""
    square: Cell | None = None
    land: str | None = None
    column: int | None = None
    heading: int = 0


class LandSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str = ""
    kind: Literal["bank", "beach", "land"] = "land"
    shore: Edge | None = None  # the side of the water grid it lines
    span: tuple[int, int] | None = None  # squares along that side (inclusive); default all
    cover: bool = False
    next_to: tuple[str, ...] = ()
    points: tuple[Point, ...] = ()  # its outline on the table, for drawing only


class SiteSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A pontoon bridge or ferry site on a bank, at the square `column` along it."""

    id: str
    side: str
    kind: Literal["bridge", "ferry"]
    bank: str
    column: int
    name: str = ""
    width: Annotated[float, msgspec.Meta(gt=0)] | None = None  # inches of river (bridges)
    built: NonNegative = 0  # CP earned before the game; all of them: finished and in use
    craft: str | None = None  # the id of the ferry once operational

    @property
    def ferry_id(self) -> str:
        return self.craft or f"{self.id}-ferry"


class WaterSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    size: tuple[Annotated[float, msgspec.Meta(gt=0)], Annotated[float, msgspec.Meta(gt=0)]]
    origin: Point = (0.0, 0.0)


class WatOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    square_inches: Annotated[float, msgspec.Meta(gt=0)] = 12.0  # AMB-WAT-01
    oared_no_founder: bool = False  # AMB-WAT-04
    embark_as_action: bool = False  # AMB-WAT-13 read as one move action, not the initiative's


class WatScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    units: Annotated[tuple[WatUnit, ...], UNITS] = ()
    water: WaterSpec
    land: tuple[LandSpec, ...] = ()
    craft: tuple[CraftSpec, ...] = ()
    sites: tuple[SiteSpec, ...] = ()
    options: WatOptions = WatOptions()  # type: ignore[assignment]
    initiatives: Turns | None = None  # the game's length
    game_tables: ClassVar[GameTables[Tables]] = GameTables(DEFAULT_TABLES)
    known_traits: ClassVar[frozenset[str] | None] = frozenset((INDIRECT,))

    def victory_features(self) -> dict[str, Place]:
        """The land features and sites a stand may hold (`control` objectives)."""
        out = super().victory_features()
        for land in self.land:
            out[land.id] = Place(land.name or land.id, land.points)
        for site in self.sites:
            out[site.id] = Place(site.name or site.id, ())
        return out

    def victory_tasks(self) -> dict[str, tuple[str, frozenset[str]]]:
        """The pontoon bridges and ferries, built when open to traffic or launched."""
        return {s.id: (s.name or s.id, frozenset({"built"})) for s in self.sites}

    def validate(self, where: str) -> None:
        super().validate(where)
        for i, objective in enumerate(self.victory.objectives if self.victory else ()):
            if isinstance(objective, Exit):  # stands stand in features, never at a point
                raise InputError(
                    f"{where}: victory.objectives[{i}].kind",
                    "a stand is in a feature, never beyond a line: hold the feature instead",
                )
        if len(self.sides) != 2:
            raise InputError(f"{where}: sides", "Crossfire is played by exactly two sides")
        board = board_of(self, where)
        sides = set(self.side_ids)
        ids = {u.id for u in self.units}
        sections: tuple[tuple[str, tuple[CraftSpec | SiteSpec | LandSpec, ...]], ...] = (
            ("craft", self.craft),
            ("sites", self.sites),
            ("land", self.land),
        )
        for section, items in sections:
            for i, item in enumerate(items):
                if item.id in ids or board.grid.cell_of(item.id) is not None:
                    raise InputError(f"{where}: {section}[{i}].id", f"id {item.id!r} is used twice")
                ids.add(item.id)
                side = getattr(item, "side", None)
                if side is not None and side not in sides:
                    raise InputError(f"{where}: {section}[{i}].side", f"unknown side {side!r}")
        for i, site in enumerate(self.sites):
            if site.kind == "ferry" and site.ferry_id in ids:
                raise InputError(
                    f"{where}: sites[{i}].craft", f"id {site.ferry_id!r} is used twice"
                )
            ids.add(site.ferry_id)
        for i, craft in enumerate(self.craft):
            _validate_craft(board, craft, f"{where}: craft[{i}]")
        self._validate_units(board, where)
        for i, site in enumerate(self.sites):
            board.site_far_bank(site.id)  # a bridge must reach a bank across the water
            if site.kind == "ferry" and site.width is not None:
                raise InputError(f"{where}: sites[{i}].width", "a ferry needs 4 CP, not a width")

    def _validate_units(self, board: Board, where: str) -> None:
        craft = {c.id: c for c in self.craft}
        for i, unit in enumerate(self.units):
            here = f"{where}: units[{i}]"
            if (unit.place is None) == (unit.aboard is None):
                raise InputError(here, "give exactly one of place and aboard")
            if unit.place is not None and not board.is_place(unit.place):
                raise InputError(f"{here}.place", f"no land feature or site {unit.place!r}")
            if unit.aboard is not None:
                if unit.aboard not in craft or craft[unit.aboard].side != unit.side:
                    raise InputError(f"{here}.aboard", f"no craft {unit.aboard!r} of {unit.side}")
                if unit.hidden:
                    raise InputError(f"{here}.hidden", "a passenger cannot be hidden (CF-HIDDEN)")
            if unit.kind == "mortar" and unit.calibre is None:
                raise InputError(f"{here}.calibre", "give a mortar's calibre in mm (WAT-CRAFT-09)")
        for c in self.craft:
            try:
                check_load(CRAFT_TYPES[c.type], [u for u in self.units if u.aboard == c.id])
            except RuleViolation as exc:
                raise InputError(f"{where}: craft {c.id}", str(exc)) from None


def _validate_craft(board: Board, craft: CraftSpec, here: str) -> None:
    if craft.type not in CRAFT_TYPES:
        known = ", ".join(CRAFT_TYPES)
        raise InputError(f"{here}.type", f"unknown craft type {craft.type!r} (types: {known})")
    if craft.heading not in HEADINGS:
        raise InputError(f"{here}.heading", "must be 0, 90, 180 or 270 (WAT-MOVE-03)")
    if (craft.square is None) == (craft.land is None):
        raise InputError(here, "give exactly one of square and land")
    if craft.square is not None and not board.grid.inside(craft.square):
        raise InputError(f"{here}.square", f"{list(craft.square)} is not a square of the grid")
    if craft.land is not None:
        if craft.land not in board.land:
            raise InputError(f"{here}.land", f"no land feature {craft.land!r}")
        if craft.column is not None and board.beyond_cell(craft.land, craft.column) is None:
            raise InputError(f"{here}.column", f"{craft.land} does not touch that square")
