"""Victory conditions in play: every bundled scenario played to its result, the game's length in
each ruleset's clock, GAME-OVER once it is over, each scenario's story scored on a state set up
for it, and a `victory:` section's refusals naming the path."""

from __future__ import annotations

import random
from typing import Any

import pytest
from msgspec.structs import replace

from kriegsspiel.core.game import Game
from kriegsspiel.core.guards import GAME_OVER
from kriegsspiel.core.victory import Result
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.games import new_game
from kriegsspiel.scenario.load import bundled_names, json_schema, parse_scenario, read_scenario_text
from kriegsspiel.testing import do, refused

AnyGame = Game[Any, Any, Any, Any]
# each bundled scenario's length, in its ruleset's clock
LENGTHS = {
    "abilities": "turn 6",
    "afv": "turn 8",
    "breaching": "turn 8",
    "crack-the-bunker-line": "turn 8",
    "demo": "turn 6",
    "hold-the-bridge": "turn 8",
    "waterborne": "initiative 80",
}


def played_out(name: str, seed: int = 1) -> tuple[AnyGame, dict[str, Any]]:
    """A seeded random game of `name` to its end, and an action legal at the last step."""
    game = new_game(name, seed="victory")
    rng = random.Random(seed)
    last: dict[str, Any] = {}
    for _ in range(5000):
        if game.over():
            return game, last
        seat = game.seats_to_act()[0]
        action = game.random_action(seat, rng)
        assert action is not None
        last = {"seat": seat, "action": action}
        game.act(seat, action)
    raise AssertionError(f"{name} did not end")


def test_every_bundled_scenario_has_victory_conditions() -> None:
    assert set(LENGTHS) == set(bundled_names())
    for name in bundled_names():
        game = new_game(name)
        assert game.scenario.victory is not None
        assert game.scenario.victory.objectives
        assert game.result() is None
        assert not game.over()


@pytest.mark.parametrize("name", sorted(LENGTHS))
def test_a_bundled_scenario_plays_to_a_result_and_then_refuses_every_action(name: str) -> None:
    """VICTORY-END in each ruleset's clock (or VICTORY-DECISIVE), then GAME-OVER."""
    game, last = played_out(name)
    result = game.result()
    assert result is not None
    assert set(result.scores) == set(game.scenario.side_ids)
    assert result.scores == game.ruleset.scores(game.state) == game.scores()
    decisive = any(": the game ends at " in r for r in result.reasons)
    if not decisive:  # the length in the ruleset's own clock ended it
        assert f"the game ended after {LENGTHS[name]}" in result.reasons
        ranked = sorted(result.scores.values(), reverse=True)
        assert (result.winner is None) == (ranked[0] - ranked[1] < game.scenario.victory.margin)
    assert result.reasons[-1].startswith("a draw" if result.winner is None else "")
    # GAME-OVER: every seat is refused, the last action too, before any die
    with pytest.raises(RuleViolation) as err:
        game.act(last["seat"], last["action"])
    assert err.value.rule == GAME_OVER
    for seat in game.seats:
        assert game.legal_actions(seat) == []
        assert game.view(seat)["over"] is True
        assert game.result(seat) == result
    assert game.seats_to_act() == []


def test_the_demo_is_lost_the_moment_the_road_bridge_is_blown() -> None:
    game = new_game("demo")
    state = game.state
    rules = game.ruleset
    assert rules.scores(state) == {"german": 1, "us": 0}  # the pioneers hold the bridgehead
    blown = replace(state, demolitions={**state.demolitions, "bridge": replace(
        state.demolitions["bridge"], destroyed=True)})  # fmt: skip
    result = rules.result(blown)
    assert result is not None
    assert result.winner == "german"
    assert result.scores == {"german": 4, "us": 0}
    assert "the road bridge is blown: the game ends at turn 1" in result.reasons


def test_the_demo_is_won_by_the_us_holding_the_bridge_intact_at_the_end() -> None:
    game = new_game("demo")
    state = game.state
    units = dict(state.units)
    for uid in ("pioneer-1", "pioneer-2", "mg-team"):
        units[uid] = replace(units[uid], status="knocked-out")
    units["rifle-1"] = replace(units["rifle-1"], position=(20.0, 29.0))
    tasks = {**state.tasks, "roadblock-clearing": replace(
        state.tasks["roadblock-clearing"], status="complete")}  # fmt: skip
    end = replace(state, units=units, tasks=tasks, over=True)
    result = game.ruleset.result(end)
    assert result is not None
    assert (result.winner, result.scores) == ("us", {"german": 0, "us": 4})
    assert "US Army holds the north end of the road bridge (+3)" in result.reasons


def test_hold_the_bridge_scores_the_pontoon_bridge_and_the_panthers() -> None:
    game = new_game("hold-the-bridge")
    state = game.state
    rules = game.ruleset
    assert rules.scores(state) == {"german": 0, "us": 1}
    pontoon = state.bridges["pontoon"]
    built = replace(pontoon, spans=pontoon.spans.set_progress(pontoon.spans_required))
    units = {**state.units, "panzer-1": replace(state.units["panzer-1"], status="knocked-out")}
    later = replace(state, bridges={**state.bridges, "pontoon": built}, units=units)
    assert rules.scores(later) == {"german": 0, "us": 5}


def test_crack_the_bunker_line_ends_when_every_bunker_is_destroyed() -> None:
    game = new_game("crack-the-bunker-line")
    state = game.state
    forts = {k: replace(f, collapsed=True) for k, f in state.forts.items()}
    result = game.ruleset.result(replace(state, forts=forts))
    assert result is not None
    assert result.winner == "british"
    assert result.scores["british"] == 7
    assert "every bunker destroyed: the game ends at turn 1" in result.reasons


def test_breaching_is_won_when_both_tanks_are_through_the_belt() -> None:
    game = new_game("breaching")
    state = game.state
    units = dict(state.units)
    units["crab-1"] = replace(units["crab-1"], position=(18.0, 20.0))
    assert game.ruleset.result(replace(state, units=units)) is None  # one tank through
    units["dozer-1"] = replace(units["dozer-1"], position=(22.0, 21.0))
    result = game.ruleset.result(replace(state, units=units))
    assert result is not None
    assert result.winner == "british"
    assert result.scores == {"british": 4, "german": 2}  # the Germans still hold the ridge


def test_afv_shermans_through_the_village_and_three_lost() -> None:
    game = new_game("afv")
    state = game.state
    vehicles = dict(state.vehicles)
    vehicles["sherman-1"] = replace(vehicles["sherman-1"], position=(28.0, 45.0))
    assert game.ruleset.scores(replace(state, vehicles=vehicles))["us"] == 2
    vehicles = dict(vehicles)  # a new state's own dict: a state's parts are never changed
    for v in ("sherman-2", "sherman-3", "sherman-4"):
        vehicles[v] = replace(vehicles[v], status="destroyed")
    result = game.ruleset.result(replace(state, vehicles=vehicles))
    assert result is not None
    assert result.winner == "german"
    assert result.scores == {"us": 2, "german": 6}  # 3 x 2; Sherman 1 contests the north end


def test_waterborne_holding_the_north_bank() -> None:
    game = new_game("waterborne")
    state = game.state
    assert game.ruleset.scores(state) == {"british": 0, "german": 5}
    units = {
        k: replace(u, status="killed") if game.scenario.units[i].side == "german" else u
        for i, (k, u) in enumerate(state.units.items())
    }
    units["sq-1"] = replace(units["sq-1"], place="village", aboard=None)
    assert game.ruleset.scores(replace(state, units=units)) == {"british": 3, "german": 0}


def test_abilities_the_hill_and_the_knock_outs() -> None:
    game = new_game("abilities")
    state = game.state
    units = dict(state.units)
    units["jeep"] = replace(units["jeep"], position=(28.0, 31.0))
    units["mg"] = replace(units["mg"], dispersed=True)
    assert game.ruleset.scores(replace(state, units=units)) == {"allies": 4, "german": 0}


def _demo_with(old: str, new: str) -> str:
    text, _ = read_scenario_text("demo")
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "feature: bridgehead, points: 3",
            "feature: x, points: 3",
            "x.yaml: victory.objectives[1].feature: unknown feature 'x'",
        ),
        (
            "kind: control, side: us, feature: bridgehead",
            "kind: hold, side: us, feature: bridgehead",
            "x.yaml: victory.objectives[1].kind: invalid value 'hold'",
        ),
        (
            "target: bridge, done: blown",
            "target: bridge, done: built",
            "x.yaml: victory.objectives[0].done: 'bridge' can be blown, not 'built'",
        ),
        (
            "target: roadblock-clearing",
            "target: culvert-x",
            "x.yaml: victory.objectives[3].target: unknown task 'culvert-x'",
        ),
        (
            "id: bridgehead,",
            "id: road,",
            "x.yaml: victory.areas[0].id: 'road' is already a feature's id",
        ),
        (
            "points: [[16, 27], [24, 27], [24, 33], [16, 33]]",
            "points: [[16, 27], [24, 27]]",
            "x.yaml: victory.areas[0].points: a point, a line of 2+ or a polygon of 3+ points",
        ),
        (
            "points: 1}\n",
            "points: -1}\n",
            "x.yaml: victory.objectives[2].points: expected int >= 0",
        ),
    ],
)
def test_a_bad_victory_section_is_refused_with_one_line_naming_the_path(
    old: str, new: str, message: str
) -> None:
    with pytest.raises(InputError) as err:
        parse_scenario(_demo_with(old, new), "x.yaml")
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_the_json_schema_has_the_victory_section() -> None:
    for ruleset in ("engineering", "afv", "abilities", "waterborne"):
        schema = json_schema(ruleset)
        assert "victory" in str(schema["$defs"]) or "victory" in str(schema)
        assert "knock-out" in str(schema)


def _take(game: AnyGame, seat: str, start: str, *faces: int) -> None:
    """`seat` takes its listed action whose label starts with `start`, with scripted dice."""
    for choice in game.legal_actions(seat):
        if choice.label.startswith(start):
            do(game, seat, choice.action, *faces)
            return
    raise AssertionError(f"{seat} has no {start!r}: {[c.label for c in game.legal_actions(seat)]}")


def _to_the_german_maneuver(game: AnyGame) -> None:
    """Every seat ends its phases (the US hold their fire) until the Germans' next maneuver."""
    while True:
        seat = game.seats_to_act()[0]
        if seat == "german" and game.view("umpire")["phase"] == "maneuver":
            return
        labels = [c.label for c in game.legal_actions(seat)]
        hold = any(label.startswith("US Army holds fire") for label in labels)
        _take(game, seat, "US Army holds fire" if hold else f"{game.scenario.side_name(seat)} ends")


def _bridge_blown_with(face: int) -> AnyGame:
    """The demo's line of play: the pioneers prepare the road bridge on turns 1 and 2 (ENG-ACT-07,
    two preparations), then blow it with `face` on the d10 (ENG-DEMO-05: a 1 is a dud)."""
    game = new_game("demo", seed="line")
    _take(game, "german", "Pioniere 1 prepares road bridge")
    _take(game, "us", "US Army holds fire")
    _take(game, "german", "Wehrmacht ends")
    _to_the_german_maneuver(game)
    _take(game, "german", "Pioniere 1 prepares road bridge")
    _take(game, "us", "US Army holds fire")
    do(game, "german", {"action": "demolish", "unit": "pioneer-2", "demolition": "bridge"}, face)
    _take(game, "us", "US Army holds fire")
    return game


def test_the_demo_played_to_the_bridge_blown_ends_at_once_a_german_win() -> None:
    """VICTORY-DECISIVE in play, then GAME-OVER; the umpire's undo reopens the game."""
    game = _bridge_blown_with(7)
    result = game.result()
    assert result == Result(
        "german",
        {"german": 4, "us": 0},
        (
            "the road bridge is blown (Wehrmacht +3)",
            "Wehrmacht holds the north end of the road bridge (+1)",
            "the road bridge is blown: the game ends at turn 2",
            "Wehrmacht wins (Wehrmacht 4, US Army 0)",
        ),
    )
    assert game.over()
    assert refused(game, "us", {"action": "pass"}).rule == GAME_OVER
    game.undo("umpire")
    assert not game.over()
    assert game.result() is None


def test_the_demo_goes_on_when_the_charge_is_a_dud() -> None:
    """ENG-DEMO-05: a 1 is a dud; the bridge stands and the game goes on."""
    game = _bridge_blown_with(1)
    assert not game.over()
    assert game.scores() == {"german": 1, "us": 0}


def test_a_waterborne_exit_objective_is_refused() -> None:
    """Waterborne's stands stand in features, so a line to get beyond would never count."""
    text, _ = read_scenario_text("waterborne")
    bad = text + "    - {kind: exit, side: british, edge: north, beyond: 50}\n"
    with pytest.raises(InputError) as err:
        parse_scenario(bad, "w.yaml")
    assert str(err.value) == (
        "w.yaml: victory.objectives[8].kind: a stand is in a feature, never beyond a line: "
        "hold the feature instead"
    )


# the actions of a side that does nothing but keep the clock going, in order of preference
PASSIVE = ("roll-command", "discard", "roll-ammo", "split-ammo", "draw", "end-initiative")
PASSIVE_ENG = ("end-phase", "pass")  # engineering: end each phase, hold opportunity fire


def passive_line(game: AnyGame, until: int = 5000) -> int:
    """Every seat keeps the clock going and does nothing else, the engine rolling what must be
    rolled (the Command Dice, the rounds, the cards), to the game's end; the actions taken."""
    taken = 0
    while not game.over() and taken < until:
        seat = game.seats_to_act()[0]
        listed = {c.action["action"]: c for c in reversed(game.legal_actions(seat))}
        pick = next(listed[a] for a in (*PASSIVE, *PASSIVE_ENG) if a in listed)
        game.act(seat, pick.action)
        taken += 1
    return taken


@pytest.mark.parametrize(
    ("name", "winner", "scores", "actions"),
    [
        # engineering: 3 phases a player turn, 2 player turns a Battlefront turn (BF-SEQ)
        ("demo", "german", {"german": 1, "us": 0}, 6 * 2 * 3),
        ("hold-the-bridge", "us", {"german": 0, "us": 1}, 8 * 2 * 3),
        ("breaching", "german", {"british": 0, "german": 2}, 8 * 2 * 3),
        ("crack-the-bunker-line", None, {"british": 0, "german": 0}, 8 * 2 * 3),
        ("waterborne", "german", {"british": 0, "german": 5}, 80),  # CF-INIT: 80 initiatives
        ("afv", "german", {"us": 0, "german": 2}, None),
        ("abilities", None, {"allies": 0, "german": 0}, None),
    ],
)
def test_a_scenario_where_nobody_fights_goes_to_its_defender_at_its_length(
    name: str, winner: str | None, scores: dict[str, int], actions: int | None
) -> None:
    """VICTORY-END in each ruleset's clock: the game ends after its length, and what the
    defenders hold at the start decides it (the attackers must take it)."""
    game = new_game(name, seed="passive")
    taken = passive_line(game)
    result = game.result()
    assert result is not None
    assert (result.winner, result.scores) == (winner, scores)
    assert f"the game ended after {LENGTHS[name]}" in result.reasons
    if actions is not None:
        assert taken == actions


def test_hold_the_bridge_played_with_the_neufmolin_bridge_blown() -> None:
    """The US engineers blow the Neufmolin bridge on turn 1 with a 7 (ENG-DEMO-05), then both
    sides keep the clock going to the end of turn 8 (VICTORY-END)."""
    game = new_game("hold-the-bridge", seed="line")
    while game.seats_to_act() != ["us"] or game.view("umpire")["phase"] != "maneuver":
        seat = game.seats_to_act()[0]
        listed = {c.action["action"]: c for c in game.legal_actions(seat)}
        game.act(seat, listed["end-phase" if "end-phase" in listed else "pass"].action)
    _take(game, "us", "Engineers 3 blows demolition charges on Neufmolin bridge", 7)
    _take(game, "german", "Kampfgruppe holds fire")
    assert game.scores("german") == {"german": 0, "us": 3}  # a bridge blown is seen by all
    passive_line(game)
    assert game.result() == Result(
        "us",
        {"german": 0, "us": 3},
        (
            "US engineers holds the north end of the Neufmolin bridge (+1)",
            "Neufmolin bridge blown (US engineers +2)",
            "the game ended after turn 8",
            "US engineers wins (Kampfgruppe 0, US engineers 3)",
        ),
    )
