"""The table display in a real browser: the public seat (or any seat with ?display=tv) fills a TV
screen without scrolling, with a large banner, the last events newest first, and no controls."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from webgame import PREPARE_BRIDGE, LiveServer
from webload import END_PHASE
from webpages import SMALL_TV, TV, browser, needs_chromium, new_page, shot

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app

__all__ = ["browser"]  # the module's browser fixture
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A demo game some way in, on a server of the module's own: each seat's link."""
    with LiveServer(create_app(tmp_path_factory.mktemp("tv") / "games.db")) as server:
        created = remote.create_game(server.url, "demo")
        seats = {s["seat"]: s["url"] for s in created["seats"]}
        remote.act(seats["german"], PREPARE_BRIDGE)
        remote.act(seats["us"], {"action": "pass"})
        for _ in range(3):
            seat = remote.show(seats["umpire"])["to_act"][0]
            remote.act(seats[seat], END_PHASE)
        yield seats


NAMES = {"german": "Wehrmacht", "us": "US Army"}


def _acting(links: dict[str, str]) -> str:
    return f"{NAMES[remote.show(links['public'])['to_act'][0]]} to act"


def _fits(page: Page, size: ViewportSize) -> None:
    """No scrollbar either way, and the banner in full view."""
    expect(page.locator("body[data-loaded]")).to_be_attached()
    scroll = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert scroll == [size["width"], size["height"]], scroll
    banner = page.locator("#turn").bounding_box()
    assert banner is not None
    assert banner["y"] >= 0
    assert banner["y"] + banner["height"] <= size["height"] / 4
    size_px = float(page.eval_on_selector("#turn", "e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size_px >= size["height"] / 25  # large type: over 40 px at 1080 lines
    board = page.locator("#svg svg").bounding_box()
    assert board is not None
    assert board["y"] + board["height"] <= size["height"]


@pytest.mark.parametrize("size", [TV, SMALL_TV], ids=["1920x1080", "1280x720"])
def test_the_public_seat_is_a_full_screen_display(
    browser: Browser, links: dict[str, str], size: ViewportSize
) -> None:
    page = new_page(browser, links["public"], size)
    _fits(page, size)
    expect(page.locator("#turn")).to_have_text(_acting(links))
    expect(page.locator("#phase")).to_contain_text("turn")
    expect(page.locator("#happening")).not_to_be_empty()
    numbers = [int(li.get_attribute("value") or 0) for li in page.locator("#log li").all()]
    assert numbers == sorted(numbers, reverse=True)  # the newest first
    assert numbers[0] == len(remote.log(links["public"])) == 5
    assert page.locator("button:visible, form, input").count() == 0  # no controls at all
    assert "Tap a unit" not in page.content()
    assert "cannot act" not in page.content()
    shot(page, f"tv-public-{size['width']}x{size['height']}")


def test_any_seat_becomes_a_display_and_it_follows_the_game(
    browser: Browser, links: dict[str, str]
) -> None:
    german = new_page(browser, links["german"] + "?display=tv", TV)
    public = new_page(browser, links["public"], TV)
    _fits(german, TV)
    expect(german.locator("#status")).to_contain_text("Wehrmacht · turn 1")  # names, not ids
    assert german.locator("button.action").count() == 0
    expect(public.locator("#live")).to_have_text("● live")
    before = _acting(links)
    seat = remote.show(links["umpire"])["to_act"][0]
    remote.act(links[seat], END_PHASE)
    after = _acting(links)
    assert after != before
    expect(public.locator("#turn")).to_have_text(after)
    expect(public.locator("#log li").first).to_have_attribute("value", "6")
    expect(public.locator("#log li .who").first).to_have_text(NAMES[seat])  # a name, not an id
    expect(german.locator("#turn")).to_have_text(after)
    _fits(public, TV)
