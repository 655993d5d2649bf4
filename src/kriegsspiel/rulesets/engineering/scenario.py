"""The `engineering` scenario schema: Battlefront units, demolitions, tasks and options."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from kriegsspiel.core.tables import tables_from_mapping
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
from kriegsspiel.scenario.model import Id, Point, ScenarioBase, UnitSpec

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


class EngUnit(UnitSpec, frozen=True, forbid_unknown_fields=True):
    kind: UnitKind = "troops"
    actions: Annotated[int, msgspec.Meta(ge=0, le=4)] = 2
    speed: float | None = None
    attack: dict[TargetClass, int] = {}

    @property
    def target_class(self) -> TargetClass:
        return TARGET_CLASS[self.kind]

    @property
    def is_engineer(self) -> bool:
        return ENGINEER in self.traits


class DemolitionSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A target that can be prepared for demolition, such as a bridge or a road culvert."""

    id: Id
    side: str
    name: str = ""
    position: Point | None = None
    preparations: PositiveInt = 1
    prepared: bool = False
    known_to: tuple[str, ...] = ()


class TaskSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A generic engineering task: so many engineering actions to complete."""

    id: Id
    side: str
    required: PositiveInt
    name: str = ""
    workers: Annotated[int, msgspec.Meta(ge=1, le=3)] = 1
    position: Point | None = None
    secret: bool = False


class EngOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dud_resets: Literal["all", "one"] = "all"
    allow_task_handover_any: bool = False


class EngScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True):
    units: tuple[EngUnit, ...] = ()
    demolitions: tuple[DemolitionSpec, ...] = ()
    tasks: tuple[TaskSpec, ...] = ()
    options: EngOptions = EngOptions()  # type: ignore[assignment]
    turns: PositiveInt | None = None

    def validate(self, where: str) -> None:
        super().validate(where)
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
        self._validate_tables(where)
        for i, demo in enumerate(self.demolitions):
            for side in demo.known_to:
                if side not in sides:
                    raise InputError(
                        f"{where}: demolitions[{i}].known_to", f"unknown side {side!r}"
                    )

    def _validate_tables(self, where: str) -> None:
        """Replacement tables must replace a known table and keep its outcomes."""
        for name, table in tables_from_mapping(self.tables, f"{where}: tables").items():
            default = DEFAULT_TABLES.get(name)
            if default is None:
                known = ", ".join(DEFAULT_TABLES)
                raise InputError(f"{where}: tables.{name}", f"no such table (tables: {known})")
            if set(table.outcomes) != set(default.outcomes):
                raise InputError(
                    f"{where}: tables.{name}",
                    f"outcomes must be {', '.join(default.outcomes)}",
                )
