"""The typed header every seat's view begins with, and the parts of views rulesets share.

Each ruleset's view is a msgspec Struct extending `ViewHeader` (`Ruleset.typed_view`); it becomes
plain JSON-able data in one place, `Ruleset.view` (`view_data`), which is what `Game.view`, the
renderers, the web API and its pages read. Fields a seat may not see are `UNSET` (`Hidden`), so
they are left out of the data rather than shown empty.

The header's `options` are the scenario's options struct serialised whole, so an option a ruleset
adds appears in every view without the view being touched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from kriegsspiel.core.scenario import ScenarioBase, possessive

__all__ = [
    "UNSET",
    "HeaderFields",
    "Hidden",
    "SideView",
    "TerrainView",
    "ViewHeader",
    "clock_text",
    "header",
    "shown",
    "terrain_view",
    "view_data",
]

T = TypeVar("T")

# A field shown only to some seats: `UNSET` (left out of the view's data) for the others.
Hidden = UnsetType


class SideView(msgspec.Struct, frozen=True):
    id: str
    name: str  # the side's name, or its id when it has none


class TerrainView(msgspec.Struct, frozen=True):
    """A terrain feature of the scenario, as everyone at the table sees it."""

    id: str
    kind: str
    name: str
    points: list[list[float]]


class ViewHeader(msgspec.Struct, frozen=True, kw_only=True):
    """What every ruleset's view begins with: whose view of which game, the clock as generic
    displays read it, the sides and the scenario's options."""

    ruleset: str
    seat: str
    title: str
    turn: int  # the ruleset's turn (waterborne: its initiative)
    phasing: str | None  # the side whose turn, pulse or card it is; empty or None for none
    phase: str  # the step of the turn, in the ruleset's words
    acting: str | None  # who acts now (comma-separated when several may)
    over: bool
    sides: list[SideView]
    options: dict[str, Any]  # the scenario's options struct, every field (`header`)


class HeaderFields(TypedDict):
    """The header fields the core fills in from the scenario (`header`); a ruleset adds the
    clock (`turn`, `phasing`, `phase`, `acting`, `over`)."""

    ruleset: str
    seat: str
    title: str
    sides: list[SideView]
    options: dict[str, Any]


def header(ruleset: str, scenario: ScenarioBase, seat: str) -> HeaderFields:
    """The header fields that come from the scenario, with its options serialised whole."""
    return {
        "ruleset": ruleset,
        "seat": seat,
        "title": scenario.title,
        "sides": [SideView(s.id, s.name or s.id) for s in scenario.sides],
        "options": msgspec.to_builtins(scenario.options),
    }


def terrain_view(scenario: ScenarioBase) -> list[TerrainView]:
    """The scenario's terrain features, for the rulesets that draw them."""
    return [
        TerrainView(t.id, t.kind, t.name, [list(p) for p in t.points]) for t in scenario.terrain
    ]


def view_data(view: ViewHeader) -> dict[str, Any]:
    """A typed view as plain JSON-able data: the one boundary where it becomes a dict."""
    data: dict[str, Any] = msgspec.to_builtins(view)
    return data


def shown(value: T, visible: bool) -> T | UnsetType:
    """`value` for a seat that may see it, otherwise `UNSET` (left out of the view)."""
    return value if visible else UNSET


def clock_text(view: Mapping[str, Any]) -> str:
    """Where the game stands, from a view's clock: the turn, whose phase, who acts (sides by
    their names)."""
    names = {side["id"]: side["name"] for side in view.get("sides") or ()}
    phase = str(view.get("phase") or "").replace("_", " ")
    text = f"turn {view.get('turn')}"
    if view.get("phasing"):
        text += f": {possessive(names.get(view['phasing'], view['phasing']))} {phase} phase"
    elif phase:
        text += f": {phase}"
    if view.get("acting"):
        acting = [names.get(a.strip(), a.strip()) for a in str(view["acting"]).split(",")]
        text += f", {' and '.join(acting)} {'acts' if len(acting) == 1 else 'act'}"
    return text + " (the game is over)" if view.get("over") else text
