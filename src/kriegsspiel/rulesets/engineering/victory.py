"""What the victory conditions (core/victory.py) read of an `engineering` state: every unit's
place and whether it is knocked out, the work done (tasks, demolitions blown, bridges built or
blown, forts destroyed, obstacles and minefields breached) and the Battlefront turn."""

from __future__ import annotations

from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Facts, Piece, Result, decide
from kriegsspiel.rulesets.engineering.knowledge import knowledge
from kriegsspiel.rulesets.engineering.state import EngState

UNBROKEN = ("intact", "present")  # an obstacle's conditions before it is breached


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


def result(state: EngState) -> Result | None:
    """`Ruleset.result`, for the views' `over`."""
    return decide(state, facts, lambda s: knowledge(s, PUBLIC))
