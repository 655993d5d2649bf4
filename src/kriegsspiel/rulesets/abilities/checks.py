"""Every roll of the `abilities` ruleset, defined once: the game resolves with these checks and
`kriegsspiel odds` shows their exact odds.

Combat HQ rolls pools of d6 against a target number (TN): each die at or above it is a success
(CHQ-FIRE). A TN above 6+ becomes 6+ with one die fewer per point over; a TN below 2+ becomes
2+ with one die more per point under ("sliding dice").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from kriegsspiel.core.checks import Check, CheckDef, CheckResult, Param, Stats
from kriegsspiel.core.dice import Pool, Tally, die, sixes, successes, successes_and_sixes
from kriegsspiel.rulesets.abilities.defaults import DEFAULT_TABLES, Tables

MAX_DICE = 16  # the largest pool a parameter takes; sliding and bonuses may add a few
MAX_COMMAND_DICE = 10  # `odds abilities.command`: every face is counted, so keep it small
BASE_TN = 4  # CHQ-FIRE: direct fire at 4+
REACTION_TN = 4  # CHQ-REACT: 4+, and 5+ when the target is suppressed
SUPPRESSED_REACTION_TN = 5
BREAKOFF_VEHICLE_DICE = 2  # ABL-BREAK-02
RECON_SPOT_BONUS = -1  # ABL-RECON-01
FORCED_BACK_BASE = 6.0  # CHQ-FORCED: 6" plus 1D6" per unmatched six


def slide(dice: int, tn: int) -> tuple[int, int]:
    """CHQ-FIRE sliding dice: TN 7+ -> 6+ and -1D per point over; TN 1 or less -> 2+ and +1D."""
    if tn > 6:
        return max(0, dice - (tn - 6)), 6
    if tn < 2:
        return dice + (2 - tn), 2
    return dice, tn


def counts(n: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(n + 1))


def _first(stats: Stats, _: int) -> str:
    return str(stats[0][0])


@cache  # a check is immutable: each pool at each TN is built once
def success_roll(name: str, dice: int, tn: int, rules: tuple[str, ...]) -> Check:
    """A pool at a TN (slid into 2..6); the outcome is the number of successes."""
    dice, tn = slide(dice, tn)
    return Check(name, (successes_and_sixes(dice, tn),), _first, counts(dice), rules)


def successes_of(check: Check, result: CheckResult) -> tuple[int, int]:
    """The successes and sixes of a `success_roll`'s result, read off its faces (the same
    statistic `Check.resolve` reduced them to)."""
    tn, faces = check.pools[0].tallies[0].value, result.faces[0]
    return sum(1 for f in faces if f >= tn), faces.count(6)


def fire(dice: int, tn: int) -> Check:
    """CHQ-FIRE: the firer's FP or AT dice at the TN; successes are hits, sixes may suppress."""
    return success_roll("abilities.fire", dice, tn, ("CHQ-FIRE",))


def reaction(dice: int, suppressed: bool) -> Check:
    """CHQ-REACT: the target's Reaction Dice at 4+, or 5+ when it is suppressed."""
    tn = SUPPRESSED_REACTION_TN if suppressed else REACTION_TN
    return success_roll("abilities.reaction", dice, tn, ("CHQ-REACT",))


def reaction_dice(
    base: int, *, cover: bool, artillery: bool, breakoff_vehicle: bool
) -> tuple[int, tuple[str, ...]]:
    """CHQ-REACT and ABL-BREAK-02 (vehicles only, AMB-ABL-02): the Reaction Dice rolled.

    `base` is the statline's value against this kind of fire (ABL-LOWPRO-01..03 already applied).
    """
    notes = [f"Reaction {base}D"]
    dice = base
    if cover and not artillery:
        dice += 1
        notes.append("+1D light cover (CHQ-REACT)")
    if breakoff_vehicle:
        dice += BREAKOFF_VEHICLE_DICE
        notes.append("+2D breaking off (ABL-BREAK-02)")
    return dice, tuple(notes)


def suppressed_by(
    hits: int, fire_sixes: int, target_sixes: int, high: bool, needs_six: bool
) -> bool:
    """CHQ-SUPP, ABL-HISUP-01 with AMB-ABL-09: is the target suppressed?

    Only a target that makes a Reaction Check (the firer scored a success) can be suppressed.
    Normally it must match the firer's sixes; against High Suppression it must beat them (ties
    suppress). A firer with no six suppresses only under High Suppression read literally
    (`needs_six` false; parent-games.md §4.3 (3)).
    """
    if hits == 0:
        return False
    if fire_sixes == 0 and (not high or needs_six):
        return False
    return target_sixes <= fire_sixes if high else target_sixes < fire_sixes


def suppression(
    fp_dice: int, reaction_dice: int, tn: int, high: bool, needs_six: bool = True
) -> Check:
    """The opposed roll for suppression: the firer's pool and the target's Reaction Dice."""
    fp_dice, tn = slide(fp_dice, tn)
    pools = (successes_and_sixes(fp_dice, tn), sixes(reaction_dice))

    def outcome(stats: Stats, _: int) -> str:
        (hits, fire_sixes), (target_sixes,) = stats
        hit = suppressed_by(hits, fire_sixes, target_sixes, high, needs_six)
        return "suppressed" if hit else "not-suppressed"

    rules = ("CHQ-SUPP", "ABL-HISUP-01", "AMB-ABL-09") if high else ("CHQ-SUPP",)
    return Check("abilities.suppression", pools, outcome, ("suppressed", "not-suppressed"), rules)


def spot_tn(
    tables: Tables, *, cover: bool, long_range: bool, recon: bool
) -> tuple[int, tuple[str, ...]]:
    """CHQ-DEFAULT-SPOT with ABL-RECON-01 and AMB-ABL-12: the TN to spot a Blind."""
    t = tables.spotting
    tn, notes = t.tn, [f"base {t.tn}+ (CHQ-DEFAULT-SPOT)"]
    if cover:
        tn += t.cover
        notes.append(f"{t.cover:+d} TN Blind in cover")
    if long_range:
        tn += t.long_range
        notes.append(f"{t.long_range:+d} TN long range")
    if recon:
        tn = max(2, tn + RECON_SPOT_BONUS)  # a flat -1, never better than 2+ (AMB-ABL-12)
        notes.append("-1 TN deployed recon unit (ABL-RECON-01)")
    return tn, tuple(notes)


def spot(tables: Tables, tn: int) -> Check:
    """Spotting: any success reveals the Blind (CHQ-DEFAULT-SPOT)."""
    return _spot(tables.spotting.dice, tn)


@cache
def _spot(dice: int, tn: int) -> Check:
    dice, tn = slide(dice, tn)

    def outcome(stats: Stats, _: int) -> str:
        return "spotted" if stats[0][0] > 0 else "not-spotted"

    rules = ("CHQ-DEFAULT-SPOT", "ABL-RECON-01")
    return Check(
        "abilities.spot", (successes(dice, tn),), outcome, ("spotted", "not-spotted"), rules
    )


def variable_move(tables: Tables) -> Check:
    """CHQ-DEFAULT-MOVE: the Variable Move, one die, in inches."""
    return _variable_move(tables.moves.variable)


@cache
def _variable_move(sides: int) -> Check:
    return Check("abilities.variable-move", (die(sides),), _first, counts(sides)[1:], ("CHQ-MOVE",))


@lru_cache(maxsize=256)  # by dice and a base in inches: a few of each a game
def forced_back(dice: int, base: float) -> Check:
    """CHQ-FORCED: `base` inches plus 1D6" per die (unmatched sixes; DPs after an assault)."""

    def outcome(stats: Stats, _: int) -> str:
        return f"{base + stats[0][0]:g}"

    outcomes = tuple(f"{base + n:g}" for n in range(dice, 6 * dice + 1))
    return Check("abilities.forced-back", (Pool(dice, 6),), outcome, outcomes, ("CHQ-FORCED",))


def rally(tables: Tables, dice: int) -> Check:
    """CHQ-DEFAULT-RALLY: Reaction Dice at the rally TN; each success removes one DP."""
    return success_roll("abilities.rally", dice, tables.rally.tn, ("CHQ-DEFAULT-RALLY",))


COMMAND_FACES = tuple(Tally("equals", face) for face in range(1, 7))


@cache
def command(dice: int) -> Check:
    """CHQ-TURN: Command Dice; more 1s than 6s is a Command Failure.

    The statistic counts every face (1s to 6s): the dice left for Order Chains and the ranking
    for the first Command Pulse are read from it."""
    pool = Pool(dice, 6, COMMAND_FACES)

    def outcome(stats: Stats, _: int) -> str:
        counts = stats[0]
        return "command-failure" if counts[0] > counts[5] else "orders"

    return Check(
        "abilities.command", (pool,), outcome, ("orders", "command-failure"), ("CHQ-TURN",)
    )


def command_dice(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The Command Dice rolled, lowest first: the counts of the `command` statistic spelled out
    (which die showed which face does not matter, CHQ-TURN)."""
    return tuple(sorted(faces))


def assault(attacker: int, attacker_tn: int, defender: int, defender_tn: int) -> Check:
    """CHQ-DEFAULT-ASSAULT: both sides roll at once; more successes wins."""
    a_dice, a_tn = slide(attacker, attacker_tn)
    d_dice, d_tn = slide(defender, defender_tn)
    pools = (successes_and_sixes(a_dice, a_tn), successes_and_sixes(d_dice, d_tn))

    def outcome(stats: Stats, _: int) -> str:
        a, d = stats[0][0], stats[1][0]
        return "attacker-wins" if a > d else "defender-wins" if d > a else "tie"

    return Check(
        "abilities.close-assault",
        pools,
        outcome,
        ("attacker-wins", "defender-wins", "tie"),
        ("CHQ-DEFAULT-ASSAULT", "ABL-SRF-02"),
    )


# -- `kriegsspiel odds` ---------------------------------------------------------------------------


def _yes(name: str, text: str) -> Param:
    return Param(name, "bool", False, text)


def _dice(name: str, default: int, text: str, low: int = 0) -> Param:
    return Param(name, "int", default, text, low, MAX_DICE)


def check_defs(tables: Tables = DEFAULT_TABLES) -> tuple[CheckDef, ...]:
    def build_fire(p: Mapping[str, Any]) -> Check:
        return fire(int(p["dice"]), int(p["tn"]))

    def build_reaction(p: Mapping[str, Any]) -> Check:
        dice, _ = reaction_dice(
            int(p["dice"]),
            cover=bool(p["cover"]),
            artillery=bool(p["artillery"]),
            breakoff_vehicle=bool(p["breaking-off-vehicle"]),
        )
        return reaction(dice, bool(p["suppressed"]))

    def build_suppression(p: Mapping[str, Any]) -> Check:
        return suppression(
            int(p["fp-dice"]),
            int(p["reaction-dice"]),
            int(p["tn"]),
            bool(p["high-suppression"]),
            bool(p["needs-six"]),
        )

    def build_spot(p: Mapping[str, Any]) -> Check:
        tn, _ = spot_tn(
            tables, cover=bool(p["cover"]), long_range=bool(p["long-range"]), recon=bool(p["recon"])
        )
        return spot(tables, tn)

    def build_forced(p: Mapping[str, Any]) -> Check:
        return forced_back(int(p["dice"]), float(p["base"]))

    def build_assault(p: Mapping[str, Any]) -> Check:
        a_tn = tables.assault.tn + tables.assault.order_bonus
        return assault(int(p["attacker-dice"]), a_tn, int(p["defender-dice"]), tables.assault.tn)

    tn = Param("tn", "int", BASE_TN, "target number; 7+ and 1- slide into dice", 0, 9)
    return (
        CheckDef(
            "abilities.fire",
            "Fire: FP or AT dice at a TN; the outcome is the number of successes (hits)",
            counts(MAX_DICE + 2),
            ("CHQ-FIRE",),
            build_fire,
            (_dice("dice", 4, "FP or AT dice after every +/-D modifier"), tn),
        ),
        CheckDef(
            "abilities.reaction",
            "Reaction Check: Reaction Dice at 4+ (5+ suppressed); successes cancel hits",
            counts(MAX_DICE + 3),
            ("CHQ-REACT", "ABL-BREAK-02"),
            build_reaction,
            (
                _dice("dice", 4, "Reaction Dice against this fire (statline, Low Profile applied)"),
                _yes("suppressed", "the target is suppressed: TN 5+"),
                _yes("cover", "the target is in light cover: +1D (not against artillery)"),
                _yes("artillery", "the fire is artillery"),
                _yes("breaking-off-vehicle", "a vehicle breaking off: +2D"),
            ),
        ),
        CheckDef(
            "abilities.suppression",
            "Suppression: the target fails to match the firer's sixes (High Suppression: to beat)",
            ("suppressed", "not-suppressed"),
            ("CHQ-SUPP", "ABL-HISUP-01", "AMB-ABL-09"),
            build_suppression,
            (
                _dice("fp-dice", 4, "the firer's dice"),
                _dice("reaction-dice", 4, "the target's Reaction Dice"),
                _yes("high-suppression", "the firer has High Suppression"),
                tn,
                Param("needs-six", "bool", True, "High Suppression needs a firer six (option)"),
            ),
        ),
        CheckDef(
            "abilities.spot",
            "Spotting a Blind (house default): one die at TN 4+; any success reveals it",
            ("spotted", "not-spotted"),
            ("CHQ-DEFAULT-SPOT", "ABL-RECON-01", "ABL-RECON-02"),
            build_spot,
            (
                _yes("cover", "the Blind is in cover: +1 TN"),
                _yes("long-range", "the Blind is at long range: +1 TN"),
                _yes("recon", "a recon unit deployed on the table: -1 TN"),
            ),
        ),
        CheckDef(
            "abilities.variable-move",
            "Variable Move (house default): 1D6 inches",
            counts(tables.moves.variable)[1:],
            ("CHQ-MOVE", "CHQ-DEFAULT-MOVE"),
            lambda _: variable_move(tables),
        ),
        CheckDef(
            "abilities.forced-back",
            "Forced Back: base inches + 1D6 per die (unmatched sixes, or DPs after an assault)",
            tuple(str(n) for n in range(12 + 6 * 9 + 1)),
            ("CHQ-FORCED",),
            build_forced,
            (
                Param("dice", "int", 1, "unmatched sixes (fire) or DPs (close assault)", 0, 9),
                Param("base", "int", 6, "inches before the dice", 0, 12),
            ),
        ),
        CheckDef(
            "abilities.rally",
            "Rally (house default): Reaction Dice at 4+; each success removes a DP",
            counts(MAX_DICE),
            ("CHQ-DEFAULT-RALLY",),
            lambda p: rally(tables, int(p["dice"])),
            (_dice("dice", 4, "the unit's Reaction Dice"),),
        ),
        CheckDef(
            "abilities.command",
            "Command Dice: more 1s than 6s is a Command Failure",
            ("orders", "command-failure"),
            ("CHQ-TURN",),
            lambda p: command(int(p["dice"])),
            (Param("dice", "int", 5, "Command Dice rolled", 1, MAX_COMMAND_DICE),),
        ),
        CheckDef(
            "abilities.close-assault",
            "Close assault (house default): both roll at 4+, the assaulting unit at 3+",
            ("attacker-wins", "defender-wins", "tie"),
            ("CHQ-DEFAULT-ASSAULT", "ABL-SRF-02"),
            build_assault,
            (
                _dice("attacker-dice", 4, "the assaulting unit's dice (+1D Short Range Fire)"),
                _dice("defender-dice", 4, "the defending unit's dice (+1D Short Range Fire)"),
            ),
        ),
    )
