"""Die-result tables as data: loaded from TOML into frozen, validated objects.

A band table maps a die roll plus modifiers to an outcome. `natural` entries take precedence over
the bands ("a natural 1 always fails"). Every table names the rules it implements; tables that
stand in for a parent-game chart the seeds do not give are marked `house = true` and can be replaced
without touching code (see docs/tables.md).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

import msgspec

from kriegsspiel.core.checks import Check, Modifier, Stats
from kriegsspiel.core.convert import convert
from kriegsspiel.core.dice import Pool
from kriegsspiel.errors import InputError

_DICE = re.compile(r"^(\d*)d(\d+)$")


def parse_dice(text: str) -> Pool:
    """`d10`, `3d6`, `d100` -> a summing pool."""
    match = _DICE.match(text.strip())
    if not match or int(match.group(2)) < 2 or match.group(1) == "0":
        raise InputError("dice", f"{text!r} is not a dice expression like d10 or 3d6")
    return Pool(int(match.group(1) or 1), int(match.group(2)))


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    outcome: str
    min: int | None = None
    max: int | None = None


class BandTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A die + modifiers -> outcome table."""

    title: str
    dice: str
    rules: tuple[str, ...]
    bands: tuple[Band, ...]
    natural: dict[str, str] = {}
    house: bool = False
    source: str = ""

    def validate(self, where: str) -> None:
        pool = parse_dice(self.dice)
        if not self.rules:
            raise InputError(where, "a table must name at least one rule")
        if not self.bands:
            raise InputError(where, "a table needs at least one band")
        if self.bands[0].min is not None or self.bands[-1].max is not None:
            raise InputError(where, "the first band must have no min and the last no max")
        for i, (a, b) in enumerate(zip(self.bands, self.bands[1:], strict=False)):
            if a.max is None or b.min != a.max + 1:
                raise InputError(f"{where}.bands[{i + 1}]", "bands must be contiguous")
        for face in self.natural:
            if not face.isdigit() or not 1 <= int(face) <= pool.sides:
                raise InputError(f"{where}.natural", f"{face!r} is not a face of {self.dice}")

    @property
    def pool(self) -> Pool:
        return parse_dice(self.dice)

    @property
    def outcomes(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for band in self.bands:
            seen.setdefault(band.outcome)
        for outcome in self.natural.values():
            seen.setdefault(outcome)
        return tuple(seen)

    def __call__(self, stats: Stats, modifier: int, /) -> str:
        natural = stats[0][0]
        forced = self.natural.get(str(natural))
        if forced is not None:
            return forced
        value = natural + modifier
        for band in self.bands:
            if (band.min is None or value >= band.min) and (band.max is None or value <= band.max):
                return band.outcome
        raise AssertionError("validated bands cover every integer")

    def check(self, name: str, modifiers: tuple[Modifier, ...] = ()) -> Check:
        return Check(
            name=name,
            pools=(self.pool,),
            outcome_rule=self,
            outcomes=self.outcomes,
            rules=self.rules,
            modifiers=modifiers,
        )


Tables = Mapping[str, BandTable]


def tables_from_mapping(data: Mapping[str, Any], where: str) -> dict[str, BandTable]:
    out: dict[str, BandTable] = {}
    for name, raw in data.items():
        table = convert(raw, BandTable, f"{where}: {name}")
        table.validate(f"{where}: {name}")
        out[name] = table
    return out


def load_package_tables(package: str, filename: str = "tables.toml") -> dict[str, BandTable]:
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return tables_from_mapping(tomllib.loads(text), f"{package}/{filename}")
