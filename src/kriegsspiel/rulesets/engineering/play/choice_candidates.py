"""Fire at units (BF-FIRE) and work on tasks (ENG-ACT-07), as legal-action entries: one entry
per unit, its targets or tasks a choice domain.

Each option is as legal as the listed one, and is found without asking every pair:

- a fire's refusals are the firer's own (BF-SEQ, ENG-ACT-04, ENG-MINE-40/43, ENG-FUNNY-08/15,
  AMB-ENG-37) but for the target's side, status and class (BF-FIRE) and a fort's arcs and
  visibility (ENG-FORT-07): one check of the firer serves every target outside a fort, and a
  firer in a fort, or a target in one, is asked pair by pair;
- work on a task asks nothing of the unit but its own checks (ENG-ACT-01..05) and, for that
  task, whether it already works on it (ENG-ACT-13): one verdict serves every unit that does
  not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets.engineering.base import Ctx, not_waiting, own
from kriegsspiel.rulesets.engineering.bridges.bridge_attacks import fire_check
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
from kriegsspiel.rulesets.engineering.forts.fort_specs import in_arcs
from kriegsspiel.rulesets.engineering.forts.forts import housed, spec_of
from kriegsspiel.rulesets.engineering.play.feature_fire import FireOn
from kriegsspiel.rulesets.engineering.play.fire import Fire
from kriegsspiel.rulesets.engineering.play.work import Engineer, may_engineer, task_checks
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState
from kriegsspiel.rulesets.engineering.terrain_cache import per_terrain


def refused(check: Callable[[], Any]) -> bool:
    try:
        check()
    except KriegsspielError:
        return True
    return False


class MayEngineer:
    """Whether a unit passes what refuses it any engineering action (ENG-ACT-01..05, -13 with
    BF-SEQ, BF-STATUS and SEATS), asked once per unit of one state for every kind of work."""

    def __init__(self, state: EngState, seat: str) -> None:
        self.state, self.seat = state, seat
        self._waiting = refused(lambda: not_waiting(state))  # the state's, not a unit's
        self._verdicts: dict[str, bool] = {}

    def __call__(self, spec: EngUnit) -> bool:
        verdict = self._verdicts.get(spec.id)
        if verdict is None:
            state = self.state
            verdict = self._verdicts[spec.id] = not (
                self._waiting
                or refused(lambda: own(state, self.seat, spec.id))
                or refused(lambda: may_engineer(state, spec))
            )
        return verdict


def _no_roll(*_: Any, **__: Any) -> Any:
    raise AssertionError("a check asked for dice")


def checking(state: EngState, seat: str, hooks: Any, kinds: Any = None) -> Ctx:
    """A context to run a performer's checks in: no dice, no events."""
    return Ctx(
        state=state,
        seat=seat,
        roll=_no_roll,
        appliers={},
        tables=DEFAULT_TABLES,
        resolvers={},
        hooks=hooks,
        demolition_kinds=kinds or {},
    )


def _domain(param: str, items: Sequence[tuple[str, str]]) -> Domain:
    return Domain(
        param, "choice", options=tuple(i for i, _ in items), labels=tuple(n for _, n in items)
    )


class Shared:
    """Domains of option lists that many units share (by identity), built once."""

    def __init__(self) -> None:
        self._built: dict[int, tuple[Sequence[tuple[str, str]], Domain]] = {}

    def domain(self, param: str, items: Sequence[tuple[str, str]]) -> Domain:
        hit = self._built.get(id(items))
        if hit is None or hit[0] is not items:
            hit = self._built[id(items)] = (items, _domain(param, items))
        return hit[1]


class FireCandidates:
    """The fire entries of one side's units in one fire phase."""

    def __init__(self, state: EngState, seat: str, targets: list[EngUnit], hooks: Any) -> None:
        self.state, self.seat = state, seat
        self.ctx = checking(state, seat, hooks)
        self.sheltered = housed(state)
        self.targets = targets
        self._open: dict[frozenset[str], list[tuple[str, str]]] = {}
        self._bridges: dict[tuple[str, bool, bool], list[tuple[str, str]]] = {}
        self._shared = Shared()

    def entry(self, spec: EngUnit) -> list[Candidate]:
        """The targets differ only in what the fire rules ask of a target (its side, status and
        class, the fort rules): the rest is the firer's, which the listed action stands for."""
        classes = frozenset(spec.attack)
        if spec.id in self.sheltered:  # its fort's arcs decide, target by target
            items = [(t.id, t.label) for t in self._of(classes, None) if self._sees(spec, t)]
        else:
            items = self._in_the_open(classes)
            in_forts = [(t.id, t.label) for t in self._of(classes, True) if self._sees(spec, t)]
            if in_forts:  # in the order of the targets
                rank = {t.id: i for i, t in enumerate(self.targets)}
                items = sorted([*items, *in_forts], key=lambda item: rank[item[0]])
        return self._entry(spec, items)

    def at_bridges(self, spec: EngUnit) -> list[Candidate]:
        """ENG-BRIDGE-23/24, ENG-BRIDGE-08: bridges and loose bridging, at any range. Past the
        firer's own checks, only its side and its G and V strengths matter (bridge_attacks.py)."""
        state = self.state
        items = [(b.id, b.label) for b in state.bridges.values()]
        items += [(e.id, f"the bridging equipment {e.id}") for e in state.bridging.values()]
        if not items:
            return []
        key = (spec.side, "G" in spec.attack, "V" in spec.attack)
        if key not in self._bridges:
            self._bridges[key] = [
                (i, n)
                for i, n in items
                if not refused(lambda: fire_check(self.ctx, spec, i, indirect=False))  # noqa: B023
            ]
        ok = self._bridges[key]
        if not ok:
            return []
        if len(ok) == 1:
            return [Candidate(FireOn(spec.id, ok[0][0]), f"{spec.label} fires at {ok[0][1]}")]
        domain = self._shared.domain("target", ok)
        return [Candidate(FireOn(spec.id, ok[0][0]), f"{spec.label} fires at a bridge", (domain,))]

    def _in_the_open(self, classes: frozenset[str]) -> list[tuple[str, str]]:
        """Targets outside forts, of a class the firer has a strength against."""
        if classes not in self._open:
            self._open[classes] = [(t.id, t.label) for t in self._of(classes, False)]
        return self._open[classes]

    def _of(self, classes: frozenset[str], in_forts: bool | None) -> list[EngUnit]:
        """Targets of those classes: in forts, outside them, or (None) wherever they are."""
        return [
            t
            for t in self.targets
            if t.target_class in classes
            and (in_forts is None or (t.id in self.sheltered) == in_forts)
        ]

    def _sees(self, firer: EngUnit, target: EngUnit) -> bool:
        """ENG-FORT-07 with AMB-ENG-33, as the FIRE_AT hook of forts.py decides it: a target in
        the fire arcs of the firer's fort, a fort visible from the firer's position."""
        units, state = self.state.units, self.state
        home, shelter = self.sheltered.get(firer.id), self.sheltered.get(target.id)
        if home is not None:
            arcs = spec_of(state, home.id).fire_arcs
            if not in_arcs(arcs, home.position, units[target.id].position):
                return False
        if shelter is not None:
            arcs = spec_of(state, shelter.id).visible_arcs
            return in_arcs(arcs, shelter.position, units[firer.id].position)
        return True

    def _entry(self, spec: EngUnit, items: list[tuple[str, str]]) -> list[Candidate]:
        if not items:
            return []
        first_id, first_label = items[0]
        if len(items) == 1:
            return [Candidate(Fire(spec.id, first_id), f"{spec.label} fires at {first_label}")]
        domain = self._shared.domain("target", items)
        return [Candidate(Fire(spec.id, first_id), f"{spec.label} fires", (domain,))]


class TaskCandidates:
    """The entries for work on tasks (ENG-ACT-07) of one side's units in one state."""

    def __init__(self, state: EngState, seat: str, may: MayEngineer) -> None:
        self.state, self.seat = state, seat
        self.may = may
        self.tasks, self.workers, self.sides = open_work(state.tasks)
        self._outsider: dict[str, list[tuple[str, str]]] = {}
        self._shared = Shared()

    def entry(self, spec: EngUnit) -> list[Candidate]:
        if spec.side not in self.sides or not self.may(spec):
            return []
        if spec.id in self.workers:
            items = self._each(spec)
        else:
            if spec.side not in self._outsider:
                self._outsider[spec.side] = self._each(spec)
            items = self._outsider[spec.side]
        if not items:
            return []
        first_id, first_name = items[0]
        if len(items) == 1:
            return [Candidate(Engineer(spec.id, first_id), f"{spec.label} works on {first_name}")]
        domain = self._shared.domain("task", items)
        return [Candidate(Engineer(spec.id, first_id), f"{spec.label} works on a task", (domain,))]

    def _each(self, spec: EngUnit) -> list[tuple[str, str]]:
        """The tasks it may work on: it passed its own checks (`may`), so only the task's are
        asked (`engineer_checks` less the unit's)."""
        state = self.state
        return [
            (t.id, t.name or t.id)
            for t in self.tasks
            if t.side == spec.side and not refused(lambda: task_checks(state, spec, t.id))  # noqa: B023
        ]


def open_work(tasks: dict[str, Task]) -> tuple[list[Task], set[str], set[str]]:
    """The open tasks (ENG-ACT-07), the units already on them and their sides: made once while
    the collection of tasks is in use."""
    return per_terrain(tasks, "open work", lambda: _open_work(tasks))


def _open_work(tasks: dict[str, Task]) -> tuple[list[Task], set[str], set[str]]:
    work = [t for t in tasks.values() if t.kind == "task" and t.status == "open"]
    return work, {u for t in work for u in _workers(t)}, {t.side for t in work}


def _workers(task: Task) -> set[str]:
    """The units already on the task (ENG-ACT-13)."""
    return {*task.contributors, *(c.unit for c in task.contributions)}
