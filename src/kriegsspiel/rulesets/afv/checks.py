"""Every check of the `afv` ruleset, built from its tables; and the named checks for
`kriegsspiel odds`. The same builders serve the odds shown and the rolls made in play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from kriegsspiel.core.checks import Check, CheckDef, Modifier, Param, Stats
from kriegsspiel.core.dice import die
from kriegsspiel.core.tables import Band, BandTable
from kriegsspiel.rulesets.afv.tables import DEFAULT_TABLES, AfvTables

ARCS = ("front", "side", "rear")
COMPLEXITY = ("simple", "moderate", "complex")


# -- percentage checks --------------------------------------------------------------------------


def percent(
    name: str,
    chance: int,
    rules: tuple[str, ...],
    yes: str,
    no: str,
    modifiers: tuple[Modifier, ...] = (),
    natural: Mapping[int, str] | None = None,
) -> Check:
    """d100 (1-100) at or under `chance` (AMB-AFV-03). A modifier to the chance is entered as
    the opposite modifier to the roll, so the log shows the roll as compared with the chance."""
    return _percent(name, chance, rules, yes, no, modifiers, tuple(sorted((natural or {}).items())))


@cache
def _percent(
    name: str,
    chance: int,
    rules: tuple[str, ...],
    yes: str,
    no: str,
    modifiers: tuple[Modifier, ...],
    natural_faces: tuple[tuple[int, str], ...],
) -> Check:
    """`percent`, built once per distinct check (checks are immutable)."""
    natural = dict(natural_faces)
    table = BandTable(
        title=f"d100 <= {chance}",
        dice="d100",
        rules=rules,
        bands=(Band(yes, max=chance), Band(no, min=chance + 1)),
        natural={str(k): v for k, v in natural.items()},
    )
    outcomes = (yes, no, *dict.fromkeys(natural.values()))
    return Check(name, (table.pool,), table, outcomes, rules, modifiers)


def spot_chance(tables: AfvTables, arc: str, unbuttoned: bool, looking_rear: bool) -> int:
    """AFV-VIS-05..07 (AMB-AFV-02, -09): the chance for the target's arc and the crewman's
    hatch; turning to the rear (an unbuttoned crewman's action) changes his chances."""
    how = "buttoned" if not unbuttoned else "looking-rear" if looking_rear else "unbuttoned"
    return tables.chance("spot")[f"{how}-{arc}"]


def spot(tables: AfvTables, arc: str, unbuttoned: bool, looking_rear: bool = False) -> Check:
    """AFV-VIS-05..07 with AMB-AFV-08: one crewman's acquisition roll."""
    chance = spot_chance(tables, arc, unbuttoned, looking_rear)
    return percent("afv.spot", chance, tables.chance("spot").rules, "spotted", "not-spotted")


def broken_track(tables: AfvTables) -> Check:
    """AFV-MOVE-06/07: a 25% chance of a broken track after hitting a wall or a building."""
    table = tables.chance("broken-track")
    return percent("afv.broken-track", table["broken"], table.rules, "broken", "intact")


def repair(tables: AfvTables, complexity: str, variant: str = "amb") -> Check:
    """AFV-REPAIR-01/03 with AMB-AFV-13: one attempt, by complexity (option repair_chances)."""
    table = tables.chance("repair" if variant == "amb" else "repair-parent")
    return percent("afv.repair", table[complexity], table.rules, "repaired", "not-repaired")


def to_hit(
    tables: AfvTables,
    weapon_class: str,
    inches: float,
    modifiers: tuple[Modifier, ...] = (),
) -> Check:
    """SK-DEFAULT-TO-HIT: the d100 to-hit roll; malfunctions on natural rolls (AMB-AFV-11):
    a main gun backfires on 100 (AFV-MALF-01) and breaks on 99 (AFV-MALF-03); a machine gun
    jams on 100 (AFV-MALF-04). Such a shot always misses."""
    table = tables.to_hit
    chance = table.chance(weapon_class, inches)
    natural: dict[int, str] = {}
    rules = table.rules
    if weapon_class == "main-gun":
        natural = {100: "backfire", 99: "broken"}
        rules = (*rules, "AFV-MALF-01", "AFV-MALF-03", "AMB-AFV-11")
    elif weapon_class == "mg":
        natural = {100: "jam"}
        rules = (*rules, "AFV-MALF-04", "AMB-AFV-11")
    return percent("afv.to-hit", chance, rules, "hit", "miss", modifiers, natural)


def sight_in_modifier() -> Modifier:
    """AFV-CREW-14 with AMB-AFV-12: +20 to the chance, entered as -20 on the roll."""
    return Modifier("sighted in: +20 to the chance", -20, "AFV-CREW-14")


def commander_modifier() -> Modifier:
    """AFV-CREW-18 with AMB-AFV-12: -10 to the chance, entered as +10 on the roll."""
    return Modifier("commander firing: -10 to the chance", 10, "AFV-CREW-18")


# -- die-result tables --------------------------------------------------------------------------


def main_gun_ammo(tables: AfvTables, variant: str) -> Check:
    """AFV-AMMO-02 (d10 table) or AFV-AMMO-03 (3d6), by option main_gun_ammo (AMB-AFV-01)."""
    name = "main-gun-ammo-d10" if variant in ("d10_table", "d10-table") else "main-gun-ammo-3d6"
    return tables.band(name).check("afv.main-gun-ammo")


def morale(tables: AfvTables, modifiers: tuple[Modifier, ...]) -> Check:
    """AFV-MORALE-03..05: intact / halt / retreat on the adjusted d100 (AMB-AFV-03, -04)."""
    return tables.band("morale").check("afv.morale", modifiers)


def immobilised_morale(tables: AfvTables, modifiers: tuple[Modifier, ...]) -> Check:
    """AFV-MORALE-15/16 (AMB-AFV-23): the two-band test of an immobilised AFV's crew."""
    return tables.band("immobilised-morale").check("afv.immobilised-morale", modifiers)


def commander_morale(tables: AfvTables, modifiers: tuple[Modifier, ...]) -> Check:
    """AFV-MORALE-05 with AMB-AFV-06: the commander's check that stops a retreat."""
    return tables.band("commander-morale").check("afv.commander-morale", modifiers)


def bail_out_kit(tables: AfvTables) -> Check:
    """AFV-BAIL-01/02 (AMB-AFV-17): d10 for each crewman who leaves the vehicle."""
    return tables.band("bail-out-kit").check("afv.bail-out-kit")


def penetration_effect(tables: AfvTables) -> Check:
    """SK-DEFAULT-DAMAGE: what a penetrating hit does to an AFV."""
    return tables.band("penetration-effect").check("afv.penetration-effect")


def casualty(tables: AfvTables) -> Check:
    """SK-DEFAULT-CASUALTY: how badly a man or crewman is hit."""
    return tables.band("casualty").check("afv.casualty")


# -- choosing one of several --------------------------------------------------------------------


class _Pick:
    """Outcome rule: the face's label among equally likely choices."""

    def __init__(self, labels: Sequence[str]) -> None:
        self.labels = tuple(labels)

    def __call__(self, stats: Stats, modifier: int, /) -> str:
        return self.labels[stats[0][0] - 1]


def pick(name: str, labels: Sequence[str], rules: tuple[str, ...]) -> Check:
    """One of `labels`, each equally likely: a die with one face per label (a single label is
    certain: a d2 with it on both faces, as there is no one-faced die)."""
    faces = list(labels) * 2 if len(labels) == 1 else list(labels)
    return Check(name, (die(len(faces)),), _Pick(faces), tuple(dict.fromkeys(labels)), rules)


def card_draw(sides: Sequence[str]) -> Check:
    """SK-DRAW: draw one of the cards left; the outcome is the side whose card it is, the face
    the card's place in the deck's fixed order. "4 of the 11 cards left are yours" = 4/11."""
    return _card_draw(tuple(sides))


@lru_cache(maxsize=4096)
def _card_draw(sides: tuple[str, ...]) -> Check:
    """The check of `card_draw`, made once per deck (a `Check` is immutable)."""
    return pick("afv.card-draw", sides, ("SK-DRAW", "SK-DECK"))


def hit_crewman(crewmen: Sequence[str]) -> Check:
    """SK-DEFAULT-CASUALTY: which crewman aboard a penetrating 'crew' hit strikes (named by
    id: who sits in which position is his side's secret)."""
    return pick("afv.hit-crewman", crewmen, ("SK-DEFAULT-CASUALTY",))


# -- the named checks ---------------------------------------------------------------------------

MORALE_COUNTS: tuple[tuple[str, int, str, str], ...] = (
    # (parameter, seed modifier per item, rule, label)
    ("men-killed", -10, "AFV-MORALE-06", "men killed"),
    ("leaders-killed", -15, "AFV-MORALE-07", "officers or NCOs killed"),
    ("afv-lost", -20, "AFV-MORALE-08", "AFVs lost"),
    ("small-vehicles-lost", -10, "AFV-MORALE-09", "small vehicles lost"),
    ("afv-exited", -10, "AFV-MORALE-09", "AFVs that left the table"),  # in play only
    ("heavy-weapons-lost", -5, "AFV-MORALE-10", "heavy weapons lost (net of regained)"),
    ("enemy-men-killed", 5, "AFV-MORALE-11", "enemy men killed"),
    ("enemy-afv-destroyed", 20, "AFV-MORALE-12", "enemy AFVs destroyed"),
    ("enemy-small-vehicles-destroyed", 10, "AFV-MORALE-13", "enemy small vehicles destroyed"),
)


# The parameters of `afv.morale` (an AFV that left the table counts as a small vehicle lost).
COUNT_PARAMS = tuple(name for name, *_ in MORALE_COUNTS if name != "afv-exited")
EXITED = {"small-vehicles-lost": " or AFVs that left the table"}


def morale_modifiers(counts: Mapping[str, int], sign: str = "subtract") -> tuple[Modifier, ...]:
    """AFV-MORALE-06..14: the seed's signed modifiers, cumulative. AMB-AFV-04: the adjusted roll
    is d100 minus their sum (`subtract`), or plus it (`literal`, option morale_modifier_sign)."""
    out: list[Modifier] = []
    for param, each, rule, label in MORALE_COUNTS:
        n = counts.get(param, 0)
        if n:
            value = n * each if sign == "literal" else -n * each
            how = "" if sign == "literal" else ", subtracted"
            out.append(Modifier(f"{label}: {n} x {each:+d}{how}", value, rule))
    return tuple(out)


def check_defs(tables: AfvTables = DEFAULT_TABLES) -> tuple[CheckDef, ...]:
    def counts(p: Mapping[str, Any]) -> dict[str, int]:
        return {name: int(p[name]) for name in COUNT_PARAMS}

    def net(p: Mapping[str, Any]) -> tuple[Modifier, ...]:
        value = int(p["modifier"])
        return (Modifier("net morale modifiers", value, "AFV-MORALE-14"),) if value else ()

    count_params = tuple(
        Param(name, "int", 0, f"how many {label}" + EXITED.get(name, ""), 0, 20)
        for name, _, _, label in MORALE_COUNTS
        if name in COUNT_PARAMS
    )
    net_param = Param(
        "modifier",
        "int",
        0,
        "the adjustment to the roll (d100 minus the seed's modifiers)",
        -100,
        100,
    )
    arc = Param("arc", "choice", "front", "the target's arc from the AFV", choices=ARCS)
    hatches = Param(
        "hatches", "choice", "buttoned", "the crewman's hatch", choices=("buttoned", "unbuttoned")
    )
    looking = Param(
        "looking",
        "choice",
        "front",
        "an unbuttoned crewman turned to the rear (AMB-AFV-09)",
        choices=("front", "rear"),
    )
    weapon_classes = tuple(tables.to_hit.chances)

    def build_to_hit(p: Mapping[str, Any]) -> Check:
        mods: list[Modifier] = []
        if p["sighted"]:
            mods.append(sight_in_modifier())
        if p["commander"]:
            mods.append(commander_modifier())
        return to_hit(tables, str(p["weapon"]), float(p["range"]), tuple(mods))

    ammo_outcomes = tuple(
        dict.fromkeys(
            tables.band("main-gun-ammo-d10").outcomes + tables.band("main-gun-ammo-3d6").outcomes
        )
    )
    return (
        CheckDef(
            "afv.spot",
            "A crewman's d100 to acquire a target, by arc and hatch (no roll at 100%)",
            ("spotted", "not-spotted"),
            tables.chance("spot").rules,
            lambda p: spot(tables, p["arc"], p["hatches"] == "unbuttoned", p["looking"] == "rear"),
            (arc, hatches, looking),
        ),
        CheckDef(
            "afv.morale",
            "AFV morale: d100 minus the seed's modifiers; 1-50 intact, 51-75 halt, 76+ retreat",
            tables.band("morale").outcomes,
            (*tables.band("morale").rules, *(r for _, _, r, _ in MORALE_COUNTS), "AMB-AFV-04"),
            lambda p: morale(tables, morale_modifiers(counts(p))),
            count_params,
        ),
        CheckDef(
            "afv.immobilised-morale",
            "Immobilised AFV: adjusted d100, 1-50 the crew may stay, 51+ it must abandon",
            tables.band("immobilised-morale").outcomes,
            tables.band("immobilised-morale").rules,
            lambda p: immobilised_morale(tables, net(p)),
            (net_param,),
        ),
        CheckDef(
            "afv.commander-morale",
            "A retreating AFV's commander: adjusted d100, pass on 1-50 stops the retreat",
            tables.band("commander-morale").outcomes,
            tables.band("commander-morale").rules,
            lambda p: commander_morale(tables, net(p)),
            (net_param,),
        ),
        CheckDef(
            "afv.main-gun-ammo",
            "Main-gun rounds aboard: d10 table (default) or 3d6",
            ammo_outcomes,
            ("AFV-AMMO-02", "AFV-AMMO-03", "AMB-AFV-01"),
            lambda p: main_gun_ammo(tables, str(p["variant"])),
            (
                Param(
                    "variant",
                    "choice",
                    "d10-table",
                    "option main_gun_ammo",
                    choices=("d10-table", "3d6"),
                ),
            ),
        ),
        CheckDef(
            "afv.bail-out-kit",
            "d10 per crewman leaving the vehicle: what he brings",
            tables.band("bail-out-kit").outcomes,
            tables.band("bail-out-kit").rules,
            lambda p: bail_out_kit(tables),
        ),
        CheckDef(
            "afv.broken-track",
            "Running into a wall or building: 25% broken track",
            ("broken", "intact"),
            tables.chance("broken-track").rules,
            lambda p: broken_track(tables),
        ),
        CheckDef(
            "afv.repair",
            "One repair attempt, by complexity (AMB-AFV-13 placeholder)",
            ("repaired", "not-repaired"),
            tables.chance("repair").rules,
            lambda p: repair(tables, str(p["complexity"]), str(p["chances"])),
            (
                Param("complexity", "choice", "moderate", "repair complexity", choices=COMPLEXITY),
                Param(
                    "chances", "choice", "amb", "option repair_chances", choices=("amb", "parent")
                ),
            ),
        ),
        CheckDef(
            "afv.to-hit",
            "d100 to hit (house table); main gun 99 breaks, 100 backfires; MG 100 jams",
            ("hit", "miss", "backfire", "broken", "jam"),
            (
                *tables.to_hit.rules,
                "AFV-MALF-01",
                "AFV-MALF-03",
                "AFV-MALF-04",
                "AFV-CREW-14",
                "AFV-CREW-18",
            ),
            build_to_hit,
            (
                Param("weapon", "choice", "main-gun", "weapon class", choices=weapon_classes),
                Param("range", "int", 12, "range in inches", 0, 200),
                Param("sighted", "bool", False, "the gunner sighted in (+20)"),
                Param("commander", "bool", False, "the commander fires (-10)"),
            ),
        ),
        CheckDef(
            "afv.penetration-effect",
            "A penetrating hit on an AFV (house table)",
            tables.band("penetration-effect").outcomes,
            tables.band("penetration-effect").rules,
            lambda p: penetration_effect(tables),
        ),
        CheckDef(
            "afv.casualty",
            "How badly a man or crewman is hit (house table)",
            tables.band("casualty").outcomes,
            tables.band("casualty").rules,
            lambda p: casualty(tables),
        ),
        CheckDef(
            "afv.hit-crewman",
            "Which crewman aboard a 'crew' hit strikes, each equally likely",
            tuple(str(n) for n in range(1, 7)),
            ("SK-DEFAULT-CASUALTY",),
            lambda p: pick(
                "afv.hit-crewman",
                [str(n) for n in range(1, int(p["aboard"]) + 1)],
                ("SK-DEFAULT-CASUALTY",),
            ),
            (Param("aboard", "int", 5, "crewmen aboard", 2, 6),),
        ),
        CheckDef(
            "afv.card-draw",
            "The next card: '4 of the 11 cards left are yours' is yours=4 theirs=7",
            ("yours", "theirs"),
            ("SK-DRAW", "SK-DECK"),
            lambda p: card_draw(["yours"] * int(p["yours"]) + ["theirs"] * int(p["theirs"])),
            (
                Param("yours", "int", 4, "your side's cards left in the deck", 0, 100),
                Param("theirs", "int", 7, "the other sides' cards left in the deck", 1, 100),
            ),
        ),
    )
