"""The named checks of the `engineering` ruleset, built from its tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.checks import Check, CheckDef, Modifier, Param
from kriegsspiel.core.tables import BandTable, TableSet

DEFAULT_TABLES = TableSet[BandTable].load(
    "kriegsspiel.rulesets.engineering.data", {"tables.toml": BandTable}
)


def demolition(tables: Mapping[str, BandTable]) -> Check:
    """ENG-DEMO-05/06: a d10; any roll but a 1 succeeds, a 1 is a dud. No modifiers."""
    return tables["demolition"].check("engineering.demolition")


def improve_position(tables: Mapping[str, BandTable], dr: int, modifier: int = 0) -> Check:
    """AMB-ENG-02: the Improve Position roll, with the unit's dr and situational modifiers."""
    mods = [Modifier("discipline rating", dr, "AMB-ENG-02")]
    if modifier:
        mods.append(Modifier("situational", modifier, "AMB-ENG-02"))
    return tables["improve-position"].check("engineering.improve-position", tuple(mods))


def direct_fire(
    tables: Mapping[str, BandTable],
    strength: int,
    modifier: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """Battlefront fire resolution (house default): d10 + attack strength + modifiers; `extra`
    are modifiers other rules add (such as a fort's armour, ENG-FORT-05)."""
    mods = [Modifier("attack strength", strength, "BF-DEFAULT-FIRE")]
    if modifier:
        mods.append(Modifier("declared modifiers", modifier, "BF-DEFAULT-FIRE"))
    return tables["direct-fire"].check("engineering.direct-fire", (*mods, *extra))


def rally(tables: Mapping[str, BandTable], dr: int) -> Check:
    """BF-DEFAULT-RECOVERY (house default): a disordered unit's rally roll, d10 + dr."""
    mods = (Modifier("discipline rating", dr, "BF-DEFAULT-RECOVERY"),)
    return tables["rally"].check("engineering.rally", mods)


def check_defs(tables: Mapping[str, BandTable] = DEFAULT_TABLES) -> tuple[CheckDef, ...]:
    def build_demolition(_: Mapping[str, Any]) -> Check:
        return demolition(tables)

    def build_ip(p: Mapping[str, Any]) -> Check:
        return improve_position(tables, int(p["dr"]), int(p["modifier"]))

    def build_fire(p: Mapping[str, Any]) -> Check:
        return direct_fire(tables, int(p["strength"]), int(p["modifier"]))

    def build_rally(p: Mapping[str, Any]) -> Check:
        return rally(tables, int(p["dr"]))

    return (
        CheckDef(
            name="engineering.demolition",
            summary="Demolition action: d10, any roll but a 1 succeeds; a 1 is a dud",
            outcomes=tables["demolition"].outcomes,
            rules=tables["demolition"].rules,
            build=build_demolition,
        ),
        CheckDef(
            name="engineering.improve-position",
            summary="Improve Position roll (house default): d10 + dr + modifier, 6+ succeeds",
            outcomes=tables["improve-position"].outcomes,
            rules=tables["improve-position"].rules,
            build=build_ip,
            params=(
                Param("dr", "int", 0, "discipline rating of the unit", -2, 2),
                Param("modifier", "int", 0, "sum of situational modifiers", -10, 10),
            ),
        ),
        CheckDef(
            name="engineering.direct-fire",
            summary="Fire resolution (house default): d10 + strength + modifiers",
            outcomes=tables["direct-fire"].outcomes,
            rules=tables["direct-fire"].rules,
            build=build_fire,
            params=(
                Param("strength", "int", 0, "attack strength against the target class", -5, 12),
                Param("modifier", "int", 0, "sum of situational modifiers", -10, 10),
            ),
        ),
        CheckDef(
            name="engineering.rally",
            summary="Rally roll at the end of a player turn (house default): d10 + dr, 6+ rallies",
            outcomes=tables["rally"].outcomes,
            rules=tables["rally"].rules,
            build=build_rally,
            params=(Param("dr", "int", 0, "discipline rating of the unit", -2, 2),),
        ),
    )
