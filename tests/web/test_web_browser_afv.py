"""The afv seat pages in a real browser, two seats in two contexts (one a phone), played only
by tapping the board and the action sheet (tests/web/seatpages.py): the setup and every card of
turn 1 of the bundled `afv` scenario, until the banner reads turn 2. The deck's draws and every
roll the test reads are typed at the table."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
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
    tap_board,
    verb,
    whole_table,
)
from seatpages import server as server  # the module's server fixture, shared
from webgame import LiveServer
from webpages import DESKTOP, needs_chromium
from webpages import browser as browser  # the module's browser fixture, shared

pytestmark = needs_chromium


def draw(page: Page, face: int | None) -> None:
    """SK-DRAW: the next card, picked by a die with one face per card left (none for the last)."""
    verb(page, "draw the next card")
    expect(page.locator("#fields input")).to_have_count(0)  # no blank "card" to type
    if face is not None:
        at_the_table(page, [face])
    confirm(page)


def outcome(page: Page, what: str) -> str:
    """The fraction and percentage `#odds` gives the outcome reading `what`."""
    row = page.locator("#odds li.outcome", has_text=what)
    expect(row).to_have_count(1)
    return row.locator(".num").inner_text()


def picked(page: Page, name: str) -> None:
    """The target tapped on the board is the one the sheet holds."""
    expect(page.locator("#f-target option:checked")).to_have_text(name)


def setup(us: Page, german: Page) -> None:
    """SK-SETUP, AFV-AMMO-02/04: every tank rolls its rounds (the engine's dice: no count is
    read) and stows them; Sherman 1 and the Panzer IV with AP in the breech."""
    for n in range(1, 6):
        select(us, f"sherman-{n}")
        verb(us, "rolls its main-gun rounds")
        confirm(us)
        verb(us, "AP in the breech" if n == 1 else "the breech empty")
        confirm(us)
    expect(german.locator("#banner")).to_contain_text("Your move")
    select(german, "panzer-iv")
    verb(german, "rolls its main-gun rounds")
    confirm(german)
    verb(german, "AP in the breech")
    confirm(german)


def test_afv_a_whole_turn_by_taps(browser: Browser, server: LiveServer) -> None:
    links = create(browser, server, "afv")
    us = open_page(browser, links["us"], DESKTOP)
    german = open_page(browser, links["german"], PHONE)
    expect(us.locator("#banner")).to_contain_text("turn 1: setup")
    whole_table(german)
    setup(us, german)
    expect(us.locator("#banner")).to_contain_text("Your move")

    # card 1 of 10 (the deck's order: Shermans 1-5, the Panzer IV, the two teams, the US and
    # the German free-move cards): Sherman 1's crew
    draw(us, 1)
    expect(german.locator("#banner")).to_contain_text("card 1")
    select(us, "sherman-1")
    verb(us, "Sgt Miller (commander) looks for a target")
    expect(us.locator("#svg svg")).to_be_in_viewport()  # beside the long list of verbs
    tap_board(us, 28, 42)  # the Panzer IV, among the outlined targets
    picked(us, "Panzer IV 'Anna' (Uffz Brandt)")
    # AFV-VIS-06 with AMB-AFV-02: an unbuttoned commander sees ahead for certain, no dice
    expect(us.locator("#odds")).to_contain_text("No dice")
    confirm(us)
    verb(us, "Cpl Novak (gunner) looks for a target")
    tap_board(us, 19.5, 21)  # Gefr Lenz of the panzerfaust team in the inn
    picked(us, "Gefr Lenz")
    # AFV-VIS-05, AMB-AFV-08: the buttoned gunner spots a target ahead on a d100 <= 50
    assert outcome(us, "acquires Gefr Lenz") == "1/2 · 50%"  # by name, not pzf-1a
    at_the_table(us, [30])
    confirm(us)
    draw(us, 8)  # the US free-move card

    # card 2: the free-move card to Sherman 1; its gunner fires at a target tapped on the board
    select(us, "sherman-1")
    verb(us, "Sherman 1 (Sgt Miller) takes the free-move card")
    confirm(us)
    verb(us, "Cpl Novak (gunner) fires the main gun")
    # the toast of the last action lies over the board: a tap goes through it
    assert us.evaluate("getComputedStyle(document.getElementById('toast')).pointerEvents") == "none"
    tap_board(us, 19.5, 21)  # Lenz, 11.9" away
    picked(us, "Gefr Lenz")
    # SK-DEFAULT-TO-HIT: the main gun hits within 12" on a d100 <= 75; AFV-MALF-01/03 with
    # AMB-AFV-11: a natural 99 breaks the gun and a 100 backfires, both misses; so 76-98 miss
    assert outcome(us, "Sherman 1 (Sgt Miller)'s main gun at Gefr Lenz: miss") == "23/100 · 23%"
    # SK-DEFAULT-CASUALTY: a hit man is killed on a d10 of 1-4: 3/4 x 4/10
    assert outcome(us, "Gefr Lenz killed") == "3/10 · 30%"
    expect(us.locator("#odds")).to_contain_text("Dice: to hit, casualty")  # in words
    shot(us, "afv-us-odds", full=False)
    at_the_table(us, [90])
    confirm(us)
    expect(german.locator("#log li").last).to_contain_text("Gefr Lenz (")  # the shot, by name
    verb(us, "Pvt Russo (loader) loads AP")  # AFV-CREW-15: the breech is empty after the shot
    confirm(us)
    draw(us, 6)  # Panzerfaust team 1

    # card 3, on the German phone without a reload: a man moves, the ruler against his 6"
    expect(german.locator("#banner")).to_contain_text("Your move")
    expect(german.locator("#banner")).to_contain_text("card 3")
    # the whole table, as tapped at the start, though the picture's height changes with the unit
    # selected (its legend); tapping the team lists its men's actions
    select(german, "pzf-team-1")
    verb(german, "Gefr Lenz moves")
    tap_board(german, 19.5, 25)  # 4" up the table, out of the inn
    # the ruler measures where the finger is, though the board is held short by the sheet
    ruler = re.compile(r'^(3\.9|4\.0|4\.1)" of 5\.99" — within the allowance$')
    expect(german.locator("#ruler-to")).to_have_text(ruler)
    shot(german, "afv-german-ruler", full=False)
    fits(german)  # the bottom sheet too
    no_serious_violations(german, "afv german phone, the sheet open")
    confirm(german)
    draw(german, 5)  # the Panzer IV

    # card 4: the Panzer IV's commander acquires Sherman 1; the driver turns the hull by the
    # facing handle (AFV-CREW-03, AFV-MOVE-05)
    select(german, "panzer-iv")
    verb(german, "commander looks for a target")
    tap_board(german, 24, 10)
    picked(german, "Sherman 1 (Sgt Miller)")
    confirm(german)
    verb(german, "driver steers to a new heading")
    tap_board(german, 27.3, 38.1)  # 4" from (28, 42) at a bearing of 190°
    expect(german.locator("#angle-facing")).to_have_text(re.compile(r"^(18[89]|19[0-2])°$"))
    expect(german.locator("#f-road")).to_have_count(0)  # the road not taken is not asked
    # the toast over the short board above the phone's sheet is cut to two lines
    clamp = "getComputedStyle(document.getElementById('toast')).maxHeight"
    assert german.evaluate(clamp) != "none"
    shot(german, "afv-german-facing", full=False)
    confirm(german)
    draw(german, 5)  # Panzerfaust team 2

    # card 5: a man of the team in the farmhouse moves
    select(german, "pzf-team-2")
    verb(german, "Ogefr Haas moves")
    tap_board(german, 31, 14)
    confirm(german)
    draw(german, 5)  # the German free-move card

    # card 6: the free-move card to the Panzer IV; AFV-CREW-13: its gunner traverses onto the
    # Sherman the commander acquired
    select(german, "panzer-iv")
    verb(german, "Panzer IV 'Anna' (Uffz Brandt) takes the free-move card")
    confirm(german)
    verb(german, "gunner traverses onto Sherman 1")
    confirm(german)
    draw(german, 1)  # Sherman 2

    # cards 7-10: the Shermans' commanders shut or open their hatches (AFV-CREW-05)
    expect(us.locator("#banner")).to_contain_text("Your move")
    for n, face in ((2, 1), (3, 1), (4, None)):
        select(us, f"sherman-{n}")
        verb(us, "commander drops inside and shuts his hatch")
        confirm(us)
        draw(us, face)  # the last card left is drawn without a die
    select(us, "sherman-5")
    verb(us, "commander opens his hatch")
    confirm(us)
    draw(us, 1)  # SK-DECK: the deck is empty; shuffled, Sherman 1's card comes first
    for page in (us, german):
        expect(page.locator("#banner")).to_contain_text("turn 2")
    fits(german)
    no_serious_violations(german, "afv german phone")
    shot(german, "afv-german-turn-2", full=False)
    for page in (us, german):
        page.context.close()
