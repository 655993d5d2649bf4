"""The victory facts of a state are read once, whoever asks: its scores, its result and a bot's
value of it (`Ruleset.facts`)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from kriegsspiel import new_game
from kriegsspiel.bots.value import value


def test_scores_result_and_value_of_one_state_read_its_facts_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = new_game("demo", seed="facts")
    ruleset = game.ruleset
    state = msgspec.structs.replace(game.state)  # a state no one has asked about yet
    real = ruleset.victory_facts
    read: list[Any] = []

    def counted(s: Any) -> Any:
        read.append(s)
        return real(s)

    monkeypatch.setattr(ruleset, "victory_facts", counted)
    scores = ruleset.scores(state)
    worth = value(ruleset, state, "german")
    assert ruleset.scores(state) == scores
    assert value(ruleset, state, "german") == worth
    assert read == [state]
    other = msgspec.structs.replace(state)  # another state, equal or not, is read anew
    ruleset.scores(other)
    assert read == [state, other]
