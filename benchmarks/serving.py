"""The table server under load (`make bench`): act round trips, and one game's head-of-line effect.

- **act round trip**: 1, 8 and 32 clients, each playing a game of its own over HTTP (the seats
  alternate `end-phase`, which is always legal in the demo without a turn limit), beside a bare
  Starlette endpoint doing the same durable SQLite commit (WAL, synchronous=FULL) of the same
  body, served the same way, in the same run: p50 and p99 of each.
- **head of line**: `GET /api/scenarios` alone, and while a 10k-entry game is played with four
  live seats whose pages, told "changed", fetch what they would (`log?since=N` and the table;
  with `--full-log`, the whole log as pages did before they fetched only what is new).

Each server runs in a process of its own (`uvicorn`), so the clients' threads do not share its
interpreter. `python benchmarks/serving.py [--quick] [--full-log] [--readme README.md]`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from kriegsspiel import Game, new_game
from kriegsspiel.store.sqlite import SqliteStore

HERE = Path(__file__).parent
MARKERS = ("<!-- serving:start -->", "<!-- serving:end -->")
END_PHASE = json.dumps({"action": {"action": "end-phase"}}).encode()
SIDES = ("german", "us")

OURS = """
import sys, uvicorn
from kriegsspiel.web import create_app
uvicorn.run(create_app(sys.argv[1]), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""

BARE = """
import sqlite3, sys, threading, uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.concurrency import run_in_threadpool

db = sqlite3.connect(sys.argv[1], isolation_level=None, check_same_thread=False)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE IF NOT EXISTS entries (game TEXT, seq INTEGER, entry TEXT, "
           "PRIMARY KEY (game, seq))")
lock, seqs = threading.Lock(), {}

def commit(game, body):
    with lock:
        seq = seqs[game] = seqs.get(game, -1) + 1
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO entries VALUES (?, ?, ?)", (game, seq, body.decode()))
        db.execute("COMMIT")
    return seq

async def act(request: Request) -> Response:
    body = await request.body()
    seq = await run_in_threadpool(commit, request.path_params["game"], body)
    return Response(b'{"entries": [{"n": %d}]}' % seq, media_type="application/json")

app = Starlette(routes=[Route("/act/{game}", act, methods=["POST"])])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def endless_demo() -> Game[Any, Any, Any, Any]:
    demo = new_game("demo", seed="bench")
    return Game(demo.ruleset, msgspec.structs.replace(demo.scenario, turns=None), "bench")


def played(entries: int) -> Game[Any, Any, Any, Any]:
    game = endless_demo()
    for _ in range(entries):
        game.act(game.seats_to_act()[0], {"action": "end-phase"})
    return game


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def server(code: str, db: Path) -> Iterator[int]:
    """A server running `code` over `db` in a process of its own; its port."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", code, str(db), str(port)])
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def request(conn: http.client.HTTPConnection, method: str, path: str, body: bytes = b"") -> bytes:
    conn.request(method, path, body or None, {"content-type": "application/json"})
    answer = conn.getresponse()
    data = answer.read()
    if answer.status >= 400:
        raise SystemExit(f"{method} {path}: {answer.status} {data[:200]!r}")
    return data


def percentile(times: list[float], p: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def round_trips(port: int, paths: list[list[str]], count: int) -> list[float]:
    """Each client (a list of paths it posts END_PHASE to in turn) `count` times, in parallel."""
    times: list[float] = []
    lock = threading.Lock()

    def client(own: list[str]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port)
        mine = []
        for i in range(count):
            start = time.perf_counter()
            request(conn, "POST", own[i % len(own)], END_PHASE)
            mine.append(time.perf_counter() - start)
        conn.close()
        with lock:
            times.extend(mine[2:])  # the first ones open the connection and load the game

    threads = [threading.Thread(target=client, args=(own,)) for own in paths]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def act_figures(folder: Path, clients: int, count: int) -> dict[str, tuple[float, float]]:
    db = folder / f"ours-{clients}.db"
    store = SqliteStore(db)
    ours = []
    for _ in range(clients):
        _, tokens = store.create(endless_demo())
        ours.append([f"/api/seats/{tokens[side]}/act" for side in SIDES])
    store.close()
    bare = [[f"/act/g{i}"] for i in range(clients)]
    out = {}
    with server(OURS, db) as port:
        ours_times = round_trips(port, ours, count)
    with server(BARE, folder / f"bare-{clients}.db") as port:
        bare_times = round_trips(port, bare, count)
    for name, times in (("ours", ours_times), ("bare", bare_times)):
        out[name] = (statistics.median(times), percentile(times, 0.99))
    return out


def head_of_line(folder: Path, entries: int, gets: int, full_log: bool) -> tuple[float, float]:
    """The median `GET /api/scenarios` alone, and while a long game is played beside it."""
    db = folder / "hol.db"
    store = SqliteStore(db)
    _, tokens = store.create(played(entries))
    store.close()
    with server(OURS, db) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port)

        def get_times() -> list[float]:
            times = []
            for _ in range(gets):
                start = time.perf_counter()
                request(conn, "GET", "/api/scenarios")
                times.append(time.perf_counter() - start)
                time.sleep(0.002)
            return times

        request(conn, "GET", "/api/scenarios")
        alone = statistics.median(get_times())
        stop = threading.Event()
        workers = [threading.Thread(target=page, args=(port, tokens[s], stop, full_log))
                   for s in ("umpire", *SIDES, "public")]  # fmt: skip
        workers.append(threading.Thread(target=player, args=(port, tokens, stop)))
        for worker in workers:
            worker.start()
        time.sleep(1)  # the pages have loaded the log, and play is under way
        loaded = statistics.median(get_times())
        stop.set()
        for worker in workers:
            worker.join()
    return alone, loaded


def player(port: int, tokens: dict[str, str], stop: threading.Event) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    turn = 0
    while not stop.is_set():
        request(conn, "POST", f"/api/seats/{tokens[SIDES[turn % 2]]}/act", END_PHASE)
        turn += 1


def page(port: int, token: str, stop: threading.Event, full_log: bool) -> None:
    """A seat's page: told "changed", it fetches its table and its new log entries."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    conn = http.client.HTTPConnection("127.0.0.1", port)
    held = 0
    with connect(f"ws://127.0.0.1:{port}/api/seats/{token}/live", ping_interval=None) as ws:
        while not stop.is_set():
            try:
                ws.recv(timeout=0.2)
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
            request(conn, "GET", f"/api/seats/{token}")
            since = 0 if full_log else held
            log = json.loads(request(conn, "GET", f"/api/seats/{token}/log?since={since}"))["log"]
            held = since + len(log)


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def report(quick: bool, full_log: bool) -> str:
    count = 40 if quick else 200
    rows = [
        "| concurrent seats | act p50 | act p99 | bare endpoint p50 | bare p99 | p99 ratio |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for clients in (1, 8, 32):
            figures = act_figures(folder, clients, count if clients < 32 else count // 2)
            (o50, o99), (b50, b99) = figures["ours"], figures["bare"]
            rows.append(
                f"| {clients} | {_ms(o50)} | {_ms(o99)} | {_ms(b50)} | {_ms(b99)} "
                f"| {o99 / b99:.2f}× |"
            )
        entries = 2_000 if quick else 10_000
        alone, loaded = head_of_line(folder, entries, 50 if quick else 200, full_log)
    rows.append("")
    rows.append(
        f"Head of line: `GET /api/scenarios` {_ms(alone)} alone, {_ms(loaded)} (median) while a "
        f"{entries:,}-entry game is played with four live seats"
        + (" (pages fetching the whole log)" if full_log else "")
        + "."
    )
    return "\n".join(rows)


def write_readme(readme: Path, text: str) -> None:
    old = readme.read_text()
    start, end = MARKERS
    if start not in old or end not in old:
        raise SystemExit(f"{readme}: no {start} … {end} markers")
    head, rest = old.split(start, 1)
    readme.write_text(f"{head}{start}\n{text}\n{end}{rest.split(end, 1)[1]}")


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests, a 2k-entry game")
    parser.add_argument("--full-log", action="store_true", help="pages fetch the whole log")
    parser.add_argument("--readme", type=Path, help="write the figures between its markers")
    args = parser.parse_args(argv)
    text = report(args.quick, args.full_log)
    out(text)
    if args.readme is not None:
        write_readme(args.readme, text)


if __name__ == "__main__":
    main()
