"""The house DEFAULT tables (`data/tables.toml`): spotting, moves, range bands, terrain, rally,
close assault. They are core tables (`core/tables.py`): a scenario's `tables:` section replaces
any of them, whole, validated on load.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from kriegsspiel.core.tables import Entry, Table, TableSet
from kriegsspiel.errors import InputError

Tn = Annotated[int, msgspec.Meta(ge=1, le=9)]
Step = Annotated[int, msgspec.Meta(ge=-3, le=3)]
Inches = Annotated[float, msgspec.Meta(ge=0)]


class Spotting(Table, frozen=True, kw_only=True):
    """CHQ-DEFAULT-SPOT: dice per spotting unit, base TN and its modifiers."""

    dice: Annotated[int, msgspec.Meta(ge=1, le=6)]
    tn: Tn
    cover: Step
    long_range: Step


class Moves(Table, frozen=True, kw_only=True):
    """CHQ-DEFAULT-MOVE: Fixed Moves by kind, and the Variable Move die."""

    infantry: Inches
    vehicle: Inches
    gun: Inches
    limbered: Inches
    variable: Annotated[int, msgspec.Meta(ge=2, le=20)]


class Ranges(Table, frozen=True, kw_only=True):
    """CHQ-DEFAULT-RANGE: the default range bands, in inches."""

    short: Inches
    effective: Inches
    long: Inches

    def check_shape(self, where: str) -> None:
        if not 0 < self.short <= self.effective <= self.long:
            raise InputError(where, "must be 0 < short <= effective <= long")


class Terrain(Table, frozen=True, kw_only=True):
    blocks_los: tuple[str, ...]
    light_cover: tuple[str, ...]
    impassable: tuple[str, ...]


class Rally(Table, frozen=True, kw_only=True):
    tn: Tn


class Assault(Table, frozen=True, kw_only=True):
    tn: Tn
    order_bonus: Step


class Tables(TableSet[Table]):
    """The six tables one game uses, each by its name and kind."""

    spotting = Entry(Spotting)
    moves = Entry(Moves)
    ranges = Entry(Ranges)
    terrain = Entry(Terrain)
    rally = Entry(Rally)
    assault = Entry(Assault)


DEFAULT_TABLES = Tables.load("kriegsspiel.rulesets.abilities.data", {"tables.toml": None})
