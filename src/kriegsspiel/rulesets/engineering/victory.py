"""What the victory conditions (core/victory.py) read of an `engineering` state: every unit's
place and whether it is knocked out, the work done (tasks, demolitions blown, bridges built or
blown, forts destroyed, obstacles and minefields breached) and the Battlefront turn."""

from __future__ import annotations

import operator

from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Facts, Piece, Result, decide, judge, sudden_death
from kriegsspiel.rulesets.engineering.knowledge import knowledge
from kriegsspiel.rulesets.engineering.state import EngState
from kriegsspiel.rulesets.engineering.terrain_cache import per_terrain

UNBROKEN = ("intact", "present")  # an obstacle's conditions before it is breached
UNDECIDED = 4096  # facts remembered per scenario as deciding nothing, at most
# what the facts are read from; the last fields found to decide nothing (held: by identity)
_read = operator.attrgetter(
    "scenario",
    "specs",
    "units",
    "tasks",
    "demolitions",
    "bridges",
    "forts",
    "obstacles",
    "mine_lanes",
)
_last: list[tuple[object, ...]] = []


def facts(state: EngState) -> Facts:
    units = {
        uid: Piece(spec.side, spec.label, unit.position, out=unit.status == "knocked-out")
        for uid, unit in state.units.items()
        if (spec := state.specs.get(uid)) is not None
    }
    done = {(k, "done") for k, t in state.tasks.items() if t.status == "complete"}
    done |= {(k, "blown") for k, d in state.demolitions.items() if d.destroyed}
    done |= {(k, "built") for k, b in state.bridges.items() if b.complete}
    done |= {(k, "blown") for k, b in state.bridges.items() if b.destroyed}
    done |= {(k, "destroyed") for k, f in state.forts.items() if not f.standing}
    done |= {(k, "breached") for k, o in state.obstacles.items() if o.condition not in UNBROKEN}
    done |= {
        (lane.section, "breached") for lane in state.mine_lanes.values() if lane.kind == "cleared"
    }
    return Facts(state.scenario, units, frozenset(done), f"turn {state.turn}", state.over)


def over(state: EngState) -> bool:
    """`Ruleset.over`: with no decisive objective (VICTORY-DECISIVE) only the scenario's turns
    end the game (VICTORY-END), so the facts need not be read. Facts that decided nothing
    without the public display's knowledge (`core.victory.judge` asks for it only when a
    decisive objective may hold) decide nothing again: they are remembered per scenario, and
    the very fields they were last read from."""
    if state.over:
        return True  # VICTORY-END
    if not sudden_death(state.scenario):
        return False
    fields = _read(state)
    if _last and all(map(operator.is_, fields, _last[0])):
        return False
    read = facts(state)
    key = (tuple(read.units.items()), read.done)
    undecided: set[object] = per_terrain(state.scenario, "undecided", set)
    if key in undecided:
        _last[:] = [fields]
        return False
    asked = []

    def public() -> Facts:
        asked.append(True)
        return facts(knowledge(state, PUBLIC))

    if judge(read, public) is not None:
        return True
    if not asked:
        if len(undecided) >= UNDECIDED:
            undecided.clear()
        undecided.add(key)
        _last[:] = [fields]
    return False


def result(state: EngState) -> Result | None:
    """`Ruleset.result`."""
    return decide(state, facts, lambda s: knowledge(s, PUBLIC))
