"""The statistics of a balance report: Wilson intervals against published values, and a report
made from scripted game records, its rates exact."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kriegsspiel.balance.play import GameRecord
from kriegsspiel.balance.report import Objective, Report, Summary, make_report, rate, wilson

SIDES = {"german": "Wehrmacht", "us": "US Army"}
BOTS = {"german": "greedy", "us": "random"}


@pytest.mark.parametrize(
    ("hits", "n", "low", "high"),
    [  # Newcombe (1998), Statistics in Medicine 17:857-872, table II, method 3 (score, no CC)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_newcombes_worked_values(hits: int, n: int, low: float, high: float) -> None:
    got = wilson(hits, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_of_no_games_won_is_z_squared_over_n_plus_z_squared() -> None:
    z = 1.959964
    assert wilson(0, 20)[1] == pytest.approx(z * z / (20 + z * z), rel=1e-12)
    assert wilson(20, 20)[0] == pytest.approx(20 / (20 + z * z), rel=1e-12)


def record(
    index: int,
    winner: str | None,
    german: int,
    us: int,
    reasons: tuple[str, ...],
    actions: int,
    turn: int = 6,
) -> GameRecord:
    return GameRecord(
        index=index,
        winner=winner,
        scores={"german": german, "us": us},
        reasons=reasons,
        actions=actions,
        turn=turn,
        ending="over",
    )


BRIDGE = "the bridge is blown"
CROSSED = "the US holds the far bank"
TIME = "time ran out"

# 10 games: german wins 6, us 3, 1 draw
RECORDS = [
    record(0, "german", 3, 0, (BRIDGE,), 40),
    record(1, "german", 3, 1, (BRIDGE, TIME), 50),
    record(2, "german", 2, 0, (TIME,), 60),
    record(3, "german", 3, 0, (BRIDGE,), 40),
    record(4, "german", 3, 2, (BRIDGE,), 45),
    record(5, "german", 2, 1, (TIME, TIME), 55),
    record(6, "us", 0, 3, (CROSSED,), 70),
    record(7, "us", 1, 3, (CROSSED,), 65),
    record(8, "us", 0, 2, (CROSSED, TIME), 75, turn=5),
    record(9, None, 1, 1, (TIME,), 80),
]


def report() -> Report:
    return make_report(
        RECORDS, scenario="demo", ruleset="engineering", sides=SIDES, bots=BOTS, seed="s"
    )


def test_each_sides_rates_are_its_share_of_the_games() -> None:
    german, us = report().sides
    assert (german.side, german.name, german.bot) == ("german", "Wehrmacht", "greedy")
    assert (german.win.count, german.draw.count, german.loss.count) == (6, 1, 3)
    assert (us.win.count, us.draw.count, us.loss.count) == (3, 1, 6)
    assert Fraction(german.win.rate).limit_denominator(100) == Fraction(3, 5)
    assert Fraction(us.loss.rate).limit_denominator(100) == Fraction(3, 5)
    assert Fraction(us.draw.rate).limit_denominator(100) == Fraction(1, 10)
    assert german.win == rate(6, 10)
    assert (german.win.low, german.win.high) == wilson(6, 10)


def test_scores_and_lengths_are_summarised_exactly() -> None:
    made = report()
    assert made.scores["german"] == Summary(
        min=0, max=3, mean=1.8, median=2.0, counts={0: 2, 1: 2, 2: 2, 3: 4}
    )
    assert made.scores["us"] == Summary(
        min=0, max=3, mean=1.3, median=1.0, counts={0: 3, 1: 3, 2: 2, 3: 2}
    )
    assert made.actions.min == 40
    assert made.actions.max == 80
    assert made.actions.mean == pytest.approx(58.0)
    assert made.actions.median == 57.5
    assert made.actions.counts[40] == 2
    assert made.turns.counts == {5: 1, 6: 9}
    assert made.endings == {"over": 10}
    assert (made.games, made.seed, made.bots) == (10, "s", BOTS)


def test_the_most_decisive_objectives_come_first() -> None:
    """Ranked by the games the favoured side won with the reason less the others with it
    (bridge 4 - 0, crossed 3 - 0, time 3 - 2), a reason counted once a game."""
    assert report().objectives == [
        Objective(reason=BRIDGE, games=4, wins={"german": 4, "us": 0}, favours="german"),
        Objective(reason=CROSSED, games=3, wins={"german": 0, "us": 3}, favours="us"),
        Objective(reason=TIME, games=5, wins={"german": 3, "us": 1}, favours="german"),
    ]


def test_a_reason_only_in_draws_favours_no_side() -> None:
    draws = [
        GameRecord(
            index=i,
            winner=None,
            scores={},
            reasons=("stalemate",),
            actions=1,
            turn=1,
            ending="over",
        )
        for i in range(2)
    ]
    made = make_report(draws, scenario="d", ruleset="engineering", sides=SIDES, bots=BOTS, seed="s")
    assert made.objectives == [
        Objective(reason="stalemate", games=2, wins={"german": 0, "us": 0}, favours=None)
    ]


def test_a_side_without_points_has_no_score_distribution() -> None:
    bare = [
        GameRecord(index=0, winner=None, scores={}, reasons=(), actions=3, turn=1, ending="stalled")
    ]
    made = make_report(
        bare, scenario="demo", ruleset="engineering", sides=SIDES, bots=BOTS, seed="s"
    )
    assert made.scores == {"german": None, "us": None}
    assert made.objectives == []
    assert made.endings == {"stalled": 1}
    assert [side.draw.count for side in made.sides] == [1, 1]
