"""The stores the tests run on (`Backend`: an SQLite file or a PostgreSQL database), and a
PostgreSQL server of the tests' own (`Cluster`), made from Debian's binaries
(/usr/lib/postgresql/*/bin; `make test` installs them) in a temporary directory. PostgreSQL
refuses to run as root, so as root (CI) initdb and the server run as `nobody`. The fixtures over
them are in `storefixtures`.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any

from kriegsspiel.store.base import Store, open_store

DEBIAN = Path("/usr/lib/postgresql")
USER = "kriegsspiel"  # the cluster's superuser; it trusts connections from this machine
UNPRIVILEGED = "nobody"


def binaries() -> Path | None:
    """The newest PostgreSQL's bin directory Debian installed, else one on the PATH."""
    found = sorted(DEBIAN.glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Cluster:
    """A PostgreSQL server of its own in a temporary directory, on 127.0.0.1 at a free port."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="kriegsspiel-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._databases = count(1)
        self._as: list[str] = []
        if os.geteuid() == 0:  # initdb and postgres refuse root
            user = pwd.getpwnam(UNPRIVILEGED)
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as = [
                "setpriv",
                f"--reuid={user.pw_uid}",
                f"--regid={user.pw_gid}",
                "--clear-groups",
                "--",
            ]

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as, str(self.bindir / tool), *args]
        done = subprocess.run(
            command, cwd=self.root, capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "--no-sync",
            "--encoding=UTF8", "--locale=C",
        )  # fmt: skip
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.root / "server.log")
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "-t", "60", "start"
        )

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The address of a new empty database."""
        import psycopg

        name = f"test{next(self._databases)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@dataclass
class Backend:
    """A store to test: its kind, the `--db` that names it, and raw SQL on it (with `?`
    placeholders, committed at once), as another program could write."""

    kind: str
    db: str | Path

    def open(self) -> Store:
        return open_store(self.db)

    def execute(self, sql: str, *args: Any) -> None:
        if self.kind == "sqlite":
            with closing(sqlite3.connect(self.db)) as db, db:
                db.execute(sql, args)
            return
        import psycopg

        with psycopg.connect(str(self.db), autocommit=True) as pg:
            pg.execute(sql.replace("?", "%s"), args)

    def scalar(self, sql: str) -> Any:
        if self.kind == "sqlite":
            with closing(sqlite3.connect(self.db)) as db:
                return db.execute(sql).fetchone()[0]
        import psycopg

        with psycopg.connect(str(self.db), autocommit=True) as pg:
            row = pg.execute(sql).fetchone()
            assert row is not None
            return row[0]
