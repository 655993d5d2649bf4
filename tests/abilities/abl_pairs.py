"""Pairs of `abilities` games that differ only in a fact hidden from one seat (CHQ-BLIND,
CHQ-RESERVE), for the secrecy contract: one pair per kind of hidden thing.

- what a Blind holds (Grenadiers, or nothing: a dummy), from the enemy side and from the public;
- where the units inside a Blind stand (they deploy there when revealed);
- the enemy's reserves (StuG IIIs waiting to enter, or none);
- what an allied Blind holds (a recon jeep or a rifle platoon), from the Germans in their pulse.

Each pair's probes touch the hidden thing: spotting the Blind, firing at and assaulting the
hidden units by id, moving onto where they stand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec
from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, order, unit

from hidden import HiddenPair
from kriegsspiel.core.game import Game
from kriegsspiel.rulesets.abilities import RULESET, AblScenario
from kriegsspiel.scenario.load import load_scenario

Units = tuple[Any, ...]


def _bundled(edit: Callable[[Units], Units] = lambda units: units) -> AblGame:
    """The bundled scenario with its units edited, after both sides rolled, the allies
    activated their recon jeep with a double Order Chain and it fired at the MG platoon and
    missed (so every odds left to ask about are small trees, walked well within the budget)."""
    scenario = load_scenario("abilities")
    assert isinstance(scenario, AblScenario)
    edited = msgspec.structs.replace(scenario, units=edit(scenario.units))
    game: AblGame = Game(RULESET, edited, "hidden-pairs")
    begin(game, (6, 4, 4, 3, 2), (5, 5, 3, 2, 2))
    order(game, ALLIES, "jeep", [4, 4])
    do(game, ALLIES, {"action": "fire", "unit": "jeep", "target": "mg"}, 1, 1)
    do(game, GERMAN, {"action": "pass"})
    return game


def _without(*ids: str) -> Callable[[Units], Units]:
    return lambda units: tuple(u for u in units if u.id not in ids)


def _moved(uid: str, to: tuple[float, float]) -> Callable[[Units], Units]:
    return lambda units: tuple(
        msgspec.structs.replace(u, position=to) if u.id == uid else u for u in units
    )


def _jeep_probes(hidden: str, where: tuple[float, float]) -> list[Mapping[str, Any]]:
    return [
        {"action": "spot", "unit": "jeep", "blind": "blind-a"},
        {"action": "fire", "unit": "jeep", "target": hidden},
        {"action": "assault", "unit": "jeep", "target": hidden},
        {"action": "move", "unit": "jeep", "to": list(where)},
        {"action": "move", "unit": "jeep", "to": [where[0], where[1] - 0.5], "part": "variable"},
    ]


def _allied_blind(inside: str) -> AblGame:
    """A German pulse: the MG platoon and the Panzer IV are activated in view of an allied
    Blind holding `inside`."""
    game = game_of(
        [
            unit("hidden", ALLIES, inside, (30, 20), blind="ab"),
            unit("panzer", GERMAN, "german-panzer-iv", (40, 30), facing=180),
            unit("mg", GERMAN, "german-mg-platoon", (34, 30), facing=180),
        ],
        blinds=[{"id": "ab", "side": ALLIES, "position": [30, 20], "name": "Allied Blind"}],
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "mg", [4], group="panzer")
    return game


def pairs() -> list[HiddenPair]:
    grenadiers = ("gren-1", "gren-2", "gren-3")
    probes = _jeep_probes("gren-1", (26.0, 24.0))
    german_probes: list[Mapping[str, Any]] = [
        {"action": "spot", "unit": "mg", "blind": "ab"},
        {"action": "fire", "unit": "mg", "target": "hidden"},
        {"action": "assault", "unit": "mg", "target": "hidden"},
        {"action": "move", "unit": "mg", "to": [30.0, 21.5]},
    ]
    return [
        HiddenPair(
            "what a German Blind holds: three Grenadier platoons, or nothing (a dummy)",
            ALLIES,
            _bundled(),
            _bundled(_without(*grenadiers)),
            probes,
        ),
        HiddenPair(
            "what a Blind holds, for the public table display",
            "public",
            _bundled(),
            _bundled(_without(*grenadiers, "mortars")),
            probes,
        ),
        HiddenPair(
            "where a unit inside a German Blind stands",
            ALLIES,
            _bundled(),
            _bundled(_moved("gren-1", (29.0, 25.0))),
            [*probes, *_jeep_probes("gren-1", (29.0, 25.0))[3:]],
        ),
        HiddenPair(
            "the German reserves: three StuG IIIs, or none",
            ALLIES,
            _bundled(),
            _bundled(_without("stug-1", "stug-2", "stug-3")),
            [*_jeep_probes("stug-1", (22.0, 45.0))[1:]],
        ),
        HiddenPair(
            "what an allied Blind holds (a recon jeep, or a rifle platoon), for the Germans",
            GERMAN,
            _allied_blind("us-recon-jeep"),
            _allied_blind("british-rifle-platoon"),
            german_probes,
        ),
    ]
