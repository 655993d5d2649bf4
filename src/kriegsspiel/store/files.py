"""Game files: one JSON document (header, scenario, log), written atomically.

A game file is the umpire's record: it holds the secret seed and every hidden fact. Seats see a
game only through its views. A command that changes a game holds an exclusive lock on its file
from reading it to writing it (`editing`), so two commands acting at once on one file take turns
and neither action is lost; a reader never needs the lock, as a file is only ever replaced whole.
Locks are POSIX `flock` locks, which only kriegsspiel's own writers take: a file changed by
anything else since it was read is never written over.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic

import msgspec

from kriegsspiel.core.game import Game, Header
from kriegsspiel.core.log import Entry
from kriegsspiel.core.ruleset import E
from kriegsspiel.errors import InputError
from kriegsspiel.store.record import (
    CorruptRecord,
    check_format,
    decode_game,
    encode,
    header_of,
    short,
)

NOUN = "game file"  # what the errors call it


class _HeaderOnly(msgspec.Struct):
    header: Header


class GameFile(msgspec.Struct, Generic[E]):
    header: Header
    scenario: Any
    log: list[Entry[E]]


class _RawFile(msgspec.Struct):
    """A game file read as far as its parts: each is decoded by `record.decode_game`."""

    header: Header
    scenario: msgspec.Raw
    log: list[msgspec.Raw]


def dumps(game: Game[Any, Any, Any, Any]) -> bytes:
    record: GameFile[Any] = GameFile(header_of(game), game.scenario, list(game.log))
    return msgspec.json.format(encode(record), indent=1)


def loads(data: bytes, where: str = "game") -> Game[Any, Any, Any, Any]:
    try:
        header = msgspec.json.decode(data, type=_HeaderOnly).header
    except msgspec.DecodeError as exc:
        raise CorruptRecord(where, f"not a kriegsspiel game file ({short(exc)})") from None
    check_format(header, where=where, noun=NOUN)
    try:
        record = msgspec.json.decode(data, type=_RawFile)
    except msgspec.DecodeError as exc:
        raise CorruptRecord(where, f"corrupt {NOUN} ({short(exc)})") from None
    return decode_game(
        record.header, record.scenario, enumerate(record.log), where=where, noun=NOUN
    )


def load(path: str | Path) -> Game[Any, Any, Any, Any]:
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError(str(p), "no such game file") from None
    except OSError as exc:
        raise InputError(str(p), f"cannot read: {exc.strerror}") from None
    return loads(data, str(p))


def save(game: Game[Any, Any, Any, Any], path: str | Path, *, overwrite: bool = True) -> None:
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
        self.game = loads(data, str(path))

    def save(self, game: Game[Any, Any, Any, Any] | None = None) -> None:
        """Write `game` (by default the one read) over the file, unless the file changed."""
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
        _write(self.path, dumps(self.game if game is None else game), overwrite=True)
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
