"""AFV-CREW-02, the seed's worked example, played on the bundled scenario: on ONE card of a
US Sherman, the driver stops the tank, the co-driver tries to see a target for his .30 cal
MG, the gunner tries to spot the panzerfaust man who just fired (and missed), the loader
loads an HE round and the commander drops inside and shuts his hatch."""

from __future__ import annotations

from typing import Any

import pytest
from afvkit import DE, US, AfvGame, crew, crew_refused, crewman, do, draw, events, vehicle

from kriegsspiel.core.game import Game
from kriegsspiel.rulesets.afv import RULESET, AfvScenario
from kriegsspiel.scenario.load import load_scenario


@pytest.fixture
def village() -> AfvGame:
    """The bundled village scenario after setup: every tank carries 20 rounds (d10 = 5),
    split 10 HE and 10 AP, nothing loaded yet."""
    scenario = load_scenario("afv")
    assert isinstance(scenario, AfvScenario)
    game: AfvGame = Game(RULESET, scenario, "worked-example")
    for vid, v in scenario_vehicles(game):
        do(game, v, {"action": "roll-ammo", "vehicle": vid}, 5)
        do(game, v, {"action": "split-ammo", "vehicle": vid, "he": 10, "ap": 10})
    return game


def scenario_vehicles(game: AfvGame) -> list[tuple[str, str]]:
    return [(vid, v.side) for vid, v in game.state.vehicles.items()]


def test_crew_02_the_sherman_example_on_one_card(village: AfvGame) -> None:
    """AFV-CREW-02: all five actions are legal on the same card; a sixth action by any of
    them is rejected (AFV-CREW-01)."""
    game = village
    # Before: Sherman 1 sets off at 4" a card, its commander swinging the turret toward
    # the inn; it moves on the next US card.
    draw(game, "sherman-1")
    crew(game, "sherman-1", "driver", "set-speed", speed=4)
    crew(game, "sherman-1", "commander", "traverse", bearing=315)
    draw(game, "sherman-2")
    assert vehicle(game, "sherman-1").position == (24.0, 14.0)
    # The panzerfaust man in the inn fires at it and misses (50% at 8"; 70 misses); the
    # Sherman, fired on by a weapon able to destroy it, tests morale (30: intact).
    draw(game, "pzf-team-1")
    shot = do(game, DE, {"action": "shoot", "man": "pzf-1a", "target": "sherman-1"}, 70, 30)
    assert events(shot, "shot")[0]["result"]["outcome"] == "miss"
    assert events(shot, "morale-tested")[0]["result"]["outcome"] == "intact"
    # The US free-move card, given to Sherman 1's crew (AFV-CREW-01: a crew card or a free
    # move card given to the crew): the tank, still in motion, moves 4" first.
    draw(game, "us:free-move#1")
    assert vehicle(game, "sherman-1").position == (24.0, 18.0)
    # ONE card, five crewmen, one action each.
    crew(game, "sherman-1", "driver", "set-speed", speed=0)  # Kowalski stops the tank
    seen = crew(game, "sherman-1", "co-driver", "acquire", 80, target="pzf-1b")  # Hale tries
    assert not events(seen, "acquired")[0]["spotted"]  # front arc, buttoned: 80 > 50
    spotted = crew(game, "sherman-1", "gunner", "acquire", 20, target="pzf-1a")  # Novak looks
    assert events(spotted, "acquired")[0]["arc"] == "side"  # in his sight, the hull's side: 25%
    crew(game, "sherman-1", "loader", "load", round="HE")  # Russo flings in an HE shell
    crew(game, "sherman-1", "commander", "button")  # Miller drops inside, shuts his hatch
    s1 = vehicle(game, "sherman-1")
    assert s1.speed == 0
    assert crewman(game, "sherman-1", "gunner").acquired == ("pzf-1a",)
    assert s1.loaded == "HE"
    assert not s1.hatches["commander"]
    assert game.state.card is not None
    assert len(game.state.card.acted) == 5
    # a sixth action by any of them on that card is rejected
    sixth: dict[str, tuple[str, dict[str, Any]]] = {
        "driver": ("set-speed", {"speed": 2}),
        "co-driver": ("acquire", {"target": "pzf-1a"}),
        "gunner": ("sight-in", {"target": "pzf-1a"}),
        "loader": ("unload", {}),
        "commander": ("unbutton", {}),
    }
    for role, (action, fields) in sixth.items():
        assert crew_refused(game, "sherman-1", role, action, **fields).rule == "AFV-CREW-01"
    # the US player sees his crew's sighting; the Germans do not learn of it
    assert "pzf-1a" not in str(game.view(DE)["units"][0])
    assert game.view(US)["units"][0]["crew"][2]["acquired"] == ["pzf-1a"]
