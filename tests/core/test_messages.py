"""Messages between seats: entries of the log shown only to their audience, changing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel import new_game
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.store import files

CHOICES = "send to everyone, umpire or a side (german, us)"
PREPARE_BRIDGE = {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}


def _texts(game: object, seat: str) -> list[str]:
    return [e["text"] for item in game.log_view(seat) for e in item["events"]]  # type: ignore[attr-defined]


def test_a_message_reaches_exactly_its_audience() -> None:
    game = new_game("demo", seed="msg")
    game.message("german", "Pioniere to the bridge", "everyone")
    game.message("us", "hold the ford", "us")  # a note to its own side
    game.message("german", "is the culvert ready?", "umpire")
    game.message("umpire", "your scouts report dust to the north", "us")
    seen = {seat: _texts(game, seat) for seat in game.seats}
    assert seen["umpire"] == [
        "german to everyone: Pioniere to the bridge",
        "us to us: hold the ford",
        "german to umpire: is the culvert ready?",
        "umpire to us: your scouts report dust to the north",
    ]
    assert seen["german"] == [
        "german to everyone: Pioniere to the bridge",
        "german to umpire: is the culvert ready?",
    ]
    assert seen["us"] == [
        "german to everyone: Pioniere to the bridge",
        "us to us: hold the ford",
        "umpire to us: your scouts report dust to the north",
    ]
    assert seen["public"] == ["german to everyone: Pioniere to the bridge"]
    # each seat's numbering counts only what it sees: nothing tells the public of the others
    assert [item["n"] for item in game.log_view("public")] == [1]
    assert game.log_length("german") == 2


def test_a_message_changes_nothing_and_cannot_be_undone() -> None:
    game = new_game("demo", seed="msg")
    before = {seat: game.view(seat) for seat in game.seats}
    game.message("german", "ready", "everyone")
    assert {seat: game.view(seat) for seat in game.seats} == before
    assert not game.can_undo
    with pytest.raises(InputError, match="0 action"):
        game.undo()
    game.act("german", PREPARE_BRIDGE)
    game.message("umpire", "noted", "german")
    game.undo()  # takes back the action, not the message after it
    items = game.log_view("german")
    assert [(i["kind"], i["undone"]) for i in items] == [
        ("message", False),
        ("action", True),
        ("message", False),
        ("undo", False),
    ]
    assert game.replay("german", 1) == before["german"]  # a replay steps over it too


def test_messages_are_kept_in_the_game_file(tmp_path: Path) -> None:
    game = new_game("demo", seed="msg")
    game.message("us", "hold the ford", "us")
    game.act("german", PREPARE_BRIDGE)
    files.save(game, tmp_path / "game.json")
    again = files.load(tmp_path / "game.json")
    for seat in game.seats:
        assert again.log_view(seat) == game.log_view(seat)
    assert again.view("umpire") == game.view("umpire")


@pytest.mark.parametrize(
    ("seat", "text", "to", "problem"),
    [
        ("public", "hello", "everyone", "seat: the public display cannot send messages"),
        ("german", "  ", "everyone", "text: a message needs some text"),
        ("german", "x" * 1001, "everyone", "text: a message is at most 1000 characters"),
        ("german", "hi", "public", f"to: {CHOICES}, not 'public'"),
        ("german", "hi", "navy", f"to: {CHOICES}, not 'navy'"),
        ("navy", "hi", "everyone", "seat: unknown seat 'navy'"),
    ],
)
def test_a_message_that_cannot_be_sent_is_refused_with_one_line(
    seat: str, text: str, to: str, problem: str
) -> None:
    game = new_game("demo", seed="msg")
    with pytest.raises(InputError) as refused:
        game.message(seat, text, to)
    assert not isinstance(refused.value, RuleViolation)
    assert str(refused.value).startswith(problem)
    assert game.log == ()
