"""Running the app: `serve(db, host, port)` (`kriegsspiel serve`), and the demo game's links."""

from __future__ import annotations

from pathlib import Path

import uvicorn

from kriegsspiel.web.app import create_app
from kriegsspiel.web.host import Host, bundled_scenario

DEMO = "demo"
ANY_ADDRESS = ("", "0.0.0.0", "::")


def base_url(host: str, port: int) -> str:
    """The address to print for a server listening on `host`."""
    shown = "127.0.0.1" if host in ANY_ADDRESS else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def demo_links(host: Host, base: str) -> tuple[str, dict[str, str]]:
    """Create the demo game if the store has no game; the first game's title and seat links."""
    ids = host.store.game_ids()
    game_id = ids[0] if ids else host.create(bundled_scenario(DEMO))[0]
    tokens = host.store.tokens(game_id)
    return host.game(game_id).scenario.title, {s: f"{base}/play/{t}" for s, t in tokens.items()}


def serve(db: Path, host: str = "127.0.0.1", port: int = 8000, demo: bool = False) -> None:
    """Serve the table app over the SQLite database `db` (created if missing) until interrupted.

    With `demo`, the demo game is created when the database has no game, and the first game's
    seat links are printed: each is that seat's secret.
    """
    db.parent.mkdir(parents=True, exist_ok=True)
    app = create_app(db)
    base = base_url(host, port)
    if demo:
        title, links = demo_links(app.state.host, base)
        print(f"{title}: open each seat's link on its own screen (each link is that seat's secret)")
        for seat, link in links.items():
            print(f"  {seat:<8} {link}")
    print(f"New games: {base}/   API: {base}/openapi.json   Stop: Ctrl+C", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
