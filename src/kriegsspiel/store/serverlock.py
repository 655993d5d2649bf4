"""One server per SQLite database: a lock that a server holds on it for as long as it runs.

A server keeps its games in memory, so a second server on the same SQLite file would act on copies
that the first one's actions leave behind. The lock is a POSIX `flock` on `DB.lock` beside the
database, which holds the owner's process id; the operating system lets it go when the process
ends, however it ends. A second process is refused, with the database and the first one's pid.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import weakref
from pathlib import Path

from kriegsspiel.errors import InputError


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


class ServerLock:
    """The exclusive right to serve the SQLite database `db`, until `release`."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.path = lock_path(db)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise InputError(
                str(self.path), f"cannot open the server lock: {exc.strerror}"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = _owner(fd)
            os.close(fd)
            raise InputError(
                str(db),
                f"another server ({owner}) is serving this database; stop it, or share games "
                "between servers on PostgreSQL (--db postgresql://...)",
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        self._closed = weakref.finalize(self, os.close, fd)  # closing the file lets the lock go

    def release(self) -> None:
        if self._closed.alive:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            self._closed()


def _owner(fd: int) -> str:
    """The lock holder as the message names it: its pid, as it wrote it."""
    text = os.pread(fd, 32, 0).decode(errors="replace").strip()
    return f"pid {text}" if text.isdigit() else "pid unknown: it is still starting"
