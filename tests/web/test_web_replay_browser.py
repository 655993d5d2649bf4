"""The replay page in a real browser: stepping through a seat's own log, a note kept as a
bookmark, and the full record once the umpire opens it (live, on a page already open)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.request import Request, urlopen

import pytest
from playwright.sync_api import Browser, Route, expect
from webgame import DEMOLISH_CULVERT, PREPARE_BRIDGE, LiveServer
from webpages import browser, needs_chromium, new_page, shot

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app

__all__ = ["browser"]  # the module's browser fixture
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    with LiveServer(create_app(tmp_path_factory.mktemp("replay") / "games.db")) as server:
        created = remote.create_game(server.url, "demo")
        seats = {s["seat"]: s["url"] for s in created["seats"]}
        remote.act(seats["umpire"], {"action": "reveal", "demolition": "culvert", "side": "us"})
        remote.act(seats["german"], PREPARE_BRIDGE)
        remote.act(seats["us"], {"action": "pass"})
        remote.act(seats["german"], DEMOLISH_CULVERT)
        yield seats


def test_a_seat_steps_through_its_own_log_and_keeps_a_bookmark(
    browser: Browser, links: dict[str, str]
) -> None:
    seat_page = new_page(browser, links["german"])
    seat_page.click("#replay-link")
    page = seat_page
    expect(page.locator("#position")).to_have_text("3 / 3")  # its own numbering: 3 entries
    expect(page.locator("#forward")).to_be_disabled()
    page.click("#first")
    expect(page.locator("#position")).to_have_text("0 / 3")
    expect(page.locator("#entry")).to_contain_text("The start of the game")
    expect(page.locator("#back")).to_be_disabled()
    page.click("#forward")
    expect(page.locator("#position")).to_have_text("1 / 3")
    expect(page.locator("#entry")).to_contain_text("Pioniere 1 performs an engineering action")
    expect(page.locator("#svg svg")).to_be_visible()
    page.locator("#slider").fill("2")
    expect(page.locator("#position")).to_have_text("2 / 3")
    page.fill("#note", "the US passed here")
    page.click("#save-note")
    expect(page.locator("#bookmarks button")).to_have_text(["2: the US passed here"])
    page.click("#last")
    expect(page.locator("#position")).to_have_text("3 / 3")
    page.reload()
    page.locator("#bookmarks button").click()
    expect(page.locator("#position")).to_have_text("2 / 3")
    expect(page.locator("#note")).to_have_value("the US passed here")
    expect(page.locator("#full-box")).to_be_hidden()  # not revealed: its own record only
    shot(page, "replay-german")


def test_the_umpire_opens_the_full_record_to_every_seat(
    browser: Browser, links: dict[str, str]
) -> None:
    public = new_page(browser, links["public"].replace("/play/", "/play/") + "/replay")
    expect(public.locator("#position")).to_have_text("3 / 3")
    assert "road bridge" not in public.content()
    umpire = new_page(browser, links["umpire"] + "/replay")
    expect(umpire.locator("#position")).to_have_text("4 / 4")
    umpire.click("#reveal")
    expect(umpire.locator("#reveal-box")).to_be_hidden()
    public.reload()
    public.check("#full")
    expect(public.locator("#position")).to_have_text("4 / 4")
    expect(public.locator("#status")).to_contain_text("the full record")
    expect(public.locator("#svg")).to_contain_text("road bridge")  # the prepared charge
    shot(public, "replay-public-full")


def test_each_page_checks_the_openings_against_what_was_committed(
    browser: Browser, links: dict[str, str]
) -> None:
    """Run after the umpire revealed the game (above). The seat page kept the commitments as
    they came; the replay page hashes each opening and compares: a tampered one is caught."""
    seat = new_page(browser, links["us"])
    expect(seat.locator("body[data-loaded]")).to_be_attached()
    seat.wait_for_function(
        "Object.keys(JSON.parse(localStorage.getItem("
        f"'kriegsspiel-commitments-{links['us'].split('/')[-1]}') || '{{}}')).length === 4"
    )
    page = seat.context.new_page()
    page.goto(links["us"] + "/replay")
    page.click("#audit")
    expect(page.locator("#audit-result")).to_contain_text("Verified: all 4 entries match")
    expect(page.locator("#audit-result")).to_contain_text("All 12 hidden things match")

    def tampered(route: Route) -> None:
        answer = route.fetch()
        body = answer.json()
        body["openings"][2]["hidden"] = body["openings"][2]["hidden"].replace("bridge", "ford")
        route.fulfill(response=answer, json=body)

    page.route("**/openings", tampered)
    page.click("#audit")
    expect(page.locator("#audit-result")).to_contain_text("Does not match: entries 2 differ")
    shot(page, "replay-audit-tampered")
    fresh = new_page(browser, links["public"] + "/replay")  # a browser that kept nothing
    fresh.click("#audit")
    expect(fresh.locator("#audit-result")).to_contain_text(
        "3 entries never reached this browser's pages and were not checked"
    )


def test_a_thing_shown_in_play_is_verified_as_it_arrives_and_a_tampered_one_reported(
    browser: Browser, links: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The US seat page is open when the umpire shows the US the culvert's charge: its opening
    comes with that entry, and the seat page and then the replay page check it against the
    commitment kept at the start. An opening changed on its way is reported, not believed, and a
    browser that kept nothing says it could not check."""
    with LiveServer(create_app(tmp_path_factory.mktemp("shown") / "games.db")) as server:
        created = remote.create_game(server.url, "demo")
        seats = {s["seat"]: s["url"] for s in created["seats"]}
        seat = new_page(browser, seats["us"])
        expect(seat.locator("body[data-loaded]")).to_be_attached()
        token = seats["us"].split("/")[-1]
        seat.wait_for_function(
            f"Object.keys(JSON.parse(localStorage.getItem('kriegsspiel-things-{token}') || '{{}}'))"
            ".length === 8"
        )
        remote.act(seats["umpire"], {"action": "reveal", "demolition": "culvert", "side": "us"})
        verified = (
            "Demolition culvert at (8, 27): verified — it was as the umpire committed at the start"
        )
        expect(seat.locator("#checks")).to_contain_text(verified)
        shot(seat, "seat-check-verified")
        replay = seat.context.new_page()
        replay.goto(seats["us"] + "/replay")
        expect(replay.locator("#checks")).to_contain_text(verified)

        def moved(route: Route) -> None:
            answer = route.fetch()
            body = answer.json()
            for o in body["opened"]:
                o["content"] = o["content"].replace("[8.0,27.0]", "[30.0,27.0]")
            route.fulfill(response=answer, json=body)

        tampered = seat.context.new_page()
        tampered.route("**/commitments*", moved)
        tampered.goto(seats["us"])
        expect(tampered.locator("#checks")).to_contain_text(
            "Demolition culvert at (8, 27): does not match — it is not what the umpire committed "
            "at the start"
        )
        shot(tampered, "seat-check-tampered")
    fresh = new_page(browser, links["us"])  # a browser that kept nothing before the opening
    expect(fresh.locator("#checks")).to_contain_text(
        "Demolition culvert at (8, 27): not checked — this browser never received its commitment"
    )


def test_an_open_replay_page_turns_to_the_full_record_and_checks_it_when_revealed(
    browser: Browser, links: dict[str, str]
) -> None:
    """A game of its own, not yet revealed: the US seat page keeps its commitments, its replay
    page is open; the umpire reveals the game and, told live, the replay turns to the full
    record and verifies it, and the seat page offers the full record, with no reload."""
    base = links["umpire"].split("/play/")[0]
    seats = {s["seat"]: s["url"] for s in remote.create_game(base, "demo")["seats"]}
    remote.act(seats["german"], PREPARE_BRIDGE)
    remote.act(seats["us"], {"action": "pass"})
    us_entries, all_entries = len(remote.log(seats["us"])), len(remote.log(seats["umpire"]))
    assert (us_entries, all_entries) == (2, 2)
    seat = new_page(browser, seats["us"])
    seat.wait_for_function(  # its two entries (a function: the page's policy forbids eval)
        "() => Object.keys(JSON.parse(localStorage.getItem("
        f"'kriegsspiel-commitments-{seats['us'].split('/')[-1]}') || '{{}}')).length === 2"
    )
    page = seat.context.new_page()
    page.goto(seats["us"] + "/replay")
    expect(page.locator("body[data-live=true]")).to_be_attached()
    expect(page.locator("#position")).to_have_text("2 / 2")
    expect(page.locator("#full-box")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("as us knew it")
    page.evaluate("window.sameDocument = true")  # gone if the page were reloaded
    token = seats["umpire"].rsplit("/", 1)[1]
    urlopen(Request(f"{base}/api/seats/{token}/reveal", b"{}", method="POST"))
    expect(page.locator("#full")).to_be_checked()
    expect(page.locator("#status")).to_contain_text("the full record")
    expect(page.locator("#svg")).to_contain_text("road bridge")  # the prepared charge
    expect(page.locator("#audit-result")).to_contain_text("Verified: all 2 entries match")
    expect(seat.locator("#replay-link")).to_have_text(
        "Replay the full record (revealed to every seat)"
    )
    assert page.evaluate("window.sameDocument") is True
    shot(page, "replay-revealed-live")
