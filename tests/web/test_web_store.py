"""The event stores, SQLite and PostgreSQL alike (`backend`): one committed transaction per entry,
reloads that replay exactly, clear errors for corrupt records; SQLite's WAL."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from unittest.mock import patch

import msgspec
import pytest
from backends import Backend
from webgame import DEMOLISH_CULVERT, PREPARE_BRIDGE

from kriegsspiel import new_game
from kriegsspiel.errors import InputError
from kriegsspiel.store.base import StoreError
from kriegsspiel.store.record import CorruptRecord
from kriegsspiel.store.sqlite import SqliteStore
from kriegsspiel.store.summary import GameSummary, summary_of
from kriegsspiel.web.host import Host

pytest_plugins = ["storefixtures"]  # backend: each test on SQLite and on PostgreSQL


def test_a_game_and_its_entries_reload_exactly(backend: Backend) -> None:
    store = backend.open()
    game = new_game("demo", seed="store-seed")
    game_id, tokens = store.create(game)
    store.append(game_id, game.act("german", PREPARE_BRIDGE))
    store.append(game_id, game.act("us", {"action": "pass"}))
    store.append(game_id, game.act("german", DEMOLISH_CULVERT))
    store.append(game_id, game.undo("umpire"))
    store.close()

    again = backend.open()
    loaded = again.load(game_id)
    assert loaded.seed == "store-seed"
    assert msgspec.json.encode(loaded.log) == msgspec.json.encode(game.log)
    for seat in game.seats:
        assert loaded.view(seat) == game.view(seat)
        assert loaded.log_view(seat) == game.log_view(seat)
    assert again.tokens(game_id) == tokens
    assert again.game_ids() == [game_id]


def test_tokens_are_unguessable_and_name_exactly_one_seat(backend: Backend) -> None:
    store = backend.open()
    game_id, tokens = store.create(new_game("demo"))
    assert set(tokens) == {"umpire", "german", "us", "public"}
    assert len(set(tokens.values())) == 4
    assert all(len(t) >= 32 for t in tokens.values())  # 192 random bits, URL-safe
    for seat, token in tokens.items():
        assert store.seat_of(token) == (game_id, seat)
    assert store.seat_of(tokens["us"][:-1]) is None
    assert store.seat_of("") is None


def test_the_database_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    SqliteStore(tmp_path / "g.db").close()
    db = sqlite3.connect(tmp_path / "g.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1


def test_an_entry_is_committed_when_append_returns(backend: Backend) -> None:
    store = backend.open()
    game = new_game("demo")
    game_id, _ = store.create(game)
    store.append(game_id, game.act("german", PREPARE_BRIDGE))
    # another connection sees it at once
    assert backend.scalar("SELECT count(*) FROM entries") == 1


def test_a_failed_write_leaves_nothing_and_says_so(backend: Backend) -> None:
    store = backend.open()
    game = new_game("demo")
    game_id, _ = store.create(game)
    entry = game.act("german", PREPARE_BRIDGE)
    store.append(game_id, entry)
    unique = {"sqlite": "UNIQUE constraint failed", "postgres": "violates unique constraint"}
    with pytest.raises(StoreError, match=unique[backend.kind]):
        store.append(game_id, entry)  # the same seq twice
    assert len(store.load(game_id).log) == 1
    assert backend.scalar("SELECT count(*) FROM entries") == 1


def test_a_games_summary_is_kept_with_each_entry_in_its_transaction(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "g.db")
    game = new_game("demo")
    game_id, _ = store.create(game)
    title, clock = "The bridge at Kleinwalde", game.ruleset.clock(game.view("umpire"))
    assert [row[3] for row in store.summaries()] == [
        GameSummary(title, "engineering", clock, over=False, entries=0)
    ]
    entry = game.act("german", PREPARE_BRIDGE)
    store.append(game_id, entry, summary_of(game))
    after = GameSummary(title, "engineering", clock, over=False, entries=1)
    ((got_id, created, active, summary),) = store.summaries()
    assert (got_id, summary) == (game_id, after)
    assert active >= created
    with pytest.raises(StoreError, match="UNIQUE"):  # the same seq twice: nothing is kept
        store.append(game_id, entry, msgspec.structs.replace(after, entries=99))
    assert store.summaries()[0][3] == after
    store.append(game_id, game.act("us", {"action": "pass"}))  # no summary given: kept as was
    assert store.summaries()[0][3] == after


def test_a_lobby_reads_a_game_stored_before_summaries_from_the_game(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "g.db")
    old, new = new_game("demo"), new_game("demo")
    old_id, _ = store.create(old)
    new_id, _ = store.create(new)
    store.append(old_id, old.act("german", PREPARE_BRIDGE), summary_of(old))
    with sqlite3.connect(tmp_path / "g.db") as db:  # as a database made before summaries
        db.execute("DELETE FROM summaries WHERE game = ?", (old_id,))
    assert [row[3] is None for row in store.summaries()] == [True, False]
    with patch.object(store, "load", wraps=store.load) as load:
        lobby = Host(store).lobby()
    assert [c.args for c in load.call_args_list] == [(old_id,)]
    assert [(g["game"], g["entries"]) for g in lobby] == [(old_id, 1), (new_id, 0)]


def test_unknown_games_and_corrupt_records_are_clear_errors(backend: Backend) -> None:
    store = backend.open()
    with pytest.raises(InputError, match="no game 'nope'"):
        store.load("nope")
    game_id, _ = store.create(new_game("demo"))
    backend.execute("INSERT INTO entries VALUES (?, 5, '{}')", game_id)
    with pytest.raises(InputError, match="corrupt game record"):
        store.load(game_id)


def _corrupted(backend: Backend, sql: str) -> CorruptRecord:
    """A stored game of two entries, altered by `sql` (with `?` the game's id), then loaded."""
    store = backend.open()
    game = new_game("demo", seed="corrupt")
    game_id, _ = store.create(game)
    store.append(game_id, game.act("german", PREPARE_BRIDGE))
    store.append(game_id, game.act("us", {"action": "pass"}))
    backend.execute(sql, game_id)
    with pytest.raises(CorruptRecord) as info:
        store.load(game_id)
    assert info.value.where == f"{store.path}: game {game_id}"  # the database and game
    return info.value


@pytest.mark.parametrize(
    ("sql", "problem"),
    [
        (
            "UPDATE entries SET entry = replace(entry, '\"work-declared\"', '\"teleported\"') "
            "WHERE game = ? AND seq = 0",
            "corrupt game record (log entry 0: Invalid value 'teleported' - at `$.records[",
        ),
        (
            "UPDATE entries SET entry = '{}' WHERE game = ? AND seq = 1",
            "corrupt game record (log entry 1: Object missing required field `seq`)",
        ),
        (
            "UPDATE entries SET entry = 'not json' WHERE game = ? AND seq = 1",
            "corrupt game record (log entry 1: JSON is malformed",
        ),
        (
            "UPDATE entries SET seq = 7 WHERE game = ? AND seq = 1",
            "corrupt game record (log entries out of sequence)",
        ),
        (
            "UPDATE games SET scenario = '[]' WHERE id = ?",
            "corrupt game record (scenario: Expected `object`, got `array`)",
        ),
        (
            "UPDATE entries SET entry = replace(entry, '\"pioneer-1\"', '\"ghost\"') "
            "WHERE game = ? AND seq = 0",
            "corrupt game record (its log does not replay: KeyError('ghost'))",
        ),
        ("UPDATE games SET ruleset = 'chess' WHERE id = ?", "unknown ruleset 'chess'"),
        (
            "UPDATE games SET format = 2 WHERE id = ?",
            "game record format 2 is not supported (expected 1)",
        ),
    ],
)
def test_a_corrupt_record_names_the_game_and_what_is_wrong(
    backend: Backend, sql: str, problem: str
) -> None:
    assert _corrupted(backend, sql).problem.startswith(problem)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "not.db"
    path.write_text("hello, this is not SQLite" * 100)
    with pytest.raises(InputError, match="cannot open the game database"):
        SqliteStore(path)
