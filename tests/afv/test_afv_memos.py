"""The afv result is remembered by the facts it was judged on (victory.py `result`): along
random games of the bundled scenario it is the result decided afresh, state by state."""

from __future__ import annotations

import random
from typing import Any

from kriegsspiel.core.game import Game
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Result, decide
from kriegsspiel.rulesets.afv import RULESET, AfvState, victory
from kriegsspiel.rulesets.afv.knowledge import knowledge
from kriegsspiel.scenario.load import load_scenario


def states(seeds: range, steps: int = 200) -> list[AfvState]:
    scenario = load_scenario("afv")
    out: list[AfvState] = []
    for seed in seeds:
        rng = random.Random(seed)
        game: Game[Any, AfvState, Any, Any] = Game(RULESET, scenario, f"memo-{seed}")
        for _ in range(steps):
            out.append(game.state)
            seats = game.seats_to_act()
            seat = rng.choice(seats) if seats else None
            action = game.random_action(seat, rng) if seat else None
            if seat is None or action is None:
                break
            game.act(seat, action)
    return out


def fresh(state: AfvState) -> Result | None:
    return decide(state, victory.facts, lambda s: knowledge(s, PUBLIC))


def test_the_remembered_result_is_the_result_decided_afresh() -> None:
    seen = states(range(8))
    assert any(fresh(s) is not None for s in seen)  # some games end on the way
    for state in seen:
        assert RULESET.result(state) == fresh(state)
        assert RULESET.over(state) == (fresh(state) is not None)
