"""What the victory conditions (core/victory.py) read of an `afv` state: each vehicle and team,
where it is and whether it is knocked out (an AFV destroyed, abandoned, left the table or with no
fit crewman; a team with no fit man), the edge a vehicle left by, and the turn of the card deck."""

from __future__ import annotations

from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Facts, Piece, Result, decide, nearest_edge
from kriegsspiel.rulesets.afv.knowledge import knowledge
from kriegsspiel.rulesets.afv.state import AfvState


def facts(state: AfvState) -> Facts:
    table = state.scenario.table
    units: dict[str, Piece] = {}
    for spec in state.scenario.units:
        vehicle = state.vehicles.get(spec.id)
        if vehicle is not None:
            gone = vehicle.status == "exited"
            edge = nearest_edge(vehicle.position, table) if gone and table else None
            out = not state.unit_active(spec.id)
            units[spec.id] = Piece(spec.side, spec.label, vehicle.position, out=out, exited=edge)
            continue
        fit = [m for m in state.men.values() if m.unit == spec.id and m.fit]
        where = fit[0].position if fit else None
        units[spec.id] = Piece(spec.side, spec.label, where, out=not fit)
    return Facts(state.scenario, units, frozenset(), f"turn {state.turn}", state.over)


def result(state: AfvState) -> Result | None:
    """`Ruleset.result`, for the views' `over`."""
    return decide(state, facts, lambda s: knowledge(s, PUBLIC))
