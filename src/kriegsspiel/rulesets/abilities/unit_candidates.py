"""What the members of an activated Command Group could do, and who could take opportunity fire:
candidates for the legal list, pruned by who may act, range and reach before anything is tried.

Fire is offered at every known enemy unit within the firer's longest range (CHQ-FIRE): in the
firer's own activation as one entry whose "target" domain holds those the attack's checks accept
(a page offers them on the board); Sustained Fire at every set of such targets within 4" of each
other (ABL-SUST-03/04); each with any number of the side's wild dice (CHQ-WILD); close assault
at every enemy unit within one normal move (CHQ-DEFAULT-ASSAULT); spotting at every enemy Blind
within long range (CHQ-DEFAULT-SPOT). A move's destination and facing are continuous: each move
is offered once per part (a normal move, the Fixed or the Variable Move alone) with the domain of
its destination.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.kept import kept
from kriegsspiel.rulesets.abilities.activity import fixed_inches, fixed_left, variable_left
from kriegsspiel.rulesets.abilities.assault import Assault
from kriegsspiel.rulesets.abilities.chains import wild_domain
from kriegsspiel.rulesets.abilities.fire import (
    SUSTAINED_SPREAD,
    Fire,
    accepts,
    max_range,
    may_open_fire,
)
from kriegsspiel.rulesets.abilities.morale import Rally
from kriegsspiel.rulesets.abilities.movement import Limber, Move, Part, Pivot, Unlimber
from kriegsspiel.rulesets.abilities.sight import (
    CONTACT,
    bands,
    clearance,
    enemy_positions,
    step,
)
from kriegsspiel.rulesets.abilities.spotting import Deploy, Spot
from kriegsspiel.rulesets.abilities.state import AblState, Point, UnitAct

MARGIN = 0.01  # inches kept clear of a domain's edge, for the rounding of sampled points
PARTS: dict[Part, str] = {
    "normal": "moves",
    "fixed": "makes its Fixed Move",
    "variable": "makes its Variable Move",
}
FACING = Domain("facing", "angle")


Foes = list[tuple[str, Point]]  # enemy units with their positions (`sight.enemy_positions`)


def activation_candidates(state: AblState) -> Iterator[Candidate]:
    activation = state.activation
    assert activation is not None
    side = activation.side
    foes = enemy_positions(state, side)
    blinds = [b for b, s in state.blinds.items() if s.side != side and not s.gone]
    for m in activation.members:
        act = activation.acts[m]
        if act.done:
            continue
        fixed, variable = fixed_left(state, m, act), variable_left(state, act)
        movable = _may_move(state, m, act) and (fixed or variable)
        reach = fixed_inches(state, m) + state.tables.moves.variable
        if movable:
            yield from _moves(state, m, fixed, variable, reach)
        if m in state.blinds:
            yield Candidate(Deploy(m), f"{state.label(m)} deploys, revealing its units")
            for inside in state.blind_units(m):
                yield from _spots(state, inside, m, blinds)
            continue
        yield from _unit_actions(state, m, act, foes, movable, reach)
        yield from _spots(state, m, m, blinds)


def _may_move(state: AblState, m: str, act: UnitAct) -> bool:
    """ABL-SUST-02, ABL-RECON-09: no move after Sustained Fire, nor after a rally unless a
    recon vehicle has a double or larger Order Chain (as `movement._may_move`)."""
    if act.sustained:
        return False
    if not act.rallied:
        return True
    assert state.activation is not None
    recon = m in state.units and state.line(m).recon_vehicle
    return recon and state.activation.size >= 2


def _moves(
    state: AblState, m: str, fixed: bool, variable: bool, reach: float
) -> Iterator[Candidate]:
    """CHQ-MOVE: each part with a move of it left (a normal move: either part), as far as
    `reach` (the Fixed and the Variable Move)."""
    parts = [
        (part, verb)
        for part, verb in PARTS.items()
        if (fixed and part != "variable") or (variable and part != "fixed")
    ]
    name = state.label(m)
    frm = state.where(m)
    origin, room = _room(state, frm, state.side_of(m), reach)
    high = max(0.0, min(reach, room - MARGIN))
    facing = state.units[m].facing if m in state.units else state.blinds[m].facing
    to = step(origin, facing, min(1.0, high))
    domain = Domain("to", "point", high=round(high, 2), origin=origin)
    for part, verb in parts:
        yield Candidate(Move(m, to, part), f"{name} {verb}", (domain, FACING))


def _room(state: AblState, frm: Point, side: str, reach: float) -> tuple[Point, float]:
    """Where a move's destination domain is centred and how far it reaches: around the unit,
    or, where the unit stands in contact, around the nearest point it may move to."""
    room = clearance(state, frm, side)
    if room > 0:
        return frm, room
    for inches in (CONTACT * 1.5, CONTACT * 3, reach):
        for bearing in range(0, 360, 45):
            p = step(frm, bearing, inches)
            room = clearance(state, p, side)
            if room > 0:
                return p, room
    return frm, 0.0


def _unit_actions(
    state: AblState, m: str, act: UnitAct, foes: Foes, movable: bool, reach: float
) -> Iterator[Candidate]:
    """Those of a unit's actions that the cheap checks of their rules leave open (a pivot with
    a move left, ABL-180-02; a rally with Disruption Points, CHQ-RALLY; a limber or unlimber
    that changes the gun's state, ABL-TOWED-01; a close assault within `reach` and contact)."""
    name, line, u = state.label(m), state.line(m), state.units[m]
    if movable:
        yield Candidate(Pivot(m, u.facing), f"{name} pivots", (FACING,))
    if u.dp and not u.suppressed and not act.rallied:
        yield Candidate(Rally(m), f"{name} rallies")
    if line.towed is not None and not act.fired:
        if u.limbered:
            yield Candidate(Unlimber(m), f"{name} unlimbers")
        else:
            yield Candidate(Limber(m), f"{name} limbers")
    if may_open_fire(state, m):
        yield from fire_candidates(state, m, foes, None)
    contact = reach + CONTACT + 1e-9
    for e, where in foes:
        if distance(u.position, where) <= contact:
            yield Candidate(Assault(m, e), f"{name} close assaults {state.label(e)}")


def _spots(state: AblState, spotter: str, member: str, blinds: list[str]) -> Iterator[Candidate]:
    where = state.where(member)
    long = bands(state.tables.ranges)[2]
    hidden = f" (in {state.label(member)})" if member != spotter else ""
    for b in blinds:
        if distance(where, state.blinds[b].position) <= long + 1e-9:
            label = f"{state.label(spotter)}{hidden} tries to spot {state.label(b)}"
            yield Candidate(Spot(spotter, b), label)


def fire_candidates(
    state: AblState, firer: str, foes: Foes, trigger: str | None
) -> Iterator[Candidate]:
    """Fire by `firer` at each of `foes` in range (opportunity fire: at `trigger`, or Sustained
    Fire at it and others that moved or fired in this pulse), with 0.. the side's wild dice."""
    at = state.units[firer].position
    reach = max_range(state, firer) + 1e-9
    if trigger is not None:  # CHQ-OPFIRE: at the trigger, and others that moved or fired
        where = next((p for f, p in foes if f == trigger), None)
        if where is None or distance(at, where) > reach:
            return
        stamp = state.stamp
        foes = [(f, p) for f, p in foes if f == trigger or state.units[f].triggered == stamp]
    near = sorted(f for f, p in foes if distance(at, p) <= reach)
    targets: list[tuple[str, ...]] = [(f,) for f in near if trigger in (None, f)]
    line = state.line(firer)
    wild = state.command[state.specs[firer].side].wild
    if line.has("sustained-fire"):
        # ABL-SUST-04, AMB-ABL-16: -1D per target and at least 1D left (+1D Short Range Fire)
        dice = max(w.dice for w in (line.fp, line.at) if w is not None) + 1 + wild
        targets += [t for t in _spreads(state, near, dice - 1) if trigger in (None, *t)]
    if trigger is None:  # in its own activation: one entry for its targets, tapped on the board
        assert state.activation is not None
        act = state.activation.acts[firer]
        singles = _Targets(state, firer, act, [t[0] for t in targets if len(t) == 1])
        targets = [t for t in targets if len(t) > 1]
        if singles.first is not None:
            for w in range(wild + 1):
                fire = Fire(firer, singles.first, w)
                label = partial(_target_label, state, firer, singles, w)
                yield Candidate(fire, label, partial(_target_domains, state, singles, w))
    for group in targets:
        for w in range(wild + 1):
            fire = Fire(firer, ",".join(group), w)
            label = partial(_group_label, state, firer, group, trigger, w)
            yield Candidate(fire, label, (wild_domain(w),))


class _Targets:
    """Fire at one target, as one entry with a "target" domain over those the attack's own
    checks accept (`fire.accepts`: CHQ-LOS, CHQ-FIRE's range and weapon, ABL-180-01,
    ABL-HISUP-02, …), so that any of them is as legal as the listed one, the first. A listing
    needs only the first; the rest are found when the domain or the label is asked for, and
    kept for the entries with other numbers of wild dice."""

    def __init__(self, state: AblState, firer: str, act: UnitAct, near: list[str]) -> None:
        self.state, self.firer, self.act, self.near = state, firer, act, near

    def _accepts(self, target: str) -> bool:
        return accepts(self.state, self.firer, target, self.act, None)

    @kept
    def first(self) -> str | None:
        return next((t for t in self.near if self._accepts(t)), None)

    @kept
    def legal(self) -> list[str]:
        if self.first is None:
            return []
        rest = self.near[self.near.index(self.first) + 1 :]
        return [self.first, *(t for t in rest if self._accepts(t))]


def _target_label(state: AblState, firer: str, targets: _Targets, wild: int) -> str:
    """One target alone is named in the label."""
    extra = f" with {wild} wild dice" if wild else ""
    if len(targets.legal) == 1:
        return f"{state.label(firer)} fires at {state.label(targets.legal[0])}{extra}"
    return f"{state.label(firer)} fires{extra}"


def _target_domains(state: AblState, targets: _Targets, wild: int) -> tuple[Domain, ...]:
    if len(targets.legal) == 1:
        return (wild_domain(wild),)
    names = tuple(state.label(t) for t in targets.legal)
    domain = Domain("target", "choice", options=tuple(targets.legal), labels=names)
    return (domain, wild_domain(wild))


def _group_label(
    state: AblState, firer: str, group: tuple[str, ...], trigger: str | None, wild: int
) -> str:
    what = " and ".join(state.label(t) for t in group)
    if trigger is None:
        verb = "fires Sustained Fire at"
    elif len(group) > 1:
        verb = "takes Sustained opportunity fire at"
    else:
        verb = "takes opportunity fire at"
    extra = f" with {wild} wild dice" if wild else ""
    return f"{state.label(firer)} {verb} {what}{extra}"


def _spreads(state: AblState, near: list[str], most: int) -> Iterator[tuple[str, ...]]:
    """ABL-SUST-03, AMB-ABL-16: sets of 2 to `most` targets, every pair within 4"."""

    def close(a: str, b: str) -> bool:
        gap = distance(state.units[a].position, state.units[b].position)
        return gap <= SUSTAINED_SPREAD + 1e-9

    def grow(chosen: tuple[str, ...], rest: list[str]) -> Iterator[tuple[str, ...]]:
        for i, t in enumerate(rest):
            if all(close(t, c) for c in chosen):
                group = (*chosen, t)
                if len(group) >= 2:
                    yield group
                if len(group) < most:
                    yield from grow(group, rest[i + 1 :])

    yield from grow((), near)


__all__ = ["activation_candidates", "fire_candidates"]
