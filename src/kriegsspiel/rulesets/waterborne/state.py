"""The `waterborne` game state: the initiative, every stand, craft and pontoon site.

Initiatives are numbered from 1; each change of initiative starts the next one. A unit's
`*_in` fields hold the last initiative it did something in (0: never).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

import msgspec

from kriegsspiel.core.tasks import Task
from kriegsspiel.rulesets.waterborne.board import Board, board_of
from kriegsspiel.rulesets.waterborne.grid import Cell
from kriegsspiel.rulesets.waterborne.kinds import CRAFT_TYPES, CraftType
from kriegsspiel.rulesets.waterborne.scenario import WatScenario, WatUnit

Status = Literal["ok", "pinned", "suppressed", "killed"]
CraftStatus = Literal["ok", "suppressed", "lost"]


class StandState(msgspec.Struct, frozen=True):
    place: str | None  # a land feature or site; None while aboard
    aboard: str | None = None
    status: Status = "ok"
    revealed: bool = True  # CF-HIDDEN
    no_fire: bool = False  # CF-NOFIRE
    moved_in: int = 0  # moves, boarding and dismounting (WAT-PONTOON-04, AMB-WAT-13)
    embarked_in: int = 0  # boarding or dismounting (WAT-EMBARK-02)
    fired_in: int = 0
    suppressed_in: int = 0  # suppressed at any time in it, its start too (WAT-PONTOON-04)


class CraftState(msgspec.Struct, frozen=True):
    type: str
    side: str
    name: str
    feature: str  # a water square's id, or a land feature
    cell: Cell | None  # its grid cell; beyond the grid when touching a bank; None inland
    heading: int
    status: CraftStatus = "ok"
    hits: int = 0  # suppress-or-better results taken (AMB-WAT-20: two sink a ferry)
    moved_in: int = 0
    loaded_in: int = 0  # passengers boarded (AMB-WAT-13: it may not move that initiative)
    fired_in: int = 0
    no_fire: bool = False

    @property
    def spec(self) -> CraftType:
        return CRAFT_TYPES[self.type]


class SiteState(msgspec.Struct, frozen=True):
    # construction points earned of those required (WAT-PONTOON-03, WAT-FERRY-01), as work by
    # points: each initiative's crew (WAT-PONTOON-06, a repair crew too) is a contribution
    work: Task
    hits: int = 0  # every HE hit taken (WAT-PONTOON-10)
    damage: int = 0  # hits on the finished bridge not yet repaired (WAT-PONTOON-12)
    ready: bool = False  # open to traffic / the ferry launched (WAT-PONTOON-09, WAT-FERRY-01)

    @property
    def completed_in(self) -> int | None:
        """The initiative the last CP was earned in (0: finished when the game began)."""
        done = self.work.completed_at
        assert not isinstance(done, tuple)  # initiatives are numbers
        return done


class Window(msgspec.Struct, frozen=True):
    """A move awaiting the other side's reactive fire (CF-REACT)."""

    movers: tuple[str, ...]
    group: str | None = None  # the craft of a forced group dismount (WAT-EMBARK-04..06)
    no_fire: tuple[str, ...] = ()  # No Fire markers placed during that group move


class WatState(msgspec.Struct, frozen=True, dict=True):  # dict: room for `board`, `specs`
    scenario: WatScenario
    initiative: int
    phasing: str
    units: dict[str, StandState]
    craft: dict[str, CraftState]
    sites: dict[str, SiteState]
    window: Window | None = None
    over: bool = False

    if TYPE_CHECKING:
        # held by each state, not fields (ClassVar only to tell the type checkers so)
        board: ClassVar[Board]  # the table (`board_of`)
        specs: ClassVar[dict[str, WatUnit]]  # every unit's scenario entry by id (read-only)
        rosters: ClassVar[Rosters]  # the unit ids of each side and of its enemies
    else:

        def __getattr__(self, name: str) -> Any:
            """`board`, `specs` and `rosters`, derived from the scenario when first asked for
            and held by the state as plain attributes (so later reads cost nothing)."""
            if name not in ("board", "specs", "rosters"):
                raise AttributeError(name)
            held = self.__dict__
            held["board"], (held["specs"], held["rosters"]) = _derived(self.scenario)
            return held[name]

    @property
    def other(self) -> str:
        a, b = self.scenario.side_ids
        return b if self.phasing == a else a

    def spec(self, unit_id: str) -> WatUnit:
        return self.specs[unit_id]

    def passengers(self, craft_id: str) -> list[str]:
        """The living stands aboard a craft, in scenario order."""
        return list(_aboard(self.units).get(craft_id, ()))

    def aboard(self) -> dict[str, tuple[str, ...]]:
        """The living stands aboard each craft with any, in scenario order (read-only)."""
        return _aboard(self.units)

    def place_of(self, unit_id: str) -> str:
        """Where a stand is: its place, or its craft's feature while aboard."""
        unit = self.units[unit_id]
        if unit.aboard is not None:
            return self.craft[unit.aboard].feature
        assert unit.place is not None
        return unit.place

    def in_water(self, craft_id: str) -> bool:
        cell = self.craft[craft_id].cell
        return cell is not None and self.board.grid.inside(cell)


class Rosters(NamedTuple):
    """Unit ids in scenario order (a state's units are in that order too)."""

    own: dict[str, tuple[str, ...]]  # each side's
    foes: dict[str, tuple[str, ...]]  # every other side's


_Roster = tuple[dict[str, WatUnit], Rosters]
_Derived = tuple[Board, _Roster]
_DERIVED: dict[int, tuple[WatScenario, _Derived]] = {}
_LAST: list[tuple[WatScenario | None, _Derived | None]] = [(None, None)]  # the last one asked


def _derived(scenario: WatScenario) -> _Derived:
    """The scenario's board and units by id, built once per scenario object (which is held, so
    its id stays unique while cached)."""
    last, derived = _LAST[0]
    if last is scenario and derived is not None:
        return derived
    hit = _DERIVED.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        derived = hit[1]
    else:
        if len(_DERIVED) > 64:
            _DERIVED.clear()
        derived = (board_of(scenario), _roster(scenario))
        _DERIVED[id(scenario)] = (scenario, derived)
    _LAST[0] = (scenario, derived)
    return derived


def share_board(scenario: WatScenario, base: WatScenario) -> None:
    """Cache `scenario`'s derived data with `base`'s board: for a copy that differs from `base`
    only in its units (a seat's knowledge), so the board is not built again."""
    if _DERIVED.get(id(scenario), (None,))[0] is scenario:
        return
    if len(_DERIVED) > 64:
        _DERIVED.clear()
    _DERIVED[id(scenario)] = (scenario, (_derived(base)[0], _roster(scenario)))


def _roster(scenario: WatScenario) -> _Roster:
    """The units by id, and the ids by side."""
    units = scenario.units
    own = {s: tuple(u.id for u in units if u.side == s) for s in scenario.side_ids}
    foes = {s: tuple(u.id for u in units if u.side != s) for s in scenario.side_ids}
    return {u.id: u for u in units}, Rosters(own, foes)


# the living stands aboard each craft, for the last units mapping asked about (held, so the
# identity check is sound; a state's units are never changed in place)
_ABOARD: list[tuple[dict[str, StandState] | None, dict[str, tuple[str, ...]]]] = [(None, {})]


def _aboard(units: dict[str, StandState]) -> dict[str, tuple[str, ...]]:
    last, index = _ABOARD[0]
    if last is units:
        return index
    lists: dict[str, list[str]] = {}
    for u, s in units.items():
        if s.aboard is not None and s.status != "killed":
            lists.setdefault(s.aboard, []).append(u)
    index = {c: tuple(us) for c, us in lists.items()}
    _ABOARD[0] = (units, index)
    return index


def board_for(scenario: WatScenario) -> Board:
    return _derived(scenario)[0]


def with_unit(state: WatState, unit_id: str, unit: StandState) -> WatState:
    return _held(state, msgspec.structs.replace(state, units={**state.units, unit_id: unit}))


def with_craft(state: WatState, craft_id: str, craft: CraftState) -> WatState:
    return _held(state, msgspec.structs.replace(state, craft={**state.craft, craft_id: craft}))


def with_site(state: WatState, site_id: str, site: SiteState) -> WatState:
    return _held(state, msgspec.structs.replace(state, sites={**state.sites, site_id: site}))


def _held(state: WatState, new: WatState) -> WatState:
    """`new`, of the same scenario as `state`, holding what `state` derived from it already."""
    new.__dict__.update(state.__dict__)
    return new
