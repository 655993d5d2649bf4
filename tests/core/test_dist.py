"""`Dist`: exact distributions with Fraction weights."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kriegsspiel.core.dist import Dist


def test_uniform_d6_gives_one_sixth_each() -> None:
    d6 = Dist.uniform(range(1, 7))
    assert len(d6) == 6
    assert all(d6[f] == Fraction(1, 6) for f in range(1, 7))
    assert d6[7] == 0
    assert d6.total() == 1


def test_weights_are_normalised_and_zero_weights_dropped() -> None:
    dist = Dist({"a": 1, "b": 3, "c": 0})
    assert dist["a"] == Fraction(1, 4)
    assert dist["b"] == Fraction(3, 4)
    assert "c" not in list(dist)
    assert len(dist) == 2


@pytest.mark.parametrize("weights", [{}, {"a": 0}, {"a": -1, "b": 2}])
def test_invalid_weights_are_refused(weights: dict[str, int]) -> None:
    with pytest.raises(ValueError, match=r"weight|distribution"):
        Dist(weights)


def test_certain() -> None:
    dist = Dist.certain("x")
    assert dist["x"] == 1
    assert dist.items() == [("x", Fraction(1))]


def test_two_d6_sum_is_the_triangle() -> None:
    d6 = Dist.uniform(range(1, 7))
    two = d6.combine(d6, lambda a, b: a + b)
    # Number of ways to roll s on 2d6 is 6 - |s - 7|.
    for s in range(2, 13):
        assert two[s] == Fraction(6 - abs(s - 7), 36)
    assert two.total() == 1
    assert two.mean() == 7


def test_map_merges_equal_outcomes() -> None:
    d10 = Dist.uniform(range(1, 11))
    parity = d10.map(lambda f: f % 2)
    assert parity.items() == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]


def test_probability_and_mean() -> None:
    d6 = Dist.uniform(range(1, 7))
    assert d6.probability(lambda f: f >= 5) == Fraction(1, 3)
    assert d6.probability(lambda f: f > 6) == 0
    assert d6.mean() == Fraction(7, 2)


def test_items_sorted_when_possible_and_stable_otherwise() -> None:
    dist = Dist({3: 1, 1: 1, 2: 2})
    assert [k for k, _ in dist.items()] == [1, 2, 3]
    mixed: Dist[object] = Dist({"a": 1, 1: 1})
    assert {k for k, _ in mixed.items()} == {"a", 1}


def test_equality_hash_and_repr() -> None:
    a = Dist({"x": 1, "y": 1})
    b = Dist({"y": 2, "x": 2})
    assert a == b
    assert hash(a) == hash(b)
    assert a != Dist({"x": 1})
    assert a != {"x": Fraction(1, 2), "y": Fraction(1, 2)}
    assert repr(Dist.certain(1)) == "Dist({1: 1})"


def test_uniform_counts_repeated_outcomes() -> None:
    """Equally likely items: an outcome listed twice is twice as likely (d6 -> "5+" is 1/3)."""
    dist = Dist.uniform([int(face >= 5) for face in range(1, 7)])
    assert dist[1] == Fraction(1, 3)
    assert dist[0] == Fraction(2, 3)


def test_counts_are_kept_over_a_common_denominator() -> None:
    two = Dist.uniform(range(1, 7)).combine(Dist.uniform(range(1, 7)), lambda a, b: a + b)
    assert two.denominator == 36
    assert [two.count(s) for s in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    halves = Dist({"a": Fraction(1, 2), "b": Fraction(1, 2)})
    assert (halves.denominator, halves.count("a")) == (2, 1)


def test_counts_that_do_not_add_up_are_refused() -> None:
    """A lost or doubled weight is an error, never rescaled away."""
    with pytest.raises(ValueError, match="do not add up"):
        Dist.counted({"a": 1, "b": 1}, 3)
    with pytest.raises(ValueError, match="non-negative integers"):
        Dist.counted({"a": 2, "b": -1}, 1)


def test_counts_that_are_not_integers_are_refused() -> None:
    """A float or fraction weight would round or rescale somewhere: counts are integers."""
    with pytest.raises(ValueError, match="non-negative integers"):
        Dist.counted({"a": 0.5, "b": 0.5}, 1)  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="non-negative integers"):
        Dist.counted({"a": Fraction(1, 2), "b": Fraction(1, 2)}, 1)  # type: ignore[dict-item]


def test_equal_distributions_compare_equal_in_lowest_terms() -> None:
    assert Dist.counted({"a": 2, "b": 2}, 4) == Dist({"a": 1, "b": 1})
    assert hash(Dist.counted({"a": 3}, 3)) == hash(Dist.certain("a"))


def test_a_distribution_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one outcome"):
        Dist.uniform([])
    with pytest.raises(ValueError, match="at least one outcome"):
        Dist.counted({}, 0)
