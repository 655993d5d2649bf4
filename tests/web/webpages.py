"""Playwright on Debian's headless Chromium for the hosting tests (never a browser that Playwright
downloads): one browser per module, pages opened and screenshot the same way."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

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
TIMEOUT_MS = 30_000  # generous: a loaded 2-core machine is slow, and a wait ends when met
PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1280, height=900)
TV = ViewportSize(width=1920, height=1080)
SMALL_TV = ViewportSize(width=1280, height=720)

expect.set_options(timeout=TIMEOUT_MS)

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"{CHROMIUM} is missing (apt-get install chromium; make test does)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def new_page(browser: Browser, url: str, viewport: ViewportSize = DESKTOP) -> Page:
    context = browser.new_context(viewport=viewport)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    return page


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
