"""Game files: one JSON document (header, scenario, log), written atomically.

A game file is the umpire's record: it holds the secret seed and every hidden fact. Seats see a
game only through its views.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Generic

import msgspec

from kriegsspiel.core.game import FORMAT, Game, Header
from kriegsspiel.core.log import Entry
from kriegsspiel.core.ruleset import E
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import find_ruleset


class _HeaderOnly(msgspec.Struct):
    header: Header


class GameFile(msgspec.Struct, Generic[E]):
    header: Header
    scenario: Any
    log: list[Entry[E]]


def dumps(game: Game[Any, Any, Any, Any]) -> bytes:
    record: GameFile[Any] = GameFile(
        Header(FORMAT, game.ruleset.name, game.seed), game.scenario, list(game.log)
    )
    return msgspec.json.format(msgspec.json.encode(record), indent=1)


def loads(data: bytes, where: str = "game") -> Game[Any, Any, Any, Any]:
    try:
        header = msgspec.json.decode(data, type=_HeaderOnly).header
    except msgspec.DecodeError as exc:
        raise InputError(where, f"not a kriegsspiel game file ({_short(exc)})") from None
    if header.format != FORMAT:
        raise InputError(
            where, f"game file format {header.format} is not supported (expected {FORMAT})"
        )
    try:
        ruleset = find_ruleset(header.ruleset)
    except InputError as exc:
        raise InputError(where, exc.problem) from None
    kind = GameFile[ruleset.event_type]  # type: ignore[name-defined]
    try:
        record = msgspec.json.decode(data, type=kind)
        scenario = msgspec.convert(record.scenario, ruleset.scenario_type)
    except msgspec.DecodeError as exc:
        raise InputError(where, f"corrupt game file ({_short(exc)})") from None
    seqs = [e.seq for e in record.log]
    if seqs != list(range(len(seqs))):
        raise InputError(where, "corrupt game file (log entries out of sequence)")
    try:
        return Game(ruleset, scenario, header.seed, record.log)
    except (KeyError, AssertionError, ValueError, IndexError) as exc:
        raise InputError(where, f"corrupt game file (its log does not replay: {exc!r})") from None


def load(path: str | Path) -> Game[Any, Any, Any, Any]:
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError(str(p), "no such game file") from None
    except OSError as exc:
        raise InputError(str(p), f"cannot read: {exc.strerror}") from None
    return loads(data, str(p))


def save(game: Game[Any, Any, Any, Any], path: str | Path, *, overwrite: bool = True) -> None:
    """Write atomically: the old file stays whole until the new one is complete.

    With `overwrite=False` an existing file is never replaced, even by a racing writer.
    """
    p = Path(path)
    data = dumps(game)
    directory = p.parent if str(p.parent) else Path(".")
    tmp: Path | None = None
    try:
        fd, name = tempfile.mkstemp(prefix=f".{p.name}.", dir=directory)
        tmp = Path(name)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if overwrite:
            os.replace(tmp, p)
        else:
            os.link(tmp, p)
    except FileExistsError:
        raise InputError(str(p), "already exists") from None
    except OSError as exc:
        raise InputError(str(p), f"cannot write: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def _short(exc: Exception) -> str:
    return str(exc).splitlines()[0][:120]
