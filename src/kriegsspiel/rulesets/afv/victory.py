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


class _Units:
    """The pieces of one dict of vehicles and one of men, in the scenario's order, and the
    results judged on them, by turn and end."""

    def __init__(self, state: AfvState) -> None:
        self.men, self.scenario = state.men, state.scenario
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
        self.units = units
        self.pieces = tuple(units.values())
        self.results: dict[tuple[int, bool], tuple[Result | None]] = {}


_UNITS: Memo[_Units] = Memo(limit=WHOLE)


def _units(state: AfvState) -> _Units:
    got = _UNITS.get(state.vehicles)
    if got is None or got.men is not state.men or got.scenario is not state.scenario:
        got = _UNITS.put(state.vehicles, _Units(state))
    return got


def facts(state: AfvState) -> Facts:
    return _facts(state, _units(state))


def _facts(state: AfvState, units: _Units) -> Facts:
    return Facts(state.scenario, units.units, frozenset(), f"turn {state.turn}", state.over)


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
    facts it was judged on (every piece, the turn, the end) when the public display's were not
    needed, as they mostly are not; successive states mostly read alike."""
    units = _units(state)
    when = (state.turn, state.over)
    got = units.results.get(when)
    if got is not None:
        return got[0]
    key = (units.pieces, *when)
    got = _RESULTS.get(state.scenario, key)
    if got is None:
        judged, public = _judge(state, units)
        if public:  # decided on what the public display sees as well: not remembered
            return judged
        got = _RESULTS.put(state.scenario, (judged,), key)
    units.results[when] = got
    return got[0]


def _judge(state: AfvState, units: _Units) -> tuple[Result | None, bool]:
    """The result, and whether the public display's facts were read for it."""
    public: list[Facts] = []

    def seen() -> Facts:
        public.append(facts(knowledge(state, PUBLIC)))
        return public[0]

    return judge(_facts(state, units), seen), bool(public)
