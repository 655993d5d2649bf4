"""The `afv` topics composed, and checked at import (docs/architecture.md, Adding a rule)."""

from __future__ import annotations

from kriegsspiel.core.topics import Topics
from kriegsspiel.rulesets.afv import (
    ammo,
    bailing,
    base,
    crew,
    damage,
    deck,
    gunnery,
    infantry,
    morale,
    movement,
    turret,
    umpire,
    vision,
)
from kriegsspiel.rulesets.afv.base import Ctx, Topic
from kriegsspiel.rulesets.afv.state import AfvState

TOPICS: tuple[Topic, ...] = (
    base.TOPIC,
    deck.TOPIC,
    ammo.TOPIC,
    movement.TOPIC,
    vision.TOPIC,
    turret.TOPIC,
    gunnery.TOPIC,
    crew.TOPIC,
    infantry.TOPIC,
    morale.TOPIC,
    damage.TOPIC,
    bailing.TOPIC,
    umpire.TOPIC,
)


COMPOSED: Topics[AfvState, Ctx] = Topics(TOPICS)
