"""Pontoon bridges and ferries (WAT-PONTOON-01..14, WAT-FERRY-01/02).

A side declares a crew at a site during its initiative (`work`); the d6 is rolled when the
initiative ends (WAT-PONTOON-06), counting only the stands that did not move, fire or get
suppressed in it (WAT-PONTOON-04). A finished bridge opens, and a finished ferry is launched as a
Folkestone craft, on the side's next initiative (WAT-PONTOON-09, WAT-FERRY-01/02, AMB-WAT-19).
"""

from __future__ import annotations

from math import ceil

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.memo import Memo
from kriegsspiel.core.tasks import Task
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.base import (
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    own_unit,
    performer,
    phasing,
    reveal,
    site,
)
from kriegsspiel.rulesets.waterborne.board import Board
from kriegsspiel.rulesets.waterborne.kinds import FOLKESTONE, STAND_KINDS
from kriegsspiel.rulesets.waterborne.labels import names
from kriegsspiel.rulesets.waterborne.state import CraftState, SiteState, WatState, with_site

FERRY_CP = 4  # WAT-FERRY-01
INTO_WATER = {"south": 0, "west": 90, "north": 180, "east": 270}  # heading away from a bank


def required_cp(board: Board, site_id: str) -> int:
    """WAT-PONTOON-03: 1 CP per inch of river (AMB-WAT-01); WAT-FERRY-01: a ferry needs 4."""
    if board.sites[site_id].kind == "ferry":
        return FERRY_CP
    return ceil(board.site_width(site_id) - 1e-9)


def usable(state: WatState, site_id: str) -> bool:
    """WAT-PONTOON-09/12: a bridge carries traffic once ready, while it has at most 1 hit."""
    s = state.sites[site_id]
    return s.ready and s.damage <= 1


def labour(state: WatState, unit_id: str) -> str:
    return STAND_KINDS[state.specs[unit_id].kind].labour


# -- actions --------------------------------------------------------------------------------------


class Work(Act, frozen=True, tag="work"):
    """Declare this initiative's construction (or repair) crew at a pontoon site; without
    `units`, every stand of the side at the site that can work now."""

    site: str
    units: tuple[str, ...] = ()


# -- events ---------------------------------------------------------------------------------------


class CrewDeclared(Ev, frozen=True, tag="crew-declared"):
    site: str
    units: tuple[str, ...]

    def text(self) -> str:
        verb = "work" if len(self.units) > 1 else "works"
        return f"{names(list(self.units))} {verb} at {self.site} this initiative (WAT-PONTOON-06)"

    def summary(self) -> str:
        return f"{self.site} crew: {names(list(self.units))}"


class AttemptLapsed(Ev, frozen=True, tag="attempt-lapsed"):
    site: str
    excluded: tuple[str, ...]

    def text(self) -> str:
        return f"{self.site}: no engineer stand is left able to work (WAT-PONTOON-01, -04); no roll"

    def summary(self) -> str:
        return f"{self.site}: no engineer left to work"


class ConstructionRolled(Ev, frozen=True, tag="construction-rolled"):
    site: str
    crew: tuple[str, ...]
    excluded: tuple[str, ...]  # declared, but moved, fired or was suppressed (WAT-PONTOON-04)
    repair: bool
    result: CheckResult

    def text(self) -> str:
        out = f"{self.site}: {self.result.explain()}"
        if self.excluded:
            out += f"; {names(list(self.excluded))} could not count (WAT-PONTOON-04)"
        if self.result.outcome == "success":
            out += "; 1 hit repaired (AMB-WAT-17)" if self.repair else "; 1 CP earned"
        return out

    def summary(self) -> str:
        done = self.result.outcome == "success"
        if self.repair:
            return f"{self.site}: 1 hit repaired" if done else f"{self.site}: not repaired"
        return f"{self.site}: 1 CP earned" if done else f"{self.site}: no CP"


class SiteHit(Ev, frozen=True, tag="site-hit"):
    """WAT-PONTOON-10..12: one HE hit on a bridge or ferry site."""

    site: str
    unit: str

    def text(self) -> str:
        return f"{self.unit}'s HE hits {self.site} (WAT-PONTOON-10)"

    def summary(self) -> str:
        return f"{self.site} hit"


class BridgeReady(Ev, frozen=True, tag="bridge-ready"):
    site: str

    def text(self) -> str:
        return f"the bridge at {self.site} is open to traffic (WAT-PONTOON-09)"

    def summary(self) -> str:
        return f"{self.site} opens"


class FerryLaunched(Ev, frozen=True, tag="ferry-launched"):
    site: str
    craft: str

    def text(self) -> str:
        return f"the ferry {self.craft} at {self.site} is operational (WAT-FERRY-01/02)"

    def summary(self) -> str:
        return f"{self.craft} launched"


# -- performing -----------------------------------------------------------------------------------


def work(ctx: Ctx, action: Work) -> None:
    state = ctx.state
    spec = site(state, action.site)
    phasing(ctx, spec.side, f"work at {spec.id}")
    if ctx.seat not in ("umpire", spec.side):
        raise RuleViolation("SEATS", f"{spec.id} belongs to {state.scenario.side_name(spec.side)}")
    s = state.sites[spec.id]
    if s.ready and (spec.kind == "ferry" or s.damage == 0):
        raise RuleViolation("WAT-PONTOON-06", f"{spec.id} is finished and needs no work")
    if s.work.complete and s.damage == 0:
        raise RuleViolation("WAT-PONTOON-09", f"{spec.id} is finished; it opens next initiative")
    if not s.work.has_room(state.initiative):
        raise RuleViolation(
            "WAT-PONTOON-06", f"{spec.id} already has a crew this initiative (one roll at most)"
        )
    taken = busy(state)
    units = action.units or able(state, spec.id, spec.side, taken)
    if len(set(units)) != len(units):
        raise InputError("units", "name each working stand once")
    for unit_id in units:
        _may_work(ctx, unit_id, spec.id, spec.side, taken)
    if not any(labour(state, u) == "engineer" for u in units):
        raise RuleViolation(
            "WAT-PONTOON-01", "every construction attempt needs at least one engineer stand"
        )
    for unit_id in units:
        reveal(ctx, unit_id)
    ctx.emit(CrewDeclared(site=spec.id, units=units))


def busy(state: WatState) -> set[str]:
    """The stands already in a crew this initiative (WAT-PONTOON-06: one attempt each)."""
    return {u for x in state.sites.values() for u in x.work.workers_in(state.initiative)}


def able(state: WatState, site_id: str, side: str, taken: set[str]) -> tuple[str, ...]:
    """The side's stands at the site that may work now (the default crew)."""
    units = state.units
    return tuple(
        u
        for u in _labour(state, side)
        if units[u].place == site_id and u not in taken and can_count(state, u, site_id)
    )


_LABOUR: Memo[tuple[str, ...]] = Memo()  # by a side's roster


def _labour(state: WatState, side: str) -> tuple[str, ...]:
    """The side's stands that can work on a pontoon at all (WAT-PONTOON-02), in roster order."""
    roster = state.rosters.own[side]
    hit = _LABOUR.get(roster)
    if hit is None:
        specs = state.specs
        hit = tuple(u for u in roster if STAND_KINDS[specs[u].kind].labour != "none")
        _LABOUR.put(roster, hit)
    return hit


def _may_work(ctx: Ctx, unit_id: str, site_id: str, side: str, taken: set[str]) -> None:
    state = ctx.state
    spec = own_unit(ctx, unit_id)
    unit = state.units[unit_id]
    k = state.initiative
    if spec.side != side:
        raise RuleViolation("SEATS", f"{spec.label} is not of {state.scenario.side_name(side)}")
    if unit.place != site_id:
        raise RuleViolation(
            "WAT-PONTOON-05",
            f"{spec.label} is not at {site_id}, beside the river and the pontoon equipment",
        )
    if unit.status == "suppressed" or k in (unit.moved_in, unit.fired_in, unit.suppressed_in):
        raise RuleViolation(
            "WAT-PONTOON-04",
            f"{spec.label} moved, fired or was suppressed this initiative and cannot build",
        )
    if labour(state, unit_id) == "none":
        raise RuleViolation(
            "WAT-PONTOON-02",
            f"{spec.label} is not labour: only engineers and rifle or SMG squads (AMB-WAT-16)",
        )
    if unit_id in taken:
        raise RuleViolation("WAT-PONTOON-06", f"{spec.label} already works at another site")


def can_count(state: WatState, unit_id: str, site_id: str) -> bool:
    """WAT-PONTOON-04/05: still at the site, and neither moved, fired nor was suppressed."""
    unit = state.units[unit_id]
    k = state.initiative
    return (
        unit.place == site_id
        and unit.status not in ("suppressed", "killed")
        and k not in (unit.moved_in, unit.fired_in, unit.suppressed_in)
    )


def resolve_attempts(ctx: Ctx) -> None:
    """WAT-PONTOON-06: at the end of the phasing initiative, one d6 per site with an attempt."""
    state = ctx.state
    for site_id, s in state.sites.items():
        declared = s.work.workers_in(state.initiative)
        if not declared:
            continue
        crew = tuple(u for u in declared if can_count(state, u, site_id))
        excluded = tuple(u for u in declared if u not in crew)
        engineers = sum(labour(state, u) == "engineer" for u in crew)
        if not engineers:
            ctx.emit(AttemptLapsed(site=site_id, excluded=excluded))
            continue
        others = sum(labour(state, u) == "other" for u in crew)
        result = ctx.roll(checks.pontoon_attempt(ctx.tables, engineers, others))
        repair = s.work.complete
        ctx.emit(
            ConstructionRolled(
                site=site_id, crew=crew, excluded=excluded, repair=repair, result=result
            )
        )


def open_ready(ctx: Ctx) -> None:
    """WAT-PONTOON-09, WAT-FERRY-01, AMB-WAT-19: finished sites of the side that now has the
    initiative open (bridges) or launch (ferries): the friendly initiative after the last CP."""
    state = ctx.state
    board = state.board
    for site_id, s in state.sites.items():
        spec = board.sites[site_id]
        if spec.side != state.phasing or s.ready or s.completed_in is None:
            continue
        if s.completed_in >= state.initiative:
            continue
        if spec.kind == "bridge":
            ctx.emit(BridgeReady(site=site_id))
        else:
            ctx.emit(FerryLaunched(site=site_id, craft=spec.ferry_id))


def ferry(board: Board, site_id: str) -> CraftState:
    """WAT-FERRY-02: the operational ferry, a Folkestone craft at the site, facing the water."""
    spec = board.sites[site_id]
    edge = board.shore_edge(site_id)
    assert edge is not None
    return CraftState(
        type=FOLKESTONE,
        side=spec.side,
        name=spec.name or f"ferry at {site_id}",
        feature=spec.bank,
        cell=board.grid.beyond(edge, spec.column),
        heading=INTO_WATER[edge],
    )


def initial(board: Board, site_id: str) -> SiteState:
    """A site as the scenario starts it: `built` CP earned; all of them: finished and in use."""
    spec = board.sites[site_id]
    required = required_cp(board, site_id)
    work = Task(site_id, spec.kind, spec.name, spec.side, required, measure="points")
    work = work.set_progress(spec.built, turn=0)
    return SiteState(work=work, ready=work.complete)


def involved(state: WatState, site_id: str) -> list[str]:
    """WAT-PONTOON-13: the stands involved in the construction effort: at the site, having
    worked on it."""
    worked = set(state.sites[site_id].work.contributors)
    return [
        u
        for u, unit in state.units.items()
        if unit.place == site_id and u in worked and unit.status != "killed"
    ]


# -- folding --------------------------------------------------------------------------------------


def _crew(state: WatState, e: CrewDeclared) -> WatState:
    """The initiative's attempt, its points to come from the roll (WAT-PONTOON-06)."""
    s = state.sites[e.site]
    first, *others = e.units
    work = s.work.contribute(first, state.initiative, 0, tuple(others))
    return with_site(state, e.site, replace(s, work=work))


def _rolled(state: WatState, e: ConstructionRolled) -> WatState:
    s = state.sites[e.site]
    if e.result.outcome != "success":
        return state
    if e.repair:
        return with_site(state, e.site, replace(s, damage=max(s.damage - 1, 0)))  # AMB-WAT-17
    return with_site(state, e.site, replace(s, work=s.work.credit(1)))


def _site_hit(state: WatState, e: SiteHit) -> WatState:
    """WAT-PONTOON-11/12, AMB-WAT-17/20: a hit while building removes a CP (never below 0);
    on a finished bridge it is damage."""
    s = state.sites[e.site]
    if s.work.complete and state.board.sites[e.site].kind == "bridge":
        s = replace(s, hits=s.hits + 1, damage=s.damage + 1)
    else:
        s = replace(s, hits=s.hits + 1, work=s.work.set_progress(s.work.progress - 1))
    return with_site(state, e.site, s)


def _launched(state: WatState, e: FerryLaunched) -> WatState:
    state = with_site(state, e.site, replace(state.sites[e.site], ready=True))
    return replace(state, craft={**state.craft, e.craft: ferry(state.board, e.site)})


TOPIC = Topic(
    __name__,
    performers=(performer(Work, work),),
    appliers=(
        applier(CrewDeclared, _crew),
        applier(
            AttemptLapsed,
            lambda state, _: state,  # the attempt stays on record, having earned nothing
        ),
        applier(ConstructionRolled, _rolled),
        applier(SiteHit, _site_hit),
        applier(
            BridgeReady,
            lambda state, e: with_site(state, e.site, replace(state.sites[e.site], ready=True)),
        ),
        applier(FerryLaunched, _launched),
    ),
)
