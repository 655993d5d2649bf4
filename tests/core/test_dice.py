"""Dice pools and sources: exact pool distributions and checked, reproducible faces."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from kriegsspiel.core.dice import (
    EnteredDice,
    Pool,
    ScriptedDice,
    SeededDice,
    Tally,
    dice_sum,
    die,
    sixes,
    successes,
    successes_and_sixes,
)
from kriegsspiel.errors import DiceError


def test_labels() -> None:
    assert die(10).label == "d10"
    assert dice_sum(3, 6).label == "3d6"
    assert die(100).label == "d100"


@pytest.mark.parametrize(("count", "sides"), [(-1, 6), (1, 1), (2, 0)])
def test_impossible_pools_are_refused(count: int, sides: int) -> None:
    with pytest.raises(ValueError, match="not a dice pool"):
        Pool(count, sides)


def test_unknown_tally_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tally"):
        Tally("most")(3)


def test_d10_is_uniform() -> None:
    dist = die(10).dist()
    assert dist.items() == [((f,), Fraction(1, 10)) for f in range(1, 11)]


def test_3d6_sum() -> None:
    dist = dice_sum(3, 6).dist()
    assert dist[(3,)] == Fraction(1, 216)
    assert dist[(10,)] == Fraction(27, 216)
    assert dist[(18,)] == Fraction(1, 216)
    assert dist.total() == 1


@pytest.mark.parametrize(("count", "target"), [(1, 4), (3, 5), (4, 6)])
def test_successes_are_binomial(count: int, target: int) -> None:
    p = Fraction(7 - target, 6)
    dist = successes(count, target).dist()
    for k in range(count + 1):
        assert dist[(k,)] == comb(count, k) * p**k * (1 - p) ** (count - k)


def test_successes_and_sixes_count_both() -> None:
    pool = successes_and_sixes(2, 5)
    assert pool.reduce([6, 5]) == (2, 1)
    assert pool.reduce([6, 6]) == (2, 2)
    assert pool.reduce([1, 4]) == (0, 0)
    dist = pool.dist()
    assert dist[(2, 2)] == Fraction(1, 36)
    assert dist[(0, 0)] == Fraction(16, 36)
    # a six is always a success, so (successes < sixes) never happens
    assert dist.probability(lambda s: s[0] < s[1]) == 0


def test_sixes() -> None:
    assert sixes(3).reduce([6, 1, 6]) == (2,)
    assert sixes(2).dist()[(2,)] == Fraction(1, 36)


def test_reduce_agrees_with_dist_for_every_roll() -> None:
    """The statistic of each possible roll, weighted equally, is exactly the pool's dist."""
    pool = successes_and_sixes(3, 4)
    counts: dict[tuple[int, ...], int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                stat = pool.reduce([a, b, c])
                counts[stat] = counts.get(stat, 0) + 1
    dist = pool.dist()
    assert {k: Fraction(v, 216) for k, v in counts.items()} == dict(dist.items())


def test_seeded_dice_are_reproducible_and_keyed() -> None:
    pool = dice_sum(5, 10)
    a, b = SeededDice("seed"), SeededDice("seed")
    assert a.faces(pool, "0/0") == b.faces(pool, "0/0")
    assert all(1 <= f <= 10 for f in a.faces(pool, "0/0"))
    rolls = {SeededDice("seed").faces(pool, f"{i}/0") for i in range(20)}
    assert len(rolls) > 1
    assert len({SeededDice(f"seed-{i}").faces(pool, "0/0") for i in range(20)}) > 1
    assert a.origin == "rng"


def test_seeded_dice_cover_every_face() -> None:
    d6 = die(6)
    seen = {SeededDice("x").faces(d6, str(i))[0] for i in range(200)}
    assert seen == set(range(1, 7))


def test_entered_dice_are_consumed_in_order() -> None:
    entered = EnteredDice([3, 4, 5], player="Alice")
    assert entered.origin == "entered:Alice"
    assert entered.faces(dice_sum(2, 6), "k") == (3, 4)
    assert entered.faces(die(10), "k") == (5,)
    entered.finish()


def test_entered_dice_out_of_range() -> None:
    entered = EnteredDice([4, 7], player="Bob")
    with pytest.raises(DiceError, match="face 2 is 7, but a d6 shows 1 to 6"):
        entered.faces(dice_sum(2, 6), "k")


def test_entered_dice_too_few_and_too_many() -> None:
    with pytest.raises(DiceError, match="needs 3d6 but only 2 face"):
        EnteredDice([1, 2], "Bob").faces(dice_sum(3, 6), "k")
    extra = EnteredDice([1, 2], "Bob")
    extra.faces(die(6), "k")
    with pytest.raises(DiceError, match="1 face"):
        extra.finish()


def test_scripted_dice() -> None:
    scripted = ScriptedDice([10, 1])
    assert scripted.origin == "script"
    assert scripted.faces(die(10), "a") == (10,)
    assert scripted.faces(die(10), "b") == (1,)
    with pytest.raises(DiceError):
        scripted.faces(die(10), "c")
    with pytest.raises(DiceError):
        ScriptedDice([0]).faces(die(10), "a")
    with pytest.raises(DiceError):
        ScriptedDice([11]).faces(die(10), "a")
