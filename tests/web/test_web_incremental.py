"""What a page is sent for each change: its version in the live notice, only the new log entries
(`log?since=N`), compressed answers; the same whatever the length of the game."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.testclient import TestClient
from webgame import PREPARE_BRIDGE, Table
from webload import END_PHASE, endless_demo, stored

from kriegsspiel.web.live import changed

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures


def test_since_gives_only_the_new_entries_and_an_undo_names_what_it_took_back(
    demo: Table,
) -> None:
    demo.act("german", PREPARE_BRIDGE)
    demo.act("us", {"action": "pass"})
    held = demo.log("public")
    assert [e["n"] for e in held] == [1, 2]
    demo.post("umpire", "/undo", {})
    (new,) = demo.get("public", f"/log?since={len(held)}").json()["log"]
    assert new["n"] == 3
    assert new["kind"] == "undo"
    assert new["undoes"] == [2]  # the page marks its entry 2 undone without fetching it again
    assert demo.get("public", "/log?since=3").json()["log"] == []


def test_the_live_notice_carries_the_seats_own_version(demo: Table) -> None:
    with (
        demo.client.websocket_connect(f"/api/seats/{demo.tokens['us']}/live") as us,
        demo.client.websocket_connect(f"/api/seats/{demo.tokens['us']}/live") as again,
    ):
        assert us.receive_json() == changed(1)
        assert again.receive_json() == changed(1)  # one version per seat, not per connection
        demo.act("german", PREPARE_BRIDGE)
        assert us.receive_json() == changed(2)
        assert again.receive_json() == changed(2)


def _one_change(client: TestClient, tokens: dict[str, str], seat: str) -> int:
    """The bytes `seat`'s page receives for one action: the notice, its table, its new entries
    and its board, as seat.js fetches them."""
    token = tokens[seat]
    with client.websocket_connect(f"/api/seats/{token}/live") as ws:
        ws.receive_json()
        held = len(client.get(f"/api/seats/{token}/log").json()["log"])
        acting = client.get(f"/api/seats/{token}").json()["to_act"][0]
        answer = client.post(f"/api/seats/{tokens[acting]}/act", json={"action": END_PHASE})
        assert answer.status_code == 200, answer.text
        notice = ws.receive_text()
    sizes = [len(notice)]
    for path in ("", f"/log?since={held}", "/table.svg"):
        response = client.get(f"/api/seats/{token}{path}", headers={"accept-encoding": "gzip"})
        assert response.status_code == 200
        sizes.append(int(response.headers.get("content-length", len(response.content))))
    return sum(sizes)


def test_what_one_action_sends_a_page_does_not_grow_with_the_log(app: Starlette) -> None:
    with TestClient(app) as client:
        short, long = stored(app, endless_demo(4)), stored(app, endless_demo(2_000))
        whole = client.get(f"/api/seats/{long['public']}/log").content
        for seat in ("public", "german", "umpire"):
            few, many = _one_change(client, short, seat), _one_change(client, long, seat)
            assert many <= few * 1.1, (seat, few, many)
            assert len(whole) > 20 * many  # what the page fetched when it took the whole log


def test_large_answers_are_compressed(demo: Table) -> None:
    demo.act("german", PREPARE_BRIDGE)
    plain = demo.client.get(
        f"/api/seats/{demo.tokens['umpire']}", headers={"accept-encoding": "identity"}
    )
    packed = demo.client.get(
        f"/api/seats/{demo.tokens['umpire']}", headers={"accept-encoding": "gzip"}
    )
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(plain.content) / 3
    assert packed.json() == plain.json()  # the client decompressed it: the same answer
