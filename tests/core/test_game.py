"""`Game`: the append-only log, undo, replay, and reading through seats."""

from __future__ import annotations

import random

import msgspec
import pytest

from conftest import (
    EngGame,
    build,
    demolition,
    do,
    end_phase,
    game_of,
    refused,
    tags,
    task,
    unit,
)
from kriegsspiel.core.game import Game
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering import RULESET


def _game() -> EngGame:
    return game_of(
        [
            unit("p1", "german", engineer=True, position=(0, 0)),
            unit("r1", "us", attack={"T": 2}, position=(0, 10)),
        ],
        demolitions=[demolition("bridge", position=(0, 1), name="road bridge")],
        tasks=[task("dig", required=3)],
    )


def test_seats() -> None:
    game = _game()
    assert game.seats == ("umpire", "german", "us", "public")
    with pytest.raises(InputError) as info:
        game.view("french")
    assert str(info.value) == "seat: unknown seat 'french' (seats: umpire, german, us, public)"
    for reader in (game.log_view, lambda seat: game.replay(seat, 0)):
        with pytest.raises(InputError, match="unknown seat"):
            reader("french")
    with pytest.raises(InputError, match="unknown seat"):
        game.act("french", {"action": "end-phase"})


def test_typed_view_is_the_view_as_the_rulesets_struct() -> None:
    game = _game()
    do(game, "german", {"action": "prepare", "unit": "p1", "demolition": "bridge"})
    for seat in game.seats:
        typed = game.typed_view(seat)
        assert type(typed).__name__ == "EngView"
        assert msgspec.to_builtins(typed) == game.view(seat)
    with pytest.raises(InputError):
        game.typed_view("french")


def test_seed_comes_from_argument_scenario_or_is_made_up() -> None:
    scenario = build([unit("a", "german"), unit("b", "us")])
    assert Game(RULESET, scenario, "given").seed == "given"
    made = Game(RULESET, scenario).seed
    assert len(made) == 32
    assert made != Game(RULESET, scenario).seed
    seeded = msgspec.structs.replace(scenario, seed="from-scenario")
    assert Game(RULESET, seeded).seed == "from-scenario"


def test_act_appends_numbered_entries() -> None:
    game = _game()
    first = do(game, "german", {"action": "end-phase"})
    second = do(game, "us", {"action": "end-phase"})
    assert (first.seq, second.seq) == (0, 1)
    assert first.seat == "german"
    assert first.kind == "action"
    assert first.action == {"action": "end-phase"}
    assert tags(first) == ["phase-began"]
    assert game.log == (first, second)
    assert game.state.phase == "offensive_fire"


def test_refused_actions_leave_no_trace() -> None:
    game = _game()
    do(game, "german", {"action": "end-phase"})
    # it is now the defensive fire phase, the US's to end, not the German's
    violation = refused(game, "german", {"action": "end-phase"})
    assert violation.rule == "BF-SEQ"
    assert len(game.log) == 1


def test_bad_action_data_is_an_input_error() -> None:
    game = _game()
    with pytest.raises(InputError) as info:
        game.act("german", {"action": "dance", "unit": "p1"})
    assert info.value.where.startswith("action")
    with pytest.raises(InputError) as info:
        game.act("german", {"action": "engineer", "unit": "p1"})
    assert "task" in str(info.value)
    with pytest.raises(InputError, match="unknown unit 'nobody'"):
        game.act("german", {"action": "move", "unit": "nobody", "to": [1, 1]})
    assert game.log == ()


def test_the_public_seat_cannot_act() -> None:
    game = _game()
    with pytest.raises(RuleViolation) as info:
        game.act("public", {"action": "end-phase"})
    assert info.value.rule == "SEATS"


def test_undo_is_the_umpires_and_restores_the_state() -> None:
    game = _game()
    before = msgspec.json.encode(game.state)
    do(game, "german", {"action": "engineer", "unit": "p1", "task": "dig"})
    do(game, "us", {"action": "pass"})
    assert game.state.tasks["dig"].progress == 1
    with pytest.raises(RuleViolation) as info:
        game.undo("german")
    assert info.value.rule == "UNDO"
    with pytest.raises(InputError, match="2 action"):
        game.undo("umpire", 3)
    with pytest.raises(InputError):
        game.undo("umpire", 0)
    marker = game.undo("umpire", 2)
    assert marker.kind == "undo"
    assert marker.undoes == (0, 1)
    assert marker.seq == 2
    assert msgspec.json.encode(game.state) == before
    # nothing left to undo: undo entries themselves are not undoable
    with pytest.raises(InputError, match="0 action"):
        game.undo("umpire")
    after = do(game, "german", {"action": "end-phase"})
    assert after.seq == 3
    assert [e["undone"] for e in game.log_view("umpire")] == [True, True, False, False]


def test_undo_one_at_a_time() -> None:
    game = _game()
    do(game, "german", {"action": "end-phase"})
    do(game, "us", {"action": "end-phase"})
    game.undo()
    assert game.view("umpire")["phase"] == "defensive_fire"
    game.undo()
    assert game.view("umpire")["phase"] == "maneuver"
    assert [e.undoes for e in game.log if e.kind == "undo"] == [(1,), (0,)]


def test_replay_shows_what_a_seat_knew_then() -> None:
    game = _game()
    initial = {seat: game.view(seat) for seat in game.seats}
    do(game, "german", {"action": "engineer", "unit": "p1", "task": "dig"})
    do(game, "us", {"action": "pass"})
    game.undo()
    for seat in game.seats:
        assert game.replay(seat, 0) == initial[seat]
        assert game.replay(seat, len(game.log)) == game.view(seat)
    assert game.replay("umpire", 2)["tasks"][0]["progress"] == 1
    assert game.replay("umpire", 3)["tasks"][0]["progress"] == 0
    with pytest.raises(InputError, match="must be from 0 to 3"):
        game.replay("umpire", 4)
    with pytest.raises(InputError):
        game.replay("umpire", -1)


def test_replay_counts_in_the_seats_own_numbering() -> None:
    """`replay(seat, n)` follows `log_view(seat)` numbers, so hidden entries (and how many there
    are) show neither in the answer nor in the error."""
    game = _game()
    do(game, "german", {"action": "end-phase"})  # seq 0: everyone
    game.act("umpire", {"action": "reveal", "demolition": "bridge", "side": "us"})  # seq 1: us
    do(game, "us", {"action": "end-phase"})  # seq 2: everyone
    assert len(game.log_view("german")) == 2
    assert game.replay("german", 2) == game.view("german")
    assert game.replay("german", 1)["phase"] == "defensive_fire"
    with pytest.raises(InputError) as info:
        game.replay("german", 3)
    assert info.value.problem == "must be from 0 to 2"
    # the US saw the reveal as its 2nd entry
    assert game.replay("us", 1)["demolitions"] == []
    assert [d["id"] for d in game.replay("us", 2)["demolitions"]] == ["bridge"]
    assert game.replay("us", 3) == game.view("us")


def test_log_view_numbers_each_seat_in_its_own_sequence() -> None:
    game = _game()
    do(game, "german", {"action": "end-phase"})  # seq 0: everyone
    game.act("umpire", {"action": "reveal", "demolition": "bridge", "side": "us"})  # seq 1: us
    do(game, "us", {"action": "end-phase"})  # seq 2: everyone

    umpire = game.log_view("umpire")
    assert [(e["n"], e["seq"]) for e in umpire] == [(1, 0), (2, 1), (3, 2)]
    us = game.log_view("us")
    assert [e["n"] for e in us] == [1, 2, 3]
    german = game.log_view("german")
    assert [e["n"] for e in german] == [1, 2]
    assert all("seq" not in e for e in german + us)
    assert [e["n"] for e in game.log_view("public")] == [1, 2]

    # undoing the hidden entry is itself hidden from those who never saw it
    game.undo("umpire")  # undoes seq 2
    game.undo("umpire")  # undoes seq 1, the reveal
    us = game.log_view("us")
    assert [e.get("undoes") for e in us] == [None, None, None, [3], [2]]
    german = game.log_view("german")
    assert [e.get("undoes") for e in german] == [None, None, [2]]
    assert [e["undone"] for e in german] == [False, True, False]


def test_log_view_shows_the_action_only_to_its_seat_and_the_umpire() -> None:
    game = _game()
    do(game, "german", {"action": "engineer", "unit": "p1", "task": "dig"})
    assert game.log_view("german")[0]["action"] == {
        "action": "engineer",
        "unit": "p1",
        "task": "dig",
    }
    assert game.log_view("umpire")[0]["action"]["task"] == "dig"
    assert "action" not in game.log_view("us")[0]
    assert "action" not in game.log_view("public")[0]


def test_log_view_events_have_text_and_fields() -> None:
    game = _game()
    do(game, "german", {"action": "end-phase"})
    event = game.log_view("public")[0]["events"][0]
    assert event["event"] == "phase-began"
    assert event["phase"] == "defensive_fire"
    assert event["text"] == "turn 1: german's defensive fire phase"


def test_odds_and_the_dice_prompt_come_without_acting() -> None:
    game = game_of(
        [unit("p1", "german", engineer=True), unit("r1", "us")],
        demolitions=[demolition("culvert", prepared=True)],
    )
    demolish = {"action": "demolish", "unit": "p1", "demolition": "culvert"}
    assert game.odds("german", demolish).rolls == ("engineering.demolition",)
    prompt = game.dice_prompt("german", demolish)
    assert prompt is not None
    assert prompt.name == "engineering.demolition"
    assert game.dice_prompt("german", demolish, [7]) is None
    assert game.log == ()
    with pytest.raises(RuleViolation):
        game.odds("german", {"action": "demolish", "unit": "r1", "demolition": "culvert"})


def test_views_are_fresh_data() -> None:
    game = _game()
    view = game.view("umpire")
    view["units"].clear()
    assert game.view("umpire")["units"]
    end_phase(game)
    assert game.view("umpire")["phase"] == "defensive_fire"


def test_a_drawn_action_changed_before_it_is_acted_on_is_checked_again() -> None:
    """`act` takes the data `random_action` gave as validated only while it is the same data."""
    game = _game()
    drawn = next(
        a
        for seed in range(50)
        if (a := game.random_action("german", random.Random(seed))) is not None and "unit" in a
    )
    changed = {**drawn, "unit": "r1"}  # the enemy's unit
    with pytest.raises(RuleViolation):
        game.act("german", changed)
    assert len(game.log) == 0
    game.random_action("german", random.Random(0))
    with pytest.raises(InputError):
        game.act("german", {**drawn, "unit": 1})  # not even an id
    entry = game.act("german", drawn)
    assert entry.action == drawn
