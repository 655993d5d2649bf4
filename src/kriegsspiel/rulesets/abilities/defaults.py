"""The house DEFAULT tables (`data/tables.toml`): spotting, moves, range bands, terrain, rally,
close assault. A scenario's `tables:` section replaces any of them, whole, validated on load.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Annotated, Any

import msgspec

from kriegsspiel.core.convert import convert
from kriegsspiel.errors import InputError

Tn = Annotated[int, msgspec.Meta(ge=1, le=9)]
Step = Annotated[int, msgspec.Meta(ge=-3, le=3)]
Inches = Annotated[float, msgspec.Meta(ge=0)]


class _Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    title: str
    rules: tuple[str, ...]
    house: bool = False
    source: str = ""


class Spotting(_Table, frozen=True, kw_only=True):
    """CHQ-DEFAULT-SPOT: dice per spotting unit, base TN and its modifiers."""

    dice: Annotated[int, msgspec.Meta(ge=1, le=6)]
    tn: Tn
    cover: Step
    long_range: Step


class Moves(_Table, frozen=True, kw_only=True):
    """CHQ-DEFAULT-MOVE: Fixed Moves by kind, and the Variable Move die."""

    infantry: Inches
    vehicle: Inches
    gun: Inches
    limbered: Inches
    variable: Annotated[int, msgspec.Meta(ge=2, le=20)]


class Ranges(_Table, frozen=True, kw_only=True):
    """CHQ-DEFAULT-RANGE: the default range bands, in inches."""

    short: Inches
    effective: Inches
    long: Inches


class Terrain(_Table, frozen=True, kw_only=True):
    blocks_los: tuple[str, ...]
    light_cover: tuple[str, ...]
    impassable: tuple[str, ...]


class Rally(_Table, frozen=True, kw_only=True):
    tn: Tn


class Assault(_Table, frozen=True, kw_only=True):
    tn: Tn
    order_bonus: Step


class Tables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    spotting: Spotting
    moves: Moves
    ranges: Ranges
    terrain: Terrain
    rally: Rally
    assault: Assault

    def validate(self, where: str) -> None:
        r = self.ranges
        if not 0 < r.short <= r.effective <= r.long:
            raise InputError(f"{where}.ranges", "must be 0 < short <= effective <= long")
        for name in ("spotting", "moves", "ranges", "terrain", "rally", "assault"):
            if not getattr(self, name).rules:
                raise InputError(f"{where}.{name}.rules", "a table must name at least one rule")


def _load() -> Tables:
    package = "kriegsspiel.rulesets.abilities.data"
    text = resources.files(package).joinpath("tables.toml").read_text(encoding="utf-8")
    where = f"{package}/tables.toml"
    tables = convert(tomllib.loads(text), Tables, where)
    tables.validate(where)
    return tables


DEFAULT_TABLES: Tables = _load()
TABLE_NAMES: tuple[str, ...] = tuple(Tables.__struct_fields__)


def with_replacements(replacements: Mapping[str, Any], where: str) -> Tables:
    """The default tables with a scenario's replacements (each table replaced whole)."""
    for name in replacements:
        if name not in TABLE_NAMES:
            raise InputError(f"{where}.{name}", f"no such table (tables: {', '.join(TABLE_NAMES)})")
    merged: dict[str, Any] = {
        name: replacements.get(name, msgspec.to_builtins(getattr(DEFAULT_TABLES, name)))
        for name in TABLE_NAMES
    }
    tables = convert(merged, Tables, where)
    tables.validate(where)
    return tables
