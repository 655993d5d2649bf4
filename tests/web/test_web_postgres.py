"""The PostgreSQL store as several servers share it: one of two appends of entry N commits, the
changes of one store are announced to the others (not to itself), one host token for all, and an
address that never shows its password; a host whose copy of a game is behind resolves an action
again on the game as stored."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
import pytest
from webgame import PREPARE_BRIDGE

from kriegsspiel import new_game
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.store.base import Conflict, open_store
from kriegsspiel.store.postgres import APPLICATION, LISTENING, PostgresStore, redacted
from kriegsspiel.web.host import Host, NotFound, Unavailable, bundled_scenario

pytest_plugins = ["storefixtures"]  # postgres_url: a new database on the tests' own server


def test_of_two_servers_appending_entry_n_one_commits_and_the_other_gets_conflict(
    postgres_url: str,
) -> None:
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    game = new_game("demo", seed="race")
    game_id, _ = first.create(game)
    copy = second.load(game_id)  # the second server's own copy
    first.append(game_id, game.act("german", PREPARE_BRIDGE))
    stale = copy.message("us", "too late", "everyone")  # entry 0 too, on a stale copy
    with pytest.raises(Conflict, match='unique constraint "entries_pkey"'):
        second.append(game_id, stale)
    kept = second.load(game_id).log
    assert [e.kind for e in kept] == [game.log[0].kind]
    assert kept[0].seq == 0
    first.close()
    second.close()


def test_many_appends_at_once_of_the_same_number_commit_exactly_one(postgres_url: str) -> None:
    stores = [PostgresStore(postgres_url) for _ in range(4)]
    game = new_game("demo")
    game_id, _ = stores[0].create(game)
    entries = [stores[0].load(game_id).message("us", f"m{i}", "everyone") for i in range(4)]
    start = threading.Barrier(4)

    def append(i: int) -> str:
        start.wait()
        try:
            stores[i].append(game_id, entries[i])
        except Conflict:
            return "conflict"
        return "kept"

    with ThreadPoolExecutor(4) as pool:
        outcomes = list(pool.map(append, range(4)))
    assert sorted(outcomes) == ["conflict", "conflict", "conflict", "kept"]
    (kept,) = stores[1].load(game_id).log
    assert kept == entries[outcomes.index("kept")]
    for store in stores:
        store.close()


def test_a_change_is_announced_to_the_other_stores_and_not_to_its_own(postgres_url: str) -> None:
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    heard: dict[str, list[str | None]] = {"first": [], "second": []}
    woken = threading.Event()
    first.watch(heard["first"].append)

    def second_heard(game_id: str | None) -> None:
        heard["second"].append(game_id)
        woken.set()

    second.watch(second_heard)
    game = new_game("demo")
    game_id, _ = first.create(game)
    first.append(game_id, game.act("german", PREPARE_BRIDGE))
    assert woken.wait(timeout=10)
    woken.clear()
    first.reissue(game_id, "us")
    assert woken.wait(timeout=10)
    woken.clear()
    first.reveal(game_id)
    assert woken.wait(timeout=10)
    assert heard == {"first": [], "second": [game_id, game_id, game_id]}
    first.close()
    second.close()


def test_every_server_on_a_database_has_the_same_host_token(postgres_url: str) -> None:
    stores = [PostgresStore(postgres_url) for _ in range(3)]
    with ThreadPoolExecutor(3) as pool:
        tokens = set(pool.map(lambda store: store.host_token(), stores))
    assert len(tokens) == 1
    assert len(tokens.pop()) >= 32
    for store in stores:
        store.close()


def test_servers_starting_at_once_make_the_tables_once(postgres_url: str) -> None:
    start = threading.Barrier(3)

    def opened(_: int) -> PostgresStore:
        start.wait()
        return PostgresStore(postgres_url)

    with ThreadPoolExecutor(3) as pool:
        stores = list(pool.map(opened, range(3)))
    assert [s.game_ids() for s in stores] == [[], [], []]
    for store in stores:
        store.close()


def test_the_address_messages_name_has_no_password() -> None:
    assert redacted("postgresql://alice:s3cret@db.example:6543/games") == (
        "postgresql://alice@db.example:6543/games"
    )
    assert redacted("postgresql:///games") == "postgresql:///games"


def test_a_database_that_cannot_be_reached_is_one_line_without_the_password(
    postgres_url: str,
) -> None:
    server = postgres_url.replace("kriegsspiel@", "kriegsspiel:hunter2@").rsplit("/", 1)[0]
    with pytest.raises(InputError) as info:
        open_store(f"{server}/no_such_database")
    message = str(info.value)
    where = postgres_url.rsplit("/", 1)[0] + "/no_such_database"
    assert message.startswith(f"{where}: cannot open the game database: connection failed")
    assert 'database "no_such_database" does not exist' in message
    assert "hunter2" not in message
    assert "\n" not in message


def test_an_address_that_is_not_one_is_refused_without_echoing_it() -> None:
    with pytest.raises(InputError, match=r"^--db: not a valid PostgreSQL address$"):
        open_store("postgresql://x:secret@h/db?nonsense_option=1&=")


def test_a_database_of_another_schema_version_is_refused(postgres_url: str) -> None:
    PostgresStore(postgres_url).close()
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("UPDATE settings SET value = '7' WHERE name = 'schema-version'")
    with pytest.raises(InputError, match=r"database schema 7 is not supported \(1\)$"):
        PostgresStore(postgres_url)


class _Deaf(PostgresStore):
    """A store that never hears the other servers: its host's copies stay behind."""

    def watch(self, listener: Callable[[str | None], None]) -> None:
        pass


def test_an_action_on_a_stale_copy_is_resolved_again_on_the_game_as_stored(
    postgres_url: str,
) -> None:
    first, behind = Host(PostgresStore(postgres_url)), Host(_Deaf(postgres_url))
    game_id, tokens = first.create(bundled_scenario("demo"), seed="stale")
    assert behind.table(tokens["umpire"])["clock"] == first.table(tokens["umpire"])["clock"]
    first.message(tokens["us"], "first", "everyone")  # entry 0, which `behind` does not know
    (entry,) = behind.message(tokens["german"], "second", "everyone")
    assert entry["n"] == 2  # numbered after the other server's
    log = first.store.load(game_id).log
    assert [(e.seq, e.seat, e.action and e.action["text"]) for e in log] == [
        (0, "us", "first"),
        (1, "german", "second"),
    ]
    assert len(behind.game(game_id).log) == 2  # its copy is the stored game now


def test_an_action_now_illegal_on_the_stored_game_is_refused_and_nothing_is_kept(
    postgres_url: str,
) -> None:
    first, behind = Host(PostgresStore(postgres_url)), Host(_Deaf(postgres_url))
    game_id, tokens = first.create(bundled_scenario("demo"), seed="stale")
    behind.table(tokens["german"])  # its copy, before the action
    first.act(tokens["german"], PREPARE_BRIDGE)
    with pytest.raises(RuleViolation, match=r"^ENG-ACT-09: Pioniere 1's engineering action"):
        behind.act(tokens["german"], PREPARE_BRIDGE)
    assert len(first.store.load(game_id).log) == 1


class _Outrun(PostgresStore):
    """A store on which another server always appends first."""

    def append(self, game_id: str, entry: Entry[Any], *args: Any, **kept: Any) -> None:
        raise Conflict(f"{self.path}: taken")


def test_a_game_that_keeps_changing_elsewhere_is_a_clear_error_and_nothing_is_kept(
    postgres_url: str,
) -> None:
    host = Host(_Outrun(postgres_url))
    game_id, tokens = host.create(bundled_scenario("demo"))
    with pytest.raises(Unavailable, match=r"^the game kept changing on another server; nothing"):
        host.message(tokens["us"], "lost", "everyone")
    assert len(host.store.load(game_id).log) == 0
    assert host.log(tokens["umpire"]) == []


def test_a_bots_action_another_server_got_ahead_of_is_not_resolved_again(
    postgres_url: str,
) -> None:
    first, behind = Host(PostgresStore(postgres_url)), Host(_Deaf(postgres_url))
    game_id, tokens = first.create(bundled_scenario("demo"), seed="stale")
    behind.table(tokens["german"])
    first.message(tokens["us"], "first", "everyone")
    with pytest.raises(Unavailable, match=r"^the game kept changing on another server"):
        behind.act(tokens["german"], PREPARE_BRIDGE, again=False)
    assert [e.kind for e in first.store.load(game_id).log] == ["message"]
    assert [e["kind"] for e in behind.act(tokens["german"], PREPARE_BRIDGE)] == ["action"]


def _ended(url: str, application: str) -> int:
    """Ends the database's connections of `application`, as a server restart would; how many."""
    with psycopg.connect(url, autocommit=True) as db:
        found = db.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s",
            (application,),
        ).fetchone()
    assert found is not None
    return int(found[0])


def test_a_lost_listening_connection_comes_back_and_says_anything_may_have_changed(
    postgres_url: str,
) -> None:
    store, other = PostgresStore(postgres_url), PostgresStore(postgres_url)
    heard: queue.Queue[str | None] = queue.Queue()
    store.watch(heard.put)
    assert _ended(postgres_url, LISTENING) == 1
    assert heard.get(timeout=10) is None  # back, and every copy is to be read again
    game = new_game("demo")
    game_id, _ = other.create(game)
    other.append(game_id, game.act("german", PREPARE_BRIDGE))
    assert heard.get(timeout=10) == game_id  # and listening again
    store.close()
    other.close()


def test_a_read_after_the_server_dropped_the_connection_is_asked_again(
    postgres_url: str,
) -> None:
    store = PostgresStore(postgres_url)
    game_id, tokens = store.create(new_game("demo"))
    assert _ended(postgres_url, APPLICATION) == 1  # the store's own connection
    assert store.tokens(game_id) == tokens
    store.close()


def test_hosts_hammering_one_game_from_two_servers_record_every_action_once(
    postgres_url: str,
) -> None:
    hosts = Host(PostgresStore(postgres_url)), Host(PostgresStore(postgres_url))
    game_id, tokens = hosts[0].create(bundled_scenario("demo"))
    start = threading.Barrier(2)
    count = 25

    def send(host: Host, seat: str) -> list[int]:
        start.wait()
        return [host.message(tokens[seat], f"{seat} {i}", "everyone")[0]["n"] for i in range(count)]

    with ThreadPoolExecutor(2) as pool:
        german, us = pool.submit(send, hosts[0], "german"), pool.submit(send, hosts[1], "us")
        numbers = german.result() + us.result()
    assert sorted(numbers) == list(range(1, 2 * count + 1))
    log = hosts[1].store.load(game_id).log
    texts = [str(e.action and e.action["text"]) for e in log]
    assert sorted(texts) == sorted(f"{s} {i}" for s in ("german", "us") for i in range(count))


def test_a_games_turn_is_held_by_one_server_at_a_time(postgres_url: str) -> None:
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    order: list[str] = []
    taken = threading.Event()

    def waits() -> None:
        taken.wait()
        with second.turn("g1"):
            order.append("second")

    waiting = threading.Thread(target=waits)
    waiting.start()
    with first.turn("g1"):
        taken.set()
        with second.turn("g2"):  # another game's turn is free meanwhile
            order.append("other game")
        waiting.join(timeout=0.5)
        order.append("first")
    waiting.join(timeout=10)
    assert order == ["other game", "first", "second"]
    first.close()
    second.close()


def test_a_link_reissued_on_one_server_stops_working_on_the_other(postgres_url: str) -> None:
    first, second = Host(PostgresStore(postgres_url)), Host(PostgresStore(postgres_url))
    heard = threading.Event()
    second.on_change(lambda _: heard.set())
    game_id, tokens = first.create(bundled_scenario("demo"))
    assert heard.wait(timeout=10)  # the new game's options, saved after it
    heard.clear()
    assert second.seat(tokens["us"]).seat == "us"  # looked up, and kept
    new = first.reissue(game_id, "us")
    assert heard.wait(timeout=10)  # its live connections are woken, and find the token gone
    with pytest.raises(NotFound, match="unknown or expired seat token"):
        second.seat(tokens["us"])
    assert second.seat(new).seat == "us"
