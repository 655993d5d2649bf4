"""Typed conversion of loaded data, with errors that name the file, the path and the problem."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from kriegsspiel.errors import InputError

T = TypeVar("T")

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
_PATTERN_WORDS = {ID_PATTERN: "an id of letters, digits, '_', '.' and '-'"}


def convert(data: Any, into: type[T], where: str) -> T:
    """Convert plain data (from YAML, TOML or JSON) into `into`, or raise one clear InputError."""
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
