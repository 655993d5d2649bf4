"""Infantry (SK-INFANTRY): a fire team's card lets each fit man move or shoot (shooting is in
gunnery.py). The panzerfaust teams of the bundled scenario are such teams."""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.geometry import distance
from kriegsspiel.core.scenario import Point
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.afv.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    man_turn,
    performer,
)
from kriegsspiel.rulesets.afv.movement import clear_sight_on
from kriegsspiel.rulesets.afv.state import AfvState, with_man
from kriegsspiel.rulesets.afv.wording import point


class Move(Act, frozen=True, tag="move"):
    man: str
    to: Point


class ManMoved(Ev, frozen=True, tag="man-moved"):
    man: str
    to: Point

    def text(self) -> str:
        return f"{self.man} moves to {point(self.to)}"


def move(ctx: Ctx, action: Move) -> None:
    """SK-INFANTRY: up to `infantry_move` inches; SK-TABLE: on the table."""
    man = man_turn(ctx, action.man, f"moves to {action.to[0]:g},{action.to[1]:g}")
    reach = ctx.state.scenario.options.infantry_move
    if distance(man.position, action.to) > reach + 1e-9:
        raise RuleViolation("SK-INFANTRY", f'a man moves at most {reach:g}" on a card')
    table = ctx.state.scenario.table
    if table is not None and not (0 <= action.to[0] <= table[0] and 0 <= action.to[1] <= table[1]):
        raise RuleViolation("SK-TABLE", "that point is off the table")
    ctx.emit(ManMoved(man=action.man, to=(float(action.to[0]), float(action.to[1]))))


def _moved(state: AfvState, e: ManMoved) -> AfvState:
    """AMB-AFV-12: a sight-in on him is lost when he moves."""
    return clear_sight_on(with_man(state, replace(state.men[e.man], position=e.to)), e.man)


TOPIC = Topic(
    __name__,
    performers=(performer(Move, move),),
    appliers=(applier(ManMoved, _moved),),
)
