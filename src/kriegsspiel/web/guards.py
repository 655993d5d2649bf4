"""Guards on requests: their Origin, the type of their bodies, and how often a client may ask.

- **Origin.** A browser names the page that made a request in its `Origin` header. A request
  or live connection whose Origin is not this server's own (the address it was sent to, or the
  public URL) is refused with a 403 before any handler runs, so no other site's page can make
  its visitors create games or act. A client that sends no Origin (the Python client, curl) is
  not a browser page of another site, and is served.
- **Content type.** A body is read only when it is declared `application/json` (else 415): a
  cross-site form can send `text/plain` or form data without asking, but never JSON.
- **Rates.** A token bucket per key (a client's address for creation, a seat's token for its
  actions): `Rate(burst, every)` allows `burst` at once, then one more every `every` seconds,
  and a refusal says when to try again (429, `Retry-After`).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import msgspec
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from kriegsspiel.errors import InputError

JSON = "application/json"
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
FOREIGN = 4403  # the close code of a live connection from another site's page
KEYS = 10_000  # rate buckets kept at most: the full ones go first, then the oldest


class WrongType(InputError):
    """A body that is not declared JSON (415)."""


class TooMany(InputError):
    """Over a rate limit (429); `retry_after` is the whole seconds until one more is allowed."""

    def __init__(self, where: str, problem: str, retry_after: int) -> None:
        super().__init__(where, problem)
        self.retry_after = retry_after


def require_json(headers: Headers) -> None:
    """Refuse a body not declared `application/json` (parameters such as charset aside)."""
    declared = headers.get("content-type", "")
    if declared.split(";")[0].strip().lower() != JSON:
        shown = declared[:60] or "none"
        raise WrongType("content-type", f"the body must be {JSON}, not {shown!r}")


@dataclass(frozen=True)
class Rate:
    """`burst` requests at once, then one more every `every` seconds."""

    burst: int
    every: float

    def __post_init__(self) -> None:
        if self.burst < 1 or not self.every > 0 or not math.isfinite(self.every):
            raise ValueError(f"a rate needs a burst of 1 or more and a finite period: {self}")

    def __str__(self) -> str:
        return f"{self.burst} at once, then 1 every {self.every:g} s"


class Buckets:
    """A token bucket for each key, at `rate`. Thread-safe; `clock` is in seconds."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._lock = threading.Lock()
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (left, at)

    def take(self, key: str) -> float:
        """Take one for `key`: 0 if allowed, else the seconds until one is (nothing taken)."""
        now, rate = self.clock(), self.rate
        with self._lock:
            left, at = self._buckets.pop(key, (float(rate.burst), now))
            left = min(float(rate.burst), left + (now - at) / rate.every)
            wait = 0.0 if left >= 1 else (1 - left) * rate.every
            self._buckets[key] = (left - 1 if wait == 0 else left, now)
            if len(self._buckets) > KEYS:
                self._forget(now)
            return wait

    def check(self, key: str, what: str) -> None:
        """Take one for `key`, or raise TooMany naming `what` and when to try again."""
        wait = self.take(key)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise TooMany(
                what, f"too many requests ({self.rate}); try again in {seconds} s", seconds
            )

    def _forget(self, now: float) -> None:
        """Drop the buckets that are full again (as good as new), then the least recently used
        down to nine tenths of KEYS, so that the next scan is KEYS / 10 requests away."""
        rate = self.rate
        for key, (left, at) in list(self._buckets.items()):
            if left + (now - at) / rate.every >= rate.burst:
                del self._buckets[key]
        while len(self._buckets) > KEYS * 9 // 10:
            self._buckets.popitem(last=False)


@dataclass(frozen=True)
class Limits:
    """The server's limits (docs/web.md, "Security and limits"); None turns a rate off."""

    creation: Rate | None = Rate(10, 6.0)  # games created per client address
    actions: Rate | None = None  # actions, previews, messages and notes per seat link
    sockets: int = 8  # live connections per seat link
    games: int = 64  # games kept in memory (the least recently used are dropped)

    def __post_init__(self) -> None:
        if self.sockets < 1 or self.games < 1:
            raise ValueError(f"a link needs a live connection and memory a game: {self}")


DEFAULT = Limits()
SERVED = Limits(actions=Rate(60, 0.1))  # `serve`'s: no person acts 10 times a second


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower case, the scheme's default port left out."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    shown = f"[{host}]" if ":" in host else host
    try:
        port = parts.port
    except ValueError:
        return ""
    at = "" if port is None or port == DEFAULT_PORTS.get(scheme) else f":{port}"
    return f"{scheme}://{shown}{at}"


def own_origins(scope: Scope, public_url: str | None) -> set[str]:
    """The origins of this server's own pages: where the request was sent, and the public URL."""
    headers = Headers(scope=scope)
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope["scheme"])
    own = {origin_of(f"{scheme}://{headers.get('host', '')}")}
    if public_url:
        own.add(origin_of(public_url))
    return own


class OriginGuard:
    """Refuses a request or live connection whose Origin is another site's (403 / close 4403)."""

    def __init__(self, app: ASGIApp, public_url: str | None = None) -> None:
        self.app = app
        self.public_url = public_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        origin = Headers(scope=scope).get("origin")
        if origin is None or origin_of(origin) in own_origins(scope, self.public_url):
            await self.app(scope, receive, send)
            return
        problem = (
            f"origin: {origin[:80]!r} is not this server's; requests from other sites are refused"
        )
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": FOREIGN, "reason": "foreign origin"})
            return
        body = msgspec.json.encode({"error": problem})
        headers = [(b"content-type", JSON.encode()), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": body})
