"""Tests that close the gaps mutation testing (`make mutate`) found in the core.

Each test states a piece of the core's contract (its docstrings, docs/architecture.md, or what
another module relies on) that the other tests left open: exact error messages and the `where`
they name, boundaries (a d2 is a die, a tree of exactly `budget` paths is still walked), the
ordering of odds, the shape of the reports the command line renders, and the statistics of
sampled domains. Expected values are worked out here from the contract, not copied from output.
Everything is seeded or scripted, so every run is the same.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any, cast, get_args

import msgspec
import pytest
from toy import TOPICS, TOY, Caught, Cross, Late, Shoot, Shot, Toy, ToyState, toy_scenario

from kriegsspiel.core import guards, plans, secrecy, tables, topics, views
from kriegsspiel.core.chance import ActionOdds, Outcome, walk, wilson
from kriegsspiel.core.checks import (
    Check,
    CheckDef,
    CheckResult,
    Modifier,
    Param,
    Stats,
    parse_args,
)
from kriegsspiel.core.choices import Candidate, Choice, Domain
from kriegsspiel.core.convert import convert
from kriegsspiel.core.dice import EnteredDice, Pool, ScriptedDice, SeededDice, die
from kriegsspiel.core.dist import Dist
from kriegsspiel.core.game import Game
from kriegsspiel.core.geometry import bearing
from kriegsspiel.core.log import Entry, Record
from kriegsspiel.core.plans import PlanDef, attempts_needed
from kriegsspiel.core.roll import Roll, emitted
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.core.seats import UMPIRE, only
from kriegsspiel.core.tasks import Task
from kriegsspiel.core.topics import Act, Context, Ev, rolls_in
from kriegsspiel.errors import DiceError, EngineFault, InputError, RuleViolation

CROSS_ACTION = {"action": "cross"}

# -- dist ----------------------------------------------------------------------------------------


def test_dist_errors_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match=r"^weights must not be negative$"):
        Dist({"a": -1, "b": 2})
    with pytest.raises(ValueError, match=r"^a distribution needs positive total weight$"):
        Dist({"a": 0})


def test_counted_drops_zero_counts_but_refuses_negative_ones() -> None:
    """Zero counts are allowed (and dropped); only negative ones, or a wrong total, are refused."""
    dist = Dist.counted({"a": 2, "b": 0}, 2)
    assert dist == Dist.certain("a")
    assert list(dist) == ["a"]


def test_the_count_of_an_impossible_outcome_is_zero() -> None:
    dist = Dist({"a": 1, "b": 3})
    assert (dist.count("a"), dist.count("b"), dist.count("c")) == (1, 3, 0)


def test_repr_reads_like_a_dict_of_probabilities() -> None:
    assert repr(Dist({"a": 1, "b": 3})) == "Dist({'a': 1/4, 'b': 3/4})"


# -- dice ----------------------------------------------------------------------------------------


def test_the_smallest_pools_are_dice_pools() -> None:
    """A pool refuses fewer than 0 dice or fewer than 2 sides: no dice, and a d2, are pools."""
    none = Pool(0, 6)
    assert none.reduce([]) == (0,)
    assert none.dist() == Dist.certain((0,))
    coin = Pool(1, 2)
    assert coin.label == "d2"
    assert coin.dist() == Dist.uniform([(1,), (2,)])


def test_entered_dice_keep_their_player() -> None:
    entered = EnteredDice([1, 2], player="Alice")
    assert entered.player == "Alice"
    copy = entered.copy()
    assert (copy.player, copy.origin, copy.left) == ("Alice", "entered:Alice", 2)
    scripted = ScriptedDice([3])
    assert (scripted.player, scripted.origin) == ("script", "script")


def test_dice_errors_are_about_the_dice() -> None:
    with pytest.raises(DiceError) as out_of_range:
        EnteredDice([9], "Bob").faces(die(6), "k")
    with pytest.raises(DiceError) as too_few:
        EnteredDice([], "Bob").faces(die(6), "k")
    unused = EnteredDice([1, 2], "Bob")
    with pytest.raises(DiceError) as too_many:
        unused.finish()
    assert [e.value.where for e in (out_of_range, too_few, too_many)] == ["dice"] * 3
    assert str(too_many.value) == "dice: 2 face(s) entered but not needed by this action"


# -- checks --------------------------------------------------------------------------------------


def _sum_rule(stats: Stats, modifier: int, /) -> str:
    return "high" if stats[0][0] + modifier >= 8 else "low"


def _two_pool_check() -> Check:
    return Check(
        "test.two",
        (Pool(2, 6), die(10)),
        _sum_rule,
        ("low", "high"),
        ("R-1", "R-2"),
        (Modifier("cover", 1, "R-1"), Modifier("smoke", -2, "R-2")),
    )


def test_explain_lists_each_pool_each_modifier_and_each_rule() -> None:
    """Faces of one pool joined by commas, pools by spaces; the natural is the first pool's."""
    result = _two_pool_check().resolve([[3, 4], [7]])
    assert (result.natural, result.total, result.outcome) == (7, 6, "low")
    assert result.sides == (6, 10)
    assert result.explain() == (
        "test.two: rolled 3,4 7 +1 cover (R-1) -2 smoke (R-2) = 6 -> low [R-1, R-2]"
    )


def test_resolve_defaults_and_roll_keys() -> None:
    check = _two_pool_check()
    plain = check.resolve([[1, 1], [1]])
    assert (plain.origin, plain.key) == ("", "")
    rolled = check.roll(SeededDice("seed"), "7/0")
    assert (rolled.origin, rolled.key) == ("rng", "7/0")
    # the faces depend on the roll's key: the same key gives the same faces, others differ
    assert check.roll(SeededDice("seed"), "7/0").faces == rolled.faces
    assert len({check.roll(SeededDice("seed"), f"{i}/0").faces for i in range(12)}) > 1


def test_a_check_without_dice_or_statistic_has_a_natural_of_zero() -> None:
    """The natural is the first statistic of the first pool, or 0 when there is none."""
    auto = Check("test.auto", (), lambda s, m: "done", ("done",), ("R",), (Modifier("m", 2, "R"),))
    result = auto.resolve([])
    assert (result.natural, result.total, result.outcome, result.sides) == (0, 2, "done", ())
    assert auto.odds() == Dist.certain("done")
    silent = Check("test.silent", (Pool(1, 6, ()),), lambda s, m: "x", ("x",), ("R",))
    assert silent.resolve([[4]]).natural == 0


def test_resolve_errors_are_about_the_dice() -> None:
    check = _two_pool_check()
    with pytest.raises(DiceError) as pools:
        check.resolve([[1, 1]])
    with pytest.raises(DiceError) as faces:
        check.resolve([[1, 1], [11]])
    assert (pools.value.where, faces.value.where) == ("dice", "dice")
    assert pools.value.problem == "test.two rolls 2 pool(s)"
    assert faces.value.problem == "[11] is not a roll of d10"


@pytest.mark.parametrize(
    ("raw", "value"),
    [("true", True), ("YES", True), ("1", True), ("False", False), ("no", False), ("0", False)],
)
def test_bool_params_take_true_yes_1_and_false_no_0(raw: str, value: bool) -> None:
    assert Param("wet", "bool", False, "wet?").parse(raw) is value


def test_param_errors_name_the_param() -> None:
    cases: list[tuple[Param, str, str]] = [
        (Param("wet", "bool", False, "h"), "maybe", "must be true or false, got 'maybe'"),
        (Param("k", "choice", "a", "h", choices=("a", "b")), "c", "must be one of a, b, got 'c'"),
        (Param("n", "int", 0, "h"), "x", "must be an integer, got 'x'"),
        (Param("n", "int", 0, "h", minimum=1), "x", "must be an integer of at least 1, got 'x'"),
    ]
    for param, raw, problem in cases:
        with pytest.raises(InputError) as info:
            param.parse(raw)
        assert (info.value.where, info.value.problem) == (param.name, problem)


def _check_def(*params: Param) -> CheckDef:
    def build(values: Mapping[str, Any]) -> Check:
        return Check("test.def", (die(6),), lambda s, m: "x", ("x",), ("R",))

    return CheckDef("test.def", "a test check", ("x",), ("R",), build, params)


def test_parse_args_splits_at_the_first_equals_sign() -> None:
    kind = Param("kind", "choice", "a=b", "h", choices=("a=b", "c"))
    assert parse_args("o", (kind,), ["kind=a=b"]) == {"kind": "a=b"}


def test_parse_args_errors_name_the_argument_and_list_the_parameters() -> None:
    two = (Param("a", "int", 0, "h"), Param("b", "int", 0, "h"))
    cases: list[tuple[tuple[Param, ...], str, str, str]] = [
        (two, "a", "a", "expected KEY=VALUE"),
        (two, "c=1", "c", "o has no parameter 'c' (parameters: a, b)"),
        ((), "c=1", "c", "o has no parameter 'c' (parameters: none)"),
    ]
    for params, arg, where, problem in cases:
        with pytest.raises(InputError) as info:
            parse_args("o", params, [arg])
        assert (info.value.where, info.value.problem) == (where, problem)


def test_check_def_errors_name_the_check_and_the_parameter() -> None:
    checkdef = _check_def(Param("n", "int", 0, "h"))
    with pytest.raises(InputError) as typed:
        checkdef.with_args(["m=1"])
    assert str(typed.value) == "m: test.def has no parameter 'm' (parameters: n)"
    with pytest.raises(InputError) as given:
        checkdef.check(m=1)
    assert (given.value.where, given.value.problem) == ("m", "test.def has no parameter 'm'")
    assert checkdef.describe()["summary"] == "a test check"


# -- chance --------------------------------------------------------------------------------------


def _d6(name: str = "t.d6") -> Check:
    return Check(name, (die(6),), lambda stats, _: str(stats[0][0]), (), ("R",))


def _by_face(summaries: Mapping[int, str], bonus: bool = False) -> Callable[[Any], str]:
    """A run that rolls a d6 and ends in the summary of its face; on a 6, with `bonus`, it
    rolls a second die first (a roll first met only on that branch)."""

    def run(roll: Any) -> str:
        face = roll(_d6()).natural
        if bonus and face == 6:
            roll(_d6("t.bonus"))
        return summaries[face]

    return run


def test_every_branch_of_a_roll_is_walked_once() -> None:
    odds = walk(_by_face({f: str(f) for f in range(1, 7)}))
    assert {o.summary: o.probability for o in odds.outcomes} == {
        str(f): Fraction(1, 6) for f in range(1, 7)
    }


def test_outcomes_are_most_likely_first_then_by_summary() -> None:
    three = walk(_by_face({1: "one", 2: "few", 3: "few", 4: "many", 5: "many", 6: "many"}))
    assert [o.summary for o in three.outcomes] == ["many", "few", "one"]
    tied = walk(_by_face({1: "zulu", 2: "zulu", 3: "zulu", 4: "alpha", 5: "alpha", 6: "alpha"}))
    assert [o.summary for o in tied.outcomes] == ["alpha", "zulu"]


def test_a_tree_of_exactly_the_budget_is_walked_and_a_larger_one_estimated() -> None:
    """A tree of more paths than the budget is estimated; one of `budget` paths is exact."""
    run = _by_face({f: "even" if f % 2 == 0 else "odd" for f in range(1, 7)})
    exact = walk(run, budget=6)
    assert (exact.exact, exact.paths) == (True, 6)
    assert exact.probability("odd") == Fraction(1, 2)
    assert exact.probability("never") == 0
    assert not walk(run, budget=5, samples=10).exact


def test_a_listed_outcome_of_probability_zero_has_probability_zero() -> None:
    odds = ActionOdds(True, (Outcome("never", probability=Fraction(0)),), (), 1)
    assert odds.probability("never") == 0


def test_estimates_are_seeded_frequencies_most_likely_first() -> None:
    summaries = {1: "one", 2: "few", 3: "few", 4: "many", 5: "many", 6: "many"}
    run = _by_face(summaries, bonus=True)
    odds = walk(run, budget=1, samples=600)
    again = walk(run, budget=1, samples=600)
    assert odds.outcomes == again.outcomes  # the same question, the same answer
    assert (odds.exact, odds.paths, odds.samples) == (False, 0, 600)
    assert odds.rolls == ("t.d6", "t.bonus")  # the bonus die is first met while sampling
    assert [o.summary for o in odds.outcomes] == ["many", "few", "one"]
    estimates = [o.estimate for o in odds.outcomes]
    assert all(e is not None and 0 < e < 1 for e in estimates)
    assert sum(e for e in estimates if e is not None) == pytest.approx(1.0)
    for outcome in odds.outcomes:
        assert outcome.estimate is not None
        hits = round(outcome.estimate * 600)
        assert outcome.estimate == hits / 600
        assert (outcome.low, outcome.high) == wilson(hits, 600)
    with pytest.raises(ValueError, match=r"^these odds are estimated; see `outcomes`$"):
        odds.probability("many")


def test_estimated_ties_are_ordered_by_summary() -> None:
    calls = itertools.count()

    def run(roll: Any) -> str:
        roll(_d6())
        return "zulu" if next(calls) % 2 else "alpha"  # the first playout says "zulu"

    odds = walk(run, budget=1, samples=4)
    assert [(o.summary, o.estimate) for o in odds.outcomes] == [("alpha", 0.5), ("zulu", 0.5)]


def test_outcome_and_odds_describe_themselves_as_plain_data() -> None:
    run = _by_face({1: "a", 2: "a", 3: "b", 4: "b", 5: "b", 6: "b"})
    assert walk(run).describe() == {
        "exact": True,
        "outcomes": [
            {"summary": "b", "probability": "2/3", "percent": 66.67},
            {"summary": "a", "probability": "1/3", "percent": 33.33},
        ],
        "rolls": ["t.d6"],
        "paths": 6,
    }
    first = Check(
        "t.first", (die(6),), lambda s, _: "lo" if s[0][0] <= 2 else "hi", ("lo", "hi"), ()
    )
    estimated = ActionOdds(
        False, (Outcome("x", estimate=0.25, low=0.2, high=0.3),), ("t.first",), 0, first, 40
    )
    assert estimated.describe() == {
        "exact": False,
        "outcomes": [{"summary": "x", "estimate": 0.25, "low": 0.2, "high": 0.3}],
        "rolls": ["t.first"],
        "paths": 0,
        "samples": 40,
        "first_roll": {
            "check": "t.first",
            "odds": [
                {"outcome": "lo", "probability": "1/3"},
                {"outcome": "hi", "probability": "2/3"},
            ],
        },
    }


# -- choices -------------------------------------------------------------------------------------


def _samples(domain: Domain, n: int, seed: int = 7) -> list[Any]:
    rng = random.Random(seed)
    return [domain.sample(rng) for _ in range(n)]


def test_point_samples_stay_inside_a_thin_ring_rounded_to_hundredths() -> None:
    """Within `high` of the origin and at least `low` away, even for a ring 0.05" wide."""
    ring = Domain("to", "point", low=5.0, high=5.05, origin=(10.0, 20.0))
    for x, y in _samples(ring, 500):
        assert 5.0 <= math.hypot(x - 10.0, y - 20.0) <= 5.05
        assert (x, y) == (round(x, 2), round(y, 2))


def test_point_samples_are_uniform_over_the_area() -> None:
    disc = Domain("to", "point", low=0.0, high=6.0, origin=(0.0, 0.0))
    points = _samples(disc, 2000)
    inner = sum(math.hypot(x, y) <= 6.0 / math.sqrt(2) for x, y in points)  # half the area
    assert 0.45 <= inner / 2000 <= 0.55
    for sx, sy in itertools.product((1, -1), repeat=2):  # each quadrant a quarter
        share = sum(x * sx > 0 and y * sy > 0 for x, y in points) / 2000
        assert 0.2 <= share <= 0.3
    octants = [0] * 8
    for x, y in points:
        octants[int((math.atan2(y, x) % (2 * math.pi)) // (math.pi / 4)) % 8] += 1
    assert all(0.09 <= n / 2000 <= 0.16 for n in octants)


def test_point_domains_of_no_reach_stay_on_the_origin() -> None:
    assert _samples(Domain("to", "point", high=0.0, origin=(3.5, 4.25)), 20) == [[3.5, 4.25]] * 20
    small = _samples(Domain("to", "point", high=1.0, origin=(3.5, 4.25)), 50)
    assert all(math.hypot(x - 3.5, y - 4.25) <= 1.0 for x, y in small)
    assert len({tuple(p) for p in small}) > 10


def test_angle_samples_without_arcs_cover_the_whole_circle_evenly() -> None:
    angles = _samples(Domain("facing", "angle"), 20000)
    assert all(0.0 <= a < 360.0 and a == round(a, 1) for a in angles)
    near_zero = sum(a < 1.0 for a in angles)  # 0.1 to 0.9: 0.9 of 360 degrees, about 50
    assert 25 <= near_zero <= 75
    for quarter in range(4):
        share = sum(90 * quarter <= a < 90 * (quarter + 1) for a in angles) / 20000
        assert 0.24 <= share <= 0.26


def test_angle_samples_spread_over_the_arcs_by_their_length() -> None:
    """Arcs (350, 10) and (90, 100): 20 and 10 degrees, so two thirds fall in the first."""
    angles = _samples(Domain("facing", "angle", arcs=((350.0, 10.0), (90.0, 100.0))), 3000)
    assert all(0.0 <= a < 360.0 and a == round(a, 1) for a in angles)  # as bearing() gives
    first = [a for a in angles if a >= 350.0 or a <= 10.0]
    second = [a for a in angles if 90.0 <= a <= 100.0]
    assert len(first) + len(second) == 3000
    assert 0.6 <= len(first) / 3000 <= 0.73
    assert len(set(second)) > 50
    assert any(a != int(a) for a in angles)


def test_angle_samples_stay_a_tenth_inside_each_end_of_an_arc() -> None:
    angles = _samples(Domain("facing", "angle", arcs=((90.0, 91.0),)), 2000)
    assert all(90.1 <= a <= 90.9 for a in angles)
    assert min(angles) < 90.3
    assert max(angles) > 90.7


def test_number_samples_are_hundredths_across_the_range() -> None:
    values = _samples(Domain("distance", "number", low=5.0, high=6.0), 500)
    assert all(5.0 <= v <= 6.0 and v == round(v, 2) for v in values)
    assert len(set(values)) > 50


def test_choice_samples_are_the_options() -> None:
    options = ("a", "b", "c")
    assert set(_samples(Domain("target", "choice", options=options), 60)) == set(options)


def test_a_candidate_label_may_be_made_when_asked_for() -> None:
    assert Candidate("act", lambda: "made on demand").text() == "made on demand"
    assert Candidate("act", "plain").text() == "plain"


def test_a_candidates_domains_may_be_worked_out_when_asked_for() -> None:
    """As listed by `legal_actions` (the probe's umpire move has its domain made on demand)."""
    point = Domain("to", "point", high=2.0, origin=(1.0, 1.0))
    assert Candidate("act", "lazy", lambda: (point,)).open() == (point,)
    assert Candidate("act", "plain", (point,)).open() == (point,)
    assert Candidate("act", "none").open() == ()
    (move,) = _probe().legal_actions(UMPIRE)[-1:]
    assert move.domains == (Domain("to", "point", high=6.0, origin=(0.0, 0.0)),)


# -- plans ---------------------------------------------------------------------------------------


def test_plan_arguments_are_checked() -> None:
    cases: list[tuple[int, Fraction, Fraction, str, str]] = [
        (0, Fraction(1, 2), Fraction(99, 100), "successes", "a plan needs at least one success"),
        (1, Fraction(3, 2), Fraction(99, 100), "p", "an attempt must have a chance of success"),
        (1, Fraction(1, 2), Fraction(0), "coverage", "must be between 0 and 1"),
        (1, Fraction(1, 2), Fraction(1), "coverage", "must be between 0 and 1"),
        (1, Fraction(1, 2), Fraction(3, 2), "coverage", "must be between 0 and 1"),
    ]
    for n, p, coverage, where, problem in cases:
        with pytest.raises(InputError) as info:
            attempts_needed(n, p, coverage)
        assert (info.value.where, info.value.problem) == (where, problem)


@pytest.mark.parametrize(
    ("n", "p", "coverage"),
    [
        (1, Fraction(1, 2), Fraction(99, 100)),
        (3, Fraction(2, 3), Fraction(1, 2)),
        (2, Fraction(1, 5), Fraction(95, 100)),
    ],
)
def test_the_table_stops_at_the_first_attempt_reaching_coverage_and_ninety_percent(
    n: int, p: Fraction, coverage: Fraction
) -> None:
    plan = attempts_needed(n, p, coverage)
    assert plan.per_attempt == p
    done = Fraction(0)
    for row in plan.rows:
        done += row.probability
        assert row.cumulative == done
    goal = max(coverage, Fraction(9, 10))
    assert plan.rows[-1].cumulative >= goal > plan.rows[-2].cumulative
    assert plan.tail == 1 - plan.rows[-1].cumulative


def test_reaching_coverage_or_ninety_percent_exactly_is_enough() -> None:
    # P(done by t) = 1 - 2^-t: exactly 15/16 at the fourth attempt
    assert attempts_needed(1, Fraction(1, 2), Fraction(15, 16)).rows[-1].attempts == 4
    # 9/10 at the first attempt: the table is one row and the tail the rest
    one = attempts_needed(1, Fraction(9, 10), Fraction(1, 2))
    assert [(r.attempts, r.cumulative) for r in one.rows] == [(1, Fraction(9, 10))]
    assert one.tail == Fraction(1, 10)


def test_the_table_never_exceeds_max_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the safety bound the table stops, its tail still exact (ten rows here for speed)."""
    monkeypatch.setattr(plans, "MAX_ROWS", 10)
    plan = attempts_needed(1, Fraction(1, 4))  # 94% by the tenth attempt, short of 99%
    assert len(plan.rows) == 10
    assert plan.tail == Fraction(3, 4) ** 10


def test_cdf_over_the_whole_table() -> None:
    n, p = 3, Fraction(1, 2)
    plan = attempts_needed(n, p)
    assert plan.cdf(0) == plan.cdf(n - 1) == 0
    assert plan.cdf(n) == p**n
    last = plan.rows[-1]
    assert plan.cdf(last.attempts) == last.cumulative
    with pytest.raises(ValueError, match=rf"^the table stops at {last.attempts}$"):
        plan.cdf(last.attempts + 1)


def _plan_def() -> PlanDef:
    return PlanDef(
        "test.work",
        "work needing n successes",
        "turns",
        ("R-9",),
        (
            Param("n", "int", 1, "successes needed", 1, 9),
            Param("p", "choice", "1/2", "chance each turn", choices=("1/2", "3/7")),
        ),
        lambda v: attempts_needed(int(v["n"]), Fraction(str(v["p"]))),
    )


def test_plan_def_takes_defaults_and_arguments() -> None:
    values, plan = _plan_def().plan(["p=3/7"])
    assert values == {"n": 1, "p": "3/7"}
    assert (plan.successes, plan.per_attempt) == (1, Fraction(3, 7))
    assert _plan_def().plan()[0] == {"n": 1, "p": "1/2"}
    with pytest.raises(InputError, match=r"test\.work has no parameter 'q'"):
        _plan_def().plan(["q=1"])


def _fraction(p: Fraction) -> dict[str, Any]:
    return {"probability": f"{p.numerator}/{p.denominator}", "percent": round(float(p) * 100, 2)}


def test_plan_report_is_what_the_command_line_renders() -> None:
    """The keys `render/text.py` reads, with every probability exact ("n/d") and in percent."""
    n, p = 2, Fraction(3, 7)
    report = _plan_def().report(["n=2", "p=3/7"])
    rows = []
    done = Fraction(0)
    t = n
    while True:  # the negative binomial, to the first attempt reaching 99%
        row_p = comb(t - 1, n - 1) * p**n * (1 - p) ** (t - n)
        done += row_p
        rows.append(
            {
                "attempts": t,
                **_fraction(row_p),
                "cumulative": _fraction(done)["probability"],
                "cumulative_percent": _fraction(done)["percent"],
            }
        )
        if done >= Fraction(99, 100):
            break
        t += 1
    assert report == {
        "plan": "test.work",
        "summary": "work needing n successes",
        "unit": "turns",
        "params": {"n": 2, "p": "3/7"},
        "rules": ["R-9"],
        "per_attempt": {"probability": "3/7", "percent": 42.86},
        "rows": rows,
        "tail": {"more_than": t, **_fraction(1 - done)},
        "summary_stats": {
            "mean": "14/3",  # n / p
            "mean_float": 4.667,
            "median": attempts_needed(n, p).median,
            "p90": attempts_needed(n, p).p90,
        },
        "truncation": (
            "exact probabilities; the table stops once 99% is reached and the exact "
            "remaining probability is the tail; the mean is the closed form n/p"
        ),
    }


# -- tables, tasks, convert, geometry -------------------------------------------------------------


def test_a_d2_is_a_die() -> None:
    assert tables.parse_dice("d2") == Pool(1, 2)


def test_turns_needed_error() -> None:
    with pytest.raises(ValueError, match=r"^at least one unit must work$"):
        Task("t", "task", "t", "german", 3).turns_needed(0)


class _Spec(msgspec.Struct):
    XcoordX: int  # a field that begins and ends in a capital X


def test_convert_errors_name_the_file_and_the_exact_path() -> None:
    with pytest.raises(InputError) as whole:
        convert("x", int, "f.yaml")
    assert (whole.value.where, whole.value.problem) == ("f.yaml", "expected int, got str")
    with pytest.raises(InputError) as field:
        convert({"XcoordX": "a"}, _Spec, "f.yaml")
    assert field.value.where == "f.yaml: XcoordX"


def test_bearings_from_anywhere_on_the_table() -> None:
    """Clockwise from +y, from a model that is not at the origin."""
    frm = (3.0, 4.0)
    assert bearing(frm, (3.0, 9.0)) == 0.0
    assert bearing(frm, (8.0, 4.0)) == 90.0
    assert bearing(frm, (3.0, 1.0)) == 180.0
    assert bearing(frm, (0.0, 4.0)) == 270.0
    assert bearing(frm, (5.0, 6.0)) == pytest.approx(45.0)


# -- game: a probe ruleset -----------------------------------------------------------------------
# The toy ruleset (tests/core/toy.py) extended with actions that reach the corners of `Game`'s
# contract: work only red may do, a path that hidden facts change, a refusal on a hidden fact, a
# refusal after an event, records hidden from the asking seat, and parameters with domains.


class Aim(Act, frozen=True, tag="probe-aim"):
    at: str = "a"


class Move(Act, frozen=True, tag="probe-move"):
    to: tuple[float, float] = (0.0, 0.0)


class Hold(Act, frozen=True, tag="probe-hold"):
    to: tuple[float, float] = (0.0, 0.0)


class Scout(Act, frozen=True, tag="probe-scout"):
    pass


class Reach(Act, frozen=True, tag="probe-reach"):
    pass


class Announce(Act, frozen=True, tag="probe-announce"):
    pass


class Signal(Act, frozen=True, tag="probe-signal"):
    pass


class Note(Act, frozen=True, tag="probe-note"):
    pass


class Scouted(Ev, frozen=True, tag="probe-scouted"):
    rolls: tuple[CheckResult, ...]


class Noted(Ev, frozen=True, tag="probe-noted"):
    words: str

    def text(self) -> str:
        return self.words


def _d6_named(name: str) -> Check:
    return Check(name, (die(6),), lambda stats, _: str(stats[0][0]), (), ("PROBE",))


def _probe_perform(ctx: Context[ToyState], action: Act) -> None:
    if isinstance(action, Scout):
        # red's alone; the scout knows of a look and then a far look, but across the trap (a
        # fact hidden from red) it is snagged first and never looks far
        if ctx.seat not in (UMPIRE, "red"):
            raise RuleViolation("PROBE", "only red scouts")
        names = ("probe.snag", "probe.look") if ctx.state.trap else ("probe.look", "probe.far")
        ctx.emit(Scouted(rolls=tuple(ctx.roll(_d6_named(n)) for n in names)))
    elif isinstance(action, Reach):
        if ctx.state.trap:
            raise RuleViolation("PROBE", "the trap is in the way")
        ctx.emit(Noted(words=f"reached on a {ctx.roll(_d6_named('probe.reach')).natural}"))
    elif isinstance(action, Announce):
        ctx.emit(Noted(words="announced"))
        raise RuleViolation("PROBE", "refused after its event")
    elif isinstance(action, Signal):
        ctx.roll(_d6_named("probe.signal"))
        ctx.emit(Noted(words="flag raised"))
        ctx.emit(Noted(words="a word for blue"), only("blue"))
    elif isinstance(action, Aim):
        ctx.emit(Noted(words=f"aimed at {action.at}"))
    elif isinstance(action, Move):
        if math.hypot(*action.to) > 3.0:
            raise RuleViolation("PROBE", "too far")
        ctx.emit(Noted(words="moved"))
    elif isinstance(action, Hold):
        if action.to != (0.0, 0.0):
            raise RuleViolation("PROBE", "holds its ground")
        ctx.emit(Noted(words="held"))


class Probe(Toy):
    """Validates every rule before its first event as well as before its first roll."""

    validates_before_events = True
    action_type = (
        Shoot | Cross | Late | Aim | Move | Hold | Scout | Reach | Announce | Signal | Note
    )

    def apply(self, state: ToyState, event: Ev) -> ToyState:
        return state if isinstance(event, (Scouted, Noted, str)) else super().apply(state, event)

    def perform(self, state: ToyState, seat: str, action: Act, roll: Roll) -> Sequence[Record[Ev]]:
        if isinstance(action, Note):  # an event that is plain data, not a struct
            emitted(roll)
            return [Record(cast(Ev, "a plain note"))]
        if not isinstance(action, (Aim, Move, Hold, Scout, Reach, Announce, Signal)):
            return super().perform(state, seat, action, roll)
        ctx = Context(state=state, seat=seat, roll=roll, appliers={Scouted: _keep, Noted: _keep})
        _probe_perform(ctx, action)
        return ctx.records

    def over(self, state: ToyState) -> bool:
        return state.shots >= 3

    def candidates(self, state: ToyState, seat: str) -> list[Candidate]:
        if state.shots >= 2:
            return []
        point = Domain("to", "point", high=6.0, origin=(0.0, 0.0))
        if seat == "red":
            return [
                Candidate(Shoot("green"), "shoot green"),
                Candidate(Shoot("green"), "shoot green again"),
                Candidate(Shoot("blue"), "shoot blue"),
                Candidate(Scout(), "scout"),
            ]
        if seat == "blue":
            aim = Candidate(Aim(), "aim", (Domain("at", "choice", options=("a", "b", "c")),))
            return [aim, Candidate(Reach(), "reach")]  # blue knows of the trap, if there is one
        if seat == UMPIRE:
            return [
                Candidate(Move(), "move", lambda: (point,))  # domains made when asked for
                if state.shots == 0
                else Candidate(Hold(), "hold", (point,))
            ]
        return []


def _keep(state: ToyState, _: Any) -> ToyState:
    return state


PROBE = Probe()
AnyGame = Game[Any, Any, Any, Any]


def _probe(trap: bool = False, seed: str = "probe") -> AnyGame:
    return Game(PROBE, toy_scenario(trap), seed)


def _results(entry: Entry[Any]) -> list[CheckResult]:
    return [r for record in entry.records for r in rolls_in(record.event)]


def test_typed_in_faces_go_to_the_rolls_the_seat_knows_of_with_their_keys() -> None:
    game = _probe()
    entry = game.act("red", {"action": "probe-scout"}, EnteredDice([4, 5], "Rita"))
    results = _results(entry)
    assert [(r.check, r.faces, r.origin) for r in results] == [
        ("probe.look", ((4,),), "entered:Rita"),
        ("probe.far", ((5,),), "entered:Rita"),
    ]
    scripted = game.act(UMPIRE, Scout(), ScriptedDice([1, 2]))
    keys = [r.key for r in results + _results(scripted)]
    assert all(isinstance(k, str) and len(k) >= 16 and "/" not in k for k in keys)
    assert len(set(keys)) == 4  # unique within the game, and telling nothing of the position


def test_once_hidden_facts_change_the_path_the_engine_rolls_the_rest() -> None:
    """Across the trap red is snagged first: that roll is not the one rehearsed, so the engine
    rolls it and every roll after it, even one the rehearsal met (the look)."""
    game = _probe(trap=True)
    entry = game.act("red", Scout(), EnteredDice([4, 5], "Rita"))
    results = _results(entry)
    assert [(r.check, r.origin) for r in results] == [("probe.snag", "rng"), ("probe.look", "rng")]
    assert len({r.key for r in results}) == 2
    assert all(isinstance(r.key, str) and len(r.key) >= 16 for r in results)


def test_the_seat_itself_is_rehearsed_validated_and_offered() -> None:
    game = _probe()
    with pytest.raises(RuleViolation, match="only red scouts"):
        game.act("blue", Scout(), EnteredDice([1, 1], "Bea"))
    game.validate("red", Scout())
    with pytest.raises(RuleViolation, match="only red scouts"):
        game.validate("blue", Scout())
    assert [c.label for c in game.legal_actions("red")] == ["shoot blue", "scout"]
    aim = Choice(
        {"action": "probe-aim", "at": "a"},
        "aim",
        (Domain("at", "choice", options=("a", "b", "c")),),
    )
    assert game.legal_actions("blue") == [aim, Choice({"action": "probe-reach"}, "reach")]
    assert game.legal_actions("public") == []
    # from blue's knowledge: across the trap, which blue knows of, the reach is refused
    assert _probe(trap=True).legal_actions("blue") == [aim]


def test_a_refusal_on_a_hidden_fact_is_an_engine_fault() -> None:
    """Red does not know of the trap: its knowledge accepts the reach, the true state refuses
    it. The umpire and blue know of the trap, so they are refused as any player would be."""
    game = _probe(trap=True)
    with pytest.raises(EngineFault, match="refused on facts hidden from the seat: PROBE"):
        game.act("red", Reach())
    with pytest.raises(EngineFault, match="on facts hidden from the seat"):
        game.odds(UMPIRE, Reach(), acting="red")
    with pytest.raises(RuleViolation, match="the trap is in the way"):
        game.act(UMPIRE, Reach())
    with pytest.raises(RuleViolation, match="the trap is in the way"):
        game.validate("blue", Reach())
    game.validate("red", Reach())
    with pytest.raises(RuleViolation):
        game.act("red", Shoot("green"), EnteredDice([3], "Rita"))  # refused in the rehearsal
    assert game.log == ()


def test_a_refusal_after_an_event_or_a_roll_is_an_engine_fault_for_any_seat() -> None:
    game = _probe()
    game.validate(UMPIRE, Announce())  # validation ends at the first event
    with pytest.raises(EngineFault, match=r"refused after an event: PROBE: refused after its"):
        game.act(UMPIRE, Announce())
    with pytest.raises(EngineFault, match="refused after a roll"):
        game.act(UMPIRE, Late())
    assert game.log == ()


class _EventsLater(Probe):
    """A ruleset that may still refuse after its first event (but never after a roll)."""

    validates_before_events = False


def test_without_validation_before_events_a_refusal_after_an_event_is_a_refusal() -> None:
    game: AnyGame = Game(_EventsLater(), toy_scenario(False), "later")
    assert not game.is_legal("red", Announce())
    with pytest.raises(RuleViolation, match="refused after its event"):
        game.act(UMPIRE, Announce())
    assert game.log == ()


def test_odds_count_only_the_records_the_asking_seat_sees() -> None:
    game = _probe()
    red = game.odds("red", Signal())
    assert [(o.summary, o.probability) for o in red.outcomes] == [("flag raised", Fraction(1))]
    blue = game.odds("blue", Signal())
    assert [o.summary for o in blue.outcomes] == ["flag raised; a word for blue"]
    assert game.odds(UMPIRE, Signal(), acting="red").exact
    with pytest.raises(InputError) as info:
        game.odds("red", Signal(), acting="blue")
    assert (info.value.where, info.value.problem) == (
        "acting",
        "only the umpire may ask the odds of another seat's action",
    )


def test_dice_prompts_ask_only_for_the_rolls_the_seat_knows_of() -> None:
    """Blue knows of the trap but its roll is secret, the engine's: blue is asked for the climb
    at most (or nothing, if the engine's stand-in is caught). The umpire types in every roll."""
    for seed in range(6):
        game = _probe(trap=True, seed=f"p{seed}")
        prompt = game.dice_prompt("blue", CROSS_ACTION)
        assert prompt is None or prompt.name == "toy.climb"
        umpire = game.dice_prompt(UMPIRE, CROSS_ACTION)
        assert umpire is not None
        assert umpire.name == "toy.trap"


def test_the_umpire_types_in_secret_rolls_too() -> None:
    game = _probe(trap=True)
    entry = game.act(UMPIRE, CROSS_ACTION, EnteredDice([5, 2], "Uma"))
    assert [r.event.text() for r in entry.records] == ["the climb: fell"]


def test_a_seat_that_knows_of_a_secret_roll_is_rehearsed_with_a_stand_in() -> None:
    accepted = 0
    for seed in range(8):
        game = _probe(trap=True, seed=f"b{seed}")
        try:
            game.act("blue", CROSS_ACTION, EnteredDice([5], "Bea"))
        except DiceError:  # the stand-in was caught: the climb's face was not needed
            continue
        accepted += 1
    assert accepted > 0


def test_scripted_dice_decide_every_roll_and_must_all_be_used() -> None:
    game = _probe(trap=True)
    entry = game.act("red", CROSS_ACTION, ScriptedDice([5, 2]))  # the trap missed, then a fall
    assert [r.event.text() for r in entry.records] == ["the climb: fell"]
    with pytest.raises(DiceError, match="1 face"):
        game.act("red", Shoot("blue"), ScriptedDice([4, 4]))


def test_typed_in_faces_decide_the_rolls() -> None:
    for faces, result in (([1], "miss"), ([4], "hit"), ([6, 5], "double"), ([6, 1], "hit")):
        entry = _probe().act("red", Shoot("blue"), EnteredDice(faces, "Rita"))
        assert [r.event.text() for r in entry.records] == [f"the shot: {result}"]


def test_actions_as_data_are_converted_leniently_and_errors_name_the_field() -> None:
    game = _probe()
    assert game.is_legal(UMPIRE, {"action": "probe-move", "to": ["1", "2"]})  # numbers as text
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"action": "fly"}, "action", "unknown action 'fly' (actions: cross, late, shoot)"),
        ({"action": "shoot"}, "shoot", "object missing required field target"),
        ({"action": "shoot", "target": 5}, "shoot target", "expected str, got int"),
    ]
    for data, where, problem in cases:
        with pytest.raises(InputError) as info:
            Game(TOY, toy_scenario(False), "toy").parse_action(data)
        assert (info.value.where, info.value.problem) == (where, problem)


def test_plain_data_events_are_logged_as_values() -> None:
    game = _probe()
    game.act("red", Note())
    [entry] = game.log_view("red")
    assert entry["seat"] == "red"
    assert entry["kind"] == "action"
    assert entry["events"] == [{"text": "str", "value": "a plain note"}]


def test_the_log_tells_each_event_in_its_own_words() -> None:
    game = _probe()
    game.act("red", Shoot("blue"), ScriptedDice([2]))
    assert game.log_view("red")[0]["events"][0]["text"] == "the shot: miss"


def test_an_undo_is_visible_where_what_it_took_back_was() -> None:
    """Red is caught in the trap, which only blue is shown; the umpire undoes it."""
    game = _probe(trap=True)
    game.act("red", CROSS_ACTION, ScriptedDice([1]))
    game.undo()
    assert game.replay("blue", 2) == game.view("blue")
    with pytest.raises(InputError) as info:
        game.replay("red", 1)
    assert (info.value.where, info.value.problem) == ("upto", "must be from 0 to 0")


def test_undo_errors() -> None:
    game = _probe()
    with pytest.raises(RuleViolation) as seat:
        game.undo("red")
    assert str(seat.value) == "UNDO: only the umpire seat may undo actions"
    with pytest.raises(InputError) as count:
        game.undo()
    assert (count.value.where, count.value.problem) == (
        "count",
        "there are 0 action(s) that can be undone",
    )


# -- game: random actions -------------------------------------------------------------------------


def test_a_random_action_is_drawn_uniformly_from_the_legal_ones() -> None:
    """Red's list holds two refused shots before its two legal actions: every draw finds a
    legal one, and each legal one as often as the other."""
    drawn = []
    for seed in range(200):
        action = _probe().random_action("red", random.Random(seed))
        assert action in ({"action": "shoot", "target": "blue"}, {"action": "probe-scout"})
        drawn.append(action)
    assert 0.4 <= drawn.count({"action": "probe-scout"}) / 200 <= 0.6


def test_a_random_action_draws_its_open_parameters() -> None:
    # across the trap blue's reach is refused, so it aims
    aims = {_probe(trap=True).random_action("blue", random.Random(s))["at"] for s in range(30)}  # type: ignore[index]
    assert aims == {"a", "b", "c"}
    moves = [_probe().random_action(UMPIRE, random.Random(s)) for s in range(30)]
    spots = set()
    for move in moves:
        assert move is not None
        assert move["action"] == "probe-move"
        assert math.hypot(*move["to"]) <= 3.0  # only legal values, drawn or listed
        spots.add(tuple(move["to"]))
    assert len(spots) > 10


def test_a_random_action_falls_back_to_the_listed_value() -> None:
    """Only the listed point is legal for a hold: every draw is refused, so it is taken."""
    game = _probe()
    game.act(UMPIRE, Shoot("blue"), ScriptedDice([2]))  # one shot: the umpire now holds
    for seed in range(5):
        assert game.random_action(UMPIRE, random.Random(seed)) == {
            "action": "probe-hold",
            "to": [0.0, 0.0],
        }


def test_no_random_action_when_none_is_offered() -> None:
    game = _probe()
    assert game.random_action("public", random.Random(1)) is None
    game.act(UMPIRE, Shoot("blue"), ScriptedDice([2]))
    game.act(UMPIRE, Shoot("blue"), ScriptedDice([2]))
    assert game.random_action("red", random.Random(1)) is None


def test_a_random_action_can_be_acted_on() -> None:
    game = _probe()
    action = game.random_action("red", random.Random(3))
    assert action is not None
    entry = game.act(
        "red", action, ScriptedDice([2] * (2 if action["action"] == "probe-scout" else 1))
    )
    assert entry.seat == "red"


# -- ruleset and topics defaults ------------------------------------------------------------------


def test_outcome_joins_distinct_summaries_or_says_nothing_happens() -> None:
    assert TOY.outcome([]) == "nothing happens"
    shots = [Shot(result="hit"), Shot(result="hit"), Caught()]
    assert TOY.outcome(shots) == "the shot: hit; caught in the trap"
    assert TOY.outcome([cast(Ev, "a note")]) == "str"  # no summary: described by its type
    assert TOY.describe_event(Shot(result="hit")) == "the shot: hit"  # the event's own text


class _TopicsWithoutContext(Toy):
    """Composed of topics, but without the action context its performers would take."""

    composed = TOPICS

    def perform(self, state: ToyState, seat: str, action: Act, roll: Roll) -> Sequence[Record[Ev]]:
        return Ruleset.perform(self, state, seat, action, roll)


def test_a_ruleset_of_topics_must_say_what_context_its_performers_take() -> None:
    ruleset = _TopicsWithoutContext()
    state = ruleset.initial_state(toy_scenario(False))
    with pytest.raises(
        NotImplementedError, match=r"^toy performs without topics: override perform$"
    ):
        ruleset.perform(state, "red", Shoot("blue"), cast(Roll, None))


class Volley(Ev, frozen=True, tag="probe-volley"):
    first: CheckResult
    note: str
    more: tuple[CheckResult, ...]


class Quiet(Ev, frozen=True, tag="probe-quiet"):
    pass


def _result(check: str, outcome: str) -> CheckResult:
    return CheckResult(check, ((1,),), 1, (), 1, outcome, ("R",), "script")


def test_an_events_summary_is_its_rolls_outcomes_in_field_order() -> None:
    volley = Volley(
        first=_result("toy.fire.shot", "hit"),
        note="n",
        more=(_result("bonus", "double"), _result("toy.miss", "miss")),
    )
    assert [r.check for r in rolls_in(volley)] == ["toy.fire.shot", "bonus", "toy.miss"]
    assert volley.summary() == "shot hit, bonus double, miss miss"
    assert Quiet().text() == "Quiet"
    assert Quiet().summary() == "Quiet"


# -- guards, views and the default view ----------------------------------------------------------


def test_each_guard_refuses_under_its_rule() -> None:
    guards.refuse_public("red")
    guards.may_order(UMPIRE, "red", "Rifles")
    guards.may_order("red", "red", "Rifles")
    guards.umpire_only(UMPIRE, "undo")
    guards.refuse_over(False)
    cases: list[tuple[Callable[[], None], str, str]] = [
        (lambda: guards.refuse_public("public"), "SEATS", "the public table display cannot act"),
        (
            lambda: guards.may_order("blue", "red", "Rifles"),
            "SEATS",
            "Rifles belongs to red; blue cannot order it",
        ),
        (lambda: guards.umpire_only("red", "undo"), "SEATS-UMPIRE", "only the umpire may undo"),
        (lambda: guards.refuse_over(True), "GAME-OVER", "the game is over"),
    ]
    for guard, rule, reason in cases:
        with pytest.raises(RuleViolation) as info:
            guard()
        assert (info.value.rule, info.value.reason) == (rule, reason)


def test_the_game_refuses_the_public_and_any_action_once_it_is_over() -> None:
    """The toy ruleset itself lets anyone shoot; `Game` refuses what no ruleset allows."""
    game = _probe()
    for dice in (ScriptedDice([2]), EnteredDice([2], "Pat")):
        with pytest.raises(RuleViolation) as public:
            game.act("public", Shoot("blue"), dice)
        assert public.value.rule == "SEATS"
    for _ in range(3):
        game.act(UMPIRE, Shoot("blue"), ScriptedDice([2]))
    with pytest.raises(RuleViolation) as over:  # three shots end the probe's game
        game.act(UMPIRE, Shoot("blue"), ScriptedDice([2]))
    assert over.value.rule == "GAME-OVER"


def _scenario(**fields: Any) -> ScenarioBase:
    data: dict[str, Any] = {
        "ruleset": "toy",
        "title": "A test",
        "sides": [{"id": "a", "name": "Alpha"}, {"id": "b"}],
        **fields,
    }
    return msgspec.convert(data, ScenarioBase)


def test_the_view_header_comes_from_the_scenario() -> None:
    scenario = _scenario(options={"fog": True})
    assert views.header("toy", scenario, "a") == {
        "ruleset": "toy",
        "seat": "a",
        "title": "A test",
        "sides": [views.SideView("a", "Alpha"), views.SideView("b", "b")],
        "options": {"fog": True},
    }


def test_terrain_is_shown_as_lists_of_points() -> None:
    wood = {"id": "wood", "kind": "woods", "name": "Big Wood", "points": [[0, 0], [1, 0], [0, 1]]}
    assert views.terrain_view(_scenario(terrain=[wood])) == [
        views.TerrainView("wood", "woods", "Big Wood", [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    ]


def test_a_view_leaves_out_what_the_seat_may_not_see() -> None:
    state = TOY.initial_state(toy_scenario(True))
    blue, red = TOY.view(state, "blue"), TOY.view(state, "red")
    assert (blue["seat"], blue["shots"], blue["trap"]) == ("blue", 0, True)
    assert red["seat"] == "red"
    assert "trap" not in red
    assert views.view_data(TOY.typed_view(state, UMPIRE))["trap"] is True
    assert views.shown(5, True) == 5
    assert views.shown(5, False) is msgspec.UNSET


# -- scenario ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "where", "problem"),
    [
        ({"sides": [{"id": "a"}]}, "x.yaml: sides", "a scenario needs at least two sides"),
        ({"sides": [{"id": "a"}, {"id": "a"}]}, "x.yaml: sides[1].id", "duplicate id 'a'"),
        (
            {"sides": [{"id": "a"}, {"id": "umpire"}]},
            "x.yaml: sides[1].id",
            "'umpire' is a reserved seat name",
        ),
        (
            {
                "units": [
                    {"id": "u", "side": "a", "kind": "k"},
                    {"id": "u", "side": "b", "kind": "k"},
                ]
            },
            "x.yaml: units[1].id",
            "duplicate id 'u'",
        ),
        (
            {"sides": [{"id": "b"}, {"id": "a"}], "units": [{"id": "u", "side": "c", "kind": "k"}]},
            "x.yaml: units[0].side",
            "unknown side 'c' (sides: a, b)",
        ),
        (
            {"terrain": [{"id": "t", "kind": "k", "points": [[0, 0]]}] * 2},
            "x.yaml: terrain[1].id",
            "duplicate id 't'",
        ),
        (
            {"terrain": [{"id": "t", "kind": "k", "points": [[0, 0], [1, 1]]}]},
            "x.yaml: terrain[0].points",
            "a polygon needs at least 3 points",
        ),
        (
            {"terrain": [{"id": "t", "kind": "k", "points": [], "line": True}]},
            "x.yaml: terrain[0].points",
            "a line needs at least 2 points",
        ),
    ],
)
def test_scenario_problems_name_the_place(fields: dict[str, Any], where: str, problem: str) -> None:
    with pytest.raises(InputError) as info:
        _scenario(**fields).validate("x.yaml")
    assert (info.value.where, info.value.problem) == (where, problem)


def test_points_lines_and_polygons_of_enough_points_are_terrain() -> None:
    shapes = [
        {"id": "spot", "kind": "k", "points": [[0, 0]]},
        {"id": "road", "kind": "k", "points": [[0, 0], [1, 1]], "line": True},
        {"id": "field", "kind": "k", "points": [[0, 0], [1, 0], [0, 1]]},
    ]
    scenario = _scenario(terrain=shapes, units=[{"id": "u", "side": "a", "kind": "k"}])
    scenario.validate("x.yaml")
    assert scenario.unit("u").side == "a"
    with pytest.raises(KeyError) as missing:
        scenario.unit("zz")
    assert missing.value.args == ("zz",)


# -- secrecy -------------------------------------------------------------------------------------


def test_a_secret_is_mentioned_only_as_a_whole_token() -> None:
    assert secrecy.mentions("the field-a is mined", "field-a")
    assert not secrecy.mentions("the field-ab is mined", "field-a")
    assert not secrecy.mentions("minefield-a", "field-a")
    assert not secrecy.mentions("nothing here", "field-a")


def test_strings_in_a_value_include_the_keys_of_its_mappings() -> None:
    value = {"k": ["a", {"b": 1}], 2: "c"}
    assert sorted(secrecy.strings_in(value)) == ["2", "a", "b", "c", "k"]


def test_unshared_secrets_are_those_nothing_known_mentions() -> None:
    known = {"seen": "field-a", "also": "other"}
    assert secrecy.unshared(["field-a", "field-b", ""], known) == frozenset({"field-b"})


# -- tables --------------------------------------------------------------------------------------


def _band(**overrides: Any) -> dict[str, Any]:
    return {
        "title": "Fire — a test",
        "dice": "d6",
        "rules": ["R"],
        "bands": [{"max": 3, "outcome": "miss"}, {"min": 4, "outcome": "hit"}],
        **overrides,
    }


@pytest.mark.parametrize(
    ("overrides", "where", "problem"),
    [
        (
            {"bands": [{"max": 3, "outcome": "a"}, {"min": 5, "outcome": "b"}]},
            "x.toml: t.bands[1]",
            "bands must be contiguous",
        ),
        ({"natural": {"7": "crit"}}, "x.toml: t.natural", "'7' is not a face of d6"),
        ({"natural": {"x": "crit"}}, "x.toml: t.natural", "'x' is not a face of d6"),
    ],
)
def test_band_table_problems_name_the_place(
    overrides: dict[str, Any], where: str, problem: str
) -> None:
    with pytest.raises(InputError) as info:
        tables.read_table(_band(**overrides), tables.BandTable, "x.toml: t")
    assert (info.value.where, info.value.problem) == (where, problem)


def test_a_natural_one_is_a_face() -> None:
    table = tables.read_table(_band(natural={"1": "fumble"}), tables.BandTable, "x")
    assert table(((1,),), 5) == "fumble"


def _tables_class() -> type[tables.TableSet[tables.Table]]:
    """Made when a test asks for it, so that its entries are named while the test runs."""

    class _Tables(tables.TableSet[tables.Table]):
        fire = tables.Entry(tables.BandTable)
        spot = tables.Entry(tables.BandTable, "spotting")

    return _Tables


def test_table_entries_name_and_type_the_tables() -> None:
    _Tables: Any = _tables_class()
    assert _Tables.kinds() == {"fire": tables.BandTable, "spotting": tables.BandTable}
    assert isinstance(_Tables.fire, tables.Entry)
    loaded = _Tables.from_data({"fire": _band(), "spotting": _band()}, None, "x.toml")
    assert loaded.fire.title == "Fire — a test"
    assert repr(loaded) == "_Tables(fire, spotting)"
    with pytest.raises(InputError) as info:
        _Tables.from_data({"smoke": _band()}, None, "x.toml")
    assert (info.value.where, info.value.problem) == (
        "x.toml: smoke",
        "no such table (tables: fire, spotting)",
    )


def test_a_replacement_must_name_a_known_table() -> None:
    with pytest.raises(InputError) as none:
        tables.TableSet({}).replaced({"fire": _band()}, "s")
    assert (none.value.where, none.value.problem) == ("s.fire", "no such table (tables: none)")
    game_tables = tables.GameTables(
        tables.TableSet({"fire": tables.read_table(_band(), tables.BandTable, "x")})
    )
    with pytest.raises(InputError) as where:
        game_tables.resolve({"smoke": _band()})
    assert where.value.where == "tables.smoke"


def test_game_tables_keep_at_most_limit_sections() -> None:
    game_tables = tables.GameTables(
        tables.TableSet({"fire": tables.read_table(_band(), tables.BandTable, "x")})
    )
    game_tables.LIMIT = 2
    sections = [{"fire": _band(title=f"fire {i}")} for i in range(3)]
    first = game_tables.resolve(sections[0])
    assert game_tables.resolve(sections[0]) is first  # kept
    game_tables.resolve(sections[1])
    game_tables.resolve(sections[2])  # a third: the oldest is dropped
    again = game_tables.resolve(sections[0])
    assert again is not first
    assert again["fire"].title == "fire 0"


def test_package_tables_are_loaded_from_each_file_and_errors_name_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "ks_mutant_tables"
    package.mkdir()
    (package / "__init__.py").write_text("")
    fire = '[fire]\ntitle = "Fire — a test"\ndice = "d6"\nrules = ["R"]\n'
    fire += 'bands = [{ max = 3, outcome = "miss" }, { min = 4, outcome = "hit" }]\n'
    (package / "fire.toml").write_text(fire, encoding="utf-8")
    (package / "more.toml").write_text(fire.replace("[fire]", "[smoke]"), encoding="utf-8")
    (package / "again.toml").write_text(fire, encoding="utf-8")
    (package / "broken.toml").write_text('[bad]\ntitle = "x"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    both: tables.TableSet[tables.Table] = tables.TableSet.load(
        "ks_mutant_tables", {"fire.toml": tables.BandTable, "more.toml": tables.BandTable}
    )
    assert list(both) == ["fire", "smoke"]
    assert both.band("fire").title == "Fire — a test"
    assert both.band("smoke").check("t.smoke").odds_table() == [
        ("miss", Fraction(1, 2)),
        ("hit", Fraction(1, 2)),
    ]
    named = _tables_class().load("ks_mutant_tables", {"fire.toml": None})
    assert list(named) == ["fire"]
    twice = {"fire.toml": tables.BandTable, "again.toml": tables.BandTable}
    with pytest.raises(AssertionError, match=r"^ks_mutant_tables: \['fire'\] twice$"):
        tables.TableSet.load("ks_mutant_tables", twice)
    with pytest.raises(InputError) as info:
        tables.TableSet.load("ks_mutant_tables", {"broken.toml": tables.BandTable})
    assert info.value.where.startswith("ks_mutant_tables/broken.toml: bad")


# -- topics --------------------------------------------------------------------------------------


class _Base:
    pass


class _Left(_Base):
    pass


class _Right(_Base):
    pass


class _Both(_Left, _Right):
    pass


class _Later(_Right):
    pass


def test_declared_finds_every_subclass_once() -> None:
    found = list(topics.declared(_Base, __name__))
    assert sorted(c.__name__ for c in found) == ["_Both", "_Later", "_Left", "_Right"]


def test_merge_reports_every_clash_on_its_own_line() -> None:
    entries = [("m1", int, 1), ("m2", int, 2), ("m1", "k", 1), ("m3", "k", 2)]
    with pytest.raises(topics.CompositionError) as info:
        topics.merge("thing", entries)
    assert str(info.value).splitlines() == [
        "thing int is registered twice: in m1 and m2",
        "thing 'k' is registered twice: in m1 and m3",
    ]


class _Clash(Act, frozen=True, tag="probe-clash"):
    pass


def _nothing(ctx: Any, action: Any) -> None:
    return None


def test_topics_compose_unions_and_name_the_registry_of_a_clash() -> None:
    composed: topics.Topics[Any, Any] = topics.Topics(
        [
            topics.Topic(
                "p.m",
                performers=(topics.performer(Aim, _nothing), topics.performer(Move, _nothing)),
                appliers=(topics.applier(Noted, _keep), topics.applier(Scouted, _keep)),
            )
        ],
        package="p",
    )
    assert set(get_args(composed.action_type)) == {Aim, Move}
    assert set(get_args(composed.event_type)) == {Noted, Scouted}
    assert topics.tagged_union([Aim, Move]) == Aim | Move
    with pytest.raises(topics.CompositionError) as info:
        topics.Topics(
            [topics.Topic("p.m", performers=(topics.performer(_Clash, _nothing),) * 2)], package="p"
        )
    assert str(info.value) == "action _Clash ('probe-clash') is registered twice: in p.m and p.m"


def test_every_problem_of_a_composition_is_on_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """This module declares actions and events; with a TOPIC that registers none of them,
    composing it names each one, one per line."""
    topic: topics.Topic[Any, Any] = topics.Topic(__name__)
    monkeypatch.setattr(sys.modules[__name__], "TOPIC", topic, raising=False)
    with pytest.raises(topics.CompositionError) as info:
        topics.Topics([topic], package=__name__)
    first, *lines = str(info.value).splitlines()
    assert first == f"the topics of {__name__}:"
    declared = [*topics.declared(Act, __name__), *topics.declared(Ev, __name__)]
    assert len(lines) == len(declared) > 2
    assert (
        f"action Aim ('probe-aim') has no performer: add performer(Aim, ...) to {__name__}.TOPIC"
        in lines
    )
    assert (
        f"event Quiet ('probe-quiet') has no applier: add applier(Quiet, ...) to {__name__}.TOPIC"
        in lines
    )


def test_topics_are_of_the_innermost_package_holding_them_all() -> None:
    def topic(module: str) -> topics.Topic[Any, Any]:
        return topics.Topic(
            module,
            performers=(topics.performer(Aim, _nothing),) if module.endswith("x") else (),
            appliers=(topics.applier(Noted, _keep),) if module.endswith("x") else (),
        )

    assert topics.Topics([topic("a.b.x"), topic("a.b.c.y")]).package == "a.b"
    assert topics.Topics([topic("a.b.x"), topic("a.c.y")]).package == "a"
    assert topics.Topics([topic("a.b.x"), topic("a.c.y")], package="a.b").package == "a.b"
    with pytest.raises(topics.CompositionError) as info:
        topics.Topics([topic("a.x"), topic("b.y")])
    assert str(info.value) == "topics from unrelated packages: ['a.x', 'b.y']"


# -- tasks ---------------------------------------------------------------------------------------


def _points(required: int = 3) -> Task:
    return Task("span", "bridge", "a span", "german", required, measure="points")


def test_an_attempt_is_credited_one_point_unless_told_more() -> None:
    task = _points().contribute("crew", 1, amount=0).credit()
    assert (task.progress, task.contributions[-1].amount) == (1, 1)
    assert task.credit(2).progress == 3
    with pytest.raises(ValueError, match=r"^no contribution to credit$"):
        _points().credit()


def test_work_by_points_has_no_number_of_turns() -> None:
    with pytest.raises(
        ValueError, match=r"^work by points takes as many turns as its rolls decide$"
    ):
        _points().turns_needed(2)


def test_completion_is_dated_by_the_work_that_completed_it() -> None:
    """`completed_at` is when the last unit of work came, kept once complete, None while open."""
    task = Task("dig", "task", "dig in", "german", 2).contribute("a", 1)
    assert task.completed_at is None
    done = task.contribute("b", 3)
    assert (done.status, done.completed_at) == ("complete", 3)
    assert done.contribute("c", 4).completed_at == 3
    assert done.set_progress(2, turn=9).completed_at == 3
    reopened = done.set_progress(1)
    assert (reopened.status, reopened.completed_at) == ("open", None)
    assert reopened.set_progress(5, turn=7).completed_at == 7
    assert _points(2).contribute("crew", (2, 1), amount=0).credit(2).completed_at == (2, 1)
