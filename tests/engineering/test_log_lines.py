"""What the `engineering` log says, in people's words: close combat with its real margin and the
unit knocked out (BF-DEFAULT-CC), sides by their scenario names, distances and places to a tenth
of an inch, and each fact of a flail's knock-out told once (ENG-MINE-42).

Sides: "german" named "Wehrmacht", "us" named "US". The Germans move first.
"""

from __future__ import annotations

from typing import Any

from minekit import field, tank, us_turn
from minekit import game as obstacle_game

from conftest import GERMAN, US, EngGame, do, fire_face, unit
from kriegsspiel import new_game
from kriegsspiel.core.game import Game
from kriegsspiel.rulesets.engineering import RULESET, EngScenario
from kriegsspiel.rulesets.engineering.wording import possessive
from kriegsspiel.scenario.load import scenario_from_data
from kriegsspiel.testing import refused

NAMES = [{"id": GERMAN, "name": "Wehrmacht"}, {"id": US, "name": "US"}]


def named(*units: dict[str, Any], tasks: list[dict[str, Any]] | None = None) -> EngGame:
    data = {
        "ruleset": "engineering",
        "title": "names",
        "sides": NAMES,
        "units": list(units),
        "tasks": tasks or [],
    }
    scenario = scenario_from_data(data, "names.yaml")
    assert isinstance(scenario, EngScenario)
    return Game(RULESET, scenario, "names")


def texts(game: EngGame, seat: str = "umpire") -> list[str]:
    return [e["text"] for e in game.log_view(seat)[-1]["events"]]


def assault(attacker_cc: int, defender_cc: int, *faces: int) -> EngGame:
    game = named(
        unit("a", GERMAN, position=(0, 0), close_combat=attacker_cc),
        unit("d", US, position=(0, 0.5), close_combat=defender_cc),
    )
    do(game, GERMAN, {"action": "close-combat", "unit": "a", "target": "d"}, *faces)
    return game


def test_bf_default_cc_the_log_gives_each_total_the_margin_and_the_loser() -> None:
    """BF-DEFAULT-CC: 7 + 1 = 8 against 3 + 0 = 3: margin +5, the attacker wins, d is out."""
    game = assault(1, 0, 7, 3)
    assert texts(game) == [
        "a assaults d: engineering.close-combat: a 7 +1 attacker's close combat modifiers "
        "(BF-DEFAULT-CC) = 8 against d 3 +0 close combat modifiers (BF-DEFAULT-CC) = 3: "
        "margin +5 -> attacker-wins [BF-DEFAULT-CC]; d is knocked out"
    ]
    assert game.log_view(US)[-1]["outcome"] == "a assaults d: attacker-wins; d is knocked out"
    assert game.state.units["d"].status == "knocked-out"


def test_bf_default_cc_a_tie_goes_to_the_defender_and_says_so() -> None:
    """BF-DEFAULT-CC: 4 + 1 = 5 against 3 + 2 = 5: a tie, the defender wins, a is out."""
    game = assault(1, 2, 4, 3)
    [text] = texts(game)
    assert text.endswith(
        "a 4 +1 attacker's close combat modifiers (BF-DEFAULT-CC) = 5 against d 3 +2 close "
        "combat modifiers (BF-DEFAULT-CC) = 5: margin +0 (a tie) -> defender-wins "
        "[BF-DEFAULT-CC]; a is knocked out"
    )
    assert game.state.units["a"].status == "knocked-out"


def test_sides_are_named_as_the_scenario_names_them() -> None:
    """BF-SEQ and ENG-ACT-09 in words: "US's maneuver phase", not "us's"."""
    game = named(
        unit("p1", GERMAN, engineer=True, position=(0, 0)),
        unit("r1", US, attack={"T": 3}, position=(0, 20)),
        tasks=[{"id": "dig", "side": GERMAN, "required": 3}],
    )
    do(game, GERMAN, {"action": "engineer", "unit": "p1", "task": "dig"})
    assert texts(game, US)[0] == (
        "p1 performs an engineering action; US may take opportunity fire (ENG-ACT-09)"
    )
    assert game.legal_actions(US)[0].label == "US holds fire at p1's engineering action"
    do(game, US, {"action": "pass"})
    do(game, GERMAN, {"action": "end-phase"})
    assert texts(game) == ["turn 1: Wehrmacht's defensive fire phase"]
    do(game, US, {"action": "end-phase"})
    do(game, GERMAN, {"action": "end-phase"})
    assert texts(game) == ["turn 1: US's maneuver phase"]
    assert game.legal_actions(US)[0].label == "US ends the maneuver phase of US's turn 1"


def test_distances_and_places_are_rounded_to_a_tenth_of_an_inch() -> None:
    """BF-MOVE in words: 3.00004" is 3.0", and the place 0,3.00004 is 0,3."""
    game = named(unit("p1", GERMAN, position=(0, 0), speed=6))
    do(game, GERMAN, {"action": "move", "unit": "p1", "to": [0, 3.00004]})
    assert texts(game) == ['p1 moves to 0,3 (3.0" measured)']
    assert game.state.units["p1"].position == (0, 3.00004)  # the record keeps it exact


def test_eng_mine_42_a_flail_knock_out_tells_each_fact_once() -> None:
    """ENG-MINE-42: the flail is damaged, the tank halts, it is disordered: one line each."""
    game = obstacle_game(
        [tank("c1", (-0.5, 3.8), traits=["flail"], speed=12)],
        minefields=[field("f1", (0, 5), type="AT", known_to=[US])],
    )
    us_turn(game)
    do(game, US, {"action": "flail", "unit": "c1", "minefield": "f1"}, 1)
    lines = texts(game)
    assert lines[0] == "c1 runs its flail and may not fire while it does (ENG-MINE-40)"
    assert lines[2:] == [
        "c1's flail is damaged (ENG-MINE-42)",
        "c1 halts in a minefield",
        "c1 is disordered by mines (ENG-MINE-42)",
    ]
    assert sum("disordered" in line for line in lines) == 1


def test_opportunity_fire_result_is_told_once() -> None:
    """ENG-ACT-10: the fire line and the cancellation, nothing said twice."""
    game = named(
        unit("p1", GERMAN, engineer=True, position=(0, 0)),
        unit("r1", US, attack={"T": 3}, position=(0, 20)),
        tasks=[{"id": "dig", "side": GERMAN, "required": 3}],
    )
    do(game, GERMAN, {"action": "engineer", "unit": "p1", "task": "dig"})
    face = fire_face("disordered", 3)
    do(game, US, {"action": "opportunity-fire", "unit": "r1"}, face)
    lines = texts(game)
    assert len(lines) == len(set(lines)) == 2
    assert lines[1] == "p1's engineering action is cancelled by opportunity fire (ENG-ACT-10)"


def test_a_side_name_ending_in_s_takes_an_apostrophe_only() -> None:
    assert possessive("US engineers") == "US engineers'"
    assert possessive("Wehrmacht") == "Wehrmacht's"


def test_eng_demo_03_a_refusal_names_the_side_whose_demolition_it_is_not() -> None:
    game = new_game("demo", seed="words")
    for seat in (GERMAN, US, GERMAN):
        do(game, seat, {"action": "end-phase"})
    do(game, "umpire", {"action": "reveal", "demolition": "bridge", "side": US})
    action = {"action": "prepare", "unit": "engineer-1", "demolition": "bridge"}
    violation = refused(game, US, action)
    assert violation.rule == "ENG-DEMO-03"
    assert "is not US Army's to prepare" in violation.reason
