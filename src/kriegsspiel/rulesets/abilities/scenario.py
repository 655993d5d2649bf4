"""The `abilities` scenario schema: Combat HQ units (by statline), Blinds, reserves, options."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

from kriegsspiel.core.limits import UNITS, TableSide, Turns
from kriegsspiel.core.scenario import Point, ScenarioBase, UnitSpec
from kriegsspiel.core.tables import GameTables
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.abilities.catalogue import CATALOGUE, Statline, statlines_from_mapping
from kriegsspiel.rulesets.abilities.defaults import DEFAULT_TABLES, Tables

PositiveInt = Annotated[int, msgspec.Meta(ge=1)]


class AblUnit(UnitSpec, frozen=True, forbid_unknown_fields=True):
    """A unit: its statline (`type`), and where it starts: on the table, in a Blind, in reserve.

    A unit in a Blind starts at its own `position` (where it deploys when revealed), hidden from
    the enemy. A reserve unit enters at its `position` (a table edge) when its group is ordered.
    """

    type: str = ""
    kind: str = ""  # taken from the statline; if given it must agree
    blind: str | None = None
    reserve: bool = False
    limbered: bool = False  # towed guns may start limbered (ABL-TOWED-01)


class BlindSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Blind: a marker hiding its units (none: a dummy) until spotted or deployed."""

    id: str
    side: str
    position: Point
    facing: float = 0.0
    name: str = ""


class AblOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # README override of AMB-ABL-01: by default a recon vehicle that broke off may be activated
    # in a later Command Pulse of the same turn; true applies ABL-BREAK-06 to every unit.
    strict_breakoff_no_activation: bool = False
    # parent-games.md §4.3 (2): Disruption Points net of the target's successes, or gross.
    disruption: Literal["net", "gross"] = "net"
    # parent-games.md §4.3 (3): High Suppression needs at least one six from the firer.
    high_suppression_needs_six: bool = True


class AblScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True):
    units: Annotated[tuple[AblUnit, ...], UNITS] = ()
    blinds: tuple[BlindSpec, ...] = ()
    statlines: dict[str, Any] = {}
    command_dice: dict[str, PositiveInt] = {}  # per side; default 5
    turns: Turns = 6
    table: tuple[TableSide, TableSide] = (72.0, 48.0)  # width (x) and depth (y) in inches
    options: AblOptions = AblOptions()  # type: ignore[assignment]
    game_tables: ClassVar[GameTables[Tables]] = GameTables(DEFAULT_TABLES)
    known_traits: ClassVar[frozenset[str] | None] = frozenset()  # abilities come with the statline

    def validate(self, where: str) -> None:
        super().validate(where)
        sides = set(self.side_ids)
        lines = self.all_statlines(where)
        blinds = {b.id: b for b in self.blinds}
        ids = {u.id for u in self.units}
        for i, blind in enumerate(self.blinds):
            if blind.side not in sides:
                raise InputError(f"{where}: blinds[{i}].side", f"unknown side {blind.side!r}")
            if blind.id in ids:
                raise InputError(f"{where}: blinds[{i}].id", f"id {blind.id!r} is used twice")
            ids.add(blind.id)
        for i, unit in enumerate(self.units):
            at = f"{where}: units[{i}]"
            line = lines.get(unit.type)
            if line is None:
                raise InputError(f"{at}.type", f"unknown statline {unit.type!r}")
            if unit.kind and unit.kind != line.kind:
                raise InputError(f"{at}.kind", f"{unit.type} is {line.kind}, not {unit.kind}")
            if unit.position is None:
                raise InputError(f"{at}.position", "every unit needs a position")
            if unit.blind is not None:
                hider = blinds.get(unit.blind)
                if hider is None or hider.side != unit.side:
                    raise InputError(f"{at}.blind", f"no Blind {unit.blind!r} of {unit.side}")
                if unit.reserve:
                    raise InputError(f"{at}.reserve", "a unit is in a Blind or in reserve")
            if unit.limbered and line.towed is None:
                raise InputError(f"{at}.limbered", f"{unit.type} is not a towed gun")
        for side in self.command_dice:
            if side not in sides:
                raise InputError(f"{where}: command_dice.{side}", f"unknown side {side!r}")
        if min(self.table) <= 0:
            raise InputError(f"{where}: table", "width and depth must be positive")

    def all_statlines(self, where: str = "statlines") -> dict[str, Statline]:
        return {**CATALOGUE, **statlines_from_mapping(self.statlines, f"{where}: statlines")}

    def dice_for(self, side: str) -> int:
        return self.command_dice.get(side, 5)
