"""The pages in a real browser: Playwright driving Debian's headless Chromium (never a browser
that Playwright downloads). `make test` installs chromium when it is missing; without it, these
tests are skipped. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from webgame import LiveServer

from kriegsspiel.web import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TIMEOUT_MS = 30_000  # generous: a loaded 2-core machine is slow, and a wait ends when met
PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1280, height=900)

expect.set_options(timeout=TIMEOUT_MS)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"{CHROMIUM} is missing (apt-get install chromium; make test does)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(create_app(tmp_path / "games.db")) as running:
        yield running


def open_page(browser: Browser, url: str, viewport: ViewportSize) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    expect(page.locator("body[data-loaded]")).to_be_attached()
    expect(page.locator("#live")).to_have_text("● live")
    return page


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def create_demo(browser: Browser, server: LiveServer) -> dict[str, str]:
    """Create the demo game on the home page; the seat links it shows."""
    home = browser.new_page(viewport=DESKTOP)
    home.goto(server.url + "/")
    expect(home.locator("#scenario option[value=demo]")).to_be_attached()
    home.select_option("#scenario", "demo")
    home.click("#create-button")
    expect(home.locator("#links a")).to_have_count(4)
    shot(home, "home-created")
    links = {a.get_attribute("data-seat") or "": a.get_attribute("href") or "" for a in
             home.locator("#links a").all()}  # fmt: skip
    home.close()
    return links


def take(page: Page, unit: str, label: str) -> None:
    """Select `unit` on the table, then choose the action button reading `label`."""
    page.click(f'svg g[data-unit="{unit}"]')
    expect(page.locator("#selected")).to_contain_text("Selected:")
    page.locator("button.action", has_text=label).click()
    expect(page.locator("#odds")).not_to_be_empty()


def test_two_sides_play_on_their_own_pages_and_the_public_follows(
    browser: Browser, server: LiveServer
) -> None:
    links = create_demo(browser, server)
    assert set(links) == {"umpire", "german", "us", "public"}
    public = open_page(browser, links["public"], DESKTOP)
    german = open_page(browser, links["german"], DESKTOP)
    us = open_page(browser, links["us"], PHONE)
    expect(german.locator("#status")).to_contain_text("to act: german")

    take(german, "pioneer-1", "Pioniere 1 prepares road bridge")
    expect(german.locator("#odds")).to_contain_text("No dice")
    german.click("#do")
    expect(german.locator("#notice")).to_contain_text("pioneer-1 performs an engineering action")
    # the public display follows without reloading, and learns nothing of what the work is
    expect(public.locator("#log")).to_contain_text("pioneer-1 performs an engineering action")
    expect(public.locator("#status")).to_contain_text("to act: us")

    take(us, "rifle-1", "Rifle squad 1 takes opportunity fire")
    odds = us.locator("#odds")
    expect(odds).to_contain_text("engineering.direct-fire")
    expect(odds).to_contain_text("1/10")  # exact fractions, and percentages beside them
    expect(odds).to_contain_text("10%")
    us.check("input[name=dice][value=typed]")
    us.fill("#faces", "4")
    us.fill("#player", "Alice")
    us.click("#do")
    expect(us.locator("#notice")).to_contain_text("rolled 4")
    expect(public.locator("#log")).to_contain_text("cancelled by opportunity fire")
    expect(german.locator("#log")).to_contain_text("cancelled by opportunity fire")
    for page, name in ((public, "public"), (german, "german"), (us, "us-phone")):
        shot(page, f"play-{name}")


def test_the_umpire_sees_what_the_side_pages_do_not_and_may_undo(
    browser: Browser, server: LiveServer
) -> None:
    links = create_demo(browser, server)
    pages = {seat: open_page(browser, link, DESKTOP) for seat, link in links.items()}
    take(pages["german"], "pioneer-2", "Pioniere 2 blows culvert")
    expect(pages["german"].locator("#odds")).to_contain_text("9/10")
    pages["german"].click("#do")
    umpire = pages["umpire"]
    expect(umpire.locator("#log")).to_contain_text("roll sealed until the action resolves")
    expect(umpire.locator("#details")).to_contain_text("road bridge")
    for seat in ("us", "public"):
        expect(pages[seat].locator("#log")).to_contain_text("pioneer-2 performs")
        text = pages[seat].content()
        assert "road bridge" not in text
        assert "culvert" not in text
        assert "sealed" not in text
    assert "sealed" not in pages["german"].content()
    shot(umpire, "umpire-sealed-roll")

    umpire.click("#undo")
    expect(umpire.locator("#log li.undone")).to_have_count(1)
    expect(pages["public"].locator("#log li.undone")).to_have_count(1)
    expect(pages["us"].locator("#status")).to_contain_text("to act: german")
    shot(pages["public"], "public-after-undo")


def test_a_phone_sized_screen_shows_the_whole_page(browser: Browser, server: LiveServer) -> None:
    links = create_demo(browser, server)
    phone = open_page(browser, links["german"], PHONE)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"
    expect(phone.locator("#svg svg")).to_be_visible()  # drawn once the view has arrived
    # the board is at least 300 px wide (asked of the page, which may redraw it meanwhile)
    phone.wait_for_function("document.querySelector('#svg svg')?.clientWidth >= 300")
    take(phone, "pioneer-1", "Pioniere 1 prepares road bridge")
    phone.click("#do")
    expect(phone.locator("#log li")).to_have_count(1)
    shot(phone, "german-phone")
    bad = browser.new_page(viewport=PHONE)
    response = bad.goto(server.url + "/play/not-a-token")
    assert response is not None
    assert response.status == 404
    expect(bad.locator("#error")).to_contain_text("unknown or expired seat token")


def test_each_option_of_a_choice_has_its_own_button(browser: Browser, server: LiveServer) -> None:
    """ENG-MINE-19..24: a new section is one legal entry with a choice of type; the page offers
    each type, and the one chosen is what is previewed."""
    links = create_demo(browser, server)
    german = open_page(browser, links["german"], DESKTOP)
    take(german, "pioneer-1", "Pioniere 1 lays a minefield: AP mines")
    for what in ("AT mines", "AP mines", "a dummy minefield"):
        label = f"Pioniere 1 lays a minefield: {what}"
        expect(german.locator("button.action", has_text=label)).to_have_count(1)
    expect(german.locator("#confirm-title")).to_contain_text("AP mines")
    expect(german.locator('#fields input[name="type"]')).to_have_value("AP")
    shot(german, "german-choice-options")
