"""What the victory conditions (core/victory.py) read of an `abilities` state: each unit, where
it is (none while in reserve) and whether it is knocked out (dispersed), and the turn of Command
Pulses. A unit hidden in a Blind holds ground where it stands, as the umpire knows; a seat's
knowledge has no such enemy unit, so its scores count none."""

from __future__ import annotations

from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.victory import Facts, Piece, Result, decide
from kriegsspiel.rulesets.abilities.knowledge import knowledge
from kriegsspiel.rulesets.abilities.state import AblState


def facts(state: AblState) -> Facts:
    units = {
        uid: Piece(
            spec.side,
            spec.label,
            None if unit.reserve else unit.position,
            out=unit.dispersed,
            holds=not unit.reserve,
        )
        for uid, unit in state.units.items()
        if (spec := state.specs.get(uid)) is not None
    }
    return Facts(
        state.scenario,
        units,
        frozenset(),
        f"turn {state.turn - 1 if state.over else state.turn}",
        state.over,
    )


def result(state: AblState) -> Result | None:
    """`Ruleset.result`, for the views' `over`."""
    return decide(state, facts, lambda s: knowledge(s, PUBLIC))
