"""The pages in a real browser: Playwright driving Debian's headless Chromium (never a browser
that Playwright downloads). `make test` installs chromium when it is missing; without it, these
tests are skipped. Screenshots go to test-artifacts/.

One server and one browser serve the whole module. Each ruleset plays a turn with two seats in
two browser contexts, one of them phone-sized with touch, only by tapping the board and the
action sheet: select a unit, pick a target or a destination on the board, read the odds, enter
the dice, confirm, and see the other seat's prompt arrive without reloading. axe-core checks
every seat page for serious and critical accessibility violations.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Route, expect
from seatpages import (
    PHONE,
    confirm,
    create,
    entries,
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


def test_engineering_a_game_turn_by_taps_with_reactions_dice_and_odds(
    browser: Browser, server: LiveServer
) -> None:
    links = create(browser, server, "demo")
    german = open_page(browser, links["german"], DESKTOP)
    us = open_page(browser, links["us"], PHONE)
    expect(german.locator("#banner")).to_contain_text("Your move")
    expect(us.locator("#banner")).to_contain_text("Waiting for Wehrmacht")
    fits(us)

    # the German pioneers declare their work on the bridge: no dice
    select(german, "pioneer-1")
    expect(german.locator("#actions h3", has_text="Engineering")).to_be_visible()
    verb(german, "Pioniere 1 prepares road bridge")
    expect(german.locator("#odds")).to_contain_text("No dice")
    confirm(german)

    # the US is asked why it may react, with the pioneers highlighted, and answers by taps
    expect(us.locator("#reaction")).to_contain_text(
        "Pioniere 1 declared an engineering action — take opportunity fire"
    )
    expect(us.locator("#banner")).to_contain_text("Your move — opportunity fire")
    expect(us.locator('#svg g.trigger[data-unit="pioneer-1"]')).to_have_count(1)
    assert us.title().startswith("● Your move")
    expect(us.locator("#toast")).to_be_visible()
    shot(us, "engineering-us-reaction", full=False)
    whole_table(us)
    select(us, "rifle-1")
    verb(us, "Rifle squad 1 takes opportunity fire")
    odds = us.locator("#odds")
    expect(odds).to_contain_text("1/10 · 10%")  # exact fractions, percentages beside them
    expect(odds.locator(".outcome")).to_have_count(4)
    shot(us, "engineering-us-odds", full=False)
    tap(us, "label[for=dice-table]")
    die = us.get_by_label("d10 for the direct fire")
    die.fill("11")  # a d10 shows 1 to 10: refused in the page
    expect(die).to_have_attribute("aria-invalid", "true")
    expect(us.locator("#do")).to_be_disabled()
    die.fill("4")
    expect(die).to_have_attribute("aria-invalid", "false")
    us.fill("#player", "Alice")
    shot(us, "engineering-us-dice", full=False)
    confirm(us)
    expect(us.locator("#notice")).to_contain_text("rolled 4")
    expect(german.locator("#log")).to_contain_text("cancelled by opportunity fire")

    # the German maneuver phase ends; the dice choice of the last action does not carry over
    tap(german, "button.action", has_text="Wehrmacht ends the maneuver phase")
    confirm(german)
    expect(us.locator("#banner")).to_contain_text("Your move")
    whole_table(us)
    select(us, "rifle-1")
    verb(us, "Rifle squad 1 fires")
    expect(us.locator("#dice-engine")).to_be_checked()
    expect(us.locator("#die-inputs input")).to_have_count(0)
    tap(us, "#cancel")
    tap(us, "button.action", has_text="US Army ends the defensive fire phase")
    confirm(us)

    # offensive fire: the target is tapped on the board among the highlighted legal targets
    expect(german.locator("#banner")).to_contain_text("Your move")
    select(german, "pioneer-2")
    verb(german, "Pioniere 2 fires")
    expect(german.locator("#svg .legal-target").first).to_be_visible()
    tap(german, '#svg svg g[data-unit="engineer-1"]')
    expect(german.locator("#f-target option:checked")).to_have_text("Engineers 1")
    expect(german.locator('#svg g.picked[data-unit="engineer-1"]')).to_have_count(1)
    shot(german, "engineering-german-target", full=False)
    confirm(german)
    tap(german, "button.action", has_text="Wehrmacht ends the offensive fire phase")
    confirm(german)

    # the US maneuver: a destination tapped on the board, with the live ruler
    expect(us.locator("#banner")).to_contain_text("Your move")
    whole_table(us)
    select(us, "rifle-1")
    verb(us, "Rifle squad 1 moves")
    tap_board(us, 24, 22)
    ruler = re.compile(r'^(2\.9|3\.0|3\.1)" of 6" — within the allowance$')  # a pixel either way
    expect(us.locator("#ruler-to")).to_have_text(ruler)
    shot(us, "engineering-us-ruler", full=False)
    confirm(us)
    expect(german.locator("#reaction")).to_contain_text("Rifle squad 1")
    tap(german, "button.action", has_text="holds fire")
    confirm(german)
    tap(us, "button.action", has_text="US Army ends the maneuver phase")
    confirm(us)
    tap(german, "button.action", has_text="Wehrmacht ends the defensive fire phase")
    confirm(german)
    tap(us, "button.action", has_text="US Army ends the offensive fire phase")
    confirm(us)
    expect(german.locator("#banner")).to_contain_text("turn 2")
    expect(german.locator("#banner")).to_contain_text("Your move")
    no_serious_violations(german, "german")
    no_serious_violations(us, "us phone")
    fits(us)
    shot(german, "engineering-german-turn-2")


def test_the_umpire_sees_what_the_side_pages_do_not_and_may_undo(
    browser: Browser, server: LiveServer
) -> None:
    links = create(browser, server, "demo")
    pages = {seat: open_page(browser, link, DESKTOP) for seat, link in links.items()}
    german = pages["german"]
    select(german, "pioneer-2")
    verb(german, "Pioniere 2 blows culvert")
    expect(german.locator("#odds")).to_contain_text("9/10")
    confirm(german)
    umpire = pages["umpire"]
    expect(umpire.locator("#log")).to_contain_text("roll sealed until the action resolves")
    expect(umpire.locator("#details")).to_contain_text("road bridge")
    for seat in ("us", "public"):
        # the log names what the seat's view names: the unit by its name, never the hidden target
        expect(pages[seat].locator("#log")).to_contain_text("Pioniere 2 performs")
        expect(pages[seat].locator("#log")).not_to_contain_text("pioneer-2")
        text = pages[seat].content()
        assert "road bridge" not in text
        assert "culvert" not in text
        assert "sealed" not in text
    assert "sealed" not in german.content()
    # the public seat is the table display: no action controls, the banner says who acts
    expect(pages["public"].locator("#actions")).to_have_count(0)
    expect(pages["public"].locator("#banner")).to_contain_text("US Army")
    shot(umpire, "umpire-sealed-roll")
    umpire.click("#undo")
    expect(umpire.locator("#log li.undone")).to_have_count(1)
    expect(pages["public"].locator("#log li.undone")).to_have_count(1)
    expect(pages["us"].locator("#banner")).to_contain_text("Waiting for Wehrmacht")
    no_serious_violations(umpire, "umpire")
    no_serious_violations(pages["public"], "public")
    shot(pages["public"], "public-after-undo")
    for page in pages.values():
        page.context.close()


def test_an_unknown_link_says_so(browser: Browser, server: LiveServer) -> None:
    bad = browser.new_page(viewport=PHONE)
    response = bad.goto(server.url + "/play/not-a-token")
    assert response is not None
    assert response.status == 404
    expect(bad.locator("#error")).to_contain_text("unknown or expired seat token")
    bad.close()


def test_waterborne_initiatives_by_taps_with_reactive_fire(
    browser: Browser, server: LiveServer
) -> None:
    links = create(browser, server, "waterborne")
    british = open_page(browser, links["british"], DESKTOP)
    german = open_page(browser, links["german"], PHONE)
    expect(british.locator("#banner")).to_contain_text("initiative 1")
    expect(german.locator("#banner")).to_contain_text("Waiting for British Second Army")

    select(british, "eng-1")
    verb(british, "RE section 1 moves from Class 9 FBE bridge")
    tap(british, '#svg svg [data-id="south-bank"]')  # the place, under the counters on it
    expect(british.locator("#sheet")).to_be_visible()
    confirm(british)

    reaction = "RE section 1 moved — answer with reactive fire"
    expect(german.locator("#reaction")).to_contain_text(reaction)
    expect(german.locator("#banner")).to_contain_text("Your move — reactive fire")
    whole_table(german)
    select(german, "g-sq-1")
    verb(german, "Gruppe 1 fires reactively at the move")
    tap(german, '#svg svg g[data-unit="eng-1"]')
    expect(german.locator("#odds")).to_contain_text("8/27")
    tap(german, "label[for=dice-table]")
    for n, face in enumerate((1, 2, 7), start=1):
        german.get_by_label(f"die {n}: d6 for the direct fire").fill(str(face))
    expect(german.locator("#do")).to_be_disabled()  # a d6 shows no 7
    german.get_by_label("die 3: d6 for the direct fire").fill("3")
    shot(german, "waterborne-german-dice")
    confirm(german)
    expect(british.locator("#log")).to_contain_text("rolled 1,2,3")
    if german.locator("button.action", has_text="lets RE section 1 move on").count():
        tap(german, "button.action", has_text="lets RE section 1 move on")
        confirm(german)
    tap(british, "button.action", has_text="British Second Army ends its initiative")
    confirm(british)
    expect(german.locator("#banner")).to_contain_text("Your move")
    expect(german.locator("#banner")).to_contain_text("initiative 2")
    tap(german, "button.action", has_text="Wehrmacht ends its initiative")
    confirm(german)
    expect(british.locator("#banner")).to_contain_text("Your move")
    expect(british.locator("#banner")).to_contain_text("initiative 3")
    fits(german)
    no_serious_violations(german, "waterborne german phone")
    for page in (british, german):
        page.context.close()


def test_a_double_tap_on_confirm_acts_once(browser: Browser, server: LiveServer) -> None:
    links = create(browser, server, "demo")
    german = open_page(browser, links["german"], DESKTOP)
    select(german, "pioneer-1")
    verb(german, "Pioniere 1 prepares road bridge")
    expect(german.locator("#do")).to_be_enabled()
    expect(german.locator("#dice")).to_be_hidden()  # it rolls nothing: no dice to choose
    german.locator("#do").dblclick()
    expect(german.locator("#sheet")).to_be_hidden()
    entries(german, 1)
    # the US holds fire (through the API: not what is tested here)
    us_token = links["us"].rsplit("/", 1)[-1]
    held = german.request.post(
        f"{server.url}/api/seats/{us_token}/act", data={"action": {"action": "pass"}}
    )
    assert held.ok, held.text()
    entries(german, 2)
    # an answer lost on the way (the server acted): the error is beside the button, read out,
    # and the action was done once, as the log then shows
    select(german, "pioneer-2")
    verb(german, "Pioniere 2 blows culvert")
    expect(german.locator("#dice")).to_be_visible()  # a d10 for the demolition

    def lose_the_answer(route: Route) -> None:
        route.fetch()  # the server acts
        route.abort("connectionreset")  # its answer never arrives

    german.route("**/act", lose_the_answer, times=1)
    tap(german, "#do")
    error = german.locator("#act-error")
    expect(error).to_contain_text("Not sent")
    expect(error).to_have_attribute("role", "alert")
    german.wait_for_function(  # in view, and kept there while the page redraws
        "() => { const r = document.getElementById('act-error').getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"
    )
    entries(german, 3)
    german.context.close()


def test_a_declared_modifier_is_approved_by_the_umpire_before_the_roll(
    browser: Browser, server: LiveServer
) -> None:
    links = create(browser, server, "demo", umpire="person")  # the home page's choice
    umpire = open_page(browser, links["umpire"], DESKTOP)
    german = open_page(browser, links["german"], DESKTOP)
    us = open_page(browser, links["us"], PHONE)
    select(german, "pioneer-1")
    verb(german, "Pioniere 1 prepares road bridge")
    confirm(german)
    # the US page is told first (its prompt, live), then the player taps: not during the redraw
    expect(us.locator("#reaction")).to_contain_text("take opportunity fire")
    whole_table(us)
    select(us, "rifle-1")
    verb(us, "Rifle squad 1 takes opportunity fire")
    us.get_by_label("declared modifier", exact=True).fill("2")
    expect(us.locator("#odds")).to_contain_text("+2 declared modifiers")
    confirm(us)
    expect(us.locator("#toast")).to_contain_text("Held for the umpire")
    held = "US Army: Rifle squad 1 takes opportunity fire at Pioniere 1 — declared modifier +2"
    for page in (umpire, german, us):
        expect(page.locator("#approvals")).to_contain_text(held)
    entries(german, 1)  # nothing rolled yet
    shot(umpire, "umpire-approves", full=False)
    no_serious_violations(umpire, "umpire with an approval")
    umpire.locator("#approvals button.approve").click()
    expect(us.locator("#log")).to_contain_text("+2 declared modifiers (BF-DEFAULT-FIRE)")
    expect(german.locator("#approvals")).to_be_hidden()
    for page in (umpire, german, us):
        page.context.close()


def test_a_tap_is_not_lost_when_the_table_changes_under_the_finger(
    browser: Browser, server: LiveServer
) -> None:
    """The US presses on its Sherman; the German moves meanwhile, so the US page learns of it
    live while the button is down. The page waits for the release to redraw (a new picture, and
    the reaction prompt above the board, would have moved the Sherman from under the finger), so
    the tap selects the Sherman, and the page then shows the move."""
    links = create(browser, server, "demo")
    us = open_page(browser, links["us"], DESKTOP)
    us.wait_for_function(  # settled: no refresh for half a second (the live one came, too)
        "() => new Promise((done) => { const n = document.body.dataset.loaded;"
        " setTimeout(() => done(document.body.dataset.loaded === n), 500); })"
    )
    box = us.locator('#svg svg g[data-unit="sherman-1"]').bounding_box()
    assert box is not None
    before = us.locator("#svg svg").element_handle()
    us.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    us.mouse.down()
    german_token = links["german"].rsplit("/", 1)[-1]
    with us.expect_response(lambda r: "/table.svg" in r.url):  # the live refresh's picture
        moved = us.request.post(
            f"{server.url}/api/seats/{german_token}/act",
            data={"action": {"action": "move", "unit": "mg-team", "to": [20.92, 30.11]}},
        )
        assert moved.ok, moved.text()
    us.wait_for_timeout(200)
    assert us.evaluate("(svg) => svg.isConnected", before)  # nothing redrawn yet
    assert us.locator("#log li").count() == 0
    expect(us.locator("#reaction")).to_be_hidden()
    us.mouse.up()
    expect(us.locator('#svg svg g.selected[data-unit="sherman-1"]')).to_have_count(1)
    expect(us.locator("#selected")).to_contain_text("Selected: Sherman 1")
    expect(us.locator("#reaction")).to_contain_text("MG 42 team declared a move")
    entries(us, 1)
    assert not us.evaluate("(svg) => svg.isConnected", before)
    us.context.close()
