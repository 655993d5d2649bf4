"""Candidate actions for bridges, forts and special vehicles; `legal_actions` keeps those that
`perform` accepts."""

from __future__ import annotations

from collections.abc import Sequence

from kriegsspiel.rulesets.engineering.arks import LayBridge
from kriegsspiel.rulesets.engineering.base import Act
from kriegsspiel.rulesets.engineering.bobbins import FollowLane, LayBobbin
from kriegsspiel.rulesets.engineering.bridges import CrossBridge
from kriegsspiel.rulesets.engineering.bridging import LoadBridging, UnloadBridging
from kriegsspiel.rulesets.engineering.close_combat import CloseCombat
from kriegsspiel.rulesets.engineering.congers import CONGER_KINDS, FireConger, PrimeConger
from kriegsspiel.rulesets.engineering.dd_tanks import DropSkirts
from kriegsspiel.rulesets.engineering.feature_fire import Bombard, FireOn
from kriegsspiel.rulesets.engineering.forts import Spot
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.sequence import Move
from kriegsspiel.rulesets.engineering.spans import BuildSpan, t_class
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.traits import ARK, BOBBIN, BRIDGELAYER, CONGER, DD


def _through(frm: Point, at: Point) -> Point:
    """The point as far beyond `at` as `frm` is before it: a move straight across."""
    return (round(2 * at[0] - frm[0], 4), round(2 * at[1] - frm[1], 4))


def candidates(state: EngState, seat: str, units: Sequence[EngUnit]) -> list[Act]:
    out: list[Act] = []
    features = [*state.bridges, *state.bridging, *state.forts]
    lines = [t.id for t in state.scenario.terrain if t.line]
    lines += [o.id for o in state.obstacles.values() if o.kind == "ditch"]
    congerable = [t.id for t in state.scenario.terrain if t.kind in CONGER_KINDS]
    congerable += [*state.minefields, *state.obstacles]
    for u in units:
        pos = state.units[u.id].position or (0.0, 0.0)
        for b in state.bridges.values():
            out.append(CrossBridge(u.id, b.id, _through(pos, b.position or pos)))
            helpers = tuple(h.id for h in units if h.id != u.id and h.side == u.side and t_class(h))
            out += [BuildSpan(u.id, b.id), BuildSpan(u.id, b.id, helpers)]
        for e in state.bridging:
            out += [LoadBridging(u.id, e), UnloadBridging(u.id, e)]
        out += [FireOn(u.id, f) for f in features]
        out += [Bombard(u.id, t) for t in (*features, *(x.id for x in state.scenario.units))]
        out += [CloseCombat(u.id, t) for t in (*state.bridges, *state.bridging)]
        out += [CloseCombat(u.id, x.id) for x in state.scenario.units if x.side != u.side]
        if ARK in u.traits or BRIDGELAYER in u.traits:
            out += [LayBridge(u.id, line) for line in lines]
        if DD in u.traits:
            out.append(DropSkirts(u.id))
            out.append(_move_ahead(u, pos))
        if BOBBIN in u.traits:
            out.append(LayBobbin(u.id, (pos[0], pos[1] + (u.speed or 2.0) / 2)))
        if CONGER in u.traits:
            out += [PrimeConger(u.id, o) for o in congerable]
            out.append(FireConger(u.id))
        for lane in state.lanes.values():
            if lane.kind == "bobbin" and lane.path:
                out.append(FollowLane(u.id, lane.id, lane.path[-1]))
    if seat == "umpire":
        out += [Spot(f, side) for f in state.forts for side in state.order]
    return out


def _move_ahead(u: EngUnit, pos: Point) -> Act:
    """A DD swims up the table 4" (ENG-FUNNY-03)."""
    return Move(u.id, (pos[0], pos[1] + 4.0))
