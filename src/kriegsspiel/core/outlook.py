"""The outlook of one action: the distribution of what its seat would know afterwards, measured.

`Game.outlook(seat, action, measure)` walks the action's chance tree (`core/chance.py`) on the
seat's knowledge, as `Game.odds` does; at the end of each path it folds the path's events into
that knowledge, takes the seat's knowledge of the result (`Ruleset.knowledge`) and measures it
(by default the victory scores, `Ruleset.scores`). Equal measures merge, so the answer is the
exact distribution of the measure, or beyond the budget a seeded Monte Carlo estimate of it.
A bot's one-ply lookahead reads this: nothing in it comes from a fact hidden from the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import msgspec

from kriegsspiel.core.chance import ActionOdds, Outcome
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.core.victory import Result

Measure = Callable[[Any], Any]  # a known state -> a JSON-able value (scores, a number, …)


@dataclass(frozen=True)
class Outlook:
    """The measures an action can lead to with their probabilities: exact `Fraction`s when the
    whole tree was walked, else estimated frequencies (floats) from `samples` playouts."""

    exact: bool
    outcomes: tuple[tuple[Any, Fraction | float], ...]  # most likely first
    paths: int  # paths walked (0 when estimated)
    samples: int = 0

    def expected(self, value: Callable[[Any], float]) -> float:
        """The expectation of `value` of the measure."""
        return sum(float(p) * value(m) for m, p in self.outcomes)


class Keyed:
    """Measures by a key string, so that `walk` can merge equal ones."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def key(self, value: Any) -> str:
        key = msgspec.json.encode(value, order="sorted").decode()
        self.values.setdefault(key, value)
        return key

    def outlook(self, odds: ActionOdds) -> Outlook:
        """The walk's odds of keys as the outlook of their measures."""
        return Outlook(
            exact=odds.exact,
            outcomes=tuple((self.values[o.summary], _weight(o)) for o in odds.outcomes),
            paths=odds.paths,
            samples=odds.samples,
        )


def _weight(outcome: Outcome) -> Fraction | float:
    return outcome.probability if outcome.probability is not None else outcome.estimate or 0.0


def scores_of(ruleset: Ruleset[Any, Any, Any, Any], state: Any) -> Mapping[str, int]:
    """Each side's victory points in `state` (`Ruleset.scores`); none for a ruleset that has
    no victory conditions yet."""
    try:
        return ruleset.scores(state)
    except NotImplementedError:
        return dict.fromkeys(state.scenario.side_ids, 0)


def result_of(ruleset: Ruleset[Any, Any, Any, Any], state: Any) -> Result | None:
    """The result in `state` (`Ruleset.result`); None for a ruleset without victory conditions
    yet."""
    try:
        return ruleset.result(state)
    except NotImplementedError:
        return None


__all__ = ["Keyed", "Measure", "Outlook", "result_of", "scores_of"]
