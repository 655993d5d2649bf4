"""A game's log with what is derived from it kept up to date as it grows: the current state, the
states at checkpoints (so that an undo or a replay folds only from the nearest one), the entries
taken back, and each seat's own numbering of the entries it sees (so that reading the newest
entries costs the same however long the game).

The log itself stays the one source of truth: every index here is a function of it, extended
entry by entry and never edited. A store may hand over what it kept of a log's first entries
(`Resumed`: the state after them, states at some lengths, the undos, what each seat sees), so that
those entries are decoded only when read and never folded.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar, overload

from kriegsspiel.core.log import Entry

S = TypeVar("S")
E = TypeVar("E")
CHECKPOINT = 256  # log entries between kept states


class Resumed(NamedTuple, Generic[S, E]):
    """What a store kept of a log's first `len(entries)` entries, so that they are neither
    decoded nor folded to go on from them."""

    entries: Sequence[Entry[E]]  # each decoded when read
    state: S  # the state after them
    marks: Mapping[int, Callable[[], S]]  # the states after some of them, decoded when asked for
    undos: frozenset[int]  # the positions of the undo entries among them
    gone: frozenset[int]  # the seqs those undos took back
    seen: Mapping[str, Callable[[], Sequence[int]]]  # a seat -> the positions of what it sees


class Log(Sequence[Entry[E]]):
    """The entries: those a store kept (read through its sequence), then those appended."""

    __slots__ = ("_kept", "_len", "_n", "_tail")

    def __init__(self, kept: Sequence[Entry[E]] = ()) -> None:
        self._kept = kept
        self._n = len(kept)
        self._len = self._n  # a count kept, not summed: `Game` keys its caches on it
        self._tail: list[Entry[E]] = []

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Entry[E]: ...
    @overload
    def __getitem__(self, index: slice) -> list[Entry[E]]: ...
    def __getitem__(self, index: int | slice) -> Entry[E] | list[Entry[E]]:
        n = self._n
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start >= n and step == 1:
                return self._tail[start - n : stop - n]
            return [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += len(self)
        if index >= n:
            return self._tail[index - n]
        if index < 0:
            raise IndexError(index)
        return self._kept[index]

    def __iter__(self) -> Iterator[Entry[E]]:
        yield from (self._kept[i] for i in range(self._n))
        yield from self._tail

    def append(self, entry: Entry[E]) -> None:
        self._tail.append(entry)
        self._len += 1

    @property
    def kept(self) -> int:
        """How many entries are read through the store's sequence."""
        return self._n


class SeatLog:
    """One seat's numbering: the log positions of the entries it sees, in order (its entry `n`
    is at `positions[n - 1]`), and each such entry's number by its seq."""

    __slots__ = ("_numbers", "positions", "upto")

    def __init__(self, positions: Iterable[int] = (), upto: int = 0) -> None:
        self.positions: list[int] = list(positions)
        self._numbers: dict[int, int] | None = None  # made when first asked for
        self.upto = upto  # the log entries looked at so far

    @property
    def numbers(self) -> dict[int, int]:
        """Each seen entry's number by its seq (made once asked for: a long game's act never
        needs it)."""
        if self._numbers is None:
            self._numbers = {p: n for n, p in enumerate(self.positions, start=1)}
        return self._numbers

    def add(self, seq: int) -> None:
        """The entry `seq` is the seat's next."""
        self.positions.append(seq)
        if self._numbers is not None:
            self._numbers[seq] = len(self.positions)


class History(Generic[S, E]):
    """The entries of one game, folded with `apply` from `initial` as they are appended."""

    def __init__(
        self,
        initial: S,
        apply: Callable[[S, E], S],
        entries: Iterable[Entry[E]] = (),
        resumed: Resumed[S, E] | None = None,
    ) -> None:
        self.entries: Log[E] = Log(() if resumed is None else resumed.entries)
        self.state = initial
        self.gone: set[int] = set()  # the seqs of entries an undo took back
        self.live: list[int] = []  # the seqs of the action entries in effect, in order
        self._apply = apply
        self._marks: dict[int, S] = {0: initial}  # a log length -> the fold of that prefix
        self._stored: Mapping[int, Callable[[], S]] = {}  # the same, decoded when asked for
        self._at: list[int] = [0]  # the lengths of both, in order
        self._seats: dict[str, SeatLog] = {}
        self._seen: Mapping[str, Callable[[], Sequence[int]]] = {}
        if resumed is not None:
            self._resume(resumed)
        for entry in entries:
            self.append(entry)

    def _resume(self, resumed: Resumed[S, E]) -> None:
        length = len(resumed.entries)
        self.state = resumed.state
        self.gone = set(resumed.gone)
        undos, gone = resumed.undos, resumed.gone
        self.live = [seq for seq in range(length) if seq not in undos and seq not in gone]
        self._stored = resumed.marks
        self._at = sorted({0, length, *(n for n in resumed.marks if 0 < n < length)})
        self._marks[length] = resumed.state
        self._seen = resumed.seen

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
        elif entry.kind == "action":  # a message changes nothing
            self.live.append(entry.seq)
            self.state = self._folded(self.state, entry) if state is None else state
        if len(self.entries) % CHECKPOINT == 0:
            self._marks[len(self.entries)] = self.state
            self._at.append(len(self.entries))

    def state_at(self, end: int) -> S:
        """The state after the first `end` entries (undos among them taking entries back),
        folded from the nearest checkpoint that no undo among them reaches behind."""
        kept = self._marks.get(end)
        if kept is not None:
            return kept
        entries = self.entries
        start = self._at[max(bisect_left(self._at, end) - 1, 0)]  # a kept one, below `end`
        while True:
            reached = min((s for e in entries[start:end] for s in e.undoes), default=start)
            if reached >= start:
                break
            start = self._at[bisect_right(self._at, reached) - 1]
        gone = {s for e in entries[start:end] for s in e.undoes}
        state = self._mark(start)
        for entry in entries[start:end]:
            if entry.kind == "action" and entry.seq not in gone:
                state = self._folded(state, entry)
        return state

    def _mark(self, length: int) -> S:
        kept = self._marks.get(length)
        return self._stored[length]() if kept is None else kept

    def _folded(self, state: S, entry: Entry[E]) -> S:
        for record in entry.records:
            state = self._apply(state, record.event)
        return state

    def seat_log(self, seat: str) -> SeatLog:
        """`seat`'s numbering, brought up to the end of the log: an entry counts when the seat
        sees one of its records, an undo when the seat saw what it took back."""
        index = self._seats.get(seat)
        if index is None:
            seen = self._seen.get(seat)
            kept = self.entries.kept if seen is not None else 0
            index = self._seats[seat] = SeatLog(seen() if seen is not None else (), kept)
        for entry in self.entries[index.upto :]:
            seen_now = entry.shown_to(seat) or any(s in index.numbers for s in entry.undoes)
            if seen_now:
                index.add(entry.seq)
        index.upto = len(self.entries)
        return index

    def seen_between(self, seat: str, start: int, end: int) -> list[int]:
        """The positions from `start` to `end` (not included) of the entries `seat` sees."""
        positions = self.seat_log(seat).positions
        return positions[bisect_left(positions, start) : bisect_left(positions, end)]
