"""A small client of a served game, for the `kriegsspiel` command: act on or show a game by its
seat link. Standard library only; every failure is one `RemoteError` line.

    from kriegsspiel.web import client
    table = client.show("http://127.0.0.1:8000/play/TOKEN")
    client.act("http://127.0.0.1:8000/play/TOKEN", {"action": "pass"}, dice=[4], player="Alice")
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from kriegsspiel.errors import InputError, KriegsspielError

TIMEOUT = 15.0  # seconds


class RemoteError(KriegsspielError):
    """The server refused a request (its message), or could not be reached."""


@dataclass(frozen=True)
class SeatLink:
    """A seat's secret link, split into the server's address and the token."""

    base: str
    token: str

    @classmethod
    def parse(cls, link: str) -> SeatLink:
        """From `http://HOST:PORT/play/TOKEN` (a page link) or `.../api/seats/TOKEN`."""
        parts = urlsplit(link.strip())
        path = parts.path.rstrip("/").split("/")
        ok = parts.scheme in ("http", "https") and parts.netloc and len(path) >= 3
        if not ok or path[-2] not in ("play", "seats") or not path[-1]:
            raise InputError("link", f"not a seat link such as http://HOST:PORT/play/TOKEN: {link}")
        prefix = "/".join(path[:-3] if path[-2] == "seats" else path[:-2])
        return cls(f"{parts.scheme}://{parts.netloc}{prefix}", path[-1])

    def url(self, path: str = "") -> str:
        return f"{self.base}/api/seats/{self.token}{path}"


def request(url: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    """GET (or POST `body` as JSON) and return the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    req.add_header("accept", "application/json")
    for name, value in (headers or {}).items():
        req.add_header(name, value)
    if data is not None:
        req.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
            return json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        raise RemoteError(_message(exc)) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise RemoteError(f"cannot reach {urlsplit(url).netloc}: {reason}") from None


def _message(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read())["error"])
    except (ValueError, KeyError, TypeError):
        return f"HTTP {exc.code} {exc.reason}"


# -- the commands' verbs --------------------------------------------------------------------------


def create_game(
    server: str, scenario: str, seed: str | None = None, *, published_seed: bool = False
) -> dict[str, Any]:
    """Create a game on `server` from a bundled scenario name or a local YAML file; the answer
    holds each seat's link (`seats[].url`, and `seats[].page` relative to the server). The dice
    get a fresh secret seed unless given `seed`, or `published_seed` (the scenario's own, public
    seed). `server` is the server's address (when it runs `--open`) or its host link,
    `http://HOST:PORT/host/TOKEN`, which may always create games."""
    server, headers = _creator(server)
    path = Path(scenario)
    body: dict[str, Any] = {"scenario": scenario}
    if path.suffix in (".yaml", ".yml") or path.exists():
        try:
            body = {"scenario_yaml": path.read_text(encoding="utf-8")}
        except OSError as exc:
            raise InputError(scenario, f"cannot read: {exc.strerror}") from None
    if seed is not None:
        body["seed"] = seed
    if published_seed:
        body["published_seed"] = True
    created: dict[str, Any] = request(f"{server}/api/games", body, headers)
    return created


def _creator(server: str) -> tuple[str, dict[str, str]]:
    """The server's base address, and the host token header when `server` is a host link."""
    parts = urlsplit(server.strip())
    path = parts.path.rstrip("/").split("/")
    if len(path) >= 3 and path[-2] == "host" and path[-1]:
        base = f"{parts.scheme}://{parts.netloc}{'/'.join(path[:-2])}"
        return base, {"x-host-token": path[-1]}
    return server.strip().rstrip("/"), {}


def show(link: str) -> dict[str, Any]:
    """The seat's table: `view`, `to_act`, legal `actions`, `ruleset`, `seat`, `can_undo`."""
    table: dict[str, Any] = request(SeatLink.parse(link).url())
    return table


def log(link: str) -> list[dict[str, Any]]:
    """The log as the seat may see it."""
    return list(request(SeatLink.parse(link).url("/log"))["log"])


def preview(link: str, action: dict[str, Any]) -> dict[str, Any]:
    """The odds of all the action can lead to from the seat's knowledge (`odds`), and the
    first roll it must type in (`checks`, with `odds[].fraction`, `percent`)."""
    return dict(request(SeatLink.parse(link).url("/preview"), {"action": action}))


def act(
    link: str, action: dict[str, Any], dice: list[int] | None = None, player: str = ""
) -> list[dict[str, Any]]:
    """Act as the link's seat; `dice` are faces rolled at the table. The new log entries."""
    body: dict[str, Any] = {"action": action}
    if dice is not None:
        body |= {"dice": dice, "player": player}
    return list(request(SeatLink.parse(link).url("/act"), body)["entries"])


def undo(link: str, count: int = 1) -> list[dict[str, Any]]:
    """Undo the last `count` actions (the umpire's link only)."""
    return list(request(SeatLink.parse(link).url("/undo"), {"count": count})["entries"])
