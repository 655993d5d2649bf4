"""Idempotency keys on action requests: a repeated POST with the same key returns the first
answer and acts once, for act and undo, across a new client connection; the key is the seat's
own, bound to its request, and kept for a bounded number of answers per game."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webgame import DEMOLISH_CULVERT, PREPARE_BRIDGE, Answer, Table, create

from kriegsspiel import load_scenario
from kriegsspiel.games import new_game
from kriegsspiel.store.base import StoredReply, StoreError
from kriegsspiel.store.sqlite import SqliteStore
from kriegsspiel.web import create_app
from kriegsspiel.web.idempotency import Keep, Replies

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

KEY = "5f0c4a2e-1b7d-4c11-9a55-0d2f3c9e8a71"


def post(table: Table, seat: str, path: str, body: object, key: str | None = KEY) -> Answer:
    headers = {"Idempotency-Key": key} if key is not None else {}
    url = f"/api/seats/{table.tokens[seat]}{path}"
    return table.client.post(url, json=body, headers=headers)


def test_a_repeated_action_with_the_same_key_acts_once_and_answers_as_the_first(
    demo: Table,
) -> None:
    first = post(demo, "german", "/act", {"action": PREPARE_BRIDGE})
    again = post(demo, "german", "/act", {"action": PREPARE_BRIDGE})
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert len(demo.log("umpire")) == 1
    # without the key, the same request is a new action (here refused: the unit is busy)
    assert post(demo, "german", "/act", {"action": PREPARE_BRIDGE}, None).status_code == 409


def test_the_key_holds_across_a_reconnect(demo: Table) -> None:
    """A page that lost its connection sends the same key again from a new one."""
    post(demo, "german", "/act", {"action": DEMOLISH_CULVERT})
    fresh = TestClient(demo.client.app)  # a new connection (the app's lifespan is running)
    retry = Table(fresh, demo.game, demo.tokens)
    again = post(retry, "german", "/act", {"action": DEMOLISH_CULVERT})
    assert again.status_code == 200
    assert len(demo.log("umpire")) == 1


def test_a_refused_action_keeps_nothing_so_a_retry_tries_again(demo: Table) -> None:
    bad = post(demo, "german", "/act", {"action": PREPARE_BRIDGE, "dice": [4]})
    assert bad.status_code == 400  # no roll: faces not needed
    good = post(demo, "german", "/act", {"action": PREPARE_BRIDGE})
    assert good.status_code == 200
    assert len(demo.log("umpire")) == 1


def test_a_key_answers_only_its_own_request_and_seat(demo: Table) -> None:
    post(demo, "german", "/act", {"action": PREPARE_BRIDGE})
    other = post(demo, "german", "/act", {"action": DEMOLISH_CULVERT})
    assert other.status_code == 400
    assert "Idempotency-Key" in other.json()["error"]
    assert "different request" in other.json()["error"]
    # another seat's same key is its own: the US is not handed the German answer
    fire = {"action": "opportunity-fire", "unit": "rifle-1"}
    us = post(demo, "us", "/act", {"action": fire, "dice": [4]})
    assert us.status_code == 200
    assert us.json()["entries"][0]["seat"] == "us"
    assert len(demo.log("umpire")) == 2


def test_an_undo_repeated_with_its_key_undoes_once(demo: Table) -> None:
    demo.act("german", PREPARE_BRIDGE)
    first = post(demo, "umpire", "/undo", {"count": 1})
    again = post(demo, "umpire", "/undo", {"count": 1})
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert [e["kind"] for e in demo.log("umpire")] == ["action", "undo"]


@pytest.mark.parametrize("key", ["short", "x" * 101, "has space in it", "semi;colon;key"])
def test_a_malformed_key_is_refused_naming_the_header(demo: Table, key: str) -> None:
    answer = post(demo, "german", "/act", {"action": PREPARE_BRIDGE}, key)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("Idempotency-Key:")
    assert demo.log("umpire") == []


def test_the_answers_in_memory_are_bounded_per_game_and_the_rest_are_looked_up() -> None:
    stored: dict[tuple[str, str, str], StoredReply] = {}
    replies = Replies(lambda game, seat, key: stored.get((game, seat, key)), per_game=3)
    calls: list[int] = []

    def answer(n: int, keep: Keep) -> int:
        calls.append(n)
        if n == 0:  # what the request recorded is stored with its answer
            kept = keep(n)
            assert kept is not None
            stored[("g", "s", kept.key)] = kept
        return n

    for n in range(5):
        replies.once("g", "s", f"key-{n:04}", n, partial(answer, n))
    assert replies.once("g", "s", "key-0004", 4, lambda keep: -1) == 4  # in memory
    assert replies.once("g", "s", "key-0000", 0, lambda keep: -1) == 0  # from the store
    assert replies.once("g", "s", "key-0001", 1, lambda keep: -1) == -1  # forgotten: called
    assert replies.once("h", "s", "key-0004", 4, lambda keep: -2) == -2  # another game's own
    assert calls == [0, 1, 2, 3, 4]


def test_an_acknowledged_action_is_answered_again_after_a_restart_not_done_again(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    with TestClient(create_app(db)) as first:
        demo = create(first)
        answered = post(demo, "german", "/act", {"action": PREPARE_BRIDGE})
        held = post(demo, "umpire", "/undo", {"count": 1})
    with TestClient(create_app(db)) as second:  # a new server: nothing of the first in memory
        again = Table(second, demo.game, demo.tokens)
        repeat = post(again, "german", "/act", {"action": PREPARE_BRIDGE})
        assert (repeat.status_code, repeat.json()) == (200, answered.json())
        assert post(again, "umpire", "/undo", {"count": 1}).json() == held.json()
        assert [e["kind"] for e in again.log("umpire")] == ["action", "undo"]
        other = post(again, "german", "/act", {"action": DEMOLISH_CULVERT})
        assert "different request" in other.json()["error"]


def test_an_answer_is_stored_in_the_transaction_of_its_entry_or_not_at_all(
    tmp_path: Path,
) -> None:
    store = SqliteStore(tmp_path / "games.db")
    game = new_game(load_scenario("demo"), "s")
    game_id, _ = store.create(game)
    entry = game.act("german", PREPARE_BRIDGE)
    reply = StoredReply("german", KEY, "f" * 64, '{"entries":[]}')
    store.append(game_id, entry, reply=reply)
    assert store.reply(game_id, "german", KEY) == reply
    with pytest.raises(StoreError):  # the entry is refused (seq taken): its answer is not kept
        store.append(game_id, entry, reply=reply._replace(key="another-key-0001"))
    assert store.reply(game_id, "german", "another-key-0001") is None
    assert len(store.load(game_id).log) == 1
