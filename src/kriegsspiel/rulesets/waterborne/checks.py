"""The named checks of the `waterborne` ruleset, each built from the game's tables.

The same builders resolve the rolls in play and give the odds `kriegsspiel odds` shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from msgspec.structs import replace

from kriegsspiel.core.checks import Check, CheckDef, Modifier, Param, Stats
from kriegsspiel.rulesets.waterborne.kinds import PROPULSION
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES, Tables

WATER_EFF_FACTOR = 2  # WAT-FIRE-02: EFF is doubled against craft in the water
HIT_RESULTS = ("suppress", "kill")  # AMB-WAT-18: a suppress-or-better HE result is 1 bridge hit
YES_NO = ("yes", "no")
P = ParamSpec("P")
_BUILT: dict[tuple[Any, ...], tuple[Tables, Check]] = {}


def per_tables(
    build: Callable[Concatenate[Tables, P], Check],
) -> Callable[Concatenate[Tables, P], Check]:
    """Build each check once per game's tables and arguments: a check is immutable, and
    building it is much of the work of validating an action up to its roll."""

    name = build.__name__

    @wraps(build)
    def cached(tables: Tables, /, *args: P.args, **kwargs: P.kwargs) -> Check:
        key = (name, id(tables), args, tuple(sorted(kwargs.items())) if kwargs else ())
        hit = _BUILT.get(key)
        if hit is not None and hit[0] is tables:  # the tables are held, so the id is theirs
            return hit[1]
        if len(_BUILT) > 4096:
            _BUILT.clear()
        check = build(tables, *args, **kwargs)
        _BUILT[key] = (tables, check)
        return check

    return cached


@per_tables
def craft_move(tables: Tables, propulsion: str, *, no_founder: bool = False) -> Check:
    """WAT-MOVE-05, -08..10: 1d6 + the craft's class modifier. AMB-WAT-04's option
    `oared_no_founder` turns a natural 1 of an oared boat into no movement."""
    table = tables.band("craft-move")
    if no_founder:
        table = replace(table, natural={**table.natural, "1": "no-move"})
    cls = PROPULSION[propulsion]
    mods = (Modifier(cls.label, cls.modifier, cls.rule),) if cls.modifier else ()
    return table.check("waterborne.craft-move", mods)


@per_tables
def pontoon_attempt(tables: Tables, engineers: int, others: int) -> Check:
    """WAT-PONTOON-06..08: 1d6, +1 per engineer stand (at least one, so at least +1:
    AMB-WAT-15), +1 per two other stands (floor, AMB-WAT-16); 5+ earns one construction point."""
    engineer = "engineer stands" if engineers > 1 else "engineer stand"
    mods = [Modifier(engineer, engineers, "WAT-PONTOON-07")]
    if others // 2:
        per_two = f"for {others} other stands (one per two)"
        mods.append(Modifier(per_two, others // 2, "WAT-PONTOON-08"))
    return tables.band("pontoon-attempt").check("waterborne.pontoon-attempt", tuple(mods))


@per_tables
def direct_fire(tables: Tables, dice: int, cover: bool) -> Check:
    """CF-FIRE: the firer's dice, fewer against a target in cover; 5-6 hit."""
    table = tables.count("direct-fire")
    return table.check("waterborne.direct-fire", dice - (table.cover_dice if cover else 0))


@per_tables
def he_at_bridge(tables: Tables, he: int) -> Check:
    """WAT-PONTOON-10, AMB-WAT-18: HE dice at a bridge (no cover); suppress or better hits."""
    ladder = tables.count("direct-fire")

    def hit(stats: Stats, modifier: int, /) -> str:
        return "hit" if ladder(stats, modifier) in HIT_RESULTS else "no-hit"

    fire = ladder.check("waterborne.he-at-bridge", he)
    return Check(
        name=fire.name,
        pools=fire.pools,
        outcome_rule=hit,
        outcomes=("hit", "no-hit"),
        rules=(*ladder.rules, "WAT-PONTOON-10", "AMB-WAT-18"),
    )


def eff_dice(eff: int, water: bool) -> int:
    """WAT-FIRE-02, AMB-WAT-10: the weapon's EFF, doubled against craft in the water."""
    return eff * (WATER_EFF_FACTOR if water else 1)


@per_tables
def eff_vehicle(tables: Tables, eff: int, arm: int, water: bool) -> Check:
    """CF-DEFAULT-EFF (WAT-FIRE-02): EFF dice against a vehicle's ARM (rear)."""
    mods = (Modifier("ARM (rear)", -arm, "CF-DEFAULT-EFF"),)
    table = tables.count("eff-vehicle")
    check = table.check("waterborne.eff-vehicle", eff_dice(eff, water), mods)
    return _with_rules(check, ("WAT-FIRE-02",) if water else ())


@per_tables
def eff_stand(tables: Tables, eff: int, water: bool) -> Check:
    """CF-DEFAULT-EFF: EFF dice against a stand use the normal pin/suppress/kill ladder."""
    check = tables.count("direct-fire").check("waterborne.eff-stand", eff_dice(eff, water))
    return _with_rules(check, ("CF-DEFAULT-EFF", *(("WAT-FIRE-02",) if water else ())))


@per_tables
def rally(tables: Tables) -> Check:
    """CF-DEFAULT-RALLY (house): d6, 4+."""
    return tables.band("rally").check("waterborne.rally")


def _with_rules(check: Check, extra: tuple[str, ...]) -> Check:
    return Check(
        check.name,
        check.pools,
        check.outcome_rule,
        check.outcomes,
        (*check.rules, *extra),
        check.modifiers,
    )


def check_defs(tables: Tables = DEFAULT_TABLES) -> tuple[CheckDef, ...]:
    def yes(p: Mapping[str, Any], name: str) -> bool:
        return bool(p[name] == "yes")

    move = tables.band("craft-move")
    attempt = tables.band("pontoon-attempt")
    ladder = tables.count("direct-fire")
    vehicle = tables.count("eff-vehicle")
    return (
        CheckDef(
            name="waterborne.craft-move",
            summary="Assault craft move attempt: 1d6 + craft modifier (0 manual, +1 storm boat, "
            "+2 other powered)",
            outcomes=move.outcomes,
            rules=(*move.rules, "WAT-MOVE-08", "WAT-MOVE-09", "WAT-MOVE-10"),
            build=lambda p: craft_move(
                tables, str(p["craft"]), no_founder=bool(p["oared_no_founder"])
            ),
            params=(
                Param("craft", "choice", "manual", "modifier class", choices=tuple(PROPULSION)),
                Param("oared_no_founder", "bool", False, "AMB-WAT-04 option: a 1 is no movement"),
            ),
        ),
        CheckDef(
            name="waterborne.pontoon-attempt",
            summary="Pontoon construction attempt: 1d6 +1 per engineer, +1 per two other stands; "
            "5+ earns 1 CP",
            outcomes=attempt.outcomes,
            rules=attempt.rules,
            build=lambda p: pontoon_attempt(tables, int(p["engineers"]), int(p["others"])),
            params=(
                Param("engineers", "int", 1, "engineer stands involved", 1, 20),
                Param("others", "int", 0, "rifle or SMG squads involved", 0, 40),
            ),
        ),
        CheckDef(
            name="waterborne.direct-fire",
            summary="Crossfire direct fire: dice (-1 in cover), 5-6 hit; 1 pin, 2 suppress, "
            "3+ kill",
            outcomes=ladder.all_outcomes,
            rules=ladder.rules,
            build=lambda p: direct_fire(tables, int(p["dice"]), yes(p, "cover")),
            params=(
                Param("dice", "int", 3, "the firer's dice (rifle squad 3, HMG 4)", 1, 20),
                Param("cover", "choice", "no", "the target is in cover", choices=YES_NO),
            ),
        ),
        CheckDef(
            name="waterborne.he-at-bridge",
            summary="HE fire at a pontoon bridge or ferry under construction: suppress or better "
            "is a hit",
            outcomes=("hit", "no-hit"),
            rules=(*ladder.rules, "WAT-PONTOON-10", "AMB-WAT-18"),
            build=lambda p: he_at_bridge(tables, int(p["he"])),
            params=(Param("he", "int", 4, "the weapon's HE dice", 1, 20),),
        ),
        CheckDef(
            name="waterborne.eff-vehicle",
            summary="Indirect fire on a vehicle or craft (house default): EFF d6 (x2 in the "
            "water), hits against ARM (rear)",
            outcomes=vehicle.all_outcomes,
            rules=(*vehicle.rules, "WAT-FIRE-02"),
            build=lambda p: eff_vehicle(tables, int(p["eff"]), int(p["arm"]), yes(p, "water")),
            params=(
                Param("eff", "int", 2, "the weapon's EFF", 1, 20),
                Param("arm", "int", 1, "the target's ARM (rear)", 0, 10),
                Param("water", "choice", "yes", "the craft is in the water", choices=YES_NO),
            ),
        ),
        CheckDef(
            name="waterborne.eff-stand",
            summary="Indirect fire on a stand: EFF d6 (x2 riding small craft in the water), "
            "5-6 hit; 1 pin, 2 suppress, 3+ kill",
            outcomes=ladder.all_outcomes,
            rules=(*ladder.rules, "CF-DEFAULT-EFF", "WAT-FIRE-02"),
            build=lambda p: eff_stand(tables, int(p["eff"]), yes(p, "water")),
            params=(
                Param("eff", "int", 2, "the weapon's EFF", 1, 20),
                Param("water", "choice", "no", "rides a small craft in the water", choices=YES_NO),
            ),
        ),
        CheckDef(
            name="waterborne.rally",
            summary="Rally (house default): d6, 4+",
            outcomes=tables.band("rally").outcomes,
            rules=tables.band("rally").rules,
            build=lambda _: rally(tables),
        ),
    )
