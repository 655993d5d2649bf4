"""Roadblocks: felled trees across a road (ENG-ROAD-01..06, AMB-ENG-22).

Engineers prepare one with an engineering action and an improve position check, -1 on a road
through clear ground and +1 through forest or along a tree-lined lane (ENG-ROAD-01..03); a
successful demolition then brings the trees down (ENG-ROAD-04). It blocks vehicles as an AT
obstacle does and lets troops through (AMB-ENG-22, data/obstacle_effects.toml). A dozer clears
it with two engineering actions (ENG-ROAD-05, dozers.py), combat engineers with a charge of two
preparations and a demolition (ENG-ROAD-06).
"""

from __future__ import annotations

from typing import Any, cast

from kriegsspiel.core.checks import Check
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import Ctx, Topic
from kriegsspiel.rulesets.engineering.obstacles.charges import at_target
from kriegsspiel.rulesets.engineering.obstacles.features import change
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import Road, roadblock
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Obstacle
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition


def _site(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare, rule: str) -> Obstacle:
    found = at_target(ctx, spec, demo, action.distance, rule)
    assert isinstance(found, Obstacle)
    return found


def _may_create(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """AMB-ENG-22: engineers, conformed to the site, where no roadblock stands."""
    if _site(ctx, spec, demo, action, "ENG-ROAD-01").condition == "present":
        raise RuleViolation("ENG-ROAD-01", f"a roadblock already stands at {demo.target}")


def _creation_check(ctx: Ctx, spec: EngUnit, demo: Demolition) -> Check:
    """ENG-ROAD-01..03: the improve position check of each preparation."""
    site = ctx.state.obstacles[demo.target]
    return roadblock(ctx.tables, spec.dr, cast(Road, site.setting or "other"))


def _created(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    """ENG-ROAD-04: the demolition brings the trees down across the road."""
    site = ctx.state.obstacles[demo.target]
    if site.condition != "present":
        change(ctx, site, "present", "ENG-ROAD-04")


def _may_clear(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """ENG-ROAD-06: a combat engineer at the roadblock (engineers only, AMB-ENG-44)."""
    if _site(ctx, spec, demo, action, "ENG-ROAD-06").condition != "present":
        raise RuleViolation("ENG-ROAD-06", f"no roadblock stands at {demo.target}")


def _cleared(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    site = ctx.state.obstacles[demo.target]
    if site.condition == "present":
        change(ctx, site, "none", "ENG-ROAD-06")


TOPIC = Topic(
    __name__,
    demolition_kinds={
        "roadblock": DemolitionKind(
            may_prepare=_may_create, preparation_check=_creation_check, effect=_created
        ),
        "roadblock-clearing": DemolitionKind(may_prepare=_may_clear, effect=_cleared),
    },
)
