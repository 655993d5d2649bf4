"""The abilities seat pages in a real browser, two seats in two contexts (one a phone), played only
by tapping the board and the action sheet (tests/web/seatpages.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect
from seatpages import (
    PHONE,
    at_the_table,
    confirm,
    create,
    fits,
    no_serious_violations,
    open_page,
    select,
    shot,
    tap,
    tap_board,
    verb,
)
from seatpages import server as server  # the module's server fixture, shared
from webgame import LiveServer
from webpages import DESKTOP, needs_chromium
from webpages import browser as browser  # the module's browser fixture, shared

pytestmark = needs_chromium


def test_abilities_a_command_pulse_by_taps_with_ruler_and_facing(
    browser: Browser, server: LiveServer
) -> None:
    links = create(browser, server, "abilities")
    allies = open_page(browser, links["allies"], DESKTOP)
    german = open_page(browser, links["german"], PHONE)
    verb(allies, "Allies (Gary) rolls its Command Dice")
    at_the_table(allies, [6, 5, 4, 3, 2])  # a 4 or more: an Order Chain for the jeep
    confirm(allies)
    expect(german.locator("#banner")).to_contain_text("Your move")
    verb(german, "Germans (Max) rolls its Command Dice")
    at_the_table(german, [5, 4, 3, 2, 2])
    confirm(german)

    expect(allies.locator("#banner")).to_contain_text("command pulse 1")
    select(allies, "jeep")
    verb(allies, "Recon Jeep is activated with an Order Chain")
    expect(allies.locator("#f-dice")).to_be_visible()  # the remaining choices, in a small form
    confirm(allies)
    verb(allies, "Recon Jeep moves")
    tap_board(allies, 20, 12)  # 4" up the table from (20, 8)
    ruler = re.compile(r'^4\.[01]" of 7\.99" — within the allowance$')  # a pixel either way
    expect(allies.locator("#ruler-to")).to_have_text(ruler)
    tap_board(allies, 24, 12)  # then the facing: due east of the new place
    expect(allies.locator("#angle-facing")).to_have_text(re.compile(r"^(8[89]|9[01])°$"))
    shot(allies, "abilities-allies-facing", full=False)
    confirm(allies)
    expect(german.locator("#reaction")).to_contain_text("Recon Jeep moved, pivoted or fired")
    expect(german.locator('#svg g.trigger[data-unit="jeep"]')).to_have_count(1)
    waiting = "Waiting for Germans (Max) (opportunity fire)"
    expect(allies.locator("#banner")).to_contain_text(waiting)
    tap(german, "button.action", has_text="Germans (Max) holds fire at Recon Jeep")
    confirm(german)
    tap(allies, "button.action", has_text="Allies (Gary) ends the Command Pulse")
    confirm(allies)
    expect(german.locator("#banner")).to_contain_text("Your move")
    expect(german.locator("#banner")).to_contain_text("command pulse 2")
    fits(german)
    no_serious_violations(allies, "abilities allies")
    for page in (allies, german):
        page.context.close()
