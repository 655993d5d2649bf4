"""Preparing and blowing demolitions, as legal-action entries: one entry per unit and action,
its demolitions a choice domain (ENG-DEMO-01..06).

Each option is checked by the performer's own checks (`preparation`, `demolition`), so every
option is legal whenever the listed one is. With many units most of that work is shared:

- what refuses a unit whatever the demolition (BF-SEQ, BF-STATUS, ENG-ACT-01..05, -13) is
  asked once per unit;
- a plain or bridge demolition asks nothing more of the unit than the engineer trait
  (AMB-ENG-44) and, for its task, whether it already works on it (ENG-ACT-13): one verdict
  serves every engineer that does not;
- a charge placed on a feature or a fort needs the unit conformed to it (BF-CONFORM,
  ENG-FORT-26): only units within reach of it are asked (nearby.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.rulesets.engineering.fieldwork_geometry import CONFORM_REACH
from kriegsspiel.rulesets.engineering.forts.fort_charges import PLACE_REACH
from kriegsspiel.rulesets.engineering.nearby import Grid
from kriegsspiel.rulesets.engineering.play.choice_candidates import MayEngineer, checking, refused
from kriegsspiel.rulesets.engineering.play.demolitions import (
    PLAIN,
    Demolish,
    DemolitionKind,
    Prepare,
    demolition,
    kind_of,
    preparation,
)
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, Point

UNIT_FREE = ("", "bridge")  # kinds whose own rules ask nothing of the unit (ENG-BRIDGE-25)
_SLACK = 1e-6


class DemolitionCandidates:
    """The demolition entries of one side's units in one state."""

    def __init__(
        self, state: EngState, seat: str, kinds: dict[str, Any], hooks: Any, may: MayEngineer
    ) -> None:
        self.state = state
        self.may = may
        self.ctx = checking(state, seat, hooks, kinds)
        self.own = [d for d in state.demolitions.values() if not d.destroyed]
        self.crewed = [d for d in self.own if kind_of(self.ctx, d).crews]
        self._ready = False

    def _index(self) -> None:
        """What the entries share, built for the first unit that may have any."""
        self._ready = True
        state = self.state
        self.free = [d for d in self.own if self._unit_free(d)]
        placed = [(d, _anchor(state, d)) for d in self.own if not self._unit_free(d)]
        self.unplaced = [d for d, a in placed if a is None]
        self.placed = {d.id: (d, a) for d, a in placed if a is not None}
        self.grid = Grid((d.id, a[0]) for d, a in placed if a is not None)
        self.widest = max((a[1] for _, a in placed if a is not None), default=0.0)
        self.workers = {u for d in self.free for u in self._workers(d)}
        self._outsider: dict[str, tuple[Demolition, ...]] = {}
        self._blown: dict[str, bool] = {}
        self._engineers_blow: dict[str, tuple[Demolition, ...]] = {}
        self.unshared = [d for d in self.own if not self._shared(d)]
        self._domains: dict[int, tuple[Sequence[Demolition], Domain]] = {}

    def _unit_free(self, demo: Demolition) -> bool:
        kind = kind_of(self.ctx, demo)
        return (demo.kind in UNIT_FREE or kind is PLAIN) and not kind.crews

    def entries(self, spec: EngUnit) -> list[Candidate]:
        if not self.own or (not spec.is_engineer and not self.crewed):
            return []  # AMB-ENG-44: engineers, or a kind's crews
        if not self._ready:
            self._index()
        if not self.may(spec):
            return []
        free, placed = self._free_prepares(spec), self._placed_prepares(spec)
        prepares = [*free, *placed] if placed else free
        out = self._entry(spec, prepares, "prepares", lambda d: Prepare(spec.id, d.id))
        blows = self._blows(spec)
        return out + self._entry(spec, blows, "blows", lambda d: Demolish(spec.id, d.id))

    def _entry(
        self,
        spec: EngUnit,
        demos: Sequence[Demolition],
        verb: str,
        make: Callable[[Demolition], Any],
    ) -> list[Candidate]:
        if not demos:
            return []
        first = demos[0]
        if len(demos) == 1:
            return [Candidate(make(first), f"{spec.label} {verb} {first.name or first.id}")]
        hit = self._domains.get(id(demos))  # one domain for the many units that share a list
        if hit is None or hit[0] is not demos:
            hit = self._domains[id(demos)] = (demos, _domain(demos))
        return [Candidate(make(first), f"{spec.label} {verb} a demolition", (hit[1],))]

    def _prepare_ok(self, spec: EngUnit, demo: Demolition) -> bool:
        return not refused(lambda: preparation(self.ctx, Prepare(spec.id, demo.id)))

    def _free_prepares(self, spec: EngUnit) -> Sequence[Demolition]:
        """AMB-ENG-44: engineers only; ENG-ACT-13: the task's own workers are asked apart."""
        if not spec.is_engineer:
            return ()
        if spec.id not in self.workers:
            if spec.side not in self._outsider:
                self._outsider[spec.side] = tuple(
                    d for d in self.free if d.side == spec.side and self._prepare_ok(spec, d)
                )
            return self._outsider[spec.side]
        return [d for d in self.free if d.side == spec.side and self._prepare_ok(spec, d)]

    def _workers(self, demo: Demolition) -> set[str]:
        """The units already on the demolition's task (ENG-ACT-13)."""
        task = self.state.tasks.get(demo.task)
        if task is None:
            return set(self.state.units)
        return {*task.contributors, *(c.unit for c in task.contributions)}

    def _placed_prepares(self, spec: EngUnit) -> list[Demolition]:
        at = self.state.units[spec.id].position
        if at is None:
            near = [d for d, _ in self.placed.values()]
        else:
            near = []
            for ident in self.grid.within(at, self.widest):
                demo, (centre, radius) = self.placed[ident]
                if math.dist(at, centre) <= radius + _SLACK:
                    near.append(demo)
        mine = (d for d in (*near, *self.unplaced) if d.side == spec.side)
        return [d for d in mine if self._prepare_ok(spec, d)]

    def _blows(self, spec: EngUnit) -> Sequence[Demolition]:
        """An engineer may blow any of its side's ready demolitions; another unit only those
        its traits crew (AMB-ENG-44)."""
        if not spec.is_engineer:
            return [d for d in self.crewed if self._may_blow(spec, d)]
        if spec.side not in self._engineers_blow:
            self._engineers_blow[spec.side] = tuple(
                d for d in self.own if self._shared(d) and self._may_blow(spec, d)
            )
        own = [d for d in self.unshared if self._may_blow(spec, d)]
        return [*self._engineers_blow[spec.side], *own] if own else self._engineers_blow[spec.side]

    def _shared(self, demo: Demolition) -> bool:
        """Whether the kind's own refusals of a demolition action ignore the unit."""
        return demo.kind in (*UNIT_FREE, "fort") or kind_of(self.ctx, demo) is PLAIN

    def _may_blow(self, spec: EngUnit, demo: Demolition) -> bool:
        """ENG-DEMO-01/02: past the unit's own checks, only the trait (AMB-ENG-44) depends on
        the unit; the rest is one verdict per demolition."""
        kind: DemolitionKind = kind_of(self.ctx, demo)
        if demo.side != spec.side or not demo.prepared:
            return False
        if not spec.is_engineer and not set(kind.crews) & set(spec.traits):
            return False
        action = Demolish(spec.id, demo.id)
        if not self._shared(demo):
            return not refused(lambda: demolition(self.ctx, action))
        if demo.id not in self._blown:
            self._blown[demo.id] = not refused(lambda: demolition(self.ctx, action))
        return self._blown[demo.id]


def _anchor(state: EngState, demo: Demolition) -> tuple[Point, float] | None:
    """A point and a radius the unit must be within to prepare a charge on a fort
    (ENG-FORT-26) or a feature (BF-CONFORM: 1" of its footprint, or inside it); None where
    neither is on record."""
    if demo.kind == "fort":
        fort = state.forts.get(demo.id.removesuffix("-charges"))
        return (fort.position, PLACE_REACH) if fort and fort.position is not None else None
    found = [f for f in (state.obstacles.get(demo.target), state.minefields.get(demo.target)) if f]
    if len(found) != 1 or found[0].footprint is None:
        return None
    fp = found[0].footprint
    return (fp.centre, math.hypot(fp.length, fp.depth) / 2 + CONFORM_REACH)


def _domain(demos: Sequence[Demolition]) -> Domain:
    names = tuple(d.name or d.id for d in demos)
    return Domain("demolition", "choice", options=tuple(d.id for d in demos), labels=names)
