"""Commitments to what a seat was not shown: each seat is sent, for every entry of its own log,
a salted hash of the records of that entry hidden from it; once the game is revealed, the salt and
those records (the opening) are published, and anyone can check that the record was not changed
after the fact (a minefield moved, a charge added).

Every entry the seat sees gets one, even with nothing hidden in it (the hash of an empty list), so
a commitment tells nothing of what, or how much, was hidden. The salt is a keyed hash of the
game's secret seed, so it cannot be guessed before it is published, and publishing it reveals
neither the seed nor any other salt.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import msgspec

from kriegsspiel.core.log import Entry
from kriegsspiel.core.seats import sees


def salt(seed: str, seq: int, seat: str) -> str:
    """The salt of `seat`'s commitment to entry `seq`: secret until opened."""
    return hmac.new(seed.encode(), f"commit/{seq}/{seat}".encode(), hashlib.sha256).hexdigest()


def hidden(entry: Entry[Any], seat: str) -> str:
    """The records of `entry` hidden from `seat`, as JSON text (the opening's `hidden`)."""
    events = [msgspec.to_builtins(r.event) for r in entry.records if not sees(seat, r.to)]
    return msgspec.json.encode(events).decode()


def commitment(salt_hex: str, hidden_json: str) -> str:
    """SHA-256 of the salt, a newline and the hidden records' JSON, as hex."""
    return hashlib.sha256(f"{salt_hex}\n{hidden_json}".encode()).hexdigest()


def commit(seed: str, entry: Entry[Any], seat: str) -> str:
    return commitment(salt(seed, entry.seq, seat), hidden(entry, seat))


def opening(seed: str, entry: Entry[Any], seat: str) -> dict[str, str]:
    """What checks `seat`'s commitment to `entry`: the salt and the hidden records."""
    return {"salt": salt(seed, entry.seq, seat), "hidden": hidden(entry, seat)}
