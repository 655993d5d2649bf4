"""Boarding and disembarking (WAT-EMBARK-01..06, WAT-CRAFT-03..10, AMB-WAT-13/14).

Crossfire's APC rules apply (WAT-EMBARK-01): a stand boards a craft where it stands. Boarding and
getting off are each the stand's move for that initiative (AMB-WAT-13: it neither moves before
boarding nor after getting off in it), in different initiatives (WAT-EMBARK-02), and the craft
waits for a later initiative to move. The scenario option `embark_as_action` reads AMB-WAT-13 as
one move action instead: the stand may move before boarding and move on after getting off in the
same initiative (which WAT-EMBARK-06's "the next move of those troops" suggests). Amphibious
craft load and unload anywhere on land, the others only at a beach or bank (WAT-EMBARK-03).
Everyone aboard a non-amphibious landing craft gets off at once, as one group move that needs no
commander (WAT-EMBARK-04, AMB-WAT-14); reactive fire at it cannot take the initiative
(WAT-EMBARK-05) and its No Fire markers go when it ends (WAT-EMBARK-06).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own_craft,
    own_unit,
    performer,
    phasing,
    reveal,
)
from kriegsspiel.rulesets.waterborne.cargo import check_load
from kriegsspiel.rulesets.waterborne.initiative import open_window
from kriegsspiel.rulesets.waterborne.labels import names
from kriegsspiel.rulesets.waterborne.state import CraftState, WatState, with_craft, with_unit

# -- actions --------------------------------------------------------------------------------------


class Board(Act, frozen=True, tag="board"):
    unit: str
    craft: str


class Disembark(Act, frozen=True, tag="disembark"):
    """Get off a landed craft: the listed passengers (default: all)."""

    craft: str
    units: tuple[str, ...] = ()


# -- events ---------------------------------------------------------------------------------------


class Boarded(Ev, frozen=True, tag="boarded"):
    unit: str
    craft: str

    def text(self) -> str:
        return f"{self.unit} boards {self.craft}"


class Disembarked(Ev, frozen=True, tag="disembarked"):
    craft: str
    units: tuple[str, ...]
    to: str
    group: bool  # the forced group dismount of a non-amphibious craft (WAT-EMBARK-04)

    def text(self) -> str:
        many = len(self.units) > 1
        how = ""
        if self.group:
            how = " all together, as one group move" if many else ", the forced group move"
            how += " (WAT-EMBARK-04)"
        verb = "get off" if many else "gets off"
        return f"{names(list(self.units))} {verb} {self.craft} at {self.to}{how}"


# -- performing -----------------------------------------------------------------------------------


def whole_move(state: WatState) -> bool:
    """AMB-WAT-13: boarding or getting off is the stand's whole move for the initiative, unless
    the scenario reads it as one move action (`embark_as_action`)."""
    return not state.scenario.options.embark_as_action


def embarked_now(state: WatState, unit_id: str) -> bool:
    """AMB-WAT-13: the stand boarded or got off a craft this initiative, which was its move."""
    return whole_move(state) and state.units[unit_id].embarked_in == state.initiative


def moved_now(state: WatState, unit_id: str) -> bool:
    """AMB-WAT-13: the stand has moved this initiative, so it may not board in it."""
    return whole_move(state) and state.units[unit_id].moved_in == state.initiative


def _where_loading(ctx: Ctx, boat: CraftState, craft_id: str, what: str) -> None:
    """WAT-EMBARK-03: on land; non-amphibious craft only at a beach or bank."""
    state = ctx.state
    if state.in_water(craft_id):
        raise RuleViolation("WAT-EMBARK-03", f"{boat.name} is in the water: no one can {what}")
    if not boat.spec.amphibious and state.board.shore_edge(boat.feature) is None:
        raise RuleViolation(
            "WAT-EMBARK-03",
            f"{boat.name} is not amphibious: it can {what} only at the beach or river bank",
        )


def board(ctx: Ctx, action: Board) -> None:
    state = ctx.state
    spec = own_unit(ctx, action.unit)
    boat = own_craft(ctx, action.craft)
    phasing(ctx, spec.side, f"{spec.label} boards")
    unit = state.units[spec.id]
    if boat.side != spec.side:
        raise RuleViolation("SEATS", f"{boat.name} is not of {state.scenario.side_name(spec.side)}")
    if unit.aboard is not None:
        raise RuleViolation("WAT-EMBARK-01", f"{spec.label} is already aboard {unit.aboard}")
    if unit.status in ("pinned", "suppressed"):
        raise RuleViolation("CF-STATUS", f"{spec.label} is {unit.status} and cannot move")
    if unit.embarked_in == state.initiative:
        raise RuleViolation(
            "WAT-EMBARK-02", f"{spec.label} got off a craft this initiative; boarding takes another"
        )
    if moved_now(state, spec.id):
        raise RuleViolation(
            "AMB-WAT-13",
            f"{spec.label} has moved this initiative, and boarding is a stand's move for one",
        )
    _where_loading(ctx, boat, action.craft, "board")
    if unit.place != boat.feature:
        raise RuleViolation(
            "WAT-EMBARK-01", f"{spec.label} boards only where {boat.name} is ({boat.feature})"
        )
    load = [state.spec(u) for u in state.passengers(action.craft)] + [spec]
    check_load(boat.spec, load)
    reveal(ctx, spec.id)
    ctx.emit(Boarded(unit=spec.id, craft=action.craft))
    open_window(ctx, [spec.id])


def disembark(ctx: Ctx, action: Disembark) -> None:
    state = ctx.state
    boat = own_craft(ctx, action.craft)
    phasing(ctx, boat.side, f"passengers get off {boat.name}")
    _where_loading(ctx, boat, action.craft, "get off")
    aboard = state.passengers(action.craft)
    if not aboard:
        raise RuleViolation("WAT-EMBARK-01", f"nobody is aboard {boat.name}")
    chosen = list(action.units) or aboard
    for unit_id in chosen:
        if unit_id not in aboard:
            raise RuleViolation("WAT-EMBARK-01", f"{unit_id} is not aboard {boat.name}")
    group = not boat.spec.amphibious
    if group and sorted(chosen) != sorted(aboard):
        raise RuleViolation(
            "WAT-EMBARK-04",
            f"everyone aboard {boat.name} must get off together: {', '.join(aboard)}",
        )
    for unit_id in chosen:
        unit = state.units[unit_id]
        label = state.spec(unit_id).label
        if unit.embarked_in == state.initiative:
            raise RuleViolation(
                "WAT-EMBARK-02", f"{label} boarded this initiative; getting off takes another"
            )
        if not group and unit.status in ("pinned", "suppressed"):
            raise RuleViolation("CF-STATUS", f"{label} is {unit.status} and cannot move")
    ctx.emit(Disembarked(craft=action.craft, units=tuple(chosen), to=boat.feature, group=group))
    open_window(ctx, chosen, group=action.craft if group else None)


# -- folding --------------------------------------------------------------------------------------


def _boarded(state: WatState, e: Boarded) -> WatState:
    k = state.initiative
    unit = replace(state.units[e.unit], place=None, aboard=e.craft, moved_in=k, embarked_in=k)
    state = with_unit(state, e.unit, unit)
    return with_craft(state, e.craft, replace(state.craft[e.craft], loaded_in=k))


def _disembarked(state: WatState, e: Disembarked) -> WatState:
    k = state.initiative
    units = dict(state.units)
    for u in e.units:
        units[u] = replace(units[u], place=e.to, aboard=None, moved_in=k, embarked_in=k)
    return replace(state, units=units)


TOPIC = Topic(
    __name__,
    performers=(
        performer(Board, board),
        performer(Disembark, disembark),
    ),
    appliers=(
        applier(Boarded, _boarded),
        applier(Disembarked, _disembarked),
    ),
)
