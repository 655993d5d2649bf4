"""Combat HQ's turn: Command Dice, Command Pulses, Order Chains and Command Groups.

CHQ-TURN: both sides roll Command Dice; more 1s than 6s is a Command Failure whose 1s go to the
opponent as wild dice (CHQ-WILD); the most 6s (then 5s, 4s, …) takes the first pulse; pulses
alternate until every die is used; then Fire Markers are removed. Each pulse spends one Order
Chain (CHQ-CHAIN) on one Command Group (CHQ-GROUP), or removes a unit's suppression, or discards.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.limits import Amount
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.base import (
    Act,
    Ctx,
    Ev,
    SideEv,
    Topic,
    applier,
    member,
    own_unit,
    performer,
    side_names,
    the_side,
)
from kriegsspiel.rulesets.abilities.state import (
    AblState,
    Activation,
    SideCommand,
    UnitAct,
    UnitState,
    with_act,
    with_unit,
)
from kriegsspiel.rulesets.abilities.words import command_dice, listed, order_chain, wild_dice

GROUP_RADIUS = 6.0  # CHQ-GROUP: others within 6" of the commander
GROUP_LIMIT = 4  # CHQ-GROUP: the commander and up to three others (AMB-ABL-13)
MAX_CHAIN = 3  # single, double, triple Order Chains

# -- actions --------------------------------------------------------------------------------------


CommandDie = Annotated[int, msgspec.Meta(ge=1, le=6)]  # a Command Die is a d6 (CHQ-TURN)


class RollCommand(Act, frozen=True, tag="roll-command"):
    """Roll this turn's Command Dice (`side` only when the umpire rolls for a side)."""

    side: str = ""


class Order(Act, frozen=True, tag="order"):
    """A Command Pulse: an Order Chain of `dice` (and `wild` dice) activates a Command Group.

    `group` lists the other members, comma-separated (unit or Blind ids).
    """

    commander: str
    dice: tuple[CommandDie, ...] = ()
    wild: Amount = 0
    group: str = ""


class EndPulse(Act, frozen=True, tag="end-pulse"):
    """End the open activation and with it the Command Pulse."""


class Discard(Act, frozen=True, tag="discard"):
    """A Command Pulse spent discarding Command Dice that cannot (or will not) be used."""

    dice: tuple[CommandDie, ...] = ()
    wild: Amount = 0


class RemoveSuppression(Act, frozen=True, tag="remove-suppression"):
    """A Command Pulse spending one Command Die to remove a unit's suppression (CHQ-SUPP)."""

    unit: str
    dice: tuple[CommandDie, ...] = ()
    wild: Amount = 0


# -- events ---------------------------------------------------------------------------------------


class CommandRolled(SideEv, frozen=True, tag="command-rolled"):
    side: str
    result: CheckResult

    def text(self) -> str:
        return f"Command Dice for {self.named(self.side)}: {self.result.explain()}"

    def summary(self) -> str:
        failed = self.result.outcome == "command-failure"
        return f"{'' if failed else 'no '}Command Failure for {self.named(self.side)}"


class CommandSettled(SideEv, frozen=True, tag="command-settled"):
    """CHQ-TURN: 1s discarded or given away as wild dice; who takes the first pulse."""

    dice: dict[str, tuple[int, ...]]
    wild: dict[str, int]
    failed: tuple[str, ...]
    first: str

    def _wild(self) -> list[str]:
        return [f"{wild_dice(n)} to {self.named(s)}" for s, n in self.wild.items() if n]

    def text(self) -> str:
        fails = [f"Command Failure for {self.named(s)} (CHQ-TURN)" for s in self.failed]
        wild = [f"{w} (CHQ-WILD)" for w in self._wild()]
        first = f"the first Command Pulse goes to {self.named(self.first)}"
        return "; ".join(["Command Dice settled", *fails, *wild, first])

    def summary(self) -> str:
        return ", ".join(
            [f"the first Command Pulse goes to {self.named(self.first)}", *self._wild()]
        )


class CommandReroll(Ev, frozen=True, tag="command-reroll"):
    def text(self) -> str:
        return "Command Dice tie all the way down to 2s: both sides re-roll (CHQ-TURN)"


class Ordered(SideEv, frozen=True, tag="ordered"):
    side: str
    pulse: int
    commander: str
    members: tuple[str, ...]
    dice: tuple[int, ...]
    wild: int

    @property
    def size(self) -> int:
        return len(self.dice) + self.wild

    def text(self) -> str:
        others = f" commanding {listed(self.members[1:])}" if len(self.members) > 1 else ""
        return (
            f"Command Pulse {self.pulse} of {self.named(self.side)}: "
            f"{order_chain(self.dice, self.wild)} activates {self.commander}{others}"
        )


class ReserveEntered(Ev, frozen=True, tag="reserve-entered"):
    """Reserve units come onto the table at their entry points (CHQ-RESERVE)."""

    units: dict[str, tuple[float, float]]
    types: dict[str, str]

    def text(self) -> str:
        return "reserves enter: " + ", ".join(f"{u} ({self.types[u]})" for u in self.units)


class PulseEnded(SideEv, frozen=True, tag="pulse-ended"):
    side: str
    pulse: int
    next: str | None

    def text(self) -> str:
        after = (
            f"; Command Pulse {self.pulse + 1} goes to {self.named(self.next)}"
            if self.next
            else "; no Command Dice are left"
        )
        return f"Command Pulse {self.pulse} of {self.named(self.side)} ends{after}"


class Discarded(SideEv, frozen=True, tag="discarded"):
    side: str
    pulse: int
    dice: tuple[int, ...]
    wild: int

    def text(self) -> str:
        what = command_dice(self.dice, self.wild)
        return f"Command Pulse {self.pulse} of {self.named(self.side)}: {what} discarded"


class SuppressionRemoved(SideEv, frozen=True, tag="suppression-removed"):
    side: str
    pulse: int
    unit: str
    dice: tuple[int, ...]
    wild: int

    def text(self) -> str:
        die = f"Command Die {list(self.dice)}" if self.dice else "a wild die"
        return (
            f"Command Pulse {self.pulse} of {self.named(self.side)}: {die} removes "
            f"{self.unit}'s suppression (CHQ-SUPP)"
        )


class TurnEnded(Ev, frozen=True, tag="turn-ended"):
    turn: int
    reason: str = ""
    last: bool = False

    def text(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        end = "; the game is over" if self.last else "; Fire Markers removed (CHQ-MARKER)"
        return f"turn {self.turn} ends{why}{end}"


# -- guards ---------------------------------------------------------------------------------------


def not_waiting(state: AblState) -> None:
    """Nothing else while an attack awaits break-off answers or a window awaits opportunity fire."""
    if state.attack is not None:
        raise RuleViolation(
            "ABL-BREAK-01", f"an attack by {state.attack.firer} awaits its targets' answers"
        )
    if state.window is not None:
        raise RuleViolation(
            "CHQ-OPFIRE",
            f"{the_side(state, state.window.side)} may take opportunity fire at "
            f"{state.window.trigger} first",
        )


def side_of_seat(state: AblState, seat: str, side: str = "") -> str:
    if seat == UMPIRE:
        if side not in state.sides:
            raise InputError("side", f"the umpire must name a side ({', '.join(state.sides)})")
        return side
    if side and side != seat:
        raise RuleViolation("SEATS", f"{seat} cannot act for {the_side(state, side)}")
    return seat


def pulse_seat(state: AblState, seat: str, rule: str, what: str) -> str:
    """The side whose Command Pulse it is, if `seat` may act for it."""
    if state.stage != "pulses" or state.pulse_side is None:
        raise RuleViolation("CHQ-TURN", f"Command Dice must be rolled before anyone can {what}")
    side = state.pulse_side
    if seat not in (UMPIRE, side):
        name = the_side(state, side)
        raise RuleViolation(rule, f"it is the Command Pulse of {name}; {seat} cannot {what}")
    return side


def take_chain(
    state: AblState, side: str, dice: tuple[int, ...], wild: int, sizes: range
) -> tuple[int, ...]:
    """CHQ-CHAIN: `dice` (and `wild` dice) from the side's Command Dice form one chain."""
    have, name = state.command[side], the_side(state, side)
    if wild < 0 or wild > have.wild:
        raise RuleViolation("CHQ-WILD", f"only {wild_dice(have.wild)} for {name}, not {wild}")
    left, missing = list(have.dice), []
    for face in dice:
        if face in left:
            left.remove(face)
        else:
            missing.append(face)
    if missing:
        raise RuleViolation("CHQ-CHAIN", f"no Command Dice {sorted(missing)} left for {name}")
    size = len(dice) + wild
    if size not in sizes:
        raise RuleViolation("CHQ-CHAIN", f"this needs {_sizes(sizes)} Command Dice, not {size}")
    if len({f for f in dice if f != 6}) > 1:
        raise RuleViolation(
            "CHQ-CHAIN", f"{list(dice)} is not a Dice Chain: one number, 6s and wild dice added"
        )
    return tuple(sorted(dice))


def _sizes(sizes: range) -> str:
    return str(sizes.start) if len(sizes) == 1 else f"{sizes.start} to {sizes.stop - 1}"


# -- rolling and settling the Command Dice ------------------------------------------------------


def roll_command(ctx: Ctx, action: RollCommand) -> None:
    state = ctx.state
    side = side_of_seat(state, ctx.seat, action.side)
    if state.stage != "command":
        raise RuleViolation("CHQ-TURN", "Command Dice are rolled at the start of the turn only")
    if state.command[side].rolled is not None:
        name = the_side(state, side)
        raise RuleViolation("CHQ-TURN", f"the Command Dice for {name} are already rolled")
    result = ctx.roll(checks.command(state.scenario.dice_for(side)))
    ctx.emit(CommandRolled(side=side, result=result, names=side_names(state)))
    if all(ctx.state.command[s].rolled is not None for s in state.sides):
        settle(ctx)


def settle(ctx: Ctx) -> None:
    """CHQ-TURN / CHQ-WILD: Command Failure, 1s and the first Command Pulse."""
    state = ctx.state
    rolled = {s: state.command[s].rolled or () for s in state.sides}
    ones = {s: rolled[s].count(1) for s in state.sides}
    failed = tuple(s for s in state.sides if ones[s] > rolled[s].count(6))
    if len(failed) == 2:
        end_turn(ctx, "both sides rolled a Command Failure")
        return
    dice = {s: tuple(sorted(f for f in rolled[s] if f != 1)) for s in state.sides}
    wild = {s: ones[state.enemy(s)] if state.enemy(s) in failed else 0 for s in state.sides}
    if failed:
        first = state.enemy(failed[0])
    else:
        a, b = state.sides
        ranked = [(rolled[a].count(f), rolled[b].count(f)) for f in (6, 5, 4, 3, 2)]
        decided = next(((x, y) for x, y in ranked if x != y), None)
        if decided is None:
            ctx.emit(CommandReroll())
            return
        first = a if decided[0] > decided[1] else b
    if len(dice[first]) + wild[first] == 0:
        first = state.enemy(first)
    if len(dice[first]) + wild[first] == 0:
        end_turn(ctx, "no Command Dice to use")
        return
    names = side_names(state)
    ctx.emit(CommandSettled(dice=dice, wild=wild, failed=failed, first=first, names=names))


def end_turn(ctx: Ctx, reason: str = "") -> None:
    state = ctx.state
    ctx.emit(TurnEnded(turn=state.turn, reason=reason, last=state.turn >= state.scenario.turns))


# -- a Command Pulse ------------------------------------------------------------------------------


def order(ctx: Ctx, action: Order) -> None:
    state = ctx.state
    not_waiting(state)
    side = pulse_seat(state, ctx.seat, "CHQ-TURN", "issue orders")
    if state.activation is not None:
        raise RuleViolation("CHQ-TURN", "one Order Chain per Command Pulse: end this pulse first")
    dice = take_chain(state, side, action.dice, action.wild, range(1, MAX_CHAIN + 1))
    members = group_members(state, ctx.seat, side, action.commander, action.group)
    check_group(state, members)
    reserves = [m for m in members if m in state.units and state.units[m].reserve]
    ctx.emit(
        Ordered(
            side=side,
            pulse=state.pulse,
            commander=members[0],
            members=members,
            dice=dice,
            wild=action.wild,
            names=side_names(state),
        )
    )
    if reserves:
        ctx.emit(
            ReserveEntered(
                units={u: state.units[u].position for u in reserves},
                types={u: state.specs[u].type for u in reserves},
            )
        )


def group_members(
    state: AblState, seat: str, side: str, commander: str, group: str
) -> tuple[str, ...]:
    others = [g.strip() for g in group.split(",") if g.strip()]
    members = (commander, *others)
    if len(set(members)) != len(members):
        raise InputError("group", "a unit is named twice (CHQ-ACT: once per Command Pulse)")
    for m in members:
        member(state, seat, m)
        hidden_in = state.units[m].blind if m in state.units else None
        if hidden_in is not None:
            raise RuleViolation(
                "CHQ-BLIND",
                f"{state.label(m)} is hidden in {state.label(hidden_in)}: order the Blind",
            )
        if state.side_of(m) != side:
            name = the_side(state, side)
            raise RuleViolation("SEATS", f"{state.label(m)} does not belong to {name}")
        if m in state.units and state.units[m].dispersed:
            raise RuleViolation("CHQ-COHESION", f"{state.label(m)} has been dispersed")
    return members


def _is_recon(state: AblState, ident: str) -> bool:
    return ident in state.units and state.line(ident).has("recon")


def check_group(state: AblState, members: tuple[str, ...]) -> None:
    """CHQ-GROUP, CHQ-ACT, CHQ-RESERVE, ABL-RECON-04..07, ABL-BREAK-06 (README: AMB-ABL-01)."""
    commander, others = members[0], members[1:]
    where = state.where(commander)
    reserve = [m in state.units and state.units[m].reserve for m in members]
    if any(reserve) and not all(reserve):
        raise RuleViolation(
            "CHQ-RESERVE", "reserves enter as a Command Group of their own, all from reserve"
        )
    for m in others:
        if distance(where, state.where(m)) > GROUP_RADIUS + 1e-9:
            raise RuleViolation(
                "CHQ-GROUP", f'{state.label(m)} is more than 6" from the commander {commander}'
            )
        if m in state.units and state.units[m].suppressed:
            raise RuleViolation(
                "CHQ-GROUP",
                f"{state.label(m)} is suppressed: it may be activated only on its own",
            )
    if others and commander in state.units and state.units[commander].suppressed:
        raise RuleViolation(
            "CHQ-GROUP",
            f"{state.label(commander)} is suppressed: it may be activated only on its own",
        )
    recon = [m for m in members if _is_recon(state, m)]
    counted = len(members) - (1 if recon else 0)  # ABL-RECON-04/05: one recon unit is free
    if counted > GROUP_LIMIT:
        rule = "ABL-RECON-05" if len(recon) > 1 else "CHQ-GROUP"
        raise RuleViolation(
            rule,
            f"a Command Group is the commander and up to three others, plus one recon unit; "
            f"{len(members)} units with {len(recon)} recon count as {counted}",
        )
    if _is_recon(state, commander) and len(recon) < len(members):
        raise RuleViolation(
            "ABL-RECON-06",
            f"{state.label(commander)} is a recon unit: it commands only recon units",
        )
    for m in members:
        may_activate(state, m)


def may_activate(state: AblState, ident: str) -> None:
    """CHQ-ACT: once per turn; recon vehicles once per pulse (ABL-RECON-07); not after a
    break-off this turn (ABL-BREAK-06), except recon vehicles unless the option is set."""
    if ident in state.blinds:
        stamp = state.blinds[ident].activated
        if stamp is not None and stamp[0] == state.turn:
            raise RuleViolation("CHQ-ACT", f"{state.label(ident)} was already activated this turn")
        return
    u, line = state.units[ident], state.line(ident)
    if u.activated == state.stamp:
        raise RuleViolation("ABL-RECON-07", f"{state.label(ident)} was activated in this pulse")
    if u.activated is not None and u.activated[0] == state.turn and not line.recon_vehicle:
        raise RuleViolation(
            "CHQ-ACT",
            f"{state.label(ident)} was already activated this turn (only recon vehicles "
            "may be activated again, ABL-RECON-07)",
        )
    if u.broke_off is not None and u.broke_off[0] == state.turn:
        strict = state.scenario.options.strict_breakoff_no_activation
        if strict or not line.recon_vehicle:
            raise RuleViolation(
                "ABL-BREAK-06", f"{state.label(ident)} broke off this turn and cannot be activated"
            )


def end_pulse(ctx: Ctx, _: EndPulse) -> None:
    state = ctx.state
    not_waiting(state)
    side = pulse_seat(state, ctx.seat, "CHQ-TURN", "end the pulse")
    if state.activation is None:
        name = the_side(state, side)
        raise RuleViolation("CHQ-TURN", f"{name} must use an Order Chain in this Command Pulse")
    next_pulse(ctx, side)


def next_pulse(ctx: Ctx, side: str) -> None:
    """CHQ-TURN: pulses alternate while both have dice; then the side with dice goes on."""
    state = ctx.state
    other = state.enemy(side)
    following = next((s for s in (other, side) if state.command[s].left > 0), None)
    names = side_names(state)
    ctx.emit(PulseEnded(side=side, pulse=state.pulse, next=following, names=names))
    if following is None:
        end_turn(ctx)


def discard(ctx: Ctx, action: Discard) -> None:
    state = ctx.state
    not_waiting(state)
    side = pulse_seat(state, ctx.seat, "CHQ-TURN", "discard Command Dice")
    if state.activation is not None:
        raise RuleViolation("CHQ-TURN", "one Order Chain per Command Pulse: end this pulse first")
    dice = take_chain(state, side, action.dice, action.wild, range(1, 100))
    names = side_names(state)
    ctx.emit(Discarded(side=side, pulse=state.pulse, dice=dice, wild=action.wild, names=names))
    next_pulse(ctx, side)


def remove_suppression(ctx: Ctx, action: RemoveSuppression) -> None:
    state = ctx.state
    not_waiting(state)
    side = pulse_seat(state, ctx.seat, "CHQ-TURN", "remove suppression")
    if state.activation is not None:
        raise RuleViolation("CHQ-TURN", "one Order Chain per Command Pulse: end this pulse first")
    own_unit(state, ctx.seat, action.unit)
    hidden_in = state.units[action.unit].blind
    if hidden_in is not None:
        raise RuleViolation(
            "CHQ-BLIND",
            f"{state.label(action.unit)} is hidden in {state.label(hidden_in)}: deploy it first",
        )
    if state.units[action.unit].reserve:  # off the table and hidden from the enemy
        raise RuleViolation(
            "CHQ-RESERVE", f"{state.label(action.unit)} is in reserve: bring it on first"
        )
    if not state.units[action.unit].suppressed:
        raise RuleViolation("CHQ-SUPP", f"{state.label(action.unit)} is not suppressed")
    dice = take_chain(state, side, action.dice, action.wild, range(1, 2))
    ctx.emit(
        SuppressionRemoved(
            side=side,
            pulse=state.pulse,
            unit=action.unit,
            dice=dice,
            wild=action.wild,
            names=side_names(state),
        )
    )
    next_pulse(ctx, side)


# -- folding --------------------------------------------------------------------------------------


def spend(state: AblState, side: str, dice: tuple[int, ...], wild: int) -> AblState:
    have = state.command[side]
    left = list(have.dice)
    for face in dice:
        left.remove(face)
    cmd = replace(have, dice=tuple(left), wild=have.wild - wild)
    return replace(state, command={**state.command, side: cmd})


def _rolled(state: AblState, e: CommandRolled) -> AblState:
    cmd = replace(state.command[e.side], rolled=checks.command_dice(e.result.faces[0]))
    return replace(state, command={**state.command, e.side: cmd})


def _settled(state: AblState, e: CommandSettled) -> AblState:
    command = {
        s: replace(state.command[s], dice=e.dice[s], wild=e.wild[s], failed=s in e.failed)
        for s in state.sides
    }
    return replace(state, command=command, stage="pulses", pulse=1, pulse_side=e.first)


def _reroll(state: AblState, _: CommandReroll) -> AblState:
    return replace(state, command={s: SideCommand() for s in state.sides})


def _ordered(state: AblState, e: Ordered) -> AblState:
    state = spend(state, e.side, e.dice, e.wild)
    stamp = state.stamp
    units, blinds = dict(state.units), state.blinds
    for m in e.members:
        if m in units:
            units[m] = replace(units[m], activated=stamp)
        else:  # a Blind's units are activated with it (CHQ-ACT)
            blinds = {**blinds, m: replace(blinds[m], activated=stamp)}
            for u in state.blind_units(m):
                units[u] = replace(units[u], activated=stamp)
    activation = Activation(
        side=e.side,
        commander=e.commander,
        members=e.members,
        size=e.size,
        acts={m: UnitAct() for m in e.members},
    )
    return replace(state, units=units, blinds=blinds, activation=activation)


def _reserve_entered(state: AblState, e: ReserveEntered) -> AblState:
    """Entering counts as moving for "non-moving" conditions; it spends no move (CHQ-RESERVE)."""
    for u in e.units:
        state = with_unit(state, u, replace(state.units[u], reserve=False))
        if state.activation is not None and u in state.activation.acts:
            state = with_act(state, u, replace(state.activation.acts[u], moved=True))
    return state


def _pulse_ended(state: AblState, e: PulseEnded) -> AblState:
    units = dict(state.units)
    if state.activation is not None:
        for m, act in state.activation.acts.items():
            # a Blind still hidden: its units were activated with it and moved with it
            for u in [m] if m in units else state.blind_units(m):
                units[u] = replace(units[u], last_fired=act.fired, last_moved=act.moved)
    return replace(
        state,
        units=units,
        activation=None,
        window=None,
        pulse=state.pulse + 1,
        pulse_side=e.next,
    )


def _discarded(state: AblState, e: Discarded) -> AblState:
    return spend(state, e.side, e.dice, e.wild)


def _suppression_removed(state: AblState, e: SuppressionRemoved) -> AblState:
    state = spend(state, e.side, e.dice, e.wild)
    return with_unit(state, e.unit, replace(state.units[e.unit], suppressed=False))


def _turn_ended(state: AblState, e: TurnEnded) -> AblState:
    units: dict[str, UnitState] = {
        u: replace(s, fire_marker=False) for u, s in state.units.items()
    }  # CHQ-MARKER; ABL-RECON-10: the recon unit's marker too, only now
    return replace(
        state,
        units=units,
        command={s: SideCommand() for s in state.sides},  # wild dice go back (CHQ-WILD)
        stage="command",
        turn=e.turn + 1,
        pulse=0,
        pulse_side=None,
        activation=None,
        window=None,
        attack=None,
        over=e.last,
    )


TOPIC = Topic(
    __name__,
    performers=(
        performer(RollCommand, roll_command),
        performer(Order, order),
        performer(EndPulse, end_pulse),
        performer(Discard, discard),
        performer(RemoveSuppression, remove_suppression),
    ),
    appliers=(
        applier(CommandRolled, _rolled),
        applier(CommandSettled, _settled),
        applier(CommandReroll, _reroll),
        applier(Ordered, _ordered),
        applier(ReserveEntered, _reserve_entered),
        applier(PulseEnded, _pulse_ended),
        applier(Discarded, _discarded),
        applier(SuppressionRemoved, _suppression_removed),
        applier(TurnEnded, _turn_ended),
    ),
)
