"""Pairs of waterborne games that differ only in a fact hidden from one seat (see tests/hidden.py).

The Hollenhof crossing hides an MG 42 team in the village (CF-HIDDEN); the view shows a stand's
own weapon values only to its side. Each pair changes one such fact; the probes are actions that
would touch it: fire at the hidden stand or at its neighbours in Hollenhof, orders for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import yaml

from hidden import HiddenPair
from kriegsspiel.core.dice import ScriptedDice
from kriegsspiel.core.game import Game
from kriegsspiel.rulesets.waterborne import RULESET
from kriegsspiel.scenario.load import read_scenario_text, scenario_from_data

Data = dict[str, Any]
WatGame = Game[Any, Any, Any, Any]
HIDDEN_MG = "g-hmg-2"  # the MG 42 hidden in Hollenhof


def bundled(edit: Callable[[Data], None] = lambda _: None) -> WatGame:
    """The bundled Hollenhof crossing, its scenario data changed by `edit`."""
    text, where = read_scenario_text("waterborne")
    data: Data = yaml.safe_load(text)
    edit(data)
    return Game(RULESET, scenario_from_data(data, where), "hidden-pairs")


def _without(unit_id: str) -> Callable[[Data], None]:
    def edit(data: Data) -> None:
        data["units"] = [u for u in data["units"] if u["id"] != unit_id]

    return edit


def _with_hidden_sapper(data: Data) -> None:
    sapper = {"id": "b-hidden", "side": "british", "kind": "engineer", "name": "RE recce party"}
    data["units"].append({**sapper, "place": "south-orchard", "hidden": True})


def _stronger_german_weapons(data: Data) -> None:
    for unit in data["units"]:
        if unit["id"] == "g-hmg-1":
            unit["dice"] = 6
        if unit["id"] == "g-ig":
            unit["he"], unit["eff"] = 5, 3
        if unit["id"] == "g-mortar":
            unit["eff"] = 4


def _german_initiative(game: WatGame) -> WatGame:
    game.act("british", {"action": "end-initiative"}, ScriptedDice(()))
    return game


def _hidden_mg_pinned_and_rallied(game: WatGame) -> WatGame:
    """In the German initiative the umpire pins the hidden MG, and it rallies (CF-HIDDEN: both
    told only to the Germans)."""
    _german_initiative(game)
    game.act("umpire", {"action": "set-status", "unit": HIDDEN_MG, "status": "pinned"})
    game.act("german", {"action": "rally", "unit": HIDDEN_MG}, ScriptedDice((5,)))
    return game


def _hidden_mg_suppressed(game: WatGame) -> WatGame:
    game.act("umpire", {"action": "set-status", "unit": HIDDEN_MG, "status": "suppressed"})
    return game


BRITISH_PROBES: list[Mapping[str, Any]] = [
    {"action": "fire", "unit": "eng-1", "target": HIDDEN_MG},
    {"action": "fire", "unit": "eng-1", "target": "g-sq-3"},
    {"action": "fire", "unit": "churchill-1", "target": "g-fo"},
    {"action": "indirect-fire", "unit": "mortar-2", "target": HIDDEN_MG},
    {"action": "indirect-fire", "unit": "mortar-2", "target": "g-sq-3"},
    {"action": "reactive-fire", "unit": "eng-1", "target": HIDDEN_MG},
    {"action": "rally", "unit": HIDDEN_MG},
    {"action": "move", "unit": HIDDEN_MG, "to": "dyke"},
    {"action": "reveal", "unit": HIDDEN_MG},
    {"action": "set-status", "unit": HIDDEN_MG, "status": "killed"},
    {"action": "end-initiative"},
]
GERMAN_PROBES: list[Mapping[str, Any]] = [
    {"action": "reactive-fire", "unit": "g-hmg-1", "target": "b-hidden"},
    {"action": "reactive-fire", "unit": "g-hmg-1", "target": "mortar-2"},
    {"action": "indirect-fire", "unit": "g-mortar", "target": "b-hidden"},
    {"action": "fire", "unit": "g-sq-1", "target": "b-hidden"},
    {"action": "pass"},
]
IN_GERMAN_INITIATIVE: list[Mapping[str, Any]] = [
    {"action": "reactive-fire", "unit": "eng-1", "target": HIDDEN_MG},
    {"action": "reactive-fire", "unit": "eng-1", "target": "g-sq-3"},
    {"action": "reactive-fire", "unit": "churchill-1", "target": "g-sq-1"},
    {"action": "rally", "unit": HIDDEN_MG},
]


def pairs() -> list[HiddenPair]:
    mg = "an MG 42 team hidden in Hollenhof (CF-HIDDEN)"
    return [
        HiddenPair(mg, "british", bundled(), bundled(_without(HIDDEN_MG)), BRITISH_PROBES),
        HiddenPair(mg, "public", bundled(), bundled(_without(HIDDEN_MG)), BRITISH_PROBES),
        HiddenPair(
            "the hidden MG 42's status, set by the umpire (CF-HIDDEN)",
            "british",
            _hidden_mg_suppressed(bundled()),
            bundled(),
            BRITISH_PROBES,
        ),
        HiddenPair(
            "the hidden MG 42 pinned and rallied in the German initiative (CF-HIDDEN)",
            "british",
            _hidden_mg_pinned_and_rallied(bundled()),
            _german_initiative(bundled()),
            IN_GERMAN_INITIATIVE,
        ),
        HiddenPair(
            "the hidden MG 42 in the German initiative, or no such team (CF-HIDDEN)",
            "british",
            _german_initiative(bundled()),
            _german_initiative(bundled(_without(HIDDEN_MG))),
            IN_GERMAN_INITIATIVE,
        ),
        HiddenPair(
            "a British recce party hidden in the south orchard (CF-HIDDEN)",
            "german",
            bundled(_with_hidden_sapper),
            bundled(),
            GERMAN_PROBES,
        ),
        HiddenPair(
            "the German stands' own weapon values (dice, HE, EFF), seen only by the Germans",
            "british",
            bundled(_stronger_german_weapons),
            bundled(),
            BRITISH_PROBES,
        ),
        HiddenPair(
            "both sides' weapon values and the hidden MG 42, for the public display",
            "public",
            bundled(_stronger_german_weapons),
            bundled(_without(HIDDEN_MG)),
            BRITISH_PROBES,
        ),
    ]
