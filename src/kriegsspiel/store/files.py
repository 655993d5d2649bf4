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

from kriegsspiel.core.game import Game, Header
from kriegsspiel.core.log import Entry
from kriegsspiel.core.ruleset import E
from kriegsspiel.errors import InputError
from kriegsspiel.store.record import (
    CorruptRecord,
    check_format,
    decode_game,
    encode,
    header_of,
    short,
)

NOUN = "game file"  # what the errors call it


class _HeaderOnly(msgspec.Struct):
    header: Header


class GameFile(msgspec.Struct, Generic[E]):
    header: Header
    scenario: Any
    log: list[Entry[E]]


class _RawFile(msgspec.Struct):
    """A game file read as far as its parts: each is decoded by `record.decode_game`."""

    header: Header
    scenario: msgspec.Raw
    log: list[msgspec.Raw]


def dumps(game: Game[Any, Any, Any, Any]) -> bytes:
    record: GameFile[Any] = GameFile(header_of(game), game.scenario, list(game.log))
    return msgspec.json.format(encode(record), indent=1)


def loads(data: bytes, where: str = "game") -> Game[Any, Any, Any, Any]:
    try:
        header = msgspec.json.decode(data, type=_HeaderOnly).header
    except msgspec.DecodeError as exc:
        raise CorruptRecord(where, f"not a kriegsspiel game file ({short(exc)})") from None
    check_format(header, where=where, noun=NOUN)
    try:
        record = msgspec.json.decode(data, type=_RawFile)
    except msgspec.DecodeError as exc:
        raise CorruptRecord(where, f"corrupt {NOUN} ({short(exc)})") from None
    return decode_game(
        record.header, record.scenario, enumerate(record.log), where=where, noun=NOUN
    )


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
