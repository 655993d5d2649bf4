"""The crew duties one AFV's crewmen might perform on the card in play (vehicle x crewman x
duty, AFV-CREW-01..21), for `candidates.py`: each crewman still to act on the card, only the
duties of his position, targets pruned by vision arc and line of sight (AFV-VIS-02..04, SK-LOS)
and by what he may use of the crew's sightings (AFV-VIS-01), each duty's targets offered as one
entry's choice domain (targets.py)."""

from __future__ import annotations

from functools import partial
from typing import Literal

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.rulesets.afv.ammo import RELOADERS, Load, ReloadMg, Unload
from kriegsspiel.rulesets.afv.arcs import on_gun, sees
from kriegsspiel.rulesets.afv.base import model_label
from kriegsspiel.rulesets.afv.crew import (
    DECK_ROLES,
    HATCH_ROLES,
    REPAIRERS,
    BailOut,
    Button,
    ChangePosition,
    Deck,
    Repair,
    Unbutton,
)
from kriegsspiel.rulesets.afv.gunnery import FIRERS, Fire, SightIn, Weapon, usable
from kriegsspiel.rulesets.afv.movement import EPS as ROAD_EPS
from kriegsspiel.rulesets.afv.movement import ROAD_REACH, SetSpeed, Steer
from kriegsspiel.rulesets.afv.scenario import MAX_SPEED
from kriegsspiel.rulesets.afv.state import AfvState, Crewman, Vehicle
from kriegsspiel.rulesets.afv.targets import Targets, bears, in_range, offer, traversable
from kriegsspiel.rulesets.afv.turret import EPS, Traverse
from kriegsspiel.rulesets.afv.vehicles import ROUNDS, Position, VehicleType
from kriegsspiel.rulesets.afv.vision import ACQUIRERS, Acquire, Look, blind, unbuttoned

ROUNDING = 0.1  # degrees: a sampled bearing, rounded to 0.1°, stays within the traverse left
WEAPONS: tuple[Weapon, ...] = ("main", "coax", "bow", "aa")
WEAPON_NAMES = {"main": "main gun", "coax": "coaxial MG", "bow": "bow MG", "aa": "AA MG"}


class _Crewman:
    """One crewman about to act: his AFV, his position, and how actions by him are named."""

    def __init__(
        self,
        state: AfvState,
        vid: str,
        vt: VehicleType,
        vehicle: str,
        sighted: bool,
        pos: Position,
        c: Crewman,
    ) -> None:
        self.state, self.vid, self.vt, self.pos, self.c = state, vid, vt, pos, c
        self.v: Vehicle = state.vehicles[vid]
        self.role: str = pos.role
        self.seats = self.v.seats  # who sits in each manned position
        self.sighted = sighted  # whether anyone aboard has acquired a target (AFV-VIS-01)
        self.duties = {pos.role, *pos.also}  # AFV-CREW-03..21, as `has_duty`
        default = c.name == f"{vehicle} {pos.role}"  # a crewman the scenario did not name
        self.who = f"{vehicle}'s {pos.role}" if default else f"{vehicle}: {c.name} ({pos.role})"

    def may(self, *allowed: str) -> bool:
        return not self.duties.isdisjoint(allowed)

    def name(self, model: str) -> str:
        return model_label(self.state, model)


def crew_candidates(state: AfvState, vid: str, out: list[Candidate]) -> None:
    """AFV-CREW-01: each fit crewman aboard who has not acted on this card takes one action;
    AFV-MORALE-16: a crew whose morale snapped may only leave. Appended to `out`, as every
    helper here does: one list, not a generator in a generator for each entry."""
    v = state.vehicles[vid]
    card = state.card
    if not v.active or card is None:
        return
    targets = Targets.of(state, v.side)
    vt, vehicle = state.vtype(vid), model_label(state, vid)
    sighted = any(c.acquired for c in v.seats.values())
    for pos in vt.positions:
        c = v.seats.get(pos.role)
        if c is not None and c.fit and c.id not in card.acted:
            me = _Crewman(state, vid, vt, vehicle, sighted, pos, c)
            _crewman_candidates(me, targets, out)


def _crewman_candidates(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    _leaving(me, out)
    if me.v.abandon:
        return
    _hatch_and_deck(me, out)
    _repairs(me, out)
    _driving(me, out)
    _turret(me, targets, out)
    _looking(me, targets, out)
    _ammunition(me, out)
    _weapons(me, targets, out)


def _leaving(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-06/07: to an empty position (not from the back deck, AMB-AFV-18; when the crew
    abandons, only from a position without an exit to one with, AFV-MORALE-16), or out by an
    exit of his position."""
    exits = ("back deck",) if me.c.on_deck else tuple(me.pos.exits)
    if exits:  # no exit named: his position's first; each exit in words ("the top hatch")
        out.append(Candidate(BailOut(me.vid, me.role), f"{me.who} bails out"))
        for via in exits:
            label = f"{me.who} bails out by the {via.replace('-', ' ')}"
            out.append(Candidate(BailOut(me.vid, me.role, via), label))
    if me.c.on_deck or (me.v.abandon and me.pos.exits):
        return
    for other in me.vt.positions:
        if other.role not in me.seats and (other.exits or not me.v.abandon):
            label = f"{me.who} moves to the {other.role}'s position"
            out.append(Candidate(ChangePosition(me.vid, me.role, other.role), label))


def _hatch_and_deck(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-05 hatches; AMB-AFV-18 the back deck."""
    is_open = me.v.hatches.get(me.role)
    if is_open is not None and me.may(*HATCH_ROLES):
        if is_open:
            out.append(
                Candidate(Button(me.vid, me.role), f"{me.who} drops inside and shuts his hatch")
            )
        else:
            out.append(Candidate(Unbutton(me.vid, me.role), f"{me.who} opens his hatch"))
    if is_open and me.may(*DECK_ROLES):
        on = not me.c.on_deck
        where = "climbs onto the back deck" if on else "drops back into the turret"
        out.append(Candidate(Deck(me.vid, me.role, on), f"{me.who} {where}"))


def _repairs(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-REPAIR-01..03, AMB-AFV-13: an item broken, worked on at the item."""
    for item in me.v.faults:
        if item in REPAIRERS and me.may(*REPAIRERS[item][0]):
            out.append(Candidate(Repair(me.vid, me.role, item), f"{me.who} works on the {item}"))


def _driving(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-03, AFV-MOVE-01..05: any speed up to 6", any heading, or a road within 1"."""
    v = me.v
    if not me.may("driver") or v.immobilised or v.morale != "normal":
        return
    speed = Domain("speed", "number", low=0.0, high=MAX_SPEED)
    sample = 0.0 if v.speed > 0 else MAX_SPEED
    label = f'{me.who} sets the speed (0 to {MAX_SPEED:g}" a card)'
    out.append(Candidate(SetSpeed(me.vid, me.role, sample), label, (speed,)))
    heading = Domain("facing", "angle", arcs=((0.0, 360.0),))
    label = f"{me.who} steers to a new heading"
    out.append(Candidate(Steer(me.vid, me.role, facing=round(v.facing, 1)), label, (heading,)))
    shapes = me.state.scenario.shapes
    for road_id in shapes.roads:
        if shapes.road_distance(road_id, v.position) <= ROAD_REACH + ROAD_EPS:
            name = _feature_name(me.state, road_id)
            out.append(Candidate(Steer(me.vid, me.role, road=road_id), f"{me.who} follows {name}"))


def _turret(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    """AFV-CREW-13: the gunner onto a target he or the commander acquired; AFV-CREW-20: the
    commander onto any target or bearing, within the traverse left (AFV-TURRET-01/02)."""
    if not me.vt.turret or not me.may("gunner", "commander"):
        return
    card = me.state.card
    assert card is not None
    left = me.vt.traverse_per_card - card.traversed.get(me.vid, 0.0)
    commander = me.role == "commander"
    if commander:
        onto = targets.ids
    else:
        chief = me.seats.get("commander")
        known = set(me.c.acquired) | set(chief.acquired if chief else ())
        onto = [t for t in targets.ids if t in known]
    v = me.v
    if left <= EPS:
        onto = [t for t in onto if traversable(v, left, targets.at[t])]
    if onto:
        offer(
            out,
            targets,
            onto,
            partial(Traverse, me.vid, me.role),
            f"{me.who} traverses onto",
            f"{me.who} traverses onto a target",
        )
    if not commander:
        return
    here = me.v.gun_bearing
    if left <= 2 * ROUNDING:
        label = f"{me.who} keeps the gun at {here:.1f}°"
        out.append(Candidate(Traverse(me.vid, me.role, bearing=here), label))
        return
    reach = left - ROUNDING
    arc = ((here - reach) % 360.0, (here + reach) % 360.0)
    domain = Domain("bearing", "angle", arcs=(arc,))
    label = f"{me.who} traverses to a bearing (up to {left:g}° either way)"
    out.append(Candidate(Traverse(me.vid, me.role, bearing=here), label, (domain,)))


def _looking(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    """AFV-VIS-02..08, AMB-AFV-08: acquire a target in his vision arc and line of sight;
    AFV-VIS-07, AMB-AFV-09: an unbuttoned commander turns to watch the rear, or back."""
    state, v = me.state, me.v
    if me.role not in ("driver", "co-driver") and me.may("commander") and v.hatches.get(me.role):
        way: Literal["rear", "front"] = "front" if me.c.looking_rear else "rear"
        out.append(Candidate(Look(me.vid, me.role, way), f"{me.who} turns to watch the {way}"))
    if not me.may(*ACQUIRERS) or blind(state, v):
        return
    acquired, role = me.c.acquired, me.role
    seen = [
        t
        for t, to in targets.in_sight(v.position).items()
        if t not in acquired and sees(role, v, to)
    ]
    if seen:
        offer(
            out,
            targets,
            seen,
            partial(Acquire, me.vid, me.role),
            f"{me.who} looks for",
            f"{me.who} looks for a target",
        )


def _ammunition(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-15: load a round still aboard, or unload; AFV-CREW-10/16: a fresh MG box."""
    v = me.v
    if me.may("loader") and me.vt.main_gun is not None:
        if v.loaded is None:
            for r in ROUNDS:
                if (v.ammo or {}).get(r, 0) > 0:
                    out.append(Candidate(Load(me.vid, me.role, r), f"{me.who} loads {r}"))
        else:
            out.append(Candidate(Unload(me.vid, me.role), f"{me.who} unloads the {v.loaded} round"))
    for mg in me.vt.mgs:
        if mg in RELOADERS and me.may(RELOADERS[mg][0]) and v.mgs[mg].boxes >= 2:
            label = f"{me.who} reloads the {WEAPON_NAMES[mg]}"
            out.append(Candidate(ReloadMg(me.vid, me.role, mg), label))


def _weapons(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    """AFV-VIS-01, AFV-CREW-08/11/14/17/18/21: fire at, or sight in on, an acquired target
    the weapon bears on, in line of sight and range, with the weapon able to fire."""
    if not me.sighted:  # no target acquired aboard: none to fire at or sight in on
        return
    state, v, vt = me.state, me.v, me.vt
    for weapon in WEAPONS:
        key = vt.main_gun if weapon == "main" else vt.mgs.get(weapon)
        if key is None or not me.may(*FIRERS[weapon][0]) or not _ready(me, weapon):
            continue
        known = usable(v, me.role, weapon)
        if not known:
            continue
        kind, here, deck = state.weapon(key), v.position, me.c.on_deck
        clear = targets.in_sight(here)
        aimed = [
            t
            for t in sorted(known)
            if t in clear and bears(weapon, v, deck, clear[t]) and in_range(kind, here, clear[t])
        ]
        if not aimed:
            continue
        gun = WEAPON_NAMES[weapon]
        offer(
            out,
            targets,
            aimed,
            partial(Fire, me.vid, me.role, weapon),
            f"{me.who} fires the {gun} at",
            f"{me.who} fires the {gun}",
        )
    if vt.main_gun is not None and me.may("gunner"):
        laid = [
            t
            for t in sorted(usable(v, "gunner", "main"))
            if t in targets.at and on_gun(v, targets.at[t])
        ]
        if laid:
            offer(
                out,
                targets,
                laid,
                partial(SightIn, me.vid, me.role),
                f"{me.who} sights in on",
                f"{me.who} sights in on a target",
            )


def _ready(me: _Crewman, weapon: Weapon) -> bool:
    """The weapon can fire at all (gunnery.py `fire`): the main gun loaded and unbroken
    (AFV-CREW-15, AFV-MALF-03), an MG unjammed with rounds for a burst (AFV-MALF-04,
    AMB-AFV-20), the AA MG's firer unbuttoned (AFV-CREW-17/21)."""
    v = me.v
    if weapon == "main":
        return "main-gun" not in v.faults and v.loaded is not None
    mg = v.mgs.get(weapon)
    if weapon in v.faults or mg is None:
        return False
    if mg.rounds < me.state.scenario.options.mg_rounds_per_burst:
        return False
    return weapon != "aa" or unbuttoned(v, me.role)


def _feature_name(state: AfvState, feature_id: str) -> str:
    return next((t.name or t.id for t in state.scenario.terrain if t.id == feature_id), feature_id)
