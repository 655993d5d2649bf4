"""Minefield passage: who rolls (ENG-MINE-14, AMB-ENG-09), the roll with every modifier
(ENG-MINE-01..09), dummy fields (ENG-MINE-28..30, AMB-ENG-12), what a roll reveals
(ENG-MINE-25, AMB-ENG-13), lanes (ENG-MINE-04, -33..38, AMB-ENG-14) and the effect on the unit.

Who sees what: a side that knows the section sees the roll (at a table the player rolls with the
modifiers the umpire gives); a side that does not sees nothing unless mines go off, and then only
what happened and where the section is. With `umpire_passage_rolls` the umpire alone sees every
roll and the players hear the outcome, a dummy always "traversed" (ENG-MINE-30).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from msgspec.structs import replace

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.seats import EVERYONE, only
from kriegsspiel.core.tables import BandTable
from kriegsspiel.rulesets.engineering.base import Ctx, Ev, Topic, applier
from kriegsspiel.rulesets.engineering.footprints import Footprint, is_vehicle, mobility
from kriegsspiel.rulesets.engineering.obstacles.features import knows
from kriegsspiel.rulesets.engineering.obstacles.obstacle_checks import (
    mine_passage,
    mixed_passage,
    parts_of,
)
from kriegsspiel.rulesets.engineering.obstacles.obstacle_state import (
    DENSITIES,
    LaneKind,
    Minefield,
    MineLane,
)
from kriegsspiel.rulesets.engineering.play.fire import hit
from kriegsspiel.rulesets.engineering.scenario import ENGINEER, EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point

# -- events ---------------------------------------------------------------------------------------


class PassageRolled(Ev, frozen=True, tag="passage-rolled"):
    """A passage roll (two for a vehicle in a mixed field, AMB-ENG-09) and its outcome."""

    unit: str
    section: str
    results: tuple[CheckResult, ...]
    outcome: str

    def summary(self) -> str:
        return f"{self.unit} in minefield {self.section}: {self.outcome}"

    def text(self) -> str:
        rolls = "; ".join(r.explain() for r in self.results)
        worse = f"; the worse counts: {self.outcome} (AMB-ENG-09)" if len(self.results) > 1 else ""
        return f"{self.unit} in minefield {self.section}: {rolls}{worse}"


class PassageReported(Ev, frozen=True, tag="passage-reported"):
    """The outcome alone: of the umpire's secret roll (ENG-MINE-30), or of mines a unit did not
    know were there going off under it (ENG-MINE-25)."""

    unit: str
    section: str
    outcome: str
    surprise: bool = False

    def summary(self) -> str:
        return f"{self.unit} in minefield {self.section}: {self.outcome}"

    def text(self) -> str:
        if self.surprise:
            return f"mines go off under {self.unit} in {self.section}: {self.outcome} (ENG-MINE-25)"
        return f"{self.unit}'s passage of minefield {self.section}: {self.outcome} (ENG-MINE-30)"


class PassageFree(Ev, frozen=True, tag="passage-free"):
    """No roll is needed: an AT field for a non-vehicle (ENG-MINE-14), a cleared lane (-38)."""

    unit: str
    section: str
    rule: str
    reason: str

    def summary(self) -> str:
        return f"{self.unit} in minefield {self.section}: traverse"

    def text(self) -> str:
        reason = f"{self.reason} ({self.rule})"
        return f"{self.unit} passes minefield {self.section} without a roll: {reason}"


class MinefieldFound(Ev, frozen=True, tag="minefield-found"):
    """A side learns where a section is: mines went off (AMB-ENG-13) or it spotted a surface
    field (ENG-MINE-27). Only its position and size, not its type or density."""

    section: str
    side: str
    footprint: Footprint | None
    how: str
    side_name: str = ""  # as the scenario names the side

    def text(self) -> str:
        rules = {"mines went off": "AMB-ENG-13", "spotted": "ENG-MINE-27", "flailed": "ENG-MINE-41"}
        rule = rules.get(self.how, "")
        who = self.side_name or self.side
        return f"{who} finds a minefield, {self.section} ({self.how}; {rule})"


class DummyRevealed(Ev, frozen=True, tag="dummy-revealed"):
    """ENG-MINE-29: seen by all, the field was a dummy and is removed; the unit is unharmed."""

    section: str

    def text(self) -> str:
        return f"minefield {self.section} is revealed as a dummy and removed (ENG-MINE-29)"


class MinesStruck(Ev, frozen=True, tag="mines-struck"):
    """Seen by all: the unit is disordered or knocked out by mines."""

    unit: str
    outcome: str
    rule: str = "ENG-MINE-01"

    def text(self) -> str:
        return f"{self.unit} is {self.outcome} by mines ({self.rule})"


class LaneMade(Ev, frozen=True, tag="lane-made"):
    """A traversed path, a marked lane or a cleared lane through a section, for its side."""

    lane: MineLane
    side_name: str = ""  # as the scenario names the lane's side

    def text(self) -> str:
        lane = self.lane
        what = {"path": "a traversed path", "marked": "a marked lane", "cleared": "a cleared lane"}
        who = self.side_name or lane.side
        return f"{who} has {what[lane.kind]} through {lane.section}, {lane.id} ({lane.rule})"


# -- the roll -------------------------------------------------------------------------------------


def passage_check(
    state: EngState,
    tables: Mapping[str, BandTable],
    spec: EngUnit,
    field: Minefield,
    *,
    lane: bool = False,
    rapid: bool = False,
) -> Check | None:
    """The roll a unit makes in a section, or None if it does not roll (ENG-MINE-14: only
    vehicles roll in AT fields). A dummy is a surface-laid, normal-density mixed field
    (ENG-MINE-13, -28). Troops roll once against the AP mines; a vehicle in a mixed field rolls
    against each component and takes the worse, with `mixed_single_roll` once against the denser
    (AMB-ENG-09). The tracked vehicle bonus is for AP mines only (ENG-MINE-05)."""
    at, ap = ("normal", "normal") if field.dummy else (field.at, field.ap)
    laid = "surface" if field.dummy else field.laid
    common: dict[str, Any] = {
        "lane": lane,
        "dr": spec.dr,
        "engineer": ENGINEER in spec.traits,
        "rapid": rapid,
    }
    tracked = mobility(spec) == "tracked"
    if not is_vehicle(spec):
        return None if ap is None else mine_passage(tables, ap, laid, **common)
    if at is not None and ap is not None:
        if state.scenario.options.mixed_single_roll:
            denser = max(at, ap, key=DENSITIES.index)
            return mine_passage(tables, denser, laid, **common)
        return mixed_passage(
            mine_passage(tables, at, laid, **common),
            mine_passage(tables, ap, laid, tracked_in_ap=tracked, **common),
        )
    if ap is not None:
        return mine_passage(tables, ap, laid, tracked_in_ap=tracked, **common)
    assert at is not None
    return mine_passage(tables, at, laid, **common)


class Passage(NamedTuple):
    outcome: str  # what applies to the unit: "traverse" without a roll or through a dummy
    rolled: bool


def attempt(
    ctx: Ctx, spec: EngUnit, section: str, *, lane: MineLane | None = None, rapid: bool = False
) -> Passage:
    """One unit's attempt to pass one section: roll, report to whom may know, handle dummies and
    reveal mines that go off."""
    state = ctx.state
    field = state.minefields[section]
    aware = knows(spec.side, field)
    seen = only(spec.side, field.side) if aware else only(field.side)
    if lane is not None and lane.kind == "cleared":
        free = PassageFree(
            unit=spec.id, section=section, rule="ENG-MINE-38", reason="a cleared lane"
        )
        ctx.emit(free, seen)
        return Passage("traverse", rolled=False)
    lane_bonus = lane is not None  # ENG-MINE-04: a traversed path or a marked lane
    check = passage_check(state, ctx.tables, spec, field, lane=lane_bonus, rapid=rapid)
    if check is None:
        reason = "only vehicles roll in an AT field"
        ctx.emit(
            PassageFree(unit=spec.id, section=section, rule="ENG-MINE-14", reason=reason), seen
        )
        return Passage("traverse", rolled=False)
    secret = state.scenario.options.umpire_passage_rolls
    # ENG-MINE-25, -30: a roll the mover may not know happens, or the umpire's secret roll
    result = ctx.roll(check, secret=secret or not knows(ctx.seat, field))
    parts = tuple(p.resolve([f]) for p, f in zip(parts_of(check), result.faces, strict=True))
    told = "traverse" if field.dummy and secret else result.outcome  # ENG-MINE-30
    rolled = PassageRolled(unit=spec.id, section=section, results=parts, outcome=result.outcome)
    ctx.emit(rolled, only() if secret else seen)
    if secret:
        ctx.emit(PassageReported(unit=spec.id, section=section, outcome=told), seen)
    if told == "traverse":
        return Passage("traverse", rolled=True)
    if field.dummy:  # ENG-MINE-29, AMB-ENG-12: any other result exposes it; the unit goes on
        ctx.emit(DummyRevealed(section=section), EVERYONE)
        return Passage("traverse", rolled=True)
    if not aware:  # ENG-MINE-25, AMB-ENG-13: mines went off; now the side knows where
        report = PassageReported(unit=spec.id, section=section, outcome=told, surprise=True)
        ctx.emit(report, only(spec.side))
        found = MinefieldFound(
            section=section,
            side=spec.side,
            footprint=field.footprint,
            how="mines went off",
            side_name=ctx.state.scenario.side_name(spec.side),
        )
        ctx.emit(found, only(spec.side, field.side))
    return Passage(told, rolled=True)


def strike(ctx: Ctx, spec: EngUnit, outcome: str, rule: str = "ENG-MINE-01") -> None:
    """The passage result on the unit: disordered or knocked out; halted only stops it."""
    if outcome in ("disordered", "knocked-out"):
        ctx.emit(MinesStruck(unit=spec.id, outcome=outcome, rule=rule))


# -- lanes ----------------------------------------------------------------------------------------


def lanes_of(state: EngState, side: str, section: str) -> list[MineLane]:
    return [
        lane for lane in state.mine_lanes.values() if lane.section == section and lane.side == side
    ]


def make_lane(
    ctx: Ctx, section: str, side: str, kind: LaneKind, at: Point | None, rule: str
) -> MineLane:
    """A lane for `side` through `section`, numbered among that side's lanes there; one vehicle
    wide (AMB-ENG-14: option `lane_width`). Known to its side and to the field's owner."""
    state = ctx.state
    n = len(lanes_of(state, side, section)) + 1
    lane = MineLane(
        id=f"{section}/{side}-{n}",
        section=section,
        side=side,
        kind=kind,
        at=at,
        width=state.scenario.options.lane_width,
        depth=fp.depth if (fp := state.minefields[section].footprint) else 1.0,
        rule=rule,
    )
    made = LaneMade(lane=lane, side_name=state.scenario.side_name(side))
    ctx.emit(made, only(side, state.minefields[section].side))
    return lane


# -- folding --------------------------------------------------------------------------------------


def _found(state: EngState, e: MinefieldFound) -> EngState:
    field = state.minefields[e.section]
    field = replace(field, known_to=tuple(sorted({*field.known_to, e.side})))
    return replace(state, minefields={**state.minefields, field.id: field})


def _dummy_revealed(state: EngState, e: DummyRevealed) -> EngState:
    fields = {k: v for k, v in state.minefields.items() if k != e.section}
    lanes = {k: v for k, v in state.mine_lanes.items() if v.section != e.section}
    return replace(state, minefields=fields, mine_lanes=lanes)


def _informs(state: EngState, _: Any) -> EngState:
    return state


TOPIC = Topic(
    __name__,
    appliers=(
        applier(PassageRolled, _informs),
        applier(PassageReported, _informs),
        applier(PassageFree, _informs),
        applier(MinefieldFound, _found),
        applier(DummyRevealed, _dummy_revealed),
        applier(MinesStruck, lambda state, e: hit(state, e.unit, e.outcome)),
        applier(
            LaneMade,
            lambda state, e: replace(state, mine_lanes={**state.mine_lanes, e.lane.id: e.lane}),
        ),
    ),
)
