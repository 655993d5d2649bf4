"""Every action a seat might take now (`Ruleset.candidates`), each labelled by display names.

`Game.legal_actions` keeps the candidates `perform` accepts up to its first roll, so this module
only has to be complete (a superset of the legal actions) and cheap: it prunes by who may act
(CF-INIT, CF-REACT), by status (CF-STATUS) and by what each weapon may target before it builds
anything. Every parameter is discrete: units, targets, features, sites and the water grid's
squares (WAT-GRID-01). Where one unit has several of them, one candidate stands for all, with a
choice domain of the others: a firer's targets, a stand's destinations and craft to board, a
craft's squares and drives, a crew's or a load's parties, the umpire's statuses. Each option
passes every rule that depends on it (the predicates below mirror the performers' checks), so
it is legal whenever the listed action is. Two parameters are not spelled out:

- a craft's `pivot` is left to the move (None: the pivot its destination needs, WAT-MOVE-03),
  as every legal pivot towards one destination makes the same move;
- a crew or a disembarking party (`units`) is offered whole (`units` empty) and as every other
  subset that may act, up to `SUBSETS_UP_TO` stands; beyond that only the whole, each stand
  alone, and the whole but one (see `crews.parties`).

Candidates are built from the seat's knowledge, so a hidden enemy unit is never named.
"""

from __future__ import annotations

from typing import NamedTuple, get_args

from kriegsspiel.core.choices import Candidate
from kriegsspiel.core.kept import kept
from kriegsspiel.core.memo import Memo
from kriegsspiel.core.seats import PUBLIC, UMPIRE
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.waterborne.cargo import check_load
from kriegsspiel.rulesets.waterborne.crews import UNABLE, disembarks, works
from kriegsspiel.rulesets.waterborne.domains import Option, choice
from kriegsspiel.rulesets.waterborne.embark import Board, whole_move
from kriegsspiel.rulesets.waterborne.fire import Fire, IndirectFire, ReactiveFire, stand_dice
from kriegsspiel.rulesets.waterborne.grid import Cell
from kriegsspiel.rulesets.waterborne.initiative import EndInitiative, Pass
from kriegsspiel.rulesets.waterborne.labels import feature_name, names, site_name, where
from kriegsspiel.rulesets.waterborne.movement import Cross, Move
from kriegsspiel.rulesets.waterborne.pontoons import usable
from kriegsspiel.rulesets.waterborne.rally import Rally
from kriegsspiel.rulesets.waterborne.routes import craft_routes, stand_routes
from kriegsspiel.rulesets.waterborne.sailing import MoveCraft
from kriegsspiel.rulesets.waterborne.scenario import INDIRECT
from kriegsspiel.rulesets.waterborne.state import (
    CraftState,
    CraftStatus,
    StandState,
    Status,
    WatState,
)
from kriegsspiel.rulesets.waterborne.targets import targetable
from kriegsspiel.rulesets.waterborne.umpire import EndGame, Reveal, SetStatus

MEMO_LIMIT = 100_000  # entries of `Board.memo` kept before it starts again
STAND_STATUSES: tuple[Status, ...] = get_args(Status)
CRAFT_STATUSES: tuple[CraftStatus, ...] = get_args(CraftStatus)


def candidates(state: WatState, seat: str) -> list[Candidate]:
    """CF-INIT, CF-REACT: the phasing side acts while no move awaits reactive fire; the other
    side may fire reactively at any time (and pass a move); the umpire may do either, and
    record what the engine does not resolve."""
    if seat == PUBLIC:
        return []
    if len(state.board.memo) > MEMO_LIMIT:
        state.board.memo.clear()
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


def _targets(state: WatState, side: str) -> tuple[list[Option], list[Option]]:
    """Enemy stands the side knows of (CF-HIDDEN) that direct fire may target (WAT-FIRE-01,
    CF-APC, CF-VEHICLE-FIRE); and those indirect fire may target (CF-INDIRECT, WAT-FIRE-01):
    not riding inside a craft that is not ignored for combat, with the craft not ignored for
    combat."""
    direct: list[Option] = []
    indirect: list[Option] = []
    units = state.units
    craft = state.craft
    memo = state.board.memo
    seen: dict[str, _Seen] = memo.setdefault("seen", {})  # each stand as last seen
    for u in state.rosters.foes[side]:
        unit = units[u]
        if unit.status == "killed" or not unit.revealed:
            continue
        cell = craft[unit.aboard].cell if unit.aboard is not None else None
        last = seen.get(u)
        if last is not None and last[0] is unit and last[1] == cell:
            option, direct_ok, indirect_ok = last[2]
        else:
            key = ("target", u, unit.place, unit.aboard, cell)
            hit: _Target | None = memo.get(key)
            if hit is None:
                hit = memo[key] = _target(state, u, unit)
            seen[u] = (unit, cell, hit)  # the stand held, so the identity check is sound
            option, direct_ok, indirect_ok = hit
        if direct_ok:
            direct.append(option)
        if indirect_ok:
            indirect.append(option)
    for c, boat in craft.items():
        if boat.side != side and boat.status != "lost" and not boat.spec.ignored_for_combat:
            at: Option | None = memo.get(("craft-target", c, boat.feature))
            if at is None:
                at = (c, f"{boat.name} in {feature_name(state, boat.feature)}")
                memo["craft-target", c, boat.feature] = at
            indirect.append(at)
    return direct, indirect


_Target = tuple[Option, bool, bool]  # a stand as a target: its option, by direct, by indirect fire
_Seen = tuple[StandState, Cell | None, _Target]  # a stand, its craft's cell, and its target


def _target(state: WatState, unit_id: str, unit: StandState) -> _Target:
    """A living, revealed stand as a target: its option (its name and where it is), whether
    direct fire and indirect fire may target it (held by where it is: its place, or its craft
    and the craft's cell; a craft's name and type never change)."""
    boat = state.craft[unit.aboard] if unit.aboard is not None else None
    label = f"{state.specs[unit_id].label} {where(state, unit_id)}"
    indirect = boat is None or boat.spec.ignored_for_combat
    return (unit_id, label), targetable(state, unit_id), indirect


def _he_sites(state: WatState, side: str) -> list[Option]:
    """Enemy pontoon sites HE may attack (WAT-PONTOON-10; a launched ferry is a craft)."""
    return [
        (s, site_name(state, s))
        for s, spec in state.board.sites.items()
        if spec.side != side and not (spec.kind == "ferry" and state.sites[s].ready)
    ]


# each kind of fire: its words in the label, and whether it is reactive
_AIMS = {
    "direct": "fires",
    "he": "fires HE at a pontoon site",
    "indirect": "calls indirect fire",
    "reactive": "fires reactively",
    "reactive at the move": "fires reactively at the move",
}


class _Aim:
    """One list of targets as one domain (made once per list, so that each firer's candidate
    is kept while its targets stay the same), and the firers' candidates at it."""

    __slots__ = ("domain", "first", "made")

    def __init__(self, options: list[Option]) -> None:
        self.first: str = options[0][0]
        self.domain = choice("target", options)
        self.made: dict[tuple[str, str], Candidate] = {}

    def offer(self, how: str, firer: str, name: str) -> Candidate:
        """The candidate of `firer` (named `name`) firing at these targets `how`."""
        key = (how, firer)
        hit = self.made.get(key)
        if hit is None:
            action: Fire | ReactiveFire | IndirectFire
            if how == "indirect":
                action = IndirectFire(firer, self.first)
            elif how.startswith("reactive"):
                action = ReactiveFire(firer, self.first)
            else:
                action = Fire(firer, self.first)
            hit = self.made[key] = Candidate(action, f"{name} {_AIMS[how]}", (self.domain,))
        return hit


def _aim(state: WatState, options: list[Option]) -> _Aim | None:
    """The targets as one `_Aim` (one object per list of targets); None without any."""
    if not options:
        return None
    key = ("aim", tuple(options))
    memo = state.board.memo
    hit: _Aim | None = memo.get(key)
    if hit is None:
        hit = memo[key] = _Aim(options)
    return hit


class _Fire:
    """What the side's firers may target, each as one `_Aim` (built once per call, when the
    first firer asks)."""

    def __init__(self, state: WatState, side: str) -> None:
        self.state, self.side = state, side

    @kept
    def _targets(self) -> tuple[list[Option], list[Option]]:
        return _targets(self.state, self.side)

    @kept
    def direct(self) -> _Aim | None:
        return _aim(self.state, self._targets[0])

    @kept
    def sites(self) -> _Aim | None:
        return _aim(self.state, _he_sites(self.state, self.side))

    @kept
    def indirect(self) -> _Aim | None:
        return _aim(self.state, self._targets[1])


# -- the phasing side -----------------------------------------------------------------------------


class _Own(NamedTuple):
    """A stand of a side as its candidates read it (fixed by the scenario)."""

    id: str
    name: str
    direct: bool  # CF-FIRE: it has direct-fire dice
    he: bool  # WAT-PONTOON-10: HE fire at pontoon sites
    indirect: bool  # CF-INDIRECT: the trait and EFF


_OWN: Memo[tuple[_Own, ...]] = Memo()  # by a side's roster (one per scenario as a side knows it)


def _own(state: WatState, side: str) -> tuple[_Own, ...]:
    roster = state.rosters.own[side]
    hit = _OWN.get(roster)
    if hit is None:
        specs = state.specs
        hit = _OWN.put(
            roster,
            tuple(
                _Own(
                    u,
                    specs[u].label,
                    stand_dice(specs[u]) > 0,
                    bool(specs[u].he),
                    INDIRECT in specs[u].traits and bool(specs[u].eff),
                )
                for u in roster
            ),
        )
    return hit


def _rally(state: WatState, unit_id: str, name: str, status: str) -> Candidate:
    """CF-DEFAULT-RALLY: a stand or craft tries to rally (built once per unit and status)."""
    key = ("rally", unit_id, name, status)
    memo = state.board.memo
    hit: Candidate | None = memo.get(key)
    if hit is None:
        hit = memo[key] = Candidate(Rally(unit_id), f"{name} tries to rally ({status})")
    return hit


def _phasing(state: WatState, side: str) -> list[Candidate]:
    k = state.initiative
    memo = state.board.memo
    end: Candidate | None = memo.get(("end", side))
    if end is None:
        label = f"{state.scenario.side_name(side)} ends its initiative"
        end = memo["end", side] = Candidate(EndInitiative(), label)
    out = [end]
    fire = _Fire(state, side)
    boarding = _Boarding(state, side)
    units = state.units
    whole = whole_move(state)
    for own in _own(state, side):
        u = own.id
        unit = units[u]
        status = unit.status
        if status == "killed":
            continue
        if status in UNABLE:
            out.append(_rally(state, u, own.name, status))
        if unit.aboard is not None:
            continue  # CF-APC: passengers neither move nor fire
        if status not in UNABLE and not (whole and unit.embarked_in == k):
            _stand_moves(state, out, unit, own, boarding, whole)  # AMB-WAT-13: not once off
        if status == "suppressed" or unit.fired_in == k:
            continue
        if own.direct and (aim := fire.direct) is not None:
            out.append(aim.offer("direct", u, own.name))
        if own.he and (aim := fire.sites) is not None:
            out.append(aim.offer("he", u, own.name))
        if own.indirect and (aim := fire.indirect) is not None:
            out.append(aim.offer("indirect", u, own.name))
    grid = state.board.grid
    for c, boat in state.craft.items():
        if boat.side == side and boat.status != "lost":
            cell = boat.cell
            _craft(state, out, c, boat, fire, cell is not None and grid.inside(cell))
    out += works(state, side)
    return out


def _boats_at(state: WatState, side: str) -> dict[str, tuple[str, ...]]:
    """The side's craft by the feature they are at (WAT-EMBARK-01: boarding is where it is),
    not in the water (WAT-EMBARK-03), and not amphibious only where the beach or bank is
    (held while the craft stay as they are; read-only)."""
    memo = state.board.memo
    hit = memo.get(("boats", side))
    if hit is not None and hit[0] is state.craft:
        at: dict[str, tuple[str, ...]] = hit[1]
        return at
    lists: dict[str, list[str]] = {}
    board = state.board
    for c, boat in state.craft.items():
        if boat.side != side or boat.status == "lost" or state.in_water(c):
            continue
        if boat.spec.amphibious or board.shore_edge(boat.feature) is not None:
            lists.setdefault(boat.feature, []).append(c)
    out = {f: tuple(cs) for f, cs in lists.items()}
    memo["boats", side] = (state.craft, out)  # the craft held, so the identity check is sound
    return out


class _Loads(NamedTuple):
    """The craft at one place with what each carries, and each stand's boarding of them."""

    loads: tuple[tuple[str, ...], ...]  # each craft's passengers
    made: dict[str, Candidate | None]  # by stand: boarding any with room for it, or None


class _Boarding:
    """Where the side's stands may board, and which craft have room for whom: each place's
    craft and loads looked up once per call, when its first stand asks."""

    def __init__(self, state: WatState, side: str) -> None:
        self.state = state
        self.boats = _boats_at(state, side)
        self.places: dict[str, _Loads] = {}

    def offer(self, unit_id: str, name: str, here: str) -> Candidate | None:
        """WAT-EMBARK-01 aboard any craft at `here` with room for the stand (WAT-CRAFT-03..10)."""
        boats = self.boats.get(here)
        if boats is None:
            return None
        state = self.state
        at = self.places.get(here)
        if at is None:
            aboard = state.aboard()
            loads = tuple(aboard.get(c, ()) for c in boats)
            key = ("loads", here, boats, loads)
            at = state.board.memo.get(key)
            if at is None:
                at = state.board.memo[key] = _Loads(loads, {})
            self.places[here] = at
        if unit_id in at.made:
            return at.made[unit_id]
        room = tuple(
            c for c, load in zip(boats, at.loads, strict=True) if _room(state, c, load, unit_id)
        )
        made = at.made[unit_id] = _boarding(state, unit_id, name, here, room) if room else None
        return made


class _Routes(NamedTuple):
    """A stand's moves from a place, as the board alone decides them."""

    name: str  # the place's display name
    move: Candidate | None  # CF-MOVE
    crosses: tuple[tuple[str, Candidate], ...]  # WAT-PONTOON-09: each bridge's site, and crossing


def _routes(state: WatState, unit_id: str, name: str, here: str) -> _Routes:
    """Built once per stand and place (a stand's name never changes)."""
    key = ("stand-moves", unit_id, here)
    memo = state.board.memo
    hit: _Routes | None = memo.get(key)
    if hit is not None:
        return hit
    routes = stand_routes(state, here)
    move = None
    if routes.to is not None:
        first, domain = routes.to
        move = Candidate(Move(unit_id, first), f"{name} moves from {routes.name}", (domain,))
    crosses = tuple(
        (
            s,
            Candidate(
                Cross(unit_id, s),
                f"{name} crosses {site_name(state, s)} to {feature_name(state, end)}",
            ),
        )
        for s, end in routes.bridges
    )
    hit = memo[key] = _Routes(routes.name, move, crosses)
    return hit


def _stand_moves(
    state: WatState,
    out: list[Candidate],
    unit: StandState,
    own: _Own,
    boarding: _Boarding,
    whole: bool,
) -> None:
    """CF-MOVE to a feature next to it, WAT-PONTOON-09 over an open bridge, WAT-EMBARK-01
    aboard a craft of its side where it stands (with room for it, WAT-CRAFT-03..10), in other
    initiatives than it got off (WAT-EMBARK-02) or moved (AMB-WAT-13, `whole`) in."""
    here = unit.place
    assert here is not None
    routes = _routes(state, own.id, own.name, here)
    if routes.move is not None:
        out.append(routes.move)
    for s, cross in routes.crosses:
        if usable(state, s):
            out.append(cross)
    k = state.initiative
    if unit.embarked_in != k and not (whole and unit.moved_in == k):
        board = boarding.offer(own.id, own.name, here)
        if board is not None:
            out.append(board)


def _boarding(
    state: WatState, unit_id: str, name: str, here: str, room: tuple[str, ...]
) -> Candidate:
    """WAT-EMBARK-01 aboard any of the craft with room (built once per stand and craft)."""
    key = ("board", unit_id, here, room)
    memo = state.board.memo
    hit: Candidate | None = memo.get(key)
    if hit is None:
        domain = choice("craft", [(c, state.craft[c].name) for c in room])
        label = f"{name} boards at {feature_name(state, here)}"
        hit = memo[key] = Candidate(Board(unit_id, room[0]), label, (domain,))
    return hit


def _room(state: WatState, craft_id: str, aboard: tuple[str, ...], unit_id: str) -> bool:
    """WAT-CRAFT-03..10, AMB-WAT-09: the craft carries the stand with its load (`aboard`;
    worked out once per craft type, load and stand)."""
    key = ("room", state.craft[craft_id].type, aboard, unit_id)
    memo = state.board.memo
    if key not in memo:
        specs = state.specs
        try:
            check_load(state.craft[craft_id].spec, [specs[u] for u in (*aboard, unit_id)])
            memo[key] = True
        except RuleViolation:
            memo[key] = False
    room: bool = memo[key]
    return room


def _craft(
    state: WatState, out: list[Candidate], craft_id: str, boat: CraftState, fire: _Fire, water: bool
) -> None:
    """A craft of the phasing side (in the water or not): rally, get off, fire once landed,
    move."""
    k = state.initiative
    if boat.status == "suppressed":
        out.append(_rally(state, craft_id, boat.name, "suppressed"))
        return
    if not water:
        out += disembarks(state, craft_id, boat)
        if boat.fired_in != k:  # CF-CRAFT-FIRE: only landed craft fire
            spec = boat.spec
            if (spec.dice or spec.he) and (aim := fire.direct) is not None:
                out.append(aim.offer("direct", craft_id, boat.name))
            if spec.he and (aim := fire.sites) is not None:
                out.append(aim.offer("he", craft_id, boat.name))
    if boat.moved_in != k and boat.loaded_in != k:  # WAT-MOVE-01, AMB-WAT-13
        out += _craft_moves(state, craft_id, boat, water)


def _craft_moves(
    state: WatState, craft_id: str, boat: CraftState, water: bool
) -> tuple[Candidate, ...]:
    """WAT-MOVE-01..04: one square straight ahead after any pivot, or landing on the shore
    next to its square; from a bank, into a square it touches; on land, amphibious craft drive
    to a feature next to theirs (AMB-WAT-06). Every square one step ahead of where the craft
    is (or of the bank's squares) is as legal as another, and so is every feature to drive to.
    Built once per craft and where it is (a craft's name and type never change)."""
    key = ("craft-moves", craft_id, boat.feature, boat.cell, water)
    memo = state.board.memo
    hit: tuple[Candidate, ...] | None = memo.get(key)
    if hit is None:
        hit = memo[key] = tuple(_craft_moves_from(state, craft_id, boat, water))
    return hit


def _craft_moves_from(
    state: WatState, craft_id: str, boat: CraftState, water: bool
) -> list[Candidate]:
    routes = craft_routes(state, boat.feature, boat.cell, water)
    out: list[Candidate] = []
    if routes.squares is not None:
        square, domain = routes.squares
        how = "moves" if water else f"puts out from {routes.name}"
        out.append(Candidate(MoveCraft(craft_id, square=square), f"{boat.name} {how}", (domain,)))
    for shore, where_to in routes.landings:
        out.append(Candidate(MoveCraft(craft_id, land=shore), f"{boat.name} lands on {where_to}"))
    if routes.drives is not None and boat.spec.amphibious:
        land, domain = routes.drives
        label = f"{boat.name} drives from {routes.name}"
        out.append(Candidate(MoveCraft(craft_id, land=land), label, (domain,)))
    return out


# -- the other side -------------------------------------------------------------------------------


def _reactive(state: WatState, side: str) -> list[Candidate]:
    """CF-REACT, CF-NOFIRE: direct fire by stands and landed craft without a No Fire marker,
    at a moving stand or any other; and passing a move that awaits reactive fire."""
    out: list[Candidate] = []
    window = state.window
    movers = window.movers if window is not None else ()
    if window is not None:
        out.append(_pass(state, side, movers))
    shooters: list[tuple[str, str]] = []
    units = state.units
    for own in _own(state, side):
        unit = units[own.id]
        if (
            own.direct
            and unit.aboard is None
            and unit.status not in ("killed", "suppressed")
            and not unit.no_fire
        ):
            shooters.append((own.id, own.name))
    grid = state.board.grid
    for c, boat in state.craft.items():
        if (
            boat.side == side
            and boat.status == "ok"
            and not boat.no_fire
            and not (boat.cell is not None and grid.inside(boat.cell))
            and (boat.spec.dice or boat.spec.he)
        ):
            shooters.append((c, boat.name))
    if not shooters:
        return out
    targets = _targets(state, side)[0]
    groups = [
        (how, aim)
        for how, group in (
            ("reactive at the move", [t for t in targets if t[0] in movers]),
            ("reactive", [t for t in targets if t[0] not in movers]),
        )
        if (aim := _aim(state, group)) is not None
    ]
    for u, name in shooters:
        for how, aim in groups:  # each firer's kept while its targets stay the same
            out.append(aim.offer(how, u, name))
    return out


def _pass(state: WatState, side: str, movers: tuple[str, ...]) -> Candidate:
    """CF-REACT: the side lets the move go (built once per side and movers)."""
    known = tuple(m for m in movers if m in state.units)
    key = ("pass", side, known)
    memo = state.board.memo
    hit: Candidate | None = memo.get(key)
    if hit is None:
        moved = names([state.specs[m].label for m in known])
        label = f"{state.scenario.side_name(side)} lets {moved} move on without more reactive fire"
        hit = memo[key] = Candidate(Pass(), label)
    return hit


# -- the umpire -----------------------------------------------------------------------------------

_STAND_STATUS = choice("status", [(s, s) for s in STAND_STATUSES])
_CRAFT_STATUS = choice("status", [(s, s) for s in CRAFT_STATUSES])


def _umpire(state: WatState) -> list[Candidate]:
    """The umpire's own record: results the engine does not resolve (any status of any stand
    or craft), spotting (CF-HIDDEN), and the end of the game."""
    out: list[Candidate] = []
    if not state.over:
        out.append(Candidate(EndGame(), "the umpire ends the game"))
    specs = state.specs
    for u, unit in state.units.items():
        name = specs[u].label
        if not unit.revealed:
            out.append(Candidate(Reveal(u), f"the umpire rules that {name} is spotted"))
        label = f"the umpire records the status of {name}"
        out.append(Candidate(SetStatus(u, STAND_STATUSES[0]), label, (_STAND_STATUS,)))
    for c, boat in state.craft.items():
        label = f"the umpire records the status of {boat.name}"
        out.append(Candidate(SetStatus(c, CRAFT_STATUSES[0]), label, (_CRAFT_STATUS,)))
    return out
