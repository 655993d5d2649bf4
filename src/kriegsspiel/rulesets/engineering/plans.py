"""Plans: how many turns bridge work takes, exactly ("is the bridge up by turn 8?").

A span is built by one improve position roll a turn (ENG-BRIDGE-13, AMB-ENG-25), and a bridge's
demolition is prepared one improve position roll at a time (ENG-BRIDGE-26, AMB-ENG-29): each is
work needing n successes, one attempt a turn, with the probability the named check gives — the
same `Check` that resolves the roll in play.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from kriegsspiel.core.checks import Param
from kriegsspiel.core.plans import AttemptsPlan, PlanDef, attempts_needed
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import (
    bridge_preparation,
    bridge_span,
)
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES

DR = Param("dr", "int", 0, "discipline rating", -2, 2)


@functools.cache  # a check is immutable: its chance is worked out once per parameters
def _span_chance(dr: int, swollen: bool, helpers: bool) -> Fraction:
    return bridge_span(DEFAULT_TABLES, dr, swollen, int(helpers)).odds()["success"]


@functools.cache
def _preparation_chance(dr: int) -> Fraction:
    return bridge_preparation(DEFAULT_TABLES, dr).odds()["success"]


def _spans(p: Mapping[str, Any]) -> AttemptsPlan:
    chance = _span_chance(int(p["dr"]), bool(p["swollen"]), int(p["helpers"]) > 0)
    return attempts_needed(int(p["spans"]), chance)


def _preparations(p: Mapping[str, Any]) -> AttemptsPlan:
    return attempts_needed(int(p["preparations"]), _preparation_chance(int(p["dr"])))


PLANS: tuple[PlanDef, ...] = (
    PlanDef(
        "engineering.bridge-spans",
        "Turns to build a pontoon or treadway bridge, one span roll a turn",
        "turns",
        ("ENG-BRIDGE-13", "ENG-BRIDGE-14", "ENG-BRIDGE-15", "ENG-BRIDGE-16", "AMB-ENG-25"),
        (
            Param("spans", "int", 3, "spans the scenario requires", 1, 20),
            DR,
            Param("swollen", "bool", False, "bridging a swollen river"),
            Param("helpers", "int", 0, "units working beside the primary builder", 0, 10),
        ),
        _spans,
    ),
    PlanDef(
        "engineering.bridge-preparation",
        "Turns to prepare a bridge for demolition, one improve position roll a turn",
        "turns",
        ("ENG-BRIDGE-25", "ENG-BRIDGE-26", "ENG-BRIDGE-27", "AMB-ENG-29", "AMB-ENG-43"),
        (
            Param("preparations", "int", 5, "preparations (presets: trestle 2, stone 5, 8)", 1, 20),
            DR,
        ),
        _preparations,
    ),
)
