"""The PostgreSQL event store: the SQLite store's tables in one database that many servers share.

Each server process keeps its games in memory over the same database. A host resolves and appends
an entry in the game's turn (`turn`: an advisory lock per game), and an entry's row has the key
(game, seq), so of two servers appending entry N of a game exactly one commits; the other gets
`Conflict`, and its host reloads the game and resolves the action again on what is now there
(web/host.py). Every change a server commits is announced on the channel `kriegsspiel` (NOTIFY, sent
at commit); each store listens on a connection of its own and tells its host of the changes other
servers made, which wakes that host's live connections. The database is the umpire's record, as
the SQLite file is: it holds the seeds and every hidden fact; seats see games only through views.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Any

import psycopg
from msgspec.json import Decoder
from psycopg import conninfo, errors

from kriegsspiel.core.game import Header
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import find_ruleset
from kriegsspiel.store.base import (
    HOST_TOKEN,
    REPLIES_KEPT,
    AnyGame,
    Conflict,
    StoredReply,
    StoreError,
    new_token,
)
from kriegsspiel.store.record import decode_game, encode, entry_decoder, header_of, read_back
from kriegsspiel.store.summary import GameSummary, summary_of

SCHEMA_VERSION = 1
SCHEMA_SETTING = "schema-version"
CHANNEL = "kriegsspiel"
# as pg_stat_activity names the store's connections
APPLICATION, LISTENING, TURNS = "kriegsspiel", "kriegsspiel-listen", "kriegsspiel-turn"
_TURN_LOCKS = 0x6B72  # the first key of a game's advisory lock; the second: hashtext(its id)
_TURN_WAIT = "10s"  # the longest a server waits for a game's turn
_IDLE_TURNS = 8  # connections for turns kept open when none is held
_SCHEMA_LOCK = 0x6B726965  # an advisory lock: two servers starting at once make the tables once
_NOW = "to_char(timezone('UTC', now()), 'YYYY-MM-DD HH24:MI:SS')"  # as SQLite's datetime('now')
# The SQLite tables; `added` orders rows as SQLite's rowid does.
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  format INTEGER NOT NULL,
  ruleset TEXT NOT NULL,
  seed TEXT NOT NULL,
  scenario TEXT NOT NULL,
  created TEXT NOT NULL DEFAULT ({_NOW}),
  added BIGSERIAL
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
  added BIGSERIAL,
  UNIQUE (game, seat)
);
CREATE TABLE IF NOT EXISTS bots (
  game TEXT NOT NULL REFERENCES games(id),
  seat TEXT NOT NULL,
  bot TEXT NOT NULL,
  added BIGSERIAL,
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
  added BIGSERIAL,
  PRIMARY KEY (game, seat, key)
);
CREATE TABLE IF NOT EXISTS summaries (
  game TEXT PRIMARY KEY REFERENCES games(id),
  title TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  clock TEXT NOT NULL,
  over BOOLEAN NOT NULL,
  entries INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
)
"""
_SUMMARY = (
    "INSERT INTO summaries (game, title, ruleset, clock, over, entries) "
    "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (game) DO UPDATE SET title = EXCLUDED.title, "
    "ruleset = EXCLUDED.ruleset, clock = EXCLUDED.clock, over = EXCLUDED.over, "
    "entries = EXCLUDED.entries"
)
_LISTEN_WAIT = 0.25  # seconds between looks at whether the store was closed
_RECONNECT_WAIT = 1.0


def redacted(dsn: str) -> str:
    """A PostgreSQL address as messages may name it: never its password."""
    try:
        parts = conninfo.conninfo_to_dict(dsn)
    except psycopg.Error:
        raise InputError("--db", "not a valid PostgreSQL address") from None
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


class PostgresStore:
    """Games in one PostgreSQL database. Thread-safe: one connection, serialised by a lock, and
    one more that listens for the changes of other servers once `watch` is called."""

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self.path = redacted(dsn)
        self._origin = secrets.token_hex(8)  # this store's own notices are not news to it
        self._lock = threading.RLock()
        self._listeners: list[Callable[[str | None], None]] = []
        self._closed = threading.Event()
        self._listening: threading.Thread | None = None
        self._db: psycopg.Connection[Any] | None = None
        self._idle: list[psycopg.Connection[Any]] = []  # connections for turns, none held
        self._idle_lock = threading.Lock()
        self._decoders: dict[str, Decoder[Entry[Any]]] = {}  # game -> its entries' decoder
        try:
            with self._transaction() as db:
                db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                for statement in _SCHEMA.split(";"):
                    db.execute(statement)
                self._check_version(db)
        except StoreError as exc:
            why = f"cannot open the game database: {_first_line(exc.__cause__ or exc)}"
            raise InputError(self.path, why) from None

    def _check_version(self, db: psycopg.Connection[Any]) -> None:
        found = db.execute("SELECT value FROM settings WHERE name = %s", (SCHEMA_SETTING,))
        row = found.fetchone()
        if row is None:
            db.execute(
                "INSERT INTO settings (name, value) VALUES (%s, %s)",
                (SCHEMA_SETTING, str(SCHEMA_VERSION)),
            )
        elif row[0] != str(SCHEMA_VERSION):
            raise InputError(
                self.path, f"database schema {row[0]} is not supported ({SCHEMA_VERSION})"
            )

    def close(self) -> None:
        self._closed.set()
        if self._listening is not None:
            self._listening.join(timeout=5)
        with self._lock:
            if self._db is not None:
                self._db.close()
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def _connection(self) -> psycopg.Connection[Any]:
        """The store's connection, opened anew if the server dropped it."""
        if self._db is None or self._db.closed or self._db.broken:
            self._db = self._connect(APPLICATION)
        return self._db

    def _connect(self, name: str) -> psycopg.Connection[Any]:
        return psycopg.connect(
            self._dsn, autocommit=True, connect_timeout=10, application_name=name
        )

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """One transaction: committed whole, or rolled back and reported as StoreError (as
        `Conflict` when a row someone else wrote first holds its key)."""
        with self._lock:
            try:
                db = self._connection()
                with db.transaction():
                    yield db
            except errors.UniqueViolation as exc:
                raise Conflict(f"{self.path}: {_first_line(exc)}") from exc
            except psycopg.Error as exc:
                raise StoreError(f"{self.path}: {_first_line(exc)}") from exc

    def _read(self, sql: str, *args: Any) -> list[Any]:
        """The rows of a query; asked again once on a new connection if the server dropped
        ours (a read changes nothing, so asking twice is safe; a write is never retried)."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    return self._connection().execute(sql, args).fetchall()
                except psycopg.Error as exc:
                    if attempt == 1 and self._db is not None and self._db.broken:
                        continue
                    raise StoreError(f"{self.path}: {_first_line(exc)}") from exc
            raise AssertionError("unreachable")

    def _announce(self, db: psycopg.Connection[Any], game_id: str) -> None:
        """Tell the other servers, when this transaction commits, that the game changed."""
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self._origin} {game_id}"))

    # -- a game's turn across the servers --------------------------------------------------------

    @contextmanager
    def turn(self, game_id: str) -> Iterator[None]:
        """The game's turn: while a server holds it, no other server's host resolves and appends
        an entry of that game (each holds it for that), so one whose copy was behind reloads
        it once and then records. A session advisory lock, on a connection of its own so that
        the store serves other games meanwhile; waited for up to `_TURN_WAIT`."""
        key = (_TURN_LOCKS, game_id)
        try:
            conn = self._turn_connection()
            conn.execute("SELECT pg_advisory_lock(%s, hashtext(%s))", key)
        except psycopg.Error as exc:
            raise StoreError(f"{self.path}: {_first_line(exc)}") from exc
        try:
            yield
        finally:
            try:
                conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", key)
            except psycopg.Error:
                conn.close()  # its session ends, and its locks with it
            else:
                with self._idle_lock:
                    keep = len(self._idle) < _IDLE_TURNS and not self._closed.is_set()
                    if keep:
                        self._idle.append(conn)
                if not keep:
                    conn.close()

    def _turn_connection(self) -> psycopg.Connection[Any]:
        with self._idle_lock:
            while self._idle:
                conn = self._idle.pop()
                if not (conn.closed or conn.broken):
                    return conn
        conn = self._connect(TURNS)
        conn.execute(f"SET lock_timeout = '{_TURN_WAIT}'")
        return conn

    # -- watching the other servers ------------------------------------------------------------

    def watch(self, listener: Callable[[str | None], None]) -> None:
        """Call `listener(game_id)` on each change another server commits, and `listener(None)`
        after the listening connection was lost and is back (anything may have changed). From
        when this returns, no change is missed."""
        self._listeners.append(listener)
        if self._listening is None:
            ready = threading.Event()
            self._listening = threading.Thread(
                target=self._listen, args=(ready,), name="postgres-listen", daemon=True
            )
            self._listening.start()
            if not ready.wait(timeout=10):
                raise StoreError(f"{self.path}: cannot listen for the other servers' changes")

    def _listen(self, ready: threading.Event) -> None:
        while not self._closed.is_set():
            try:
                with self._connect(LISTENING) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if ready.is_set():
                        self._tell(None)  # back after a loss: notices may have been missed
                    ready.set()
                    while not self._closed.is_set():
                        for notice in conn.notifies(timeout=_LISTEN_WAIT):
                            origin, _, game_id = notice.payload.partition(" ")
                            if origin != self._origin:
                                self._tell(game_id)
            except psycopg.Error:
                self._closed.wait(_RECONNECT_WAIT)

    def _tell(self, game_id: str | None) -> None:
        for listener in self._listeners:
            with suppress(Exception):  # a listener's failure must not stop the listening
                listener(game_id)

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
        with self._transaction() as db, db.cursor() as cursor:
            cursor.execute(
                "INSERT INTO games (id, format, ruleset, seed, scenario) "
                "VALUES (%s, %s, %s, %s, %s)",
                (game_id, header.format, header.ruleset, header.seed, scenario),
            )
            cursor.executemany(
                "INSERT INTO entries (game, seq, entry) VALUES (%s, %s, %s)", entries
            )
            cursor.executemany(
                "INSERT INTO seats (token, game, seat) VALUES (%s, %s, %s)",
                [(token, game_id, seat) for seat, token in tokens.items()],
            )
            cursor.execute(_SUMMARY, summary_of(game).row(game_id))
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
        """Append one entry in its own transaction, with the game's summary after it, the
        answer to the keyed request that made it and the game's approvals, if given; durable
        on return. If another server appended an entry of this number first, `Conflict`, and
        nothing is kept. An entry that would not read back (`record.read_back`) raises
        `Unreadable`, and nothing is stored."""
        data = read_back(self._decoder(game_id), entry).decode()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO entries (game, seq, entry) VALUES (%s, %s, %s)",
                (game_id, entry.seq, data),
            )
            db.execute(
                f"INSERT INTO activity (game, at) VALUES (%s, {_NOW}) "
                "ON CONFLICT (game) DO UPDATE SET at = EXCLUDED.at",
                (game_id,),
            )
            if summary is not None:
                db.execute(_SUMMARY, summary.row(game_id))
            _keep(db, game_id, reply, approvals)
            self._announce(db, game_id)

    def save_approvals(self, game_id: str, state: str, *, reply: StoredReply | None = None) -> None:
        """The game's declared-modifier approvals (web/approvals.py, as JSON), and the answer
        to the keyed request that changed them, in one transaction."""
        with self._transaction() as db:
            _keep(db, game_id, reply, state)
            self._announce(db, game_id)

    def reissue(self, game_id: str, seat: str) -> str:
        """A new token for `seat` of the game; its old one stops naming it at once, on every
        server."""
        token = new_token()
        with self._transaction() as db:
            changed = db.execute(
                "UPDATE seats SET token = %s WHERE game = %s AND seat = %s",
                (token, game_id, seat),
            ).rowcount
            self._announce(db, game_id)
        if not changed:
            raise InputError("seat", f"no seat {seat!r} in game {game_id!r}")
        return token

    def reveal(self, game_id: str) -> None:
        """Open the game's full record to every seat (its replay, and its log as the umpire's)."""
        with self._transaction() as db:
            db.execute("INSERT INTO reveals (game) VALUES (%s) ON CONFLICT DO NOTHING", (game_id,))
            self._announce(db, game_id)

    def revealed(self, game_id: str) -> bool:
        return bool(self._read("SELECT 1 FROM reveals WHERE game = %s", game_id))

    def note(self, game_id: str, seat: str, numbering: str, n: int, text: str) -> None:
        """A seat's note on entry `n` of the `numbering` seat's log (an empty text removes it)."""
        with self._transaction() as db:
            if text:
                db.execute(
                    "INSERT INTO notes (game, seat, numbering, n, text) "
                    "VALUES (%s, %s, %s, %s, %s) "
                    "ON CONFLICT (game, seat, numbering, n) DO UPDATE SET text = EXCLUDED.text",
                    (game_id, seat, numbering, n, text),
                )
            else:
                db.execute(
                    "DELETE FROM notes WHERE game = %s AND seat = %s AND numbering = %s AND n = %s",
                    (game_id, seat, numbering, n),
                )

    def notes(self, game_id: str, seat: str) -> list[tuple[str, int, str]]:
        """A seat's notes: (numbering, n, text), in order."""
        rows = self._read(
            "SELECT numbering, n, text FROM notes WHERE game = %s AND seat = %s "
            'ORDER BY numbering COLLATE "C", n',
            game_id,
            seat,
        )
        return [(str(a), int(b), str(c)) for a, b, c in rows]

    def host_token(self) -> str:
        """The servers' secret host token (made on first use, then kept in the database): the
        first server to ask makes it, and the others read it."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO settings (name, value) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                (HOST_TOKEN, new_token()),
            )
            found = db.execute("SELECT value FROM settings WHERE name = %s", (HOST_TOKEN,))
            row = found.fetchone()
        assert row is not None  # inserted above, or there before
        return str(row[0])

    def set_bots(self, game_id: str, bots: Mapping[str, str]) -> None:
        """Record which seats of a game bots play, by bot name (`kriegsspiel.bots.make_bot`)."""
        with self._transaction() as db, db.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO bots (game, seat, bot) VALUES (%s, %s, %s) "
                "ON CONFLICT (game, seat) DO UPDATE SET bot = EXCLUDED.bot",
                [(game_id, seat, bot) for seat, bot in bots.items()],
            )

    # -- reading -------------------------------------------------------------------------------

    def game_ids(self) -> list[str]:
        return [row[0] for row in self._read("SELECT id FROM games ORDER BY created, added")]

    def games(self) -> list[tuple[str, str, str]]:
        """Each game's id, when it was created and when it was last played (UTC), oldest first."""
        rows = self._read(
            "SELECT id, created, COALESCE(activity.at, created) FROM games "
            "LEFT JOIN activity ON activity.game = games.id ORDER BY created, games.added"
        )
        return [(str(a), str(b), str(c)) for a, b, c in rows]

    def summaries(self) -> list[tuple[str, str, str, GameSummary | None]]:
        """Each game's id, creation, last activity (as `games`) and summary, oldest first,
        without loading any game; None for a game stored before summaries were kept."""
        rows = self._read(
            "SELECT id, created, COALESCE(activity.at, created), "
            "summaries.game IS NOT NULL, title, summaries.ruleset, clock, over, entries "
            "FROM games LEFT JOIN activity ON activity.game = games.id "
            "LEFT JOIN summaries ON summaries.game = games.id ORDER BY created, games.added"
        )
        return [
            (str(g), str(c), str(a), GameSummary(t, r, k, bool(o), int(n)) if kept else None)
            for g, c, a, kept, t, r, k, o, n in rows
        ]

    def _decoder(self, game_id: str) -> Decoder[Entry[Any]]:
        """The decoder of a game's entries (its ruleset's events), made once."""
        decoder = self._decoders.get(game_id)
        if decoder is None:
            rows = self._read("SELECT ruleset FROM games WHERE id = %s", game_id)
            if not rows:
                raise InputError("game", f"no game {game_id!r} in {self.path}")
            decoder = self._decoders[game_id] = entry_decoder(find_ruleset(rows[0][0]))
        return decoder

    def approvals(self, game_id: str) -> str | None:
        """The game's approvals as last saved (JSON), or None if never saved."""
        rows = self._read("SELECT state FROM approvals WHERE game = %s", game_id)
        return str(rows[0][0]) if rows else None

    def reply(self, game_id: str, seat: str, key: str) -> StoredReply | None:
        """The kept answer to `seat`'s request with idempotency `key`, if any."""
        rows = self._read(
            "SELECT fingerprint, answer FROM replies WHERE game = %s AND seat = %s AND key = %s",
            game_id,
            seat,
            key,
        )
        return StoredReply(seat, key, str(rows[0][0]), str(rows[0][1])) if rows else None

    def seat_of(self, token: str) -> tuple[str, str] | None:
        """The game id and seat of a token, or None for a token that is not ours."""
        rows = self._read("SELECT game, seat FROM seats WHERE token = %s", token)
        return (rows[0][0], rows[0][1]) if rows else None

    def tokens(self, game_id: str) -> dict[str, str]:
        """Every seat's token of a game (for its host: these are the secret links)."""
        rows = self._read("SELECT seat, token FROM seats WHERE game = %s ORDER BY added", game_id)
        return {str(seat): str(token) for seat, token in rows}

    def bots(self, game_id: str | None = None) -> dict[str, dict[str, str]]:
        """The seats bots play and their bots, by game (of one game, or of every game)."""
        if game_id is None:
            rows = self._read("SELECT game, seat, bot FROM bots ORDER BY added")
        else:
            rows = self._read(
                "SELECT game, seat, bot FROM bots WHERE game = %s ORDER BY added", game_id
            )
        out: dict[str, dict[str, str]] = {}
        for game, seat, bot in rows:
            out.setdefault(game, {})[seat] = bot
        return out

    def load(self, game_id: str, upto: int | None = None) -> AnyGame:
        """A stored game, replayed (with `upto`, its first `upto` entries only); a record that
        cannot be read or replayed raises `CorruptRecord`."""
        rows = self._read(
            "SELECT format, ruleset, seed, scenario FROM games WHERE id = %s", game_id
        )
        if not rows:
            raise InputError("game", f"no game {game_id!r} in {self.path}")
        fmt, ruleset_name, seed, scenario_json = rows[0]
        raw = self._read(
            "SELECT seq, entry FROM entries WHERE game = %s AND (%s::int IS NULL OR seq < %s) "
            "ORDER BY seq",
            game_id,
            upto,
            upto,
        )
        header = Header(fmt, ruleset_name, seed)
        return decode_game(header, scenario_json, raw, where=f"{self.path}: game {game_id}")


def _keep(
    db: psycopg.Connection[Any], game_id: str, reply: StoredReply | None, approvals: str | None
) -> None:
    """Within a transaction: keep a reply (the game's newest `REPLIES_KEPT` only) and the
    approvals' state."""
    if reply is not None:
        db.execute(
            "INSERT INTO replies (game, seat, key, fingerprint, answer) "
            "VALUES (%s, %s, %s, %s, %s)",
            (game_id, *reply),
        )
        db.execute(
            "DELETE FROM replies WHERE game = %s AND added NOT IN "
            "(SELECT added FROM replies WHERE game = %s ORDER BY added DESC LIMIT %s)",
            (game_id, game_id, REPLIES_KEPT),
        )
    if approvals is not None:
        db.execute(
            "INSERT INTO approvals (game, state) VALUES (%s, %s) "
            "ON CONFLICT (game) DO UPDATE SET state = EXCLUDED.state",
            (game_id, approvals),
        )


def _json(value: Any) -> str:
    """TEXT for a column: the same JSON as a game file holds."""
    return encode(value).decode()
