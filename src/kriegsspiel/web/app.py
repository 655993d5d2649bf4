"""The ASGI app: the JSON API, the live connections and the pages over one store (an SQLite file
that it alone serves, or a PostgreSQL database that other servers may share)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kriegsspiel.errors import InputError, KriegsspielError
from kriegsspiel.store.base import Store, StoreError, is_postgres, open_store
from kriegsspiel.store.serverlock import ServerLock
from kriegsspiel.store.sqlite import SqliteStore
from kriegsspiel.web import api, pages
from kriegsspiel.web.bots import BotSeats
from kriegsspiel.web.guards import DEFAULT, Buckets, Limits, OriginGuard
from kriegsspiel.web.host import Host
from kriegsspiel.web.live import Hub

HEADERS = {
    "referrer-policy": "no-referrer",  # a seat's link is its secret: never pass it on
    "x-content-type-options": "nosniff",
    "content-security-policy": (
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
}


GZIP_FROM = 1024  # bytes: smaller answers are sent as they are
GZIP_LEVEL = 5  # about as small as 9 for JSON, at a fraction of the time
GZIP_IN_THREAD_FROM = 0  # bytes of a chunk: every chunk is packed in a worker thread, off the loop


class SecurityHeaders:
    """Adds HEADERS to every HTTP response, and no-store to all but the static files."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
                if not str(scope["path"]).startswith("/static/"):
                    headers["cache-control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _error(request: Request, exc: Exception) -> Response:
    return api.error_response(request, exc)


def _opened(db: str | Path | Store) -> tuple[Store, ServerLock | None]:
    """The store, and for an SQLite file the lock that makes this server its only one (taken
    before the file is opened)."""
    if isinstance(db, SqliteStore):
        return db, ServerLock(db.path)
    if not isinstance(db, str | Path):
        return db, None
    if is_postgres(db):
        return open_store(db), None
    lock = ServerLock(Path(db))
    try:
        return SqliteStore(db), lock
    except InputError:
        lock.release()
        raise


def create_app(
    db: str | Path | Store,
    *,
    open_creation: bool = True,
    public_url: str | None = None,
    limits: Limits = DEFAULT,
) -> Starlette:
    """The app over a database (`open_store`: a file, created if missing, or a `postgresql://`
    address) or an open store. It holds an SQLite database's `ServerLock` until it stops: a
    second server on the same file is refused.

    Without `open_creation`, creating a game needs the host token (`kriegsspiel serve` runs so
    unless `--open`); `public_url` is the base of the links it hands out (by default, the
    address each request came to), and an Origin its pages may send; `limits` are the rates,
    live connections and games in memory it allows (web/guards.py)."""
    store, lock = _opened(db)
    host, hub = Host(store, limits.games), Hub(limits.sockets)
    host.on_change(hub.publish)
    bots = BotSeats(host)
    host.on_change(bots.wake)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        bots.close()
        store.close()
        if lock is not None:
            lock.release()

    app = Starlette(
        routes=[*api.ROUTES, *pages.ROUTES],
        middleware=[
            Middleware(SecurityHeaders),
            Middleware(OriginGuard, public_url=public_url),
            Middleware(
                GZipMiddleware,
                minimum_size=GZIP_FROM,
                compresslevel=GZIP_LEVEL,
                thread_minimum_size=GZIP_IN_THREAD_FROM,
            ),
        ],
        exception_handlers={
            HTTPException: _error,
            KriegsspielError: _error,
            StoreError: _error,
            Exception: _error,
        },
        lifespan=lifespan,
    )
    app.state.host = host
    app.state.lock = lock
    app.state.hub = hub
    app.state.bots = bots
    app.state.open_creation = open_creation
    app.state.public_url = public_url.rstrip("/") if public_url else None
    app.state.limits = limits
    app.state.creation = Buckets(limits.creation) if limits.creation else None
    app.state.actions = Buckets(limits.actions) if limits.actions else None
    return app
