"""Typed conversion of loaded data, with errors that name the file, the path and the problem."""

from __future__ import annotations

import math
from typing import Any, TypeVar

import msgspec

from kriegsspiel.errors import InputError

T = TypeVar("T")

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
_PATTERN_WORDS = {ID_PATTERN: "an id of letters, digits, '_', '.' and '-'"}


def convert(data: Any, into: type[T], where: str) -> T:
    """Convert plain data (from YAML, TOML or JSON) into `into`, or raise one clear InputError.

    A NaN or an infinity anywhere is refused: no number of a game may be one."""
    refuse_nonfinite(data, where)
    try:
        return msgspec.convert(data, into)
    except msgspec.ValidationError as exc:
        path, problem = split_error(str(exc))
        raise InputError(f"{where}: {path}" if path else where, problem) from None


def split_error(message: str) -> tuple[str, str]:
    """msgspec's 'Expected `int` >= -2, got ... - at `$.units[2].dr`' -> ('units[2].dr', ...)."""
    text, _, path = message.partition(" - at `$")
    text = text.replace("`", "")
    for pattern, words in _PATTERN_WORDS.items():
        text = text.replace(f"str matching regex '{pattern}'", words)
    problem = text[:1].lower() + text[1:]
    return path.rstrip("`").lstrip("."), problem


def refuse_nonfinite(data: Any, where: str, sep: str = ": ", *, texts: bool = False) -> None:
    """Raise an InputError at `where` and the path of the first NaN or infinite number in `data`
    (plain data or msgspec structs): written to JSON it would read back as null, if at all.
    With `texts`, a string that reads as one ("inf", typed for a number) counts too."""
    found = _nonfinite(data, texts)
    if found is not None:
        path, value = found
        raise InputError(
            sep.join(p for p in (where, path.removeprefix(".")) if p),
            f"must be a finite number, not {value}",
        )


def _nonfinite(value: Any, texts: bool = False) -> tuple[str, float] | None:
    """The first NaN or infinity in `value` and its path there ("[0]", ".name"); the path is
    written only for the one found."""
    if isinstance(value, str) and texts:
        try:
            value = float(value)
        except ValueError:
            return None
    if isinstance(value, float):
        return None if math.isfinite(value) else ("", value)
    items: Any
    if isinstance(value, msgspec.Struct):
        items = ((name, getattr(value, name)) for name in value.__struct_fields__)
    elif isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    else:
        return None
    for name, item in items:
        found = _nonfinite(item, texts)
        if found is not None:
            step = f"[{name}]" if isinstance(name, int) else f".{name}"
            return step + found[0], found[1]
    return None
