"""Live updates: a game's open connections are woken when it changes.

A connection then sends its seat a "changed" notice with the seat's version (`Host.version`), and
only when that seat's own view or log did change, so the notices carry nothing else and even their
timing tells a seat nothing that its own view does not. The page then fetches what is new. The
fingerprints are taken in a worker thread, never on the event loop. A token revoked meanwhile
ends its connections (close code 4404). A link holds at most `Hub.per_link` connections at once:
the next is sent the error and closed (close code 4429), so many sockets on one link cannot
stall the server.

Once the game is revealed (over, or opened by the umpire: the same for every seat), each
connection is sent a "revealed" notice, once, so an open replay page turns to the full record.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from kriegsspiel.web.host import Host, NotFound, Quarantined

CHANGED = "changed"
REVEALED = "revealed"
GONE = 4404  # the close code for an unknown or revoked token
CROWDED = 4429  # the close code for one connection more than a link may hold


def changed(version: int) -> dict[str, object]:
    """The live notice: what the seat may see changed, and is now at `version`."""
    return {"type": CHANGED, "version": version}


def revealed() -> dict[str, object]:
    """The notice that the whole record is open to every seat (sent once a connection)."""
    return {"type": REVEALED}


def _where(host: Host, token: str, game_id: str, told_revealed: bool) -> tuple[int, bool]:
    """The seat's version, and whether the game is revealed (asked only until it is told)."""
    version = host.version(token)
    return version, told_revealed or host.revealed(game_id)


class Hub:
    """Who is listening to which game. `publish` may be called from any thread."""

    def __init__(self, per_link: int = 8) -> None:
        self.per_link = per_link  # live connections a seat link may hold at once
        self._lock = threading.Lock()
        self._subs: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self._open: dict[str, int] = {}  # token -> its live connections

    def connections(self, token: str) -> int:
        """How many live connections `token` holds now."""
        with self._lock:
            return self._open.get(token, 0)

    @contextmanager
    def holding(self, token: str) -> Iterator[bool]:
        """Count a connection on `token` for the block: True if within the link's cap."""
        with self._lock:
            room = self._open.get(token, 0) < self.per_link
            if room:
                self._open[token] = self._open.get(token, 0) + 1
        try:
            yield room
        finally:
            if room:
                with self._lock:
                    self._open[token] -= 1
                    if not self._open[token]:
                        del self._open[token]

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
        await _refuse(ws, str(exc))
        return
    with hub.holding(token) as room:
        if not room:
            why = f"this link has {hub.per_link} live pages open, the most it may; close one"
            await _refuse(ws, why, CROWDED)
            return
        await _followed(ws, host, hub, token, ref.game_id)


async def _followed(ws: WebSocket, host: Host, hub: Hub, token: str, game_id: str) -> None:
    with hub.subscribe(game_id) as woken_by:
        closed = asyncio.ensure_future(_until_closed(ws))
        last, told_revealed = 0, False
        try:
            while not closed.done():
                try:
                    version, is_revealed = await run_in_threadpool(
                        _where, host, token, game_id, told_revealed
                    )
                except (NotFound, Quarantined) as exc:
                    await _refuse(ws, str(exc))
                    return
                if version != last:
                    await ws.send_json(changed(version))
                    last = version
                if is_revealed and not told_revealed:
                    await ws.send_json(revealed())
                    told_revealed = True
                woken = asyncio.ensure_future(woken_by.wait())
                await asyncio.wait({closed, woken}, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
                woken_by.clear()
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the client went away while we were sending
        finally:
            closed.cancel()


async def _refuse(ws: WebSocket, error: str, code: int = GONE) -> None:
    await ws.send_json({"error": error})
    await ws.close(code=code, reason=error[:120])


async def _until_closed(ws: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it disconnects."""
    while (await ws.receive())["type"] != "websocket.disconnect":
        pass
