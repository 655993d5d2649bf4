"""A game's log with what is derived from it kept up to date as it grows: the current state, the
states at checkpoints (so that an undo or a replay folds only from the nearest one), the entries
taken back, and each seat's own numbering of the entries it sees (so that reading the newest
entries costs the same however long the game).

The log itself stays the one source of truth: every index here is a function of it, extended
entry by entry and never edited.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from kriegsspiel.core.log import Entry
from kriegsspiel.core.seats import sees

S = TypeVar("S")
E = TypeVar("E")
CHECKPOINT = 256  # log entries between kept states


class SeatLog:
    """One seat's numbering: the log positions of the entries it sees, in order (its entry `n`
    is at `positions[n - 1]`), and each such entry's number by its seq."""

    __slots__ = ("numbers", "positions", "upto")

    def __init__(self) -> None:
        self.positions: list[int] = []
        self.numbers: dict[int, int] = {}
        self.upto = 0  # the log entries looked at so far


class History(Generic[S, E]):
    """The entries of one game, folded with `apply` from `initial` as they are appended."""

    def __init__(
        self, initial: S, apply: Callable[[S, E], S], entries: Iterable[Entry[E]] = ()
    ) -> None:
        self.entries: list[Entry[E]] = []
        self.state = initial
        self.gone: set[int] = set()  # the seqs of entries an undo took back
        self.live: list[int] = []  # the seqs of the action entries in effect, in order
        self._apply = apply
        self._marks: dict[int, S] = {0: initial}  # a log length -> the fold of that prefix
        self._seats: dict[str, SeatLog] = {}
        for entry in entries:
            self.append(entry)

    def append(self, entry: Entry[E], state: S | None = None) -> None:
        """Add `entry`, whose seq is its position; `state` is the state after it, when the
        caller has folded it already."""
        if entry.seq != len(self.entries):
            raise ValueError(f"entry {entry.seq} appended at position {len(self.entries)}")
        self.entries.append(entry)
        if entry.kind == "undo":
            self.gone.update(entry.undoes)
            count = len(entry.undoes)
            if count and tuple(self.live[-count:]) == entry.undoes:  # the newest, as Game undoes
                del self.live[-count:]
            else:
                taken = set(entry.undoes)
                self.live = [seq for seq in self.live if seq not in taken]
            self.state = self.state_at(len(self.entries))
        else:
            self.live.append(entry.seq)
            self.state = self._folded(self.state, entry) if state is None else state
        if len(self.entries) % CHECKPOINT == 0:
            self._marks[len(self.entries)] = self.state

    def state_at(self, end: int) -> S:
        """The state after the first `end` entries (undos among them taking entries back),
        folded from the nearest checkpoint that no undo among them reaches behind."""
        entries = self.entries
        start = (end - 1) // CHECKPOINT * CHECKPOINT if end else 0  # a kept one, below `end`
        while True:
            reached = min((s for e in entries[start:end] for s in e.undoes), default=start)
            if reached >= start:
                break
            start = reached - reached % CHECKPOINT
        gone = {s for e in entries[start:end] for s in e.undoes}
        state = self._marks[start]
        for entry in entries[start:end]:
            if entry.kind == "action" and entry.seq not in gone:
                state = self._folded(state, entry)
        return state

    def _folded(self, state: S, entry: Entry[E]) -> S:
        for record in entry.records:
            state = self._apply(state, record.event)
        return state

    def seat_log(self, seat: str) -> SeatLog:
        """`seat`'s numbering, brought up to the end of the log: an entry counts when the seat
        sees one of its records, an undo when the seat saw what it took back."""
        index = self._seats.setdefault(seat, SeatLog())
        for entry in self.entries[index.upto :]:
            seen = any(sees(seat, r.to) for r in entry.records) or any(
                s in index.numbers for s in entry.undoes
            )
            if seen:
                index.positions.append(entry.seq)
                index.numbers[entry.seq] = len(index.positions)
        index.upto = len(self.entries)
        return index
