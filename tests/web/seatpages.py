"""The seat page driven as players drive it: shared by the browser tests of every ruleset. One
server per module (the `server` fixture), Chromium from webpages.py, pages opened desktop-sized
or phone-sized with touch, and the taps, board points, dice and checks each test uses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from webgame import LiveServer
from webpages import ARTIFACTS, DESKTOP, TIMEOUT_MS

from kriegsspiel.web import create_app

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PHONE = ViewportSize(width=360, height=780)  # the narrowest phone the page is made for


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


def create(
    browser: Browser, server: LiveServer, scenario: str, umpire: str = "table"
) -> dict[str, str]:
    """Create a game on the home page, umpired at the table or by a person (`umpire`); the
    seat links it shows."""
    home = browser.new_page(viewport=DESKTOP)
    home.goto(server.url + "/")
    expect(home.locator(f"#scenario option[value={scenario}]")).to_be_attached()
    home.select_option("#scenario", scenario)
    home.select_option("#umpire", umpire)
    home.click("#create-button")
    expect(home.locator("#links a").first).to_be_visible()
    said = "wait for the umpire's approval" if umpire == "person" else "are trusted"
    expect(home.locator("#created-mode")).to_contain_text(said)
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


def board_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where on the screen the board shows table point (x, y) inches (+y up the table)."""
    at = page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector('#svg svg');
          const p = svg.createSVGPoint(); p.x = x; p.y = -y;
          const s = p.matrixTransform(svg.getScreenCTM());
          return [s.x, s.y];
        }""",
        [x, y],
    )
    return at[0], at[1]


def tap_board(page: Page, x: float, y: float) -> None:
    """Tap the board at table point (x, y) inches (+y up the table)."""
    at = board_point(page, x, y)
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
