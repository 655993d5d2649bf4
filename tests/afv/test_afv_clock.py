"""The afv clock (`Ruleset.clock`, afv/view.py `clock_text`): the turn and the card in play,
whose card it is and who holds it, by their names, as the seat pages' banner shows it."""

from __future__ import annotations

from afvkit import AfvGame, do

from kriegsspiel.games import new_game
from kriegsspiel.rulesets.afv import RULESET

US, DE = "us", "german"


def clock(game: AfvGame, seat: str) -> str:
    return RULESET.clock(game.view(seat))


def set_up() -> AfvGame:
    """SK-SETUP: every AFV rolls its rounds (a 5: 20, AFV-AMMO-02) and stows them."""
    game: AfvGame = new_game("afv", seed="clock")
    for vid, v in game.state.vehicles.items():
        do(game, v.side, {"action": "roll-ammo", "vehicle": vid}, 5)
        do(game, v.side, {"action": "split-ammo", "vehicle": vid, "he": 10, "ap": 10})
    return game


def test_the_clock_names_the_turn_the_card_its_holder_and_its_side() -> None:
    game: AfvGame = new_game("afv", seed="clock")
    assert clock(game, US) == "turn 1: setup"
    game = set_up()
    assert clock(game, DE) == "turn 1: the next card is to be drawn"
    # SK-DRAW: a die with one face per card left; the 7th of 10 is Panzerfaust team 1's
    do(game, US, {"action": "draw"}, 7)
    said = "turn 1, card 1: Panzerfaust team 1 (in the inn)'s card (Kampfgruppe Vogt)"
    assert clock(game, US) == clock(game, DE) == said
    do(game, DE, {"action": "draw"}, 8)  # the US free-move card, 8th of the 9 left
    assert clock(game, US) == "turn 1, card 2: a free-move card (US 2nd Platoon, Company B)"
