"""Idempotency keys: a repeated action request returns its first answer and acts once.

A seat's page sends an `Idempotency-Key` header with each action it posts, and the same key again
when it retries (a double tap, a dropped connection, a reconnect). The first answer is kept per
game under the seat and the key, for the last `PER_GAME` keys of that game; a key sent again with
a different request is refused, so a key never answers for a request it was not given with.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from kriegsspiel.errors import InputError

T = TypeVar("T")
HEADER = "Idempotency-Key"
PER_GAME = 256  # answers kept per game: far more than the actions in flight at one table
KEY = re.compile(r"[A-Za-z0-9._:-]{8,100}")  # a random token, such as a UUID


def checked_key(raw: str | None) -> str | None:
    """The header's value, or None without one; one clear error for a malformed key."""
    if raw is None:
        return None
    if not KEY.fullmatch(raw):
        raise InputError(
            HEADER, "must be 8 to 100 letters, digits or . _ : - (such as a random UUID)"
        )
    return raw


class Replies:
    """The first answer to each keyed request, per game, the newest `per_game` of each kept.

    Not locked: its caller (`Host`) holds its lock around `once`."""

    def __init__(self, per_game: int = PER_GAME) -> None:
        self.per_game = per_game
        self._games: dict[str, OrderedDict[tuple[str, str], tuple[str, Any]]] = {}

    def once(self, game: str, seat: str, key: str | None, request: Any, do: Callable[[], T]) -> T:
        """`do()`'s answer; with a key seen before for this seat, the first answer instead
        (`do` is not called). A failed `do` keeps nothing, so a retry tries again."""
        if key is None:
            return do()
        kept = self._games.setdefault(game, OrderedDict())
        fingerprint = hashlib.sha256(msgspec.json.encode(request)).hexdigest()
        found = kept.get((seat, key))
        if found is not None:
            if found[0] != fingerprint:
                raise InputError(HEADER, "this key was already used for a different request")
            answer: T = found[1]
            return answer
        answer = do()
        kept[(seat, key)] = (fingerprint, answer)
        while len(kept) > self.per_game:
            kept.popitem(last=False)
        return answer
