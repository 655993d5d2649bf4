"""Live updates: a game's open connections are woken when it changes.

A connection then sends its seat a "changed" notice with the seat's version (`Host.version`), and
only when that seat's own view or log did change, so the notices carry nothing else and even their
timing tells a seat nothing that its own view does not. The page then fetches what is new. The
fingerprints are taken in a worker thread, never on the event loop. A token revoked meanwhile
ends its connections (close code 4404).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from kriegsspiel.errors import KriegsspielError
from kriegsspiel.web.host import Host, NotFound, Quarantined

CHANGED = "changed"
GONE = 4404  # the close code for an unknown or revoked token


def changed(version: int) -> dict[str, object]:
    """The live notice: what the seat may see changed, and is now at `version`."""
    return {"type": CHANGED, "version": version}


class Hub:
    """Who is listening to which game. `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}

    def publish(self, game_id: str) -> None:
        with self._lock:
            subs = list(self._subs.get(game_id, ()))
        for loop, event in subs:
            with suppress(RuntimeError):  # the loop has closed: its connection is gone
                loop.call_soon_threadsafe(event.set)

    @contextmanager
    def subscribe(self, game_id: str) -> Iterator[asyncio.Event]:
        sub = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
        try:
            yield sub[1]
        finally:
            with self._lock:
                self._subs[game_id].discard(sub)
                if not self._subs[game_id]:
                    del self._subs[game_id]


async def follow(ws: WebSocket, host: Host, hub: Hub, token: str) -> None:
    """Serve one seat's live connection until the client goes away or its token is revoked."""
    await ws.accept()
    try:
        ref = await run_in_threadpool(host.seat, token)
    except NotFound as exc:
        await _refuse(ws, exc)
        return
    with hub.subscribe(ref.game_id) as woken_by:
        closed = asyncio.ensure_future(_until_closed(ws))
        last = 0
        try:
            while not closed.done():
                try:
                    version = await run_in_threadpool(host.version, token)
                except (NotFound, Quarantined) as exc:
                    await _refuse(ws, exc)
                    return
                if version != last:
                    await ws.send_json(changed(version))
                    last = version
                woken = asyncio.ensure_future(woken_by.wait())
                await asyncio.wait({closed, woken}, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
                woken_by.clear()
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the client went away while we were sending
        finally:
            closed.cancel()


async def _refuse(ws: WebSocket, exc: KriegsspielError) -> None:
    await ws.send_json({"error": str(exc)})
    await ws.close(code=GONE)


async def _until_closed(ws: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it disconnects."""
    while (await ws.receive())["type"] != "websocket.disconnect":
        pass
