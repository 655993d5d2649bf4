"""The strings a seat must never be shown (`Ruleset.secrets`), and how they are looked for.

A secret is an exact string, found in a text only as a whole token: not inside a longer id or
word (`field-a` is not in `field-ab` nor in `minefield-a`), case-sensitive. A ruleset lists the
ids, names and identifying text of what it hides from a seat, leaving out any string that a fact
the seat knows also reads as (`unshared`), so that finding one where the seat can read it is
always a leak.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import msgspec


@cache
def _pattern(secret: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(secret)}(?![\w-])")


def mentions(text: str, secret: str) -> bool:
    """Whether `secret` occurs in `text` as a whole token."""
    return secret in text and _pattern(secret).search(text) is not None


def strings_in(value: Any) -> list[str]:
    """Every string in `value` (a state, a view: anything msgspec can turn into plain data),
    the keys of its mappings included."""
    out: list[str] = []
    stack = [msgspec.to_builtins(value, str_keys=True)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            out.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def unshared(candidates: Iterable[str], known: Any) -> frozenset[str]:
    """The non-empty `candidates` that no string of `known` (what the seat knows: its
    knowledge of the state) mentions."""
    text = "\n".join(strings_in(known))
    return frozenset(s for s in set(candidates) if s and not mentions(text, s))
