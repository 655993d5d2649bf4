"""The board in real Chromium at desktop and phone sizes: it fits the screen, and at the zoom
it states a phone shows labels and counters big enough. Screenshots go to test-artifacts/board/
(docs/images/ is regenerated deliberately by tests/render/update_snapshots.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from screenshots import CHROMIUM, DESKTOP, PHONE, SHOTS, chromium, page_of, phone_zoom

from kriegsspiel import new_game
from kriegsspiel.render import board

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "board"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=f"{CHROMIUM} is missing")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.mark.parametrize(("name", "seat", "selected"), SHOTS)
def test_the_board_fits_the_screen_and_is_readable_zoomed(
    browser: Browser, name: str, seat: str, selected: str | None
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    svg = board(new_game(name, seed="browser").view(seat), selected=selected)
    desktop = page_of(browser, svg, DESKTOP)
    assert desktop.evaluate("document.querySelector('svg').getBoundingClientRect().width") == 1280
    desktop.screenshot(path=str(ARTIFACTS / f"{name}-desktop.png"), full_page=True)
    zoom = phone_zoom(svg)
    phone = page_of(browser, svg, PHONE, zoom)
    sizes = phone.evaluate(
        """() => ({
          label: Math.min(...[...document.querySelectorAll('text.label')]
                              .map((t) => t.getBoundingClientRect().height)),
          counter: Math.min(...[...document.querySelectorAll('[data-kind=unit] .base')]
                               .map((b) => { const r = b.getBBox();
                                             const m = b.getScreenCTM();
                                             const scale = Math.hypot(m.a, m.b);
                                             return Math.min(r.width, r.height) * scale; })),
        })"""
    )
    assert sizes["label"] >= 11
    assert sizes["counter"] >= 24 - 0.5
    phone.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"))
    fit = page_of(browser, svg, PHONE)
    assert fit.evaluate("document.querySelector('svg').getBoundingClientRect().width") == 390
