"""The limits on what a scenario file, a game file or an upload may hold (README.md, "Limits"):
sizes a tabletop allows, checked before any geometry is built, so that no input can make the
engine work without bound.

`check_document` walks plain loaded data (YAML or JSON) once, within a budget of values; the
constrained types (`Coord`, `Inches`, `Turns`, `Count`, `Text`) put the bounds of single numbers
and strings into the scenario schema, where msgspec checks them and the JSON Schema shows them;
`Distance`, `Amount` and the like do the same for the fields of actions (a declared modifier is
bounded by its own rule, BF-DEFAULT-DECLARED, which names itself when it refuses).
"""

from __future__ import annotations

import math
import os
import stat
from pathlib import Path
from typing import Annotated, Any

import msgspec

from kriegsspiel.errors import InputError

MAX_SCENARIO_BYTES = 1_000_000  # a scenario file or upload: the bundled ones are under 6 KB
MAX_GAME_FILE_BYTES = 64_000_000  # a game file: its scenario and a long log
MAX_VALUES = 50_000  # values (numbers, strings, lists, mappings) in one scenario, aliases expanded
MAX_DEPTH = 16  # lists and mappings nested in one another
MAX_UNITS = 500
MAX_FEATURES = 500  # terrain features
MAX_FEATURE_POINTS = 1_000  # points of one terrain feature
MAX_TOTAL_POINTS = 10_000  # points of all terrain features
MAX_TEXT = 10_000  # characters of one string (a description; names and ids are shorter)
MAX_NAME = 200  # characters of a name or a title
MAX_INCHES = 1_000.0  # |x| and |y| of a position: a table is at most a few hundred inches
MAX_MOVE = 100.0  # inches of one move, speed or range a unit may have
MAX_TURNS = 500  # turns (or initiatives) of a game
MAX_COUNT = 100  # actions, preparations, spans and other counts a scenario sets
MAX_NUMBER = 1e9  # the magnitude of any number at all (counts of the tables included)

Coord = Annotated[float, msgspec.Meta(ge=-MAX_INCHES, le=MAX_INCHES)]
Point = tuple[Coord, Coord]
Inches = Annotated[float, msgspec.Meta(ge=0, le=MAX_MOVE)]
TableSide = Annotated[float, msgspec.Meta(gt=0, le=MAX_INCHES)]
Facing = Annotated[float, msgspec.Meta(ge=-360, le=360)]
Turns = Annotated[int, msgspec.Meta(ge=1, le=MAX_TURNS)]
Count = Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
# what a seat sends in an action: each number within what its rule can use
MAX_DISTANCE = 3 * MAX_INCHES  # a declared distance: farther than across any table
Distance = Annotated[float, msgspec.Meta(ge=0, le=MAX_DISTANCE)]
Amount = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]  # charges, dice, rounds, points
Millimetres = Annotated[float, msgspec.Meta(ge=0, le=1_000)]  # armour penetration
UNITS = msgspec.Meta(max_length=MAX_UNITS)
FEATURES = msgspec.Meta(max_length=MAX_FEATURES)
FEATURE_POINTS = msgspec.Meta(max_length=MAX_FEATURE_POINTS)

_ALLOWED_CONTROLS = frozenset("\t\n\r")


def check_document(data: Any, where: str) -> None:
    """Refuse, naming the path, the first thing in loaded data no scenario may hold: nesting
    deeper than MAX_DEPTH, more than MAX_VALUES values (an alias counts each time it is used),
    a NaN, an infinity or a number beyond MAX_NUMBER, a string longer than MAX_TEXT or with a
    control character (NUL...; in a key, a newline or a tab too) or a lone surrogate, which no
    text or picture can carry."""
    _Walk(where).visit(data, "", 0)


class _Walk:
    def __init__(self, where: str) -> None:
        self.where = where
        self.left = MAX_VALUES

    def refuse(self, path: str, problem: str) -> InputError:
        return InputError(": ".join(p for p in (self.where, path.removeprefix(".")) if p), problem)

    def visit(self, value: Any, path: str, depth: int) -> None:
        self.left -= 1
        if self.left < 0:
            raise self.refuse(path, f"too large: more than {MAX_VALUES:,} values (see Limits)")
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int | float):
            self.number(value, path)
        elif isinstance(value, str):
            self.text(value, path)
        elif isinstance(value, dict | list | tuple):
            if depth >= MAX_DEPTH:
                raise self.refuse(path, f"nested more than {MAX_DEPTH} levels deep")
            if isinstance(value, dict):
                for key, item in value.items():
                    plain = isinstance(key, str) and key.isprintable()
                    step = f".{key}" if plain else f"[{key!r}]"
                    if isinstance(key, str) and not plain:  # a key is a name: one line
                        self.text(key, path + step, controls=frozenset())
                    self.visit(key, path + step, depth + 1)
                    self.visit(item, path + step, depth + 1)
            else:
                for i, item in enumerate(value):
                    self.visit(item, f"{path}[{i}]", depth + 1)

    def number(self, value: float, path: str) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            raise self.refuse(path, f"must be a finite number, not {value}")
        if abs(value) > MAX_NUMBER:
            raise self.refuse(path, f"must be between {-MAX_NUMBER:g} and {MAX_NUMBER:g}")

    def text(self, value: str, path: str, controls: frozenset[str] = _ALLOWED_CONTROLS) -> None:
        if len(value) > MAX_TEXT:
            raise self.refuse(path, f"must be at most {MAX_TEXT:,} characters")
        for ch in value:
            if "\ud800" <= ch <= "\udfff":
                raise self.refuse(path, f"a lone surrogate U+{ord(ch):04X} is not a character")
            if (ch < " " or "\x7f" <= ch <= "\x9f") and ch not in controls:
                raise self.refuse(path, f"control character U+{ord(ch):04X} is not allowed")


def out_of_range(data: Any, path: str = "") -> str | None:
    """The path ("[0].to[1]") of the first number in plain data that is not finite (JSON's 1e400
    read by Python) or that no 64-bit integer holds: msgspec refuses them without saying where;
    None if there is none."""
    if isinstance(data, float):
        return None if math.isfinite(data) else path
    if isinstance(data, int) and not isinstance(data, bool):
        return path if not -(2**63) <= data < 2**64 else None
    items: Any = ()
    if isinstance(data, dict):
        items = ((f".{k}", v) for k, v in data.items())
    elif isinstance(data, list):
        items = ((f"[{i}]", v) for i, v in enumerate(data))
    for step, item in items:
        found = out_of_range(item, path + step)
        if found is not None:
            return found
    return None


def read_limited(path: Path, limit: int, noun: str, missing: str = "") -> bytes:
    """A regular file's bytes, refused with one line if it is not a regular file (a device, a
    pipe, a folder) or larger than `limit` bytes: reading never blocks or runs without bound."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe: no waiting
    except FileNotFoundError:
        raise InputError(str(path), missing or f"no such {noun}") from None
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror}") from None
    try:
        refuse_unreadable(fd, path, limit, noun)
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # grown since its size was read
        raise InputError(str(path), f"larger than {limit:,} bytes: too large for a {noun}")
    return data


def refuse_unreadable(fd: int, path: Path, limit: int, noun: str) -> None:
    """Refuse an open file that is not a regular one (a folder, a device, a pipe) or is larger
    than `limit` bytes, before a byte of it is read."""
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        raise InputError(str(path), f"cannot read: a folder, not a {noun}")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(str(path), f"not a regular file, so not a {noun}")
    if st.st_size > limit:
        raise InputError(str(path), f"larger than {limit:,} bytes: too large for a {noun}")
