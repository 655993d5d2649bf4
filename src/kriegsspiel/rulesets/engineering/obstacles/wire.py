"""Barbed wire (ENG-WIRE-01..12). Wire is never removed (ENG-WIRE-02), only gapped: by a tracked
or half-tracked vehicle breaching it (ENG-WIRE-06, crossing.py), by wire cutters (ENG-WIRE-07),
by a charge (ENG-WIRE-08..10) or by artillery (ENG-WIRE-11/12, clearing.py). A gap is one
terrain effect better (ENG-WIRE-03..05, data/obstacle_effects.toml).
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import only
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    Act,
    Ctx,
    Topic,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.footprints import conformed
from kriegsspiel.rulesets.engineering.obstacles.charges import at_target, not_already
from kriegsspiel.rulesets.engineering.obstacles.features import change, improved, obstacle
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import improve
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import Obstacle
from kriegsspiel.rulesets.engineering.play.demolitions import DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition
from kriegsspiel.rulesets.engineering.traits import ASSAULT_TROOPS


class CutWire(Act, frozen=True, tag="cut-wire"):
    """A troop stand conformed to the wire tries its wire cutters: an improve position roll,
    which counts as its engineering action (ENG-WIRE-07, AMB-ENG-02, AMB-ENG-17)."""

    unit: str
    wire: str
    distance: Distance | None = None


def gap(ctx: Ctx, wire: Obstacle, rule: str) -> None:
    """A gap in the wire (ENG-WIRE-01: a wire section has a gap or not)."""
    if ctx.state.obstacles[wire.id].condition == "intact":
        change(ctx, wire, "gapped", rule)


def cut_wire(ctx: Ctx, action: CutWire) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_engineer(state, spec)
    wire = obstacle(state, spec.side, action.wire, "wire")
    if spec.kind != "troops":
        raise RuleViolation("ENG-WIRE-07", f"wire cutters are for troop stands, not {spec.label}")
    not_already(wire, "gapped", "ENG-WIRE-07")
    pos = state.units[spec.id].position
    conformed(spec, pos, wire.footprint, action.distance, "ENG-WIRE-07", wire.label)
    sealed = ctx.roll(improve(ctx.tables, "wire-cutting", spec.dr, "ENG-WIRE-07"))
    declare(ctx, spec, "cut-wire", wire.id, only(spec.side), sealed=sealed)


def _resolve_cut(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    if improved(ctx):
        gap(ctx, ctx.state.obstacles[pending.target], "ENG-WIRE-07")


def _may_prepare(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """ENG-WIRE-08/09: engineers or assault troops, conformed to the wire base."""
    wire = at_target(ctx, spec, demo, action.distance, "ENG-WIRE-09")
    assert isinstance(wire, Obstacle)
    not_already(wire, "gapped", "ENG-WIRE-09")


def _blown(ctx: Ctx, demo: Demolition, *_: Any) -> None:
    """ENG-WIRE-10: a successful demolition action gaps the wire."""
    gap(ctx, ctx.state.obstacles[demo.target], "ENG-WIRE-10")


TOPIC = Topic(
    __name__,
    performers=(performer(CutWire, cut_wire),),
    resolvers={
        "cut-wire": _resolve_cut,
    },
    demolition_kinds={
        "wire-charge": DemolitionKind(
            may_prepare=_may_prepare, effect=_blown, crews=(ASSAULT_TROOPS,)
        ),
    },
)
