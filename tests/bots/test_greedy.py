"""The greedy bot and the outlook it reads, in a position worked out by hand.

A US gun (attack T 2, sV 4) in its offensive fire phase may fire at German rifles or at a German
truck, or end the phase. Direct fire (parent-games.md §1.5 DEFAULT, BF-DEFAULT-FIRE) is a d10 +
strength: <=4 no effect, 5-6 suppressed, 7-8 disordered, 9+ knocked out. The bots value a loss
as knocked out 1, disordered 1/2, suppressed 1/4 (bots/value.py), and no victory points move:

- at the truck (+4): faces 1-2 suppress, 3-4 disorder, 5-10 knock out: 1/4·2/10 + 1/2·2/10 +
  1·6/10 = 3/4;
- at the rifles (+2): 1-2 nothing, 3-4 suppress, 5-6 disorder, 7-10 knock out: 1/4·2/10 +
  1/2·2/10 + 1·4/10 = 11/20;
- ending the phase: 0. So greedy fires at the truck.
"""

from __future__ import annotations

import random
from fractions import Fraction

from conftest import GERMAN, US, EngGame, advance_to, dice, game_of, unit
from kriegsspiel.bots import GreedyBot, SearchBot, SeatTable
from kriegsspiel.bots.value import measure
from kriegsspiel.core.sim import Sim, parse_action


def _position() -> EngGame:
    g = game_of(
        [
            unit("gun", US, attack={"T": 2, "sV": 4}, position=(10, 10), kind="gun"),
            unit("rifles", GERMAN, position=(10, 16)),
            unit("truck", GERMAN, position=(14, 10), kind="soft-vehicle"),
        ]
    )
    advance_to(g, 1, US, "offensive_fire")
    return g


def _fire(target: str) -> dict[str, object]:
    return {"action": "fire", "unit": "gun", "target": target, "modifier": 0}


def test_the_outlook_is_the_exact_distribution_of_what_the_seat_would_know() -> None:
    table = SeatTable(_position(), US)
    valued = measure(table.simulator().ruleset, US)
    truck = table.outlook(_fire("truck"), valued)
    assert truck.exact
    assert dict(truck.outcomes) == {1.0: Fraction(3, 5), 0.5: Fraction(1, 5), 0.25: Fraction(1, 5)}
    assert truck.expected(float) == 0.75
    rifles = table.outlook(_fire("rifles"), valued)
    assert dict(rifles.outcomes) == {
        1.0: Fraction(2, 5),
        0.5: Fraction(1, 5),
        0.25: Fraction(1, 5),
        0.0: Fraction(1, 5),
    }
    assert abs(rifles.expected(float) - 11 / 20) < 1e-12


def test_the_outlook_measures_the_victory_scores_by_default() -> None:
    table = SeatTable(_position(), US)
    outlook = table.outlook({"action": "end-phase"})
    assert outlook.outcomes == (({GERMAN: 0, US: 0}, Fraction(1)),)


def test_greedy_fires_at_the_target_it_expects_most_from() -> None:
    table = SeatTable(_position(), US)
    for seed in range(3):
        assert GreedyBot().choose(table, random.Random(seed)) == _fire("truck")


def test_a_search_of_one_playout_plays_the_best_outlook_one_ply_ahead() -> None:
    """The search counts each root action's one-ply outlook as visits before its playouts, so
    with one playout it still fires at the truck (a blind first playout would pick at random)."""
    table = SeatTable(_position(), US)
    for seed in range(6):
        assert SearchBot(playouts=1).choose(table, random.Random(seed)) == _fire("truck")


def test_a_simulated_step_is_the_game_s_own_resolution() -> None:
    """Sim.step with dice that show 5 gives the state Game.act gives with a typed 5."""

    class Fives(random.Random):
        def randint(self, a: int, b: int) -> int:
            return 5

    g = _position()
    sim = Sim(g.ruleset)
    after = sim.step(g.state, US, parse_action(g.ruleset, _fire("truck")), Fives())
    g.act(US, _fire("truck"), dice(5))
    assert after == g.state
    assert after.units["truck"].status == "knocked-out"
    assert [c.action for c in sim.legal(after, US)] == [
        g.parse_action(c.action) for c in g.legal_actions(US)
    ]
