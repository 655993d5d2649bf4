"""Blinds: spotting them (CHQ-DEFAULT-SPOT, ABL-RECON-01..03) and deploying from them.

A Blind's units are known only to its side (and the umpire) until it is spotted or deploys. An
activated Command Group makes one spotting attempt with a unit that is not recon; every recon unit
of the group may make its own, at the same or another Blind (ABL-RECON-03). A recon unit spots at
-1 TN only when deployed on the table, not from inside a Blind (ABL-RECON-01/02). A recon
unit's activation may spot, move, or both (ABL-RECON-08: no restriction to enforce).

A Blind's units are activated with it (CHQ-ACT); a Blind that deploys in its activation places
its units on the table as members of its Command Group, which go on with the moves it has left.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.seats import only
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.activity import acting, after_rally
from kriegsspiel.rulesets.abilities.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    blind,
    own_unit,
    performer,
)
from kriegsspiel.rulesets.abilities.sight import band_of, bands, in_cover, line_of_sight
from kriegsspiel.rulesets.abilities.state import AblState, Point, with_act

# -- actions --------------------------------------------------------------------------------------


class Spot(Act, frozen=True, tag="spot"):
    """A unit of the activated group tries to spot an enemy Blind."""

    unit: str
    blind: str


class Deploy(Act, frozen=True, tag="deploy"):
    """An activated Blind reveals its units where they stand; they act on in its activation."""

    blind: str


# -- events ---------------------------------------------------------------------------------------


class SpotAttempted(Ev, frozen=True, tag="spot-attempted"):
    """A spotting attempt; a unit on the table that made it has used it (ABL-RECON-03)."""

    spotter: str  # the unit, or the Blind hiding it (whose unit `SpotCounted` names)
    blind: str
    notes: tuple[str, ...]
    result: CheckResult

    def text(self) -> str:
        how = "; ".join(self.notes)
        return f"{self.spotter} tries to spot {self.blind} ({how}): {self.result.explain()}"

    def summary(self) -> str | None:
        return None if self.result.outcome == "spotted" else f"{self.blind} not spotted"


class BlindRevealed(Ev, frozen=True, tag="blind-revealed"):
    """The Blind's units are placed on the table: now everyone sees them (empty: a dummy)."""

    blind: str
    units: dict[str, Point]
    types: dict[str, str]
    facings: dict[str, float]
    spotted: bool

    def text(self) -> str:
        how = "is spotted" if self.spotted else "deploys"
        if not self.units:
            return f"{self.blind} {how}: it was a dummy Blind"
        inside = ", ".join(f"{u} ({self.types[u]})" for u in self.units)
        return f"{self.blind} {how}: {inside}"

    def summary(self) -> str:
        """Not what it held: the odds of a spotting attempt are over what the spotter knows."""
        return f"{self.blind} {'spotted' if self.spotted else 'deployed'}"


class SpotCounted(Ev, frozen=True, tag="spot-counted"):
    """For the owner and the umpire: which unit hidden in a Blind made its spotting attempt."""

    unit: str
    member: str
    recon: bool

    def text(self) -> str:
        return f"{self.unit}, hidden in {self.member}, made that spotting attempt"

    def summary(self) -> None:
        return None


# -- performing -----------------------------------------------------------------------------------


def spot(ctx: Ctx, action: Spot) -> None:
    state = ctx.state
    own_unit(state, ctx.seat, action.unit)
    hidden_in = state.units[action.unit].blind
    member = hidden_in or action.unit
    act = acting(state, ctx.seat, member, "spot")
    after_rally(state, member, act, "spot")
    activation = state.activation
    assert activation is not None
    line = state.line(action.unit)
    recon = line.has("recon")
    name = state.label(action.unit)
    blind(state, action.blind)
    target = state.blinds[action.blind]
    if target.side == state.specs[action.unit].side:
        raise RuleViolation("CHQ-BLIND", f"{action.blind} is a friendly Blind")
    if action.unit in activation.spotters:
        raise RuleViolation("ABL-RECON-03", f"{name} has already tried to spot in this activation")
    if not recon and activation.group_spot:
        raise RuleViolation(
            "ABL-RECON-03",
            "the Command Group has made its spotting attempt; only its recon units may try again",
        )
    frm = state.where(member)
    if not line_of_sight(state, frm, target.position):
        raise RuleViolation("CHQ-LOS", f"{name} has no line of sight to {action.blind}")
    band = band_of(bands(state.tables.ranges), distance(frm, target.position))
    if band is None:
        raise RuleViolation("CHQ-DEFAULT-SPOT", f"{action.blind} is beyond long range")
    tn, notes = checks.spot_tn(
        state.tables,
        cover=in_cover(state, target.position),
        long_range=band == "long",
        recon=recon and hidden_in is None,
    )
    if recon and hidden_in is not None:
        notes = (*notes, "no recon bonus from inside a Blind (ABL-RECON-02)")
    result = ctx.roll(checks.spot(state.tables, tn))
    spotter = hidden_in or action.unit  # a hidden spotter is shown as its Blind
    ctx.emit(SpotAttempted(spotter=spotter, blind=action.blind, notes=notes, result=result))
    if hidden_in is not None:
        side = state.specs[action.unit].side
        ctx.emit(SpotCounted(unit=action.unit, member=member, recon=recon), only(side))
    if result.outcome == "spotted":
        reveal(ctx, action.blind, spotted=True)


def deploy(ctx: Ctx, action: Deploy) -> None:
    state = ctx.state
    act = acting(state, ctx.seat, action.blind, "deploy")
    after_rally(state, action.blind, act, "deploy")
    if action.blind not in state.blinds:
        raise RuleViolation("CHQ-BLIND", f"{state.label(action.blind)} is not a Blind")
    reveal(ctx, action.blind, spotted=False)


def reveal(ctx: Ctx, blind_id: str, spotted: bool) -> None:
    state = ctx.state
    inside = state.blind_units(blind_id)
    ctx.emit(
        BlindRevealed(
            blind=blind_id,
            units={u: state.units[u].position for u in inside},
            types={u: state.specs[u].type for u in inside},
            facings={u: state.units[u].facing for u in inside},
            spotted=spotted,
        )
    )


# -- folding --------------------------------------------------------------------------------------


def count_spot(state: AblState, unit: str, member: str, recon: bool) -> AblState:
    """ABL-RECON-03: `unit` (in the group as `member`) has made its spotting attempt; unless
    recon, the group's one attempt."""
    activation = state.activation
    assert activation is not None
    activation = replace(
        activation,
        spotters=(*activation.spotters, unit),
        group_spot=activation.group_spot or not recon,
    )
    state = replace(state, activation=activation)
    return with_act(state, member, replace(activation.acts[member], spotted=True))


def _attempted(state: AblState, e: SpotAttempted) -> AblState:
    if e.spotter in state.blinds:  # a hidden unit: `SpotCounted` says which
        return state
    return count_spot(state, e.spotter, e.spotter, state.line(e.spotter).has("recon"))


def _revealed(state: AblState, e: BlindRevealed) -> AblState:
    """A deploying Blind is done; its units, activated with it (CHQ-ACT), go on as members of
    its Command Group with what the Blind had left of the activation: the moves it spent are
    theirs, and a unit that spotted from inside it has made its attempt (ABL-RECON-03)."""
    activation = state.activation
    units = dict(state.units)
    for u in e.units:
        units[u] = replace(units[u], blind=None)
    blinds = {**state.blinds, e.blind: replace(state.blinds[e.blind], gone=True)}
    if activation is not None and e.blind in activation.acts:
        left = activation.acts[e.blind]
        acts = {**activation.acts, e.blind: replace(left, done=True)}
        acts.update({u: replace(left, spotted=u in activation.spotters) for u in e.units})
        members = (*activation.members, *(u for u in e.units if u not in activation.members))
        activation = replace(activation, acts=acts, members=members)
    return replace(state, units=units, blinds=blinds, activation=activation)


TOPIC = Topic(
    __name__,
    performers=(
        performer(Spot, spot),
        performer(Deploy, deploy),
    ),
    appliers=(
        applier(SpotAttempted, _attempted),
        applier(SpotCounted, lambda state, e: count_spot(state, e.unit, e.member, e.recon)),
        applier(BlindRevealed, _revealed),
    ),
)
