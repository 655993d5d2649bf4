"""Random playouts of the bundled scenario: every legal action is accepted, odds are exact,
`perform` is pure, states and events round-trip through JSON, and hidden units stay hidden."""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest

import kriegsspiel as ks
from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.dice import SeededDice
from kriegsspiel.rulesets.waterborne import RULESET, WatState

SEATS = ("british", "german", "umpire")


@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout(seed: int) -> None:
    game = ks.new_game("waterborne", seed=f"playout-{seed}")
    rng = random.Random(seed)
    for _ in range(120):
        seats = RULESET.seats_to_act(game.state)
        if not seats:
            break
        seat = rng.choice([*seats, "umpire"])
        actions = game.legal_actions(seat)
        assert actions, f"{seat} may act but has nothing to do"
        action = game.parse_action(rng.choice(actions).sample(rng))
        before = msgspec.json.encode(game.state)
        RULESET.perform(game.state, seat, action, _seeded)
        assert msgspec.json.encode(game.state) == before  # perform never mutates its input
        entry = game.act(seat, action)
        for record in entry.records:
            raw = msgspec.json.encode(record.event)
            assert msgspec.json.decode(raw, type=RULESET.event_type) == record.event
        _check_secrets(game)
    assert msgspec.json.decode(msgspec.json.encode(game.state), type=WatState) == game.state


def _seeded(check: Check, *, secret: bool = False) -> CheckResult:
    return check.roll(SeededDice("purity"), "purity")


def _check_secrets(game: Any) -> None:
    hidden = [u for u, s in game.state.units.items() if not s.revealed]
    for u in hidden:
        side = game.state.spec(u).side
        for seat in ("british", "german", "public"):
            if seat == side:
                continue
            assert u not in json.dumps(game.view(seat))
            assert u not in json.dumps(game.log_view(seat))
