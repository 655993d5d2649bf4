"""The store fixtures: test modules load them with `pytest_plugins = ["storefixtures"]`.

`backend` runs a test once per store (SQLite, PostgreSQL); `postgres` is the session's PostgreSQL
server, started once (skipped only where no PostgreSQL binaries are installed), and
`postgres_url` a new empty database on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from backends import DEBIAN, Backend, Cluster, binaries


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    bindir = binaries()
    if bindir is None:
        pytest.skip(f"no PostgreSQL binaries (initdb) in {DEBIAN}/*/bin or on the PATH")
    cluster = Cluster(bindir)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres: Cluster) -> str:
    return postgres.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", tmp_path / "g.db")
    return Backend("postgres", request.getfixturevalue("postgres_url"))
