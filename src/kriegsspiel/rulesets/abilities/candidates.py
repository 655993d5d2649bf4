"""Every action a seat might take now, labelled with the names of its units (`Game.legal_actions`
keeps those `perform` accepts up to its first roll).

What is offered follows the sequence of play (CHQ-TURN): Command Dice at the start of a turn;
while a declared attack waits, its targets' answers (ABL-BREAK-01); while a window is open, the
opportunity fire (CHQ-OPFIRE); in a Command Pulse, the Order Chains, discards and suppression
removals, then what the activated group may do. The umpire may act for either side and record a
unit's state at any time (`set-unit`: suppression toggled, Disruption Points one up or down).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.kept import kept
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.abilities.activity import fixed_inches
from kriegsspiel.rulesets.abilities.breakoff import BreakOff, Hold
from kriegsspiel.rulesets.abilities.chains import (
    Nearby,
    commanders,
    dice_domains,
    groups,
    wild_domain,
)
from kriegsspiel.rulesets.abilities.command import (
    MAX_CHAIN,
    Discard,
    EndPulse,
    Order,
    RemoveSuppression,
    RollCommand,
)
from kriegsspiel.rulesets.abilities.fire import Pass, may_open_fire
from kriegsspiel.rulesets.abilities.morale import SetUnit
from kriegsspiel.rulesets.abilities.sight import enemy_positions
from kriegsspiel.rulesets.abilities.state import AblState, side_units
from kriegsspiel.rulesets.abilities.unit_candidates import (
    activation_candidates,
    fire_candidates,
)
from kriegsspiel.rulesets.abilities.words import command_dice


def _sides(state: AblState, seat: str) -> list[str]:
    return list(state.sides) if seat == UMPIRE else [seat] if seat in state.sides else []


def candidates(state: AblState, seat: str) -> list[Candidate]:
    sides = _sides(state, seat)
    if state.over or not sides:
        return []
    out = list(_play(state, sides))
    if seat == UMPIRE:
        out += _records(state)
    return out


def _play(state: AblState, sides: list[str]) -> Iterator[Candidate]:
    if state.stage == "command":
        for side in sides:
            if state.command[side].rolled is None:
                label = f"{state.scenario.side_name(side)} rolls its Command Dice"
                yield Candidate(RollCommand(side), label)
        return
    if state.attack is not None:
        yield from _answers(state, sides)
        return
    if state.window is not None:
        if state.window.side in sides:
            yield from _opportunity(state)
        return
    pulse = state.pulse_side
    if pulse is None or pulse not in sides:
        return
    if state.activation is None:
        yield from _pulse_uses(state, pulse)
        return
    yield Candidate(EndPulse(), f"{state.scenario.side_name(pulse)} ends the Command Pulse")
    yield from activation_candidates(state)


def _answers(state: AblState, sides: list[str]) -> Iterator[Candidate]:
    """ABL-BREAK-01: each target with Break-off answers the declared attack."""
    attack = state.attack
    assert attack is not None
    firer = state.label(attack.firer)
    for t in attack.targets:
        if t.answer != "pending" or state.specs[t.unit].side not in sides:
            continue
        name = state.label(t.unit)
        u = state.units[t.unit]
        most = (0.0 if u.suppressed else fixed_inches(state, t.unit)) + state.tables.moves.variable
        back = Domain("distance", "number", low=0.0, high=most)
        yield Candidate(BreakOff(t.unit), f"{name} breaks off from {firer}'s fire", (back,))
        yield Candidate(Hold(t.unit), f"{name} holds against {firer}'s fire")


def _opportunity(state: AblState) -> Iterator[Candidate]:
    """CHQ-OPFIRE: fire at the unit that moved or fired, or pass."""
    window = state.window
    assert window is not None
    trigger = state.label(window.trigger)
    yield Candidate(Pass(), f"{state.scenario.side_name(window.side)} holds fire at {trigger}")
    foes = enemy_positions(state, window.side)
    for uid in side_units(state, window.side):
        if may_open_fire(state, uid):
            yield from fire_candidates(state, uid, foes, window.trigger)


def _pulse_uses(state: AblState, side: str) -> Iterator[Candidate]:
    """CHQ-TURN: a Command Pulse spends an Order Chain on a Command Group, removes a unit's
    suppression with one die (CHQ-SUPP), or discards dice. The chain and the group are checked
    apart (CHQ-CHAIN, CHQ-GROUP), so each commander is one entry per number of wild dice, with
    the dice and the group to choose."""
    cmd = state.command[side]
    orders = dice_domains(cmd, range(1, MAX_CHAIN + 1))
    pool = commanders(state, side)
    nearby = Nearby(state, pool)
    for commander in pool:
        team = _Team(state, commander, nearby)
        for wild, dice in orders:
            order = Order(commander, dice.options[0], wild)
            label = partial(_said, state, commander, "{} is activated with an Order Chain", wild)
            yield Candidate(order, label, partial(team.with_dice, dice, wild))
    singles = dice_domains(cmd, range(1, 2))
    for uid in side_units(state, side):
        u = state.units[uid]
        off = u.blind is not None or u.reserve or u.dispersed  # CHQ-BLIND, -RESERVE, -COHESION
        if u.suppressed and not off:
            for wild, dice in singles:
                label = partial(_said, state, uid, "{}'s suppression removed with one die", wild)
                remove = RemoveSuppression(uid, dice.options[0], wild)
                yield Candidate(remove, label, (dice, wild_domain(wild)))
    for wild, dice in dice_domains(cmd, range(1, cmd.left + 1)):
        label = partial(_side_said, state, side, "discards Command Dice", wild)
        discard = Discard(dice.options[0], wild)
        yield Candidate(discard, label, partial(_discarded, dice, wild))


def _said(state: AblState, ident: str, words: str, wild: int) -> str:
    """A label: `words` with the unit's name in its "{}", and any wild dice."""
    extra = f" and {wild} wild" if wild else ""
    return words.format(state.label(ident)) + extra


def _side_said(state: AblState, side: str, words: str, wild: int) -> str:
    extra = f" and {wild} wild" if wild else ""
    return f"{state.scenario.side_name(side)} {words}{extra}"


def _discarded(dice: Domain, wild: int) -> tuple[Domain, ...]:
    """The dice a discard may take, by their faces: discarded, they are no Order Chain."""
    words = tuple(command_dice(d, wild) for d in dice.options)
    domain = Domain("dice", "choice", options=dice.options, labels=words)
    return (domain, wild_domain(wild))


class _Team:
    """The Command Groups a commander may lead, as one domain worked out when first asked for
    (a listing asks for all of them, a random draw for the one candidate drawn) and kept for
    the commander's other Order Chains."""

    def __init__(self, state: AblState, commander: str, nearby: Nearby) -> None:
        self.state, self.commander, self.nearby = state, commander, nearby

    @kept
    def domain(self) -> Domain:
        options = list(groups(self.state, self.commander, self.nearby))
        return Domain(
            "group",
            "choice",
            options=tuple(",".join(o) for o in options),
            labels=tuple(_group_label(self.state, o) for o in options),
        )

    def with_dice(self, dice: Domain, wild: int) -> tuple[Domain, ...]:
        return (dice, self.domain, wild_domain(wild))


def _group_label(state: AblState, others: tuple[str, ...]) -> str:
    if not others:
        return "on its own"
    return "commanding " + ", ".join(state.label(o) for o in others)


def _records(state: AblState) -> Iterator[Candidate]:
    """The umpire records a unit's state: suppression toggled, a Disruption Point more or less."""
    for uid, u in state.units.items():
        if u.dispersed:
            continue
        name = state.label(uid)
        now = "no longer suppressed" if u.suppressed else "suppressed"
        yield Candidate(SetUnit(uid, suppressed=not u.suppressed), f"umpire: {name} is {now}")
        yield Candidate(SetUnit(uid, dp=u.dp + 1), f"umpire: {name} has {u.dp + 1} DP")
        if u.dp:
            yield Candidate(SetUnit(uid, dp=u.dp - 1), f"umpire: {name} has {u.dp - 1} DP")


__all__ = ["candidates"]
