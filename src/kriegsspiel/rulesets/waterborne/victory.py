"""What the victory conditions (core/victory.py) read of a `waterborne` state: each stand, the
land feature or site it stands in (none while aboard) and whether it is knocked out (killed),
the pontoon bridges and ferries built (open to traffic, launched), and the initiative."""

from __future__ import annotations

from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Facts, Piece, Result, decide, sudden_death
from kriegsspiel.rulesets.waterborne.knowledge import knowledge
from kriegsspiel.rulesets.waterborne.state import WatState


def facts(state: WatState) -> Facts:
    specs = state.specs
    units = {
        uid: Piece(spec.side, spec.name or uid, None, place=unit.place, out=unit.status == "killed")
        for uid, unit in state.units.items()
        if (spec := specs.get(uid)) is not None
    }
    done = frozenset((k, "built") for k, site in state.sites.items() if site.ready)
    return Facts(state.scenario, units, done, f"initiative {state.initiative}", state.over)


def over(state: WatState) -> bool:
    """`Ruleset.over`: with no decisive objective (VICTORY-DECISIVE) only the scenario's
    initiatives end the game (VICTORY-END), so the facts need not be read."""
    if not sudden_death(state.scenario):
        return state.over
    return result(state) is not None


def result(state: WatState) -> Result | None:
    """`Ruleset.result`, for the views' `over`."""
    return decide(state, facts, lambda s: knowledge(s, PUBLIC))
