"""Anti-tank obstacles: dragon's teeth and log belts (ENG-OBST-01..07, AMB-ENG-20).

Laid before the game only (ENG-OBST-01, features.py); impassable to vehicles, open to troops
(ENG-OBST-02/03, data/obstacle_effects.toml); reduced by a dozer's two engineering actions
(ENG-OBST-05, dozers.py) or a charge (ENG-OBST-07), after which vehicles cross with a breach
and a bog-down check (ENG-OBST-06). Artillery has no effect on them (AMB-ENG-20). Also here:
the cover obstacles give the troops in them.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.checks import Modifier
from kriegsspiel.rulesets.engineering.base import FIRE_AT, Ctx, Topic
from kriegsspiel.rulesets.engineering.footprints import CONFORM_REACH, reach
from kriegsspiel.rulesets.engineering.nearby import footprints
from kriegsspiel.rulesets.engineering.obstacles.charges import at_target, not_already
from kriegsspiel.rulesets.engineering.obstacles.features import change, occupies
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Obstacle
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState

SPARSE_EDGE = "sparse edge terrain"  # ENG-OBST-04
HARD_COVER = "hard cover"  # ENG-OBST-04
DUG_IN = "dug-in"  # ENG-DITCH-06


def cover(state: EngState, unit_id: str) -> list[tuple[str, str, str]]:
    """The spotting and cover cases obstacles give a troop stand, as (obstacle, case, rule):
    in a ditch, dug-in (ENG-DITCH-06); in or conformed to an AT obstacle, sparse edge terrain
    and hard cover (ENG-OBST-04)."""
    spec = state.spec(unit_id)
    if spec.kind != "troops":
        return []
    pos = state.units[unit_id].position
    out: list[tuple[str, str, str]] = []
    index = footprints(state.obstacles)  # only those it is in or within 1" of (or unplaced)
    keys = state.obstacles if pos is None else index.near(pos, CONFORM_REACH, unplaced=True)
    for obs in (state.obstacles[k] for k in keys):
        dist = reach(pos, obs.footprint, None)
        within = occupies(state, unit_id, obs)
        if obs.kind == "ditch" and within:
            out.append((obs.id, DUG_IN, "ENG-DITCH-06"))
        near = dist is not None and dist.inches <= CONFORM_REACH
        if obs.kind == "at-obstacle" and (within or near):
            out += [(obs.id, SPARSE_EDGE, "ENG-OBST-04"), (obs.id, HARD_COVER, "ENG-OBST-04")]
    return out


def _fire_at(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> tuple[Modifier, ...]:
    """ENG-DITCH-06, ENG-OBST-04: fire at troops in a ditch (dug-in) or at an AT obstacle (hard
    cover) takes the house value of that cover, direct or indirect (the options of
    BF-DEFAULT-DUGIN and BF-DEFAULT-HARD-COVER); once per case. Sparse edge terrain is their
    spotting case (ENG-OBST-04's Test: the fire resolver uses hard cover) and adds nothing."""
    if target not in ctx.state.units:
        return ()
    options = ctx.state.scenario.options
    values = {
        DUG_IN: options.idf_dug_in_modifier if indirect else options.dug_in_modifier,
        HARD_COVER: options.idf_hard_cover_modifier if indirect else options.hard_cover_modifier,
    }
    found: dict[str, Modifier] = {}
    for obs, case, rule in cover(ctx.state, target):
        if case in values and case not in found:
            found[case] = Modifier(f"target {case} ({obs})", values[case], rule)
    return tuple(found.values())


def _may_prepare(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """ENG-OBST-07: engineers conformed to the obstacle."""
    found = at_target(ctx, spec, demo, action.distance, "ENG-OBST-07")
    assert isinstance(found, Obstacle)
    not_already(found, "reduced", "ENG-OBST-07")


def _blown(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    """ENG-OBST-07: a successful demolition reduces the obstacle as a dozer would."""
    found = ctx.state.obstacles[demo.target]
    if found.condition == "intact":
        change(ctx, found, "reduced", "ENG-OBST-07")


TOPIC = Topic(
    __name__,
    hooks={
        FIRE_AT: _fire_at,
    },
    demolition_kinds={
        "at-obstacle-charge": DemolitionKind(may_prepare=_may_prepare, effect=_blown),
    },
)
