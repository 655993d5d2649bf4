"""The umpire's record: results the engine does not resolve, spotting, and the end of the game."""

from __future__ import annotations

from typing import get_args

from kriegsspiel.core.guards import umpire_only
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Topic,
    craft,
    performer,
    reveal,
    unit,
)
from kriegsspiel.rulesets.waterborne.initiative import GameEnded
from kriegsspiel.rulesets.waterborne.state import CraftStatus, Status
from kriegsspiel.rulesets.waterborne.status import AnyStatus, StatusSet, audience, lose_craft


class SetStatus(Act, frozen=True, tag="set-status"):
    """Record a result the engine does not resolve (CF-VEHICLE-FIRE, close combat, …)."""

    unit: str  # a stand or a craft
    status: AnyStatus
    note: str = ""


class Reveal(Act, frozen=True, tag="reveal"):
    """CF-HIDDEN: the umpire rules that a hidden unit is spotted."""

    unit: str


class EndGame(Act, frozen=True, tag="end-game"):
    pass


def set_status(ctx: Ctx, action: SetStatus) -> None:
    umpire_only(ctx.seat, "set a status")
    state = ctx.state
    if action.unit in state.units:
        unit(state, ctx.seat, action.unit)
        if action.status not in get_args(Status):
            raise InputError("status", f"a stand is one of {', '.join(get_args(Status))}")
        ctx.emit(
            StatusSet(unit=action.unit, status=action.status, note=action.note),
            audience(ctx, action.unit),
        )
        return
    boat = craft(state, action.unit)
    if action.status not in get_args(CraftStatus):
        raise InputError("status", f"a craft is one of {', '.join(get_args(CraftStatus))}")
    if action.status == "lost" and boat.status != "lost":
        lose_craft(ctx, action.unit, action.note or "the umpire's ruling", "CF-VEHICLE-FIRE")
        return
    ctx.emit(StatusSet(unit=action.unit, status=action.status, note=action.note))


def reveal_unit(ctx: Ctx, action: Reveal) -> None:
    umpire_only(ctx.seat, "reveal a unit")
    unit(ctx.state, ctx.seat, action.unit)
    if ctx.state.units[action.unit].revealed:
        raise RuleViolation("CF-HIDDEN", f"{action.unit} is not hidden")
    reveal(ctx, action.unit)


def end_game(ctx: Ctx, _: EndGame) -> None:
    umpire_only(ctx.seat, "end the game")
    ctx.emit(GameEnded(initiative=ctx.state.initiative))


TOPIC = Topic(
    __name__,
    performers=(
        performer(SetStatus, set_status),
        performer(Reveal, reveal_unit),
        performer(EndGame, end_game),
    ),
)
