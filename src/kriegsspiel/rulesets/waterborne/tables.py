"""The ruleset's tables as data: d6 band tables (core `BandTable`) and counted-hit fire tables.

Crossfire fire rolls a number of d6 and counts the hits, so its tables (`CountTable`) map a count
of hits to a result instead of a die total. Both kinds load from TOML, name their rules, and can
be replaced from a scenario's `tables:` section, validated on load (`Tables.with_overrides`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import msgspec

from kriegsspiel.core.checks import Check, Modifier, Stats
from kriegsspiel.core.convert import convert
from kriegsspiel.core.dice import successes
from kriegsspiel.core.tables import BandTable, load_package_tables, tables_from_mapping
from kriegsspiel.errors import InputError

DATA = "kriegsspiel.rulesets.waterborne.data"


class CountTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Dice that each hit on `hit_on`+; hits beyond a threshold -> `outcomes` (last for more),
    fewer than the threshold -> `below`."""

    title: str
    rules: tuple[str, ...]
    hit_on: int
    outcomes: tuple[str, ...]
    below: str | None = None
    sides: int = 6
    cover_dice: int = 0  # dice lost against a target in cover
    house: bool = False
    source: str = ""

    def validate(self, where: str) -> None:
        if not self.rules:
            raise InputError(where, "a table must name at least one rule")
        if self.sides < 2 or not 1 <= self.hit_on <= self.sides:
            raise InputError(where, f"hit_on must be a face of a d{self.sides}")
        if not self.outcomes:
            raise InputError(where, "a table needs at least one outcome")
        if self.cover_dice < 0:
            raise InputError(f"{where}.cover_dice", "must not be negative")

    @property
    def all_outcomes(self) -> tuple[str, ...]:
        seen = dict.fromkeys(([self.below] if self.below is not None else []) + [*self.outcomes])
        return tuple(seen)

    def outcome(self, margin: int) -> str:
        """The result of `margin` hits beyond the threshold (negative: fewer)."""
        if margin < 0:
            if self.below is None:
                raise AssertionError("a table without `below` is used without a threshold")
            return self.below
        return self.outcomes[min(margin, len(self.outcomes) - 1)]

    def __call__(self, stats: Stats, modifier: int, /) -> str:
        return self.outcome(stats[0][0] + modifier)

    def check(self, name: str, dice: int, modifiers: tuple[Modifier, ...] = ()) -> Check:
        return Check(
            name=name,
            pools=(successes(max(dice, 0), self.hit_on, self.sides),),
            outcome_rule=self,
            outcomes=self.all_outcomes,
            rules=self.rules,
            modifiers=modifiers,
        )


def _count_tables(data: Mapping[str, Any], where: str) -> dict[str, CountTable]:
    out: dict[str, CountTable] = {}
    for name, raw in data.items():
        table = convert(raw, CountTable, f"{where}: {name}")
        table.validate(f"{where}: {name}")
        out[name] = table
    return out


@dataclass(frozen=True)
class Tables:
    """The band and count tables one game uses."""

    bands: Mapping[str, BandTable] = field(default_factory=dict)
    counts: Mapping[str, CountTable] = field(default_factory=dict)

    def band(self, name: str) -> BandTable:
        return self.bands[name]

    def count(self, name: str) -> CountTable:
        return self.counts[name]

    def with_overrides(self, data: Mapping[str, Any], where: str = "tables") -> Tables:
        """Replace tables by name; each must replace a known table and keep its outcomes."""
        bands, counts = dict(self.bands), dict(self.counts)
        for name, raw in data.items():
            here = f"{where}.{name}"
            if name in self.bands:
                new: BandTable | CountTable = tables_from_mapping({name: raw}, where)[name]
                old: BandTable | CountTable = self.bands[name]
            elif name in self.counts:
                new = _count_tables({name: raw}, where)[name]
                old = self.counts[name]
            else:
                known = ", ".join([*self.bands, *self.counts])
                raise InputError(here, f"no such table (tables: {known})")
            if set(_outcomes(new)) != set(_outcomes(old)):
                raise InputError(here, f"outcomes must be {', '.join(_outcomes(old))}")
            if isinstance(new, BandTable):
                bands[name] = new
            else:
                counts[name] = new
        return Tables(bands, counts)


def _outcomes(table: BandTable | CountTable) -> tuple[str, ...]:
    return table.outcomes if isinstance(table, BandTable) else table.all_outcomes


def _load_counts() -> dict[str, CountTable]:
    text = resources.files(DATA).joinpath("fire.toml").read_text(encoding="utf-8")
    return _count_tables(tomllib.loads(text), f"{DATA}/fire.toml")


DEFAULT_TABLES = Tables(load_package_tables(DATA), _load_counts())
