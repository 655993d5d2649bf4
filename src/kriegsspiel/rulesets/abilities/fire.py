"""Fire: declaring an attack, its dice and TN, resolving it; and opportunity fire.

CHQ-FIRE: the firer rolls FP dice (at unarmoured targets) or AT dice (at armour) at TN 4+: close
(short) range -1 TN, long +1 TN, flank or rear -1 TN; after a double move -1D, a triple -2D.
CHQ-MARKER: a unit fires once per turn. CHQ-OPFIRE: in an enemy Command Pulse, a unit with no
Fire Marker, not suppressed and on the table may fire at an enemy unit that moved or fired in its
LOS; the engine opens a window after each such trigger and the enemy fires or passes.

An attack is declared first (`FireDeclared`); targets with Break-off answer before any dice are
rolled (AMB-ABL-03), then it resolves with the range measured at declaration (ABL-BREAK-03).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.limits import Amount
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, KriegsspielError, RuleViolation
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.activity import acting, after_rally
from kriegsspiel.rulesets.abilities.base import (
    Act,
    Ctx,
    Ev,
    SideEv,
    Topic,
    applier,
    deployed,
    own_unit,
    performer,
    side_names,
    the_side,
    unit,
)
from kriegsspiel.rulesets.abilities.catalogue import Statline, Weapon
from kriegsspiel.rulesets.abilities.defaults import Ranges
from kriegsspiel.rulesets.abilities.morale import Reacted, check_cohesion, disruption, force_back
from kriegsspiel.rulesets.abilities.sight import (
    band_of,
    bands,
    in_cover,
    in_front,
    line_of_sight,
)
from kriegsspiel.rulesets.abilities.state import (
    AblState,
    Answer,
    Attack,
    Band,
    Target,
    Trigger,
    UnitAct,
    WeaponKind,
    Window,
    side_units,
    with_act,
    with_unit,
)
from kriegsspiel.rulesets.abilities.words import count, range_inches, wild_dice

SUSTAINED_SPREAD = 4.0  # ABL-SUST-03: targets within 4" of each other
AT_TEAM_REACH = 3.0  # ABL-ATTEAM-01: +3" to AT ranges
TN_BY_BAND: dict[Band, int] = {"short": -1, "effective": 0, "long": 1}  # CHQ-FIRE

# -- actions --------------------------------------------------------------------------------------


class Fire(Act, frozen=True, tag="fire"):
    """Fire at `target`; several targets, comma-separated, are Sustained Fire (ABL-SUST-03)."""

    unit: str
    target: str
    wild: Amount = 0  # wild dice added to the roll (CHQ-WILD)


class Pass(Act, frozen=True, tag="pass"):
    """Take no (more) opportunity fire at the unit that triggered it (CHQ-OPFIRE)."""


# -- events ---------------------------------------------------------------------------------------


class FireDeclared(Ev, frozen=True, tag="fire-declared"):
    attack: Attack
    awaiting: tuple[str, ...]  # targets that may break off before the dice (AMB-ABL-03)

    def text(self) -> str:
        a = self.attack
        kind = "takes opportunity fire" if a.opportunity else "fires"
        sustained = " (Sustained Fire)" if len(a.targets) > 1 else ""
        at = ", ".join(f"{t.unit} at {range_inches(t.distance)} ({t.band})" for t in a.targets)
        wait = f"; {', '.join(self.awaiting)} may break off" if self.awaiting else ""
        return (
            f"{a.firer} {kind}{sustained} at {at}: {a.dice}D {a.weapon.upper()} at {a.tn}+ "
            f"[{'; '.join(a.notes)}]{wait}"
        )

    def summary(self) -> str | None:
        return f"{', '.join(self.awaiting)} may break off" if self.awaiting else None


class Fired(Ev, frozen=True, tag="fired"):
    firer: str
    result: CheckResult
    hits: int
    sixes: int
    opportunity: bool
    sustained: bool
    wild: int = 0

    def text(self) -> str:
        no_check = "" if self.hits else "; no Reaction Check"
        hits, sixes = count(self.hits, "success", "successes"), count(self.sixes, "six", "sixes")
        return f"{self.firer}: {self.result.explain()}: {hits}, {sixes}{no_check}"

    def summary(self) -> str | None:
        """What the fire did is told by each target's Reaction Check; a miss by the fire."""
        return None if self.hits else f"{self.firer} misses"


class WindowOpened(SideEv, frozen=True, tag="window-opened"):
    trigger: str
    side: str
    why: Trigger = ""  # what the trigger did: moved, pivoted or fired

    def text(self) -> str:
        return f"{self.summary()} (CHQ-OPFIRE)"

    def summary(self) -> str:
        return f"{self.named(self.side)} may take opportunity fire at {self.trigger}"


class WindowClosed(Ev, frozen=True, tag="window-closed"):
    trigger: str

    def text(self) -> str:
        return f"no more opportunity fire at {self.trigger}"


# -- planning an attack ---------------------------------------------------------------------------


def plan(
    state: AblState,
    firer: str,
    target: str,
    act: UnitAct | None,
    trigger: str | None,
    wild: int = 0,
) -> Attack:
    """Validate an attack and work out its dice and TN. `act` is the firer's part in its own
    activation; `trigger` the unit that opened a window for opportunity fire."""
    kind, weapon, ranged, notes = _checked(state, firer, target, act, trigger)
    targets = _aimed(state, firer, ranged)
    dice, tn, more = _dice_and_tn(state, firer, weapon, targets, act, wild)
    return Attack(
        firer=firer,
        weapon=kind,
        opportunity=act is None,
        targets=tuple(targets),
        dice=dice,
        tn=tn,
        notes=(*notes, *more),
        artillery=weapon.indirect,
        wild=wild,
    )


def accepts(
    state: AblState, firer: str, target: str, act: UnitAct | None, trigger: str | None
) -> bool:
    """Whether `plan` accepts fire at one target with none of the side's wild dice, or any
    number of them: past `_checked` only Sustained Fire and more wild dice than the side has
    are refused (ABL-SUST-04, CHQ-WILD)."""
    try:
        _checked(state, firer, target, act, trigger)
    except KriegsspielError:
        return False
    return True


Ranged = list[tuple[str, float, Band]]  # each target with its range in inches and its band


def _checked(
    state: AblState, firer: str, target: str, act: UnitAct | None, trigger: str | None
) -> tuple[WeaponKind, Weapon, Ranged, tuple[str, ...]]:
    """`plan`'s checks up to the dice: the weapon, the targets' ranges and the range notes."""
    side, line, me, name = (
        state.specs[firer].side,
        state.line(firer),
        state.units[firer],
        state.label(firer),
    )
    deployed(state, firer, "CHQ-BLIND", "fire")
    if me.fire_marker:
        # ABL-RECON-10, AMB-ABL-15: any fire, opportunity fire too, keeps the marker all turn
        rule = "ABL-RECON-10" if line.has("recon") else "CHQ-MARKER"
        raise RuleViolation(rule, f"{name} has already fired this turn (its Fire Marker stays)")
    if me.suppressed:
        raise RuleViolation("CHQ-SUPP", f"{name} is suppressed and cannot fire")
    if me.broke_off is not None and me.broke_off == state.stamp:
        raise RuleViolation(
            "ABL-BREAK-04", f"{name} broke off in this Command Pulse and may not fire (AMB-ABL-05)"
        )
    if me.limbered:
        raise RuleViolation("ABL-TOWED-01", f"{name} is limbered: it must unlimber to fire")
    if act is not None:
        after_rally(state, firer, act, "fire", fire=True)
    ids = _targets(state, side, target)
    sustained = len(ids) > 1
    if sustained:
        _sustained(state, firer, ids, act)
    if trigger is not None:
        _triggered(state, ids, trigger)
    kind, weapon = _weapon(state, firer, line, ids)
    for t in ids:
        where = state.units[t].position
        if line.has("180-degree-fire") and not in_front(me.facing, me.position, where):
            raise RuleViolation(
                "ABL-180-01",
                f"{name} fires only to its front: pivot to face {t} first (ABL-180-02)",
            )
        if not line_of_sight(state, me.position, where):
            raise RuleViolation("CHQ-LOS", f"{name} has no line of sight to {t}")
    limits, notes = _limits(state, firer, kind, weapon, act)
    ranged: Ranged = []
    for t in ids:
        inches = round(distance(me.position, state.units[t].position), 4)
        band = band_of(limits, inches)
        if band is None:
            away = range_inches(inches)
            raise RuleViolation("CHQ-FIRE", f"{t} is {away} away, beyond {name}'s range")
        ranged.append((t, inches, band))
    if sustained and len({band for _, _, band in ranged}) > 1:
        raise RuleViolation("ABL-SUST-03", "Sustained Fire targets must all be in one range band")
    return kind, weapon, ranged, notes


def _aimed(state: AblState, firer: str, ranged: Ranged) -> list[Target]:
    """The targets as the attack keeps them: where each stands, whether the firer is on its
    flank or rear (CHQ-FIRE) and whether it may break off (ABL-BREAK-01)."""
    at = state.units[firer].position
    targets = []
    for t, inches, band in ranged:
        u = state.units[t]
        flank = not in_front(u.facing, u.position, at)
        answer: Answer = "pending" if state.line(t).has("break-off") else "none"
        targets.append(Target(t, u.position, inches, band, flank, answer))
    return targets


def _targets(state: AblState, side: str, target: str) -> list[str]:
    ids = [t.strip() for t in target.split(",") if t.strip()]
    if not ids:
        raise InputError("target", "name the unit to fire at")
    if len(set(ids)) != len(ids):
        raise InputError("target", "a target is named twice")
    for t in ids:
        if t in state.blinds and not state.blinds[t].gone:
            raise RuleViolation("CHQ-BLIND", f"{t} is a Blind: spot it before firing at it")
        unit(state, side, t)  # a hidden unit reads as no unit at all (CHQ-BLIND)
        if state.specs[t].side == side:
            raise RuleViolation("CHQ-FIRE", f"{t} is not an enemy unit")
        if state.units[t].dispersed:
            raise RuleViolation("CHQ-COHESION", f"{t} has been dispersed")
    return ids


def _triggered(state: AblState, ids: list[str], trigger: str) -> None:
    """CHQ-OPFIRE: opportunity fire is at the unit that triggered it (and, for Sustained Fire,
    at others that moved or fired in this pulse)."""
    if trigger not in ids:
        raise RuleViolation("CHQ-OPFIRE", f"opportunity fire now is at {trigger}, the trigger")
    for t in ids:
        if state.units[t].triggered != state.stamp:
            raise RuleViolation("CHQ-OPFIRE", f"{t} has not moved or fired in this Command Pulse")


def _sustained(state: AblState, firer: str, ids: list[str], act: UnitAct | None) -> None:
    """ABL-SUST-01..03 with AMB-ABL-16/17."""
    name, line = state.label(firer), state.line(firer)
    if not line.has("sustained-fire"):
        raise RuleViolation(
            "ABL-SUST-01", f"{name} is not an MG or support platoon: no Sustained Fire"
        )
    moved = act.moved if act is not None else state.units[firer].last_moved
    if moved:
        when = "in this activation" if act is not None else "in its last activation (AMB-ABL-17)"
        raise RuleViolation("ABL-SUST-02", f"{name} moved {when}: no Sustained Fire")
    for a, b in combinations(ids, 2):
        apart = distance(state.units[a].position, state.units[b].position)
        if apart > SUSTAINED_SPREAD + 1e-9:
            raise RuleViolation(
                "ABL-SUST-03",
                f'{a} and {b} are {range_inches(apart)} apart: targets must be within 4"',
            )


def _weapon(
    state: AblState, firer: str, line: Statline, ids: list[str]
) -> tuple[WeaponKind, Weapon]:
    """CHQ-FIRE: FP at unarmoured targets, AT at armour; ABL-HISUP-02: FP-only High Suppression
    units may fire FP at armour."""
    name = state.label(firer)
    kinds: set[WeaponKind] = set()
    for t in ids:
        if state.line(t).armoured:
            if line.at is not None:
                kinds.add("at")
            elif line.fp is not None and line.has("high-suppression"):
                kinds.add("fp")
            else:
                raise RuleViolation(
                    "ABL-HISUP-02",
                    f"{name} has no AT dice and its FP dice cannot affect the armoured {t} "
                    "(only High Suppression units may fire FP at armour)",
                )
        elif line.fp is not None:
            kinds.add("fp")
        else:
            raise RuleViolation("CHQ-FIRE", f"{name} has only AT dice: they cannot affect {t}")
    if len(kinds) > 1:
        raise RuleViolation("ABL-SUST-05", "one roll for every target: all FP or all AT")
    kind = kinds.pop()
    weapon = line.at if kind == "at" else line.fp
    assert weapon is not None
    return kind, weapon


def _limits(
    state: AblState, firer: str, kind: WeaponKind, weapon: Weapon, act: UnitAct | None
) -> tuple[tuple[float, float, float], tuple[str, ...]]:
    """The weapon's range bands; ABL-ATTEAM-01..05: deployed AT teams add 3". Only units whose
    statline lists an infantry AT weapon have AT teams (AMB-ABL-08)."""
    limits = bands(weapon.ranges or state.tables.ranges)
    line, me = state.line(firer), state.units[firer]
    if kind != "at" or not weapon.infantry or line.kind != "infantry":
        return limits, ()
    if act is not None:  # not after moving (ABL-ATTEAM-02, ABL-ATTEAM-04)
        deploys = not act.moved
    else:  # opportunity fire: unless it fired in its activation this turn (ABL-ATTEAM-05)
        this_turn = me.activated is not None and me.activated[0] == state.turn
        deploys = not (this_turn and me.last_fired)
    if not deploys:
        return limits, (f"moved: {weapon.weapon or 'AT'} at its listed ranges (ABL-ATTEAM-02)",)
    deployed_limits = deploy_at_teams(limits)
    text = "/".join(f"{x:g}" for x in deployed_limits)
    return deployed_limits, (f"AT teams deployed forward: ranges {text} (ABL-ATTEAM-01)",)


def deploy_at_teams(limits: tuple[float, float, float]) -> tuple[float, float, float]:
    """ABL-ATTEAM-01, ABL-ATTEAM-03: +3" on every AT band (AMB-ABL-07): 1/2/3 -> 4/5/6."""
    short, effective, long = limits
    return (short + AT_TEAM_REACH, effective + AT_TEAM_REACH, long + AT_TEAM_REACH)


def _dice_and_tn(
    state: AblState,
    firer: str,
    weapon: Weapon,
    targets: list[Target],
    act: UnitAct | None,
    wild: int,
) -> tuple[int, int, tuple[str, ...]]:
    line, band = state.line(firer), targets[0].band
    dice = weapon.dice
    notes = [f"{weapon.weapon or 'base'} {weapon.dice}D"]
    if line.has("short-range-fire") and band == "short":
        dice += 1
        notes.append("+1D Short Range Fire (ABL-SRF-01)")
    if len(targets) > 1:
        dice -= len(targets)
        notes.append(f"-{len(targets)}D Sustained Fire, one per target (ABL-SUST-04)")
        if dice < 1:
            raise RuleViolation("ABL-SUST-04", "Sustained Fire may not drop below 1D (AMB-ABL-16)")
    moves = act.moves if act is not None else 0
    if moves >= 2:
        penalty = 2 if moves >= 3 else 1
        dice -= penalty
        notes.append(f"-{penalty}D {'triple' if penalty == 2 else 'double'} move (CHQ-FIRE)")
    if wild:
        have = state.command[state.specs[firer].side].wild
        if wild < 0 or wild > have:
            raise RuleViolation("CHQ-WILD", f"only {have} wild dice to add")
        dice += wild
        notes.append(f"+{wild}D for {wild_dice(wild)} (CHQ-WILD)")
    tn = checks.BASE_TN + TN_BY_BAND[band]
    notes.append(f"TN 4+ {TN_BY_BAND[band]:+d} {band} range (CHQ-FIRE)")
    if all(t.flank for t in targets):
        tn -= 1
        notes.append("-1 TN flank or rear (CHQ-FIRE)")
    return max(dice, 0), tn, tuple(notes)


# -- performing -----------------------------------------------------------------------------------


def fire(ctx: Ctx, action: Fire) -> None:
    state = ctx.state
    own_unit(state, ctx.seat, action.unit)
    side = state.specs[action.unit].side
    if state.stage != "pulses":
        raise RuleViolation("CHQ-TURN", "units fire in Command Pulses, after the Command Dice")
    if state.attack is not None:
        raise RuleViolation("ABL-BREAK-01", f"an attack by {state.attack.firer} awaits answers")
    deployed(state, action.unit, "CHQ-BLIND", "fire")
    if side == state.pulse_side:
        attack = plan(
            state,
            action.unit,
            action.target,
            acting(state, ctx.seat, action.unit, "fire"),
            None,
            action.wild,
        )
    else:
        window = state.window
        if window is None or window.side != side:
            raise RuleViolation(
                "CHQ-OPFIRE",
                f"in the Command Pulse of {the_side(state, state.enemy(side))} "
                f"{state.label(action.unit)} may fire only as opportunity fire at a unit that "
                "moves or fires",
            )
        attack = plan(state, action.unit, action.target, None, window.trigger, action.wild)
    declare(ctx, attack)


def declare(ctx: Ctx, attack: Attack) -> None:
    awaiting = tuple(t.unit for t in attack.targets if t.answer == "pending")
    ctx.emit(FireDeclared(attack=attack, awaiting=awaiting))
    if not awaiting:
        resolve(ctx)


def resolve(ctx: Ctx) -> None:
    """Roll the attack once (ABL-SUST-05) and apply it to every target."""
    attack = ctx.state.attack
    assert attack is not None
    check = checks.fire(attack.dice, attack.tn)
    result = ctx.roll(check)
    hits, sixes = checks.successes_of(check, result)
    ctx.emit(
        Fired(
            firer=attack.firer,
            result=result,
            hits=hits,
            sixes=sixes,
            opportunity=attack.opportunity,
            sustained=len(attack.targets) > 1,
            wild=attack.wild,
        )
    )
    for target in attack.targets:
        react(ctx, attack, target, hits, sixes)
    if attack.opportunity:
        window = ctx.state.window
        if window is not None and not any_eligible(ctx.state, window.side, window.trigger):
            ctx.emit(WindowClosed(trigger=window.trigger))
    else:
        open_window(ctx, attack.firer, "fired")  # firing triggers opportunity fire (CHQ-OPFIRE)


def react(ctx: Ctx, attack: Attack, target: Target, hits: int, sixes: int) -> None:
    """CHQ-REACT, CHQ-DP, CHQ-SUPP, CHQ-FORCED, CHQ-COHESION; ABL-HISUP-01/03/04, ABL-BREAK-02."""
    state = ctx.state
    uid, line = target.unit, state.line(target.unit)
    u = state.units[uid]
    if hits == 0 or u.dispersed:
        return
    breaking_vehicle = target.answer == "break-off" and line.kind == "vehicle"
    dice, dice_notes = checks.reaction_dice(
        line.reaction_dice(attack.artillery),
        cover=in_cover(state, u.position),
        artillery=attack.artillery,
        breakoff_vehicle=breaking_vehicle,
    )
    check = checks.reaction(dice, u.suppressed)
    result = ctx.roll(check)
    saved, their_sixes = checks.successes_of(check, result)
    high = state.line(attack.firer).has("high-suppression")
    notes: list[str] = []
    only_suppression = attack.weapon == "fp" and line.armour == "full"
    if only_suppression:
        notes.append("fully armoured: FP may only suppress it (ABL-HISUP-03, AMB-ABL-10)")
    elif attack.weapon == "fp" and line.armour == "open-topped":
        notes.append("open-topped: suppressed, disrupted and forced back as usual (ABL-HISUP-04)")
    if high:
        notes.append("High Suppression: it must roll more 6s than the firer (ABL-HISUP-01)")
    dp = 0 if only_suppression else disruption(state, hits, saved)
    needs_six = state.scenario.options.high_suppression_needs_six
    ctx.emit(
        Reacted(
            unit=uid,
            result=result,
            dice_notes=dice_notes,
            hits=hits,
            dp=dp,
            suppressed=checks.suppressed_by(hits, sixes, their_sixes, high, needs_six),
            notes=tuple(notes),
        )
    )
    if check_cohesion(ctx, uid) or dp == 0:
        return
    firer_at = state.units[attack.firer].position
    force_back(ctx, uid, firer_at, checks.FORCED_BACK_BASE, max(0, sixes - their_sixes))


# -- opportunity fire -----------------------------------------------------------------------------


REACH_KEPT = 1024
_REACH: dict[int, tuple[Statline, Ranges, float]] = {}


def max_range(state: AblState, uid: str) -> float:
    """The farthest any of the unit's weapons reaches (deployed AT teams included);
    remembered per statline and range table, which every state of a game shares."""
    line, ranges = state.line(uid), state.tables.ranges
    kept = _REACH.get(id(line))
    if kept is not None and kept[0] is line and kept[1] is ranges:
        return kept[2]
    reach = _reach(line, ranges)
    if len(_REACH) > REACH_KEPT:  # statlines of games long gone
        _REACH.clear()
    _REACH[id(line)] = (line, ranges, reach)
    return reach


def _reach(line: Statline, ranges: Ranges) -> float:
    reach = 0.0
    for weapon in (line.fp, line.at):
        if weapon is not None:
            long = bands(weapon.ranges or ranges)[2]
            teams = AT_TEAM_REACH if weapon is line.at and weapon.infantry else 0.0
            reach = max(reach, long + teams)
    return reach


def may_open_fire(state: AblState, uid: str) -> bool:
    """A quick look, before any geometry: could the unit fire at all now (on the table, no Fire
    Marker, not suppressed, not limbered, not just broken off)?"""
    u = state.units[uid]
    return (
        u.on_table
        and not u.fire_marker
        and not u.suppressed
        and not u.limbered
        and (u.broke_off is None or u.broke_off != state.stamp)
    )


def _eligible(state: AblState, side: str, trigger: str) -> Iterator[str]:
    where = state.units[trigger].position
    for uid in side_units(state, side):
        if not may_open_fire(state, uid):
            continue
        if distance(state.units[uid].position, where) > max_range(state, uid) + 1e-9:
            continue
        if accepts(state, uid, trigger, None, trigger):
            yield uid


def eligible(state: AblState, side: str, trigger: str) -> list[str]:
    """CHQ-OPFIRE: the units of `side` that could fire now at `trigger`."""
    return list(_eligible(state, side, trigger))


def any_eligible(state: AblState, side: str, trigger: str) -> bool:
    return next(_eligible(state, side, trigger), None) is not None


def open_window(ctx: Ctx, trigger: str, why: Trigger) -> None:
    """After a unit moves, pivots or fires in its pulse: a window if any enemy could fire."""
    state = ctx.state
    u = state.units.get(trigger)
    if u is None or not u.on_table:
        return
    side = state.enemy(state.specs[trigger].side)
    if any_eligible(state, side, trigger):
        ctx.emit(WindowOpened(trigger=trigger, side=side, why=why, names=side_names(state)))


def pass_(ctx: Ctx, _: Pass) -> None:
    state = ctx.state
    if state.attack is not None:
        raise RuleViolation("ABL-BREAK-01", f"an attack by {state.attack.firer} awaits answers")
    window = state.window
    if window is None:
        raise RuleViolation("CHQ-OPFIRE", "no unit awaits opportunity fire")
    if ctx.seat not in (UMPIRE, window.side):
        name = the_side(state, window.side)
        raise RuleViolation("CHQ-OPFIRE", f"only {name} may answer with opportunity fire")
    ctx.emit(WindowClosed(trigger=window.trigger))


# -- folding --------------------------------------------------------------------------------------


def _declared(state: AblState, e: FireDeclared) -> AblState:
    return replace(state, attack=e.attack)


def _fired(state: AblState, e: Fired) -> AblState:
    u = state.units[e.firer]
    triggered = u.triggered if e.opportunity else state.stamp
    state = with_unit(state, e.firer, replace(u, fire_marker=True, triggered=triggered))
    activation = state.activation
    if not e.opportunity and activation is not None and e.firer in activation.acts:
        act = activation.acts[e.firer]
        state = with_act(state, e.firer, replace(act, fired=True, sustained=e.sustained))
    if e.wild:
        side = state.specs[e.firer].side
        cmd = replace(state.command[side], wild=state.command[side].wild - e.wild)
        state = replace(state, command={**state.command, side: cmd})
    return replace(state, attack=None)


TOPIC = Topic(
    __name__,
    performers=(
        performer(Fire, fire),
        performer(Pass, pass_),
    ),
    appliers=(
        applier(FireDeclared, _declared),
        applier(Fired, _fired),
        applier(
            WindowOpened,
            lambda state, e: replace(state, window=Window(e.trigger, e.side, e.why)),
        ),
        applier(WindowClosed, lambda state, _: replace(state, window=None)),
    ),
)

__all__ = [
    "Fire",
    "Pass",
    "accepts",
    "any_eligible",
    "declare",
    "eligible",
    "max_range",
    "may_open_fire",
    "open_window",
    "plan",
    "resolve",
]
