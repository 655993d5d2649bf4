"""Helpers for the tests of bridges, fortifications and Hobart's Funnies (ENG-BRIDGE, -FORT,
-FUNNY): scenarios with terrain, bridges, bridging equipment and forts, built from plain dicts as
a YAML file would be, on top of conftest's helpers.

The house tables of parent-games.md §1.5 the expected values come from:
- improve position: d10 + modifiers, 6 or more succeeds, a natural 1 always fails;
- fire (direct and indirect): d10 + strength + modifiers; <=4 none, 5-6 S, 7-8 D, 9+ KO;
- close combat: each side d10 + modifiers, the higher wins, a tie to the defender.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from conftest import SIDES, EngGame, start
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import scenario_from_data

# A stream along y = 10 from x = 0 to x = 40 (a one-span gap, ENG-BRIDGE-03).
STREAM = {"id": "stream", "kind": "stream", "points": [[0, 10], [40, 10]], "line": True}
# A river band, 2" wide, from y = 20 to y = 22.
RIVER = {"id": "river", "kind": "river", "points": [[0, 20], [40, 20], [40, 22], [0, 22]]}
# Deep water below y = 0 (ENG-FUNNY-03).
SEA = {"id": "sea", "kind": "sea", "points": [[-20, -20], [60, -20], [60, 0], [-20, 0]]}


def scenario(
    units: Iterable[Mapping[str, Any]],
    *,
    terrain: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    sides: tuple[str, ...] = SIDES,
    **sections: Iterable[Mapping[str, Any]],
) -> EngScenario:
    data: dict[str, Any] = {
        "ruleset": "engineering",
        "title": "fieldwork test",
        "sides": [{"id": s} for s in sides],
        "units": [dict(u) for u in units],
        "terrain": [dict(t) for t in terrain],
    }
    for name, items in sections.items():
        data[name] = [dict(i) for i in items]
    if options is not None:
        data["options"] = dict(options)
    built = scenario_from_data(data, "test.yaml")
    assert isinstance(built, EngScenario)
    return built


def game(
    units: Iterable[Mapping[str, Any]],
    *,
    terrain: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    sides: tuple[str, ...] = SIDES,
    **sections: Iterable[Mapping[str, Any]],
) -> EngGame:
    return start(scenario(units, terrain=terrain, options=options, sides=sides, **sections))


def troops(
    uid: str, side: str, position: tuple[float, float] | None, **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {"id": uid, "side": side, "kind": "troops"}
    if position is not None:
        data["position"] = list(position)
    return data | extra


def engineers(
    uid: str, side: str, position: tuple[float, float] | None, **extra: Any
) -> dict[str, Any]:
    return troops(uid, side, position, traits=["engineer"], **extra)


def vehicle(
    uid: str,
    side: str,
    position: tuple[float, float] | None,
    kind: str = "armoured-vehicle",
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {"id": uid, "side": side, "kind": kind}
    if position is not None:
        data["position"] = list(position)
    return data | extra


def ip_face(total: int, modifier: int) -> int:
    """The d10 face giving `total` after `modifier` on the improve position table."""
    face = total - modifier
    assert 1 <= face <= 10
    return face


def fired(game: EngGame, seat: str, action: Mapping[str, Any], *faces: int) -> list[dict[str, Any]]:
    """Act and return the events as plain dicts."""
    from conftest import do, plain

    return [plain(r.event) for r in do(game, seat, action, *faces).records]
