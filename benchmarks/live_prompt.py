"""How long a live prompt takes to reach the other seat: from one seat's action request to the
other seat's page showing the new table (its `seat:table` event), in real Chromium.

Run as a script (`python benchmarks/live_prompt.py [ACTIONS]`, default 20): the demo game's
phases are ended in turn by the seat to act, through the API, while both seats' pages follow
live; it prints the latencies' median, minimum and maximum in milliseconds as JSON. Wall-clock
time on a shared machine: a measure, never an assertion.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from webgame import LiveServer  # the tests' server in a thread

from kriegsspiel.web import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def post(url: str, body: object) -> object:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def follow(page: Page) -> None:
    """Record when (ms since the epoch) the page shows each length of its log."""
    page.evaluate(
        "() => { window.shown = {}; document.addEventListener('seat:table', (e) => {"
        " const n = e.detail.log.length; if (!(n in window.shown)) window.shown[n] = Date.now();"
        " }); }"
    )


def measure(actions: int) -> list[float]:
    with (
        LiveServer(create_app(Path(tempfile.mkdtemp()) / "games.db")) as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        created: dict[str, list[dict[str, str]]] = post(  # type: ignore[assignment]
            f"{server.url}/api/games", {"scenario": "demo"}
        )
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        pages = {}
        for seat in ("german", "us"):
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(f"{server.url}/play/{tokens[seat]}")
            page.wait_for_selector("#live.on")
            follow(page)
            pages[seat] = page
        acting = "german"
        latencies = []
        for n in range(1, actions + 1):
            other = "us" if acting == "german" else "german"
            sent = time.time() * 1000
            end_phase = {"action": {"action": "end-phase"}}
            post(f"{server.url}/api/seats/{tokens[acting]}/act", end_phase)
            pages[other].wait_for_function(f"() => {n} in window.shown")
            latencies.append(pages[other].evaluate(f"() => window.shown[{n}]") - sent)
            acting = other
        browser.close()
    return latencies


if __name__ == "__main__":
    found = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    print(json.dumps({
        "actions": len(found),
        "median_ms": round(statistics.median(found), 1),
        "min_ms": round(min(found), 1),
        "max_ms": round(max(found), 1),
    }))  # fmt: skip
