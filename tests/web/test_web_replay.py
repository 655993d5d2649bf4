"""Replay through the API: each seat steps through its own log numbering and is shown what it
knew then; the full record opens to every seat once the game is over or the umpire opens it;
each seat keeps notes on entries of its own."""

from __future__ import annotations

import pytest
from webgame import DEMOLISH_CULVERT, PREPARE_BRIDGE, Table
from webload import END_PHASE

from kriegsspiel.core.commitments import commitment
from kriegsspiel.web.host import Host

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

REVEAL_CULVERT = {"action": "reveal", "demolition": "culvert", "side": "us"}


@pytest.fixture
def played(demo: Table) -> Table:
    demo.act("umpire", REVEAL_CULVERT)  # told to the US side alone
    demo.act("german", PREPARE_BRIDGE)
    demo.act("us", {"action": "pass"})
    demo.act("german", DEMOLISH_CULVERT)  # a sealed roll
    return demo


def _host(table: Table) -> Host:
    host: Host = table.client.app.state.host  # type: ignore[attr-defined]
    return host


def test_each_seat_replays_its_own_numbering_as_it_knew_it(played: Table) -> None:
    game = _host(played).game(played.game)
    for seat in played.tokens:
        length = len(played.log(seat))
        for upto in range(length + 1):
            answer = played.get(seat, f"/replay?upto={upto}").json()
            assert answer["view"] == game.replay(seat, upto)
            assert (answer["upto"], answer["length"], answer["full"]) == (upto, length, False)
            assert answer["clock"] == game.ruleset.clock(answer["view"])
        svg = played.get(seat, f"/replay.svg?upto={length}")
        assert svg.headers["content-type"].startswith("image/svg+xml")
    lengths = {seat: played.get(seat, "/replay?upto=0").json()["length"] for seat in played.tokens}
    assert lengths == {"umpire": 4, "german": 3, "us": 4, "public": 3}  # the reveal: US only


def test_a_replay_shows_no_seat_more_than_it_knew(played: Table) -> None:
    for upto in range(4):
        for seat in ("public", "german"):
            text = played.get(seat, f"/replay?upto={upto}").text
            assert "culvert" not in text or seat == "german"  # German: its own charge
            assert "sealed" not in text
        assert "road bridge" not in played.get("public", f"/replay?upto={upto}").text


def test_entries_out_of_range_are_refused_naming_upto(played: Table) -> None:
    too_far = played.get("public", "/replay?upto=4")
    assert too_far.status_code == 400
    assert too_far.json() == {"error": "upto: must be from 0 to 3"}
    assert played.get("public", "/replay").json() == {
        "error": "upto: must be a whole number of entries, not ''"
    }
    assert played.get("public", "/replay.svg?upto=-1").status_code == 400


def test_the_full_record_opens_when_the_umpire_opens_it(played: Table) -> None:
    refused = played.get("public", "/replay?upto=1&full=1")
    assert refused.status_code == 403
    assert "when the umpire opens it" in refused.json()["error"]
    assert played.get("us", "/log?full=1").status_code == 403
    assert played.get("us", "/replay?upto=0").json()["revealed"] is False
    assert played.post("german", "/reveal", {}).status_code == 403
    assert played.post("umpire", "/reveal", {}).json() == {"revealed": True}
    umpire_log = played.log("umpire")
    for seat in ("public", "german", "us"):
        assert played.get(seat, "/log?full=1").json()["log"] == umpire_log
        answer = played.get(seat, "/replay?upto=4&full=1").json()
        assert answer["view"] == played.get("umpire", "/replay?upto=4").json()["view"]
        assert (answer["length"], answer["full"], answer["revealed"]) == (4, True, True)
        own = played.get(seat, "/replay?upto=0").json()
        assert own["revealed"] is True
        assert own["length"] < 4 or seat == "us"  # its own numbering is still its own


def test_the_full_record_opens_when_the_game_is_over(demo: Table) -> None:
    for _ in range(200):
        table = demo.table("umpire")
        if table["view"]["over"]:
            break
        demo.act(table["to_act"][0], END_PHASE)
    assert demo.table("public")["view"]["over"]
    answer = demo.get("public", "/replay?upto=0&full=1").json()
    assert answer["revealed"] is True
    assert answer["full"] is True


def test_notes_are_kept_for_their_seat_alone(played: Table) -> None:
    kept = played.post("german", "/notes", {"n": 2, "text": "  the bridge is mined  "}).json()
    assert kept == {"notes": [{"full": False, "n": 2, "text": "the bridge is mined"}]}
    played.post("german", "/notes", {"n": 1, "text": "start"})
    assert [x["n"] for x in played.get("german", "/notes").json()["notes"]] == [1, 2]
    assert played.get("us", "/notes").json() == {"notes": []}
    played.post("german", "/notes", {"n": 2, "text": ""})
    assert played.get("german", "/notes").json()["notes"] == [
        {"full": False, "n": 1, "text": "start"}
    ]
    beyond = played.post("german", "/notes", {"n": 4, "text": "x"})
    assert beyond.status_code == 400
    assert beyond.json() == {"error": "n: must be an entry from 1 to 3"}
    assert played.post("german", "/notes", {"n": 1, "text": "x", "full": True}).status_code == 403


def test_commitments_are_sent_as_entries_come_and_opened_once_revealed(played: Table) -> None:
    game = _host(played).game(played.game)
    for seat in played.tokens:
        answer = played.get(seat, "/commitments").json()
        assert answer == {"commitments": game.commitments(seat), "opened": game.opened(seat)}
        later = played.get(seat, "/commitments?since=2").json()
        assert later["commitments"] == answer["commitments"][3:]  # after the start and 1, 2
        assert later["opened"] == [o for o in answer["opened"] if o["n"] > 2]
    refused = played.get("us", "/openings")
    assert refused.status_code == 403
    assert "when the umpire opens it" in refused.json()["error"]
    played.post("umpire", "/reveal", {})
    for seat in ("german", "us", "public"):
        opened = played.get(seat, "/openings").json()["openings"]
        assert opened == game.openings(seat)
        sent = played.get(seat, "/commitments").json()["commitments"]
        assert [c.get("commitment") for c in sent] == [
            commitment(o["salt"], o["hidden"]) if o["n"] else None for o in opened
        ]
        slots = [t["commitment"] for c in sent for t in c["things"]]
        assert slots == [commitment(t["salt"], t["content"]) for o in opened for t in o["things"]]
