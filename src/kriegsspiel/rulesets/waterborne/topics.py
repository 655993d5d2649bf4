"""The `waterborne` topics composed, and checked at import (docs/architecture.md, Adding a rule)."""

from __future__ import annotations

from kriegsspiel.core.topics import Topics
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
