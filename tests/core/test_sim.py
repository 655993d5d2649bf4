"""`core.sim.Sim`: play on states, with whether a state is over read once for it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kriegsspiel.core.sim import Sim
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets import find_ruleset
from kriegsspiel.scenario.load import load_scenario


def test_a_playout_reads_whether_each_state_is_over_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario("demo")
    ruleset = find_ruleset("engineering")
    asked = 0
    over = ruleset.over

    def counted(state: Any) -> bool:
        nonlocal asked
        asked += 1
        return over(state)

    monkeypatch.setattr(ruleset, "over", counted)
    sim = Sim(ruleset)
    state, rng, states = ruleset.initial_state(scenario), random.Random(3), []
    while not sim.over(state):
        states.append(state)
        seat = rng.choice(sim.seats_to_act(state))
        action = sim.random_action(state, seat, rng)
        assert action is not None
        assert sim.legal(state, seat)
        state = sim.step(state, seat, action, rng)
    assert len(states) > 20
    assert asked == len(states) + 1  # each state played in, and the last


def test_a_state_over_refuses_every_step() -> None:
    scenario = load_scenario("demo")
    sim = Sim(find_ruleset("engineering"))
    state, rng = sim.ruleset.initial_state(scenario), random.Random(5)
    while not sim.over(state):
        seat = rng.choice(sim.seats_to_act(state))
        action = sim.random_action(state, seat, rng)
        assert action is not None
        last = seat, action
        state = sim.step(state, seat, action, rng)
    seat, action = last
    assert sim.random_action(state, seat, rng) is None
    with pytest.raises(RuleViolation, match="GAME-OVER"):
        sim.step(state, seat, action, rng)
