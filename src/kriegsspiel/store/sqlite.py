"""The SQLite event store: games, their log entries and their seat tokens, in one database file.

A game is a row (ruleset, secret seed, scenario as JSON) and an append-only series of entries, one
row each, written in their own transaction: once `append` returns, the entry is on disk. The
database runs in WAL mode so readers never block the writer. Like a game file, the database is the
umpire's record: it holds the seeds and every hidden fact; seats see games only through views.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from msgspec.json import Decoder

from kriegsspiel.core.game import Game, Header
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import find_ruleset
from kriegsspiel.store.base import HOST_TOKEN, REPLIES_KEPT, StoredReply, new_token
from kriegsspiel.store.base import StoreError as StoreError  # still importable from here
from kriegsspiel.store.record import (
    decode_game,
    encode,
    entry_decoder,
    header_of,
    read_back,
)
from kriegsspiel.store.summary import GameSummary, summary_of

AnyGame = Game[Any, Any, Any, Any]

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  format INTEGER NOT NULL,
  ruleset TEXT NOT NULL,
  seed TEXT NOT NULL,
  scenario TEXT NOT NULL,
  created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS entries (
  game TEXT NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  entry TEXT NOT NULL,
  PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS seats (
  token TEXT PRIMARY KEY,
  game TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  UNIQUE (game, seat)
);
CREATE TABLE IF NOT EXISTS bots (
  game TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  bot TEXT NOT NULL,
  PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS activity (
  game TEXT PRIMARY KEY REFERENCES games(id),
  at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reveals (
  game TEXT PRIMARY KEY REFERENCES games(id)
);
CREATE TABLE IF NOT EXISTS notes (
  game TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  numbering TEXT NOT NULL,
  n INTEGER NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (game, seat, numbering, n)
);
CREATE TABLE IF NOT EXISTS approvals (
  game TEXT PRIMARY KEY REFERENCES games(id),
  state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS replies (
  game TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  answer TEXT NOT NULL,
  PRIMARY KEY (game, seat, key)
);
CREATE TABLE IF NOT EXISTS summaries (
  game TEXT PRIMARY KEY REFERENCES games(id),
  title TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  clock TEXT NOT NULL,
  over INTEGER NOT NULL,
  entries INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
"""
# one b-tree (WITHOUT ROWID) updated in place: the fewest pages for each commit to write
_SUMMARY = (
    "INSERT INTO summaries (game, title, ruleset, clock, over, entries) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (game) DO UPDATE SET title = excluded.title, ruleset = excluded.ruleset, "
    "clock = excluded.clock, over = excluded.over, entries = excluded.entries"
)


class SqliteStore:
    """Games in one SQLite file. Thread-safe: one connection, serialised by a lock."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._decoders: dict[str, Decoder[Entry[Any]]] = {}  # game -> its entries' decoder
        try:
            self._db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=10
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
            self._db.execute("PRAGMA foreign_keys=ON")
            with self._transaction():
                self._check_version()
                for statement in _SCHEMA.split(";"):
                    self._db.execute(statement)
        except sqlite3.Error as exc:
            raise InputError(str(self.path), f"cannot open the game database: {exc}") from None

    def _check_version(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise InputError(
                str(self.path), f"database schema {version} is not supported ({SCHEMA_VERSION})"
            )
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def watch(self, listener: Callable[[str | None], None]) -> None:
        """Nothing to watch: one server alone serves an SQLite database (store/serverlock.py)."""

    def turn(self, game_id: str) -> AbstractContextManager[None]:
        """Always this server's turn: it is the database's only one."""
        return nullcontext()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed whole, or rolled back and reported as StoreError."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"{self.path}: {exc}") from exc

    def _read(self, sql: str, *args: Any) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: {exc}") from exc

    # -- writing -------------------------------------------------------------------------------

    def create(self, game: AnyGame) -> tuple[str, dict[str, str]]:
        """Store a new game (with any entries it has); return its id and a token per seat."""
        game_id = secrets.token_hex(6)
        tokens = {seat: new_token() for seat in game.seats}
        header = header_of(game)
        scenario = _json(game.scenario)
        entries = [(game_id, e.seq, _json(e)) for e in game.log]
        # read back before it is stored: the record replays (as `load` will read it)
        decode_game(header, scenario, [(seq, text) for _, seq, text in entries], where="game")
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, format, ruleset, seed, scenario) VALUES (?, ?, ?, ?, ?)",
                (game_id, header.format, header.ruleset, header.seed, scenario),
            )
            db.executemany("INSERT INTO entries (game, seq, entry) VALUES (?, ?, ?)", entries)
            db.executemany(
                "INSERT INTO seats (token, game, seat) VALUES (?, ?, ?)",
                [(token, game_id, seat) for seat, token in tokens.items()],
            )
            db.execute(_SUMMARY, summary_of(game).row(game_id))
        return game_id, tokens

    def append(
        self,
        game_id: str,
        entry: Entry[Any],
        summary: GameSummary | None = None,
        *,
        reply: StoredReply | None = None,
        approvals: str | None = None,
    ) -> None:
        """Append one entry in its own transaction; it is durable when this returns. The game's
        `summary` after it (`summary_of`), the answer to the keyed request that made it and the
        game's approvals as they now stand, if given, are kept in the same transaction. An
        entry that would not read back (`record.read_back`) raises `Unreadable`, and nothing is
        stored."""
        data = read_back(self._decoder(game_id), entry).decode()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO entries (game, seq, entry) VALUES (?, ?, ?)",
                (game_id, entry.seq, data),
            )
            db.execute(
                "INSERT OR REPLACE INTO activity (game, at) VALUES (?, datetime('now'))",
                (game_id,),
            )
            if summary is not None:
                db.execute(_SUMMARY, summary.row(game_id))
            _keep(db, game_id, reply, approvals)

    def save_approvals(self, game_id: str, state: str, *, reply: StoredReply | None = None) -> None:
        """The game's declared-modifier approvals (web/approvals.py, as JSON), and the answer
        to the keyed request that changed them, in one transaction."""
        with self._transaction() as db:
            _keep(db, game_id, reply, state)

    def reissue(self, game_id: str, seat: str) -> str:
        """A new token for `seat` of the game; its old one stops naming it at once."""
        token = new_token()
        with self._transaction() as db:
            changed = db.execute(
                "UPDATE seats SET token = ? WHERE game = ? AND seat = ?", (token, game_id, seat)
            ).rowcount
        if not changed:
            raise InputError("seat", f"no seat {seat!r} in game {game_id!r}")
        return token

    def reveal(self, game_id: str) -> None:
        """Open the game's full record to every seat (its replay, and its log as the umpire's)."""
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO reveals (game) VALUES (?)", (game_id,))

    def revealed(self, game_id: str) -> bool:
        return bool(self._read("SELECT 1 FROM reveals WHERE game = ?", game_id))

    def note(self, game_id: str, seat: str, numbering: str, n: int, text: str) -> None:
        """A seat's note on entry `n` of the `numbering` seat's log (an empty text removes it)."""
        with self._transaction() as db:
            if text:
                db.execute(
                    "INSERT OR REPLACE INTO notes (game, seat, numbering, n, text) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (game_id, seat, numbering, n, text),
                )
            else:
                db.execute(
                    "DELETE FROM notes WHERE game = ? AND seat = ? AND numbering = ? AND n = ?",
                    (game_id, seat, numbering, n),
                )

    def notes(self, game_id: str, seat: str) -> list[tuple[str, int, str]]:
        """A seat's notes: (numbering, n, text), in order."""
        rows = self._read(
            "SELECT numbering, n, text FROM notes WHERE game = ? AND seat = ? "
            "ORDER BY numbering, n",
            game_id,
            seat,
        )
        return [(str(a), int(b), str(c)) for a, b, c in rows]

    def host_token(self) -> str:
        """The server's secret host token (made on first use, then kept in the database)."""
        with self._transaction() as db:
            rows = db.execute("SELECT value FROM settings WHERE name = ?", (HOST_TOKEN,))
            found = rows.fetchone()
            if found is not None:
                return str(found[0])
            token = new_token()
            db.execute("INSERT INTO settings (name, value) VALUES (?, ?)", (HOST_TOKEN, token))
            return token

    def set_bots(self, game_id: str, bots: Mapping[str, str]) -> None:
        """Record which seats of a game bots play, by bot name (`kriegsspiel.bots.make_bot`)."""
        with self._transaction() as db:
            db.executemany(
                "INSERT OR REPLACE INTO bots (game, seat, bot) VALUES (?, ?, ?)",
                [(game_id, seat, bot) for seat, bot in bots.items()],
            )

    # -- reading -------------------------------------------------------------------------------

    def approvals(self, game_id: str) -> str | None:
        """The game's approvals as last saved (JSON), or None if never saved."""
        rows = self._read("SELECT state FROM approvals WHERE game = ?", game_id)
        return str(rows[0][0]) if rows else None

    def reply(self, game_id: str, seat: str, key: str) -> StoredReply | None:
        """The kept answer to `seat`'s request with idempotency `key`, if any."""
        rows = self._read(
            "SELECT fingerprint, answer FROM replies WHERE game = ? AND seat = ? AND key = ?",
            game_id,
            seat,
            key,
        )
        return StoredReply(seat, key, str(rows[0][0]), str(rows[0][1])) if rows else None

    def game_ids(self) -> list[str]:
        return [row[0] for row in self._read("SELECT id FROM games ORDER BY created, rowid")]

    def games(self) -> list[tuple[str, str, str]]:
        """Each game's id, when it was created and when it was last played (UTC), oldest first."""
        rows = self._read(
            "SELECT id, created, COALESCE(activity.at, created) FROM games "
            "LEFT JOIN activity ON activity.game = games.id ORDER BY created, games.rowid"
        )
        return [(str(a), str(b), str(c)) for a, b, c in rows]

    def summaries(self) -> list[tuple[str, str, str, GameSummary | None]]:
        """Each game's id, creation, last activity (as `games`) and summary, oldest first,
        without loading any game; None for a game stored before summaries were kept."""
        rows = self._read(
            "SELECT id, created, COALESCE(activity.at, created), "
            "summaries.game IS NOT NULL, title, summaries.ruleset, clock, over, entries "
            "FROM games LEFT JOIN activity ON activity.game = games.id "
            "LEFT JOIN summaries ON summaries.game = games.id ORDER BY created, games.rowid"
        )
        return [
            (str(g), str(c), str(a), GameSummary(t, r, k, bool(o), int(n)) if kept else None)
            for g, c, a, kept, t, r, k, o, n in rows
        ]

    def seat_of(self, token: str) -> tuple[str, str] | None:
        """The game id and seat of a token, or None for a token that is not ours."""
        rows = self._read("SELECT game, seat FROM seats WHERE token = ?", token)
        return (rows[0][0], rows[0][1]) if rows else None

    def tokens(self, game_id: str) -> dict[str, str]:
        """Every seat's token of a game (for its host: these are the secret links)."""
        rows = self._read("SELECT seat, token FROM seats WHERE game = ? ORDER BY rowid", game_id)
        return dict(rows)

    def bots(self, game_id: str | None = None) -> dict[str, dict[str, str]]:
        """The seats bots play and their bots, by game (of one game, or of every game)."""
        rows = self._read(
            "SELECT game, seat, bot FROM bots WHERE ? IS NULL OR game = ? ORDER BY rowid",
            game_id,
            game_id,
        )
        out: dict[str, dict[str, str]] = {}
        for game, seat, bot in rows:
            out.setdefault(game, {})[seat] = bot
        return out

    def _decoder(self, game_id: str) -> Decoder[Entry[Any]]:
        """The decoder of a game's entries (its ruleset's events), made once."""
        decoder = self._decoders.get(game_id)
        if decoder is None:
            rows = self._read("SELECT ruleset FROM games WHERE id = ?", game_id)
            if not rows:
                raise InputError("game", f"no game {game_id!r} in {self.path}")
            decoder = self._decoders[game_id] = entry_decoder(find_ruleset(rows[0][0]))
        return decoder

    def load(self, game_id: str, upto: int | None = None) -> AnyGame:
        """A stored game, replayed (with `upto`, its first `upto` entries only); a record that
        cannot be read or replayed raises `CorruptRecord`."""
        rows = self._read("SELECT format, ruleset, seed, scenario FROM games WHERE id = ?", game_id)
        if not rows:
            raise InputError("game", f"no game {game_id!r} in {self.path}")
        fmt, ruleset_name, seed, scenario_json = rows[0]
        raw = self._read(
            "SELECT seq, entry FROM entries WHERE game = ? AND (? IS NULL OR seq < ?) ORDER BY seq",
            game_id,
            upto,
            upto,
        )
        header = Header(fmt, ruleset_name, seed)
        return decode_game(header, scenario_json, raw, where=f"{self.path}: game {game_id}")


def _keep(
    db: sqlite3.Connection, game_id: str, reply: StoredReply | None, approvals: str | None
) -> None:
    """Within a transaction: keep a reply (the game's newest `REPLIES_KEPT` only) and the
    approvals' state."""
    if reply is not None:
        db.execute(
            "INSERT INTO replies (game, seat, key, fingerprint, answer) VALUES (?, ?, ?, ?, ?)",
            (game_id, *reply),
        )
        db.execute(
            "DELETE FROM replies WHERE game = ? AND rowid NOT IN "
            "(SELECT rowid FROM replies WHERE game = ? ORDER BY rowid DESC LIMIT ?)",
            (game_id, game_id, REPLIES_KEPT),
        )
    if approvals is not None:
        db.execute(
            "INSERT OR REPLACE INTO approvals (game, state) VALUES (?, ?)", (game_id, approvals)
        )


def _json(value: Any) -> str:
    """TEXT for a column: the same JSON as a game file holds."""
    return encode(value).decode()
