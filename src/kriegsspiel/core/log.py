"""The event log: the source of truth. State is a fold of the effective entries' events.

An `Entry` is one action (or one undo) with the records it produced. A `Record` is one event and
the seats it is shown to. Undo appends an entry; undone entries stay in the log, marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import msgspec

from kriegsspiel.core.messages import MESSAGE, shown_to
from kriegsspiel.core.seats import Audience, sees

E = TypeVar("E")


class Record(msgspec.Struct, Generic[E], frozen=True):
    event: E
    to: Audience = None


class Entry(msgspec.Struct, Generic[E], frozen=True):
    seq: int
    seat: str
    kind: str  # "action" or "undo"
    action: dict[str, Any] | None
    records: tuple[Record[E], ...]
    undoes: tuple[int, ...] = ()

    def visible_records(self, seat: str) -> tuple[Record[E], ...]:
        return tuple(r for r in self.records if sees(seat, r.to))

    def shown_to(self, seat: str) -> bool:
        """Whether `seat` sees anything of this entry itself (an undo's visibility is that of
        what it took back: `History.seat_log`)."""
        if self.kind == MESSAGE:
            return shown_to(seat, self.action)
        return any(sees(seat, r.to) for r in self.records)


def undone(entries: Sequence[Entry[Any]]) -> frozenset[int]:
    """The seqs of entries that a later undo took back."""
    out: set[int] = set()
    for entry in entries:
        out.update(entry.undoes)
    return frozenset(out)


def effective(entries: Sequence[Entry[E]]) -> list[Entry[E]]:
    """The action entries that count: not undone, not undo markers."""
    gone = undone(entries)
    return [e for e in entries if e.kind == "action" and e.seq not in gone]
