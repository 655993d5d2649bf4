"""Commitments to what a Blind holds (CHQ-BLIND) and to the units in reserve (CHQ-RESERVE):
committed to the enemy seat from the start, opened when the Blind is spotted."""

from __future__ import annotations

from abl_helpers import ALLIES, GERMAN, AblGame, begin, discard, do, game_of, order, unit

from commitkit import kept, matches, opened, tampered


def _game() -> AblGame:
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10)),
            unit("g1", GERMAN, "german-grenadier-platoon", (19, 25), facing=180, blind="gb"),
            unit("stug", GERMAN, "german-stug-iii", (20, 47), facing=180, reserve=True),
        ],
        blinds=[
            {"id": "gb", "side": GERMAN, "position": [20, 25], "name": "Blind 1"},
            {"id": "dummy", "side": GERMAN, "position": [28, 25]},
        ],
    )
    begin(game)
    return game


def test_chq_blind_each_enemy_blind_and_reserve_is_committed_from_the_start() -> None:
    game = _game()
    things = game.ruleset.hidden_things(game.state, ALLIES)
    assert sorted(things) == ["blind:dummy", "blind:gb", "reserve:stug"]
    assert things["blind:gb"]["units"] == [
        {"unit": "g1", "name": "g1", "type": "german-grenadier-platoon"}
    ]
    assert things["blind:dummy"]["units"] == []  # a dummy: nothing in it
    assert game.ruleset.hidden_things(game.state, GERMAN) == {}
    assert len(game.commitments(ALLIES)[0]["things"]) == 8  # padded: three things, five blanks


def test_chq_default_spot_opens_the_blind_spotted_and_it_verifies() -> None:
    game = _game()
    at_start = kept(game, ALLIES)
    order(game, ALLIES, "jeep", [4])
    do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "dummy"}, 3)
    [(n, slot, content)] = opened(game, ALLIES)
    assert n == game.log_length(ALLIES)
    assert content == {"kind": "blind", "label": "Blind dummy", "side": GERMAN, "units": []}
    [opening] = game.opened(ALLIES)
    assert slot.startswith("0.")
    assert matches(opening, at_start)
    assert not matches(tampered(opening, '"units":[]', '"units":["g1"]'), at_start)
    assert [o["slot"] for o in game.opened(ALLIES, n - 1)] == [slot]
    assert game.opened(ALLIES, n) == []


def test_chq_blind_deploying_opens_what_the_blind_held_to_the_enemy_and_the_public() -> None:
    game = _game()
    at_start = {seat: kept(game, seat) for seat in (ALLIES, "public")}
    discard(game, ALLIES, 2)
    order(game, GERMAN, "gb", [5])
    do(game, GERMAN, {"action": "deploy", "blind": "gb"})
    for seat in (ALLIES, "public"):
        [(n, _, content)] = opened(game, seat)
        assert n == game.log_length(seat)
        assert content["label"] == "Blind 1"
        assert [u["unit"] for u in content["units"]] == ["g1"]
        assert matches(game.opened(seat)[0], at_start[seat])
    assert game.opened(GERMAN) == []  # its own Blind: never hidden from it
