"""The table of one scenario: the water grid, land features, shores, pontoon sites and links.

Built from the scenario (and validated) by `board_of`; everything here is read-only geometry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.waterborne.grid import OPPOSITE, Cell, Edge, Grid

if TYPE_CHECKING:
    from kriegsspiel.rulesets.waterborne.scenario import LandSpec, SiteSpec, WatScenario


@dataclass(frozen=True)
class Arrival:
    """Where a cell leads: a water square, a shore feature, or off the table."""

    kind: Literal["water", "land", "lost"]
    feature: str = ""
    cell: Cell | None = None


@dataclass(frozen=True)
class Board:
    grid: Grid
    land: Mapping[str, LandSpec]
    sites: Mapping[str, SiteSpec]
    links: Mapping[str, frozenset[str]]
    # filled as asked: display names of features (`labels.feature_name`), and what the legal
    # actions work out from the board and the scenario's fixed facts (`routes`, `candidates`,
    # `crews`: routes, target labels, parties, loads), each keyed by all it depends on
    names: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def is_place(self, place: str) -> bool:
        """Where a stand can stand: a land feature or a pontoon site."""
        return place in self.land or place in self.sites

    def shore_edge(self, place: str) -> Edge | None:
        """The side of the grid a bank, beach or site lines; None inland."""
        site = self.sites.get(place)
        spec = self.land.get(site.bank if site is not None else place)
        return spec.shore if spec is not None else None

    def span(self, spec: LandSpec) -> range:
        assert spec.shore is not None
        low, high = spec.span if spec.span is not None else (0, self.grid.length(spec.shore) - 1)
        return range(low, high + 1)

    def shore_at(self, cell: Cell) -> str | None:
        """The shore feature a cell just beyond one side of the grid belongs to, if any."""
        edges = self.grid.edges_crossed(cell)
        if len(edges) != 1:
            return None
        along = self.grid.along(edges[0], cell)
        return next(
            (s.id for s in self.land.values() if s.shore == edges[0] and along in self.span(s)),
            None,
        )

    def arrival(self, cell: Cell) -> Arrival:
        """WAT-MOVE-01/07: a square, a landing on a bank, or off the table (lost)."""
        if self.grid.inside(cell):
            return Arrival("water", self.grid.square_id(cell), cell)
        shore = self.shore_at(cell)
        return Arrival("land", shore, cell) if shore is not None else Arrival("lost")

    def beyond_cell(self, feature: str, along: int) -> Cell | None:
        """The cell of a shore feature facing the square `along` its side, if it touches it."""
        spec = self.land.get(feature)
        if spec is None or spec.shore is None or along not in self.span(spec):
            return None
        return self.grid.beyond(spec.shore, along)

    def next_to(self, a: str, b: str) -> bool:
        return b in self.links.get(a, frozenset())

    def cover(self, place: str) -> bool:
        spec = self.land.get(place)
        return spec is not None and spec.cover

    def site_far_bank(self, site_id: str) -> str | None:
        """The bank a bridge reaches: across the water from its own bank, at its column."""
        site = self.sites[site_id]
        if site.kind != "bridge":
            return None
        edge = self.shore_edge(site_id)
        assert edge is not None
        far = self.shore_at(self.grid.beyond(OPPOSITE[edge], site.column))
        if far is None:
            raise InputError(f"sites.{site_id}", "no bank across the water for the bridge to reach")
        return far

    def site_width(self, site_id: str) -> float:
        """AMB-WAT-01: the river's width at the crossing, given or bank to bank across the grid."""
        site = self.sites[site_id]
        edge = self.shore_edge(site_id)
        assert edge is not None
        return site.width if site.width is not None else self.grid.across(edge)


def board_of(scenario: WatScenario, where: str = "scenario") -> Board:
    """The scenario's table, with its geometry checked."""
    square = scenario.options.square_inches
    counts = []
    for size in scenario.water.size:
        count = size / square
        if abs(count - round(count)) > 1e-9 or round(count) < 1:
            raise InputError(
                f"{where}: water.size",
                f'{size:g}" is not a whole number of {square:g}" squares (WAT-GRID-01)',
            )
        counts.append(round(count))
    grid = Grid(counts[0], counts[1], square, scenario.water.origin)
    land = {spec.id: spec for spec in scenario.land}
    sites = {spec.id: spec for spec in scenario.sites}
    board = Board(grid, land, sites, {})
    links: dict[str, set[str]] = {place: set() for place in (*land, *sites)}
    for i, spec in enumerate(scenario.land):
        if spec.shore is None and spec.span is not None:
            raise InputError(f"{where}: land[{i}].span", "only a shore feature has a span")
        if spec.shore is not None:
            span = board.span(spec)
            if span.start < 0 or span.stop > grid.length(spec.shore) or not span:
                raise InputError(f"{where}: land[{i}].span", "outside the grid's side")
        for other in spec.next_to:
            if other not in links:
                raise InputError(f"{where}: land[{i}].next_to", f"no land feature {other!r}")
            links[spec.id].add(other)
            links[other].add(spec.id)
    for i, site in enumerate(scenario.sites):
        bank = land.get(site.bank)
        if bank is None or bank.shore is None:
            raise InputError(f"{where}: sites[{i}].bank", f"{site.bank!r} is not a bank or beach")
        if site.column not in board.span(bank):
            raise InputError(f"{where}: sites[{i}].column", f"{site.bank} does not reach it")
        links[site.id].add(site.bank)
        links[site.bank].add(site.id)
    return Board(grid, land, sites, {k: frozenset(v) for k, v in links.items()})
