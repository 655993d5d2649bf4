"""Design principle 3 for `abilities`: everything a seat is told about possible actions (its
view, legal actions, refusals, odds, dice prompts, and what acting with typed-in dice answers)
is the same in two games that differ only in a fact hidden from it (CHQ-BLIND, CHQ-RESERVE;
the pairs are in abl_pairs.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pytest
from abl_helpers import AblGame
from abl_pairs import pairs

from hidden import HiddenPair
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets.abilities import RULESET
from kriegsspiel.store import files

PAIRS = pairs()
BUDGET = 100_000  # paths
TYPED: tuple[tuple[int, ...], ...] = ((), (1,), (4,), (6,), (5, 5), (6, 6, 6), (2, 3, 4, 5))


def _typed(game: AblGame, seat: str, action: Mapping[str, Any], faces: Sequence[int]) -> str:
    """Acting on a copy with typed-in dice: the refusal, or the outcome `seat` is told."""
    copy = files.loads(files.dumps(game))
    try:
        copy.act(seat, action, EnteredDice(faces, seat))
    except KriegsspielError as exc:
        return f"refused: {exc}"
    return str(copy.log_view(seat)[-1]["outcome"])


def _told(game: AblGame, seat: str, probes: list[Mapping[str, Any]]) -> dict[str, Any]:
    legal = game.legal_actions(seat)
    out: dict[str, Any] = {
        "view": game.view(seat),
        "legal": [msgspec.to_builtins(c) for c in legal],
    }
    for i, action in enumerate([c.action for c in legal] + list(probes)):
        try:
            game.validate(seat, action)
        except KriegsspielError as exc:
            out[f"{i} refused"] = str(exc)
            continue
        # a generous budget, so that every tree here is walked exactly
        out[f"{i} odds"] = game.odds(seat, action, budget=BUDGET).describe()
        prompt = game.dice_prompt(seat, action)
        out[f"{i} prompt"] = None if prompt is None else (prompt.name, prompt.pools)
    for i, action in enumerate(probes):
        out[f"probe {i} typed"] = [_typed(game, seat, action, faces) for faces in TYPED]
    return out


@pytest.mark.parametrize("pair", PAIRS, ids=[p.what for p in PAIRS])
def test_a_seat_knows_the_same_whatever_is_hidden_from_it(pair: HiddenPair) -> None:
    assert RULESET.knowledge(pair.a.state, pair.seat) == RULESET.knowledge(pair.b.state, pair.seat)
    assert _told(pair.a, pair.seat, pair.probes) == _told(pair.b, pair.seat, pair.probes)


@pytest.mark.parametrize("pair", PAIRS, ids=[p.what for p in PAIRS])
def test_each_pair_really_differs(pair: HiddenPair) -> None:
    """The umpire tells the two games apart: each pair hides something."""
    assert RULESET.knowledge(pair.a.state, "umpire") != RULESET.knowledge(pair.b.state, "umpire")
