"""Design principle 3 for `engineering`: everything a seat is told about possible actions (its
view, legal actions, refusals, odds, dice prompts) is the same in two games that differ only in
a fact hidden from it, for every kind of hidden thing (eng_pairs.py)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from eng_pairs import pairs

from hidden import HiddenPair
from kriegsspiel.core.game import Game
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets.engineering import RULESET

PAIRS = pairs()


def _told(game: Game[Any, Any, Any, Any], seat: str, probes: list[Any]) -> dict[str, Any]:
    """Everything `seat` is told, as plain data."""
    out: dict[str, Any] = {
        "view": game.view(seat),
        "legal": [msgspec.to_builtins(c) for c in game.legal_actions(seat)],
    }
    actions = [c.action for c in game.legal_actions(seat)] + list(probes)
    for i, action in enumerate(actions):
        try:
            game.validate(seat, action)
        except KriegsspielError as exc:
            out[f"{i} refused"] = str(exc)
            continue
        out[f"{i} odds"] = game.odds(seat, action).describe()
        for faces in ((), (1,), (6,), (10,), (1, 10), (5, 5, 5)):
            try:
                prompt = game.dice_prompt(seat, action, faces)
                out[f"{i} dice {faces}"] = None if prompt is None else prompt.name
            except KriegsspielError as exc:
                out[f"{i} dice {faces}"] = f"error: {exc}"
    return out


@pytest.mark.parametrize("pair", PAIRS, ids=[p.what for p in PAIRS])
def test_a_seat_is_told_the_same_whatever_is_hidden_from_it(pair: HiddenPair) -> None:
    assert RULESET.knowledge(pair.a.state, pair.seat) == RULESET.knowledge(pair.b.state, pair.seat)
    assert _told(pair.a, pair.seat, pair.probes) == _told(pair.b, pair.seat, pair.probes)


@pytest.mark.parametrize("pair", PAIRS, ids=[p.what for p in PAIRS])
def test_the_pairs_do_differ_for_the_umpire(pair: HiddenPair) -> None:
    """Each pair really hides something: the umpire's knowledge tells the two games apart."""
    assert RULESET.knowledge(pair.a.state, "umpire") != RULESET.knowledge(pair.b.state, "umpire")
