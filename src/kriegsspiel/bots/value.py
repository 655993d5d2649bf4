"""How good a state is for a side, as the bots judge it: only ever of a state as their seat knows
it (its knowledge, a determinization of it, or one simulated from those).

The value is the victory score margin (`Ruleset.scores`: the side's points less the best other
side's), weighted `SCORE_WEIGHT`, plus tie-breaks for when the scores do not move in one ply:
the margin of losses, the enemy's less the side's own, each unit counted by how badly it is
hurt (`LOSS`); and, a little, how much nearer the side's units stand to the places its
`control` objectives name and the lines its `exit` objectives name than the enemy's to theirs
(`ADVANCE`), and how much more of its
multi-turn work it has done (`WORK`: engineering tasks, waterborne pontoon sites). Units a side
may not know of are not in its knowledge, so they count for nothing until they are seen; losses
never count twice once they are.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from kriegsspiel.bots import crossing
from kriegsspiel.core.outlook import result_of, scores_of
from kriegsspiel.core.sim import AnyRuleset
from kriegsspiel.core.tasks import Task
from kriegsspiel.core.victory import Control, Exit, Facts, TaskDone, counted, features, short_of

SCORE_WEIGHT = 10.0  # one victory point outweighs any tie-break of one ply
ADVANCE = 0.02  # value of an inch nearer a control objective, for each point it is worth
FAR = 48.0  # inches: no nearer unit counts as this far
WORK = 0.5  # value of a task done (its share, for work under way)
PENDING = 0.5  # units of work an engineering action declared and not yet carried out counts
TOWARDS = 0.3  # the share of a task objective's value its preparation is worth, once complete
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


def _tasks(ruleset: str, state: Any) -> Iterator[tuple[Task, float]]:
    """Each multi-turn task in `state` (core.tasks), with work declared on it and not yet
    done (an engineering action awaiting the enemy's opportunity fire) in units of work."""
    if ruleset == "engineering":
        pending = state.pending
        for task in state.tasks.values():
            declared = 0.0
            if (
                pending is not None
                and not pending.cancelled
                and pending.target
                in (
                    task.target,
                    task.id,
                )
            ):
                declared = PENDING
            yield task, declared
    elif ruleset == "waterborne":
        for site in state.sites.values():
            yield site.work, 0.0


def work(ruleset: str, state: Any) -> dict[str, float]:
    """Each side's work done on its tasks: for each task, the share of it done (1 once
    complete; declared work counting `PENDING` of a unit) times its worth: `WORK`, or for a
    task whose target a `task` objective of its side names (the preparation of a demolition
    whose blowing wins), `TOWARDS` of that objective's value."""
    out: dict[str, float] = dict.fromkeys(state.scenario.side_ids, 0.0)
    victory = state.scenario.victory
    aims: dict[tuple[str, str], float] = {}
    for objective in victory.objectives if victory is not None else ():
        if isinstance(objective, TaskDone):
            aim = objective.side, objective.target
            aims[aim] = max(TOWARDS * SCORE_WEIGHT * objective.points, aims.get(aim, 0.0))
    for task, declared in _tasks(ruleset, state):
        if task.side in out and task.required > 0:
            done = 1.0 if task.complete else (task.progress + declared) / task.required
            aimed = (aims.get((task.side, t), 0.0) for t in (task.target or "", task.id))
            worth = max(aimed)
            out[task.side] += min(done, 1.0) * (worth or WORK)
    return out


def distances(ruleset: AnyRuleset, state: Any) -> dict[str, float]:
    """Each side's distance from the places its `control` objectives name: for each, inches
    from the place's centre to the side's nearest unit that can hold ground (capped at `FAR`);
    and from the lines its `exit` objectives name, for each unit they count (`_to_exit`);
    none for a ruleset that gives no victory facts. Waterborne stands stand in features, not at
    points: their distance is counted in moves on the scenario's map (`bots.crossing`)."""
    if ruleset.name == "waterborne":
        return crossing.distances(state)
    try:
        facts = ruleset.facts(state)
    except NotImplementedError:
        return {}
    victory = facts.scenario.victory
    out: dict[str, float] = dict.fromkeys(facts.scenario.side_ids, 0.0)
    places = features(facts.scenario)
    for objective in victory.objectives if victory is not None else ():
        if isinstance(objective, Exit) and objective.side in out:
            out[objective.side] += _to_exit(objective, facts) * objective.points
            continue
        place = places.get(objective.feature) if isinstance(objective, Control) else None
        if place is None or not place.points or objective.side not in out:
            continue
        cx = sum(x for x, _ in place.points) / len(place.points)
        cy = sum(y for _, y in place.points) / len(place.points)
        near = [
            math.dist((cx, cy), p.position)
            for p in facts.units.values()
            if p.side == objective.side and p.holds and not p.out and p.position is not None
        ]
        out[objective.side] += min([FAR, *near]) * objective.points
    return out


def _to_exit(objective: Exit, facts: Facts) -> float:
    """The inches the units an `exit` objective counts have yet to go to its line (`beyond`),
    each capped at `FAR` (as is one knocked out or gone by another edge); none without a line."""
    line = objective.beyond
    if line is None:
        return 0.0
    total = 0.0
    for uid in counted(objective, facts):
        piece = facts.units[uid]
        if piece.exited == objective.edge:
            continue
        if piece.out or piece.position is None:
            total += FAR
        else:
            total += min(FAR, max(0.0, short_of(objective.edge, line, piece.position)))
    return total


def value(ruleset: AnyRuleset, state: Any, side: str) -> float:
    """How good `state` is for `side`: the score margin, weighted, plus the losses margin,
    plus `ADVANCE` a point-weighted inch nearer its control objectives than the enemy is to
    theirs, plus the worth of the work it has done more than the enemy's (`work`)."""
    scores = {s: float(v) for s, v in scores_of(ruleset, state).items()}
    lost = losses(ruleset.name, state)
    away = distances(ruleset, state)
    done = work(ruleset.name, state)
    return (
        SCORE_WEIGHT * margin(scores, side)
        - margin(lost, side)
        - ADVANCE * margin(away, side)
        + margin(done, side)
    )


def measure(ruleset: AnyRuleset, side: str) -> Callable[[Any], float]:
    """`value` for `side`, as a measure `SeatTable.outlook` takes."""
    return lambda state: round(value(ruleset, state, side), 6)


def reward(ruleset: AnyRuleset, state: Any, side: str) -> float:
    """`side`'s reward from 0 to 1 for a search: 1 for a win, 0 for a loss, ½ for a draw once
    the game has a result (`Ruleset.result`), else the value squashed into (0, 1)."""
    result = result_of(ruleset, state)
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == side)
    return squash(value(ruleset, state, side))


def squash(worth: float) -> float:
    """A value squashed into (0, 1), for a search's reward: 1/2 at 0."""
    return 0.5 + 0.5 * math.tanh(worth / SCORE_WEIGHT)


__all__ = [
    "ADVANCE",
    "LOSS",
    "SCORE_WEIGHT",
    "WORK",
    "distances",
    "losses",
    "margin",
    "measure",
    "reward",
    "squash",
    "value",
    "work",
]
