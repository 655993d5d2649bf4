"""What a seat knows of an `engineering` state: the state with every fact hidden from the seat
removed, or replaced by what the seat must assume. Legal actions, refusals, odds and dice prompts
for a seat are computed from this alone (design principle 3), so two states that differ only in
facts hidden from the seat give equal knowledge.

What is hidden, and what a seat assumes in its place:

- a minefield section its side does not know of (buried, or not in `known_to`): none there
  (ENG-MINE-25, AMB-ENG-13); it is met only when mines go off, by a secret roll (passage.py);
- the nature of an enemy section it knows only the place of (ENG-MINE-27): a surface-laid,
  normal-density mixed field, which is also how a dummy presents itself (ENG-MINE-13, -28);
- the enemy's lanes, sections being laid and mines left (ENG-MINE-20..24, -33..41);
- a demolition it does not know of (ENG-DEMO-03): none; one it knows of but not its own: its
  charge is there, prepared (the seat has no way to tell a dud or a removal); its preparation
  work is the owner's;
- the enemy's tasks (ENG-ACT-07) other than the scenario's public ones;
- the kind and target of an enemy engineering action it sees only as a unit working
  (ENG-ACT-08/09), unless the work itself was shown (a public task, a bridge crossing); and
  every roll sealed on declaration, for every seat but the umpire: rolled, not yet known;
- which sides spotted a fort, beyond the seat's own (ENG-FORT-20), and whether a fort of its own
  side was mapped by the enemy before the game (ENG-FORT-15);
- the game's seed.

Everything else (units, terrain, obstacles, bridges, forts, special vehicles) is on the table.
"""

from __future__ import annotations

import operator
from typing import Any, TypeVar

from msgspec.structs import replace

from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.core.secrecy import unshared
from kriegsspiel.core.tasks import Task
from kriegsspiel.rulesets.engineering.bridges.works_state import FortState
from kriegsspiel.rulesets.engineering.obstacles.obstacle_specs import default_platoon
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Minefield
from kriegsspiel.rulesets.engineering.scenario import EngScenario
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, Pending
from kriegsspiel.rulesets.engineering.terrain_cache import per_terrain

# work shown to every seat as it is declared: a defile (ENG-BRIDGE-19), an ARK, a Conger, a span;
# and a move made (BF-DEFAULT-OPFIRE)
T = TypeVar("T")
PUBLIC_WORK = ("cross-bridge", "lay-bridge", "prime-conger", "fire-conger", "build-span", "move")


# The fields that hide something from a seat (but for the pending work), read together; and per
# seat, those last read (held, so compared by identity) with what the seat knew of them.
_read = operator.attrgetter(
    "scenario",
    "tasks",
    "demolitions",
    "minefields",
    "mine_lanes",
    "layings",
    "mine_supply",
    "forts",
)
_LAST: dict[str, tuple[tuple[object, ...], dict[str, Any]]] = {}
SEATS = 64  # seats remembered at most


def knowledge(state: EngState, seat: str) -> EngState:
    """`state` as `seat` knows it (the umpire knows everything): what it knows of the fields
    that hide something is made once for successive states that share them all."""
    if seat == UMPIRE:
        return state
    read = _read(state)
    last = _LAST.get(seat)
    if last is not None and all(map(operator.is_, read, last[0])):
        known = last[1]
    else:
        if len(_LAST) >= SEATS:
            _LAST.clear()
        known = _known(state, seat)
        _LAST[seat] = (read, known)
    return replace(state, pending=_pending(state, seat), **known)


def _known(state: EngState, seat: str) -> dict[str, Any]:
    demolitions, stand_ins = _demolitions(state, seat)
    return {
        "scenario": known_scenario(state.scenario, seat),
        "minefields": _minefields(state, seat),
        "mine_lanes": _same(
            state.mine_lanes,
            {
                k: lane
                for k, lane in state.mine_lanes.items()
                if lane.side == seat or _owner(state, lane.section) == seat
            },
        ),
        "layings": _same(state.layings, {k: v for k, v in state.layings.items() if v.side == seat}),
        "mine_supply": _supply(state, seat),
        "demolitions": demolitions,
        "tasks": {**_tasks(state, seat), **stand_ins},
        "forts": _forts(state, seat),
    }


def _same(original: dict[str, T], known: dict[str, T]) -> dict[str, T]:
    """`original` itself where the seat knows all of it as it is (`known` holds the very same
    records), so that what is derived from a collection once (nearby.py) serves both."""
    if len(known) == len(original) and all(known[k] is v for k, v in original.items()):
        return original
    return known


def _forts(state: EngState, seat: str) -> dict[str, FortState]:
    """ENG-FORT-20: only its own side's spotting."""
    return _same(
        state.forts,
        {
            k: f
            if all(s == seat for s in f.spotted_by)
            else replace(f, spotted_by=tuple(s for s in f.spotted_by if s == seat))
            for k, f in state.forts.items()
        },
    )


def _owner(state: EngState, section: str) -> str | None:
    field = state.minefields.get(section)
    return field.side if field is not None else None


def knows_place(state: EngState, seat: str, field: Minefield) -> bool:
    """ENG-MINE-27: an enemy side that spotted it (or where mines went off); the public table,
    once every enemy side knows it."""
    if seat == PUBLIC:
        return set(state.order) - {field.side} <= set(field.known_to)
    return seat in field.known_to


def assumed(field: Minefield, seat: str) -> Minefield:
    """ENG-MINE-27/28, ENG-MINE-13: an enemy section known by its place only, as the seat must
    take it: surface-laid, normal density, mixed (a dummy looks exactly like this)."""
    return Minefield(
        id=field.id,
        side=field.side,
        name="",
        footprint=field.footprint,
        at="normal",
        ap="normal",
        laid="surface",
        ground=field.ground,
        known_to=field.known_to if seat == PUBLIC else (seat,),
    )


def _minefields(state: EngState, seat: str) -> dict[str, Minefield]:
    out: dict[str, Minefield] = {}
    for key, field in state.minefields.items():
        if field.side == seat:
            out[key] = field
        elif knows_place(state, seat, field):
            out[key] = assumed(field, seat)
    return _same(state.minefields, out)


def _supply(state: EngState, seat: str) -> dict[str, int]:
    """ENG-MINE-20: only its own platoons' mines."""
    platoons = {p.id for p in state.scenario.platoons if p.side == seat}
    platoons.add(default_platoon(seat))
    return {p: n for p, n in state.mine_supply.items() if p in platoons}


def _demolitions(state: EngState, seat: str) -> tuple[dict[str, Demolition], dict[str, Task]]:
    """Its own demolitions; an enemy's it knows of, prepared (or destroyed, for all to see)."""
    out: dict[str, Demolition] = {}
    tasks: dict[str, Task] = {}
    for key, demo in state.demolitions.items():
        if demo.side == seat:
            out[key] = demo
            continue
        if seat not in demo.known_to and not demo.destroyed:
            continue
        out[key] = replace(
            demo,
            prepared=not demo.destroyed,
            known_to=(seat,) if seat in demo.known_to else (),
        )
        task = state.tasks[demo.task]
        tasks[demo.task] = Task(
            task.id, task.kind, task.name, task.side, 1, target=task.target, progress=1,
            status="complete",
        )  # fmt: skip
    return out, tasks


def _public_tasks(scenario: EngScenario) -> set[str]:
    return {t.id for t in scenario.tasks if not t.secret}


def _tasks(state: EngState, seat: str) -> dict[str, Task]:
    """ENG-ACT-07: its own tasks, and the scenario's public ones."""
    public = _public_tasks(state.scenario)
    return {k: t for k, t in state.tasks.items() if t.side == seat or k in public}


def _pending(state: EngState, seat: str) -> Pending | None:
    """ENG-ACT-08/09: the enemy sees a unit working; what at, only where it was shown. No seat
    but the umpire knows a sealed roll before the work resolves."""
    pending = state.pending
    if pending is None:
        return None
    sealed = replace(pending, roll=None, rolls=())
    if state.spec(pending.unit).side == seat:
        return sealed
    shown = pending.kind in PUBLIC_WORK or (
        pending.kind == "engineer" and pending.target in _public_tasks(state.scenario)
    )
    if shown:
        return sealed
    return replace(sealed, kind="", target="", params={})


def known_scenario(scenario: EngScenario, seat: str) -> EngScenario:
    """The scenario as the seat may read it, made once per scenario and seat, so that what is
    derived from it (its tables, sides, the indexes of its features) is derived once too."""
    return per_terrain(scenario, f"known to {seat}", lambda: _scenario(scenario, seat))


def _scenario(scenario: EngScenario, seat: str) -> EngScenario:
    """The scenario as the seat may read it: no hidden placements (the state holds all that is
    on the table), its own platoons and the public tasks, forts as the seat knows them."""
    changes: dict[str, Any] = {
        "seed": None,
        "minefields": (),
        "demolitions": (),
        "bridges": tuple(replace(b, demolition=None) for b in scenario.bridges),
        "platoons": tuple(p for p in scenario.platoons if p.side == seat),
        "tasks": tuple(t for t in scenario.tasks if t.side == seat or not t.secret),
        "forts": tuple(
            replace(f, spotted_by=(), mapped=f.mapped and f.side != seat) for f in scenario.forts
        ),
    }
    return replace(scenario, **changes)


def secrets(state: EngState, seat: str) -> frozenset[str]:
    """The strings hidden from `seat` (`Ruleset.secrets`): the id, name and preparation task of
    each demolition it does not know of; the id and name of each enemy minefield section it does
    not know of, and the name of one it knows by its place only; the sections the enemy is laying,
    its lanes and its secret tasks; the keys of rolls sealed on declaration; the scenario's seed.
    Densities, types and a dummy's nature are words every seat reads elsewhere: the pairs of
    tests/engineering check those instead."""
    if seat == UMPIRE:
        return frozenset()
    out: list[str] = []
    for demo in state.demolitions.values():
        if demo.side != seat and seat not in demo.known_to and not demo.destroyed:
            task = state.tasks.get(demo.task)
            out += [demo.id, demo.name, demo.task, task.name if task else ""]
    for field in state.minefields.values():
        if field.side != seat:
            out += [field.name] if knows_place(state, seat, field) else [field.id, field.name]
    out += [k for k, lane in state.mine_lanes.items() if lane.side != seat]
    out += [lay.section for lay in state.layings.values() if lay.side != seat]
    public = _public_tasks(state.scenario)
    out += [
        s for k, t in state.tasks.items() if t.side != seat and k not in public for s in (k, t.name)
    ]
    if state.pending is not None:
        out += [r.key for r in (state.pending.roll, *state.pending.rolls) if r is not None]
    out += [state.scenario.seed or ""]
    return unshared(out, knowledge(state, seat))
