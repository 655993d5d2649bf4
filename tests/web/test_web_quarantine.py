"""Nothing unreadable is stored, and a stored record that cannot be replayed is quarantined.

An entry is checked to read back as itself before it is committed (`record.read_back`); a game
whose stored record does not replay (a row damaged on disk) is held apart: each of its seats is
told in one 4xx line where its record is damaged (in the seat's own numbering), the umpire and
the host what is wrong; never a 500, and the server's other games go on.
"""

from __future__ import annotations

import math
import random
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient
from webgame import PREPARE_BRIDGE, Table, create

from kriegsspiel import new_game
from kriegsspiel.scenario.load import bundled_names
from kriegsspiel.store.record import Unreadable, entry_decoder, read_back
from kriegsspiel.store.sqlite import SqliteStore
from kriegsspiel.web import create_app
from kriegsspiel.web import host as host_module

HOST = "x-host-token"
STATUS = {"action": "set-status", "unit": "pioneer-1", "status": "ok", "note": "fine"}


def _damaged(tmp_path: Path) -> tuple[Path, Table, Table, dict[str, int]]:
    """Two games; the first's entry 3 (the umpire's fourth) then damaged in the database. And
    each seat's number for that entry: its own log's length before it, plus one."""
    db = tmp_path / "games.db"
    with TestClient(create_app(db)) as client:
        game, other = create(client), create(client)
        game.act("german", PREPARE_BRIDGE)
        game.act("us", {"action": "pass"})
        sent = game.post("umpire", "/message", {"text": "only for you", "to": "german"})
        assert sent.status_code == 200, sent.text
        numbers = {seat: len(game.log(seat)) + 1 for seat in game.tokens}
        game.act("umpire", STATUS)
        other.act("german", PREPARE_BRIDGE)
    with sqlite3.connect(db) as connection:
        changed = connection.execute(
            "UPDATE entries SET entry = replace(entry, '\"pioneer-1\"', '\"ghost\"') "
            "WHERE game = ? AND seq = 3",
            (game.game,),
        ).rowcount
        assert changed == 1
    return db, game, other, numbers


def test_a_damaged_game_is_quarantined_and_each_seat_told_in_one_line(tmp_path: Path) -> None:
    db, game, other, numbers = _damaged(tmp_path)
    assert numbers["umpire"] == 4
    assert numbers["us"] == 3  # the umpire's message to the Germans is not the US's entry
    with TestClient(create_app(db)) as client:
        seats = Table(client, game.game, game.tokens)
        for seat in ("german", "us", "public"):
            for path in ("", "/log", "/table.svg", "/replay?upto=1"):
                answer = seats.get(seat, path)
                assert answer.status_code == 423, (seat, path, answer.text)
                assert answer.json() == {
                    "error": f"this game's record is damaged at entry {numbers[seat]}; "
                    "the umpire has been told"
                }
            acted = seats.post(seat, "/act", {"action": {"action": "pass"}})
            assert acted.status_code == 423
        umpire = seats.get("umpire")
        assert umpire.status_code == 423
        error = umpire.json()["error"]
        assert error == (
            "this game's record is damaged at entry 4 (corrupt game record (its log does not "
            "replay: KeyError('ghost'))); it is held until the record is repaired and the "
            "server restarted"
        )
        assert str(db) not in error
        again = Table(client, other.game, other.tokens)  # the other game goes on
        assert len(again.log("umpire")) == 1
        again.act("us", {"action": "pass"})


def test_the_host_sees_the_damaged_game_in_the_lobby(tmp_path: Path) -> None:
    db, game, other, _ = _damaged(tmp_path)
    token = SqliteStore(db).host_token()
    with TestClient(create_app(db)) as client:
        # the lobby reads the stored summaries, loading no game: the damage is found when the
        # game is first opened, and listed from then on
        assert Table(client, game.game, game.tokens).get("us").status_code == 423
        answer = client.get(f"/api/host/{token}")
        assert answer.status_code == 200, answer.text
        listed = {g["game"]: g for g in answer.json()["games"]}
        assert listed[game.game]["damaged"].startswith(
            "this game's record is damaged at entry 4 (corrupt game record (its log does not"
        )
        assert "damaged" not in listed[other.game]
        assert listed[other.game]["entries"] == 1


def test_a_live_connection_to_a_damaged_game_is_closed_with_its_line(tmp_path: Path) -> None:
    db, game, _, numbers = _damaged(tmp_path)
    with (
        TestClient(create_app(db)) as client,
        client.websocket_connect(f"/api/seats/{game.tokens['us']}/live") as ws,
    ):
        assert ws.receive_json() == {
            "error": f"this game's record is damaged at entry {numbers['us']}; "
            "the umpire has been told"
        }


def _not_finite(entry: Any) -> Any:
    return msgspec.structs.replace(entry, action={**entry.action, "note": math.nan})


def test_an_entry_that_would_not_read_back_is_never_stored(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "g.db")
    game = new_game("demo", seed="read-back")
    game_id, _ = store.create(game)
    entry = game.act("umpire", STATUS)
    with pytest.raises(Unreadable) as info:
        store.append(game_id, _not_finite(entry))
    assert str(info.value) == "log entry 0: would not read back as itself"
    assert store.load(game_id).log == ()
    store.append(game_id, entry)
    assert store.load(game_id).log == (entry,)


def test_every_entry_of_random_playouts_reads_back() -> None:
    """The check refuses no good entry: random play of every bundled scenario, undos too (an
    action's tuples are lists once read back, which is the same record)."""
    for name in bundled_names():
        game = new_game(name, seed=f"read-back-{name}")
        decoder = entry_decoder(game.ruleset)
        rng = random.Random(name)
        for turn in range(80):
            action = None if game.over() else game.random_action(game.seats_to_act()[0], rng)
            if action is None:
                break
            entry = game.act(game.seats_to_act()[0], action)
            assert read_back(decoder, entry) == msgspec.json.encode(entry)
            if turn % 25 == 24 and game.can_undo:
                read_back(decoder, game.undo("umpire"))


def test_the_api_refuses_an_action_whose_record_would_not_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset that made such an entry (a fault): one 400 line, nothing recorded, the game as
    it was before the action."""
    resolve = host_module._act
    monkeypatch.setattr(host_module, "_act", lambda *args: _not_finite(resolve(*args)))
    with TestClient(create_app(tmp_path / "games.db")) as client:
        game = create(client)
        answer = game.post("umpire", "/act", {"action": STATUS})
        assert answer.status_code == 400
        assert answer.json() == {
            "error": "action: not recorded: its record would not read back (would not read "
            "back as itself)"
        }
        assert game.log("umpire") == []
        monkeypatch.undo()
        assert [e["n"] for e in game.act("umpire", STATUS)] == [1]
