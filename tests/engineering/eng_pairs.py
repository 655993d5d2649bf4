"""Pairs of `engineering` games that differ only in a fact hidden from one seat, one pair per kind
of hidden thing (knowledge.py), with probes: actions that would touch the hidden thing, with
typed-in dice where they roll.

The US troops r1 stand 0.7" short of the German section f1 at (0, 5); r2 stands by the place of
f2 at (6, 5). German seat "german", US seat "us"; the US maneuver phase of turn 1 unless said.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from minekit import engineers, field, game, troops, us_turn

from conftest import (
    GERMAN,
    US,
    demolition,
    do,
    end_phase,
    fire_face,
    scenario_data,
    start,
    task,
    unit,
)
from hidden import HiddenPair
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import scenario_from_data

Probe = Mapping[str, Any]
MOVERS = [troops("r1", (0, 3.8)), troops("r2", (6, 3.8)), engineers("e1", (12, 3.8))]
THROUGH_F1: Probe = {"action": "move", "unit": "r1", "to": [0, 6.5]}
THROUGH_F2: Probe = {"action": "move", "unit": "r2", "to": [6, 6.5]}
PROBES: list[Probe] = [
    THROUGH_F1,
    THROUGH_F2,
    {"action": "cross", "unit": "r1", "obstacle": "f1"},
    {"action": "breach", "unit": "r2", "obstacle": "f2"},
    {"action": "cross", "unit": "r2", "obstacle": "f2", "rapid": True},
]


def _mines(*fields: dict[str, Any], options: dict[str, Any] | None = None) -> Any:
    g = game(
        [*MOVERS, troops("g1", (30, 30), side=GERMAN)], minefields=list(fields), options=options
    )
    us_turn(g)
    return g


def _demolitions(*demos: dict[str, Any], tasks: list[dict[str, Any]] | None = None) -> Any:
    data = scenario_data(
        [
            engineers("e1", (0, 0)),
            unit("g1", GERMAN, engineer=True, position=(10, 10), attack={"T": 3}),
        ],
        demolitions=list(demos),
        tasks=tasks or [],
    )
    built = scenario_from_data(data, "test.yaml")
    assert isinstance(built, EngScenario)
    return start(built)


def _emplaced_by(g: Any, uid: str = "e1") -> Any:
    """The US unit emplaced in turn 1, so that it may remove a charge in turn 2 (AMB-ENG-06)."""
    us_turn(g)
    do(g, US, {"action": "emplace", "unit": uid})
    us_turn(g, 2)
    return g


def _sealed(face: int) -> Any:
    """A US demolition declared under German guns: its d10 (`face`) sealed until it resolves."""
    g = _demolitions(demolition("b1", US, prepared=True, position=(1, 0), name="culvert"))
    us_turn(g)
    do(g, US, {"action": "demolish", "unit": "e1", "demolition": "b1"}, face)
    return g


def _rallying(g: Any) -> Any:
    """US e1 disordered by the Germans' defensive fire in the US turn 1, whose offensive fire
    phase the US is about to end: the recovery step rolls e1's rally (BF-DEFAULT-RECOVERY)."""
    us_turn(g)
    end_phase(g)
    do(g, GERMAN, {"action": "fire", "unit": "g1", "target": "e1"}, fire_face("disordered", 3))
    end_phase(g)
    return g


WINDOW: list[Probe] = [
    {"action": "pass"},
    {"action": "opportunity-fire", "unit": "g1"},
]


def pairs() -> list[HiddenPair]:
    removal = {"action": "remove-demolition", "unit": "e1", "demolition": "b1"}
    return [
        HiddenPair(
            "a buried German section f1 the US do not know of, or none",
            US,
            _mines(field("f1", (0, 5)), field("f2", (6, 5), known_to=[US])),
            _mines(field("f2", (6, 5), known_to=[US])),
            PROBES,
        ),
        HiddenPair(
            "the nature of f2, known to the US by its place: dense buried AT mines, or AP",
            US,
            _mines(field("f2", (6, 5), type="AT", density="dense", known_to=[US])),
            _mines(field("f2", (6, 5), type="AP", density="scattered", known_to=[US])),
            PROBES,
        ),
        HiddenPair(
            "f2 a dummy, or a real surface-laid normal mixed field (ENG-MINE-28)",
            US,
            _mines(field("f2", (6, 5), type="dummy", known_to=[US])),
            _mines(field("f2", (6, 5), laid="surface", known_to=[US])),
            PROBES,
        ),
        HiddenPair(
            "every passage roll the umpire's secret, through a field of any nature",
            US,
            _mines(
                field("f2", (6, 5), type="dummy", known_to=[US]),
                options={"umpire_passage_rolls": True},
            ),
            _mines(
                field("f2", (6, 5), type="AT", density="dense", known_to=[US]),
                options={"umpire_passage_rolls": True},
            ),
            PROBES,
        ),
        HiddenPair(
            "a German demolition the US do not know of, prepared, or none",
            US,
            _emplaced_by(_demolitions(demolition("b1", GERMAN, prepared=True, position=(0.5, 0)))),
            _emplaced_by(_demolitions()),
            [removal, {"action": "demolish", "unit": "e1", "demolition": "b1"}],
        ),
        HiddenPair(
            "a German demolition the US were told of: prepared, or not",
            US,
            _emplaced_by(
                _demolitions(
                    demolition("b1", GERMAN, prepared=True, position=(0.5, 0), known_to=[US])
                )
            ),
            _emplaced_by(
                _demolitions(
                    demolition("b1", GERMAN, preparations=2, position=(0.5, 0), known_to=[US])
                )
            ),
            [removal],
        ),
        HiddenPair(
            "a US demolition's d10, sealed on declaration: a dud, or a success",
            GERMAN,
            _sealed(1),
            _sealed(7),
            WINDOW,
        ),
        HiddenPair(
            "the same sealed d10, for the side that declared it",
            US,
            _sealed(1),
            _sealed(7),
            WINDOW,
        ),
        HiddenPair(
            "a secret German task, or none, as the US rally at the end of their turn",
            US,
            _rallying(_demolitions(tasks=[task("dig", GERMAN, required=2, secret=True)])),
            _rallying(_demolitions()),
            [{"action": "end-phase"}],
        ),
        HiddenPair(
            "a secret German task, or none",
            US,
            _demolitions(tasks=[task("dig", GERMAN, required=2, secret=True)]),
            _demolitions(),
            [{"action": "engineer", "unit": "e1", "task": "dig"}],
        ),
    ]
