"""The host page and the umpire's seat links in a real browser: the lobby, creating a game, QR
codes and copy buttons, and a link revoked while its page is open."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from webgame import LiveServer
from webpages import browser, needs_chromium, new_page, shot

from kriegsspiel.web import create_app

__all__ = ["browser"]  # the module's browser fixture
pytestmark = needs_chromium


class Hosted(LiveServer):
    host_token = ""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hosted]:
    app = create_app(tmp_path_factory.mktemp("host") / "games.db", open_creation=False)
    running = Hosted(app)
    running.host_token = app.state.host.store.host_token()
    with running:
        yield running


def host_page(browser: Browser, server: Hosted) -> Page:
    page = new_page(browser, f"{server.url}/host/{server.host_token}")
    expect(page.locator("#scenario option[value=demo]")).to_be_attached()
    return page


def create_demo(page: Page) -> dict[str, str]:
    """Create the demo on the host page; its seat links as the page shows them."""
    before = page.locator("#games tbody tr").count()
    page.select_option("#scenario", "demo")
    page.click("#create-button")
    expect(page.locator("#games tbody tr")).to_have_count(before + 1)
    expect(page.locator("#seat-links .seat-link")).to_have_count(4)
    return {
        i.get_attribute("data-seat") or "": i.input_value()
        for i in page.locator("#seat-links input").all()
    }


def test_the_host_page_lists_games_creates_them_and_shows_their_links(
    browser: Browser, server: Hosted
) -> None:
    page = host_page(browser, server)
    links = create_demo(page)
    assert set(links) == {"umpire", "german", "us", "public"}
    assert all(url.startswith(f"{server.url}/play/") for url in links.values())
    row = page.locator("#games tbody tr").last
    expect(row).to_contain_text("The bridge at Kleinwalde")
    expect(row.locator("a.umpire")).to_have_attribute("href", links["umpire"])
    for img in page.locator("#seat-links img").all():
        assert (img.get_attribute("src") or "").startswith("data:image/svg+xml")
        assert img.evaluate("i => i.complete && i.naturalWidth > 0")  # the QR code drew
    card = page.locator('.seat-link[data-seat="us"]')
    card.locator("button.copy").click()
    expect(card.locator(".copied")).to_have_text("copied")
    assert page.evaluate("navigator.clipboard.readText()") == links["us"]
    shot(page, "host-page")
    refused = new_page(browser, f"{server.url}/host/not-the-token")
    expect(refused.locator("#error")).to_contain_text("unknown host token")


def test_a_link_revoked_on_the_umpire_page_stops_at_once(browser: Browser, server: Hosted) -> None:
    links = create_demo(host_page(browser, server))
    german = new_page(browser, links["german"])
    expect(german.locator("#live")).to_have_text("● live")
    umpire = new_page(browser, links["umpire"])
    cards = umpire.locator("#seat-links-section .seat-link")
    expect(cards).to_have_count(3)  # the other seats: the umpire's own is on the host page
    expect(new_page(browser, links["us"]).locator("body[data-loaded]")).to_be_attached()
    card = umpire.locator('.seat-link[data-seat="german"]')
    card.locator("button.reissue").click()
    expect(card.locator("input")).not_to_have_value(links["german"])
    fresh = card.locator("input").input_value()
    expect(german.locator("#error")).to_contain_text("unknown or expired seat token")
    expect(german.locator("#live")).not_to_have_text("● live")
    old = german.context.new_page()
    response = old.goto(links["german"])
    assert response is not None
    assert response.status == 404
    again = new_page(browser, fresh)
    expect(again.locator("#live")).to_have_text("● live")
    expect(again.locator("#banner")).to_contain_text("Your move")
    shot(umpire, "umpire-seat-links")


def test_messages_reach_exactly_their_audience_on_their_pages(
    browser: Browser, server: Hosted
) -> None:
    links = create_demo(host_page(browser, server))
    pages = {seat: new_page(browser, link) for seat, link in links.items()}
    for page in pages.values():
        expect(page.locator("body[data-loaded]")).to_be_attached()
    umpire = pages["umpire"]
    umpire.select_option("#message-to", "us")
    umpire.fill("#message-text", "your scouts report dust to the north")
    umpire.click("#message-send")
    expect(pages["us"].locator("#log")).to_contain_text("umpire to us: your scouts report dust")
    german = pages["german"]
    german.select_option("#message-to", "everyone")
    german.fill("#message-text", "Pioniere at the bridge")
    german.click("#message-send")
    for seat in ("umpire", "us", "public"):
        expect(pages[seat].locator("#log")).to_contain_text("german to everyone: Pioniere")
    expect(german.locator("#log")).to_contain_text("german to everyone: Pioniere")
    for seat in ("german", "public"):
        assert "dust" not in pages[seat].content()
    assert pages["public"].locator("#message-form").count() == 0  # the display only shows
    shot(pages["us"], "messages-us")
