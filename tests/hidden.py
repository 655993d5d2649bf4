"""Pairs of games that differ only in facts hidden from one seat, for the secrecy contract.

Each ruleset's test folder has a `<prefix>_pairs.py` (eng_pairs.py, afv_pairs.py, …) whose
`pairs()` returns one `HiddenPair` per kind of hidden thing the ruleset has (a buried minefield,
a dummy's nature, a prepared demolition, a Blind's contents, a hidden unit, a secret umpire roll,
…). `tests/test_chance_contract.py` asserts that everything the seat is told about possible
actions is the same in both games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.core.game import Game


@dataclass
class HiddenPair:
    what: str  # the hidden thing, in words: "a buried AP field across the road"
    seat: str  # the seat it is hidden from
    a: Game[Any, Any, Any, Any]
    b: Game[Any, Any, Any, Any]  # the same game, but for the hidden thing
    # actions worth asking about beyond the legal list: ones that would touch the hidden thing
    # (cross the buried field, fire at where the hidden unit is, type dice for such a move)
    probes: list[Mapping[str, Any]] = field(default_factory=list)
