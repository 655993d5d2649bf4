"""The board in real Chromium (Debian's /usr/bin/chromium, driven by Playwright): pages that show
one board fit to the screen, or zoomed as a phone needs, and the screenshots of docs/web.md."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from kriegsspiel import new_game
from kriegsspiel.render import board

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
# (scenario, seat, selected unit): one board of each ruleset, and two more engineering ones
SHOTS = [
    ("breaching", "umpire", None),
    ("crack-the-bunker-line", "british", "sappers-2"),
    ("hold-the-bridge", "us", None),
    ("afv", "us", "sherman-1"),
    ("waterborne", "british", None),
    ("abilities", "allies", "brit-1"),
]
PHONE_SHOTS = [("breaching", "british", "sappers-2"), ("afv", "german", "pzf-team-1")]


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def page_of(browser: Browser, svg: str, viewport: dict[str, int], zoom: float = 1.0) -> Page:
    """A page showing the board at the screen's width times `zoom`, scrolled to the selected
    unit (if any)."""
    page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.set_content(
        "<!doctype html><meta charset=utf-8><style>html,body{margin:0;background:#888}"
        f"#box svg{{display:block;width:{100 * zoom:g}vw;height:auto}}</style>"
        f"<div id=box>{svg}</div>"
    )
    if zoom > 1:
        page.evaluate(
            """() => {
              const s = document.querySelector('.selected')
                || document.querySelector('[data-kind=unit]');
              if (!s) return;
              const r = s.getBoundingClientRect();
              window.scrollTo(r.left + window.scrollX - innerWidth / 2,
                              r.top + window.scrollY - innerHeight / 2);
            }"""
        )
    return page


def phone_zoom(svg: str) -> float:
    return float(ET.fromstring(svg).get("data-phone-zoom", "1"))


def save_screenshots(out: Path = DOCS_IMAGES) -> list[Path]:
    """Desktop screenshots of `SHOTS` (the whole board) and phone ones of `PHONE_SHOTS` (zoomed
    as the page needs), as board-<scenario>[-phone].png in `out`."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with chromium() as browser:
        for name, seat, selected in SHOTS:
            svg = board(new_game(name, seed="docs").view(seat), selected=selected)
            path = out / f"board-{name}.png"
            page_of(browser, svg, DESKTOP).screenshot(path=str(path), full_page=True)
            written.append(path)
        for name, seat, selected in PHONE_SHOTS:
            svg = board(new_game(name, seed="docs").view(seat), selected=selected)
            path = out / f"board-{name}-phone.png"
            page_of(browser, svg, PHONE, phone_zoom(svg)).screenshot(path=str(path))
            written.append(path)
    return written
