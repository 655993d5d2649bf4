"""Messages between seats, kept in the log like everything else and shown through `sees`.

A message is an entry of kind "message" with no records: its `action` holds the text, whom it
was addressed to (`addressed`: everyone, the umpire or a side) and its audience (`to`: the seats
shown it besides the umpire, or None for everyone), its `seat` the sender. It changes no
state and cannot be undone; a seat's log shows it only when the seat is of its audience (the
umpire always is, and so is its sender), so a message to one side is not even counted in
another seat's numbering.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kriegsspiel.core.seats import PUBLIC, UMPIRE, Audience, only
from kriegsspiel.errors import InputError

MESSAGE = "message"
EVERYONE = "everyone"
MAX_TEXT = 1000  # characters: a note across the table, not a document


def audience(sender: str, to: str, seats: Sequence[str]) -> Audience:
    """Who a message from `sender` to `to` (everyone, the umpire, or a side) is shown to."""
    if to == EVERYONE:
        return None
    if to == UMPIRE:
        return only(sender)
    if to in seats and to != PUBLIC:
        return only(to, sender)
    sides = [s for s in seats if s not in (UMPIRE, PUBLIC)]
    choices = f"{EVERYONE}, {UMPIRE} or a side ({', '.join(sides)})"
    raise InputError("to", f"send to {choices}, not {to!r}")


def message_data(sender: str, text: str, addressed: str, seats: Sequence[str]) -> dict[str, Any]:
    """A message entry's `action`: its text, whom it is addressed to, and its audience."""
    to = audience(sender, addressed, seats)
    if sender == PUBLIC:
        raise InputError("seat", "the public display cannot send messages")
    text = text.strip()
    if not text:
        raise InputError("text", "a message needs some text")
    if len(text) > MAX_TEXT:
        raise InputError("text", f"a message is at most {MAX_TEXT} characters")
    return {"text": text, "addressed": addressed, "to": None if to is None else list(to)}


def shown_to(seat: str, data: dict[str, Any] | None) -> bool:
    """Whether `seat` is of a message's audience (the umpire and the sender always are)."""
    to = (data or {}).get("to")
    return seat == UMPIRE or to is None or seat in to


def describe(sender: str, data: dict[str, Any]) -> str:
    return f"{sender} to {data['addressed']}: {data['text']}"
