"""Messages through the API: each reaches exactly its audience, in its log and its live notices."""

from __future__ import annotations

from webgame import Table

from kriegsspiel.web.live import changed

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures


def _said(table: Table, seat: str) -> list[str]:
    return [e["text"] for item in table.log(seat) if item["kind"] == "message"
            for e in item["events"]]  # fmt: skip


def test_messages_reach_exactly_their_audience(demo: Table) -> None:
    sent = demo.post("german", "/message", {"text": "ready at the bridge", "to": "umpire"})
    assert sent.status_code == 200
    (entry,) = sent.json()["entries"]
    assert entry["kind"] == "message"
    assert entry["events"][0]["message"] == "ready at the bridge"
    demo.post("umpire", "/message", {"text": "your scouts report dust to the north", "to": "us"})
    demo.post("us", "/message", {"text": "good luck", "to": "everyone"})
    assert _said(demo, "umpire") == [
        "german to umpire: ready at the bridge",
        "umpire to us: your scouts report dust to the north",
        "us to everyone: good luck",
    ]
    assert _said(demo, "german") == [
        "german to umpire: ready at the bridge",
        "us to everyone: good luck",
    ]
    assert _said(demo, "us") == [
        "umpire to us: your scouts report dust to the north",
        "us to everyone: good luck",
    ]
    assert _said(demo, "public") == ["us to everyone: good luck"]
    for seat in ("german", "public"):
        assert "dust" not in demo.get(seat).text + demo.get(seat, "/log").text


def test_a_seat_outside_the_audience_is_not_even_notified(demo: Table) -> None:
    with (
        demo.client.websocket_connect(f"/api/seats/{demo.tokens['public']}/live") as public,
        demo.client.websocket_connect(f"/api/seats/{demo.tokens['us']}/live") as us,
    ):
        assert public.receive_json() == us.receive_json() == changed(1)
        demo.post("umpire", "/message", {"text": "dust to the north", "to": "us"})
        assert us.receive_json() == changed(2)
        demo.post("german", "/message", {"text": "hello all", "to": "everyone"})
        assert public.receive_json() == changed(2)  # the first it hears of: the public message
        assert us.receive_json() == changed(3)


def test_a_message_that_cannot_be_sent_is_a_400_naming_why(demo: Table) -> None:
    for seat, body, error in [
        ("public", {"text": "hi"}, "seat: the public display cannot send messages"),
        ("german", {"text": " "}, "text: a message needs some text"),
        ("german", {"text": "hi", "to": "navy"},
         "to: send to everyone, umpire or a side (german, us), not 'navy'"),
        ("german", {"text": "x" * 1001}, "request text: expected str of length <= 1000"),
    ]:  # fmt: skip
        answer = demo.post(seat, "/message", body)
        assert answer.status_code == 400
        assert answer.json() == {"error": error}
    assert demo.log("umpire") == []
