"""The `afv` tables as data: die-result tables (data/tables.toml) and percentage chances
(data/chances.toml), each naming its rules, house defaults marked. A scenario's `tables:`
section replaces any of them by name; a replacement is validated against the default's shape.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import msgspec

from kriegsspiel.core.convert import convert
from kriegsspiel.core.tables import BandTable, tables_from_mapping
from kriegsspiel.errors import InputError

PACKAGE = "kriegsspiel.rulesets.afv.data"
Percent = msgspec.Meta(ge=0, le=100)


class ChanceTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Named percentage chances: a d100 (1-100) at or under the chance succeeds (AMB-AFV-03)."""

    title: str
    rules: tuple[str, ...]
    chances: dict[str, int]
    house: bool = False
    source: str = ""

    def validate(self, where: str, keys: frozenset[str] | None = None) -> None:
        if not self.rules:
            raise InputError(where, "a table must name at least one rule")
        for key, value in self.chances.items():
            if not 0 <= value <= 100:
                raise InputError(f"{where}.chances.{key}", "a chance is a percentage, 0 to 100")
        if keys is not None and set(self.chances) != keys:
            raise InputError(f"{where}.chances", f"keys must be {', '.join(sorted(keys))}")

    def __getitem__(self, key: str) -> int:
        return self.chances[key]


class ToHitTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """To-hit chances by weapon class and range band (SK-DEFAULT-TO-HIT)."""

    title: str
    rules: tuple[str, ...]
    range_bands: tuple[float, ...]
    chances: dict[str, tuple[int, ...]]
    house: bool = False
    source: str = ""

    def validate(self, where: str, keys: frozenset[str] | None = None) -> None:
        if not self.rules:
            raise InputError(where, "a table must name at least one rule")
        if list(self.range_bands) != sorted(self.range_bands) or any(
            b <= 0 for b in self.range_bands
        ):
            raise InputError(f"{where}.range_bands", "must be increasing positive inches")
        for key, row in self.chances.items():
            if len(row) != len(self.range_bands) + 1:
                raise InputError(
                    f"{where}.chances.{key}",
                    f"needs {len(self.range_bands) + 1} chances (one per band and one beyond)",
                )
            if any(not 0 <= c <= 100 for c in row):
                raise InputError(f"{where}.chances.{key}", "a chance is a percentage, 0 to 100")
        if keys is not None and not keys <= set(self.chances):
            raise InputError(f"{where}.chances", f"needs every class: {', '.join(sorted(keys))}")

    def chance(self, weapon_class: str, inches: float) -> int:
        band = next((i for i, top in enumerate(self.range_bands) if inches <= top + 1e-9), None)
        row = self.chances[weapon_class]
        return row[len(self.range_bands) if band is None else band]

    def band_text(self, inches: float) -> str:
        top = next((t for t in self.range_bands if inches <= t + 1e-9), None)
        return f'up to {top:g}"' if top is not None else f'beyond {self.range_bands[-1]:g}"'


@dataclass(frozen=True)
class AfvTables:
    bands: Mapping[str, BandTable]
    chances: Mapping[str, ChanceTable]
    to_hit: ToHitTable

    def with_replacements(self, data: Mapping[str, Any], where: str) -> AfvTables:
        """These tables with a scenario's replacements, each validated against its default."""
        bands, chances, to_hit = dict(self.bands), dict(self.chances), self.to_hit
        for name, raw in data.items():
            here = f"{where}.{name}"
            if name in self.bands:
                table = tables_from_mapping({name: raw}, where)[name]
                if set(table.outcomes) != set(self.bands[name].outcomes):
                    raise InputError(
                        here, f"outcomes must be {', '.join(self.bands[name].outcomes)}"
                    )
                bands[name] = table
            elif name in self.chances:
                chance = convert(raw, ChanceTable, here)
                chance.validate(here, frozenset(self.chances[name].chances))
                chances[name] = chance
            elif name == "to-hit":
                to_hit = convert(raw, ToHitTable, here)
                to_hit.validate(here, frozenset(self.to_hit.chances))
            else:
                known = ", ".join([*self.bands, *self.chances, "to-hit"])
                raise InputError(here, f"no such table (tables: {known})")
        return AfvTables(bands, chances, to_hit)


def _load() -> AfvTables:
    files = resources.files(PACKAGE)
    bands = tables_from_mapping(
        tomllib.loads(files.joinpath("tables.toml").read_text(encoding="utf-8")),
        f"{PACKAGE}/tables.toml",
    )
    raw = tomllib.loads(files.joinpath("chances.toml").read_text(encoding="utf-8"))
    where = f"{PACKAGE}/chances.toml"
    to_hit = convert(raw.pop("to-hit"), ToHitTable, f"{where}: to-hit")
    to_hit.validate(f"{where}: to-hit")
    chances = {k: convert(v, ChanceTable, f"{where}: {k}") for k, v in raw.items()}
    for name, table in chances.items():
        table.validate(f"{where}: {name}")
    return AfvTables(bands, chances, to_hit)


DEFAULT_TABLES = _load()
