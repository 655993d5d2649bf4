"""Victory conditions: the neutral vocabulary of a scenario's `victory:` section, its scoring and
the `Result` of a game.

An objective scores `points` for its `side` while it holds, and a `decisive` one ends the game
the moment it holds, its side winning (sudden death). Otherwise the game ends when the ruleset's
own length runs out (its clock: turns, initiatives, cards and turns, Command Pulse turns), and
the side with the most points wins by at least the `margin`; else it is a draw. The kinds:

- `control`: a place (a terrain feature, or a ruleset's own: a bridge, a fort, a site) held by
  the side: one of its units still in the fight on it, and none of any other side's;
- `knock-out`: enemy units knocked out (all of the other sides' if none are named), per unit;
- `exit`: the side's units beyond a line near a table edge (`edge`, `beyond`) or gone off the
  table by it, per unit;
- `task`: a piece of work done (`target` and what was `done` to it: "built", "blown",
  "breached", ... as the ruleset lists for its scenario's things);
- `total`: the side's points reaching a total (decisive, scoring nothing itself).

A ruleset supplies the facts these read from any state through one hook,
`Ruleset.victory_facts(state) -> Facts` (the units' sides, places and whether knocked out, the
tasks done, where its clock stands and whether its length has run out), and its scenario class
names the places and tasks an objective may refer to (`ScenarioBase.victory_features`,
`victory_tasks`), so the section is validated with the rest of the scenario. Nothing here knows
any ruleset.

Secrets: scores computed on a seat's knowledge count only what that seat knows. A decisive
objective ends the game once it holds and every seat can see it does (on the public display's
knowledge too), so the end, a public fact, comes of nothing hidden; what the game going on can
tell is that a place every seat sees held is contested by something hidden. At the end the
result counts every fact and is told to every seat.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

import msgspec

from kriegsspiel.core.convert import ID_PATTERN
from kriegsspiel.core.kept import kept
from kriegsspiel.errors import InputError

if TYPE_CHECKING:
    from kriegsspiel.core.scenario import ScenarioBase

Point = tuple[float, float]
T = TypeVar("T")  # a ruleset's state
Edge = Literal["north", "south", "east", "west"]
Points = Annotated[int, msgspec.Meta(ge=0)]


class Objective(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind", kw_only=True
):
    side: str  # who it scores for
    points: Points = 1  # while it holds (each unit, for knock-out and exit)
    decisive: bool = False  # the game ends, `side` winning, the moment it holds
    name: str = ""  # how the result calls it; else it is described from its fields


class Control(Objective, frozen=True, kw_only=True, tag="control"):
    feature: str  # a terrain feature's id, or a place the ruleset names
    radius: Annotated[float, msgspec.Meta(ge=0)] = 2.0  # inches from a point or a line


class KnockOut(Objective, frozen=True, kw_only=True, tag="knock-out"):
    units: tuple[str, ...] = ()  # the enemy units counted; none named: all the other sides'
    needed: Annotated[int, msgspec.Meta(ge=1)] | None = None  # decisive at this many; else all


class Exit(Objective, frozen=True, kw_only=True, tag="exit"):
    edge: Edge  # north is +y
    # a line near the edge: a unit standing beyond it counts, as one that left by the edge does
    # (y >= beyond for north, y <= for south, x >= for east, x <= for west)
    beyond: float | None = None
    units: tuple[str, ...] = ()  # the side's units counted; none named: all of them
    needed: Annotated[int, msgspec.Meta(ge=1)] | None = None


class TaskDone(Objective, frozen=True, kw_only=True, tag="task"):
    target: str  # the thing worked on: a task, bridge, demolition, fort, obstacle ...
    done: str  # what was done to it, a word the ruleset lists for the target


class Total(Objective, frozen=True, kw_only=True, tag="total"):
    total: Annotated[int, msgspec.Meta(ge=1)]
    points: Points = 0
    decisive: bool = True


AnyObjective = Control | KnockOut | Exit | TaskDone | Total


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A place of the victory conditions' own, for `control`: a polygon, a line or a point."""

    id: Annotated[str, msgspec.Meta(pattern=ID_PATTERN)]
    points: tuple[Point, ...] = ()
    name: str = ""
    line: bool = False


class Victory(msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True):  # `kept`
    objectives: tuple[AnyObjective, ...] = ()
    areas: tuple[Area, ...] = ()  # places to hold besides the scenario's features
    margin: Annotated[int, msgspec.Meta(ge=1)] = 1  # the lead that wins at the end; less: a draw

    @kept
    def decisive(self) -> tuple[tuple[AnyObjective, ...], bool, bool]:
        """The decisive objectives, whether a `total` is among them, and whether a place is at
        stake among them. Every seat's knowledge of knock-outs, exits and work done is part of
        the truth, so those hold for every seat only if they hold: the public facts are read
        only when one does, or when a place is at stake (a side may seem to hold it, contested
        by a hidden unit)."""
        decisive = tuple(o for o in self.objectives if o.decisive)
        places = {o.side for o in self.objectives if isinstance(o, Control)}
        at_stake = any(
            isinstance(o, Control) or (isinstance(o, Total) and o.side in places) for o in decisive
        )
        return decisive, any(isinstance(o, Total) for o in decisive), at_stake


NO_VICTORY = Victory()  # a scenario without a victory section: its length decides


class Result(msgspec.Struct, frozen=True):
    winner: str | None  # a side id; None: a draw
    scores: dict[str, int]  # each side's points
    reasons: tuple[str, ...]  # plain words, naming places and units by name


@dataclass(frozen=True)
class Place:
    """A place an objective may name: its outline (a polygon, a line or a point)."""

    name: str
    points: tuple[Point, ...]
    line: bool = False

    @cached_property
    def box(self) -> tuple[float, float, float, float]:
        """The least and greatest x and y of its points (it has some)."""
        xs, ys = [x for x, _ in self.points], [y for _, y in self.points]
        return min(xs), min(ys), max(xs), max(ys)


class Piece(msgspec.Struct, frozen=True):
    """One unit as the victory conditions read it."""

    side: str
    name: str
    position: Point | None  # None: off the table (not placed, in reserve, carried)
    place: str | None = None  # the feature it stands in, where a ruleset places units by feature
    out: bool = False  # knocked out: destroyed, routed, abandoned, or gone off the table
    exited: Edge | None = None  # the table edge it left by, where the ruleset has units leave
    holds: bool = True  # can hold ground (not out; a ruleset may also leave out vehicles afloat)


@dataclass(frozen=True)
class Facts:
    """What a ruleset tells of one state for its victory conditions (`Ruleset.victory_facts`)."""

    scenario: ScenarioBase
    units: Mapping[str, Piece]
    done: frozenset[tuple[str, str]]  # (target id, what was done to it): the tasks done
    clock: str  # where the clock stands, in the ruleset's words ("turn 6", "initiative 12")
    ended: bool  # the ruleset's own game length has run out
    held: dict[tuple[str, float], str | None] = field(
        default_factory=dict, compare=False, repr=False
    )  # `controller` of each (place, radius) asked of these facts, found once


# -- validation ------------------------------------------------------------------------------


def validate(victory: Victory, scenario: ScenarioBase, where: str) -> None:
    """What the schema cannot check: every side, unit, place and task named exists."""
    sides = scenario.side_ids
    units = {u.id: u.side for u in scenario.units}
    seen: set[str] = set()
    for i, area in enumerate(victory.areas):
        here = f"{where}: victory.areas[{i}]"
        if area.id in seen or area.id in scenario.victory_features():
            if area.id in seen:
                raise InputError(f"{here}.id", f"duplicate id {area.id!r}")
            raise InputError(f"{here}.id", f"{area.id!r} is already a feature's id")
        seen.add(area.id)
        n = len(area.points)
        if n == 0 or (area.line and n < 2) or (not area.line and n == 2):
            raise InputError(f"{here}.points", "a point, a line of 2+ or a polygon of 3+ points")
    places = features(scenario)
    tasks = scenario.victory_tasks()
    for i, o in enumerate(victory.objectives):
        here = f"{where}: victory.objectives[{i}]"
        if o.side not in sides:
            raise InputError(f"{here}.side", f"unknown side {o.side!r} (sides: {_ls(sides)})")
        if isinstance(o, Control) and o.feature not in places:
            raise InputError(f"{here}.feature", f"unknown feature {o.feature!r} ({_some(places)})")
        if isinstance(o, KnockOut | Exit):
            own = isinstance(o, Exit)
            for j, unit in enumerate(o.units):
                if unit not in units:
                    raise InputError(f"{here}.units[{j}]", f"unknown unit {unit!r}")
                if (units[unit] == o.side) != own:
                    whose = "its own side's" if own else "an enemy"
                    raise InputError(f"{here}.units[{j}]", f"{unit!r} is not {whose} unit")
            counted = len(o.units) or sum(1 for s in units.values() if (s == o.side) == own)
            if o.needed is not None and o.needed > counted:
                raise InputError(f"{here}.needed", f"only {counted} unit(s) can count")
        if isinstance(o, TaskDone):
            if o.target not in tasks:
                raise InputError(f"{here}.target", f"unknown task {o.target!r} ({_some(tasks)})")
            words = tasks[o.target][1]
            if o.done not in words:
                raise InputError(
                    f"{here}.done",
                    f"{o.target!r} can be {' or '.join(sorted(words))}, not {o.done!r}",
                )


def features(scenario: ScenarioBase) -> dict[str, Place]:
    """Every place a `control` objective may name: the scenario's and the section's areas
    (kept on the scenario: `ScenarioBase.victory_places`)."""
    return scenario.victory_places


def find_places(scenario: ScenarioBase) -> dict[str, Place]:
    """`features`, computed."""
    out = scenario.victory_features()
    for area in scenario.victory.areas if scenario.victory else ():
        out[area.id] = Place(area.name or area.id, area.points, area.line)
    return out


def nearest_edge(at: Point, table: tuple[float, float]) -> Edge:
    """The table edge nearest a point (a table `table[0]` wide in x and `table[1]` deep in y)."""
    width, depth = table
    gaps: dict[Edge, float] = {
        "south": at[1], "north": depth - at[1], "west": at[0], "east": width - at[0]
    }  # fmt: skip
    return min(gaps, key=lambda e: gaps[e])


def _ls(items: Iterable[str]) -> str:
    return ", ".join(sorted(items))


def _some(names: Mapping[str, object]) -> str:
    return f"known: {_ls(names)}" if names else "this scenario has none"


# -- scoring ---------------------------------------------------------------------------------


def scores(facts: Facts) -> dict[str, int]:
    """VICTORY-SCORE: each side's points in the state the facts were read from."""
    out = dict.fromkeys(facts.scenario.side_ids, 0)
    victory = facts.scenario.victory
    for objective in victory.objectives if victory else ():
        out[objective.side] += objective.points * _count(objective, facts)
    return out


def decide(state: T, facts: Callable[[T], Facts], public: Callable[[T], T]) -> Result | None:
    """A ruleset's result of `state` (`Ruleset.result`): its `facts`, and when a decisive
    objective must be judged, those of the `public` display's knowledge of it."""
    return judge(facts(state), lambda: facts(public(state)))


def judge(facts: Facts, public: Facts | Callable[[], Facts] | None = None) -> Result | None:
    """The result of the state `facts` were read from, or None while the game goes on: a
    decisive objective ends it at once when it holds and every seat can see it does (the
    `public` facts, or a function giving them; the facts themselves if None); else the end of
    the ruleset's length."""
    scenario = facts.scenario
    victory = scenario.victory or NO_VICTORY
    decided = _decided(victory, facts, public)
    if not decided and not facts.ended:
        return None
    points = scores(facts)  # VICTORY-END: every fact counts in the result
    reasons = [_reason(o, facts) for o in victory.objectives if o.points and _count(o, facts)]
    winners = sorted({o.side for o in decided}, key=scenario.side_ids.index)
    if decided:
        reasons += [f"{_name(o, facts)}: the game ends at {facts.clock}" for o in decided]
        winner = winners[0] if len(winners) == 1 else None  # VICTORY-DECISIVE: two, a draw
    else:
        winner = _leader(points, victory.margin)  # VICTORY-END
        reasons.append(f"the game ended after {facts.clock}")
    board = ", ".join(f"{scenario.side_name(s)} {points[s]}" for s in scenario.side_ids)
    verdict = f"{scenario.side_name(winner)} wins" if winner else "a draw"
    reasons.append(f"{verdict} ({board})")
    return Result(winner, points, tuple(reasons))


def _decided(
    victory: Victory, facts: Facts, public: Facts | Callable[[], Facts] | None
) -> list[AnyObjective]:
    """VICTORY-DECISIVE: the decisive objectives that hold, as every seat can see."""
    decisive, totals, at_stake = victory.decisive
    if not decisive:
        return []
    points = scores(facts) if totals else {}
    held = [o for o in decisive if _holds(o, facts, facts, points.get(o.side, 0))]
    if public is None or not (held or at_stake):
        return held if public is None else []
    seen = public() if callable(public) else public
    seen_points = scores(seen) if points else {}
    return [o for o in decisive if _holds(o, seen, facts, seen_points.get(o.side, 0))]


def sudden_death(scenario: ScenarioBase) -> bool:
    """Whether a decisive objective may end the game (VICTORY-DECISIVE); without one only the
    ruleset's own length does (VICTORY-END), so a ruleset's `over` need read no facts."""
    victory = scenario.victory
    return victory is not None and bool(victory.decisive[0])


def _leader(points: Mapping[str, int], margin: int) -> str | None:
    ranked = sorted(points.items(), key=lambda kv: -kv[1])
    if len(ranked) < 2 or ranked[0][1] - ranked[1][1] >= margin:
        return ranked[0][0] if ranked else None
    return None


def _holds(objective: AnyObjective, facts: Facts, truth: Facts, side_points: int) -> bool:
    """Whether `objective` holds on `facts`; a knock-out or exit of all its units needs all
    there truly are (`truth`), not only those a seat knows of."""
    if isinstance(objective, Total):
        return side_points >= objective.total
    if isinstance(objective, KnockOut | Exit):
        needed = objective.needed or len(counted(objective, truth))
        return _count(objective, facts) >= needed
    return _count(objective, facts) > 0


def _count(objective: AnyObjective, facts: Facts) -> int:
    """How many times the objective holds now: 0 or 1, or the units it counts."""
    if isinstance(objective, Control):
        return int(controller(objective, facts) == objective.side)
    if isinstance(objective, TaskDone):
        return int((objective.target, objective.done) in facts.done)
    if isinstance(objective, KnockOut):  # `_achieved`, counted without a list
        units = facts.units
        if objective.units:
            return sum(1 for u in objective.units if u in units and units[u].out)
        side = objective.side
        return sum(1 for p in units.values() if p.out and p.side != side)
    if isinstance(objective, Exit):
        return len(_achieved(objective, facts))
    return 0


def counted(objective: KnockOut | Exit, facts: Facts) -> list[str]:
    """The units a knock-out or exit objective counts, of those in the facts: those it names,
    else every other side's (knock-out) or every one of its side's (exit)."""
    if objective.units:
        return [u for u in objective.units if u in facts.units]
    own = isinstance(objective, Exit)
    return [k for k, p in facts.units.items() if (p.side == objective.side) == own]


def _achieved(objective: KnockOut | Exit, facts: Facts) -> list[str]:
    units = facts.units
    if isinstance(objective, KnockOut):
        return [u for u in counted(objective, facts) if units[u].out]
    test = _beyond(objective)
    return [u for u in counted(objective, facts) if _there(objective.edge, units[u], test)]


def _there(edge: Edge, piece: Piece, test: Callable[[Point], bool] | None) -> bool:
    """VICTORY-EXIT: gone by the edge, or standing beyond the line and not knocked out."""
    if piece.exited is not None or piece.out:
        return piece.exited == edge
    return test is not None and piece.position is not None and test(piece.position)


def _beyond(objective: Exit) -> Callable[[Point], bool] | None:
    line, edge = objective.beyond, objective.edge
    if line is None:
        return None
    return lambda p: short_of(edge, line, p) <= 0


def short_of(edge: Edge, line: float, at: Point) -> float:
    """Inches from `at` to an exit's `line`, towards its `edge` (0 or less: beyond it)."""
    if edge == "north":
        return line - at[1]
    if edge == "south":
        return at[1] - line
    if edge == "east":
        return line - at[0]
    return at[0] - line


def controller(objective: Control, facts: Facts) -> str | None:
    """VICTORY-CONTROL: the side holding the objective's place, the only side with a unit on
    it that can hold ground; None if no side or several have one."""
    asked = objective.feature, objective.radius
    if asked in facts.held:
        return facts.held[asked]
    place = features(facts.scenario).get(objective.feature)
    if place is None:  # not in what this seat knows of the scenario
        return None
    sides = {
        p.side
        for p in facts.units.values()
        if p.holds and not p.out and _stands_on(p, objective.feature, place, objective.radius)
    }
    found = facts.held[asked] = sides.pop() if len(sides) == 1 else None
    return found


def _stands_on(piece: Piece, feature: str, place: Place, radius: float) -> bool:
    if piece.place is not None:
        return piece.place == feature
    return piece.position is not None and _on(place, piece.position, radius)


def _on(place: Place, at: Point, radius: float) -> bool:
    """On an area (a polygon: inside it), or within `radius` of a line or a point."""
    pts = place.points
    low_x, low_y, high_x, high_y = place.box
    x, y = at
    r = radius + 1e-9
    if not (low_x - r <= x <= high_x + r and low_y - r <= y <= high_y + r):
        return False  # outside the box around it: also farther than `radius` from it
    if len(pts) >= 3 and not place.line:
        return _inside(pts, at)
    if len(pts) == 1:
        return math.dist(pts[0], at) <= radius + 1e-9
    return any(_to_segment(at, a, b) <= radius + 1e-9 for a, b in itertools.pairwise(pts))


def _inside(polygon: tuple[Point, ...], at: Point) -> bool:
    x, y = at
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    )
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


# -- words -----------------------------------------------------------------------------------


def _name(objective: AnyObjective, facts: Facts) -> str:
    """The objective in a few words: its `name`, else what it asks, naming things by name."""
    if objective.name:
        return objective.name
    scenario = facts.scenario
    side = scenario.side_name(objective.side)
    if isinstance(objective, Control):
        place = features(scenario).get(objective.feature)
        return f"{side} holds {place.name if place else objective.feature}"
    if isinstance(objective, TaskDone):
        task = scenario.victory_tasks().get(objective.target)
        return f"{task[0] if task else objective.target} {objective.done}"
    if isinstance(objective, KnockOut):
        return f"{side} knocks out the enemy"
    if isinstance(objective, Exit):
        return f"{side} reaches the {objective.edge} edge"
    return f"{side} reaches {objective.total} points"


def _reason(objective: AnyObjective, facts: Facts) -> str:
    """What an objective scored, in words: "Wehrmacht holds Kleinwalde (+2)", "the road bridge
    is blown (Wehrmacht +3)", "US Army knocked out Pioniere 1, MG 42 team (+2)"."""
    side = facts.scenario.side_name(objective.side)
    gained = objective.points * _count(objective, facts)
    if isinstance(objective, KnockOut | Exit):
        names = ", ".join(facts.units[u].name for u in _achieved(objective, facts))
        verb = "knocked out" if isinstance(objective, KnockOut) else "got through:"
        what = f"{side} {verb} {names}"
        if objective.name:
            what = f"{objective.name}: {what}"
        return f"{what} (+{gained})"
    if isinstance(objective, Control) and not objective.name:
        return f"{_name(objective, facts)} (+{gained})"  # the side is in the words
    return f"{_name(objective, facts)} ({side} +{gained})"


__all__ = [
    "AnyObjective",
    "Area",
    "Control",
    "Exit",
    "Facts",
    "KnockOut",
    "Objective",
    "Piece",
    "Place",
    "Result",
    "TaskDone",
    "Total",
    "Victory",
    "controller",
    "counted",
    "decide",
    "features",
    "judge",
    "nearest_edge",
    "scores",
    "short_of",
    "validate",
]
