"""The checks of bridges, fortifications and special engineering vehicles, built from the tables.

Every builder returns a `Check` whose odds and resolution come from one definition; the named
versions (`check_defs`) are listed by `kriegsspiel odds`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal

from kriegsspiel.core.checks import Check, CheckDef, CheckResult, Modifier, Param, Stats
from kriegsspiel.core.tables import BandTable

BridgeTarget = Literal["equipment", "span", "permanent"]
OccupantFire = Literal["direct", "idf-full", "idf-capped"]
Ties = Literal["attacker", "defender"]

CHARGE_ATTACK = 4  # ENG-FORT-28: one charge attacks at 4
EXTRA_CHARGE = 2  # ENG-FORT-29: each charge beyond the first adds +2
IDF_CAP = -1  # ENG-FORT-14: the siege rule's best attack value


DEFENDER = "defender: "  # how a close combat check labels the defender's modifiers (negated)


def _cite(check: Check, *rules: str) -> Check:
    return dataclasses.replace(check, rules=(*rules, *check.rules))


def _threshold(check: Check, strength: int, armour: int, rule: str) -> Check:
    """An attack whose unmodified strength is below the armour has no effect (ENG-FORT-18)."""
    if strength >= armour:
        return check

    def rule_(stats: Stats, modifier: int) -> str:
        return "no-effect"

    return dataclasses.replace(check, outcome_rule=rule_, rules=(rule, *check.rules))


def indirect_fire(
    tables: Mapping[str, BandTable],
    strength: int,
    modifier: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """BF-IDF: artillery at a unit: d10 + attack strength + modifiers, on the indirect-fire
    table (house default)."""
    mods = [Modifier("attack strength", strength, "BF-IDF")]
    if modifier:
        mods.append(Modifier("declared modifiers", modifier, "BF-IDF"))
    return tables["indirect-fire"].check("engineering.bombard", (*mods, *extra))


# -- bridges --------------------------------------------------------------------------------------


def bridge_span(tables: Mapping[str, BandTable], dr: int, swollen: bool, helpers: int) -> Check:
    """ENG-BRIDGE-13..16: an improve position roll, ±dr of the primary builder, −1 on a swollen
    river, +1 when more than one unit works on the span (never more than +1)."""
    mods = [Modifier("primary builder's discipline rating", dr, "ENG-BRIDGE-14")]
    if swollen:
        mods.append(Modifier("swollen river", -1, "ENG-BRIDGE-15"))
    if helpers > 0:
        mods.append(Modifier("more than one unit on the span", 1, "ENG-BRIDGE-16"))
    check = tables["improve-position"].check("engineering.bridge-span", tuple(mods))
    return _cite(check, "ENG-BRIDGE-13")


def bridge_preparation(tables: Mapping[str, BandTable], dr: int) -> Check:
    """ENG-BRIDGE-26 with AMB-ENG-29: each demolition preparation on a bridge is an improve
    position roll with the engineer's dr; a failure makes no progress."""
    mods = (Modifier("engineer's discipline rating", dr, "AMB-ENG-29"),)
    check = tables["improve-position"].check("engineering.bridge-preparation", mods)
    return _cite(check, "ENG-BRIDGE-26")


def bridge_fire(
    tables: Mapping[str, BandTable],
    target: BridgeTarget,
    strength: int,
    *,
    indirect: bool = False,
    armour: int = 0,
    dug_in: int = 0,
) -> Check:
    """Fire at bridging: loose equipment is a Medium G target (ENG-BRIDGE-08), a pontoon span a
    dug-in Medium gun (ENG-BRIDGE-23, `dug_in` the house modifier), a permanent bridge an
    armoured vehicle with the scenario's armour (ENG-BRIDGE-24). What counts is decided by
    the caller: only a knocked-out result harms any of them."""
    rule = {"equipment": "ENG-BRIDGE-08", "span": "ENG-BRIDGE-23", "permanent": "ENG-BRIDGE-24"}
    what = "indirect-fire" if indirect else "direct-fire"
    mods = [Modifier("attack strength", strength, rule[target])]
    if target == "span":
        mods.append(Modifier("dug-in medium gun", dug_in, "ENG-BRIDGE-23"))
    elif target == "permanent":
        mods.append(Modifier("bridge armour", -armour, "ENG-BRIDGE-24"))
    check = tables[what].check("engineering.bridge-fire", tuple(mods))
    return _cite(check, rule[target])


# -- forts ----------------------------------------------------------------------------------------


def fort_structure(tables: Mapping[str, BandTable], strength: int, armour: int) -> Check:
    """ENG-FORT-17..21: direct fire at the structure: the firer's strength, the armour as a
    negative modifier, no enfilade, the fort's dr 0; no effect unless the unmodified strength
    is at least the armour (ENG-FORT-18)."""
    mods = (
        Modifier("attack strength", strength, "ENG-FORT-17"),
        Modifier("fort armour", -armour, "ENG-FORT-21"),
        Modifier("fort discipline rating", 0, "ENG-FORT-21"),
    )
    check = _cite(tables["direct-fire"].check("engineering.fort-structure", mods), "ENG-FORT-04")
    return _threshold(check, strength, armour, "ENG-FORT-18")


def charge_attack(charges: int) -> int:
    """ENG-FORT-28/29: 4 for one charge, +2 for each more: 2n + 2."""
    return CHARGE_ATTACK + EXTRA_CHARGE * (charges - 1)


def fort_demolition(tables: Mapping[str, BandTable], charges: int, armour: int) -> Check:
    """ENG-FORT-28/29: the charges' attack on the structure, with only the armour as a modifier;
    AMB-ENG-31: the combined value must reach the armour to have any effect."""
    attack = charge_attack(charges)
    mods = (
        Modifier(f"{charges} charge(s): 4, +2 per extra charge", attack, "ENG-FORT-29"),
        Modifier("fort armour", -armour, "ENG-FORT-28"),
    )
    check = _cite(tables["direct-fire"].check("engineering.fort-demolition", mods), "ENG-FORT-28")
    return _threshold(check, attack, armour, "AMB-ENG-31")


def fort_occupants(
    tables: Mapping[str, BandTable],
    strength: int,
    armour: int,
    fire: OccupantFire = "direct",
    modifier: int = 0,
) -> Check:
    """ENG-FORT-05/08: fire at a fort's occupants takes the armour as a negative modifier.
    ENG-FORT-14 (option `idf_vs_fort_occupants = capped`): an IDF attack so computed is then
    lowered to −1 if it was better ("reducing this attack to a max of −1": a weaker one stands),
    and can suppress or disorder but never kill."""
    mods = [
        Modifier("attack strength", strength, "BF-DEFAULT-FIRE"),
        Modifier("fort armour", -armour, "ENG-FORT-05"),
    ]
    if modifier:
        mods.append(Modifier("declared modifiers", modifier, "BF-DEFAULT-FIRE"))
    table = tables["direct-fire" if fire == "direct" else "indirect-fire"]
    if fire != "idf-capped":
        return _cite(table.check("engineering.fort-occupants", tuple(mods)), "ENG-FORT-08")
    computed = strength - armour + modifier
    if computed > IDF_CAP:  # ENG-FORT-14: a cap only lowers
        mods.append(Modifier("siege rule: attack capped at -1", IDF_CAP - computed, "ENG-FORT-14"))

    def capped(stats: Stats, total: int) -> str:
        outcome = table(stats, total)
        return "disordered" if outcome == "knocked-out" else outcome

    outcomes = tuple(o for o in table.outcomes if o != "knocked-out")
    return Check(
        name="engineering.fort-occupants",
        pools=(table.pool,),
        outcome_rule=capped,
        outcomes=outcomes,
        rules=("ENG-FORT-14", "AMB-ENG-30", *table.rules),
        modifiers=tuple(mods),
    )


# -- close combat ---------------------------------------------------------------------------------


def close_combat(
    tables: Mapping[str, BandTable],
    attacker: tuple[Modifier, ...],
    defender: tuple[Modifier, ...],
    ties: Ties = "defender",
    name: str = "engineering.close-combat",
) -> Check:
    """House default (BF-DEFAULT-CC): each side rolls the table's die and adds its modifiers; the
    table maps the attacker's margin to a result; a tie goes to the defender unless `ties` says
    otherwise (ENG-BRIDGE-21). Defender modifiers are listed negated, so the check's modifier
    total is the attacker's edge."""
    table = tables["close-combat"]
    against = tuple(Modifier(f"{DEFENDER}{m.label}", -m.value, m.rule) for m in defender)

    def margin(stats: Stats, edge: int) -> str:
        outcome = table((stats[0],), edge - stats[1][0])
        if outcome == "tie":
            return f"{ties}-wins"
        return outcome

    return Check(
        name=name,
        pools=(table.pool, table.pool),
        outcome_rule=margin,
        outcomes=("attacker-wins", "defender-wins"),
        rules=table.rules,
        modifiers=(*attacker, *against),
    )


def explain_close_combat(result: CheckResult, attacker: str, defender: str) -> str:
    """A close combat roll in words: each side's die, its modifiers and total, and the margin the
    table reads (attacker's total less the defender's; BF-DEFAULT-CC)."""
    own = [m for m in result.modifiers if not m.label.startswith(DEFENDER)]
    theirs = [
        Modifier(m.label.removeprefix(DEFENDER), -m.value, m.rule)
        for m in result.modifiers
        if m.label.startswith(DEFENDER)
    ]
    scored = []
    for name, faces, mods in (
        (attacker, result.faces[0], own),
        (defender, result.faces[1], theirs),
    ):
        total = sum(faces) + sum(m.value for m in mods)
        shown = "".join(f" {m.value:+d} {m.label} ({m.rule})" for m in mods)
        scored.append((total, f"{name} {','.join(map(str, faces))}{shown} = {total}"))
    margin = scored[0][0] - scored[1][0]
    tie = " (a tie)" if margin == 0 else ""
    return (
        f"{result.check}: {scored[0][1]} against {scored[1][1]}: margin {margin:+d}{tie} -> "
        f"{result.outcome} [{', '.join(result.rules)}]"
    )


def bridge_close_combat(tables: Mapping[str, BandTable], attacker: int) -> Check:
    """ENG-BRIDGE-20/21 with AMB-ENG-27: the bridge (its guards) rolls the die +0; the attacker's
    equal or higher modified roll destroys it."""
    check = close_combat(
        tables,
        (Modifier("attacker's close combat modifiers", attacker, "BF-DEFAULT-CC"),),
        (Modifier("bridge guards", 0, "ENG-BRIDGE-20"),),
        ties="attacker",
        name="engineering.bridge-close-combat",
    )
    return _cite(check, "ENG-BRIDGE-20", "ENG-BRIDGE-21")


def fort_close_combat(
    tables: Mapping[str, BandTable], armour: int, attacker: int, defender: int
) -> Check:
    """ENG-FORT-10: defenders in a fort use its armour as their base close combat strength, then
    every other modifier as usual."""
    check = close_combat(
        tables,
        (Modifier("attacker's close combat modifiers", attacker, "BF-DEFAULT-CC"),),
        (
            Modifier("fort armour as base strength", armour, "ENG-FORT-10"),
            Modifier("defender's other modifiers", defender, "ENG-FORT-10"),
        ),
        name="engineering.fort-close-combat",
    )
    return _cite(check, "ENG-FORT-10")


# -- DD tanks -------------------------------------------------------------------------------------


def dd_swamping(tables: Mapping[str, BandTable], rough_water: bool) -> Check:
    """ENG-FUNNY-05/06: d10 at the end of a movement phase the DD swam; a 1 sinks it, −1 in rough
    water (AMB-ENG-37: a modified 1 or less sinks)."""
    mods = (Modifier("rough water", -1, "ENG-FUNNY-06"),) if rough_water else ()
    return tables["dd-swamping"].check("engineering.dd-swamping", mods)


# -- the named checks -----------------------------------------------------------------------------


def _yes(p: Mapping[str, Any], name: str) -> bool:
    return bool(p[name])


def check_defs(tables: Mapping[str, BandTable]) -> tuple[CheckDef, ...]:
    ip = tables["improve-position"]

    def idf(p: Mapping[str, Any]) -> Check:
        return indirect_fire(tables, int(p["strength"]), int(p["modifier"]))

    def span(p: Mapping[str, Any]) -> Check:
        return bridge_span(tables, int(p["dr"]), _yes(p, "swollen"), int(p["helpers"]))

    def prep(p: Mapping[str, Any]) -> Check:
        return bridge_preparation(tables, int(p["dr"]))

    def bfire(p: Mapping[str, Any]) -> Check:
        return bridge_fire(
            tables,
            p["target"],
            int(p["strength"]),
            indirect=_yes(p, "indirect"),
            armour=int(p["armour"]),
            dug_in=int(p["dug-in"]),
        )

    def structure(p: Mapping[str, Any]) -> Check:
        return fort_structure(tables, int(p["strength"]), int(p["armour"]))

    def demolition(p: Mapping[str, Any]) -> Check:
        return fort_demolition(tables, int(p["charges"]), int(p["armour"]))

    def occupants(p: Mapping[str, Any]) -> Check:
        return fort_occupants(tables, int(p["strength"]), int(p["armour"]), p["fire"])

    def cc(p: Mapping[str, Any]) -> Check:
        a = (Modifier("attacker's modifiers", int(p["attacker"]), "BF-DEFAULT-CC"),)
        d = (Modifier("defender's modifiers", int(p["defender"]), "BF-DEFAULT-CC"),)
        return close_combat(tables, a, d)

    def bcc(p: Mapping[str, Any]) -> Check:
        return bridge_close_combat(tables, int(p["attacker"]))

    def fcc(p: Mapping[str, Any]) -> Check:
        return fort_close_combat(tables, int(p["armour"]), int(p["attacker"]), int(p["defender"]))

    def dd(p: Mapping[str, Any]) -> Check:
        return dd_swamping(tables, _yes(p, "rough-water"))

    dr = Param("dr", "int", 0, "discipline rating", -2, 2)
    strength = Param("strength", "int", 3, "attack strength", -5, 12)
    armour = Param("armour", "int", 3, "armour of the fort or bridge", 0, 20)
    fire = tables["direct-fire"].outcomes
    cc_out = ("attacker-wins", "defender-wins")
    attacker = Param("attacker", "int", 0, "attacker's close combat modifiers", -10, 10)
    defender = Param("defender", "int", 0, "defender's close combat modifiers", -10, 10)
    return (
        CheckDef(
            "engineering.bombard",
            "Indirect fire at a unit (house default): d10 + strength + modifiers",
            tables["indirect-fire"].outcomes,
            ("BF-IDF", *tables["indirect-fire"].rules),
            idf,
            (strength, Param("modifier", "int", 0, "sum of situational modifiers", -10, 10)),
        ),
        CheckDef(
            "engineering.bridge-span",
            "Bridge span (improve position): ±dr, -1 swollen, +1 for helpers",
            ip.outcomes,
            ("ENG-BRIDGE-13", "ENG-BRIDGE-14", "ENG-BRIDGE-15", "ENG-BRIDGE-16", *ip.rules),
            span,
            (
                dr,
                Param("swollen", "bool", False, "bridging a swollen river"),
                Param("helpers", "int", 0, "units working beside the primary builder", 0, 10),
            ),
        ),
        CheckDef(
            "engineering.bridge-preparation",
            "Bridge demolition preparation (improve position) with the engineer's dr",
            ip.outcomes,
            ("ENG-BRIDGE-26", "AMB-ENG-29", *ip.rules),
            prep,
            (dr,),
        ),
        CheckDef(
            "engineering.bridge-fire",
            "Fire at bridging equipment, a pontoon span or a permanent bridge; only KO harms",
            fire,
            ("ENG-BRIDGE-08", "ENG-BRIDGE-23", "ENG-BRIDGE-24"),
            bfire,
            (
                Param(
                    "target",
                    "choice",
                    "span",
                    "what is fired at",
                    choices=("equipment", "span", "permanent"),
                ),
                strength,
                Param("indirect", "bool", False, "indirect fire (artillery)"),
                Param("armour", "int", 0, "a permanent bridge's armour", 0, 20),
                Param("dug-in", "int", -2, "house modifier for a dug-in gun target", -5, 0),
            ),
        ),
        CheckDef(
            "engineering.bridge-close-combat",
            "Close combat against a pontoon bridge or loose bridging: ties to the attacker",
            cc_out,
            ("ENG-BRIDGE-20", "ENG-BRIDGE-21", "BF-DEFAULT-CC"),
            bcc,
            (attacker,),
        ),
        CheckDef(
            "engineering.fort-structure",
            "Direct fire at a fort's structure: strength - armour; none if strength < armour",
            fire,
            ("ENG-FORT-17", "ENG-FORT-18", "ENG-FORT-21"),
            structure,
            (strength, armour),
        ),
        CheckDef(
            "engineering.fort-demolition",
            "Engineer charges on a fort: attack 4, +2 per extra charge, - armour",
            fire,
            ("ENG-FORT-28", "ENG-FORT-29", "AMB-ENG-31"),
            demolition,
            (Param("charges", "int", 1, "charges fired together", 1, 20), armour),
        ),
        CheckDef(
            "engineering.fort-occupants",
            "Fire at a fort's occupants: armour as a negative modifier; IDF capped at -1",
            fire,
            ("ENG-FORT-05", "ENG-FORT-08", "ENG-FORT-14", "AMB-ENG-30"),
            occupants,
            (
                strength,
                armour,
                Param(
                    "fire",
                    "choice",
                    "direct",
                    "direct fire or IDF (full or capped)",
                    choices=("direct", "idf-full", "idf-capped"),
                ),
            ),
        ),
        CheckDef(
            "engineering.close-combat",
            "Close combat (house default): d10 + modifiers each side, ties to the defender",
            cc_out,
            tables["close-combat"].rules,
            cc,
            (attacker, defender),
        ),
        CheckDef(
            "engineering.fort-close-combat",
            "Close combat against a fort's occupants: armour as their base strength",
            cc_out,
            ("ENG-FORT-10", "BF-DEFAULT-CC"),
            fcc,
            (armour, attacker, defender),
        ),
        CheckDef(
            "engineering.dd-swamping",
            "DD tank swamping roll: d10, 1 sinks, -1 in rough water",
            tables["dd-swamping"].outcomes,
            tables["dd-swamping"].rules,
            dd,
            (Param("rough-water", "bool", False, "the scenario's rough water"),),
        ),
    )
