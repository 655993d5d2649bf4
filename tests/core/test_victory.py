"""core/victory.py: each objective kind's exact scoring, the moment a decisive one ends the game,
the end of the game's length, and a section's validation."""

from __future__ import annotations

import pytest

from kriegsspiel.core.scenario import ScenarioBase, SideSpec, TerrainSpec, UnitSpec
from kriegsspiel.core.victory import (
    Area,
    Control,
    Exit,
    Facts,
    KnockOut,
    Piece,
    Result,
    TaskDone,
    Total,
    Victory,
    judge,
    scores,
    sudden_death,
)
from kriegsspiel.errors import InputError

SIDES = (SideSpec("red", "Red"), SideSpec("blue", "Blue"))
UNITS = (
    UnitSpec("r1", "red", "troops", "Red 1"),
    UnitSpec("r2", "red", "troops", "Red 2"),
    UnitSpec("b1", "blue", "troops", "Blue 1"),
    UnitSpec("b2", "blue", "troops", "Blue 2"),
)
TERRAIN = (
    TerrainSpec("wood", "woods", ((0, 0), (10, 0), (10, 10), (0, 10)), name="the wood"),
    TerrainSpec("road", "road", ((0, 20), (40, 20)), line=True, name="the road"),
    TerrainSpec("well", "well", ((30, 30),), name="the well"),
)


def scenario(*objectives: object, margin: int = 1, areas: tuple[Area, ...] = ()) -> ScenarioBase:
    victory = Victory(objectives=objectives, margin=margin, areas=areas)  # type: ignore[arg-type]
    return ScenarioBase("toy", "t", SIDES, UNITS, TERRAIN, victory=victory)


def facts(
    sc: ScenarioBase,
    *,
    at: dict[str, tuple[float, float] | None] | None = None,
    out: tuple[str, ...] = (),
    exited: dict[str, str] | None = None,
    done: frozenset[tuple[str, str]] = frozenset(),
    ended: bool = False,
) -> Facts:
    places = {"r1": (50.0, 50.0), "r2": (51.0, 50.0), "b1": (60.0, 60.0), "b2": (61.0, 60.0)}
    places.update(at or {})  # type: ignore[arg-type]
    units = {
        u.id: Piece(
            u.side,
            u.label,
            places[u.id],
            out=u.id in out or u.id in (exited or {}),
            exited=(exited or {}).get(u.id),  # type: ignore[arg-type]
        )
        for u in sc.units
    }
    return Facts(sc, units, done, "turn 6", ended)


def test_control_of_an_area_alone_scores_and_a_contest_scores_nobody() -> None:
    """VICTORY-CONTROL, VICTORY-SCORE"""
    sc = scenario(Control(side="red", feature="wood", points=3))
    assert scores(facts(sc)) == {"red": 0, "blue": 0}
    assert scores(facts(sc, at={"r1": (5, 5)})) == {"red": 3, "blue": 0}
    assert scores(facts(sc, at={"r1": (5, 5), "b1": (9, 9)})) == {"red": 0, "blue": 0}
    # a knocked-out unit holds nothing, nor contests
    assert scores(facts(sc, at={"r1": (5, 5), "b1": (9, 9)}, out=("b1",))) == {"red": 3, "blue": 0}


def test_control_of_a_line_or_a_point_is_within_its_radius() -> None:
    """VICTORY-CONTROL"""
    sc = scenario(
        Control(side="blue", feature="road", points=2),
        Control(side="blue", feature="well", points=1, radius=1.0),
    )
    assert scores(facts(sc, at={"b1": (20, 22)})) == {"red": 0, "blue": 2}  # 2" off the road
    assert scores(facts(sc, at={"b1": (20, 22.5)})) == {"red": 0, "blue": 0}
    assert scores(facts(sc, at={"b1": (30, 31)})) == {"red": 0, "blue": 1}
    assert scores(facts(sc, at={"b1": (30, 31.5)})) == {"red": 0, "blue": 0}


def test_an_area_of_the_section_is_a_place_to_hold() -> None:
    """VICTORY-CONTROL"""
    hill = Area("hill", ((100, 100), (110, 100), (110, 110)), "the hill")
    sc = scenario(Control(side="red", feature="hill", points=4), areas=(hill,))
    assert scores(facts(sc, at={"r2": (108, 101)})) == {"red": 4, "blue": 0}


def test_knock_out_scores_each_enemy_unit_and_ends_the_game_at_the_number_needed() -> None:
    """VICTORY-SCORE, VICTORY-DECISIVE"""
    sc = scenario(KnockOut(side="red", points=2, needed=2, decisive=True))
    assert scores(facts(sc, out=("b1",))) == {"red": 2, "blue": 0}
    assert judge(facts(sc, out=("b1",))) is None
    result = judge(facts(sc, out=("b1", "b2")))
    assert result == Result(
        "red",
        {"red": 4, "blue": 0},
        (
            "Red knocked out Blue 1, Blue 2 (+4)",
            "Red knocks out the enemy: the game ends at turn 6",
            "Red wins (Red 4, Blue 0)",
        ),
    )


def test_knock_out_of_named_units_counts_only_them() -> None:
    """VICTORY-SCORE, VICTORY-DECISIVE"""
    sc = scenario(KnockOut(side="blue", units=("r2",), points=5, decisive=True))
    assert judge(facts(sc, out=("r1",))) is None
    assert scores(facts(sc, out=("r1",))) == {"red": 0, "blue": 0}
    result = judge(facts(sc, out=("r2",)))
    assert result is not None
    assert result.winner == "blue"
    assert result.scores["blue"] == 5


def test_exit_counts_units_beyond_the_line_or_gone_by_that_edge() -> None:
    """VICTORY-EXIT"""
    sc = scenario(Exit(side="red", edge="north", beyond=55, points=2))
    assert scores(facts(sc, at={"r1": (50, 55)})) == {"red": 2, "blue": 0}
    assert scores(facts(sc, at={"r1": (50, 54.9)})) == {"red": 0, "blue": 0}
    assert scores(facts(sc, exited={"r1": "north", "r2": "south"})) == {"red": 2, "blue": 0}
    ended = judge(facts(sc, exited={"r1": "north"}, ended=True))
    assert ended is not None
    assert ended.reasons[0] == "Red got through: Red 1 (+2)"
    # gone by another edge, or knocked out beyond the line: not through
    assert scores(facts(sc, at={"r2": (50, 60)}, out=("r2",))) == {"red": 0, "blue": 0}


def test_a_task_done_scores_and_a_decisive_one_ends_the_game_the_moment_it_is_done() -> None:
    """VICTORY-SCORE, VICTORY-DECISIVE"""
    sc = scenario(TaskDone(side="blue", target="bridge", done="blown", points=3, decisive=True))
    assert judge(facts(sc, done=frozenset({("bridge", "built")}))) is None
    result = judge(facts(sc, done=frozenset({("bridge", "blown")})))
    assert result is not None
    assert (result.winner, result.scores) == ("blue", {"red": 0, "blue": 3})
    assert result.reasons[0] == "bridge blown (Blue +3)"


def test_a_points_total_ends_the_game_once_reached() -> None:
    """VICTORY-DECISIVE: a points total"""
    sc = scenario(
        KnockOut(side="red", points=2),
        Control(side="red", feature="wood", points=1),
        Total(side="red", total=5),
    )
    assert judge(facts(sc, out=("b1", "b2"))) is None  # 4 points
    result = judge(facts(sc, out=("b1", "b2"), at={"r1": (1, 1)}))
    assert result is not None
    assert result.winner == "red"
    assert result.scores["red"] == 5


def test_at_the_end_the_most_points_win_by_the_margin_else_a_draw() -> None:
    """VICTORY-END"""
    sc = scenario(KnockOut(side="red", points=1), KnockOut(side="blue", points=1), margin=2)
    assert judge(facts(sc, out=("b1",))) is None  # the game goes on
    ended = judge(facts(sc, out=("b1",), ended=True))
    assert ended == Result(
        None,
        {"red": 1, "blue": 0},
        ("Red knocked out Blue 1 (+1)", "the game ended after turn 6", "a draw (Red 1, Blue 0)"),
    )
    won = judge(facts(sc, out=("b1", "b2"), ended=True))
    assert won is not None
    assert won.winner == "red"


def test_no_victory_conditions_end_in_a_draw_at_the_length() -> None:
    """VICTORY-END"""
    sc = ScenarioBase("toy", "t", SIDES, UNITS, TERRAIN)
    assert judge(facts(sc)) is None
    assert judge(facts(sc, ended=True)) == Result(
        None, {"red": 0, "blue": 0}, ("the game ended after turn 6", "a draw (Red 0, Blue 0)")
    )


def test_a_decisive_objective_is_judged_on_what_every_seat_knows() -> None:
    """VICTORY-DECISIVE: it holds, and every seat can see it does"""
    sc = scenario(KnockOut(side="red", needed=1, decisive=True))
    true = facts(sc, out=("b1",))
    public = facts(sc)  # the knock-out is not known to all
    assert judge(true, public) is None
    assert judge(true, true) is not None


def test_only_a_decisive_objective_may_end_the_game_before_its_length() -> None:
    """VICTORY-DECISIVE, VICTORY-END: a ruleset's `over` may read its clock alone without one"""
    assert not sudden_death(ScenarioBase("toy", "t", SIDES, UNITS, TERRAIN))
    assert not sudden_death(scenario(KnockOut(side="red", points=1)))
    assert sudden_death(scenario(KnockOut(side="red", points=1), Total(side="red", total=2)))
    assert sudden_death(scenario(TaskDone(side="blue", target="x", done="blown", decisive=True)))


def test_public_facts_are_read_only_when_a_decisive_objective_holds_or_a_place_is_at_stake() -> (
    None
):
    """VICTORY-DECISIVE: the public display's knowledge is worked out only when it can matter"""
    asked: list[str] = []

    def public(sc: ScenarioBase) -> Facts:
        asked.append(sc.title)
        return facts(sc)

    task = scenario(TaskDone(side="blue", target="bridge", done="blown", decisive=True))
    assert judge(facts(task), lambda: public(task)) is None
    assert asked == []  # not done: nothing to ask every seat
    judge(facts(task, done=frozenset({("bridge", "blown")})), lambda: public(task))
    assert asked == ["t"]
    held = scenario(Control(side="red", feature="wood", decisive=True))
    assert judge(facts(held), lambda: public(held)) is None  # a place: maybe seen held
    assert asked == ["t", "t"]


def test_two_sides_decisive_at_once_is_a_draw() -> None:
    """VICTORY-DECISIVE"""
    sc = scenario(
        KnockOut(side="red", units=("b1",), decisive=True),
        KnockOut(side="blue", units=("r1",), decisive=True),
    )
    result = judge(facts(sc, out=("b1", "r1")))
    assert result is not None
    assert (result.winner, result.scores) == (None, {"red": 1, "blue": 1})
    assert result.reasons[-1] == "a draw (Red 1, Blue 1)"


def test_a_hidden_unit_counts_for_all_of_a_side_knocked_out() -> None:
    """VICTORY-DECISIVE: "all the enemy" is all there truly are, not those a seat knows of."""
    sc = scenario(KnockOut(side="red", decisive=True))
    true = facts(sc, out=("b1",))
    known = Facts(sc, {k: v for k, v in true.units.items() if k != "b2"}, frozenset(), "t", False)
    assert judge(true, known) is None


@pytest.mark.parametrize(
    ("objective", "message"),
    [
        (Control(side="red", feature="x"), "objectives[0].feature: unknown feature 'x'"),
        (Control(side="green", feature="wood"), "objectives[0].side: unknown side 'green'"),
        (KnockOut(side="red", units=("r1",)), "objectives[0].units[0]: 'r1' is not an enemy"),
        (KnockOut(side="red", units=("zz",)), "objectives[0].units[0]: unknown unit 'zz'"),
        (KnockOut(side="red", needed=3), "objectives[0].needed: only 2 unit(s) can count"),
        (Exit(side="red", edge="north", units=("b1",)), "objectives[0].units[0]: 'b1' is not"),
        (TaskDone(side="red", target="x", done="built"), "objectives[0].target: unknown task"),
    ],
)
def test_a_section_naming_what_does_not_exist_is_refused_with_its_path(
    objective: object, message: str
) -> None:
    with pytest.raises(InputError) as err:
        scenario(objective).validate("f.yaml")
    assert f"f.yaml: victory.{message}" in str(err.value)


def test_near_a_place_but_not_on_it_holds_nothing() -> None:
    """VICTORY-CONTROL: within the box around a place and its radius is not on it: the corner
    beyond a point's radius, past a line's end, or outside a triangle but inside its box."""
    hill = Area("hill", ((100, 100), (110, 100), (110, 110)), "the hill")
    sc = scenario(
        Control(side="blue", feature="road", points=2),
        Control(side="blue", feature="well", points=1, radius=1.0),
        Control(side="red", feature="hill", points=4),
        areas=(hill,),
    )
    assert scores(facts(sc, at={"b1": (30.7, 30.7)})) == {"red": 0, "blue": 1}  # 0.99" away
    assert scores(facts(sc, at={"b1": (30.8, 30.8)})) == {"red": 0, "blue": 0}  # 1.13" away
    assert scores(facts(sc, at={"b1": (42, 20)})) == {"red": 0, "blue": 2}  # 2" past its end
    assert scores(facts(sc, at={"b1": (41.5, 21.5)})) == {"red": 0, "blue": 0}  # 2.12"
    assert scores(facts(sc, at={"r1": (101, 109)})) == {"red": 0, "blue": 0}
    assert scores(facts(sc, at={"r1": (109, 101)})) == {"red": 4, "blue": 0}


def test_one_place_named_by_both_sides_is_held_by_one_of_them_at_most() -> None:
    """VICTORY-CONTROL: the holder of a place is found once per facts, for every objective on it."""
    sc = scenario(
        Control(side="red", feature="wood", points=3),
        Control(side="blue", feature="wood", points=2),
    )
    assert scores(facts(sc, at={"b1": (5, 5)})) == {"red": 0, "blue": 2}
    assert scores(facts(sc, at={"r1": (5, 5)})) == {"red": 3, "blue": 0}
    assert scores(facts(sc, at={"r1": (5, 5), "b1": (6, 6)})) == {"red": 0, "blue": 0}
