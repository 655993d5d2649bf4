"""Commitments: each seat's salted hash of what each of its entries hid from it, and the opening
that checks it once the game is revealed."""

from __future__ import annotations

import hashlib

from kriegsspiel import new_game
from kriegsspiel.core.commitments import commitment
from kriegsspiel.games import AnyGame

PREPARE_BRIDGE = {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}
DEMOLISH_CULVERT = {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"}


def _played() -> AnyGame:
    game = new_game("demo", seed="commit")
    game.act("german", PREPARE_BRIDGE)
    game.act("us", {"action": "pass"})
    game.act("german", DEMOLISH_CULVERT)
    return game


def test_every_entry_a_seat_sees_has_a_commitment_that_its_opening_checks() -> None:
    game = _played()
    for seat in game.seats:
        made = game.commitments(seat)
        opened = game.openings(seat)
        assert (
            [c["n"] for c in made]
            == [o["n"] for o in opened]
            == list(range(1, game.log_length(seat) + 1))
        )
        for c, o in zip(made, opened, strict=True):
            expected = hashlib.sha256(f"{o['salt']}\n{o['hidden']}".encode()).hexdigest()
            assert c["commitment"] == expected == commitment(o["salt"], o["hidden"])
    assert game.commitments("us", 2) == game.commitments("us")[2:]


def test_an_opening_holds_exactly_what_was_hidden_from_the_seat() -> None:
    game = _played()
    public = game.openings("public")
    assert "bridge" in public[0]["hidden"]  # the German preparation, hidden from the public
    assert all(o["hidden"] == "[]" for o in game.openings("umpire"))
    # the same entry commits differently to each seat (a salt of its own), and each salt is new
    salts = {o["salt"] for seat in ("german", "us", "public")
             for o in game.openings(seat)}  # fmt: skip
    assert len(salts) == 9


def test_a_changed_record_no_longer_matches_what_was_committed() -> None:
    game = _played()
    before = game.commitments("us")
    (o, *_) = game.openings("us")
    moved = o["hidden"].replace("bridge", "culvert")
    assert moved != o["hidden"]
    assert commitment(o["salt"], moved) != before[0]["commitment"]
    other_seed = new_game("demo", seed="other")
    other_seed.act("german", PREPARE_BRIDGE)
    assert other_seed.commitments("us")[0] != before[0]  # the salt is the game's secret
