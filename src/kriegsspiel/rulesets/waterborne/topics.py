"""The `waterborne` topics composed, and checked at import (docs/architecture.md, Adding a rule).

`APPLIERS` are the composed fold steps, each remembering what it folded last: an action's events
are folded once as it is performed (`Ctx.emit`) and again, in the same order from the same state,
when the engine folds its records, and the second fold finds every step done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kriegsspiel.core.topics import Ev, Topics
from kriegsspiel.rulesets.waterborne import (
    base,
    embark,
    fire,
    initiative,
    movement,
    pontoons,
    rally,
    sailing,
    status,
    umpire,
)
from kriegsspiel.rulesets.waterborne.base import Ctx, Topic
from kriegsspiel.rulesets.waterborne.state import WatState

TOPICS: tuple[Topic, ...] = (
    base.TOPIC,
    status.TOPIC,
    initiative.TOPIC,
    pontoons.TOPIC,
    movement.TOPIC,
    sailing.TOPIC,
    embark.TOPIC,
    fire.TOPIC,
    rally.TOPIC,
    umpire.TOPIC,
)


COMPOSED: Topics[WatState, Ctx] = Topics(TOPICS)

FOLDS_KEPT = 64  # fold steps remembered (by event) before the memory starts again
_FOLDED: dict[int, tuple[WatState, Ev, WatState]] = {}  # each entry holds its state and event


def _remembered(fold: Callable[[WatState, Any], WatState]) -> Callable[[WatState, Any], WatState]:
    """`fold`, remembering its result for the state and event (both immutable) it was given."""

    def folded(state: WatState, event: Ev) -> WatState:
        hit = _FOLDED.get(id(event))
        if hit is not None and hit[0] is state and hit[1] is event:
            return hit[2]
        if len(_FOLDED) > FOLDS_KEPT:
            _FOLDED.clear()
        after = fold(state, event)
        _FOLDED[id(event)] = (state, event, after)
        return after

    return folded


APPLIERS: dict[type[Ev], Callable[[WatState, Any], WatState]] = {
    t: _remembered(f) for t, f in COMPOSED.appliers.items()
}
