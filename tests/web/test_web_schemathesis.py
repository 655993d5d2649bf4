"""schemathesis over the OpenAPI document: every operation fuzzed with requests generated from
its own schema (a bounded, derandomized number of examples), against a server with real games.

A generated path's seat token, host token and game id are replaced by real ones (else nearly
every request would stop at a 404), so the bodies and queries reach the handlers. What must
hold: no 5xx, no traceback, and every refusal one JSON line naming what is wrong.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import Case
from starlette.testclient import TestClient
from webgame import create

from kriegsspiel.web import create_app

EXAMPLES = 12  # per operation: about 700 cases, some 15 s of process time in all

_APP = create_app(Path(tempfile.mkdtemp(prefix="schemathesis-")) / "games.db", open_creation=True)
_client = TestClient(_APP)  # no lifespan: its end would close the database
_GAMES = [create(_client), create(_client, "demo")]
_HOST = _APP.state.host.store.host_token()
_TOKENS = [token for game in _GAMES for token in game.tokens.values()]


async def _served(scope: Any, receive: Any, send: Any) -> None:
    """The app, its lifespan answered here: schemathesis starts and stops one per test case,
    and the app's own would close the database at the first stop."""
    if scope["type"] != "lifespan":
        await _APP(scope, receive, send)
        return
    while (await receive())["type"] != "lifespan.shutdown":
        await send({"type": "lifespan.startup.complete"})
    await send({"type": "lifespan.shutdown.complete"})


schema = schemathesis.openapi.from_asgi("/openapi.json", _served)


_SEEN: Counter[str] = Counter()  # answers by class: 2xx, 4xx


@pytest.fixture(scope="module", autouse=True)
def _figures() -> Iterator[None]:
    yield
    print(f"\nschemathesis: {sum(_SEEN.values())} cases, by status class {dict(_SEEN)}")


def _real(case: Case[Any]) -> None:
    """Real tokens and ids in the path, picked by the generated value (so the choice varies)."""
    path = case.path_parameters or {}
    for name, value in list(path.items()):
        pick = sum(str(value).encode()) if value is not None else 0
        if name == "token":
            path[name] = _TOKENS[pick % len(_TOKENS)]
        elif name == "host":
            path[name] = _HOST
        elif name == "game":
            path[name] = _GAMES[pick % len(_GAMES)].game
        elif name == "seat":
            path[name] = list(_GAMES[0].tokens)[pick % len(_GAMES[0].tokens)]


def _one_line_refusal(status: int, body: Any, text: str) -> None:
    assert status < 500, text
    assert "Traceback (most recent call last)" not in text
    if status >= 400:
        assert isinstance(body, dict), text
        assert set(body) <= {"error", "rule"}, text
        error = body["error"]
        assert isinstance(error, str)
        assert error
        assert "\n" not in error, error


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_the_api_answers_every_generated_request_without_a_5xx(case: Case[Any]) -> None:
    _real(case)
    headers = {"origin": "http://testserver", "x-host-token": _HOST}
    response = case.call(headers=headers)
    _SEEN[f"{response.status_code // 100}xx"] += 1
    try:
        body = response.json()
    except ValueError:
        body = None
    _one_line_refusal(response.status_code, body, response.text[:2000])
