"""The neutral scenario model: the parts every ruleset shares (sides, units, terrain, options and
table replacements), and nothing of any one game's rules.

Rulesets subclass `ScenarioBase` (and `UnitSpec`) to add their own sections and fields. `validate`
checks what a schema cannot: unique ids, references, ranges with a plain message. Loading scenario
files, which needs the ruleset registry to pick the type, is `kriegsspiel.scenario.load`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Annotated, Any, ClassVar

import msgspec

from kriegsspiel.core.convert import ID_PATTERN
from kriegsspiel.core.kept import kept
from kriegsspiel.core.limits import FEATURE_POINTS, FEATURES, UNITS, Facing, Name, Text
from kriegsspiel.core.limits import Point as Point
from kriegsspiel.core.seats import RESERVED
from kriegsspiel.core.tables import GameTables, TableSet
from kriegsspiel.core.victory import Place, Victory, find_places
from kriegsspiel.core.victory import validate as validate_victory
from kriegsspiel.errors import InputError

Id = Annotated[
    str,
    msgspec.Meta(
        pattern=ID_PATTERN,
        description="letters, digits, '_', '.' and '-'",
    ),
]


class SideSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    name: Name = ""

    @property
    def label(self) -> str:
        return self.name or self.id


class UnitSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    side: str
    kind: str
    name: Name = ""
    traits: tuple[str, ...] = ()
    position: Point | None = None
    facing: Facing = 0.0

    @property
    def label(self) -> str:
        return self.name or self.id


class TerrainSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A terrain feature: a polygon (3+ points), a line (2+ points, `line: true`) or a point."""

    id: Id
    kind: str
    points: Annotated[tuple[Point, ...], FEATURE_POINTS]
    line: bool = False
    name: Name = ""


class ScenarioBase(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True
):  # dict: `kept`
    ruleset: str
    title: Name
    sides: tuple[SideSpec, ...]
    units: Annotated[tuple[UnitSpec, ...], UNITS] = ()
    terrain: Annotated[tuple[TerrainSpec, ...], FEATURES] = ()
    description: Text = ""
    seed: str | None = None
    options: dict[str, Any] = {}
    tables: dict[str, Any] = {}  # replacements of the ruleset's tables, by name (docs/tables.md)
    victory: Victory | None = None  # how the game is won (core/victory.py, docs/victory.md)
    # the game's tables: the ruleset's defaults with `tables`; a ruleset's scenario class
    # declares its own, `game_tables: ClassVar[GameTables[...]] = GameTables(DEFAULT_TABLES)`
    game_tables: ClassVar[GameTables[TableSet[Any]]] = GameTables(TableSet({}))
    # the unit traits the ruleset reads (any other is refused); None accepts any trait
    known_traits: ClassVar[frozenset[str] | None] = None

    def validate(self, where: str) -> None:
        """Semantic checks; subclasses extend and call super()."""
        if len(self.sides) < 2:
            raise InputError(f"{where}: sides", "a scenario needs at least two sides")
        _unique(where, "sides", (s.id for s in self.sides))
        for i, side in enumerate(self.sides):
            if side.id in RESERVED:
                raise InputError(f"{where}: sides[{i}].id", f"{side.id!r} is a reserved seat name")
        side_ids = {s.id for s in self.sides}
        _unique(where, "units", (u.id for u in self.units))
        known = type(self).known_traits
        for i, unit in enumerate(self.units):
            if unit.side not in side_ids:
                raise InputError(
                    f"{where}: units[{i}].side",
                    f"unknown side {unit.side!r} (sides: {_ls(side_ids)})",
                )
            unknown = [t for t in unit.traits if t not in known] if known is not None else []
            if unknown:
                assert known is not None
                raise InputError(f"{where}: units[{i}].traits", _unknown_trait(unknown[0], known))
        _unique(where, "terrain", (t.id for t in self.terrain))
        for i, feature in enumerate(self.terrain):
            least = 2 if feature.line else 3
            if len(feature.points) not in (1,) and len(feature.points) < least:
                raise InputError(
                    f"{where}: terrain[{i}].points",
                    f"a {'line' if feature.line else 'polygon'} needs at least {least} points",
                )
        type(self).game_tables.resolve(self.tables, f"{where}: tables")
        if self.victory is not None:
            validate_victory(self.victory, self, where)

    def victory_features(self) -> dict[str, Place]:
        """The places a `control` objective may name, by id: the terrain features; a ruleset's
        scenario adds its own (bridges, forts, sites)."""
        return {t.id: Place(t.name or t.id, t.points, t.line) for t in self.terrain}

    @kept
    def victory_places(self) -> dict[str, Place]:
        """`victory_features` and the victory section's own areas, kept once asked for."""
        return find_places(self)

    def victory_tasks(self) -> dict[str, tuple[str, frozenset[str]]]:
        """The things a `task` objective may name, by id: each one's name and the words for
        what may be done to it ("built", "blown", ...), as its ruleset's facts report them."""
        return {}

    def unit(self, unit_id: str) -> UnitSpec:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    @kept
    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    @kept
    def side_names(self) -> dict[str, str]:
        """Each side's display name by id (the first side of an id, were there two)."""
        return {s.id: s.label for s in reversed(self.sides)}

    def side_name(self, side: str) -> str:
        """A side's display name for text: its `name`, else its id (an unknown id as given)."""
        return self.side_names.get(side, side)


def possessive(name: str) -> str:
    """A name's possessive: "Wehrmacht's", "US engineers'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _unique(where: str, section: str, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise InputError(f"{where}: {section}[{i}].id", f"duplicate id {ident!r}")
        seen.add(ident)


def _ls(items: Iterable[str]) -> str:
    return ", ".join(sorted(items))


def _unknown_trait(trait: str, known: frozenset[str]) -> str:
    """A trait no rule reads would be ignored without a word: name the ones there are."""
    if not known:
        return f"unknown trait {trait!r} (this ruleset reads no unit traits)"
    near = difflib.get_close_matches(trait, sorted(known), n=1)
    hint = f"did you mean {near[0]!r}? " if near else ""
    return f"unknown trait {trait!r} ({hint}traits: {_ls(known)})"
