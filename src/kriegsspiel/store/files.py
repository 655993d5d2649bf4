"""Game files: JSON Lines, appended to as the game goes on.

A game file (format 2) is a header line (format, ruleset, secret seed), the scenario on the next,
then one line a log entry, each compact JSON ending in a newline. An action or an undo appends its
entry's line, so a change costs the same however long the game; a whole file (a new game, `save`)
is written atomically, and a format 1 file (one JSON document of header, scenario and log) still
loads, and is rewritten whole in format 2 at its first change.

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
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from kriegsspiel.core.game import FORMAT, Game, Header
from kriegsspiel.errors import InputError
from kriegsspiel.store.record import CorruptRecord, decode_game, encode, short

NOUN = "game file"  # what the errors call it
LINES = 2  # the format written: JSON Lines, appended to
DOCUMENT = 1  # the format before it, one JSON document: still read

AnyGame = Game[Any, Any, Any, Any]


class _HeaderOnly(msgspec.Struct):
    header: Header


class _Document(msgspec.Struct):
    """A format 1 file read as far as its parts: each is decoded by `record.decode_game`."""

    header: Header
    scenario: msgspec.Raw
    log: list[msgspec.Raw]


def dumps(game: AnyGame) -> bytes:
    """The whole file of `game`: its header, scenario and entries, a line each."""
    header = Header(LINES, game.ruleset.name, game.seed)
    return b"".join(_line(v) for v in (header, game.scenario, *game.log))


def _line(value: Any) -> bytes:
    return encode(value) + b"\n"


class Read(NamedTuple):
    """A game file as read: the game, its format, and how many bytes of it are whole lines (all
    of it but a torn last append)."""

    game: AnyGame
    format: int
    whole: int


def loads(data: bytes, where: str = "game") -> AnyGame:
    return read(data, where).game


def read(data: bytes, where: str = "game") -> Read:
    first, newline, rest = data.partition(b"\n")
    try:
        header = msgspec.json.decode(first, type=Header)
    except msgspec.DecodeError:
        return _read_document(data, where)
    if header.format != LINES:
        raise CorruptRecord(where, _unsupported(header.format))
    lines = rest.split(b"\n")
    torn = lines.pop()  # b"" after a file's last newline, else a torn append: ignored
    if not newline or not lines:
        raise CorruptRecord(where, f"corrupt {NOUN} (no scenario after its header)")
    game = _game(header, lines[0], lines[1:], where)
    return Read(game, LINES, len(data) - len(torn))


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
    return Read(_game(header, record.scenario, record.log, where), DOCUMENT, len(data))


def _unsupported(number: int) -> str:
    return f"{NOUN} format {number} is not supported (expected {DOCUMENT} or {LINES})"


def _game(header: Header, scenario: Any, entries: Sequence[Any], where: str) -> AnyGame:
    record_header = Header(FORMAT, header.ruleset, header.seed)  # the entries' own encoding
    return decode_game(record_header, scenario, enumerate(entries), where=where, noun=NOUN)


def load(path: str | Path) -> AnyGame:
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError(str(p), "no such game file") from None
    except OSError as exc:
        raise InputError(str(p), f"cannot read: {exc.strerror}") from None
    return loads(data, str(p))


def save(game: AnyGame, path: str | Path, *, overwrite: bool = True) -> None:
    """Write atomically: the old file stays whole until the new one is complete.

    With `overwrite=False` an existing file is never replaced, even by a racing writer.
    """
    _write(Path(path), dumps(game), overwrite=overwrite)


Signature = tuple[int, int, int, int]  # device, inode, size and modification time of a file


def _signature(stat: os.stat_result) -> Signature:
    return (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)


class Editing:
    """A game file read under its lock, to be written back by `save` before the lock goes."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._read_as = _signature(os.fstat(fd))
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read()
        found = read(data, str(path))
        self.game = found.game
        self._format = found.format
        self._whole = found.whole  # bytes of whole lines: the next entry goes there
        self._saved = len(self.game.log)  # entries in the file: the game's log only grows

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
        log = target.log
        if target is self.game and self._format == LINES:
            added = b"".join(map(_line, log[self._saved :]))  # encoded before anything is written
            self._whole = _append(self.path, self._whole, added)
        else:
            data = dumps(target)
            _write(self.path, data, overwrite=True)
            self._format, self._whole = LINES, len(data)
        self._saved = len(log)
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
        yield Editing(p, fd)
    finally:
        os.close(fd)  # releases the lock


def _lock(p: Path) -> int:
    while True:
        try:
            fd = os.open(p, os.O_RDONLY)
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
