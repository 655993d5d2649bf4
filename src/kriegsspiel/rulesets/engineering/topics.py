"""The topics of the `engineering` ruleset, composed: one dispatch for actions, events and work.

To add a topic, write a module that declares its `TOPIC = Topic(__name__, ...)` (base.py: its
performers and appliers, and `resolvers` for new kinds of engineering work, `hooks`,
`demolition_kinds`, and `setup` to add its records to the initial state) and list that in `TOPICS`.
Composing checks them at import (core/topics.py; here also that every hook name is known).
"""

from __future__ import annotations

from kriegsspiel.core.topics import CompositionError, Topics, merge
from kriegsspiel.rulesets.engineering.base import (
    HOOK_NAMES,
    Ctx,
    Hook,
    Resolver,
    Topic,
)
from kriegsspiel.rulesets.engineering.bridges import bridge_attacks, bridges, bridging, spans
from kriegsspiel.rulesets.engineering.forts import fort_charges, forts
from kriegsspiel.rulesets.engineering.funnies import arks, bobbins, congers, dd_tanks
from kriegsspiel.rulesets.engineering.minefields import clearing, minefields, passage
from kriegsspiel.rulesets.engineering.obstacles import (
    bocage,
    charges,
    crossing,
    ditches,
    dozers,
    features,
    obstacles,
    roadblocks,
    wire,
)
from kriegsspiel.rulesets.engineering.play import (
    close_combat,
    demolitions,
    feature_fire,
    fire,
    recovery,
    sequence,
    work,
)
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind
from kriegsspiel.rulesets.engineering.state import EngState

TOPICS: tuple[Topic, ...] = (
    sequence.TOPIC,
    recovery.TOPIC,
    work.TOPIC,
    demolitions.TOPIC,
    fire.TOPIC,
    # minefields, wire, ditches, AT obstacles, bocage, roadblocks
    features.TOPIC,
    minefields.TOPIC,
    passage.TOPIC,
    crossing.TOPIC,
    charges.TOPIC,
    clearing.TOPIC,
    wire.TOPIC,
    ditches.TOPIC,
    obstacles.TOPIC,
    dozers.TOPIC,
    bocage.TOPIC,
    roadblocks.TOPIC,
    # bridges, fortifications and Hobart's Funnies
    bridges.TOPIC,
    bridging.TOPIC,
    spans.TOPIC,
    bridge_attacks.TOPIC,
    forts.TOPIC,
    fort_charges.TOPIC,
    feature_fire.TOPIC,
    close_combat.TOPIC,
    arks.TOPIC,
    dd_tanks.TOPIC,
    bobbins.TOPIC,
    congers.TOPIC,
)


COMPOSED: Topics[EngState, Ctx] = Topics(TOPICS)
RESOLVERS: dict[str, Resolver] = merge(
    "kind of work", ((t.module, k, v) for t in TOPICS for k, v in t.resolvers.items())
)
DEMOLITION_KINDS: dict[str, DemolitionKind] = merge(
    "kind of demolition target",
    ((t.module, k, v) for t in TOPICS for k, v in t.demolition_kinds.items()),
)


def gather_hooks(topics: tuple[Topic, ...]) -> dict[str, tuple[Hook, ...]]:
    """Every topic's hooks, per hook name, in TOPICS order; a name no hook has is an error (it
    would never be called)."""
    hooks: dict[str, tuple[Hook, ...]] = {}
    unknown: list[str] = []
    for topic in topics:
        for name, hook in topic.hooks.items():
            if name not in HOOK_NAMES:
                unknown.append(f"{topic.module} hooks {name!r}: not one of {sorted(HOOK_NAMES)}")
            hooks[name] = (*hooks.get(name, ()), hook)
    if unknown:
        raise CompositionError("\n".join(unknown))
    return hooks


HOOKS: dict[str, tuple[Hook, ...]] = gather_hooks(TOPICS)


def setup(state: EngState) -> EngState:
    """The initial state with every topic's own records added (a topic's optional `setup`)."""
    for topic in TOPICS:
        if topic.setup is not None:
            state = topic.setup(state)
    return state
