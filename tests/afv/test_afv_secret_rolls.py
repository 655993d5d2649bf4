"""Secret rolls: a roll the acting seat may not know of is rolled by the engine, so a player who
types in the dice types exactly the rolls he can know of (design principle 3).

- AFV-BAIL-01/02: the kit each crewman of an AFV destroyed by enemy fire brings is his side's
  secret; the firer types the to-hit and penetration dice, never the kits.
- AFV-MORALE-05 with AMB-AFV-06 and AFV-CREW-06: whether a retreating AFV's commander seat is
  manned is its side's secret; the other side drawing its card types only the card's die.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from afv_pairs import german_card, retreating, table, umpire_draws
from afvkit import DE, UMPIRE_SEAT, US, AfvGame, events, panzer, sherman, start

from kriegsspiel.core.dice import EnteredDice

FIRE = {"action": "fire", "vehicle": "p4", "crewman": "gunner", "weapon": "main", "target": "s1"}


def german_gun_on_s1() -> AfvGame:
    """p4 (AP loaded, 24" from s1, whose front faces it) on its card, s1 acquired."""
    game = start([sherman(), panzer(position=(24.0, 34.0), unbuttoned=("commander",), loaded="AP")])
    german_card(game)
    return game


def prompts(game: AfvGame, seat: str, action: Mapping[str, Any], faces: list[int]) -> list[str]:
    """The checks `seat` is asked to type, one after another, typing `faces` in turn."""
    asked = []
    for n in range(len(faces) + 1):
        check = game.dice_prompt(seat, action, faces[:n])
        if check is None:
            break
        asked.append(check.name)
    return asked


def test_bail_01_the_firer_types_no_kit_of_the_crew_he_destroys() -> None:
    """A hit (d100 10 of 60 at 24") that destroys s1 (d10 1): the German is asked for the
    to-hit and the penetration dice only; the five kits are rolled by the engine."""
    game = german_gun_on_s1()
    assert prompts(game, DE, FIRE, [10, 1]) == ["afv.to-hit", "afv.penetration-effect"]
    entry = game.act(DE, FIRE, EnteredDice([10, 1], DE))
    kits = events(entry, "kit-rolled")
    assert len(kits) == 5
    assert {k["result"]["origin"] for k in kits} == {"rng"}
    assert events(entry, "fired")[0]["result"]["origin"] == f"entered:{DE}"
    assert game.state.vehicles["s1"].status == "destroyed"


def test_bail_01_the_umpire_at_the_table_types_every_kit() -> None:
    """The umpire may know of every roll: he is asked for the kits too."""
    game = german_gun_on_s1()
    asked = prompts(game, UMPIRE_SEAT, FIRE, [10, 1, 1, 2, 3, 4])
    assert asked == ["afv.to-hit", "afv.penetration-effect", *["afv.bail-out-kit"] * 5]


def test_bail_01_a_crewman_of_ones_own_side_types_his_kit() -> None:
    """His own side knows the kit roll happens: it is no secret to it."""
    game = start([sherman(cards=2), panzer()])
    umpire_draws(game, "s1#1")
    bail = {"action": "bail-out", "vehicle": "s1", "crewman": "loader"}
    assert prompts(game, US, bail, [3]) == ["afv.bail-out-kit"]
    entry = game.act(US, bail, EnteredDice([3], US))
    assert events(entry, "kit-rolled")[0]["result"]["origin"] == f"entered:{US}"


def retreat_table(commander_seat_taken: bool) -> AfvGame:
    game = table(entry=True)
    umpire_draws(game, "s1#1")
    retreating(commander_seat_taken)(game)
    german_card(game)
    return game


def test_morale_05_the_other_side_types_only_the_card_it_draws() -> None:
    """The German draws s1's second card (face 1 of the 2 left): in one game the loader sits in
    the commander's seat and the retest is made, in the other nobody can make it; the German
    types the same single die in both, and the retest is rolled by the engine."""
    draw = {"action": "draw"}
    for taken in (True, False):
        game = retreat_table(taken)
        assert prompts(game, DE, draw, [1]) == ["afv.card-draw"]
        entry = game.act(DE, draw, EnteredDice([1], DE))
        assert events(entry, "card-drawn")[0]["result"]["origin"] == f"entered:{DE}"
        tested = events(entry, "commander-tested")
        assert [t["result"]["origin"] for t in tested] == (["rng"] if taken else [])


def test_morale_05_its_own_side_types_the_retest() -> None:
    """The US knows who sits where: drawing s1's next card itself (face 1 of the 3 left), it is
    asked for the retest too (d100 30: a pass, AMB-AFV-06)."""
    game = table(entry=True)
    umpire_draws(game, "s1#1")
    retreating(True)(game)
    draw = {"action": "draw"}
    assert prompts(game, US, draw, [1, 30]) == ["afv.card-draw", "afv.commander-morale"]
    entry = game.act(US, draw, EnteredDice([1, 30], US))
    assert events(entry, "commander-tested")[0]["result"]["outcome"] == "pass"
    assert game.state.vehicles["s1"].morale == "normal"
