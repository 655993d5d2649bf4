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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
TIMEOUT_MS = 30_000  # generous: a loaded 2-core machine is slow, and a wait ends when met
PHONE = ViewportSize(width=360, height=780)
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


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


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
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"


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
    whole_table(us)
    select(us, "rifle-1")
    verb(us, "Rifle squad 1 takes opportunity fire")
    odds = us.locator("#odds")
    expect(odds).to_contain_text("1/10 · 10%")  # exact fractions, percentages beside them
    expect(odds.locator(".outcome")).to_have_count(4)
    shot(us, "engineering-us-odds")
    tap(us, "label[for=dice-table]")
    die = us.get_by_label("d10 for the direct fire")
    die.fill("11")  # a d10 shows 1 to 10: refused in the page
    expect(die).to_have_attribute("aria-invalid", "true")
    expect(us.locator("#do")).to_be_disabled()
    die.fill("4")
    expect(die).to_have_attribute("aria-invalid", "false")
    us.fill("#player", "Alice")
    shot(us, "engineering-us-dice")
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
    shot(german, "engineering-german-target")
    confirm(german)
    tap(german, "button.action", has_text="Wehrmacht ends the offensive fire phase")
    confirm(german)

    # the US maneuver: a destination tapped on the board, with the live ruler
    expect(us.locator("#banner")).to_contain_text("Your move")
    whole_table(us)
    select(us, "rifle-1")
    verb(us, "Rifle squad 1 moves")
    tap_board(us, 24, 22)
    expect(us.locator("#ruler-to")).to_contain_text('3.0" of 6" — within the allowance')
    shot(us, "engineering-us-ruler")
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
