"""Commitments: each seat's salted hash of what each of its entries hid from it, and of each
thing hidden from it in its slot, and the openings that check them."""

from __future__ import annotations

import hashlib

from kriegsspiel import new_game
from kriegsspiel.core.commitments import BLANK, SeatThings, commitment
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
        start, *made = game.commitments(seat)
        _, *opened = game.openings(seat)
        assert start["n"] == 0
        assert "commitment" not in start
        assert (
            [c["n"] for c in made]
            == [o["n"] for o in opened]
            == list(range(1, game.log_length(seat) + 1))
        )
        for c, o in zip(made, opened, strict=True):
            expected = hashlib.sha256(f"{o['salt']}\n{o['hidden']}".encode()).hexdigest()
            assert c["commitment"] == expected == commitment(o["salt"], o["hidden"])
    assert game.commitments("us", 2) == game.commitments("us")[3:]  # after the start and 1, 2


def test_an_opening_holds_exactly_what_was_hidden_from_the_seat() -> None:
    game = _played()
    public = game.openings("public")
    assert "bridge" in public[1]["hidden"]  # the German preparation, hidden from the public
    assert all(o["hidden"] == "[]" for o in game.openings("umpire")[1:])
    # the same entry commits differently to each seat (a salt of its own), and each salt is new
    salts = {o["salt"] for seat in ("german", "us", "public")
             for o in game.openings(seat)[1:]}  # fmt: skip
    assert len(salts) == 9


def test_a_changed_record_no_longer_matches_what_was_committed() -> None:
    game = _played()
    before = game.commitments("us")
    (_, o, *_) = game.openings("us")
    moved = o["hidden"].replace("bridge", "culvert")
    assert moved != o["hidden"]
    assert commitment(o["salt"], moved) != before[1]["commitment"]
    other_seed = new_game("demo", seed="other")
    other_seed.act("german", PREPARE_BRIDGE)
    assert other_seed.commitments("us")[0] != before[0]  # the salt is the game's secret


def test_every_slot_opens_at_the_full_reveal_and_checks_its_commitment() -> None:
    game = _played()
    for seat in game.seats:
        sent = {t["slot"]: t["commitment"] for c in game.commitments(seat) for t in c["things"]}
        opened = [t for o in game.openings(seat) for t in o["things"]]
        assert [t["slot"] for t in opened] == list(sent)
        assert all(commitment(t["salt"], t["content"]) == sent[t["slot"]] for t in opened)
    natures = [t["content"] for t in game.openings("us")[0]["things"]]
    assert len(natures) == 8
    assert natures.count(BLANK) == 6  # two German charges, six blanks


def test_a_thing_is_committed_once_and_opened_only_by_an_action_entry_the_seat_sees() -> None:
    """`SeatThings` step by step: eight slots at the start; one slot an entry the seat sees (a
    thing waiting for it, else a blank); a thing gone in an entry the seat does not see, or at
    an undo, stays sealed."""
    seat = SeatThings("seed", "us")
    seat.start({"a": "A", "b": "B"})
    assert len(seat.slots[0]) == 8
    assert sorted(s.content for s in seat.slots[0]) == ['"A"', '"B"'] + [BLANK] * 6
    seat.step({"a": "A", "b": "B", "c": "C", "d": "D"}, 1, True)  # c and d placed
    seat.step({"a": "A", "b": "B", "c": "C", "d": "D"}, None, True)  # unseen: no slot
    assert [s.content for s in seat.slots[1]] in (['"C"'], ['"D"'])
    seat.step({"b": "B", "c": "C", "d": "D"}, None, True)  # a gone unseen: not opened
    seat.step({"c": "C", "d": "D"}, 2, True)  # b shown in entry 2
    assert [(n, s.thing) for n, s in seat.opened] == [(2, "b")]
    assert {seat.slots[1][0].thing, seat.slots[2][0].thing} == {"c", "d"}  # the other waited
    seat.step({"d": "D"}, 3, False)  # an undo takes c back: sealed, and a blank slot
    assert [s.content for s in seat.slots[3]] == [BLANK]
    seat.step({}, 4, True)
    assert [(n, s.thing) for n, s in seat.opened] == [(2, "b"), (4, "d")]
    many = SeatThings("seed", "us")
    many.start({str(i): i for i in range(9)})
    assert len(many.slots[0]) == 16
