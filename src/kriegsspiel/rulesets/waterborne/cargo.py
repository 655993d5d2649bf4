"""What a craft may carry (WAT-CRAFT-03..10, AMB-WAT-09): passenger classes and capacity units."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.waterborne.kinds import CraftType, capacity_units, passenger_class


class Passenger(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def calibre(self) -> int | None: ...

    @property
    def label(self) -> str: ...


def load_units(passengers: Sequence[Passenger]) -> int:
    """AMB-WAT-09: the capacity units a load takes (PC and FO ride free, WAT-CRAFT-10)."""
    return sum(capacity_units(passenger_class(p.kind, p.calibre)) for p in passengers)


def check_load(craft: CraftType, passengers: Sequence[Passenger]) -> None:
    """Raise RuleViolation unless `craft` can carry all of `passengers` at once."""
    for p in passengers:
        cls = passenger_class(p.kind, p.calibre)
        if cls in craft.carries:
            continue
        if p.kind == "mortar" and cls != "infantry":
            raise RuleViolation(
                "WAT-CRAFT-09",
                f"{p.label}: a {p.calibre} mm mortar is not an infantry passenger (mortars up to "
                f"82 mm are); {craft.name} does not carry it as a gun",
            )
        raise RuleViolation(
            craft.capacity_rule,
            f"{craft.name} does not carry {cls} passengers such as {p.label}"
            + ("" if craft.carries else " (it carries no passengers)"),
        )
    needed = load_units(passengers)
    if needed > craft.capacity:
        raise RuleViolation(
            craft.capacity_rule,
            f"{craft.name} carries {craft.capacity} capacity unit(s); this load needs {needed} "
            "(infantry 1, gun and tow 4, tank or assault gun 8, PC and FO free: AMB-WAT-09)",
        )
