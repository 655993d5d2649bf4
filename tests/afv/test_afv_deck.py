"""The card deck (SK-DECK, SK-DRAW, SK-CARD): one deck of every side's cards; each draw a
chance event with exact odds; a crew card for its crew, a free-move card for the first crew
or team of its side to act on it; turns, reshuffles and the end of the game."""

from __future__ import annotations

from fractions import Fraction

import msgspec
from afvkit import (
    DE,
    UMPIRE_SEAT,
    US,
    AfvGame,
    crew,
    crew_refused,
    do,
    draw,
    man,
    panzer,
    refused,
    sherman,
    start,
    tags,
    team,
)

from kriegsspiel import find_check
from kriegsspiel.core.dice import SeededDice


def eleven(**extra: object) -> AfvGame:
    """US: a Sherman with 3 cards and 1 free move (4); German: a Panzer IV with 3 cards, a team
    with 3 and 1 free move (7): 11 cards."""
    units = [
        sherman(cards=3),
        panzer(cards=3),
        team("reds", [man("r1", "rifle", (40.0, 40.0))], cards=3),
    ]
    return start(units, free_move_cards={US: 1, DE: 1}, **extra)  # type: ignore[arg-type]


def test_sk_deck_the_odds_of_the_next_card() -> None:
    """SK-DECK/SK-DRAW: "4 of the 11 cards left are yours", exactly 4/11."""
    game = eleven()
    assert game.view(US)["deck"]["yours"] == "4 of the 11 cards left are yours"
    assert game.view(DE)["deck"]["next_card"] == {US: "4/11", DE: "7/11"}
    check = game.dice_prompt(US, {"action": "draw"})
    assert check is not None
    assert dict(check.odds_table()) == {US: Fraction(4, 11), DE: Fraction(7, 11)}
    named = find_check("afv.card-draw").check(yours=4, theirs=7)
    assert dict(named.odds_table()) == {"yours": Fraction(4, 11), "theirs": Fraction(7, 11)}


def test_sk_draw_a_die_over_the_cards_left_picks_the_card() -> None:
    """SK-DRAW: the face picks the card in the deck's fixed order; the card leaves the deck;
    with one card left there is no roll."""
    game = eleven()
    left = game.state.left
    entry = do(game, US, {"action": "draw"}, 5)
    assert game.state.card is not None
    assert game.state.card.card == left[4]
    assert len(game.state.left) == 10
    assert "card-drawn" in tags(entry)
    while len(game.state.left) > 1:
        seat = game.state.card.side if game.state.card else US
        do(game, seat, {"action": "draw"}, 1)
    seat = game.state.card.side if game.state.card else US
    entry = do(game, seat, {"action": "draw"})  # no face needed
    assert game.state.left == ()


def test_sk_draw_seeded_draws_replay_identically() -> None:
    """SK-DRAW: the order comes from the game's dice (never `random` elsewhere): two games
    with the same seed draw the same cards; the deck's order is in no seat's view."""

    def sequence(seed: str) -> list[str]:
        game = eleven()
        out = []
        for _ in range(11):
            seat = game.state.card.side if game.state.card else US
            game.act(seat, {"action": "draw"}, SeededDice(seed))
            assert game.state.card is not None
            out.append(game.state.card.card)
        return out

    assert sequence("one") == sequence("one")
    assert sorted(sequence("one")) == sorted(eleven().state.left)
    game = eleven()
    for seat in game.seats:
        view = msgspec.json.encode(game.view(seat)).decode()
        assert "s1#2" not in view
        assert "left_order" not in view


def test_sk_draw_who_draws() -> None:
    """SK-DRAW: the side playing the card in play draws the next; only the umpire may name
    the card drawn from a physical deck."""
    game = eleven()
    assert refused(game, US, {"action": "draw", "card": "s1#1"}).rule == "SK-DRAW"
    do(game, UMPIRE_SEAT, {"action": "draw", "card": "p4#2"})
    assert refused(game, US, {"action": "draw"}, 1).rule == "SK-DRAW"
    draw(game, "s1")
    assert game.ruleset.seats_to_act(game.state) == [US]


def test_sk_card_only_the_holders_crew_acts() -> None:
    """SK-CARD: on the Panzer IV's card, the Sherman's crew cannot act."""
    game = eleven()
    draw(game, "p4")
    assert crew_refused(game, "s1", "driver", "set-speed", speed=2).rule == "SK-CARD"
    crew(game, "p4", "commander", "traverse", bearing=200)


def test_sk_card_a_free_move_goes_to_the_first_unit_acting_on_it() -> None:
    """SK-CARD (AFV-CREW-01: a free-move card given to a crew lets each crewman act): the first
    action on a free-move card gives it to that crew or team."""
    game = eleven()
    draw(game, "german:free-move#1")
    entry = crew(game, "p4", "driver", "set-speed", speed=2)
    assert tags(entry)[0] == "free-move-given"
    crew(game, "p4", "gunner", "acquire", 1, target="s1")
    error = refused(game, DE, {"action": "move", "man": "r1", "to": [40.0, 41.0]})
    assert error.rule == "SK-CARD"


def test_sk_deck_turns_reshuffle_and_end() -> None:
    """SK-DECK: when the deck is empty the next draw starts a new turn with every live card;
    after the scenario's last turn the game ends."""
    game = eleven(turns=2)
    for _ in range(11):
        seat = game.state.card.side if game.state.card else US
        do(game, seat, {"action": "draw"}, *([1] if len(game.state.left) > 1 else []))
    seat = game.state.card.side if game.state.card else US
    entry = do(game, seat, {"action": "draw"}, 1)
    assert tags(entry)[0] == "turn-began"
    assert game.state.turn == 2
    for _ in range(10):
        seat = game.state.card.side if game.state.card else US
        do(game, seat, {"action": "draw"}, *([1] if len(game.state.left) > 1 else []))
    seat = game.state.card.side if game.state.card else US
    entry = do(game, seat, {"action": "draw"})
    assert tags(entry) == ["game-ended"]
    assert game.ruleset.seats_to_act(game.state) == []


def test_sk_deck_a_lost_units_cards_leave_the_deck() -> None:
    """SK-DECK: the cards of a unit out of the fight leave the deck at once."""
    game = eleven()
    do(game, UMPIRE_SEAT, {"action": "damage", "vehicle": "p4", "effect": "destroyed"}, *[10] * 5)
    assert not [c for c in game.state.left if c.startswith("p4#")]
    assert game.view(US)["deck"]["left"] == 8
