"""What each seat may know of a `waterborne` state: `WatView`, built by whitelisting field by
field.

Everything on the table is open in Crossfire except hidden units (CF-HIDDEN), which only their
side and the umpire see until revealed, and a stand's own weapon values, shown to its side and
the umpire (`knowledge`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.views import UNSET, Hidden, ViewHeader, header
from kriegsspiel.rulesets.waterborne.cargo import load_units
from kriegsspiel.rulesets.waterborne.drawing import craft_center, outline, unit_center
from kriegsspiel.rulesets.waterborne.knowledge import knowledge
from kriegsspiel.rulesets.waterborne.state import WatState
from kriegsspiel.rulesets.waterborne.victory import result


class GridView(msgspec.Struct, frozen=True):
    columns: int
    rows: int
    square: float
    origin: list[float]


class LandView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    kind: str
    shore: str | None
    span: list[int] | None
    cover: bool
    next_to: list[str]
    points: list[list[float]]


class StandView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    kind: str
    traits: list[str]
    position: str | None  # its place, or "aboard CRAFT"
    place: str | None
    aboard: str | None
    status: str
    no_fire: bool
    moving: bool
    center: list[float] | None
    # its own side and the umpire
    hidden: bool | Hidden = UNSET
    moved_this_initiative: bool | Hidden = UNSET
    fired_this_initiative: bool | Hidden = UNSET
    dice: int | Hidden | None = UNSET
    he: int | Hidden = UNSET
    eff: int | Hidden = UNSET


class CapacityView(msgspec.Struct, frozen=True):
    used: int
    total: int


class CraftView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    type: str
    side: str
    at: str
    cell: list[int] | None
    center: list[float] | None
    heading: int
    in_water: bool
    status: str
    hits: int
    amphibious: bool
    model: bool
    passengers: list[str]
    capacity: CapacityView
    moved_this_initiative: bool
    no_fire: bool


class SiteView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    kind: str
    side: str
    bank: str
    column: int
    progress: int
    required: int
    hits: int
    damage: int
    status: str
    crew: list[str]
    ferry: str | None


class WindowView(msgspec.Struct, frozen=True):
    movers: list[str]
    awaiting: str
    group: str | None
    no_fire_to_clear: list[str]


class WatView(ViewHeader, frozen=True, kw_only=True):
    initiative: int
    grid: GridView
    land: list[LandView]
    units: list[StandView]
    craft: list[CraftView]
    models: int
    tasks: list[SiteView]
    window: WindowView | None


def clock_text(view: Mapping[str, Any]) -> str:
    """CF-INIT: there are no turns; the numbered initiative, the side that has it (by name) and
    whether the other side may answer its last move (CF-REACT)."""
    names = {side["id"]: side["name"] for side in view.get("sides", ())}
    text = f"initiative {view.get('initiative')}"
    if view.get("over"):
        return f"{text}: the game is over"
    text += f": {names.get(view.get('phasing'), view.get('phasing'))} has the initiative"
    window = view.get("window")
    if window:
        awaiting = names.get(window["awaiting"], window["awaiting"])
        text += f"; {awaiting} may answer the last move with reactive fire"
    return text


def acting(state: WatState) -> str:
    return state.other if state.window is not None else state.phasing


def models_on_table(state: WatState) -> int:
    """WAT-CRAFT-02: one model per vessel, except jeeps and small oared or improvised craft."""
    return sum(1 for c in state.craft.values() if c.status != "lost" and c.spec.model)


def view(state: WatState, seat: str) -> WatView:
    """Drawn from the seat's knowledge, so nothing hidden from it shapes even the layout."""
    state = knowledge(state, seat)
    board = state.board
    grid = board.grid
    return WatView(
        **header("waterborne", state.scenario, seat),
        turn=state.initiative,
        phasing=state.phasing,
        phase="initiative",
        acting=acting(state),
        over=result(state) is not None,
        initiative=state.initiative,
        grid=GridView(grid.cols, grid.rows, grid.square, list(grid.origin)),
        land=[
            LandView(
                id=spec.id,
                name=spec.name or spec.id,
                kind=spec.kind,
                shore=spec.shore,
                span=list(board.span(spec)) if spec.shore else None,
                cover=spec.cover,
                next_to=sorted(board.links.get(spec.id, ())),
                points=[list(p) for p in outline(board, spec.id)],
            )
            for spec in board.land.values()
        ],
        units=[_unit(state, seat, u) for u in state.units],
        craft=[_craft(state, c) for c in state.craft],
        models=models_on_table(state),
        tasks=[_site(state, s) for s in state.sites],
        window=_window(state),
    )


def _unit(state: WatState, seat: str, unit_id: str) -> StandView:
    spec, unit = state.spec(unit_id), state.units[unit_id]
    stand = StandView(
        id=spec.id,
        name=spec.label,
        side=spec.side,
        kind=spec.kind,
        traits=list(spec.traits),
        position=unit.place if unit.aboard is None else f"aboard {unit.aboard}",
        place=unit.place,
        aboard=unit.aboard,
        status=unit.status,
        no_fire=unit.no_fire,
        moving=state.window is not None and unit_id in state.window.movers,
        center=_xy(unit_center(state, unit_id)),
    )
    if seat not in (UMPIRE, spec.side):
        return stand
    k = state.initiative
    return msgspec.structs.replace(
        stand,
        hidden=not unit.revealed,
        moved_this_initiative=unit.moved_in == k,
        fired_this_initiative=unit.fired_in == k,
        dice=spec.dice,
        he=spec.he,
        eff=spec.eff,
    )


def _craft(state: WatState, craft_id: str) -> CraftView:
    boat = state.craft[craft_id]
    kind = boat.spec
    aboard = state.passengers(craft_id)
    in_water = state.in_water(craft_id)
    return CraftView(
        id=craft_id,
        name=boat.name,
        type=boat.type,
        side=boat.side,
        at=boat.feature,
        cell=list(boat.cell) if boat.cell is not None else None,
        center=_xy(craft_center(state, craft_id)),
        heading=boat.heading,
        in_water=in_water,
        status=boat.status,
        hits=boat.hits,
        amphibious=kind.amphibious,
        model=kind.model,
        passengers=aboard,
        capacity=CapacityView(load_units([state.spec(u) for u in aboard]), kind.capacity),
        moved_this_initiative=boat.moved_in == state.initiative,
        no_fire=boat.no_fire,
    )


def _xy(point: tuple[float, float] | None) -> list[float] | None:
    return [round(point[0], 2), round(point[1], 2)] if point is not None else None


def _site(state: WatState, site_id: str) -> SiteView:
    spec, s = state.board.sites[site_id], state.sites[site_id]
    if spec.kind == "ferry" and s.ready:
        status = "launched"
    elif s.ready:
        status = "open" if s.damage <= 1 else "closed"
    elif s.completed_in is not None:
        status = "complete"
    else:
        status = "building"
    return SiteView(
        id=site_id,
        name=spec.name or site_id,
        kind=spec.kind,
        side=spec.side,
        bank=spec.bank,
        column=spec.column,
        progress=s.work.progress,
        required=s.work.required,
        hits=s.hits,
        damage=s.damage,
        status=status,
        crew=list(s.work.workers_in(state.initiative)),  # this initiative's crew
        ferry=spec.ferry_id if spec.kind == "ferry" else None,
    )


def _window(state: WatState) -> WindowView | None:
    window = state.window
    if window is None:
        return None
    return WindowView(
        movers=list(window.movers),
        awaiting=state.other,
        group=window.group,
        no_fire_to_clear=list(window.no_fire),
    )
