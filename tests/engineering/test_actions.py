"""ENG-ACT-01..13: engineering actions. One test (or more) per rule, each citing its ID.

The standard table: German engineers p1 and p2 (attack 2 against troops) and a US rifle squad r1
(attack 2 against troops), so every German engineering action opens a window for US opportunity
fire (ENG-ACT-09) that the US answers with `pass` or `opportunity-fire`. German moves first:
player turn (t, german) then (t, us). Fire faces come from the DEFAULT fire table.
"""

from __future__ import annotations

import typing
from typing import Any

import pytest

from conftest import (
    EngGame,
    advance_to,
    do,
    end_phase,
    engineer,
    events_tagged,
    fire_face,
    game_of,
    pass_,
    progress,
    refused,
    tags,
    task,
    unit,
)
from kriegsspiel.rulesets.engineering import RULESET
from kriegsspiel.rulesets.engineering.view import spotting_cases

STRENGTH = 2


def table(
    *,
    required: int = 9,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    extra: tuple[dict[str, Any], ...] = (),
) -> EngGame:
    return game_of(
        [
            unit("p1", "german", engineer=True, attack={"T": STRENGTH}, position=(0, 0)),
            unit("p2", "german", engineer=True, attack={"T": STRENGTH}, position=(2, 0)),
            unit("r1", "us", attack={"T": STRENGTH}, position=(0, 20)),
            *extra,
        ],
        tasks=[task("dig", required=required, workers=workers)],
        options=options,
    )


def work(game: EngGame, unit_id: str, task_id: str = "dig") -> None:
    """One engineering action that the enemy lets go ahead."""
    engineer(game, unit_id, task_id)
    if game.state.pending is not None:
        pass_(game)


def ea(unit_id: str, task_id: str = "dig") -> dict[str, Any]:
    return {"action": "engineer", "unit": unit_id, "task": task_id}


def fire(unit_id: str, target: str) -> dict[str, Any]:
    return {"action": "fire", "unit": unit_id, "target": target}


# -- ENG-ACT-01 ----------------------------------------------------------------------------------


def test_eng_act_01_the_three_action_types_exist() -> None:
    """ENG-ACT-01: the action registry has ENGINEER, DEMOLISH and REMOVE_DEMOLITION."""
    tags_ = {cls.__struct_config__.tag for cls in typing.get_args(RULESET.action_type)}
    assert {"engineer", "demolish", "remove-demolition"} <= tags_
    game = table()
    for data in (
        ea("p1"),
        {"action": "demolish", "unit": "p1", "demolition": "x"},
        {"action": "remove-demolition", "unit": "p1", "demolition": "x", "distance": 1.0},
    ):
        assert type(game.parse_action(data)).__struct_config__.tag == data["action"]


@pytest.mark.parametrize("phase", ["defensive_fire", "offensive_fire"])
def test_eng_act_01_only_in_the_maneuver_phase(phase: str) -> None:
    """ENG-ACT-01: an engineering action in any phase but the maneuver phase is rejected."""
    game = table()
    advance_to(game, 1, "german", phase)
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-01"
    assert refused(game, "umpire", ea("p1")).rule == "ENG-ACT-01"


def test_eng_act_01_not_in_the_enemys_maneuver_phase() -> None:
    """ENG-ACT-01: the maneuver phase must be the unit's own."""
    game = table()
    advance_to(game, 1, "us")
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-01"


def test_eng_act_01_accepted_in_the_maneuver_phase() -> None:
    game = table()
    work(game, "p1")
    assert progress(game, "dig") == 1


# -- ENG-ACT-02 ----------------------------------------------------------------------------------


def test_eng_act_02_no_action_left_is_rejected() -> None:
    """ENG-ACT-02: a unit with 0 actions left may not start an engineering action."""
    game = table(extra=(unit("idle", "german", actions=0),))
    assert refused(game, "german", ea("idle")).rule == "ENG-ACT-02"


def test_eng_act_02_one_action_left_is_accepted() -> None:
    """ENG-ACT-02: a unit with 1 action left may start one."""
    game = table(extra=(unit("one", "german", actions=1),))
    assert game.state.actions_left("one") == 1
    work(game, "one")
    assert progress(game, "dig") == 1
    assert game.state.actions_left("one") == 0


# -- ENG-ACT-03 ----------------------------------------------------------------------------------


def test_eng_act_03_engineering_then_move_is_rejected() -> None:
    """ENG-ACT-03: after an engineering action the unit may do nothing else that turn."""
    game = table()
    work(game, "p1")
    assert game.state.actions_left("p1") == 0
    move = {"action": "move", "unit": "p1", "to": [0, 1]}
    assert refused(game, "german", move).rule == "ENG-ACT-03"
    emplace = {"action": "emplace", "unit": "p1"}
    assert refused(game, "german", emplace).rule == "ENG-ACT-03"


def test_eng_act_03_move_then_engineering_is_rejected() -> None:
    """ENG-ACT-03: a unit that moved this turn may not take an engineering action."""
    game = table()
    do(game, "german", {"action": "move", "unit": "p1", "to": [0, 1]})
    pass_(game)  # the US holds its opportunity fire at the move (BF-DEFAULT-OPFIRE)
    assert game.state.actions_left("p1") == 1  # it has an action left, but it acted already
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-03"


def test_eng_act_03_second_engineering_action_is_rejected() -> None:
    """ENG-ACT-03 with AMB-ENG-46: at most one engineering action per unit per turn."""
    game = table(workers=2)
    work(game, "p1")
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-03"
    work(game, "p2")  # another unit is not affected
    assert progress(game, "dig") == 2


def test_eng_act_03_restriction_lasts_one_turn() -> None:
    game = table()
    work(game, "p1")
    advance_to(game, 2, "german")
    do(game, "german", {"action": "move", "unit": "p1", "to": [0, 1]})


# -- ENG-ACT-04 ----------------------------------------------------------------------------------


def test_eng_act_04_no_offensive_fire_after_engineering() -> None:
    """ENG-ACT-04: after an engineering action, the unit's offensive fire is rejected."""
    game = table()
    work(game, "p1")
    advance_to(game, 1, "german", "offensive_fire")
    assert refused(game, "german", fire("p1", "r1"), 1).rule == "ENG-ACT-04"
    # a unit that did not work may fire
    entry = do(game, "german", fire("p2", "r1"), 1)
    assert tags(entry) == ["fired"]


# -- ENG-ACT-05 ----------------------------------------------------------------------------------


def test_eng_act_05_defensive_fire_bars_the_next_player_turn() -> None:
    """ENG-ACT-05: a unit that fired in the enemy's defensive fire phase may not work next."""
    game = game_of(
        [
            unit("p1", "german", attack={"T": STRENGTH}),
            unit("e1", "us", engineer=True, attack={"T": STRENGTH}),
            unit("e2", "us", engineer=True, attack={"T": STRENGTH}),
        ],
        tasks=[task("bridge-work", "us", required=5, workers=2)],
    )
    advance_to(game, 1, "german", "defensive_fire")
    do(game, "us", fire("e1", "p1"), fire_face("no-effect", STRENGTH))
    advance_to(game, 1, "us")
    violation = refused(game, "us", ea("e1", "bridge-work"))
    assert violation.rule == "ENG-ACT-05"
    assert "defensive fire" in violation.reason
    # e2 did not fire and may work
    work(game, "e2", "bridge-work")
    assert progress(game, "bridge-work") == 1
    # one player turn later the bar has lapsed (no defensive fire by e1 in turn 2)
    advance_to(game, 2, "us")
    work(game, "e1", "bridge-work")
    assert progress(game, "bridge-work") == 2


def test_eng_act_05_own_offensive_fire_does_not_bar() -> None:
    """ENG-ACT-05 names the defensive fire phase only."""
    game = table()
    advance_to(game, 1, "german", "offensive_fire")
    do(game, "german", fire("p1", "r1"), fire_face("no-effect", STRENGTH))
    advance_to(game, 2, "german")
    work(game, "p1")
    assert progress(game, "dig") == 1


# -- ENG-ACT-06 ----------------------------------------------------------------------------------


def test_eng_act_06_worked_note() -> None:
    """ENG-ACT-06: EA in game turn 3 plus defensive fire in game turn 3 -> EA in game turn 4
    rejected (ENG-ACT-05); EA in game turn 5 allowed when it did not fire defensively in turn 4."""
    game = table()
    advance_to(game, 3, "german")
    work(game, "p1")
    # later in game turn 3, in the US player turn, p1 still fires defensively
    advance_to(game, 3, "us", "defensive_fire")
    do(game, "german", fire("p1", "r1"), fire_face("no-effect", STRENGTH))
    advance_to(game, 4, "german")
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-05"
    # no defensive fire by p1 in game turn 4
    advance_to(game, 5, "german")
    work(game, "p1")
    assert progress(game, "dig") == 2
    assert [c.turn for c in game.state.tasks["dig"].contributions] == [3, 5]


# -- ENG-ACT-07 ----------------------------------------------------------------------------------


def test_eng_act_07_progress_counter() -> None:
    """ENG-ACT-07: a task requiring 2 EAs is incomplete after 1 and complete after the 2nd."""
    game = table(required=2)
    work(game, "p1")
    dig = next(t for t in game.view("german")["tasks"] if t["id"] == "dig")
    assert (dig["progress"], dig["required"], dig["status"]) == (1, 2, "open")
    advance_to(game, 2, "german")
    work(game, "p1")
    dig = next(t for t in game.view("german")["tasks"] if t["id"] == "dig")
    assert (dig["progress"], dig["status"]) == (2, "complete")
    advance_to(game, 3, "german")
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-07"


def test_eng_act_07_a_task_shows_who_works_on_it_and_its_turns_left() -> None:
    """ENG-ACT-07: a task not begun shows no one at work and no turns left (None); with p1 alone
    on a 9-action task that takes two units a turn, 8 turns left, not the 4 two units would
    need; with p2 beside it the next turn, 6 left: 3 turns; complete, no one at work and 0."""
    game = table(required=9, workers=2)

    def dig() -> tuple[list[str], int, int, int | None]:
        seen = next(t for t in game.view("german")["tasks"] if t["id"] == "dig")
        return seen["working"], seen["workers"], seen["most_workers"], seen["turns_left"]

    assert dig() == ([], 0, 2, None)
    work(game, "p1")
    assert dig() == (["p1"], 1, 2, 8)
    advance_to(game, 2, "german")
    work(game, "p1")
    work(game, "p2")
    assert dig() == (["p1", "p2"], 2, 2, 3)
    assert next(t for t in game.view("us")["tasks"] if t["id"] == "dig")["turns_left"] == 3
    short = table(required=1)
    work(short, "p1")
    done = next(t for t in short.view("german")["tasks"] if t["id"] == "dig")
    assert (done["status"], done["working"], done["turns_left"]) == ("complete", [], 0)


def test_eng_act_07_progress_event() -> None:
    game = table(required=2)
    engineer(game, "p1", "dig")
    entry = pass_(game)
    (event,) = events_tagged(entry, "task-progressed")
    assert (event["task"], event["unit"], event["progress"], event["required"]) == (
        "dig",
        "p1",
        1,
        2,
    )


# -- ENG-ACT-08 ----------------------------------------------------------------------------------


def test_eng_act_08_working_unit_counts_as_moving() -> None:
    """ENG-ACT-08: spotting an EA-performing unit uses the base game's moving-target case."""
    game = table()
    assert spotting_cases(game.state, "p1") == ()
    work(game, "p1")
    assert spotting_cases(game.state, "p1") == ("moving",)
    assert spotting_cases(game.state, "p2") == ()
    for seat in game.seats:
        units = {u["id"]: u for u in game.view(seat)["units"]}
        assert units["p1"]["moving"] is True
        assert units["p2"]["moving"] is False
    # still moving when the enemy fires defensively in the same player turn
    advance_to(game, 1, "german", "defensive_fire")
    assert spotting_cases(game.state, "p1") == ("moving",)
    advance_to(game, 1, "us")
    assert spotting_cases(game.state, "p1") == ()


# -- ENG-ACT-09 ----------------------------------------------------------------------------------


def test_eng_act_09_declaring_triggers_opportunity_fire() -> None:
    """ENG-ACT-09: declaring an EA emits an opportunity-fire trigger, seen by every seat."""
    game = table()
    entry = engineer(game, "p1", "dig")
    (trigger,) = events_tagged(entry, "engineering-started")
    assert (trigger["unit"], trigger["opportunity_for"]) == ("p1", "us")
    for seat in game.seats:
        texts = [e["event"] for e in game.log_view(seat)[-1]["events"]]
        assert "engineering-started" in texts
    assert RULESET.seats_to_act(game.state) == ["us"]
    assert game.view("us")["pending"]["awaiting"] == "us"
    # nothing else happens until the US fires or passes
    assert refused(game, "german", {"action": "end-phase"}).rule == "ENG-ACT-09"
    assert refused(game, "german", ea("p2")).rule == "ENG-ACT-09"
    assert refused(game, "german", {"action": "pass"}).rule == "ENG-ACT-09"
    assert progress(game, "dig") == 0
    pass_(game)
    assert progress(game, "dig") == 1
    assert refused(game, "us", {"action": "pass"}).rule == "ENG-ACT-09"


def test_eng_act_09_trigger_even_when_nobody_can_fire() -> None:
    """ENG-ACT-09: the trigger is emitted; with no enemy able to fire, the work goes ahead."""
    game = game_of(
        [unit("p1", "german", engineer=True), unit("tank", "us", kind="armoured-vehicle")],
        tasks=[task("dig", required=3)],
    )
    entry = engineer(game, "p1", "dig")
    assert tags(entry)[0] == "engineering-started"
    assert "work-done" in tags(entry)
    assert game.state.pending is None
    assert progress(game, "dig") == 1


def test_eng_act_09_each_enemy_unit_fires_once() -> None:
    game = table(extra=(unit("r2", "us", attack={"T": 1}),))
    engineer(game, "p1", "dig")
    do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, fire_face("no-effect", 2))
    assert game.state.pending is not None  # r2 may still fire
    violation = refused(game, "us", {"action": "opportunity-fire", "unit": "r1"}, 1)
    assert violation.rule == "ENG-ACT-09"
    entry = do(game, "us", {"action": "opportunity-fire", "unit": "r2"}, fire_face("no-effect", 1))
    assert "work-done" in tags(entry)  # no firer left: the work resolves
    assert progress(game, "dig") == 1


# -- ENG-ACT-10 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "gain", "status"),
    [
        ("disordered", 0, "disordered"),
        ("knocked-out", 0, "knocked-out"),
        ("suppressed", 1, "suppressed"),
        ("no-effect", 1, "ok"),
    ],
)
def test_eng_act_10_opportunity_fire_results(outcome: str, gain: int, status: str) -> None:
    """ENG-ACT-10 (AMB-ENG-04): DISORDER or KO from opportunity fire -> progress unchanged;
    SUPPRESS (or no effect) -> the EA proceeds."""
    game = table()
    work(game, "p1")  # progress 1 from an earlier action
    advance_to(game, 2, "german")
    engineer(game, "p1", "dig")
    face = fire_face(outcome, STRENGTH)
    entry = do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, face)
    (shot,) = events_tagged(entry, "opportunity-fire")
    assert shot["result"]["outcome"] == outcome
    assert shot["result"]["total"] == face + STRENGTH
    assert progress(game, "dig") == 1 + gain
    assert game.state.units["p1"].status == status
    assert ("work-cancelled" in tags(entry)) == (gain == 0)
    assert ("work-done" in tags(entry)) == (gain == 1)
    assert game.state.pending is None


def test_eng_act_10_knocked_out_unit_is_out() -> None:
    """ENG-ACT-10: result KO -> progress unchanged and the unit removed from play."""
    game = table()
    engineer(game, "p1", "dig")
    do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, fire_face("knocked-out", 2))
    assert progress(game, "dig") == 0
    assert game.state.actions_left("p1") == 0
    advance_to(game, 2, "german")
    assert refused(game, "german", ea("p1")).rule == "BF-STATUS"
    assert refused(game, "german", {"action": "move", "unit": "p1", "to": [1, 1]}).rule == (
        "BF-STATUS"
    )


def test_eng_act_10_cancelled_action_still_uses_the_turn() -> None:
    """AMB-ENG-04: a cancelled EA still uses up the unit's action for that turn."""
    game = table()
    engineer(game, "p1", "dig")
    do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, fire_face("disordered", 2))
    assert progress(game, "dig") == 0
    move = {"action": "move", "unit": "p1", "to": [0, 1]}
    assert refused(game, "german", move).rule == "ENG-ACT-03"


def test_eng_act_10_a_later_disorder_in_the_same_window_cancels() -> None:
    game = table(extra=(unit("r2", "us", attack={"T": 1}),))
    engineer(game, "p1", "dig")
    do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, fire_face("suppressed", 2))
    assert game.state.pending is not None
    entry = do(game, "us", {"action": "opportunity-fire", "unit": "r2"}, fire_face("disordered", 1))
    assert "work-cancelled" in tags(entry)
    assert progress(game, "dig") == 0
    assert game.state.units["p1"].status == "disordered"


# -- ENG-ACT-11 ----------------------------------------------------------------------------------


def test_eng_act_11_defensive_fire_does_not_undo_work() -> None:
    """ENG-ACT-11: EA resolved (+1 progress), then defensive fire KOs the unit -> stays +1."""
    game = table()
    work(game, "p1")
    assert progress(game, "dig") == 1
    advance_to(game, 1, "german", "defensive_fire")
    entry = do(game, "us", fire("r1", "p1"), fire_face("knocked-out", STRENGTH))
    (shot,) = events_tagged(entry, "fired")
    assert shot["result"]["outcome"] == "knocked-out"
    assert game.state.units["p1"].status == "knocked-out"
    assert progress(game, "dig") == 1
    assert game.state.tasks["dig"].contributors == ("p1",)


# -- ENG-ACT-12 ----------------------------------------------------------------------------------


def test_eng_act_12_turns_need_not_be_consecutive() -> None:
    """ENG-ACT-12: EAs in turns 1, 3 and 6 give progress 3."""
    game = table()
    for turn in (1, 3, 6):
        advance_to(game, turn, "german")
        work(game, "p1")
    assert progress(game, "dig") == 3
    assert [c.turn for c in game.state.tasks["dig"].contributions] == [1, 3, 6]
    assert game.state.tasks["dig"].status == "open"


# -- ENG-ACT-13 ----------------------------------------------------------------------------------


def test_eng_act_13_another_unit_continues_after_disorder() -> None:
    """ENG-ACT-13: unit A contributes 4 of 9 EAs and is disordered; unit B contributes 5 ->
    the task is complete."""
    game = table(required=9)
    for turn in (1, 2, 3, 4):
        advance_to(game, turn, "german")
        work(game, "p1")
    advance_to(game, 4, "german", "defensive_fire")
    do(game, "us", fire("r1", "p1"), fire_face("disordered", STRENGTH))
    assert game.state.units["p1"].status == "disordered"
    assert progress(game, "dig") == 4
    advance_to(game, 4, "german", "offensive_fire")
    do(game, "german", {"action": "end-phase"}, 1)  # its rally fails (BF-DEFAULT-RECOVERY)
    advance_to(game, 5, "german")
    assert refused(game, "german", ea("p1")).rule == "ENG-ACT-13"  # A may not work disordered
    work(game, "p2")
    advance_to(game, 5, "german", "offensive_fire")
    do(game, "german", {"action": "end-phase"}, 6)  # A rallies; B, a contributor now, goes on
    for turn in (6, 7, 8, 9):
        advance_to(game, turn, "german")
        work(game, "p2")
    dig = game.state.tasks["dig"]
    assert (dig.progress, dig.status) == (9, "complete")
    assert dig.contributors == ("p1", "p2")


def test_eng_act_13_another_unit_continues_after_knock_out() -> None:
    game = table(required=3)
    work(game, "p1")
    game.act("umpire", {"action": "set-status", "unit": "p1", "status": "knocked-out"})
    advance_to(game, 2, "german")
    work(game, "p2")
    advance_to(game, 3, "german")
    work(game, "p2")
    assert game.state.tasks["dig"].status == "complete"


def test_eng_act_13_no_takeover_from_a_working_unit() -> None:
    """ENG-ACT-13 with AMB-ENG-05 (default): B is refused while A is fine."""
    game = table()
    work(game, "p1")
    advance_to(game, 2, "german")
    violation = refused(game, "german", ea("p2"))
    assert violation.rule == "ENG-ACT-13"
    work(game, "p1")
    assert progress(game, "dig") == 2


def test_eng_act_13_takeover_allowed_with_option() -> None:
    """AMB-ENG-05: with `allow_task_handover_any`, B may take over while A is fine."""
    game = table(options={"allow_task_handover_any": True})
    work(game, "p1")
    advance_to(game, 2, "german")
    work(game, "p2")
    assert progress(game, "dig") == 2
    assert game.state.tasks["dig"].contributors == ("p1", "p2")


def test_eng_act_13_handover_is_not_pooling() -> None:
    """AMB-ENG-05: a handover lets another unit continue, it does not let more units than the
    task's `workers` work on it in one turn (pooled work only where stated)."""
    game = table(workers=1, options={"allow_task_handover_any": True})
    work(game, "p1")
    assert refused(game, "german", ea("p2")).rule == "ENG-ACT-13"
    assert progress(game, "dig") == 1


def test_eng_act_13_pooling_up_to_workers() -> None:
    """A task with `workers: 2` takes two units a turn, and a third only as a replacement."""
    game = table(workers=2, extra=(unit("p3", "german", engineer=True),))
    work(game, "p1")
    work(game, "p2")
    assert progress(game, "dig") == 2
    assert refused(game, "german", ea("p3")).rule == "ENG-ACT-13"
    end_phase(game)
    do(game, "us", fire("r1", "p2"), fire_face("knocked-out", STRENGTH))
    advance_to(game, 2, "german")
    work(game, "p3")
    work(game, "p1")
    assert progress(game, "dig") == 4
