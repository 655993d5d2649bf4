"""Commitments to what a seat was not shown, and their openings.

Per entry: each seat is sent, for every entry of its own log, a salted hash of the records of
that entry hidden from it; once the game is revealed, the salt and those records (the opening)
are published. Every entry the seat sees gets one, even with nothing hidden in it (the hash of an
empty list), so a commitment tells nothing of what, or how much, was hidden.

Per thing (`Ruleset.hidden_things`: a buried or dummy minefield, a prepared charge, a Blind's
contents): each seat is sent a salted hash of each thing hidden from it, in a slot of its own,
when the thing is first hidden: the scenario's at the start (slot "0.i"), the others with the
seat's next entry (slot "n.0"). A thing that stops being hidden from the seat in an action entry
it sees is opened to it with that entry; every other slot opens at the full reveal. What the
count of slots tells (`SeatThings`): the start holds a power of two of them, at least
`START_SLOTS`, the blanks ("null") filling the rest; every entry the seat sees holds exactly one,
the oldest thing waiting or a blank. So neither how many things were hidden at the start (beyond
its power of two) nor which entries hid a new one shows; the price is that a thing placed while
others wait is committed an entry or more later (its entry's own commitment covers the placing).

Every salt is a keyed hash of the game's secret seed, so it cannot be guessed before it is
published, and publishing it reveals neither the seed nor any other salt.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from kriegsspiel.core.log import Entry
from kriegsspiel.core.seats import sees

START_SLOTS = 8  # the fewest slots at the start
BLANK = "null"  # a slot with no thing in it


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


def thing_salt(seed: str, slot: str, seat: str) -> str:
    """The salt of `seat`'s slot `slot` ("n.i"): secret until opened."""
    return hmac.new(seed.encode(), f"thing/{slot}/{seat}".encode(), hashlib.sha256).hexdigest()


def _order(seed: str, seat: str, key: str) -> str:
    """Where a thing stands among those committed together: by a keyed hash, so that a slot's
    place tells nothing of its thing's id."""
    return hmac.new(seed.encode(), f"order/{seat}/{key}".encode(), hashlib.sha256).hexdigest()


@dataclass
class Slot:
    slot: str  # "n.i": the seat's entry that carries it (0: the start), and its place there
    thing: str | None  # the thing's id; None for a blank
    content: str  # the thing's content as committed, as JSON text

    def commitment(self, seed: str, seat: str) -> dict[str, str]:
        return {
            "slot": self.slot,
            "commitment": commitment(thing_salt(seed, self.slot, seat), self.content),
        }

    def opening(self, seed: str, seat: str) -> dict[str, str]:
        salt_hex = thing_salt(seed, self.slot, seat)
        return {"slot": self.slot, "salt": salt_hex, "content": self.content}


@dataclass
class SeatThings:
    """One seat's slots, walked entry by entry (`start`, then `step` after each entry)."""

    seed: str
    seat: str
    slots: dict[int, list[Slot]] = field(default_factory=dict)  # by the seat's entry number
    sealed: dict[str, Slot] = field(default_factory=dict)  # committed, not opened in play
    waiting: dict[str, str] = field(default_factory=dict)  # hidden, not committed yet
    opened: list[tuple[int, Slot]] = field(default_factory=list)  # in play, in order
    present: set[str] = field(default_factory=set)  # hidden after the entry before
    done: set[str] = field(default_factory=set)  # the things opened in play

    def start(self, things: Mapping[str, Any]) -> None:
        size = START_SLOTS
        while size < len(things):
            size *= 2
        keys: list[tuple[str, str | None, str]] = [
            (_order(self.seed, self.seat, f"thing/{k}"), k, _json(v)) for k, v in things.items()
        ]
        keys += [(_order(self.seed, self.seat, f"blank/{i}"), None, BLANK)
                 for i in range(size - len(things))]  # fmt: skip
        slots = [Slot(f"0.{i}", k, c) for i, (_, k, c) in enumerate(sorted(keys))]
        self.slots[0] = slots
        self.sealed = {s.thing: s for s in slots if s.thing is not None}
        self.present = set(things)

    def step(self, things: Mapping[str, Any], n: int | None, reveals: bool) -> None:
        """After an entry: `things` hidden from the seat now; `n` the entry's number in the
        seat's log (None: the seat does not see it); `reveals` whether it is an action entry,
        whose showing a thing opens it (an undo that takes a thing back opens nothing)."""
        if n is not None and reveals:
            for key in [k for k in self.sealed if k in self.present and k not in things]:
                self.opened.append((n, self.sealed.pop(key)))
                self.done.add(key)
        self.present = set(things)
        for key in [k for k in self.waiting if k not in things]:
            del self.waiting[key]  # shown before its slot came: nothing to commit
        fresh = sorted(
            (_order(self.seed, self.seat, f"thing/{k}"), k)
            for k in things
            if k not in self.sealed and k not in self.waiting and k not in self.done
        )
        for _, key in fresh:
            self.waiting[key] = _json(things[key])
        if n is None:
            return
        if self.waiting:
            key = next(iter(self.waiting))
            slot = Slot(f"{n}.0", key, self.waiting.pop(key))
            self.sealed[key] = slot
        else:
            slot = Slot(f"{n}.0", None, BLANK)
        self.slots[n] = [slot]


def _json(content: Any) -> str:
    return msgspec.json.encode(content).decode()
