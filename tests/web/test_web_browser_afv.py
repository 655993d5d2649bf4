"""The afv seat pages in a real browser, two seats in two contexts (one a phone), played only
by tapping the board and the action sheet (tests/web/seatpages.py)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from seatpages import (
    PHONE,
    confirm,
    create,
    fits,
    no_serious_violations,
    open_page,
    select,
    verb,
    whole_table,
)
from seatpages import server as server  # the module's server fixture, shared
from webgame import LiveServer
from webpages import DESKTOP, needs_chromium
from webpages import browser as browser  # the module's browser fixture, shared

pytestmark = needs_chromium


def test_afv_setup_and_the_first_card_by_taps(browser: Browser, server: LiveServer) -> None:
    links = create(browser, server, "afv")
    us = open_page(browser, links["us"], DESKTOP)
    german = open_page(browser, links["german"], PHONE)
    expect(us.locator("#banner")).to_contain_text("turn 1: setup")
    for n in range(1, 6):
        select(us, f"sherman-{n}")
        verb(us, "rolls its main-gun rounds")
        confirm(us)
        verb(us, "the breech empty")
        confirm(us)
    expect(german.locator("#banner")).to_contain_text("Your move")
    whole_table(german)
    select(german, "panzer-iv")
    verb(german, "rolls its main-gun rounds")
    confirm(german)
    verb(german, "the breech empty")
    confirm(german)
    expect(us.locator("#banner")).to_contain_text("Your move")
    verb(us, "draw the next card")
    confirm(us)
    expect(us.locator("#banner")).to_contain_text("card 1")
    expect(german.locator("#banner")).to_contain_text("card 1")
    fits(german)
    no_serious_violations(german, "afv german phone")
    for page in (us, german):
        page.context.close()
