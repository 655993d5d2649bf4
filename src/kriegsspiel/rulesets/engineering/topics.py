"""The topics of the `engineering` ruleset, composed: one dispatch for actions, events and work.

To add a topic, write a module with `PERFORMERS`, `APPLIERS` (and `RESOLVERS` for new kinds of
engineering work, `HOOKS`, `DEMOLITION_KINDS`, and `SETUP` to add its records to the initial
state) and list it in `TOPICS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.tables import BandTable
from kriegsspiel.core.topics import Topics, merge
from kriegsspiel.rulesets.engineering import (
    arks,
    bobbins,
    bocage,
    bridge_attacks,
    bridges,
    bridging,
    charges,
    clearing,
    close_combat,
    congers,
    crossing,
    dd_tanks,
    demolitions,
    ditches,
    dozers,
    feature_fire,
    features,
    fire,
    fort_charges,
    forts,
    minefields,
    obstacles,
    passage,
    roadblocks,
    sequence,
    spans,
    wire,
    work,
)
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Ev,
    Hook,
    Resolver,
)
from kriegsspiel.rulesets.engineering.state import EngState

TOPICS: tuple[ModuleType, ...] = (
    sequence,
    work,
    demolitions,
    fire,
    # minefields, wire, ditches, AT obstacles, bocage, roadblocks
    features,
    minefields,
    passage,
    crossing,
    charges,
    clearing,
    wire,
    ditches,
    obstacles,
    dozers,
    bocage,
    roadblocks,
    # bridges, fortifications and Hobart's Funnies
    bridges,
    bridging,
    spans,
    bridge_attacks,
    forts,
    fort_charges,
    feature_fire,
    close_combat,
    arks,
    dd_tanks,
    bobbins,
    congers,
)


COMPOSED: Topics[EngState] = Topics(TOPICS)
PERFORMERS = COMPOSED.performers
APPLIERS = COMPOSED.appliers
RESOLVERS: dict[str, Resolver] = merge(TOPICS, "RESOLVERS")
DEMOLITION_KINDS: dict[str, Any] = merge(TOPICS, "DEMOLITION_KINDS")
Action: Any = COMPOSED.action_type
Event: Any = COMPOSED.event_type


def _gather_hooks() -> dict[str, tuple[Hook, ...]]:
    """Every topic's hooks, per hook name, in TOPICS order."""
    hooks: dict[str, tuple[Hook, ...]] = {}
    for topic in TOPICS:
        for name, hook in getattr(topic, "HOOKS", {}).items():
            hooks[name] = (*hooks.get(name, ()), hook)
    return hooks


HOOKS: dict[str, tuple[Hook, ...]] = _gather_hooks()


def setup(state: EngState) -> EngState:
    """The initial state with every topic's own records added (a topic's optional `SETUP`)."""
    for topic in TOPICS:
        step = getattr(topic, "SETUP", None)
        if step is not None:
            state = step(state)
    return state


def apply(state: EngState, event: Ev) -> EngState:
    return COMPOSED.apply(state, event)


def perform(
    state: EngState, seat: str, action: Act, roll: Roll, tables: Mapping[str, BandTable]
) -> list[Record[Ev]]:
    ctx = Ctx(
        state=state,
        seat=seat,
        roll=roll,
        appliers=APPLIERS,
        tables=tables,
        resolvers=RESOLVERS,
        hooks=HOOKS,
        demolition_kinds=DEMOLITION_KINDS,
    )
    return COMPOSED.dispatch(ctx, action)
