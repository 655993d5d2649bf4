"""The enemy's immediate reply: a state valued as the enemy would leave it when it must answer.

One ply does not see what an action lets the enemy do at once: a move or an engineering action
into its opportunity fire looks as good as staying put. When, in a state the seat knows, only
enemy seats may act and have a choice of a few options (`REPLIES`: a window of opportunity
fire, the pass or the fire of its few units), `replied` values the state by the enemy's best
answer for it (the one worst for the side), each answer's value its expectation over its own
chance tree walked on that state, as `Game.outlook` walks an action. A state where the side
acts, the game is over, the enemy has a single option (a forced roll) or a whole phase to play
keeps its own value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kriegsspiel.bots.value import value as value_of
from kriegsspiel.core import sim
from kriegsspiel.core.chance import walk
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.sim import AnyRuleset
from kriegsspiel.errors import KriegsspielError

REPLIES = 8  # the most options an enemy's answer may have to be looked at
BUDGET = 60  # chance-tree paths of one answer walked exactly
SAMPLES = 30  # playouts of an answer's estimate past them

Value = Callable[[Any], float]
# an answer refused on what the seat knows of the state, or that cannot be resolved on it (it
# needs a roll the knowledge keeps secret, such as a demolition's)
UNPLAYABLE = (KriegsspielError, AssertionError)


def answers(ruleset: AnyRuleset, state: Any, side: str) -> list[tuple[str, Any]] | None:
    """The enemy seats' options in `state` (seat, typed action), if only enemy seats may act
    and they have from two to `REPLIES` options, none with an open parameter; None otherwise."""
    if ruleset.over(state):
        return None
    seats = ruleset.seats_to_act(state)
    if not seats or side in seats:
        return None
    out: list[tuple[str, Any]] = []
    for seat in seats:
        for candidate in sim.legal(ruleset, state, seat, False):
            if len(out) >= REPLIES or candidate.open():
                return None
            out.append((seat, candidate.action))
    return out if len(out) > 1 else None  # one option is no choice made against the side


def answered(
    ruleset: AnyRuleset, state: Any, side: str, seat: str, action: Any, value: Value
) -> float:
    """The side's expected `value` of what it would know after `seat` plays `action`."""

    def run(roll: Roll) -> str:
        after = ruleset.knowledge(
            sim.performed(ruleset, state, seat, action, roll, True, False)[1], side
        )
        return repr(value(after))

    odds = walk(run, budget=BUDGET, samples=SAMPLES)
    return sum(
        float(o.probability if o.probability is not None else o.estimate or 0.0) * float(o.summary)
        for o in odds.outcomes
    )


def replied(ruleset: AnyRuleset, side: str, value: Value) -> Value:
    """`value` of a state, or of the enemy's best immediate answer in it (module docstring)."""

    def measure(state: Any) -> float:
        try:
            options = answers(ruleset, state, side)
        except UNPLAYABLE:
            options = None
        outcomes = []
        for seat, action in options or ():
            try:
                outcomes.append(answered(ruleset, state, side, seat, action, value))
            except UNPLAYABLE:
                continue
        return min(outcomes) if outcomes else value(state)

    return measure


def measure(ruleset: AnyRuleset, side: str) -> Value:
    """`bots.value` for `side`, replied (`replied`), as a measure `SeatTable.outlook` takes."""
    valued = replied(ruleset, side, lambda state: value_of(ruleset, state, side))
    return lambda state: round(valued(state), 6)


__all__ = ["REPLIES", "answered", "answers", "measure", "replied"]
