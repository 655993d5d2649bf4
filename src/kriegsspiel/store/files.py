"""Game files: JSON Lines, appended to as the game goes on.

A game file (format 2) is a header line (format, ruleset, secret seed), the scenario on the next,
then one line a log entry, each compact JSON ending in a newline. An action or an undo appends its
entry's line, so a change costs the same however long the game; a whole file (a new game, `save`)
is written atomically. On disk every line is signed (`seal.py`): a file edited outside kriegsspiel
is refused, and a format 1 file (one JSON document of header, scenario and log) or an unsigned one
is read only by `sign`, which rewrites it whole, signed.

After every `EVERY` entries comes a checkpoint line, `{"checkpoint": N, ...}`: what the first N
entries come to (the fields of the state that differ from the scenario's initial state, the undo
entries and what they took back, which entries each seat sees). Loading starts from the last
checkpoint: only the entries after it are decoded and folded, the others when they are read (an
older log line, a replay or an undo reaching behind it). A checkpoint is taken as the record of
the entries before it, as the entries are.

A game file is the umpire's record: it holds the secret seed and every hidden fact. Seats see a
game only through its views. A command that changes a game holds an exclusive lock on its file
from reading it to writing it (`editing`), so two commands acting at once on one file take turns
and neither action is lost. A reader never needs the lock: an append is one write after the last
newline, and a last line with no newline of its own is a torn append (a writer stopped part way,
its command never reported done), which every reader ignores and the next writer cuts off. Locks
are POSIX `flock` locks, which only kriegsspiel's own writers take: a file changed by anything
else since it was read is never written to.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import tempfile
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import compress
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar, get_args, get_origin, overload

import msgspec
from msgspec.json import Decoder

from kriegsspiel.core.game import FORMAT, Game, Header
from kriegsspiel.core.history import Resumed
from kriegsspiel.core.limits import MAX_GAME_FILE_BYTES, read_limited, refuse_unreadable
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError
from kriegsspiel.store.record import (
    CorruptRecord,
    corrupt,
    decode_entries,
    decode_game,
    decode_scenario,
    encode,
    entry_decoder,
    replayed,
    short,
)
from kriegsspiel.store.seal import (
    Seal,
    Unsigned,
    is_signed,
    signing_key,
    tag_before,
    unsigned_problem,
)

NOUN = "game file"  # what the errors call it
LINES = 2  # the format written: JSON Lines, appended to
DOCUMENT = 1  # the format before it, one JSON document: still read

AnyGame = Game[Any, Any, Any, Any]
K = TypeVar("K")
V = TypeVar("V")


class _HeaderOnly(msgspec.Struct):
    header: Header


class _Document(msgspec.Struct):
    """A format 1 file read as far as its parts: each is decoded by `record.decode_game`."""

    header: Header
    scenario: msgspec.Raw
    log: list[msgspec.Raw]


EVERY = 1024  # log entries between checkpoints
_MARK = b'{"checkpoint":'  # how a checkpoint line starts


class _Checkpoint(msgspec.Struct):
    """A checkpoint as written; its first field makes the line start with `_MARK`."""

    checkpoint: int  # the number of entries before it
    undos: list[int]  # the positions of the undo entries since the checkpoint before
    gone: list[int]  # the seqs they took back
    seen: dict[str, str]  # seat -> "1" or "0" for each entry since the checkpoint before
    state: dict[str, Any]  # the state's fields that are not its initial state's own, whole
    keys: dict[str, _Keys[Any, Any]]  # the dict fields that are not, by their entries


class _Keys(msgspec.Struct, Generic[K, V]):
    """A dict field's change from the initial state's: the entries set, the keys dropped."""

    set: dict[K, V]
    drop: list[K]


class _Mark(msgspec.Struct, forbid_unknown_fields=True):
    """A checkpoint as read, its state left for later."""

    checkpoint: int
    undos: list[int]
    gone: list[int]
    seen: dict[str, str]
    state: msgspec.Raw
    keys: msgspec.Raw


@functools.cache
def _field_types(struct: type) -> dict[str, Any]:
    """A state struct's fields and their declared types."""
    return {f.name: f.type for f in msgspec.structs.fields(struct)}


def dumps(game: AnyGame, seal: Seal | None = None) -> bytes:
    """The whole file of `game`: its header, scenario and entries, a line each, with a
    checkpoint after every `EVERY` entries; signed with `seal` (as every file is on disk)."""
    header = Header(LINES, game.ruleset.name, game.seed)
    lines, _ = _entry_lines(game, 0, 0)
    plain = _line(header) + _line(game.scenario) + lines
    return plain if seal is None else seal.sign(plain, b"")[0]


def file_seal(path: str | Path) -> Seal:
    """The seal of the game file at `path`: this machine's key (`seal.py`)."""
    return Seal(signing_key(), str(path))


def _line(value: Any) -> bytes:
    return encode(value) + b"\n"


def _entry_lines(game: AnyGame, start: int, mark: int) -> tuple[bytes, int]:
    """The lines of the entries of `game` from `start` on, each checkpoint due among them
    after its entry (`mark`: the checkpoint before `start`); and the last checkpoint's."""
    entries = game.history.entries
    parts = []
    for seq in range(start, len(entries)):
        parts.append(_line(entries[seq]))
        if (seq + 1) % EVERY == 0:
            parts.append(_checkpoint(game, mark, seq + 1))
            mark = seq + 1
    return b"".join(parts), mark


def _checkpoint(game: AnyGame, start: int, end: int) -> bytes:
    history = game.history
    initial, state = history.state_at(0), history.state_at(end)
    if not isinstance(state, msgspec.Struct):
        return b""  # a state of another kind is not kept: the log is folded from the start
    segment = history.entries[start:end]
    seen = {}
    for seat in game.seats:
        bits = bytearray(b"0" * (end - start))
        for position in history.seen_between(seat, start, end):
            bits[position - start] = ord("1")
        seen[seat] = bits.decode()
    changed: dict[str, Any] = {}
    keyed: dict[str, _Keys[Any, Any]] = {}
    for name, declared in _field_types(type(state)).items():
        value, before = getattr(state, name), getattr(initial, name)
        if value is before or value == before:
            continue
        keys = _keys(before, value) if get_origin(declared) is dict else None
        if keys is None:
            changed[name] = value
        else:
            keyed[name] = keys
    undos = [e.seq for e in segment if e.kind == "undo"]
    gone = sorted({seq for e in segment for seq in e.undoes})
    return _line(_Checkpoint(end, undos, gone, seen, changed, keyed))


def _keys(before: Any, value: Any) -> _Keys[Any, Any] | None:
    """`value`'s change from the dict `before`, when setting and dropping its entries there
    gives the same dict in the same order (else the value is kept whole)."""
    if not isinstance(before, dict) or not isinstance(value, dict):
        return None
    changed = {k: v for k, v in value.items() if k not in before or _differs(before[k], v)}
    keys = _Keys(changed, [k for k in before if k not in value])
    return keys if list(_merged(before, keys)) == list(value) else None


def _differs(a: Any, b: Any) -> bool:
    return a is not b and bool(a != b)


def _merged(before: dict[Any, Any], keys: _Keys[Any, Any]) -> dict[Any, Any]:
    out = {**before, **keys.set}
    for key in keys.drop:
        del out[key]
    return out


class Read(NamedTuple):
    """A game file as read: the game, its format, and how many bytes of it are whole lines (all
    of it but a torn last append)."""

    game: AnyGame
    format: int
    whole: int
    mark: int  # the entries before the last checkpoint


def loads(data: bytes, where: str = "game", seal: Seal | None = None) -> AnyGame:
    return read(data, where, seal).game


def read(data: bytes, where: str = "game", seal: Seal | None = None) -> Read:
    """A game file's bytes read: with `seal`, every line is checked against its signature
    (those before the last checkpoint when they are read)."""
    if seal is not None and not is_signed(data):
        read(data, where)  # what is wrong with a file that is no game file at all
        raise Unsigned(where, unsigned_problem())
    newline = data.find(b"\n")  # no copy of the rest: a file may be tens of megabytes
    first = data[:newline] if newline >= 0 else data
    header_json: bytes | memoryview = first
    if seal is not None:
        header_json = seal.check(data, 0, len(first), "its header")
    try:
        header = msgspec.json.decode(header_json, type=Header)
    except msgspec.DecodeError:
        if seal is not None:
            raise CorruptRecord(where, f"not a kriegsspiel {NOUN} (no header)") from None
        return _read_document(data, where)
    if header.format != LINES:
        raise CorruptRecord(where, _unsupported(header.format))
    end = data.find(b"\n", newline + 1) if newline >= 0 else -1
    if end < 0:
        raise CorruptRecord(where, f"corrupt {NOUN} (no scenario after its header)")
    body = end + 1  # where the first entry's line begins
    marks = _checkpoints(data, body, where, seal)
    start = marks[-1].after if marks else body
    length = marks[-1].entries if marks else 0
    lines: list[Any] = data[start:].split(b"\n")
    torn = lines.pop()  # b"" after a file's last newline, else a torn append: ignored
    whole = len(data) - len(torn)
    scenario: bytes | memoryview = memoryview(data)[newline + 1 : end]
    if seal is not None:
        scenario = seal.check(data, len(first) + 1, body - 1, "its scenario")
        lines = _checked(seal, data, start, lines, length)
    if not marks:
        game = _game(header, scenario, lines, where)
        return Read(game, LINES, whole, 0)
    record_header = Header(FORMAT, header.ruleset, header.seed)
    ruleset, loaded = decode_scenario(record_header, scenario, where=where, noun=NOUN)
    decoder = entry_decoder(ruleset)
    tail = decode_entries(decoder, enumerate(lines, length), length, where=where, noun=NOUN)
    kept = _Kept(data, marks, decoder, where, seal)

    def resumed(initial: Any) -> Resumed[Any, Any]:
        return _resumed(initial, kept, marks, where)

    game = replayed(
        lambda: Game(ruleset, loaded, header.seed, tail, resumed), where=where, noun=NOUN
    )
    return Read(game, LINES, whole, length)


def _checked(
    seal: Seal, data: bytes, start: int, lines: list[bytes], first: int
) -> list[memoryview]:
    """The JSON of the entry lines that begin at `start`, numbered from `first`, each checked."""
    out = []
    for number, line in enumerate(lines, first):
        out.append(seal.check(data, start, start + len(line), f"log entry {number}"))
        start += len(line) + 1
    return out


class _Found(NamedTuple):
    """A checkpoint line: the entries before it, its fields, and where its segment of the file
    (its entries' lines since the checkpoint before) begins and ends, and where it ends."""

    entries: int
    mark: _Mark
    begins: int
    ends: int
    after: int


def _checkpoints(data: bytes, body: int, where: str, seal: Seal | None) -> list[_Found]:
    """The whole checkpoint lines after `body`, each checked to stand where it says."""
    found: list[_Found] = []
    view = memoryview(data)
    begins = body
    count = 0
    while (line := data.find(b"\n" + _MARK, begins - 1) + 1) > 0:
        end = data.find(b"\n", line)
        if end < 0:
            break  # torn: ignored with the rest of the last line
        count += data.count(b"\n", begins, line)
        what = f"the checkpoint after {count} entries"
        text = view[line:end] if seal is None else seal.check(data, line, end, what)
        try:
            mark = msgspec.json.decode(text, type=_Mark)
        except msgspec.DecodeError as exc:
            detail = f"checkpoint after {count} entries: {short(exc)}"
            raise corrupt(detail, where=where, noun=NOUN) from None
        since = count - (found[-1].entries if found else 0)
        if mark.checkpoint != count or any(len(s) != since for s in mark.seen.values()):
            detail = f"checkpoint after {count} entries: out of place"
            raise corrupt(detail, where=where, noun=NOUN)
        found.append(_Found(count, mark, begins, line, end + 1))
        begins = end + 1
    return found


class _Kept(Sequence[Entry[Any]]):
    """The entries before the last checkpoint, each decoded from its line when read."""

    def __init__(
        self,
        data: bytes,
        marks: Sequence[_Found],
        decoder: Decoder[Entry[Any]],
        where: str,
        seal: Seal | None,
    ) -> None:
        self._data = data
        self._seal = seal
        self._view = memoryview(data)
        self._marks = marks
        self._firsts = [0, *(m.entries for m in marks[:-1])]
        self._lines: dict[int, list[int]] = {}  # a segment -> where its lines begin, and end
        self._decoder = decoder
        self._where = where

    def __len__(self) -> int:
        return self._marks[-1].entries

    @overload
    def __getitem__(self, index: int) -> Entry[Any]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Entry[Any]]: ...
    def __getitem__(self, index: int | slice) -> Entry[Any] | Sequence[Entry[Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not 0 <= index < len(self):
            raise IndexError(index)
        segment = bisect_right(self._firsts, index) - 1
        starts = self._segment(segment)
        at = index - self._firsts[segment]
        begins, ends = starts[at], starts[at + 1] - 1
        if self._seal is None:
            text = self._view[begins:ends]
        else:
            text = self._seal.check(self._data, begins, ends, f"log entry {index}")
        try:
            entry = self._decoder.decode(text)
        except msgspec.DecodeError as exc:
            detail = f"log entry {index}: {short(exc)}"
            raise corrupt(detail, where=self._where, noun=NOUN) from None
        if entry.seq != index:
            raise corrupt("log entries out of sequence", where=self._where, noun=NOUN)
        return entry

    def _segment(self, segment: int) -> list[int]:
        starts = self._lines.get(segment)
        if starts is None:
            found = self._marks[segment]
            view, at, starts = self._view, found.begins, []
            data = view.obj
            assert isinstance(data, bytes)
            while at < found.ends:
                starts.append(at)
                at = data.index(b"\n", at) + 1
            starts.append(at)
            self._lines[segment] = starts
        return starts


def _resumed(initial: Any, kept: _Kept, marks: Sequence[_Found], where: str) -> Resumed[Any, Any]:
    """What the checkpoints keep of the entries before the last of them."""
    kind: type = type(initial)
    types = _field_types(kind)

    def state(mark: _Mark) -> Any:
        try:
            whole = msgspec.json.decode(mark.state, type=dict[str, msgspec.Raw])
            values = {name: msgspec.json.decode(v, type=types[name]) for name, v in whole.items()}
            for name, raw in msgspec.json.decode(mark.keys, type=dict[str, msgspec.Raw]).items():
                keys = msgspec.json.decode(raw, type=_Keys[get_args(types[name])])  # type: ignore[misc]
                values[name] = _merged(getattr(initial, name), keys)
        except (msgspec.DecodeError, KeyError, TypeError) as exc:
            detail = f"a checkpoint's state: {short(exc)}"
            raise corrupt(detail, where=where, noun=NOUN) from None
        return msgspec.structs.replace(initial, **values)

    def seen(seat: str) -> Callable[[], list[int]]:
        def positions() -> list[int]:
            out: list[int] = []
            first = 0
            for found in marks:
                bits = found.mark.seen.get(seat, "").encode().translate(_BITS)
                out.extend(compress(range(first, found.entries), bits))
                first = found.entries
            return out

        return positions

    seats = {seat for found in marks for seat in found.mark.seen}
    return Resumed(
        kept,
        state(marks[-1].mark),
        {m.entries: functools.partial(state, m.mark) for m in marks},
        frozenset(seq for m in marks for seq in m.mark.undos),
        frozenset(seq for m in marks for seq in m.mark.gone),
        {seat: seen(seat) for seat in seats if all(seat in m.mark.seen for m in marks)},
    )


_BITS = bytes.maketrans(b"01", b"\x00\x01")


def _read_document(data: bytes, where: str) -> Read:
    try:
        header = msgspec.json.decode(data, type=_HeaderOnly).header
    except msgspec.DecodeError as exc:
        raise CorruptRecord(where, f"not a kriegsspiel game file ({short(exc)})") from None
    if header.format != DOCUMENT:
        raise CorruptRecord(where, _unsupported(header.format))
    try:
        record = msgspec.json.decode(data, type=_Document)
    except msgspec.DecodeError as exc:
        raise CorruptRecord(where, f"corrupt {NOUN} ({short(exc)})") from None
    return Read(_game(header, record.scenario, record.log, where), DOCUMENT, len(data), 0)


def _unsupported(number: int) -> str:
    return f"{NOUN} format {number} is not supported (expected {DOCUMENT} or {LINES})"


def _game(header: Header, scenario: Any, entries: Sequence[Any], where: str) -> AnyGame:
    record_header = Header(FORMAT, header.ruleset, header.seed)  # the entries' own encoding
    return decode_game(record_header, scenario, enumerate(entries), where=where, noun=NOUN)


def load(path: str | Path) -> AnyGame:
    p = Path(path)
    return loads(read_limited(p, MAX_GAME_FILE_BYTES, "game file"), str(p), file_seal(p))


def save(game: AnyGame, path: str | Path, *, overwrite: bool = True) -> None:
    """Write atomically, signed: the old file stays whole until the new one is complete.

    With `overwrite=False` an existing file is never replaced, even by a racing writer.
    """
    _write(Path(path), dumps(game, file_seal(path)), overwrite=overwrite)


def sign(path: str | Path) -> AnyGame:
    """Sign an unsigned game file (of format 1 or 2) in place, under its lock; its game.
    A signed file is refused, whether its signature matches or not."""
    p = Path(path)
    seal = file_seal(p)
    fd = _lock(p)
    try:
        refuse_unreadable(fd, p, MAX_GAME_FILE_BYTES, NOUN)
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read()
        if is_signed(data):
            read(data, str(p), seal)  # refused if it does not match
            raise InputError(str(p), "already signed")
        game = read(data, str(p)).game
        _write(p, dumps(game, seal), overwrite=True)
        return game
    finally:
        os.close(fd)


Signature = tuple[int, int, int, int]  # device, inode, size and modification time of a file


def _signature(stat: os.stat_result) -> Signature:
    return (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)


class Editing:
    """A game file read under its lock, to be written back by `save` before the lock goes."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._seal = file_seal(path)
        self._read_as = _signature(os.fstat(fd))
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read()
        found = read(data, str(path), self._seal)
        self._last = tag_before(data, found.whole)  # the next line is signed after it
        self.game = found.game
        self._format = found.format
        self._whole = found.whole  # bytes of whole lines: the next entry goes there
        self._mark = found.mark  # the entries before the last checkpoint
        self._saved = len(self.game.history.entries)  # in the file: the game's log only grows

    def save(self, game: AnyGame | None = None) -> None:
        """Write `game` (by default the one read) to the file, unless the file changed: the
        entries the game read has gained are appended, any other game replaces the file."""
        try:
            now = _signature(os.stat(self.path))
        except FileNotFoundError:
            now = None
        if now != self._read_as:
            raise InputError(
                str(self.path),
                "changed by another program since it was read; nothing was saved "
                "(run the command again)",
            )
        target = self.game if game is None else game
        if target is self.game and self._format == LINES:
            added, mark = _entry_lines(target, self._saved, self._mark)  # encoded before writing
            signed, last = self._seal.sign(added, self._last)
            self._whole = _append(self.path, self._whole, signed)
            self._last = last
        else:
            data = dumps(target, self._seal)
            _write(self.path, data, overwrite=True)
            self._last = tag_before(data, len(data))
            self._format, self._whole = LINES, len(data)
            mark = len(target.history.entries) // EVERY * EVERY
        self._saved, self._mark = len(target.history.entries), mark
        self._read_as = _signature(os.stat(self.path))


@contextmanager
def editing(path: str | Path) -> Iterator[Editing]:
    """Read a game file for a change, holding an exclusive lock on it until the block ends.

    A writer that waited for the lock reads the file its holder wrote: the lock is taken on the
    file itself, and when the file was replaced meanwhile the new one is locked instead.
    """
    p = Path(path)
    fd = _lock(p)
    try:
        refuse_unreadable(fd, p, MAX_GAME_FILE_BYTES, NOUN)
        yield Editing(p, fd)
    finally:
        os.close(fd)  # releases the lock


def _lock(p: Path) -> int:
    while True:
        try:
            fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)  # a pipe: refused, not waited on
        except FileNotFoundError:
            raise InputError(str(p), "no such game file") from None
        except OSError as exc:
            raise InputError(str(p), f"cannot read: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            held = os.fstat(fd)
            there = os.stat(p)
        except FileNotFoundError:
            os.close(fd)
            continue  # removed while waiting: look again
        except BaseException:
            os.close(fd)
            raise
        if (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino):
            return fd
        os.close(fd)  # replaced while waiting: lock the new file


def _append(p: Path, whole: int, data: bytes) -> int:
    """Write `data` after the file's first `whole` bytes (cutting off a torn append there) and
    make it durable; on any failure the file is cut back to them. The new length."""
    try:
        fd = os.open(p, os.O_WRONLY)
    except OSError as exc:
        raise InputError(str(p), f"cannot write: {exc.strerror or exc}") from None
    try:
        os.ftruncate(fd, whole)
        written = 0
        while written < len(data):
            written += os.pwrite(fd, data[written:], whole + written)
        os.fsync(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):  # a torn line that stays is ignored by every reader
            os.ftruncate(fd, whole)  # no partial line left behind
        raise InputError(str(p), f"cannot write: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    return whole + len(data)


def _write(p: Path, data: bytes, *, overwrite: bool) -> None:
    directory = p.parent if str(p.parent) else Path(".")
    tmp: Path | None = None
    try:
        fd, name = tempfile.mkstemp(prefix=f".{p.name}.", dir=directory)
        tmp = Path(name)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if overwrite:
            os.replace(tmp, p)
        else:
            os.link(tmp, p)
        _sync_directory(directory)
    except FileExistsError:
        raise InputError(str(p), "already exists") from None
    except OSError as exc:
        raise InputError(str(p), f"cannot write: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def _sync_directory(directory: Path) -> None:
    """Make the new name durable too (POSIX: fsync the directory holding it)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
