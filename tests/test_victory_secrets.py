"""The victory conditions keep secrets: a seat's scores count only what it knows, and whether the
game is over never depends on a fact hidden from any seat. Over every ruleset's pairs of games
that differ only in a fact hidden from one seat (tests/*/*_pairs.py), given victory conditions
that count every unit and place there is (so a hidden unit or work would score)."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from hidden import HiddenPair
from kriegsspiel.core.game import Game
from kriegsspiel.core.victory import Control, Exit, KnockOut, TaskDone, Victory
from test_chance_contract import PAIRS

AnyGame = Game[Any, Any, Any, Any]


def counting_everything(game: AnyGame, *, decisive: bool = False) -> AnyGame:
    """`game` with victory conditions that count every unit, place and task of its scenario."""
    scenario = game.scenario
    objectives: list[Any] = []
    for side in scenario.side_ids:
        objectives += [
            KnockOut(side=side, points=1, needed=1, decisive=decisive),
            Exit(side=side, edge="north", beyond=-1000.0, points=1),  # every unit on the table
        ]
        objectives += [Control(side=side, feature=f) for f in scenario.victory_features()]
        for target, (_, words) in scenario.victory_tasks().items():
            objectives += [TaskDone(side=side, target=target, done=w) for w in sorted(words)]
    victory = Victory(objectives=tuple(objectives))
    return Game(game.ruleset, replace(scenario, victory=victory), game.seed, game.log)


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{p.a.ruleset.name}: {p.what}" for p in PAIRS])
def test_a_seat_scores_only_what_it_knows(pair: HiddenPair) -> None:
    """VICTORY-SCORE as the seat knows; VICTORY-DECISIVE on what every seat can see."""
    a, b = counting_everything(pair.a), counting_everything(pair.b)
    assert a.scores(pair.seat) == b.scores(pair.seat)
    assert a.result(pair.seat) == b.result(pair.seat)
    assert a.over() == b.over()
    sudden_a = counting_everything(pair.a, decisive=True)
    sudden_b = counting_everything(pair.b, decisive=True)
    assert sudden_a.over() == sudden_b.over()


def test_the_umpire_scores_what_is_hidden() -> None:
    """The property can fail: in some pairs the hidden fact changes the true scores."""
    differ = [
        p.what
        for p in PAIRS
        if counting_everything(p.a).scores() != counting_everything(p.b).scores()
    ]
    assert differ
