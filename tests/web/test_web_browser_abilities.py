"""The abilities seat pages in a real browser, two seats in two contexts (one a phone), played only
by tapping the board and the action sheet (tests/web/seatpages.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from seatpages import (
    PHONE,
    at_the_table,
    board_point,
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
    whole_table,
)
from seatpages import server as server  # the module's server fixture, shared
from webgame import LiveServer
from webpages import DESKTOP, needs_chromium
from webpages import browser as browser  # the module's browser fixture, shared

pytestmark = needs_chromium


def the_germans_hold_fire_at_the_jeep(allies: Page, german: Page) -> None:
    """The Germans are asked, without a reload, with the jeep outlined (CHQ-OPFIRE), while the
    Allies wait; they hold fire."""
    expect(german.locator("#reaction")).to_contain_text("Recon Jeep moved — take opportunity fire")
    expect(german.locator('#svg g.trigger[data-unit="jeep"]')).to_have_count(1)
    waiting = "Waiting for Germans (Max) (opportunity fire)"
    expect(allies.locator("#banner")).to_contain_text(waiting)
    tap(german, "button.action", has_text="Germans (Max) holds fire at Recon Jeep")
    confirm(german)


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
    the_germans_hold_fire_at_the_jeep(allies, german)
    tap(allies, "button.action", has_text="Allies (Gary) ends the Command Pulse")
    confirm(allies)
    expect(german.locator("#banner")).to_contain_text("Your move")
    expect(german.locator("#banner")).to_contain_text("command pulse 2")
    fits(german)
    no_serious_violations(allies, "abilities allies")
    for page in (allies, german):
        page.context.close()


def more_dice(page: Page, faces: list[int]) -> None:
    """Type the next roll of an action rolled at the table: its inputs come once the faces
    before it are in (one input per die, roll by roll)."""
    inputs = page.locator("#die-inputs input")
    before = inputs.count()
    expect(inputs).to_have_count(before + len(faces))
    for index, face in enumerate(faces):
        inputs.nth(before + index).fill(str(face))


def outcomes_readable(page: Page) -> None:
    """Every outcome of the odds chart keeps its words at least 150 px wide (on a phone, beside
    a long fraction, they wrap above the bar instead of a letter or two to a line)."""
    widths = page.eval_on_selector_all(
        "#odds .outcome .what", "(nodes) => nodes.map((n) => n.getBoundingClientRect().width)"
    )
    assert widths
    assert min(widths) >= 150, widths


def taps_go_through_the_toast(page: Page) -> None:
    """The toast over the top of the board only tells: what lies under it still takes a tap."""
    expect(page.locator("#toast")).to_be_visible()
    under = page.evaluate(
        """() => {
          const r = document.getElementById('toast').getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit ? hit.closest('#toast') === null : false;
        }"""
    )
    assert under, "the toast takes the taps meant for what lies under it"


def test_abilities_a_whole_turn_by_taps(browser: Browser, server: LiveServer) -> None:
    """Turn 1 of `abilities` from Command Dice to the banner of turn 2, every die typed at the
    table: the jeep moves (ruler), faces east (the handle), the Germans are asked about
    opportunity fire and hold, the jeep spots Blind A; the German MG fires at the Sherman tapped
    on the board (High Suppression), the Allies take opportunity fire at it; both discard."""
    links = create(browser, server, "abilities")
    allies = open_page(browser, links["allies"], DESKTOP)
    german = open_page(browser, links["german"], PHONE)
    roll = german.locator("button.action", has_text="Germans (Max) rolls its Command Dice")
    kept, loads = roll.element_handle(), german.evaluate("Number(document.body.dataset.loaded)")
    verb(allies, "Allies (Gary) rolls its Command Dice")
    at_the_table(allies, [6, 4, 4, 4, 4])
    confirm(allies)
    # the German page follows live; its verbs are the same, so they stay the same buttons (a
    # refresh under a finger would eat its tap)
    german.wait_for_function("(n) => Number(document.body.dataset.loaded) > n", arg=loads)
    assert kept.evaluate("(button) => button.isConnected")
    expect(german.locator("#banner")).to_contain_text("Your move")
    verb(german, "Germans (Max) rolls its Command Dice")
    at_the_table(german, [5, 5, 5, 5, 5])  # no six: the Allies' one six takes pulse 1 (CHQ-TURN)
    confirm(german)

    # Command Pulse 1, the Allies: a single Order Chain [4] for the jeep (CHQ-CHAIN)
    expect(allies.locator("#banner")).to_contain_text("command pulse 1")
    select(allies, "jeep")
    verb(allies, "Recon Jeep is activated with an Order Chain")
    allies.select_option("#f-dice", label="a single Order Chain [4]")
    confirm(allies)
    verb(allies, "Recon Jeep moves")
    tap_board(allies, 20, 12)  # 4" up the table from (20, 8)
    ruler = re.compile(r'^4\.[01]" of 7\.99" — within the allowance$')  # a pixel either way
    expect(allies.locator("#ruler-to")).to_have_text(ruler)
    # then the facing: drag its handle (3" ahead of the unit) round to due east
    angle = allies.locator("#angle-facing")
    allies.mouse.move(*board_point(allies, 20, 15))
    allies.mouse.down()
    allies.mouse.move(*board_point(allies, 22, 13.5))  # half way: the handle follows
    expect(angle).to_have_text(re.compile(r"^5[234]°$"))
    allies.mouse.move(*board_point(allies, 24, 12))
    allies.mouse.up()
    expect(angle).to_have_text(re.compile(r"^(8[89]|9[01])°$"))
    confirm(allies)
    the_germans_hold_fire_at_the_jeep(allies, german)
    # the jeep spots Blind A: 1 die at TN 4+, -1 TN for a deployed recon unit (CHQ-DEFAULT-SPOT,
    # ABL-RECON-01): a 3 or more, 4/6 = 2/3
    verb(allies, "Recon Jeep tries to spot Blind A")
    expect(allies.locator("#odds .chart")).to_contain_text("2/3")
    at_the_table(allies, [3])
    confirm(allies)
    expect(allies.locator('#svg g[data-unit="gren-2"]')).to_have_count(1)  # revealed
    expect(german.locator("#log")).to_contain_text("is spotted")
    tap(allies, "button.action", has_text="Allies (Gary) ends the Command Pulse")
    confirm(allies)

    # Command Pulse 2, the Germans on the phone: the MG platoon fires at the Sherman
    expect(german.locator("#banner")).to_contain_text("Your move")
    expect(german.locator("#banner")).to_contain_text("command pulse 2")
    whole_table(german)  # the phone starts zoomed in on the Germans' left
    select(german, "mg")
    verb(german, "MG Platoon is activated with an Order Chain")
    confirm(german)
    taps_go_through_the_toast(german)
    verb(german, "MG Platoon fires")
    whole_table(german)  # the sheet's board is zoomed in on the MG: the Sherman is far off
    tap_board(german, 40, 2)  # the Sherman, among the outlined targets
    expect(german.locator("#f-target")).to_have_value("4")  # its index among the options
    expect(german.locator('#svg g.picked[data-unit="sherman"]')).to_have_count(1)
    # no wild dice to add (CHQ-WILD): said in words, not a number to type
    expect(german.locator("#f-wild")).to_have_text("wild dice: no wild dice")
    expect(german.locator("input#f-wild")).to_have_count(0)
    # 6D FP at the Sherman 25" away: long range, TN 4+ +1 = 5+ (CHQ-FIRE); FP dice may engage
    # armour with High Suppression (ABL-HISUP-02); all six miss with (4/6)^6 = 64/729
    expect(german.locator("#odds")).to_contain_text("Dice: fire, reaction")  # rolls in words
    odds = german.locator("#odds .chart")
    expect(odds).to_contain_text("MG Platoon misses")
    expect(odds.locator("li", has_text="MG Platoon misses")).to_contain_text("64/729")
    outcomes_readable(german)
    shot(german, "abilities-german-target", full=False)
    at_the_table(german, [6, 5, 2, 2, 2, 2])  # 2 successes, 1 six
    more_dice(german, [6, 6, 4, 4, 1, 1])  # the Sherman's Reaction Check: two sixes beat one
    shot(german, "abilities-german-dice", full=False)
    fits(german)  # the bottom sheet too: its selects, inputs and buttons at least 44 px tall
    confirm(german)
    # on the Allied board: the MG's Fire Marker (CHQ-MARKER), and the Sherman not suppressed,
    # its two sixes more than the MG's one (ABL-HISUP-01, ABL-HISUP-03)
    expect(allies.locator('#svg g[data-id="mg"][data-marker="fire"]')).to_have_count(1)
    expect(allies.locator('#svg g[data-id="sherman"][data-marker="suppressed"]')).to_have_count(0)

    # the Allies are asked about opportunity fire at the MG, and take it with 2 Platoon
    expect(allies.locator("#reaction")).to_contain_text("MG Platoon fired — take opportunity fire")
    expect(allies.locator("#banner")).to_contain_text("Your move — opportunity fire")
    select(allies, "brit-2")
    verb(allies, "2 Platoon takes opportunity fire at MG Platoon")
    # 4D FP at 10" (effective, TN 4+, CHQ-FIRE): all miss with (1/2)^4 = 1/16
    expect(allies.locator("#odds li", has_text="2 Platoon misses")).to_contain_text("1/16")
    at_the_table(allies, [1, 1, 1, 1])
    confirm(allies)
    expect(german.locator('#svg g[data-id="brit-2"][data-marker="fire"]')).to_have_count(1)
    expect(german.locator("#log")).to_contain_text("no Reaction Check")  # a miss: no check
    tap(allies, "button.action", has_text="Allies (Gary) holds fire at MG Platoon")
    confirm(allies)
    tap(german, "button.action", has_text="Germans (Max) ends the Command Pulse")
    confirm(german)

    # Command Pulses 3 and 4: each side discards the dice it has left (CHQ-TURN)
    verb(allies, "Allies (Gary) discards Command Dice")
    allies.select_option("#f-dice", label="Command Dice [4, 4, 4, 6]")
    confirm(allies)
    verb(german, "Germans (Max) discards Command Dice")
    german.select_option("#f-dice", label="Command Dice [5, 5, 5, 5]")
    confirm(german)
    for page in (allies, german):
        expect(page.locator("#banner")).to_contain_text("turn 2")
    shot(german, "abilities-german-turn-2", full=False)
    fits(german)
    no_serious_violations(german, "abilities german")
    for page in (allies, german):
        page.context.close()
