"""The seat page's "when will it be done?" lines (static/plans.js) in a real browser."""

from __future__ import annotations

import json
from urllib.request import Request, urlopen

from playwright.sync_api import Browser, expect
from seatpages import confirm, create, open_page, select, server, verb
from webgame import LiveServer
from webpages import DESKTOP, browser, needs_chromium

pytestmark = needs_chromium
__all__ = ["browser", "server"]  # the fixtures, shared


def test_the_ledger_says_when_each_task_is_done(browser: Browser, server: LiveServer) -> None:
    """Pioniere 1 makes the first of the road bridge's two preparations in turn 1: the German
    page says it is done by turn 2, the US page has no line for a task it may not see."""
    links = create(browser, server, "demo")
    german = open_page(browser, links["german"], DESKTOP)
    us = open_page(browser, links["us"], DESKTOP)
    select(german, "pioneer-1")
    verb(german, "prepares road bridge")
    confirm(german)
    token = links["us"].rstrip("/").split("/")[-1]
    request = Request(f"{server.url}/api/seats/{token}/act", method="POST",
                      data=json.dumps({"action": {"action": "pass"}}).encode(),
                      headers={"content-type": "application/json"})  # fmt: skip
    with urlopen(request) as answer:  # no opportunity fire (ENG-ACT-09)
        assert answer.status == 200
    expect(german.locator("#plans")).to_contain_text(
        "prepare road bridge is done by turn 2 with probability 100.0% (1/1)"
    )
    expect(us.locator("#plans")).to_contain_text("clear the felled trees")
    expect(us.locator("#plans")).not_to_contain_text("road bridge")
