"""The open activation: which units may act in it and what their moves allow (CHQ-ACT, CHQ-MOVE).

An Order Chain of n dice gives each unit of the group n moves, each a Fixed Move and a Variable
Move (CHQ-MOVE); a suppressed unit has no Fixed Move. A unit that rallies does nothing else in
that activation, except a recon vehicle given a double or larger Order Chain, which may also move
and spot (ABL-RECON-09, AMB-ABL-14).
"""

from __future__ import annotations

from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.abilities.base import blind, own_unit, the_side
from kriegsspiel.rulesets.abilities.command import not_waiting, pulse_seat
from kriegsspiel.rulesets.abilities.state import AblState, UnitAct


def acting(state: AblState, seat: str, ident: str, what: str) -> UnitAct:
    """The part in the open activation of `ident` (a unit, or a Blind) for `seat`."""
    not_waiting(state)
    side = pulse_seat(state, seat, "CHQ-TURN", what)
    if ident in state.blinds:
        blind(state, ident)
        if state.blinds[ident].side != side:
            name = the_side(state, side)
            raise RuleViolation("SEATS", f"{state.label(ident)} does not belong to {name}")
    else:
        own_unit(state, seat, ident)
    activation = state.activation
    if activation is None:
        name = the_side(state, side)
        raise RuleViolation("CHQ-TURN", f"{name} must first activate a Command Group (order)")
    if ident not in activation.members:
        raise RuleViolation(
            "CHQ-ACT",
            f"{state.label(ident)} is not in the activated Command Group: cannot {what}",
        )
    act = activation.acts[ident]
    if act.done:
        raise RuleViolation(
            "ABL-BREAK-06", f"{state.label(ident)} broke off or deployed: it cannot {what} now"
        )
    return act


def fixed_inches(state: AblState, ident: str) -> float:
    """CHQ-DEFAULT-MOVE: a unit's (or a Blind's) Fixed Move in inches."""
    moves = state.tables.moves
    if ident in state.blinds:
        inside = state.blind_units(ident)
        return min((fixed_inches(state, u) for u in inside), default=moves.infantry)
    line, unit = state.line(ident), state.units[ident]
    if line.towed is not None:  # ABL-TOWED-01: moved by its tow while limbered
        return moves.limbered if unit.limbered else moves.gun
    if line.fixed_move is not None:
        return line.fixed_move
    if line.kind == "infantry":
        return moves.infantry
    return moves.vehicle if line.kind == "vehicle" else moves.gun


def suppressed(state: AblState, ident: str) -> bool:
    return ident in state.units and state.units[ident].suppressed


def fixed_left(state: AblState, ident: str, act: UnitAct) -> bool:
    """CHQ-MOVE: a Fixed Move is left (a suppressed unit has none)."""
    assert state.activation is not None
    return not suppressed(state, ident) and act.fixed_used < state.activation.size


def variable_left(state: AblState, act: UnitAct) -> bool:
    assert state.activation is not None
    return act.variable_used < state.activation.size


def after_rally(state: AblState, ident: str, act: UnitAct, what: str, fire: bool = False) -> None:
    """ABL-RECON-09 / AMB-ABL-14: after a rally only a recon vehicle with an Order Chain goes on."""
    assert state.activation is not None
    if not act.rallied:
        return
    line = state.line(ident) if ident in state.units else None
    if fire or line is None or not line.recon_vehicle or state.activation.size < 2:
        raise RuleViolation(
            "ABL-RECON-09",
            f"{state.label(ident)} rallied in this activation and cannot {what} (only a recon "
            "vehicle given a double or larger Order Chain may also move and spot)",
        )
