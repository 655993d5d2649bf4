"""What the server asks of a game database (`Store`), whichever it is, and opening one by name.

`SqliteStore` (one file, one server) and `PostgresStore` (one database, many servers) both hold
games, their log entries, their seat tokens and the rest in the same tables, and answer the same
methods. An entry's sequence number is a unique key: when two servers append entry N of a game at
once, one of them gets `Conflict` and nothing of its entry is kept. `watch` tells a server of the
changes another server made (none for SQLite, which one server alone may open).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from kriegsspiel.core.game import Game
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError
from kriegsspiel.store.summary import GameSummary

AnyGame = Game[Any, Any, Any, Any]
HOST_TOKEN = "host-token"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


REPLIES_KEPT = 256  # answers to keyed requests kept per game: far more than are ever in flight


class StoredReply(NamedTuple):
    """The first answer to a seat's request with an idempotency key (web/idempotency.py), kept
    in the transaction that records what the request did."""

    seat: str
    key: str
    fingerprint: str  # a hash of the request it answers
    answer: str  # JSON


class StoreError(Exception):
    """The database could not be read or written (disk full, locked, corrupt, unreachable)."""


class Conflict(StoreError):
    """Another server appended this entry of the game first: nothing of ours was kept."""


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


class Store(Protocol):
    """A game database as the web host uses it: `SqliteStore`'s methods."""

    @property
    def path(self) -> str | Path:
        """Where the database is, for messages: a file, or a PostgreSQL address without its
        password."""
        ...

    def close(self) -> None: ...
    def create(self, game: AnyGame) -> tuple[str, dict[str, str]]: ...
    def append(
        self,
        game_id: str,
        entry: Entry[Any],
        summary: GameSummary | None = None,
        *,
        reply: StoredReply | None = None,
        approvals: str | None = None,
    ) -> None: ...
    def save_approvals(
        self, game_id: str, state: str, *, reply: StoredReply | None = None
    ) -> None: ...
    def approvals(self, game_id: str) -> str | None: ...
    def reply(self, game_id: str, seat: str, key: str) -> StoredReply | None: ...
    def summaries(self) -> list[tuple[str, str, str, GameSummary | None]]: ...
    def reissue(self, game_id: str, seat: str) -> str: ...
    def reveal(self, game_id: str) -> None: ...
    def revealed(self, game_id: str) -> bool: ...
    def note(self, game_id: str, seat: str, numbering: str, n: int, text: str) -> None: ...
    def notes(self, game_id: str, seat: str) -> list[tuple[str, int, str]]: ...
    def host_token(self) -> str: ...
    def set_bots(self, game_id: str, bots: Mapping[str, str]) -> None: ...
    def game_ids(self) -> list[str]: ...
    def games(self) -> list[tuple[str, str, str]]: ...
    def seat_of(self, token: str) -> tuple[str, str] | None: ...
    def tokens(self, game_id: str) -> dict[str, str]: ...
    def bots(self, game_id: str | None = None) -> dict[str, dict[str, str]]: ...
    def load(self, game_id: str, upto: int | None = None) -> AnyGame: ...

    def turn(self, game_id: str) -> AbstractContextManager[None]:
        """The game's turn to record an entry: held by a host from resolving an action to
        appending its entry, so no other server appends to the game meanwhile."""
        ...

    def watch(self, listener: Callable[[str | None], None]) -> None:
        """Call `listener(game_id)` when another server changed that game (its log, its links,
        its reveal), and `listener(None)` when any game may have changed unseen."""
        ...


def is_postgres(db: str | Path) -> bool:
    return isinstance(db, str) and db.startswith(POSTGRES_SCHEMES)


def open_store(db: str | Path) -> Store:
    """The store a `--db` names: a `postgresql://` address, else an SQLite file."""
    if not is_postgres(db):
        from kriegsspiel.store.sqlite import SqliteStore

        return SqliteStore(db)
    try:
        from kriegsspiel.store.postgres import PostgresStore
    except ImportError:
        why = "PostgreSQL needs psycopg: pip install 'kriegsspiel[postgres]'"
        raise InputError("--db", why) from None
    return PostgresStore(str(db))
