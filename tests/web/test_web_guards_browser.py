"""The guards in a real browser: the server's own pages act and create games (their Origin is
the server's), and a page over its link's live cap says it is not live."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect
from webgame import PREPARE_BRIDGE, LiveServer
from webpages import browser, needs_chromium, new_page

from kriegsspiel.web import client as remote
from kriegsspiel.web import create_app
from kriegsspiel.web.guards import Limits

__all__ = ["browser"]  # the module's browser fixture
pytestmark = needs_chromium


def test_a_page_over_its_links_cap_says_so_and_a_page_of_the_server_acts(
    browser: Browser, tmp_path: Path
) -> None:
    with LiveServer(create_app(tmp_path / "games.db", limits=Limits(sockets=1))) as server:
        created = remote.create_game(server.url, "demo")
        seats = {s["seat"]: s["url"] for s in created["seats"]}
        first = new_page(browser, seats["german"])
        expect(first.locator("#live")).to_have_text("● live")
        second = new_page(browser, seats["german"])
        crowded = "○ not live: too many pages open on this link"
        expect(second.locator("#live")).to_have_text(crowded)
        # the page's own POST carries the server's Origin, and is served
        answer = first.evaluate(
            """async (action) => {
                const token = location.pathname.split("/").pop();
                const r = await fetch(`/api/seats/${token}/act`, {method: "POST",
                  headers: {"content-type": "application/json"}, body: JSON.stringify({action})});
                return r.status;
            }""",
            PREPARE_BRIDGE,
        )
        assert answer == 200
        assert [e["seat"] for e in remote.log(seats["umpire"])] == ["german"]
        first.context.close()
        second.context.close()
