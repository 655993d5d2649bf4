"""Candidate actions for `legal_actions`: a sample worth trying; the ruleset keeps those that
`perform` accepts (a dry run), so every action offered is one the game takes."""

from __future__ import annotations

from kriegsspiel.core.geometry import distance
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.abilities.assault import Assault
from kriegsspiel.rulesets.abilities.base import Act
from kriegsspiel.rulesets.abilities.breakoff import BreakOff, Hold
from kriegsspiel.rulesets.abilities.command import (
    GROUP_RADIUS,
    Discard,
    EndPulse,
    Order,
    RemoveSuppression,
    RollCommand,
)
from kriegsspiel.rulesets.abilities.fire import Fire, Pass
from kriegsspiel.rulesets.abilities.morale import Rally
from kriegsspiel.rulesets.abilities.movement import Limber, Move, Pivot, Unlimber
from kriegsspiel.rulesets.abilities.sight import step
from kriegsspiel.rulesets.abilities.spotting import Deploy, Spot
from kriegsspiel.rulesets.abilities.state import AblState


def _sides(state: AblState, seat: str) -> list[str]:
    return list(state.sides) if seat == UMPIRE else [seat] if seat in state.sides else []


def candidates(state: AblState, seat: str) -> list[Act]:
    sides = _sides(state, seat)
    if state.over or not sides:
        return []
    if state.stage == "command":
        return [RollCommand(side if seat == UMPIRE else "") for side in sides]
    if state.attack is not None:
        return [
            a
            for t in state.attack.targets
            if state.specs[t.unit].side in sides
            for a in (BreakOff(t.unit), Hold(t.unit))
        ]
    if state.window is not None:
        if state.window.side not in sides:
            return []
        trigger = state.window.trigger
        return [Pass(), *(Fire(u, trigger) for u in _units(state, state.window.side))]
    pulse = state.pulse_side
    if pulse is None or pulse not in sides:
        return []
    if state.activation is None:
        return _pulse_uses(state, pulse)
    return [EndPulse(), *_unit_actions(state, pulse)]


def _units(state: AblState, side: str) -> list[str]:
    return [u for u, s in state.specs.items() if s.side == side and state.units[u].on_table]


def _enemies(state: AblState, side: str) -> list[str]:
    return _units(state, state.enemy(side))


def _chains(state: AblState, side: str) -> list[tuple[tuple[int, ...], int]]:
    cmd = state.command[side]
    faces = sorted(set(cmd.dice))
    chains: list[tuple[tuple[int, ...], int]] = [((f,), 0) for f in faces[:2]]
    doubles = [f for f in faces if cmd.dice.count(f) >= 2]
    if doubles:
        chains.append(((doubles[0], doubles[0]), 0))
    if cmd.wild:
        chains.append(((), 1))
    return chains


def _pulse_uses(state: AblState, side: str) -> list[Act]:
    out: list[Act] = []
    chains = _chains(state, side)
    leaders = [u for u, s in state.specs.items() if s.side == side and not state.units[u].dispersed]
    leaders += [b for b, s in state.blinds.items() if s.side == side and not s.gone]
    for leader in leaders:
        if leader in state.units and state.units[leader].blind is not None:
            continue
        near = [
            m
            for m in leaders
            if m != leader
            and (m not in state.units or state.units[m].blind is None)
            and distance(state.where(leader), state.where(m)) <= GROUP_RADIUS
        ]
        for dice, wild in chains:
            out.append(Order(leader, dice, wild))
            if near:
                out.append(Order(leader, dice, wild, ",".join(near[:3])))
    for dice, wild in chains[:1]:
        out.append(Discard(dice, wild))
        out += [
            RemoveSuppression(u, dice, wild)
            for u in _units(state, side)
            if state.units[u].suppressed
        ]
    return out


def _unit_actions(state: AblState, side: str) -> list[Act]:
    activation = state.activation
    assert activation is not None
    out: list[Act] = []
    enemies = _enemies(state, side)
    blinds = [b for b, s in state.blinds.items() if s.side != side and not s.gone]
    for m in activation.members:
        at = state.where(m)
        facing = state.units[m].facing if m in state.units else state.blinds[m].facing
        for bearing, inches in ((facing, 4.0), ((facing + 180) % 360, 3.0), (facing, 9.0)):
            out.append(Move(m, step(at, bearing, inches)))
        if m in state.blinds:
            out.append(Deploy(m))
            continue
        out += [Pivot(m, (facing + 90) % 360), Rally(m), Limber(m), Unlimber(m)]
        out += [Fire(m, e) for e in enemies]
        out += [Assault(m, e) for e in enemies[:2]]
        if len(enemies) >= 2:
            out.append(Fire(m, ",".join(enemies[:2])))
    spotters = [u for u in state.specs if state.units[u].blind in activation.members]
    spotters += [m for m in activation.members if m in state.units]
    out += [Spot(u, b) for u in spotters for b in blinds]
    return out
