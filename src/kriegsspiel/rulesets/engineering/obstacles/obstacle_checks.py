"""The checks of minefields, wire, ditches, bocage and roadblocks, built from the tables.

Each builder returns a `Check` whose odds and resolution come from one definition; `check_defs`
names them for `kriegsspiel odds`. The parent-game charts behind them (minefield passage,
improve position, bog-down, indirect fire) are house tables a scenario may replace.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from kriegsspiel.core.checks import Check, CheckDef, Modifier, Param, Stats
from kriegsspiel.core.tables import BandTable
from kriegsspiel.rulesets.engineering.checks import improve_position

PASSAGE = ("knocked-out", "disordered", "halted", "traverse")  # worst first (AMB-ENG-09)
LOG_PILLBOX = -2  # ENG-WIRE-11: wire is attacked as troops in a log pillbox
Road = Literal["clear", "wooded", "other"]


def mine_passage(
    tables: Mapping[str, BandTable],
    density: str,
    laid: str,
    *,
    lane: bool = False,
    tracked_in_ap: bool = False,
    dr: int = 0,
    engineer: bool = False,
    rapid: bool = False,
) -> Check:
    """ENG-MINE-01: the base chart's die plus the new modifiers, all cumulative (ENG-MINE-09)."""
    mods: list[Modifier] = []
    if density == "dense":
        mods.append(Modifier("dense field", -1, "ENG-MINE-02"))
    elif density == "scattered":
        mods.append(Modifier("scattered field", 1, "ENG-MINE-02"))
    if laid == "surface":
        mods.append(Modifier("surface-laid mines", 1, "ENG-MINE-03"))
    if lane:
        mods.append(Modifier("following a traversed path or marked lane", 1, "ENG-MINE-04"))
    if tracked_in_ap:
        mods.append(Modifier("tracked vehicle in an AP field", 1, "ENG-MINE-05"))
    mods.append(Modifier("discipline rating", dr, "ENG-MINE-06"))
    if engineer:
        mods.append(Modifier("combat engineer stand", 1, "ENG-MINE-07"))
    if rapid:
        mods.append(Modifier("rapid advance", -1, "ENG-MINE-08"))
    return tables["mine-passage"].check("engineering.mine-passage", tuple(mods))


@dataclass(frozen=True)
class _Worst:
    """The worse of several one-die checks, each on its own die with its own modifiers."""

    parts: tuple[Check, ...]

    def __call__(self, stats: Stats, modifier: int, /) -> str:
        outcomes = (
            p.outcome_rule(stats[i : i + 1], p.modifier_total) for i, p in enumerate(self.parts)
        )
        return min(outcomes, key=PASSAGE.index)


def mixed_passage(at_roll: Check, ap_roll: Check) -> Check:
    """AMB-ENG-09: a vehicle in a mixed field rolls against each component (the tracked bonus
    only on the AP roll) and takes the worse result."""
    parts = (at_roll, ap_roll)
    mods = tuple(
        msgspec.structs.replace(m, label=f"{part} roll: {m.label}")
        for part, roll in zip(("AT", "AP"), parts, strict=True)
        for m in roll.modifiers
    )
    return Check(
        name="engineering.mine-passage-mixed",
        pools=tuple(p.pools[0] for p in parts),
        outcome_rule=_Worst(parts),
        outcomes=at_roll.outcomes,
        rules=("AMB-ENG-09", *at_roll.rules),
        modifiers=mods,
    )


def parts_of(check: Check) -> tuple[Check, ...]:
    """The one-die checks a combined check is made of (itself if it is one)."""
    rule = check.outcome_rule
    return rule.parts if isinstance(rule, _Worst) else (check,)


def bog_down(tables: Mapping[str, BandTable], dr: int) -> Check:
    """BF-DEFAULT-BOG (AMB-ENG-03): the breach/bog-down check, d10 + dr."""
    mods = (Modifier("discipline rating", dr, "BF-DEFAULT-BOG"),)
    return tables["bog-down"].check("engineering.bog-down", mods)


def indirect_fire(
    tables: Mapping[str, BandTable],
    strength: int,
    target: Literal["dug-in", "log-pillbox"],
    dug_in: int = -1,
    modifier: int = 0,
) -> Check:
    """An artillery template's attack on a feature: a minefield as dug-in troops (ENG-MINE-45,
    BF-DEFAULT-DUGIN), wire as troops in a log pillbox, -2 (ENG-WIRE-11)."""
    mods = [Modifier("attack strength", strength, "BF-DEFAULT-FIRE")]
    if target == "dug-in":
        mods.append(Modifier("dug-in troops (a minefield)", dug_in, "ENG-MINE-45"))
    else:
        mods.append(Modifier("troops in a log pillbox (wire)", LOG_PILLBOX, "ENG-WIRE-11"))
    if modifier:
        mods.append(Modifier("declared modifiers", modifier, "BF-DEFAULT-FIRE"))
    return tables["indirect-fire"].check("engineering.indirect-fire", tuple(mods))


def improve(tables: Mapping[str, BandTable], name: str, dr: int, rule: str) -> Check:
    """An improve position roll for a purpose (AMB-ENG-02): cutting wire (ENG-WIRE-07, AMB-ENG-17)
    or collapsing a ditch (ENG-DITCH-07)."""
    check = improve_position(tables, dr)
    return dataclasses.replace(check, name=f"engineering.{name}", rules=(rule, *check.rules))


def roadblock(tables: Mapping[str, BandTable], dr: int, road: Road) -> Check:
    """ENG-ROAD-01..03 with AMB-ENG-22: preparing a roadblock is an improve position check, -1 on
    a road through clear ground, +1 through forest or along a tree-lined lane."""
    check = improve_position(tables, dr)
    extra: tuple[Modifier, ...] = ()
    if road == "clear":
        extra = (Modifier("road through a clear area with no trees", -1, "ENG-ROAD-02"),)
    elif road == "wooded":
        extra = (Modifier("road through forest or a tree-lined lane", 1, "ENG-ROAD-03"),)
    return dataclasses.replace(
        check,
        name="engineering.roadblock",
        modifiers=(*check.modifiers, *extra),
        rules=("ENG-ROAD-01", *check.rules),
    )


# -- named checks ---------------------------------------------------------------------------------

_DENSITY = Param(
    "density", "choice", "normal", "density of the field", choices=("scattered", "normal", "dense")
)
_LAID = Param("laid", "choice", "buried", "how the mines are laid", choices=("buried", "surface"))
_LANE = Param("lane", "bool", False, "following a traversed path or marked lane (ENG-MINE-04)")
_DR = Param("dr", "int", 0, "discipline rating of the unit", -2, 2)
_RAPID = Param("rapid-advance", "bool", False, "the unit uses Rapid Advance (ENG-MINE-08)")


def check_defs(tables: Mapping[str, BandTable]) -> tuple[CheckDef, ...]:
    def passage(p: Mapping[str, Any]) -> Check:
        return mine_passage(
            tables,
            str(p["density"]),
            str(p["laid"]),
            lane=bool(p["lane"]),
            tracked_in_ap=bool(p["tracked-in-ap"]),
            dr=int(p["dr"]),
            engineer=bool(p["engineer"]),
            rapid=bool(p["rapid-advance"]),
        )

    def mixed(p: Mapping[str, Any]) -> Check:
        common: dict[str, Any] = {
            "lane": bool(p["lane"]),
            "dr": int(p["dr"]),
            "rapid": bool(p["rapid-advance"]),
        }
        at = mine_passage(tables, str(p["at-density"]), str(p["laid"]), **common)
        ap = mine_passage(
            tables, str(p["ap-density"]), str(p["laid"]), tracked_in_ap=bool(p["tracked"]), **common
        )
        return mixed_passage(at, ap)

    def ip(name: str, rule: str) -> Any:
        return lambda p: improve(tables, name, int(p["dr"]), rule)

    mixed_density = ("scattered", "normal")  # ENG-MINE-17: at most normal
    passage_outcomes = tables["mine-passage"].outcomes
    return (
        CheckDef(
            name="engineering.mine-passage",
            summary="Minefield passage (house chart): d10 + the minefield passage modifiers",
            outcomes=passage_outcomes,
            rules=(
                "ENG-MINE-01",
                "ENG-MINE-02",
                "ENG-MINE-03",
                "ENG-MINE-04",
                "ENG-MINE-05",
                "ENG-MINE-06",
                "ENG-MINE-07",
                "ENG-MINE-08",
                "ENG-MINE-09",
                *tables["mine-passage"].rules,
            ),
            build=passage,
            params=(
                _DENSITY,
                _LAID,
                _LANE,
                Param("tracked-in-ap", "bool", False, "a tracked vehicle in an AP field"),
                _DR,
                Param("engineer", "bool", False, "a combat engineer stand (ENG-MINE-07)"),
                _RAPID,
            ),
        ),
        CheckDef(
            name="engineering.mine-passage-mixed",
            summary="A vehicle in a mixed field: one roll per component, the worse result counts",
            outcomes=passage_outcomes,
            rules=("AMB-ENG-09", "ENG-MINE-14", *tables["mine-passage"].rules),
            build=mixed,
            params=(
                Param("at-density", "choice", "normal", "AT density", choices=mixed_density),
                Param("ap-density", "choice", "normal", "AP density", choices=mixed_density),
                _LAID,
                _LANE,
                Param("tracked", "bool", False, "a tracked vehicle (+1 on the AP roll)"),
                _DR,
                _RAPID,
            ),
        ),
        CheckDef(
            name="engineering.bog-down",
            summary="Breach/bog-down check (house default): d10 + dr, 1 or less bogs down",
            outcomes=tables["bog-down"].outcomes,
            rules=tables["bog-down"].rules,
            build=lambda p: bog_down(tables, int(p["dr"])),
            params=(_DR,),
        ),
        CheckDef(
            name="engineering.indirect-fire",
            summary="An artillery template on a minefield (dug-in troops) or wire (log pillbox)",
            outcomes=tables["indirect-fire"].outcomes,
            rules=(
                "ENG-MINE-45",
                "ENG-MINE-46",
                "ENG-WIRE-11",
                "ENG-WIRE-12",
                *tables["indirect-fire"].rules,
            ),
            build=lambda p: indirect_fire(
                tables, int(p["strength"]), p["target"], int(p["dug-in"]), int(p["modifier"])
            ),
            params=(
                Param(
                    "strength", "int", 3, "the artillery's attack strength against troops", -5, 12
                ),
                Param(
                    "target",
                    "choice",
                    "dug-in",
                    "minefield (dug-in) or wire (log-pillbox)",
                    choices=("dug-in", "log-pillbox"),
                ),
                Param("dug-in", "int", -1, "house modifier for dug-in troops", -5, 0),
                Param("modifier", "int", 0, "sum of other modifiers", -10, 10),
            ),
        ),
        CheckDef(
            name="engineering.wire-cutting",
            summary="Cutting a gap with wire cutters: an improve position roll (house table)",
            outcomes=tables["improve-position"].outcomes,
            rules=("ENG-WIRE-07", "AMB-ENG-17", *tables["improve-position"].rules),
            build=ip("wire-cutting", "ENG-WIRE-07"),
            params=(_DR,),
        ),
        CheckDef(
            name="engineering.ditch-filling",
            summary="Collapsing a ditch's sides: an improve position roll (house table)",
            outcomes=tables["improve-position"].outcomes,
            rules=("ENG-DITCH-07", *tables["improve-position"].rules),
            build=ip("ditch-filling", "ENG-DITCH-07"),
            params=(_DR,),
        ),
        CheckDef(
            name="engineering.roadblock",
            summary="Preparing a roadblock: improve position, -1 clear road, +1 wooded road",
            outcomes=tables["improve-position"].outcomes,
            rules=("ENG-ROAD-01", "ENG-ROAD-02", "ENG-ROAD-03", *tables["improve-position"].rules),
            build=lambda p: roadblock(tables, int(p["dr"]), p["road"]),
            params=(
                _DR,
                Param(
                    "road",
                    "choice",
                    "other",
                    "the road's surroundings",
                    choices=("clear", "wooded", "other"),
                ),
            ),
        ),
    )
