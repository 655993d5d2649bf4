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

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect
from webgame import LiveServer
from webpages import ARTIFACTS, DESKTOP, TIMEOUT_MS, needs_chromium
from webpages import browser as browser  # the module's browser fixture, shared

from kriegsspiel.web import create_app

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PHONE = ViewportSize(width=360, height=780)  # the narrowest phone the page is made for

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(create_app(tmp_path_factory.mktemp("web") / "games.db")) as running:
        yield running


def open_page(browser: Browser, url: str, viewport: ViewportSize) -> Page:
    phone = viewport["width"] < 500
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    expect(page.locator("body[data-loaded]")).to_be_attached()
    expect(page.locator("#live")).to_have_text("● live")
    return page


def shot(page: Page, name: str, *, full: bool = True) -> None:
    """A screenshot: the whole page, or what is on the screen (`full=False`, as in docs/web.md)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def create(browser: Browser, server: LiveServer, scenario: str) -> dict[str, str]:
    """Create a game on the home page; the seat links it shows."""
    home = browser.new_page(viewport=DESKTOP)
    home.goto(server.url + "/")
    expect(home.locator(f"#scenario option[value={scenario}]")).to_be_attached()
    home.select_option("#scenario", scenario)
    home.click("#create-button")
    expect(home.locator("#links a").first).to_be_visible()
    links = {a.get_attribute("data-seat") or "": a.get_attribute("href") or "" for a in
             home.locator("#links a").all()}  # fmt: skip
    home.close()
    return links


def is_phone(page: Page) -> bool:
    return (page.viewport_size or DESKTOP)["width"] < 500


def tap(page: Page, selector: str, **where: Any) -> None:
    """A tap on a phone, a click elsewhere."""
    if is_phone(page):
        page.locator(selector, **where).first.tap()
    else:
        page.locator(selector, **where).first.click()


def whole_table(page: Page) -> None:
    tap(page, '#svg button[title="the whole table"]')


def select(page: Page, unit: str) -> None:
    """Tap a unit on the board (unless it is selected already): its actions appear, as verbs."""
    if not page.locator(f'#svg svg g.selected[data-unit="{unit}"]').count():
        tap(page, f'#svg svg g[data-unit="{unit}"]')
    expect(page.locator(f'#svg svg g.selected[data-unit="{unit}"]')).to_have_count(1)
    expect(page.locator("#selected")).to_contain_text("Selected:")


def verb(page: Page, label: str) -> None:
    """Tap the verb reading `label`: the sheet opens with the whole action's odds."""
    tap(page, "button.action", has_text=label)
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#odds .chart")).to_be_visible()


def confirm(page: Page) -> None:
    expect(page.locator("#do")).to_be_enabled()
    tap(page, "#do")
    expect(page.locator("#sheet")).to_be_hidden()


def tap_board(page: Page, x: float, y: float) -> None:
    """Tap the board at table point (x, y) inches (+y up the table)."""
    at = page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector('#svg svg');
          const p = svg.createSVGPoint(); p.x = x; p.y = -y;
          const s = p.matrixTransform(svg.getScreenCTM());
          return [s.x, s.y];
        }""",
        [x, y],
    )
    if is_phone(page):
        page.touchscreen.tap(at[0], at[1])
    else:
        page.mouse.click(at[0], at[1])


def at_the_table(page: Page, faces: list[int]) -> None:
    """Roll at the table and type `faces`, one input per die."""
    tap(page, "label[for=dice-table]")
    inputs = page.locator("#die-inputs input")
    expect(inputs).to_have_count(len(faces))
    for index, face in enumerate(faces):
        inputs.nth(index).fill(str(face))


def entries(page: Page, count: int) -> None:
    """Wait until the page's log shows `count` entries (it follows live)."""
    expect(page.locator("#log li")).to_have_count(count)


def no_serious_violations(page: Page, name: str) -> None:
    """axe-core on the page as it is: no serious or critical violation."""
    # evaluated through the DevTools protocol: the page's CSP forbids inline scripts, rightly
    page.evaluate(f"() => {{ {AXE.read_text(encoding='utf-8')}\n}}")
    found = page.evaluate(
        """async () => {
          const result = await axe.run(document, {resultTypes: ['violations']});
          return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target)}));
        }"""
    )
    assert found == [], f"{name}: {json.dumps(found)[:2000]}"


def fits(page: Page) -> None:
    """No horizontal scroll on the phone, and every visible control at least 44 px tall (a radio
    or a checkbox by its label)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, select, input, label')]
          .filter((n) => n.offsetParent !== null && !n.closest('label')
            && !['radio', 'checkbox'].includes(n.type))
          .map((n) => [n.id || n.textContent.trim().slice(0, 30), n.getBoundingClientRect().height])
          .filter(([, h]) => h < 43.5)"""
    )
    assert small == [], f"tap targets under 44 px: {small}"


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
        expect(pages[seat].locator("#log")).to_contain_text("pioneer-2 performs")
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


def test_a_double_tap_on_confirm_acts_once(browser: Browser, server: LiveServer) -> None:
    links = create(browser, server, "demo")
    german = open_page(browser, links["german"], DESKTOP)
    select(german, "pioneer-1")
    verb(german, "Pioniere 1 prepares road bridge")
    expect(german.locator("#do")).to_be_enabled()
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
    home = browser.new_page()
    made = home.request.post(
        f"{server.url}/api/games",
        data={"scenario": "demo", "declared_modifiers": "umpire-approves"},
    )
    assert made.ok, made.text()
    links = {s["seat"]: server.url + s["page"] for s in made.json()["seats"]}
    home.close()
    umpire = open_page(browser, links["umpire"], DESKTOP)
    german = open_page(browser, links["german"], DESKTOP)
    us = open_page(browser, links["us"], PHONE)
    select(german, "pioneer-1")
    verb(german, "Pioniere 1 prepares road bridge")
    confirm(german)
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
