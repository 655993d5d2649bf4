"""Running the app: `serve(db, host, port)` (`kriegsspiel serve`), the host link, the demo's links.

The host link (`/host/TOKEN`) is the server's own secret, kept in the database: it lists the
games, creates them, and holds every seat's link. Without `open_creation`, it is the only way to
create a game; with it, anyone who can reach the server may (the home page).
"""

from __future__ import annotations

from pathlib import Path

import uvicorn

from kriegsspiel.store.base import is_postgres
from kriegsspiel.web.app import create_app
from kriegsspiel.web.guards import SERVED, Limits
from kriegsspiel.web.host import Host, bundled_scenario
from kriegsspiel.web.links import base_url

DEMO = "demo"


def demo_links(host: Host, base: str) -> tuple[str, dict[str, str]]:
    """Create the demo game if the store has no game; the first game's title and seat links."""
    ids = host.store.game_ids()
    game_id = ids[0] if ids else host.create(bundled_scenario(DEMO))[0]
    tokens = host.store.tokens(game_id)
    return host.game(game_id).scenario.title, {s: f"{base}/play/{t}" for s, t in tokens.items()}


def serve(
    db: str | Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    demo: bool = False,
    *,
    open_creation: bool = False,
    public_url: str | None = None,
    limits: Limits = SERVED,
) -> None:
    """Serve the table app over the database `db` until interrupted: an SQLite file (created if
    missing; this server alone may serve it) or a `postgresql://` address (shared with any other
    servers on it).

    Prints the host link. Links use `public_url`, else the address players can reach (with
    `host` 0.0.0.0, the machine's LAN address). With `demo`, the demo game is created when the
    database has no game, and the first game's seat links are printed: each is that seat's secret.
    `limits` are the rates, live connections per link and games in memory (web/guards.py).
    """
    if not is_postgres(db):
        db = Path(db)
        db.parent.mkdir(parents=True, exist_ok=True)
    base = base_url(host, port, public_url)
    app = create_app(db, open_creation=open_creation, public_url=base, limits=limits)
    try:
        if demo:
            title, links = demo_links(app.state.host, base)
            print(
                f"{title}: open each seat's link on its own screen "
                "(each link is that seat's secret)"
            )
            for seat, link in links.items():
                print(f"  {seat:<8} {link}")
        host_link = f"{base}/host/{app.state.host.store.host_token()}"
        print(f"Host (games, links, new games; keep it secret): {host_link}")
        anyone = f"   New games by anyone: {base}/" if open_creation else ""
        print(f"API: {base}/openapi.json{anyone}   Stop: Ctrl+C", flush=True)
        uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        if app.state.lock is not None:  # the database is free for the next server
            app.state.lock.release()
