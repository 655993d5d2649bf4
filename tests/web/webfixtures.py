"""The web tests' fixtures: an app over a fresh database, a test client, and a demo game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from webgame import Table, create

from kriegsspiel.web import create_app


@pytest.fixture
def app(tmp_path: Path) -> Starlette:
    return create_app(tmp_path / "games.db")


@pytest.fixture
def client(app: Starlette) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def demo(client: TestClient) -> Table:
    return create(client)
