"""The `abilities` topics composed, and checked at import (docs/architecture.md, Adding a rule)."""

from __future__ import annotations

from kriegsspiel.core.topics import Topics
from kriegsspiel.rulesets.abilities import (
    assault,
    breakoff,
    command,
    fire,
    morale,
    movement,
    spotting,
)
from kriegsspiel.rulesets.abilities.base import Ctx, Topic
from kriegsspiel.rulesets.abilities.state import AblState

TOPICS: tuple[Topic, ...] = (
    command.TOPIC,
    movement.TOPIC,
    fire.TOPIC,
    breakoff.TOPIC,
    morale.TOPIC,
    spotting.TOPIC,
    assault.TOPIC,
)


COMPOSED: Topics[AblState, Ctx] = Topics(TOPICS)
