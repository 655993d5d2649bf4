"""Property tests of the core, each against an oracle computed independently of the code tested.

`Dist`: probabilities are counts over a denominator summing to exactly 1, and `combine`/`map`
match a brute-force sum over pairs. `Pool.dist` and `Check.odds` match a count over every roll
of small pools, with the statistic and the outcome worked out here from the raw faces. The log:
a fresh fold of a game's log is its state, each undo gives back the state from before the
actions it took back, and replaying those actions with the same faces gives the same state.

Hypothesis runs derandomized, with no example database, so every run tries the same examples.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
import unittest.mock
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from toy import TOY, toy_scenario

from kriegsspiel.core import history
from kriegsspiel.core.checks import Check, Modifier, Stats
from kriegsspiel.core.dice import Pool, Tally
from kriegsspiel.core.dist import Dist
from kriegsspiel.core.game import Game
from kriegsspiel.core.log import effective
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import load_scenario
from kriegsspiel.testing import ScriptedDice, do

AnyGame = Game[Any, Any, Any, Any]


def props(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


# -- Dist ----------------------------------------------------------------------------------------

weight = st.one_of(st.integers(0, 60), st.fractions(min_value=0, max_value=9, max_denominator=12))
weights = st.dictionaries(st.integers(-6, 12), weight, min_size=1, max_size=8).filter(
    lambda w: sum(w.values()) > 0
)
dists = weights.map(Dist)


@props(120)
@given(weights)
def test_a_dist_is_its_weights_over_their_total_in_integer_counts(w: dict[int, Any]) -> None:
    dist = Dist(w)
    total = sum(Fraction(v) for v in w.values())
    for outcome, value in w.items():
        assert dist[outcome] == Fraction(value) / total
    assert set(dist) == {k for k, v in w.items() if v}
    assert sum(dist[k] for k in dist) == 1
    assert dist.total() == 1
    counts = [dist.count(k) for k in dist]
    assert all(type(c) is int and c > 0 for c in counts)
    assert sum(counts) == dist.denominator
    assert math.gcd(dist.denominator, *counts) == 1  # lowest terms


@props(60)
@given(weights, st.integers(2, 30))
def test_scaled_weights_give_the_same_dist(w: dict[int, Any], scale: int) -> None:
    dist = Dist(w)
    scaled = Dist({k: Fraction(v) * scale for k, v in w.items()})
    assert scaled == dist
    assert hash(scaled) == hash(dist)


@props(60)
@given(weights, st.integers(-3, 3).filter(bool))
def test_counts_off_their_total_are_refused(w: dict[int, Any], off: int) -> None:
    dist = Dist(w)
    counts = {k: dist.count(k) for k in dist}
    assert Dist.counted(counts, dist.denominator) == dist
    with pytest.raises(ValueError, match="add up"):
        Dist.counted(counts, dist.denominator + off)


OPS: dict[str, Callable[[int, int], int]] = {
    "sum": operator.add,
    "max": max,
    "min": min,
    "difference": operator.sub,
    "product mod 5": lambda a, b: a * b % 5,
}


@props(100)
@given(dists, dists, st.sampled_from(sorted(OPS)))
def test_combine_is_the_sum_over_every_pair(a: Dist[int], b: Dist[int], op: str) -> None:
    f = OPS[op]
    expected: dict[int, Fraction] = {}
    for x, y in itertools.product(a, b):
        expected[f(x, y)] = expected.get(f(x, y), Fraction(0)) + a[x] * b[y]
    combined = a.combine(b, f)
    assert dict(combined.items()) == {k: p for k, p in expected.items() if p}
    assert sum(combined[k] for k in combined) == 1


@props(60)
@given(dists, st.integers(1, 4))
def test_map_merges_the_weights_of_each_image(d: Dist[int], modulus: int) -> None:
    expected: dict[int, Fraction] = {}
    for x in d:
        expected[x % modulus] = expected.get(x % modulus, Fraction(0)) + d[x]
    assert dict(d.map(lambda x: x % modulus).items()) == expected


small_dice = st.lists(st.integers(2, 8), min_size=1, max_size=3)


@props(100)
@given(small_dice)
def test_convolving_dice_matches_counting_every_roll(sides: list[int]) -> None:
    total: Dist[int] = Dist.certain(0)
    for s in sides:
        total = total.combine(Dist.uniform(range(1, s + 1)), operator.add)
    rolls = Counter(sum(faces) for faces in itertools.product(*(range(1, s + 1) for s in sides)))
    outcomes = math.prod(sides)
    assert {k: total[k] for k in total} == {k: Fraction(n, outcomes) for k, n in rolls.items()}
    assert total.mean() == Fraction(sum(s + 1 for s in sides), 2)


# -- pools and checks -----------------------------------------------------------------------------


def tally_of(kind: str, value: int, faces: Sequence[int]) -> int:
    """A pool's statistic, worked out here from the faces rather than by `Pool.reduce`."""
    if kind == "sum":
        return sum(faces)
    if kind == "at-least":
        return sum(1 for f in faces if f >= value)
    return faces.count(value)


@st.composite
def pools(draw: st.DrawFn, max_rolls: int = 512) -> Pool:
    sides = draw(st.integers(2, 8))
    count = draw(st.integers(0, max(0, int(math.log(max_rolls, sides)))))
    kinds = draw(st.lists(st.sampled_from(["sum", "at-least", "equals"]), min_size=1, max_size=3))
    tallies = tuple(Tally(k, draw(st.integers(1, sides))) for k in kinds)
    return Pool(count, sides, tallies)


def every_roll(pool: Pool) -> itertools.product[tuple[int, ...]]:
    return itertools.product(range(1, pool.sides + 1), repeat=pool.count)


def stat_of(pool: Pool, faces: Sequence[int]) -> tuple[int, ...]:
    return tuple(tally_of(t.kind, t.value, faces) for t in pool.tallies)


@props(150)
@given(pools())
def test_a_pools_dist_matches_counting_every_roll(pool: Pool) -> None:
    counts = Counter(stat_of(pool, faces) for faces in every_roll(pool))
    outcomes = pool.sides**pool.count
    dist = pool.dist()
    assert {k: dist[k] for k in dist} == {k: Fraction(n, outcomes) for k, n in counts.items()}
    for faces in every_roll(pool):
        assert pool.reduce(faces) == stat_of(pool, faces)


@st.composite
def checks(draw: st.DrawFn) -> tuple[Check, tuple[int, ...]]:
    """A check of one or two small pools: each pool's first tally summed with the modifiers,
    banded at sorted thresholds. Returns the check and its thresholds."""
    chosen = draw(st.lists(pools(max_rolls=64), min_size=1, max_size=2))
    mods = draw(st.lists(st.integers(-3, 3), max_size=3))
    thresholds = tuple(sorted(draw(st.lists(st.integers(-3, 20), min_size=1, max_size=3))))
    labels = tuple(f"band-{i}" for i in range(len(thresholds) + 1))

    def rule(stats: Stats, modifier: int, /) -> str:
        score = sum(s[0] for s in stats) + modifier
        return labels[sum(1 for t in thresholds if score >= t)]

    modifiers = tuple(Modifier(f"m{i}", v, "TEST") for i, v in enumerate(mods))
    return Check("test.banded", tuple(chosen), rule, labels, ("TEST",), modifiers), thresholds


def banded(check: Check, thresholds: Sequence[int], faces: Sequence[Sequence[int]]) -> str:
    """The outcome of rolled faces by the rule as stated, from the faces themselves."""
    score = sum(m.value for m in check.modifiers)
    for pool, pool_faces in zip(check.pools, faces, strict=True):
        first = pool.tallies[0]
        score += tally_of(first.kind, first.value, pool_faces)
    return f"band-{sum(1 for t in thresholds if score >= t)}"


@props(100)
@given(checks())
def test_a_checks_odds_match_counting_every_roll(case: tuple[Check, tuple[int, ...]]) -> None:
    check, thresholds = case
    counts: Counter[str] = Counter()
    outcomes = 0
    for faces in itertools.product(*(every_roll(p) for p in check.pools)):
        expected = banded(check, thresholds, faces)
        counts[expected] += 1
        outcomes += 1
        result = check.resolve(faces)
        assert result.outcome == expected
        first = check.pools[0]
        natural = tally_of(first.tallies[0].kind, first.tallies[0].value, faces[0])
        assert result.natural == natural
        assert result.total == natural + sum(m.value for m in check.modifiers)
    odds = check.odds()
    assert {o: odds[o] for o in odds} == {o: Fraction(n, outcomes) for o, n in counts.items()}
    table = check.odds_table()
    assert [o for o, _ in table] == list(check.outcomes)
    assert sum(p for _, p in table) == 1


@props(100)
@given(checks(), st.randoms(use_true_random=False))
def test_rolling_scripted_faces_resolves_them(
    case: tuple[Check, tuple[int, ...]], rng: random.Random
) -> None:
    check, thresholds = case
    faces = [[rng.randint(1, p.sides) for _ in range(p.count)] for p in check.pools]
    script = ScriptedDice([f for fs in faces for f in fs])
    result = check.roll(script, "k")
    script.finish()  # every face was used
    assert result.outcome == banded(check, thresholds, faces)
    assert result.faces == tuple(tuple(fs) for fs in faces)
    assert result.origin == "script"


# -- the log --------------------------------------------------------------------------------------

GAMES = ["toy", "toy-trap", "abilities", "afv", "waterborne"]


@functools.cache
def _scenario(name: str) -> tuple[Ruleset[Any, Any, Any, Any], Any]:
    if name.startswith("toy"):
        return TOY, toy_scenario(trap=name == "toy-trap")
    scenario = load_scenario(name)
    return RULESETS[scenario.ruleset], scenario


def _new(name: str) -> AnyGame:
    ruleset, scenario = _scenario(name)
    return Game(ruleset, scenario, f"properties-{name}")


class _Recorder:
    """Random faces, noted so the same roll can be scripted again."""

    origin = "script"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.rolled: list[int] = []

    def faces(self, pool: Pool, key: str) -> tuple[int, ...]:
        faces = tuple(self._rng.randint(1, pool.sides) for _ in range(pool.count))
        self.rolled.extend(faces)
        return faces


Played = tuple[str, dict[str, Any], list[int]]


def _step(game: AnyGame, rng: random.Random) -> Played | None:
    """One random legal action by a seat that may act (now and then the umpire), rolled with
    recorded faces; None when no seat has one."""
    seats = list(game.ruleset.seats_to_act(game.state))
    if not seats:
        return None
    seat = "umpire" if rng.random() < 0.1 else rng.choice(seats)
    action = game.random_action(seat, rng)
    if action is None:
        return None
    dice = _Recorder(rng)
    game.act(seat, action, dice)
    return seat, action, dice.rolled


def _encoded(game: AnyGame) -> bytes:
    return msgspec.json.encode(game.state)


@pytest.mark.parametrize("name", GAMES)
@props(25)
@given(st.randoms(use_true_random=False), st.integers(1, 30))
def test_the_fold_of_the_log_is_the_state_and_undo_restores_it(
    name: str, rng: random.Random, steps: int
) -> None:
    game = _new(name)
    history = [_encoded(game)]  # the state after each action still in effect, oldest first
    for _ in range(steps):
        if len(history) > 1 and rng.random() < 0.2:
            back = rng.randint(1, len(history) - 1)
            game.undo("umpire", back)
            del history[-back:]
            assert _encoded(game) == history[-1]
        elif _step(game, rng) is None:
            break
        else:
            history.append(_encoded(game))
    assert len(effective(game.log)) == len(history) - 1
    # a fresh game folds the same log to the same state ...
    again = Game(game.ruleset, game.scenario, game.seed, log=game.log)
    assert msgspec.json.encode(again.state) == history[-1]
    # ... which is the events of the entries in effect applied one by one
    state = game.ruleset.initial_state(game.scenario)
    for entry in effective(game.log):
        for record in entry.records:
            state = game.ruleset.apply(state, record.event)
    assert msgspec.json.encode(state) == history[-1]
    for seat in game.seats:
        assert again.view(seat) == game.view(seat)


@pytest.mark.parametrize("name", GAMES)
@props(25)
@given(st.randoms(use_true_random=False), st.integers(1, 20), st.integers(1, 6))
def test_undo_then_replaying_the_same_actions_and_faces_gives_the_same_state(
    name: str, rng: random.Random, steps: int, back: int
) -> None:
    game = _new(name)
    states, played = [_encoded(game)], []
    for _ in range(steps):
        step = _step(game, rng)
        if step is None:
            break
        played.append(step)
        states.append(_encoded(game))
    assume(played)
    back = min(back, len(played))
    views = {seat: game.view(seat) for seat in game.seats}
    game.undo("umpire", back)
    assert _encoded(game) == states[-back - 1]
    for seat, action, faces in played[-back:]:
        do(game, seat, action, *faces)  # every face used again, none missing
    assert _encoded(game) == states[-1]
    assert {seat: game.view(seat) for seat in game.seats} == views


def _folded(game: AnyGame, end: int) -> Any:
    """The state after the first `end` log entries, folded from the start."""
    state = game.ruleset.initial_state(game.scenario)
    for entry in effective(game.log[:end]):
        for record in entry.records:
            state = game.ruleset.apply(state, record.event)
    return state


def _seen(game: AnyGame, seat: str) -> list[int]:
    """The log positions of the entries `seat` sees: a record of its own, or an undo of one."""
    out: list[int] = []
    for entry in game.log:
        if entry.visible_records(seat) or set(entry.undoes) & set(out):
            out.append(entry.seq)
    return out


@pytest.mark.parametrize("name", ["toy", "abilities"])
@props(25)
@given(st.randoms(use_true_random=False), st.integers(5, 40))
def test_checkpoints_give_the_states_a_fold_from_the_start_gives(
    name: str, rng: random.Random, steps: int
) -> None:
    with unittest.mock.patch.object(history, "CHECKPOINT", 3):  # undos reach behind them
        game = _new(name)
        for _ in range(steps):
            if effective(game.log) and rng.random() < 0.3:
                game.undo("umpire", rng.randint(1, len(effective(game.log))))
                assert game.state == _folded(game, len(game.log))
            elif _step(game, rng) is None:
                break
        loaded = Game(game.ruleset, game.scenario, game.seed, log=game.log)
        assert loaded.state == game.state == _folded(game, len(game.log))
        assert loaded.can_undo == game.can_undo == bool(effective(game.log))
        for seat in game.seats:
            whole = game.log_view(seat)
            seen = _seen(game, seat)
            assert game.log_length(seat) == loaded.log_length(seat) == len(whole) == len(seen)
            since = rng.randint(0, len(whole))
            assert game.log_view(seat, since) == loaded.log_view(seat, since) == whole[since:]
            upto = rng.randint(0, len(seen))
            end = seen[upto - 1] + 1 if upto else 0
            assert game.replay(seat, upto) == game.ruleset.view(_folded(game, end), seat)
