"""Display names for the labels of legal actions: stands, craft, sites, features and squares
(squares by `grid.square_name`: "B1")."""

from __future__ import annotations

from kriegsspiel.rulesets.waterborne.grid import square_name
from kriegsspiel.rulesets.waterborne.state import WatState

COMPASS = {0: "north", 90: "east", 180: "south", 270: "west"}


def feature_name(state: WatState, feature: str) -> str:
    """A land feature, a pontoon site or a water square, by its display name."""
    board = state.board
    name = board.names.get(feature)
    if name is None:
        name = board.names[feature] = _feature_name(state, feature)
    return name


def _feature_name(state: WatState, feature: str) -> str:
    board = state.board
    cell = board.grid.cell_of(feature)
    if cell is not None:
        return f"square {square_name(cell)}"
    land = board.land.get(feature)
    if land is not None:
        return land.name or land.id
    site = board.sites.get(feature)
    if site is not None:
        return site.name or site.id
    return feature


def unit_name(state: WatState, unit_id: str) -> str:
    return state.specs[unit_id].label


def craft_name(state: WatState, craft_id: str) -> str:
    return state.craft[craft_id].name


def site_name(state: WatState, site_id: str) -> str:
    spec = state.board.sites[site_id]
    return spec.name or spec.id


def names(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def where(state: WatState, unit_id: str) -> str:
    """Where a stand is, in words: its feature, or the craft it rides."""
    unit = state.units[unit_id]
    if unit.aboard is not None:
        return f"aboard {craft_name(state, unit.aboard)}"
    assert unit.place is not None
    return f"in {feature_name(state, unit.place)}"
