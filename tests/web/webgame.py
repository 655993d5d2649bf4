"""Helpers for the web app's tests: games seen seat by seat through the API, and a real server
in a background thread (for the client, live, restart and browser tests). The fixtures are in
`webfixtures`, which test modules load with `pytest_plugins`."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import uvicorn
from starlette.applications import Starlette
from starlette.testclient import TestClient

DEMO_SEED = "demo-seed-1944"
PREPARE_BRIDGE = {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}
DEMOLISH_CULVERT = {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"}


class Answer(Protocol):
    """An HTTP response as the test client gives it (httpx's or httpx2's)."""

    @property
    def status_code(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def headers(self) -> Mapping[str, str]: ...
    def json(self) -> Any: ...


@dataclass
class Table:
    """A game created through the API: each seat's token, and requests made as a seat."""

    client: TestClient
    game: str
    tokens: dict[str, str]

    def get(self, seat: str, path: str = "") -> Answer:
        return self.client.get(f"/api/seats/{self.tokens[seat]}{path}")

    def post(self, seat: str, path: str, body: Any) -> Answer:
        return self.client.post(f"/api/seats/{self.tokens[seat]}{path}", json=body)

    def table(self, seat: str) -> dict[str, Any]:
        response = self.get(seat)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def act(self, seat: str, action: dict[str, Any], **extra: Any) -> list[dict[str, Any]]:
        response = self.post(seat, "/act", {"action": action, **extra})
        assert response.status_code == 200, response.text
        entries: list[dict[str, Any]] = response.json()["entries"]
        return entries

    def log(self, seat: str) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = self.get(seat, "/log").json()["log"]
        return entries


def create(client: TestClient, scenario: str = "demo", **body: Any) -> Table:
    response = client.post("/api/games", json={"scenario": scenario, **body})
    assert response.status_code == 201, response.text
    data = response.json()
    return Table(client, data["game"], {s["seat"]: s["token"] for s in data["seats"]})


class LiveServer:
    """The app served by uvicorn on 127.0.0.1 at a free port, in a background thread."""

    def __init__(self, app: Starlette) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            assert self.thread.is_alive(), "the server stopped while starting"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
