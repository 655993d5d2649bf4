"""Every action a seat might take now (`Ruleset.candidates`), each labelled by display names.

`Game.legal_actions` keeps the candidates `perform` accepts up to its first roll, so this module
only has to be complete (a superset of the legal actions) and cheap: it prunes by who may act
(CF-INIT, CF-REACT), by status (CF-STATUS) and by what each weapon may target before it builds
anything. Every parameter is discrete: units, targets, features, sites and the water grid's
squares (WAT-GRID-01), so no action carries a domain. Two parameters are not spelled out:

- a craft's `pivot` is left to the move (None: the pivot its destination needs, WAT-MOVE-03),
  as every legal pivot towards one destination makes the same move;
- a crew or a disembarking party (`units`) is offered whole (`units` empty) and as every other
  subset that may act, up to `SUBSETS_UP_TO` stands; beyond that only the whole, each stand
  alone, and the whole but one (see `parties`).

Candidates are built from the seat's knowledge, so a hidden enemy unit is never named.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import get_args

from kriegsspiel.core.choices import Candidate
from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.rulesets.waterborne.embark import Board, Disembark
from kriegsspiel.rulesets.waterborne.fire import Fire, IndirectFire, ReactiveFire, stand_dice
from kriegsspiel.rulesets.waterborne.grid import STEP, Cell, add, square_name
from kriegsspiel.rulesets.waterborne.initiative import EndInitiative, Pass
from kriegsspiel.rulesets.waterborne.labels import (
    COMPASS,
    feature_name,
    names,
    side_name,
    site_name,
    where,
)
from kriegsspiel.rulesets.waterborne.movement import Cross, Move
from kriegsspiel.rulesets.waterborne.pontoons import Work, able, busy, labour, usable
from kriegsspiel.rulesets.waterborne.rally import Rally
from kriegsspiel.rulesets.waterborne.sailing import MoveCraft
from kriegsspiel.rulesets.waterborne.scenario import INDIRECT
from kriegsspiel.rulesets.waterborne.state import CraftState, CraftStatus, Status, WatState
from kriegsspiel.rulesets.waterborne.targets import targetable
from kriegsspiel.rulesets.waterborne.umpire import EndGame, Reveal, SetStatus

SUBSETS_UP_TO = 6  # stands in a pool whose every subset is offered (2^6 - 1 = 63 at most)
STAND_STATUSES: tuple[Status, ...] = get_args(Status)
CRAFT_STATUSES: tuple[CraftStatus, ...] = get_args(CraftStatus)
UNABLE = ("pinned", "suppressed")  # CF-STATUS: may not move, board or get off
Target = tuple[str, str]  # an id, and its name with where it is


def candidates(state: WatState, seat: str) -> list[Candidate]:
    """CF-INIT, CF-REACT: the phasing side acts while no move awaits reactive fire; the other
    side may fire reactively at any time (and pass a move); the umpire may do either, and
    record what the engine does not resolve."""
    if seat == PUBLIC:
        return []
    out: list[Candidate] = []
    if not state.over:
        for side in state.scenario.side_ids if seat == UMPIRE else (seat,):
            if side == state.phasing and state.window is None:
                out += _phasing(state, side)
            elif side == state.other:
                out += _reactive(state, side)
    if seat == UMPIRE:
        out += _umpire(state)
    return out


# -- targets --------------------------------------------------------------------------------------


def _direct_targets(state: WatState, side: str) -> list[Target]:
    """Enemy stands the side knows of (CF-HIDDEN) that direct fire may target (WAT-FIRE-01,
    CF-APC, CF-VEHICLE-FIRE)."""
    return [
        (u, f"{state.spec(u).label} {where(state, u)}")
        for u, unit in state.units.items()
        if state.spec(u).side != side and unit.revealed and targetable(state, u)
    ]


def _indirect_targets(state: WatState, side: str) -> list[Target]:
    """Enemy stands the side knows of and craft that indirect fire may target (CF-INDIRECT,
    WAT-FIRE-01): not riding inside a craft that is not ignored for combat, nor craft ignored
    for combat."""
    out: list[Target] = []
    for u, unit in state.units.items():
        if state.spec(u).side == side or unit.status == "killed" or not unit.revealed:
            continue
        if unit.aboard is None or state.craft[unit.aboard].spec.ignored_for_combat:
            out.append((u, f"{state.spec(u).label} {where(state, u)}"))
    for c, boat in state.craft.items():
        if boat.side != side and boat.status != "lost" and not boat.spec.ignored_for_combat:
            out.append((c, f"{boat.name} in {feature_name(state, boat.feature)}"))
    return out


def _he_sites(state: WatState, side: str) -> list[Target]:
    """Enemy pontoon sites HE may attack (WAT-PONTOON-10; a launched ferry is a craft)."""
    return [
        (s, site_name(state, s))
        for s, spec in state.board.sites.items()
        if spec.side != side and not (spec.kind == "ferry" and state.sites[s].ready)
    ]


# -- the phasing side -----------------------------------------------------------------------------


def _phasing(state: WatState, side: str) -> list[Candidate]:
    k = state.initiative
    out = [Candidate(EndInitiative(), f"{side_name(state, side)} ends its initiative")]
    direct = _direct_targets(state, side)
    indirect = _indirect_targets(state, side)
    sites = _he_sites(state, side)
    for u, unit in state.units.items():
        spec = state.spec(u)
        if spec.side != side or unit.status == "killed":
            continue
        name = spec.label
        if unit.status in UNABLE:
            out.append(Candidate(Rally(u), f"{name} tries to rally ({unit.status})"))
        if unit.aboard is not None:
            continue  # CF-APC: passengers neither move nor fire
        if unit.status not in UNABLE:
            out += _stand_moves(state, u, name)
        if unit.status == "suppressed" or unit.fired_in == k:
            continue
        if stand_dice(spec) > 0:
            out += [Candidate(Fire(u, t), f"{name} fires at {label}") for t, label in direct]
        if spec.he:
            out += [Candidate(Fire(u, s), f"{name} fires HE at {label}") for s, label in sites]
        if INDIRECT in spec.traits and spec.eff:
            out += [
                Candidate(IndirectFire(u, t), f"{name} calls indirect fire on {label}")
                for t, label in indirect
            ]
    for c, boat in state.craft.items():
        if boat.side == side and boat.status != "lost":
            out += _craft(state, c, boat, direct, sites)
    out += _works(state, side)
    return out


def _stand_moves(state: WatState, unit_id: str, name: str) -> list[Candidate]:
    """CF-MOVE to a feature next to it, WAT-PONTOON-09 over an open bridge, WAT-EMBARK-01
    aboard a craft of its side where it stands."""
    board = state.board
    unit = state.units[unit_id]
    here = unit.place
    assert here is not None
    side = state.spec(unit_id).side
    frm = feature_name(state, here)
    out = [
        Candidate(Move(unit_id, to), f"{name} moves from {frm} to {feature_name(state, to)}")
        for to in sorted(board.links.get(here, ()))
    ]
    for s, spec in board.sites.items():
        if spec.kind != "bridge" or not usable(state, s):
            continue
        far = board.site_far_bank(s)
        if here in (s, spec.bank, far):
            to = spec.bank if here == far else far
            assert to is not None
            label = f"{name} crosses {site_name(state, s)} to {feature_name(state, to)}"
            out.append(Candidate(Cross(unit_id, s), label))
    for c, boat in state.craft.items():
        if boat.side == side and boat.status != "lost" and boat.feature == here:
            out.append(Candidate(Board(unit_id, c), f"{name} boards {boat.name} at {frm}"))
    return out


def _craft(
    state: WatState, craft_id: str, boat: CraftState, direct: list[Target], sites: list[Target]
) -> list[Candidate]:
    """A craft of the phasing side: rally, get off, fire once landed, move."""
    k = state.initiative
    if boat.status == "suppressed":
        return [Candidate(Rally(craft_id), f"{boat.name} tries to rally (suppressed)")]
    out: list[Candidate] = []
    water = state.in_water(craft_id)
    if not water:
        out += _disembarks(state, craft_id, boat)
        if boat.fired_in != k:  # CF-CRAFT-FIRE: only landed craft fire
            if boat.spec.dice or boat.spec.he:
                out += [
                    Candidate(Fire(craft_id, t), f"{boat.name} fires at {label}")
                    for t, label in direct
                ]
            if boat.spec.he:
                out += [
                    Candidate(Fire(craft_id, s), f"{boat.name} fires HE at {label}")
                    for s, label in sites
                ]
    if boat.moved_in != k and boat.loaded_in != k:  # WAT-MOVE-01, AMB-WAT-13
        out += _craft_moves(state, craft_id, boat, water)
    return out


def _craft_moves(state: WatState, craft_id: str, boat: CraftState, water: bool) -> list[Candidate]:
    """WAT-MOVE-01..04: one square straight ahead after any pivot, or landing on the shore
    next to its square; from a bank, into a square it touches; on land, amphibious craft drive
    to a feature next to theirs (AMB-WAT-06)."""
    board = state.board
    grid = board.grid
    out: list[Candidate] = []
    if boat.cell is not None:  # in its square, or touching the bank beyond one
        starts = [boat.cell]
    else:  # on a bank at no particular square: any square the bank touches (or inland: none)
        edge = board.shore_edge(boat.feature)
        spec = board.land.get(boat.feature)
        span = board.span(spec) if edge is not None and spec is not None else range(0)
        starts = [grid.beyond(edge, along) for along in span] if edge is not None else []
    bank = feature_name(state, boat.feature)
    for start in starts:
        for heading, step in STEP.items():
            target: Cell = add(start, step)
            if grid.inside(target):
                square = f"square {square_name(target)}"
                how = f"moves {COMPASS[heading]}" if water else f"puts out from {bank}"
                label = f"{boat.name} {how} to {square}"
                out.append(Candidate(MoveCraft(craft_id, square=target), label))
            elif water and (shore := board.shore_at(target)) is not None:
                label = f"{boat.name} lands on {feature_name(state, shore)}"
                out.append(Candidate(MoveCraft(craft_id, land=shore), label))
    if not water and boat.spec.amphibious:
        out += [
            Candidate(
                MoveCraft(craft_id, land=to), f"{boat.name} drives to {feature_name(state, to)}"
            )
            for to in sorted(board.links.get(boat.feature, ()))
            if to in board.land
        ]
    return out


def _disembarks(state: WatState, craft_id: str, boat: CraftState) -> list[Candidate]:
    """WAT-EMBARK-01..04: everyone gets off; from an amphibious craft, any party that may
    (not pinned or suppressed, not boarded this initiative) instead."""
    aboard = state.passengers(craft_id)
    if not aboard:
        return []
    at = feature_name(state, boat.feature)
    everyone = names([state.spec(u).label for u in aboard])
    out = [
        Candidate(Disembark(craft_id), f"everyone aboard {boat.name} gets off at {at}: {everyone}")
    ]
    if not boat.spec.amphibious:
        return out  # WAT-EMBARK-04: all together
    k = state.initiative
    free = [
        u for u in aboard if state.units[u].embarked_in != k and state.units[u].status not in UNABLE
    ]
    for party in parties(free):
        if len(party) == len(aboard):
            continue  # the whole load: offered above
        who = names([state.spec(u).label for u in party])
        verb = "gets" if len(party) == 1 else "get"
        out.append(Candidate(Disembark(craft_id, party), f"{who} {verb} off {boat.name} at {at}"))
    return out


def _works(state: WatState, side: str) -> list[Candidate]:
    """WAT-PONTOON-01..06: a crew at each of the side's sites that still needs work."""
    k = state.initiative
    taken = busy(state)
    out: list[Candidate] = []
    for s, spec in state.board.sites.items():
        site = state.sites[s]
        if spec.side != side or site.attempt_in == k:
            continue
        if site.completed_in is not None and site.damage == 0:
            continue  # finished (or opening next initiative): nothing to do
        pool = able(state, s, side, taken)
        if not any(labour(state, u) == "engineer" for u in pool):
            continue  # WAT-PONTOON-01
        repair = site.completed_in is not None  # AMB-WAT-17
        at = site_name(state, s)
        whole = names([state.spec(u).label for u in pool])
        out.append(Candidate(Work(s), f"{whole} {_task(repair, len(pool))} {at} (the whole crew)"))
        for party in parties(list(pool)):
            if len(party) == len(pool) or not any(labour(state, u) == "engineer" for u in party):
                continue
            who = names([state.spec(u).label for u in party])
            out.append(Candidate(Work(s, party), f"{who} {_task(repair, len(party))} {at}"))
    return out


def _task(repair: bool, crew: int) -> str:
    if repair:
        return "repairs" if crew == 1 else "repair"
    return "works on" if crew == 1 else "work on"


def parties(pool: list[str]) -> Iterator[tuple[str, ...]]:
    """The parties offered from a pool of stands, largest first: every non-empty subset up to
    `SUBSETS_UP_TO` stands; beyond, the whole, the whole but one, and each stand alone."""
    if len(pool) <= SUBSETS_UP_TO:
        for size in range(len(pool), 0, -1):
            yield from combinations(pool, size)
        return
    yield tuple(pool)
    for i in range(len(pool)):
        yield (*pool[:i], *pool[i + 1 :])
    for u in pool:
        yield (u,)


# -- the other side -------------------------------------------------------------------------------


def _reactive(state: WatState, side: str) -> list[Candidate]:
    """CF-REACT, CF-NOFIRE: direct fire by stands and landed craft without a No Fire marker,
    at a moving stand or any other; and passing a move that awaits reactive fire."""
    out: list[Candidate] = []
    window = state.window
    movers = set(window.movers) if window is not None else set()
    if window is not None:
        moved = names([state.spec(m).label for m in window.movers if m in state.units])
        label = f"{side_name(state, side)} lets {moved} move on without more reactive fire"
        out.append(Candidate(Pass(), label))
    targets = sorted(_direct_targets(state, side), key=lambda t: t[0] not in movers)
    targets = [(t, f"{label}{', moving' if t in movers else ''}") for t, label in targets]
    shooters: list[tuple[str, str]] = []
    for u, unit in state.units.items():
        spec = state.spec(u)
        if (
            spec.side == side
            and unit.aboard is None
            and unit.status not in ("killed", "suppressed")
            and not unit.no_fire
            and stand_dice(spec) > 0
        ):
            shooters.append((u, spec.label))
    for c, boat in state.craft.items():
        if (
            boat.side == side
            and boat.status == "ok"
            and not boat.no_fire
            and not state.in_water(c)
            and (boat.spec.dice or boat.spec.he)
        ):
            shooters.append((c, boat.name))
    for u, name in shooters:
        out += [
            Candidate(ReactiveFire(u, t), f"{name} fires reactively at {label}")
            for t, label in targets
        ]
    return out


# -- the umpire -----------------------------------------------------------------------------------


def _umpire(state: WatState) -> list[Candidate]:
    """The umpire's own record: results the engine does not resolve, spotting (CF-HIDDEN), and
    the end of the game."""
    out: list[Candidate] = []
    if not state.over:
        out.append(Candidate(EndGame(), "the umpire ends the game"))
    for u, unit in state.units.items():
        name = state.spec(u).label
        if not unit.revealed:
            out.append(Candidate(Reveal(u), f"the umpire rules that {name} is spotted"))
        out += [
            Candidate(SetStatus(u, status), f"the umpire records {name} as {status}")
            for status in STAND_STATUSES
        ]
    for c, boat in state.craft.items():
        out += [
            Candidate(SetStatus(c, status), f"the umpire records {boat.name} as {status}")
            for status in CRAFT_STATUSES
        ]
    return out
