"""The card deck (SK-DECK, SK-DRAW, SK-CARD): one deck of every side's crew, team and free-move
cards. Drawing is a chance event: a die with one face per card left picks the card, so the
odds ("4 of the 11 cards left are yours") are exact and the deck's order is never stored.
A card of a side sets that side's AFVs in motion moving (AFV-MOVE-03); a crew card lets a
halted or retreating AFV retest (AMB-AFV-06).
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.guards import may_order
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.base import (
    Act,
    Ctx,
    Ev,
    FreeMoveGiven,
    Topic,
    applier,
    card_for,
    performer,
)
from kriegsspiel.rulesets.afv.morale import release, retest
from kriegsspiel.rulesets.afv.movement import move_side
from kriegsspiel.rulesets.afv.scenario import AfvScenario
from kriegsspiel.rulesets.afv.state import AfvState, Card, InPlay

# -- actions and events -------------------------------------------------------------------------


class TakeCard(Act, frozen=True, tag="take-card"):
    """SK-CARD: a free-move card goes to whichever crew or team of its side acts first; naming
    it first gives the card to it (its first crewman's or man's action gives it as well)."""

    unit: str


class Draw(Act, frozen=True, tag="draw"):
    """End the card in play and draw the next. The umpire may name the card drawn from a
    physical deck; otherwise the dice pick it."""

    card: str | None = None


class CardDrawn(Ev, frozen=True, tag="card-drawn"):
    card: str
    side: str
    holder: str | None
    number: int
    result: CheckResult | None = None
    side_name: str = ""  # the side as the scenario names it, for the log

    def text(self) -> str:
        how = f": {self.result.explain()}" if self.result else ""
        return f"{self.summary()}{how}"

    def summary(self) -> str:
        whose = f"{self.holder}'s card" if self.holder else "a free-move card"
        return f"card {self.number} is {whose} ({self.side_name or self.side})"


class TurnBegan(Ev, frozen=True, tag="turn-began"):
    """SK-DECK: the deck is empty; every card of a unit still in the fight is shuffled back."""

    turn: int
    left: tuple[str, ...]

    def text(self) -> str:
        return f"turn {self.turn}: {len(self.left)} cards are shuffled into the deck"


class GameEnded(Ev, frozen=True, tag="game-ended"):
    turn: int

    def text(self) -> str:
        return f"the game ends after turn {self.turn}"


# -- the deck -----------------------------------------------------------------------------------


def build_cards(scenario: AfvScenario) -> tuple[Card, ...]:
    """SK-DECK: `cards` per crew or team, then each side's free-move cards."""
    cards: list[Card] = []
    for unit in scenario.units:
        cards += [Card(f"{unit.id}#{n}", unit.side, unit.id) for n in range(1, unit.cards + 1)]
    for side in scenario.side_ids:
        n = scenario.free_move_cards.get(side, 0)
        cards += [Card(f"{side}:free-move#{i}", side, None) for i in range(1, n + 1)]
    return tuple(cards)


def live_cards(state: AfvState) -> tuple[str, ...]:
    return tuple(c.id for c in state.cards if c.holder is None or state.unit_active(c.holder))


def draw(ctx: Ctx, action: Draw) -> None:
    """SK-DRAW: the side playing the card in play (anyone, when none is) draws the next."""
    state = ctx.state
    if state.in_setup:
        raise RuleViolation(
            "SK-SETUP", "every AFV's main-gun rounds must be rolled and split before the first card"
        )
    if action.card is not None and ctx.seat != UMPIRE:
        raise RuleViolation("SK-DRAW", "only the umpire records a card drawn from a physical deck")
    if state.card is not None and ctx.seat not in (UMPIRE, state.card.side):
        raise RuleViolation(
            "SK-DRAW",
            f"{state.scenario.side_name(state.card.side)} is playing the card in play and "
            "draws the next one",
        )
    if not state.left:
        turns = state.scenario.turns
        if turns is not None and state.turn >= turns:
            ctx.emit(GameEnded(turn=state.turn))
            return
        ctx.emit(TurnBegan(turn=state.turn + 1, left=live_cards(state)))
        state = ctx.state
        if not state.left:
            ctx.emit(GameEnded(turn=state.turn))
            return
    left = state.left
    result = None
    if action.card is not None:
        if action.card not in left:
            raise InputError("card", f"{action.card!r} is not in the deck")
        chosen = action.card
    elif len(left) == 1:
        chosen = left[0]
    else:
        result = ctx.roll(checks.card_draw([state.card_of(c).side for c in left]))
        chosen = left[result.natural - 1]
    card = state.card_of(chosen)
    number = state.drawn + 1
    ctx.emit(
        CardDrawn(
            card=chosen,
            side=card.side,
            holder=card.holder,
            number=number,
            result=result,
            side_name=state.scenario.side_name(card.side),
        )
    )
    if card.holder in ctx.state.vehicles:
        retest(ctx, card.holder)
    move_side(ctx, card.side)
    release(ctx)  # AFV-MORALE-04: an AFV that drove off the table no longer holds anyone


def next_card_odds(state: AfvState) -> dict[str, tuple[int, int]]:
    """Per side: (its cards left, cards left), the exact odds of the next card being its."""
    total = len(state.left)
    out: dict[str, tuple[int, int]] = {}
    for side in state.scenario.side_ids:
        mine = sum(1 for c in state.left if state.card_of(c).side == side)
        out[side] = (mine, total)
    return out


# -- folding ------------------------------------------------------------------------------------


def _drawn(state: AfvState, e: CardDrawn) -> AfvState:
    card = InPlay(card=e.card, number=e.number, side=e.side, holder=e.holder)
    left = tuple(c for c in state.left if c != e.card)
    return replace(state, card=card, left=left, drawn=e.number)


def _turn(state: AfvState, e: TurnBegan) -> AfvState:
    return replace(state, turn=e.turn, left=e.left, card=None)


def take_card(ctx: Ctx, action: TakeCard) -> None:
    state = ctx.state
    if action.unit not in state.scenario.unit_index:
        raise InputError("unit", f"no crew or team {action.unit!r}")
    side = state.unit(action.unit).side
    may_order(ctx.seat, side, action.unit)
    card = card_for(state, action.unit, side)
    if card.holder is not None:
        raise RuleViolation("SK-CARD", f"the card in play is already {action.unit}'s")
    if not state.unit_active(action.unit):
        raise RuleViolation("SK-STATUS", f"{action.unit} has no one left fit to act")
    ctx.emit(FreeMoveGiven(card=card.card, unit=action.unit))


TOPIC = Topic(
    __name__,
    performers=(
        performer(Draw, draw),
        performer(TakeCard, take_card),
    ),
    appliers=(
        applier(CardDrawn, _drawn),
        applier(TurnBegan, _turn),
        applier(GameEnded, lambda state, _: replace(state, over=True, card=None)),
    ),
)
