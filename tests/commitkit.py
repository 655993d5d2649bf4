"""Checking a seat's commitments to hidden things (core/commitments.py) as its pages do: keep
each slot's commitment as it comes, and hash each opening against the one kept."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def kept(game: Any, seat: str) -> dict[str, str]:
    """Every slot's commitment `seat` was sent so far, by slot."""
    return {t["slot"]: t["commitment"] for c in game.commitments(seat) for t in c["things"]}


def matches(opening: dict[str, str], commitments: dict[str, str]) -> bool:
    """Whether the SHA-256 of the opening's salt, a newline and its content is what was kept."""
    text = f"{opening['salt']}\n{opening['content']}".encode()
    return hashlib.sha256(text).hexdigest() == commitments[opening["slot"]]


def opened(game: Any, seat: str) -> list[tuple[int, str, dict[str, Any]]]:
    """The things opened to `seat` in play: its entry, the slot and the content."""
    return [(o["n"], o["slot"], json.loads(o["content"])) for o in game.opened(seat)]


def tampered(opening: dict[str, str], old: str, new: str) -> dict[str, str]:
    """The opening with its content changed (a thing moved after the fact)."""
    changed = opening["content"].replace(old, new)
    assert changed != opening["content"]
    return {**opening, "content": changed}
