"""The secrecy contract on this ruleset's hidden pairs (afv_pairs.py): a seat's knowledge,
view, legal actions, refusals, odds and dice prompts are the same in two games that differ
only in facts hidden from it (design principle 3, knowledge.py)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from afv_pairs import pairs
from afvkit import AfvGame

from hidden import HiddenPair
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets.afv import RULESET
from kriegsspiel.store import files

PAIRS = pairs()


def told(game: AfvGame, seat: str, action: dict[str, Any]) -> Any:
    try:
        odds = game.odds(seat, action, budget=200, samples=100).describe()
        if not odds["exact"]:
            del odds["paths"]  # how far the walk got before its time ran out
        prompts = [game.dice_prompt(seat, action, faces) for faces in ((), (5,), (5, 5))]
    except KriegsspielError as exc:
        return ("refused", str(exc))
    return ("odds", odds, [None if p is None else (p.name, p.pools) for p in prompts])


def typed(game: AfvGame, seat: str, action: dict[str, Any], faces: list[int]) -> str:
    again = files.loads(files.dumps(game))
    try:
        again.act(seat, action, EnteredDice(faces, seat))
    except KriegsspielError as exc:
        return str(exc)
    return "accepted"


@pytest.mark.parametrize("pair", PAIRS, ids=[p.what for p in PAIRS])
def test_the_pair_differs_only_in_what_is_hidden(pair: HiddenPair) -> None:
    """Each pair really differs (for the umpire), yet its seat knows the same in both."""
    assert pair.a.state != pair.b.state
    assert pair.a.view("umpire") != pair.b.view("umpire")
    known = [RULESET.knowledge(g.state, pair.seat) for g in (pair.a, pair.b)]
    assert known[0] == known[1]


@pytest.mark.parametrize("pair", PAIRS, ids=[p.what for p in PAIRS])
def test_the_seat_is_told_the_same_in_both(pair: HiddenPair) -> None:
    seat, a, b = pair.seat, pair.a, pair.b
    assert a.view(seat) == b.view(seat)
    legal = [msgspec.to_builtins(c) for c in a.legal_actions(seat)]
    assert legal == [msgspec.to_builtins(c) for c in b.legal_actions(seat)]
    actions = [dict(c["action"]) for c in legal] + [dict(p) for p in pair.probes]
    for action in actions:
        assert told(a, seat, action) == told(b, seat, action), action
        for faces in ([], [5], [5, 5], [10, 10, 10]):
            assert typed(a, seat, action, faces) == typed(b, seat, action, faces), action
