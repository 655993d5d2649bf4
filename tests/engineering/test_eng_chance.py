"""Whole-action odds of `engineering` actions, exact, worked out by hand from the rule text.

parent-games.md §1.5 (house charts): passage d10 + modifiers, 1 or less knocked out, 2-3
disordered, 4-5 halted, 6+ traverse; direct fire d10 + strength, 4 or less no effect, 5-6
suppressed, 7-8 disordered, 9+ knocked out; demolition d10, 1 a dud (ENG-DEMO-05/06); bog-down
d10 + dr, 1 or less bogs down.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from minekit import engineers, field, game, tank, troops, us_turn

from conftest import GERMAN, US, build, demolition, do, start, task, unit
from kriegsspiel.core.chance import ActionOdds


def _sum(odds: ActionOdds, pick: Callable[[str], bool]) -> Fraction:
    assert odds.exact
    return sum(
        (o.probability or Fraction(0) for o in odds.outcomes if pick(o.summary)), Fraction(0)
    )


def _two_fields() -> Any:
    g = game(
        [troops("r1", (0, 3.8)), troops("g1", (30, 30), side=GERMAN)],
        minefields=[
            field("f1", (0, 5), type="AT", known_to=[US]),
            field("f2", (0, 7), type="AP", density="dense", known_to=[US]),
        ],
    )
    us_turn(g)
    return g


def test_a_move_through_two_known_sections_eng_mine_35() -> None:
    """ENG-MINE-35, AMB-ENG-15: one roll per section entered, in order; the first that stops the
    unit stops it (halted or disordered). The US know both German sections by their place only,
    so they take each as surface-laid, normal, mixed (ENG-MINE-27/28): troops roll once, against
    the AP mines, d10 +1 (surface-laid, ENG-MINE-03): faces 1-2 disordered, 3-4 halted, 5-10
    traverse; never knocked out."""
    odds = _two_fields().odds(US, {"action": "move", "unit": "r1", "to": [0, 8.5]})
    assert odds.rolls == ("engineering.mine-passage",)
    first, second = "r1 in minefield f1: ", "r1 in minefield f2: "
    assert _sum(odds, lambda s: first + "disordered" in s) == Fraction(2, 10)
    assert _sum(odds, lambda s: first + "halted" in s) == Fraction(2, 10)
    assert _sum(odds, lambda s: second + "disordered" in s) == Fraction(6, 10) * Fraction(2, 10)
    assert _sum(odds, lambda s: second + "halted" in s) == Fraction(6, 10) * Fraction(2, 10)
    assert _sum(odds, lambda s: second + "traverse" in s) == Fraction(6, 10) ** 2
    assert _sum(odds, lambda s: "knocked-out" in s) == 0
    assert sum((o.probability or 0 for o in odds.outcomes), Fraction(0)) == 1


def test_the_umpire_odds_hold_the_true_fields_eng_mine_14() -> None:
    """The umpire knows f1 holds AT mines only, which troops pass without a roll (ENG-MINE-14),
    and f2 is dense buried AP: d10 -1 (ENG-MINE-02): faces 1-2 knocked out, 3-4 disordered, 5-6
    halted, 7-10 traverse."""
    odds = _two_fields().odds("umpire", {"action": "move", "unit": "r1", "to": [0, 8.5]})
    second = "r1 in minefield f2: "
    assert _sum(odds, lambda s: second + "knocked-out" in s) == Fraction(2, 10)
    assert _sum(odds, lambda s: second + "disordered" in s) == Fraction(2, 10)
    assert _sum(odds, lambda s: second + "halted" in s) == Fraction(2, 10)
    assert _sum(odds, lambda s: second + "traverse" in s) == Fraction(4, 10)


def test_opportunity_fire_then_cancel_eng_act_10() -> None:
    """ENG-ACT-09/10: g1 (strength 3) fires at the working engineers: d10 + 3; a disordered
    (faces 4-5) or knocked-out (6-10) result cancels the work, 7/10; otherwise it is done."""
    g = start(
        build(
            [engineers("e1", (0, 0)), unit("g1", GERMAN, attack={"T": 3}, position=(5, 5))],
            tasks=[task("dig", US, required=2)],
        )
    )
    us_turn(g)
    do(g, US, {"action": "engineer", "unit": "e1", "task": "dig"})
    odds = g.odds(GERMAN, {"action": "opportunity-fire", "unit": "g1"})
    assert _sum(odds, lambda s: "cancelled" in s) == Fraction(7, 10)
    assert _sum(odds, lambda s: "1 of 2" in s) == Fraction(3, 10)
    assert _sum(odds, lambda s: "g1 fires at e1: suppressed" in s) == Fraction(2, 10)


def test_a_demolition_resolved_at_once_eng_demo_05() -> None:
    """ENG-DEMO-05/06: with no enemy to fire, the sealed d10 is applied at once: 9/10 the target
    goes up, 1/10 a dud."""
    g = start(
        build(
            [unit("p1", GERMAN, engineer=True, position=(0, 0))],
            demolitions=[demolition("b1", GERMAN, prepared=True, name="Kleinwalde bridge")],
        )
    )
    odds = g.odds(GERMAN, {"action": "demolish", "unit": "p1", "demolition": "b1"})
    assert odds.probability(_only(odds, "succeeds")) == Fraction(9, 10)
    assert odds.probability(_only(odds, "dud")) == Fraction(1, 10)


def _only(odds: ActionOdds, word: str) -> str:
    found = [o.summary for o in odds.outcomes if word in o.summary]
    assert len(found) == 1, found
    return found[0]


def test_a_tank_breaching_wire_with_its_bog_down_check_eng_wire_06() -> None:
    """AMB-ENG-03, ENG-WIRE-06: a tracked tank breaches ungapped wire with a bog-down check
    (d10 + dr 0: a 1 bogs it down, 1/10); getting through gaps the wire, 9/10."""
    g = game([tank("t1", (0, 3.5), traits=["flail"])], wire=[{"id": "w1", "position": [0, 4]}])
    us_turn(g)
    odds = g.odds(US, {"action": "breach", "unit": "t1", "obstacle": "w1"})
    assert _sum(odds, lambda s: "bogged" in s) == Fraction(1, 10)
    assert _sum(odds, lambda s: "gapped" in s) == Fraction(9, 10)


def test_a_flail_through_a_dense_at_field_eng_mine_42() -> None:
    """ENG-MINE-41/42 (AMB-ENG-15: every modifier applies): the umpire's odds for a flail in a
    dense buried AT field, d10 -1: faces 1-2 knock out, which damages the flail (2/10); else
    a cleared lane (8/10)."""
    g = game(
        [tank("t1", (0, 3.8), traits=["flail"], speed=12)],
        minefields=[field("f1", (0, 5), type="AT", density="dense")],
    )
    us_turn(g)
    odds = g.odds("umpire", {"action": "flail", "unit": "t1", "to": [0, 6.5]})
    assert _sum(odds, lambda s: "flail is damaged" in s) == Fraction(2, 10)
    assert _sum(odds, lambda s: "a cleared lane" in s) == Fraction(8, 10)
