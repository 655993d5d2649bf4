"""Helpers for the minefield and obstacle tests: scenarios with `minefields:`, `wire:`,
`ditches:`, `at_obstacles:`, `bocage:`, `roadblocks:` and `platoons:`, and the dice faces of the
house passage chart, derived from its text.

parent-games.md §1.5 DEFAULT minefield passage chart: d10 + modifiers; 1 or less knocked out,
2-3 disordered, 4-5 halted, 6 or more traverse. Improve position: d10 + dr + modifiers, 6+
succeeds, a natural 1 fails. Bog-down: d10 + dr, 1 or less bogs down.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from conftest import GERMAN, US, EngGame, do, end_phase, events_tagged, scenario_data, start, unit
from kriegsspiel.core.checks import Check
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Minefield
from kriegsspiel.scenario.load import scenario_from_data

PASSAGE_BANDS: dict[str, tuple[int | None, int | None]] = {
    "knocked-out": (None, 1),
    "disordered": (2, 3),
    "halted": (4, 5),
    "traverse": (6, None),
}
SECTIONS = (
    "minefields",
    "wire",
    "ditches",
    "at_obstacles",
    "bocage",
    "roadblocks",
    "platoons",
    "terrain",
)


def passage_face(outcome: str, modifier: int) -> int:
    """A d10 face giving `outcome` on the passage chart with this modifier total."""
    low, high = PASSAGE_BANDS[outcome]
    total = high if high is not None else low
    assert total is not None
    face = min(max(total - modifier, 1), 10)
    assert low is None or face + modifier >= low
    assert high is None or face + modifier <= high
    return face


def scenario(
    units: Iterable[Mapping[str, Any]],
    *,
    options: Mapping[str, Any] | None = None,
    tables: Mapping[str, Any] | None = None,
    terrain_effects: Mapping[str, Any] | None = None,
    **sections: Iterable[Mapping[str, Any]],
) -> EngScenario:
    data = scenario_data(units, options=options)
    for name, items in sections.items():
        assert name in SECTIONS, name
        data[name] = [dict(i) for i in items]
    if tables is not None:
        data["tables"] = dict(tables)
    if terrain_effects is not None:
        data["terrain_effects"] = dict(terrain_effects)
    built = scenario_from_data(data, "test.yaml")
    assert isinstance(built, EngScenario)
    return built


def game(
    units: Iterable[Mapping[str, Any]],
    *,
    options: Mapping[str, Any] | None = None,
    tables: Mapping[str, Any] | None = None,
    terrain_effects: Mapping[str, Any] | None = None,
    seed: str = "test-seed",
    **sections: Iterable[Mapping[str, Any]],
) -> EngGame:
    built = scenario(
        units, options=options, tables=tables, terrain_effects=terrain_effects, **sections
    )
    return start(built, seed)


def field(fid: str, at: tuple[float, float], side: str = GERMAN, **kw: Any) -> dict[str, Any]:
    return {"id": fid, "side": side, "position": list(at), **kw}


def placed(fid: str, at: tuple[float, float], **kw: Any) -> dict[str, Any]:
    return {"id": fid, "position": list(at), **kw}


def engineers(uid: str, at: tuple[float, float], side: str = US, **kw: Any) -> dict[str, Any]:
    return unit(uid, side, engineer=True, position=at, **kw)


def troops(uid: str, at: tuple[float, float] | None, side: str = US, **kw: Any) -> dict[str, Any]:
    return unit(uid, side, position=at, **kw)


def tank(uid: str, at: tuple[float, float], side: str = US, **kw: Any) -> dict[str, Any]:
    return unit(uid, side, kind="armoured-vehicle", position=at, **kw)


def us_turn(g: EngGame, turn: int = 1) -> None:
    """End phases until the US maneuver phase of game turn `turn` (the Germans move first)."""
    while (g.state.turn, g.state.phasing, g.state.phase) != (turn, US, "maneuver"):
        end_phase(g)


def next_us_turn(g: EngGame) -> None:
    us_turn(g, g.state.turn + 1)


def act(g: EngGame, action: str, *faces: int, seat: str = US, **fields: Any) -> Any:
    return do(g, seat, {"action": action, **fields}, *faces)


def section(g: EngGame, fid: str) -> Minefield:
    return g.state.minefields[fid]


def modifiers(check: Check) -> dict[str, int]:
    """A check's modifiers by rule ID (summed where a rule gives more than one)."""
    out: dict[str, int] = {}
    for m in check.modifiers:
        out[m.rule] = out.get(m.rule, 0) + m.value
    return out


def events(entry: Any, tag: str) -> list[dict[str, Any]]:
    return events_tagged(entry, tag)


def tenths(*chances: int) -> dict[str, Fraction]:
    """Fire odds in tenths: no effect, suppressed, disordered, knocked out (zeros left out)."""
    outcomes = ("no-effect", "suppressed", "disordered", "knocked-out")
    return {o: Fraction(c, 10) for o, c in zip(outcomes, chances, strict=True) if c}


def fire_odds(g: EngGame, seat: str, action: str, **fields: Any) -> dict[str, Fraction]:
    """The exact odds of one shot (`fire`, `bombard`) by its result: "m1 fires at r1: suppressed"
    counts for "suppressed"."""
    odds = g.odds(seat, {"action": action, **fields})
    assert odds.exact
    out: dict[str, Fraction] = {}
    for o in odds.outcomes:
        assert o.probability is not None
        result = o.summary.rpartition(": ")[2]
        out[result] = out.get(result, Fraction(0)) + o.probability
    return out
