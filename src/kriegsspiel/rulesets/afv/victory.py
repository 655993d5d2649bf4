"""What the victory conditions (core/victory.py) read of an `afv` state: each vehicle and team,
where it is and whether it is knocked out (an AFV destroyed, abandoned, left the table or with no
fit crewman; a team with no fit man), the edge a vehicle left by, and the turn of the card deck.

A vehicle's piece is made once per vehicle, and the teams' once per dict of men: successive
states share those they do not change (core/memo.py)."""

from __future__ import annotations

from kriegsspiel.core.memo import WHOLE, Memo
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Facts, Piece, Result, judge, nearest_edge
from kriegsspiel.rulesets.afv.knowledge import knowledge
from kriegsspiel.rulesets.afv.state import AfvState, Man, Vehicle

RESULTS = 10_000  # results remembered, each by the pieces of one state's facts
_VEHICLES: Memo[Piece] = Memo()
_TEAMS: Memo[dict[str, Piece]] = Memo(limit=WHOLE)
_RESULTS: Memo[tuple[Result | None]] = Memo(limit=RESULTS)


def facts(state: AfvState) -> Facts:
    vehicles = state.vehicles
    teams = _TEAMS.get(state.men)
    if teams is None:
        teams = _TEAMS.put(state.men, _teams(state))
    units: dict[str, Piece] = {}
    for spec in state.scenario.units:
        vehicle = vehicles.get(spec.id)
        if vehicle is None:
            units[spec.id] = teams[spec.id]
        else:
            piece = _VEHICLES.get(vehicle)
            if piece is None:
                piece = _VEHICLES.put(vehicle, _vehicle(state, spec.id, vehicle))
            units[spec.id] = piece
    return Facts(state.scenario, units, frozenset(), f"turn {state.turn}", state.over)


def _vehicle(state: AfvState, unit_id: str, vehicle: Vehicle) -> Piece:
    table = state.scenario.table
    spec = state.unit(unit_id)
    gone = vehicle.status == "exited"
    edge = nearest_edge(vehicle.position, table) if gone and table else None
    out = not state.unit_active(unit_id)
    return Piece(spec.side, spec.label, vehicle.position, out=out, exited=edge)


def _teams(state: AfvState) -> dict[str, Piece]:
    fit: dict[str, list[Man]] = {}
    for m in state.men.values():
        if m.fit:
            fit.setdefault(m.unit, []).append(m)
    out: dict[str, Piece] = {}
    for spec in state.scenario.units:
        if spec.id not in state.vehicles:
            men = fit.get(spec.id, [])
            where = men[0].position if men else None
            out[spec.id] = Piece(spec.side, spec.label, where, out=not men)
    return out


def result(state: AfvState) -> Result | None:
    """`Ruleset.result` (core/victory.py `decide`), for `over` and the views: remembered by the
    facts it was judged on (every piece, the clock, the end) when the public display's were not
    needed, as they mostly are not; successive states mostly read alike."""
    told = facts(state)
    key = (tuple(told.units.values()), told.clock, told.ended)
    hit = _RESULTS.get(state.scenario, key)
    if hit is not None:
        return hit[0]
    public: list[Facts] = []

    def seen() -> Facts:
        public.append(facts(knowledge(state, PUBLIC)))
        return public[0]

    got = judge(told, seen)
    if not public:
        _RESULTS.put(state.scenario, (got,), key)
    return got
