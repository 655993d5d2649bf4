"""Chance as its own step: the chance-tree walk, secret rolls, validate-then-roll, legal actions."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest
from toy import TOY, toy_scenario

from kriegsspiel.core.chance import branches, walk, wilson
from kriegsspiel.core.choices import Choice, Domain
from kriegsspiel.core.dice import EnteredDice, Pool, ScriptedDice, Tally, die, successes_and_sixes
from kriegsspiel.core.game import Game
from kriegsspiel.errors import DiceError, EngineFault, RuleViolation

SHOOT = {"action": "shoot", "target": "blue"}
CROSS = {"action": "cross"}
# d6: 1-3 miss, 4-5 hit, 6 then a bonus d6: 4+ double, else hit
SHOT_ODDS = {
    "the shot: miss": Fraction(1, 2),
    "the shot: hit": Fraction(2, 6) + Fraction(1, 6) * Fraction(1, 2),
    "the shot: double": Fraction(1, 6) * Fraction(1, 2),
}


def toy(trap: bool = False) -> Game[Any, Any, Any, Any]:
    return Game(TOY, toy_scenario(trap), "toy")


# -- branches: one representative per statistic, weights by brute force --------------------------


@pytest.mark.parametrize(
    "pools",
    [
        (die(6),),
        (die(10), die(10)),
        (successes_and_sixes(4, 4),),
        (Pool(3, 6, tuple(Tally("equals", f) for f in range(1, 7))),),
        (Pool(2, 6), die(4)),
    ],
    ids=["d6", "2 d10 pools", "4 dice at 4+ with sixes", "3d6 face counts", "2d6 sum and d4"],
)
def test_branches_weigh_each_statistic_as_a_count_over_all_faces(pools: tuple[Pool, ...]) -> None:
    counts: dict[Any, int] = {}
    ranges = [range(1, p.sides + 1) for p in pools for _ in range(p.count)]
    for faces in itertools.product(*ranges):
        stats: list[tuple[int, ...]] = []
        at = 0
        for pool in pools:
            stats.append(pool.reduce(faces[at : at + pool.count]))
            at += pool.count
        counts[tuple(stats)] = counts.get(tuple(stats), 0) + 1
    total = sum(counts.values())
    got = branches(pools)
    assert len(got) == len(counts)
    for faces_per_pool, p in got:
        key = tuple(pool.reduce(f) for pool, f in zip(pools, faces_per_pool, strict=True))
        assert p == Fraction(counts[key], total)
    assert sum(p for _, p in got) == 1


# -- the walk -------------------------------------------------------------------------------------


def test_the_odds_of_a_whole_action_condition_later_rolls_on_earlier_ones() -> None:
    odds = toy().odds("red", SHOOT)
    assert odds.exact
    assert {o.summary: o.probability for o in odds.outcomes} == SHOT_ODDS
    assert odds.rolls == ("toy.shot", "toy.bonus")
    assert odds.paths == 5 + 6  # a path per face that rolls no bonus, six for the bonus die


def test_a_tree_too_large_for_the_budget_is_estimated_with_intervals() -> None:
    game = toy()
    odds = game.odds("red", SHOOT, budget=3, samples=4000)
    assert not odds.exact
    assert odds.first_roll is not None
    assert odds.first_roll.name == "toy.shot"
    assert odds.samples == 4000
    for outcome in odds.outcomes:
        assert outcome.low is not None
        assert outcome.high is not None
        assert outcome.low <= float(SHOT_ODDS[outcome.summary]) <= outcome.high
    with pytest.raises(ValueError, match="estimated"):
        odds.probability("the shot: miss")


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0


def test_walk_merges_identical_summaries() -> None:
    def run(roll: Any) -> str:
        roll(_d6_check())
        return "always the same"

    odds = walk(run)
    assert [(o.summary, o.probability) for o in odds.outcomes] == [("always the same", Fraction(1))]
    assert odds.paths == 6


def _d6_check() -> Any:
    from kriegsspiel.core.checks import Check

    return Check("t.d6", (die(6),), lambda stats, _: str(stats[0][0]), (), ())


# -- the log says what happened in the words of the odds -----------------------------------------


def test_the_logged_outcome_is_one_of_the_odds_summaries() -> None:
    game = toy()
    game.act("red", SHOOT, ScriptedDice([6, 5]))
    assert game.log_view("red")[-1]["outcome"] == "the shot: double"
    assert "the shot: double" in SHOT_ODDS


# -- secrets: knowledge, secret rolls, typed-in dice ---------------------------------------------


def test_odds_and_prompts_come_from_what_the_seat_knows() -> None:
    """The crosser does not know of the trap: its odds, prompt and refusals are the same with
    or without one; the umpire's odds include it."""
    with_trap, without = toy(trap=True), toy(trap=False)
    for game in (with_trap, without):
        assert {o.summary: o.probability for o in game.odds("red", CROSS).outcomes} == {
            "the climb: fell": Fraction(1, 2),
            "the climb: made it": Fraction(1, 2),
        }
        prompt = game.dice_prompt("red", CROSS)
        assert prompt is not None
        assert prompt.name == "toy.climb"
        assert game.dice_prompt("red", CROSS, [5]) is None
        with pytest.raises(DiceError, match="1 face"):
            game.dice_prompt("red", CROSS, [5, 5])
    umpire = {o.summary: o.probability for o in with_trap.odds("umpire", CROSS).outcomes}
    assert umpire == {
        "caught in the trap": Fraction(1, 2),
        "the climb: fell": Fraction(1, 4),
        "the climb: made it": Fraction(1, 4),
    }


def test_a_secret_roll_is_the_engines_whatever_the_seat_typed() -> None:
    """Red types one face, for the climb it knows of; the trap's roll is the engine's."""
    outcomes = set()
    for seed in range(12):
        game = Game(TOY, toy_scenario(True), f"s{seed}")
        entry = game.act("red", CROSS, EnteredDice([5], "Rita"))
        origins = [r.event.result for r in entry.records if hasattr(r.event, "result")]
        outcomes.add(tuple(origins))
    assert outcomes == {(), ("made it",)}  # caught (the 5 unused, no error), or climbed on a 5


def test_typed_dice_are_checked_against_the_seats_knowledge() -> None:
    for trap in (True, False):
        with pytest.raises(DiceError) as info:
            toy(trap).act("red", CROSS, EnteredDice([], "Rita"))
        assert str(info.value) == "dice: this roll needs d6 but only 0 face(s) are left"


def test_a_refusal_after_a_roll_is_an_engine_fault() -> None:
    game = toy()
    with pytest.raises(EngineFault, match="after a roll"):
        game.act("red", {"action": "late"})
    with pytest.raises(EngineFault):
        game.odds("red", {"action": "late"})
    assert game.log == ()


# -- legal actions --------------------------------------------------------------------------------


def test_legal_actions_are_the_candidates_the_rules_accept_without_dice() -> None:
    game = toy()
    assert game.legal_actions("red") == [
        Choice({"action": "shoot", "target": "blue"}, "shoot blue"),
        Choice({"action": "cross"}, "cross"),
    ]
    assert game.legal_actions("public") == []
    assert game.is_legal("red", SHOOT)
    assert not game.is_legal("red", {"action": "shoot", "target": "green"})
    with pytest.raises(RuleViolation, match="no target 'green'"):
        game.validate("red", {"action": "shoot", "target": "green"})
    assert game.log == ()


def test_domains_sample_inside_themselves() -> None:
    rng = random.Random(4)
    reach = Domain("to", "point", low=1.0, high=6.0, origin=(10.0, 10.0))
    arc = Domain("facing", "angle", arcs=((350.0, 10.0), (90.0, 100.0)))
    number = Domain("distance", "number", low=2.0, high=3.0)
    for _ in range(200):
        x, y = reach.sample(rng)
        assert 1.0 - 0.01 <= ((x - 10) ** 2 + (y - 10) ** 2) ** 0.5 <= 6.0 + 0.01
        a = arc.sample(rng)
        assert a >= 350.0 or a <= 10.0 or 90.0 <= a <= 100.0
        assert 2.0 <= number.sample(rng) <= 3.0
    choice = Choice({"action": "move", "unit": "u", "to": [0, 0]}, "move u", (reach,))
    assert choice.sample(rng)["to"] != [0, 0]
