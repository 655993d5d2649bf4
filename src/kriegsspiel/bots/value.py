"""How good a state is for a side, as the bots judge it: only ever of a state as their seat knows
it (its knowledge, a determinization of it, or one simulated from those).

The value is the victory score margin (`Ruleset.scores`: the side's points less the best other
side's), weighted `SCORE_WEIGHT`, plus a tie-break for when the scores do not move in one ply:
the margin of losses, the enemy's less the side's own, each unit counted by how badly it is
hurt (`LOSS`). Units a side may not know of are not in its knowledge, so they count for nothing
until they are seen; losses never count twice once they are.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from kriegsspiel.core.outlook import result_of, scores_of
from kriegsspiel.core.sim import AnyRuleset

SCORE_WEIGHT = 10.0  # one victory point outweighs any tie-break of one ply
# what a unit in each condition counts as lost, by ruleset
LOSS: dict[str, dict[str, float]] = {
    "engineering": {"knocked-out": 1.0, "disordered": 0.5, "suppressed": 0.25},
    "waterborne": {"killed": 1.0, "lost": 1.0, "suppressed": 0.25, "pinned": 0.15},
    "afv": {"destroyed": 1.0, "abandoned": 1.0, "killed": 0.3, "serious": 0.2, "light": 0.05},
    "abilities": {"dispersed": 1.0, "suppressed": 0.25, "dp": 0.1},
}


def _conditions(ruleset: str, state: Any) -> Iterator[tuple[str, str, float]]:
    """(side, condition, how many) of each hurt unit, vehicle, man or craft in `state`."""
    if ruleset == "engineering":
        for uid, u in state.units.items():
            yield state.specs[uid].side, u.status, 1.0
    elif ruleset == "waterborne":
        for uid, stand in state.units.items():
            yield state.specs[uid].side, stand.status, 1.0
        for craft in state.craft.values():
            yield craft.side, craft.status, 1.0
    elif ruleset == "afv":
        for v in state.vehicles.values():
            yield v.side, v.status, 1.0
        for man in state.men.values():
            yield man.side, man.status, 1.0
    elif ruleset == "abilities":
        for uid, u in state.units.items():
            side = state.specs[uid].side
            if u.dispersed:
                yield side, "dispersed", 1.0
            elif u.suppressed:
                yield side, "suppressed", 1.0
            yield side, "dp", float(u.dp)


def losses(ruleset: str, state: Any) -> dict[str, float]:
    """Each side's losses in `state`, weighted by `LOSS`."""
    weights = LOSS.get(ruleset, {})
    out: dict[str, float] = dict.fromkeys(state.scenario.side_ids, 0.0)
    for side, condition, count in _conditions(ruleset, state):
        if side in out:
            out[side] += weights.get(condition, 0.0) * count
    return out


def margin(values: dict[str, float], side: str) -> float:
    """`side`'s value less the best of the other sides'."""
    others = [v for s, v in values.items() if s != side]
    return values.get(side, 0.0) - (max(others) if others else 0.0)


def value(ruleset: AnyRuleset, state: Any, side: str) -> float:
    """How good `state` is for `side`: the score margin, weighted, plus the losses margin."""
    scores = {s: float(v) for s, v in scores_of(ruleset, state).items()}
    lost = losses(ruleset.name, state)
    return SCORE_WEIGHT * margin(scores, side) - margin(lost, side)


def measure(ruleset: AnyRuleset, side: str) -> Callable[[Any], float]:
    """`value` for `side`, as a measure `SeatTable.outlook` takes."""
    return lambda state: round(value(ruleset, state, side), 6)


def reward(ruleset: AnyRuleset, state: Any, side: str) -> float:
    """`side`'s reward from 0 to 1 for a search: 1 for a win, 0 for a loss, ½ for a draw once
    the game has a result (`Ruleset.result`), else the value squashed into (0, 1)."""
    result = result_of(ruleset, state)
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == side)
    return 0.5 + 0.5 * math.tanh(value(ruleset, state, side) / SCORE_WEIGHT)


__all__ = ["LOSS", "SCORE_WEIGHT", "losses", "margin", "measure", "reward", "value"]
