"""How far a waterborne side's stands are from the places its `control` objectives name.

Waterborne stands stand in land features, not at points (WAT-GRID-01), so distance is counted
in moves on the scenario's map: a step between features `next_to` each other, between a shore
and the row of water squares along it, and between rows; a stand aboard a craft is where the
craft is (its land feature, or its square's row). Each step counts a square's inches
(`square_inches`), so the value weighs it as it weighs an inch nearer on other tables.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from kriegsspiel.core.victory import Control

Graph = dict[str, set[str]]
KILLED = frozenset({"killed", "lost"})  # stands that can no longer go anywhere


def _row(row: int) -> str:
    return f"row {row}"


def graph(scenario: Any) -> Graph:
    """The map of `scenario`: its land features and sites, and one node per row of squares."""
    rows = max(1, round(scenario.water.size[1] / scenario.options.square_inches))
    out: Graph = {}

    def link(a: str, b: str) -> None:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)

    for land in scenario.land:
        out.setdefault(land.id, set())
        for other in land.next_to:
            link(land.id, other)
        if land.shore == "south":
            link(land.id, _row(0))
        elif land.shore == "north":
            link(land.id, _row(rows - 1))
    for row in range(rows - 1):
        link(_row(row), _row(row + 1))
    for site in scenario.sites:
        link(site.id, site.bank)
    return out


def steps(map_: Graph, start: str, goals: Iterable[str]) -> dict[str, int]:
    """The fewest steps from `start` to each of `goals` it can reach."""
    wanted = set(goals)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in map_.get(node, ()):
            if nxt not in seen:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    return {g: seen[g] for g in wanted if g in seen}


def where(state: Any, uid: str) -> str | None:
    """The node of the map a stand is at: its feature, or where the craft it is aboard is."""
    stand = state.units[uid]
    if stand.place is not None:
        return str(stand.place)
    craft = state.craft.get(stand.aboard) if stand.aboard is not None else None
    if craft is None:
        return None
    if craft.cell is not None and craft.feature.startswith("water-"):
        return _row(craft.cell[1])
    return str(craft.feature)


def distances(state: Any) -> dict[str, float]:
    """Each side's distance from its `control` objectives' places, point-weighted: for each,
    the steps of its nearest stand still in the fight times a square's inches (a stand that
    cannot get there, or none, counting as the map's whole size)."""
    scenario = state.scenario
    victory = scenario.victory
    out: dict[str, float] = dict.fromkeys(scenario.side_ids, 0.0)
    inches = float(scenario.options.square_inches)
    map_ = graph(scenario)
    near: dict[str, dict[str, int]] = {}  # side -> place -> fewest steps
    for uid, stand in state.units.items():
        spec = state.specs.get(uid)
        node = where(state, uid)
        if spec is None or node is None or stand.status in KILLED:
            continue
        best = near.setdefault(spec.side, {})
        for place, n in steps(map_, node, _places(victory, spec.side)).items():
            best[place] = min(n, best.get(place, n))
    for objective in victory.objectives if victory is not None else ():
        if isinstance(objective, Control) and objective.side in out:
            n = near.get(objective.side, {}).get(objective.feature, len(map_))
            out[objective.side] += n * inches * objective.points
    return out


def _places(victory: Any, side: str) -> list[str]:
    objectives = victory.objectives if victory is not None else ()
    return [o.feature for o in objectives if isinstance(o, Control) and o.side == side]


__all__ = ["distances", "graph", "steps", "where"]
