"""The enemy's immediate reply (bots/reply.py), in a position worked out by hand.

German rifles move in front of a US gun (attack T 2), which may then take opportunity fire at
them or pass. Direct fire (BF-DEFAULT-FIRE) at the rifles is a d10 + 2: 1-2 nothing, 3-4
suppressed, 5-6 disordered, 7-10 knocked out, a loss of 1/4·2/10 + 1/2·2/10 + 1·4/10 = 11/20
as the bots count losses (bots/value.py); passing costs nothing. The enemy answers as is worst
for the Germans, so the state after the move is worth -11/20 to them, not the 0 it shows.
"""

from __future__ import annotations

from typing import Any

from conftest import GERMAN, US, EngGame, advance_to, game_of, unit
from kriegsspiel.bots.reply import answered, answers, replied
from kriegsspiel.bots.value import value
from kriegsspiel.core.sim import parse_action


def _moved() -> tuple[EngGame, Any]:
    g = game_of(
        [
            unit("gun", US, attack={"T": 2, "sV": 4}, position=(10, 10), kind="gun"),
            unit("rifles", GERMAN, position=(10, 16)),
        ]
    )
    advance_to(g, 1, GERMAN, "maneuver")
    g.act(GERMAN, {"action": "move", "unit": "rifles", "to": [10, 15]})
    return g, g.ruleset.knowledge(g.state, GERMAN)


def _german(g: EngGame) -> Any:
    return lambda state: value(g.ruleset, state, GERMAN)


def test_the_enemy_s_answers_are_its_opportunity_fire_and_the_pass() -> None:
    g, known = _moved()
    assert answers(g.ruleset, known, GERMAN) == [
        (US, parse_action(g.ruleset, {"action": "pass"})),
        (US, parse_action(g.ruleset, {"action": "opportunity-fire", "unit": "gun"})),
    ]


def test_each_answer_is_valued_by_its_exact_odds() -> None:
    g, known = _moved()
    fire = parse_action(g.ruleset, {"action": "opportunity-fire", "unit": "gun"})
    passing = parse_action(g.ruleset, {"action": "pass"})
    assert answered(g.ruleset, known, GERMAN, US, passing, _german(g)) == 0.0
    assert abs(answered(g.ruleset, known, GERMAN, US, fire, _german(g)) + 11 / 20) < 1e-12


def test_a_state_the_enemy_must_answer_is_worth_its_worst_answer() -> None:
    g, known = _moved()
    assert value(g.ruleset, known, GERMAN) == 0.0
    assert abs(replied(g.ruleset, GERMAN, _german(g))(known) + 11 / 20) < 1e-12


def test_a_state_the_side_acts_in_keeps_its_own_value() -> None:
    g = game_of([unit("gun", US, attack={"T": 2, "sV": 4}, position=(10, 10), kind="gun")])
    advance_to(g, 1, GERMAN, "maneuver")
    known = g.ruleset.knowledge(g.state, GERMAN)
    assert answers(g.ruleset, known, GERMAN) is None
    assert replied(g.ruleset, GERMAN, lambda state: 1.5)(known) == 1.5
