"""The JSON API, endpoint by endpoint and seat by seat: what each seat sees and may do, and one
clear 4xx message for every bad request, never a 500 and never a partial write."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from webgame import DEMO_SEED, DEMOLISH_CULVERT, PREPARE_BRIDGE, Table, create

from kriegsspiel.store.sqlite import StoreError
from kriegsspiel.web import pages, schema
from kriegsspiel.web.host import Host

pytest_plugins = ["webfixtures"]  # the app, client and demo fixtures

SEATS = ("umpire", "german", "us", "public")


def host_of(table: Table) -> Host:
    host: Host = table.client.app.state.host  # type: ignore[attr-defined]
    return host


def plain(data: Any) -> Any:
    """Data as it travels in JSON (tuples become lists)."""
    return msgspec.json.decode(msgspec.json.encode(data))


def offers(actions: list[dict[str, Any]], **fields: Any) -> bool:
    """Whether an action with these fields (and perhaps others, at their defaults) is offered."""
    return any(all(a.get(k) == v for k, v in fields.items()) for a in actions)


def error(response: Any, status: int) -> str:
    """The one message of an error response, after checking its status and shape."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) <= {"error", "rule"}
    assert isinstance(body["error"], str)
    assert body["error"]
    return str(body["error"])


# -- creating games -------------------------------------------------------------------------------


def test_the_bundled_scenarios_are_listed(client: TestClient) -> None:
    listed = client.get("/api/scenarios").json()
    demo_info = next(s for s in listed if s["name"] == "demo")
    assert demo_info == {
        "name": "demo",
        "title": "The bridge at Kleinwalde",
        "ruleset": "engineering",
        "sides": ["german", "us"],
    }


def test_creating_a_game_gives_one_secret_link_per_seat(client: TestClient) -> None:
    response = client.post("/api/games", json={"scenario": "demo"})
    created = msgspec.convert(response.json(), schema.Created)
    assert response.status_code == 201
    assert [s.seat for s in created.seats] == list(SEATS)
    for link in created.seats:
        assert link.page == f"/play/{link.token}"
        assert link.api == f"/api/seats/{link.token}"
        assert client.get(link.api).json()["seat"] == link.seat
    assert len({s.token for s in created.seats}) == 4


SKIRMISH = """
ruleset: engineering
title: Uploaded skirmish
sides: [{id: red}, {id: blue}]
units:
  - {id: r1, side: red, kind: troops, traits: [engineer], position: [1, 1]}
  - {id: b1, side: blue, kind: troops, position: [5, 5]}
"""


def test_a_game_from_an_uploaded_scenario_file(client: TestClient) -> None:
    response = client.post("/api/games", json={"scenario_yaml": SKIRMISH})
    assert response.status_code == 201, response.text
    tokens = {s["seat"]: s["token"] for s in response.json()["seats"]}
    assert list(tokens) == ["umpire", "red", "blue", "public"]
    assert client.get(f"/api/seats/{tokens['red']}").json()["title"] == "Uploaded skirmish"


def test_a_created_game_gets_a_fresh_secret_seed_unless_given_one(client: TestClient) -> None:
    """The bundled scenario's seed is published: a game gets it only when asked to."""
    host: Host = client.app.state.host  # type: ignore[attr-defined]

    def seed(table: Table) -> str:
        stored = host.store.load(table.game).seed  # as recorded, not only as held in memory
        assert stored == host.game(table.game).seed
        return stored

    fresh = [seed(create(client)) for _ in range(2)]
    assert fresh[0] != fresh[1]
    assert DEMO_SEED not in fresh
    assert all(len(s) == 32 and set(s) <= set("0123456789abcdef") for s in fresh)
    assert seed(create(client, seed="our-own-seed")) == "our-own-seed"
    assert seed(create(client, published_seed=True)) == DEMO_SEED
    assert seed(create(client, published_seed=False)) != DEMO_SEED
    uploaded = client.post("/api/games", json={"scenario_yaml": SKIRMISH})
    assert len(host.game(uploaded.json()["game"]).seed) == 32


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "give either `scenario`"),
        ({"scenario": "demo", "scenario_yaml": "x: 1"}, "give either `scenario`"),
        ({"scenario": "nope"}, "no bundled scenario 'nope' (bundled: "),
        ({"scenario": "/etc/passwd"}, "no bundled scenario '/etc/passwd'"),
        ({"scenario": "../scenario/bundled/demo.yaml"}, "no bundled scenario"),
        ({"scenario_yaml": "ruleset: [unclosed"}, "uploaded scenario: line 2, column 1: did not"),
        ({"scenario_yaml": "just text"}, "a scenario must be a mapping"),
        ({"scenario_yaml": "ruleset: chess\ntitle: x\nsides: []"}, "unknown ruleset 'chess'"),
        ({"scenario_yaml": "ruleset: engineering\ntitle: x\nsides: [{id: a}]"}, "two sides"),
        ({"scenario": 3}, "request scenario: expected str | null, got int"),
        ({"scenario": "demo", "colour": "red"}, "object contains unknown field colour"),
        ({"scenario": "demo", "seed": "x", "published_seed": True}, "either a seed or published"),
        ({"scenario_yaml": SKIRMISH, "published_seed": True}, "'Uploaded skirmish' publishes no"),
    ],
)
def test_bad_requests_to_create_a_game(client: TestClient, body: Any, message: str) -> None:
    assert message in error(client.post("/api/games", json=body), 400)


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    declared = {"content-type": "application/json"}
    assert "not valid JSON" in error(
        client.post("/api/games", content=b"{oops", headers=declared), 400
    )
    assert "expected object" in error(client.post("/api/games", json=[1]), 400)
    assert "not valid JSON" in error(client.post("/api/games", content=b"", headers=declared), 400)
    big = {"scenario_yaml": "#" * (600 * 1024)}
    assert "over 512 KiB" in error(client.post("/api/games", json=big), 413)


# -- reading, seat by seat ------------------------------------------------------------------------


@pytest.mark.parametrize("seat", SEATS)
def test_each_seat_gets_exactly_its_own_view_and_log(demo: Table, seat: str) -> None:
    demo.act("german", DEMOLISH_CULVERT)
    game = host_of(demo).game(demo.game)
    table = msgspec.convert(demo.table(seat), schema.SeatTable)
    assert table.seat == seat
    assert table.view == plain(game.view(seat))
    assert table.to_act == ["us"]
    assert demo.log(seat) == plain(game.log_view(seat))
    msgspec.convert(demo.get(seat, "/log").json(), schema.Log)


@pytest.mark.parametrize("seat", SEATS)
def test_a_seat_reads_only_the_entries_after_a_number(demo: Table, seat: str) -> None:
    demo.act("german", DEMOLISH_CULVERT)
    demo.act("us", {"action": "pass"})
    whole = demo.log(seat)
    assert len(whole) == 2
    for since in range(len(whole) + 2):
        assert demo.get(seat, f"/log?since={since}").json()["log"] == whole[since:]
    for bad in ("-1", "two", "1e3", "9" * 12):
        assert "since: must be a whole number" in error(demo.get(seat, f"/log?since={bad}"), 400)


def test_the_seat_table_tells_the_clock_in_the_rulesets_words(client: TestClient) -> None:
    """The status line's clock: the demo's turn and phase; waterborne's initiative (CF-INIT)."""
    assert (
        create(client).table("us")["clock"] == "turn 1: Wehrmacht's maneuver phase, Wehrmacht acts"
    )
    crossing = create(client, "waterborne")
    assert crossing.table("public")["clock"] == (
        "initiative 1: British Second Army has the initiative"
    )


def test_each_seat_is_offered_only_its_own_legal_actions(demo: Table) -> None:
    german = demo.table("german")["actions"]
    assert offers(german, **PREPARE_BRIDGE)
    assert all(a.get("unit") in (None, "pioneer-1", "pioneer-2", "mg-team") for a in german)
    assert demo.table("us")["actions"] == []  # the German maneuver phase
    assert demo.table("public")["actions"] == []
    assert offers(demo.table("umpire")["actions"], **PREPARE_BRIDGE)
    demo.act("german", PREPARE_BRIDGE)
    us = demo.table("us")["actions"]
    assert offers(us, action="pass")
    assert offers(us, action="opportunity-fire", unit="rifle-1")
    assert not offers(us, action="prepare")


@pytest.mark.parametrize("seat", SEATS)
def test_the_table_svg_is_drawn_from_the_seats_view(demo: Table, seat: str) -> None:
    response = demo.get(seat, "/table.svg?unit=rifle-1")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")
    assert 'data-unit="rifle-1"' in response.text
    assert ("road bridge" in response.text) is (seat in ("umpire", "german"))


# -- previews and actions -------------------------------------------------------------------------


def test_a_preview_gives_the_exact_odds_and_records_nothing(demo: Table) -> None:
    response = demo.post("german", "/preview", {"action": DEMOLISH_CULVERT})
    preview = msgspec.convert(response.json(), schema.Preview)
    (check,) = preview.checks
    assert check.name == "engineering.demolition"
    assert check.dice == ["d10"]
    assert [(o.outcome, o.fraction, o.percent) for o in check.odds] == [
        ("success", "9/10", 90.0),
        ("dud", "1/10", 10.0),
    ]
    # the demolition roll is sealed until opportunity fire is over: declaring it is certain
    (declared,) = preview.odds["outcomes"]
    assert declared["probability"] == "1/1"
    assert "opportunity fire" in declared["summary"]
    bridge = demo.post("german", "/preview", {"action": PREPARE_BRIDGE}).json()
    assert bridge["checks"] == []
    assert demo.log("umpire") == []


def test_a_preview_of_an_illegal_action_is_refused_like_the_action(demo: Table) -> None:
    refused = demo.post("us", "/preview", {"action": {"action": "pass"}})
    assert "ENG-ACT-09: no engineering action awaits" in error(refused, 409)
    assert refused.json()["rule"] == "ENG-ACT-09"


def test_acting_returns_what_the_seat_sees_of_its_action(demo: Table) -> None:
    (entry,) = demo.act("german", PREPARE_BRIDGE)
    assert entry["action"].items() >= PREPARE_BRIDGE.items()
    assert [e["event"] for e in entry["events"]] == ["engineering-started", "work-declared"]
    msgspec.convert({"entries": [entry]}, schema.Acted)


def test_typed_in_dice_are_used_and_attributed(demo: Table) -> None:
    demo.act("german", PREPARE_BRIDGE)
    fire = {"action": "opportunity-fire", "unit": "rifle-1"}
    (entry,) = demo.act("us", fire, dice=[4], player="Alice")
    fired = entry["events"][0]
    assert fired["result"]["faces"] == [[4]]
    assert fired["result"]["origin"] == "entered:Alice"
    assert fired["result"]["outcome"] == "disordered"


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([], "this roll needs d10 but only 0 face(s) are left"),
        ([11], "face 1 is 11, but a d10 shows 1 to 10"),
        ([4, 4], "1 face(s) entered but not needed"),
    ],
)
def test_typed_in_dice_that_cannot_be_right_are_refused(
    demo: Table, dice: list[int], message: str
) -> None:
    demo.act("german", PREPARE_BRIDGE)
    fire = {"action": "opportunity-fire", "unit": "rifle-1"}
    assert message in error(demo.post("us", "/act", {"action": fire, "dice": dice}), 400)
    assert len(demo.log("umpire")) == 1


@pytest.mark.parametrize(
    ("seat", "action", "status", "message"),
    [
        ("us", {"action": "end-phase"}, 409, "BF-SEQ: the maneuver phase"),
        ("us", PREPARE_BRIDGE, 409, "SEATS: Pioniere 1 belongs to german; us cannot order it"),
        ("public", {"action": "end-phase"}, 409, "SEATS: the public table display cannot act"),
        ("german", {"action": "fly"}, 400, "action: unknown action 'fly' (actions: "),
        ("german", {"unit": "x"}, 400, "action: unknown action None"),
        ("german", {"action": "move", "unit": "mg-team", "to": "north"}, 400, "move to: "),
        ("german", {"action": "move", "unit": "ghost", "to": [1, 1]}, 400, "unknown unit 'ghost'"),
    ],
)  # fmt: skip
def test_illegal_and_malformed_actions_are_refused_and_leave_no_trace(
    demo: Table, seat: str, action: dict[str, Any], status: int, message: str
) -> None:
    assert message in error(demo.post(seat, "/act", {"action": action}), status)
    assert demo.log("umpire") == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "object missing required field action"),
        ({"action": "pass"}, "request action: expected object, got str"),
        ({"action": {}, "dice": "4"}, "request dice: expected array | null"),
        ({"action": {"action": "pass"}, "seat": "umpire"}, "unknown field seat"),
    ],
)
def test_malformed_act_requests(demo: Table, body: Any, message: str) -> None:
    assert message in error(demo.post("german", "/act", body), 400)


# -- undo -----------------------------------------------------------------------------------------


def test_only_the_umpire_may_undo_and_the_undo_is_logged(demo: Table) -> None:
    demo.act("german", PREPARE_BRIDGE)
    assert demo.table("umpire")["can_undo"] is True
    assert demo.table("german")["can_undo"] is False
    refused = demo.post("german", "/undo", {"count": 1})
    assert "UNDO: only the umpire seat may undo" in error(refused, 409)
    assert "there are 1 action(s) that can be undone" in error(
        demo.post("umpire", "/undo", {"count": 2}), 400
    )
    (entry,) = demo.post("umpire", "/undo", {}).json()["entries"]
    assert entry["kind"] == "undo"
    assert entry["undoes"] == [1]
    assert [e["undone"] for e in demo.log("us")] == [True, False]
    assert demo.table("umpire")["can_undo"] is False
    assert demo.table("us")["view"]["pending"] is None


# -- tokens, paths, failures ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", ""),
        ("GET", "/log"),
        ("GET", "/table.svg"),
        ("POST", "/preview"),
        ("POST", "/act"),
        ("POST", "/undo"),
    ],
)
def test_an_unknown_token_is_a_clear_404_everywhere(demo: Table, method: str, path: str) -> None:
    bad = demo.tokens["umpire"][:-2] + "xx"
    body = {"action": {"action": "end-phase"}} if method == "POST" else None
    response = demo.client.request(method, f"/api/seats/{bad}{path}", json=body)
    assert "unknown or expired seat token" in error(response, 404)
    page = demo.client.get(f"/play/{bad}")
    assert page.status_code == 404
    assert "unknown or expired seat token" in page.text


def test_unknown_paths_and_methods_are_json_errors(client: TestClient) -> None:
    assert error(client.get("/api/nothing"), 404) == "not found: GET /api/nothing"
    assert error(client.get("/api/games"), 405) == "method not allowed: GET /api/games"


def test_a_failed_write_is_a_503_and_records_nothing(
    demo: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = host_of(demo)

    def broken(game_id: str, entry: Any, summary: Any = None, **kept: Any) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(host.store, "append", broken)
    response = demo.post("german", "/act", {"action": PREPARE_BRIDGE})
    assert "could not be saved and was not recorded" in error(response, 503)
    monkeypatch.undo()
    assert demo.log("umpire") == []  # reloaded from the store: the action is not there
    assert demo.table("german")["view"]["pending"] is None
    demo.act("german", PREPARE_BRIDGE)
    assert len(demo.log("umpire")) == 1


def test_responses_carry_no_referrer_and_no_store(demo: Table) -> None:
    for response in (demo.get("us"), demo.client.get(f"/play/{demo.tokens['us']}")):
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["cache-control"] == "no-store"
        assert "default-src 'self'" in response.headers["content-security-policy"]


# -- pages and the API description ----------------------------------------------------------------


def test_the_pages_and_their_assets_are_served(demo: Table) -> None:
    home = demo.client.get("/")
    assert home.status_code == 200
    assert "Start a game" in home.text
    for seat in SEATS:
        page = demo.client.get(f"/play/{demo.tokens[seat]}")
        assert page.status_code == 200
        assert 'name="viewport"' in page.text
        assert ("/static/tv.js" if seat == "public" else "/static/seat.js") in page.text
    tv = demo.client.get(f"/play/{demo.tokens['us']}?display=tv")
    assert "/static/tv.js" in tv.text
    replay = demo.client.get(f"/play/{demo.tokens['us']}/replay")
    assert "/static/replay.js" in replay.text
    assert demo.client.get("/play/not-a-token/replay").status_code == 404
    for asset in ("seat.js", "home.js", "common.js", "app.css", "tv.js", "replay.js", "feed.js"):
        assert demo.client.get(f"/static/{asset}").status_code == 200


def served_api(app: Starlette) -> tuple[set[tuple[str, str]], set[str]]:
    """What the app serves as its API: (method, path) of every HTTP route, and the path of every
    WebSocket route, read from `app.routes` itself.

    Left out, as they are not the JSON API: the pages (`pages.ROUTES`: the home page and the seat
    pages, HTML) and the static files (the `/static` mount). Any other route counts, wherever it
    is declared. HEAD is left out where GET is served: Starlette answers HEAD for every GET route
    by itself, and OpenAPI documents it with the GET."""
    http: set[tuple[str, str]] = set()
    sockets: set[str] = set()
    for route in app.routes:
        if route in pages.ROUTES:
            continue
        if isinstance(route, Route):
            methods = set(route.methods or ())
            if "GET" in methods:
                methods.discard("HEAD")
            http |= {(method.lower(), route.path) for method in methods}
        elif isinstance(route, WebSocketRoute):
            sockets.add(route.path)
        else:
            raise AssertionError(f"a route of a kind the API test does not know: {route!r}")
    return http, sockets


def test_the_openapi_document_lists_exactly_the_served_routes(
    app: Starlette, client: TestClient
) -> None:
    """Both directions: a route served but not documented fails, and so does an operation
    documented but not served."""
    doc = client.get("/openapi.json").json()
    documented = {(method, path) for path, item in doc["paths"].items() for method in item}
    http, sockets = served_api(app)
    assert http, "no API route found"
    assert http - documented == set(), "served but not in the OpenAPI document"
    assert documented - http == set(), "in the OpenAPI document but not served"
    # OpenAPI has no operation for a WebSocket: the document's description names each one.
    assert sockets == {schema.LIVE_PATH}
    for path in sockets:
        assert f"`{path}`" in doc["info"]["description"]


def test_each_documented_path_declares_its_path_parameters(app: Starlette) -> None:
    doc = schema.openapi()
    served = {r.path: r for r in app.routes if isinstance(r, Route) and r not in pages.ROUTES}
    for path, item in doc["paths"].items():
        for method, op in item.items():
            declared = {p["name"] for p in op.get("parameters", ()) if p["in"] == "path"}
            assert declared == set(served[path].param_convertors), (method, path)


def test_the_openapi_document_describes_every_endpoint(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    assert set(doc["paths"]) == {op.path for op in schema.OPS}
    act = doc["paths"]["/api/seats/{token}/act"]["post"]
    assert act["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ActRequest"
    }
    assert {"200", "400", "404", "409", "413"} <= set(act["responses"])
    assert "Error" in doc["components"]["schemas"]
    svg = doc["paths"]["/api/seats/{token}/table.svg"]["get"]
    assert {p["name"]: p["in"] for p in svg["parameters"]} == {"token": "path", "unit": "query"}
    create = doc["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]
    fields = doc["components"]["schemas"][create["schema"]["$ref"].rsplit("/", 1)[1]]
    assert {"seed", "published_seed"} <= set(fields["properties"])


def test_app_state_is_one_host(app: Starlette) -> None:
    assert isinstance(app.state.host, Host)
