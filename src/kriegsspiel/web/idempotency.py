"""Idempotency keys: a repeated action request returns its first answer and acts once.

A seat's page sends an `Idempotency-Key` header with each action it posts, and the same key again
when it retries (a double tap, a dropped connection, a reconnect, a restarted server). The first
answer is kept under the game, the seat and the key: in the store, in the same transaction as
what the request recorded (so an acknowledged action is answered again, never done again, even
after a crash), and in memory for the game's newest `REPLIES_KEPT` keys. A key sent again with a
different request is refused, so a key never answers for a request it was not given with.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from kriegsspiel.errors import InputError
from kriegsspiel.store.base import REPLIES_KEPT, StoredReply

T = TypeVar("T")
HEADER = "Idempotency-Key"
KEY = re.compile(r"[A-Za-z0-9._:-]{8,100}")  # a random token, such as a UUID

Keep = Callable[[Any], StoredReply | None]  # an answer -> what to store with it (None: no key)
Lookup = Callable[[str, str, str], StoredReply | None]  # (game, seat, key) -> the stored reply


def checked_key(raw: str | None) -> str | None:
    """The header's value, or None without one; one clear error for a malformed key."""
    if raw is None:
        return None
    if not KEY.fullmatch(raw):
        raise InputError(
            HEADER, "must be 8 to 100 letters, digits or . _ : - (such as a random UUID)"
        )
    return raw


def _no_key(answer: Any) -> None:
    return None


class Replies:
    """The first answer to each keyed request, per game: the newest `per_game` in memory, the
    rest looked up in the store (`lookup`).

    Not locked: its caller (`Host`) holds the game's lock around `once`."""

    def __init__(self, lookup: Lookup, per_game: int = REPLIES_KEPT) -> None:
        self.per_game = per_game
        self._lookup = lookup
        self._games: dict[str, OrderedDict[tuple[str, str], tuple[str, Any]]] = {}

    def forget(self, game: str) -> None:
        """Drop the game's answers from memory (the store keeps them)."""
        self._games.pop(game, None)

    def once(
        self, game: str, seat: str, key: str | None, request: Any, do: Callable[[Keep], T]
    ) -> T:
        """`do(keep)`'s answer; with a key seen before for this seat, the first answer instead
        (`do` is not called). `do` stores `keep(answer)` with what it records. A failed `do`
        keeps nothing, so a retry tries again."""
        if key is None:
            return do(_no_key)
        fingerprint = hashlib.sha256(msgspec.json.encode(request)).hexdigest()
        kept = self._games.setdefault(game, OrderedDict())
        found = kept.get((seat, key))
        if found is None:
            stored = self._lookup(game, seat, key)
            if stored is not None:
                found = (stored.fingerprint, msgspec.json.decode(stored.answer))
        if found is not None:
            if found[0] != fingerprint:
                raise InputError(HEADER, "this key was already used for a different request")
            first: T = found[1]
            return first

        def keep(answer: Any) -> StoredReply:
            return StoredReply(seat, key, fingerprint, msgspec.json.encode(answer).decode())

        answer = do(keep)
        kept[(seat, key)] = (fingerprint, answer)
        while len(kept) > self.per_game:
            kept.popitem(last=False)
        return answer
