"""The `afv` tables as data: die-result tables (data/tables.toml) and percentage chances
(data/chances.toml), each naming its rules, house defaults marked. They are core tables
(`core/tables.py`): a scenario's `tables:` section replaces any of them by name, validated
against the default's shape.
"""

from __future__ import annotations

from kriegsspiel.core.tables import BandTable, Entry, Table, TableSet
from kriegsspiel.errors import InputError

PACKAGE = "kriegsspiel.rulesets.afv.data"


class ChanceTable(Table, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Named percentage chances: a d100 (1-100) at or under the chance succeeds (AMB-AFV-03)."""

    chances: dict[str, int]

    def check_shape(self, where: str) -> None:
        for key, value in self.chances.items():
            if not 0 <= value <= 100:
                raise InputError(f"{where}.chances.{key}", "a chance is a percentage, 0 to 100")

    def check_replacement(self, new: ChanceTable, where: str) -> None:
        if set(new.chances) != set(self.chances):
            raise InputError(f"{where}.chances", f"keys must be {', '.join(sorted(self.chances))}")

    def __getitem__(self, key: str) -> int:
        return self.chances[key]


class ToHitTable(Table, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """To-hit chances by weapon class and range band (SK-DEFAULT-TO-HIT)."""

    range_bands: tuple[float, ...]
    chances: dict[str, tuple[int, ...]]

    def check_shape(self, where: str) -> None:
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

    def check_replacement(self, new: ToHitTable, where: str) -> None:
        if not set(self.chances) <= set(new.chances):
            classes = ", ".join(sorted(self.chances))
            raise InputError(f"{where}.chances", f"needs every class: {classes}")

    def chance(self, weapon_class: str, inches: float) -> int:
        band = next((i for i, top in enumerate(self.range_bands) if inches <= top + 1e-9), None)
        row = self.chances[weapon_class]
        return row[len(self.range_bands) if band is None else band]

    def band_text(self, inches: float) -> str:
        top = next((t for t in self.range_bands if inches <= t + 1e-9), None)
        return f'up to {top:g}"' if top is not None else f'beyond {self.range_bands[-1]:g}"'


class AfvTables(TableSet[Table]):
    """The band tables, percentage chances and to-hit table one game uses."""

    to_hit = Entry(ToHitTable, "to-hit")

    def chance(self, name: str) -> ChanceTable:
        return self.of(ChanceTable, name)


DEFAULT_TABLES = AfvTables.load(PACKAGE, {"tables.toml": BandTable, "chances.toml": ChanceTable})
