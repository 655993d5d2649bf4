"""The Crossfire initiative (CF-INIT, CF-REACT, CF-NOFIRE).

There are no turns. The phasing side acts until an action fails or it ends its initiative; then
the other side has the next one. When the initiative ends, pontoon attempts are rolled
(WAT-PONTOON-06); when a side gets it, its No Fire markers go and its finished sites open.

After a stand moves, a window opens for the other side's reactive fire at the mover: it fires
(`reactive-fire`) or `pass`es, and the phasing side waits. The window always opens for a move a
direct-fire weapon could answer, whatever the other side has, so it reveals nothing hidden.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.waterborne import pontoons
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    performer,
    phasing,
)
from kriegsspiel.rulesets.waterborne.labels import names
from kriegsspiel.rulesets.waterborne.state import StandState, WatState, Window
from kriegsspiel.rulesets.waterborne.targets import targetable

# -- actions --------------------------------------------------------------------------------------


class EndInitiative(Act, frozen=True, tag="end-initiative"):
    """The phasing side gives up the initiative."""


class Pass(Act, frozen=True, tag="pass"):
    """The other side lets the last move go without (more) reactive fire."""


# -- events ---------------------------------------------------------------------------------------


class InitiativePassed(Ev, frozen=True, tag="initiative-passed"):
    side: str  # who has it now
    initiative: int
    reason: str
    name: str = ""  # the side's name, for people

    def text(self) -> str:
        return f"initiative {self.initiative} to {self.name or self.side}: {self.reason} (CF-INIT)"

    def summary(self) -> str:
        return f"initiative to {self.name or self.side}"


class WindowOpened(Ev, frozen=True, tag="window-opened"):
    movers: tuple[str, ...]
    group: str | None = None

    def text(self) -> str:
        group = f" (the forced group dismount from {self.group})" if self.group else ""
        return f"{names(list(self.movers))} moved{group}: reactive fire may answer (CF-REACT)"

    def summary(self) -> None:
        return None  # bookkeeping: the move itself is the news


class WindowClosed(Ev, frozen=True, tag="window-closed"):
    cleared: tuple[str, ...] = ()  # No Fire markers removed (WAT-EMBARK-06)

    def text(self) -> str:
        if self.cleared:
            return (
                f"the group move ends; No Fire markers removed from {names(list(self.cleared))} "
                "(WAT-EMBARK-06)"
            )
        return "no more reactive fire at that move"

    def summary(self) -> str | None:
        return f"No Fire markers off {names(list(self.cleared))}" if self.cleared else None


class GameEnded(Ev, frozen=True, tag="game-ended"):
    initiative: int

    def text(self) -> str:
        return f"the game ends with initiative {self.initiative}"

    def summary(self) -> str:
        return "the game ends"


# -- performing -----------------------------------------------------------------------------------


def open_window(ctx: Ctx, movers: list[str], group: str | None = None) -> None:
    """CF-REACT: a move the other side may answer with reactive fire."""
    if any(targetable(ctx.state, m) for m in movers):
        ctx.emit(WindowOpened(movers=tuple(movers), group=group))


def close_window(ctx: Ctx) -> None:
    window = ctx.state.window
    if window is not None:
        ctx.emit(WindowClosed(cleared=window.no_fire if window.group else ()))


def pass_initiative(ctx: Ctx, reason: str) -> None:
    """CF-INIT: the initiative ends; WAT-PONTOON-06 rolls; the other side gets it, unless that
    was the scenario's last initiative."""
    close_window(ctx)
    pontoons.resolve_attempts(ctx)
    state = ctx.state
    limit = state.scenario.initiatives
    if limit is not None and state.initiative >= limit:
        ctx.emit(GameEnded(initiative=state.initiative))
        return
    ctx.emit(
        InitiativePassed(
            side=state.other,
            initiative=state.initiative + 1,
            reason=reason,
            name=state.scenario.side_name(state.other),
        )
    )
    pontoons.open_ready(ctx)


def end_initiative(ctx: Ctx, _: EndInitiative) -> None:
    state = ctx.state
    if ctx.seat not in (UMPIRE, state.phasing):
        side = state.scenario.side_name(state.phasing)
        raise RuleViolation("CF-INIT", f"{side} has the initiative; only it may end it")
    phasing(ctx, state.phasing, "end the initiative")
    pass_initiative(ctx, f"{state.scenario.side_name(state.phasing)} ends its initiative")


def pass_(ctx: Ctx, _: Pass) -> None:
    state = ctx.state
    if state.window is None:
        raise RuleViolation("CF-REACT", "no move awaits reactive fire")
    if ctx.seat not in (UMPIRE, state.other):
        raise RuleViolation(
            "CF-REACT",
            f"only {state.scenario.side_name(state.other)} answers the move of "
            f"{state.scenario.side_name(state.phasing)}",
        )
    close_window(ctx)


# -- folding --------------------------------------------------------------------------------------


def _passed(state: WatState, e: InitiativePassed) -> WatState:
    """CF-NOFIRE: the side that gets the initiative loses its No Fire markers. WAT-PONTOON-04:
    a stand still suppressed when the initiative begins is suppressed during it (rallying later
    in it does not undo that). Units and craft it leaves as they are stay the same objects."""
    specs = state.specs
    changed = {
        u: _carried_over(s, specs[u].side == e.side, e.initiative)
        for u, s in state.units.items()
        if s.no_fire or s.status == "suppressed"
    }
    units = {**state.units, **changed} if changed else state.units
    craft = state.craft
    if any(s.no_fire and s.side == e.side for s in craft.values()):
        craft = {
            c: replace(s, no_fire=False) if s.no_fire and s.side == e.side else s
            for c, s in craft.items()
        }
    return replace(
        state, phasing=e.side, initiative=e.initiative, units=units, craft=craft, window=None
    )


def _carried_over(unit: StandState, gets_it: bool, initiative: int) -> StandState:
    """A stand with a No Fire marker or suppressed, as the initiative changes."""
    no_fire = unit.no_fire and not gets_it
    suppressed = unit.status == "suppressed"
    if no_fire == unit.no_fire and not suppressed:
        return unit
    return replace(
        unit, no_fire=no_fire, suppressed_in=initiative if suppressed else unit.suppressed_in
    )


def _closed(state: WatState, e: WindowClosed) -> WatState:
    if not e.cleared:  # the units and craft stay the same objects
        return replace(state, window=None)
    units = {u: replace(s, no_fire=False) if u in e.cleared else s for u, s in state.units.items()}
    craft = {c: replace(s, no_fire=False) if c in e.cleared else s for c, s in state.craft.items()}
    return replace(state, units=units, craft=craft, window=None)


TOPIC = Topic(
    __name__,
    performers=(
        performer(EndInitiative, end_initiative),
        performer(Pass, pass_),
    ),
    appliers=(
        applier(InitiativePassed, _passed),
        applier(WindowOpened, lambda state, e: replace(state, window=Window(e.movers, e.group))),
        applier(WindowClosed, _closed),
        applier(GameEnded, lambda state, _: replace(state, over=True)),
    ),
)
