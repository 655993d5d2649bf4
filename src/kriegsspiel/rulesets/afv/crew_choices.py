"""The crew duties one AFV's crewmen might perform on the card in play (vehicle x crewman x
duty, AFV-CREW-01..21), for `candidates.py`: each crewman still to act on the card, only the
duties of his position, targets pruned by vision arc and line of sight (AFV-VIS-02..04, SK-LOS)
and by what he may use of the crew's sightings (AFV-VIS-01)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from shapely.geometry import Point as ShPoint

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.rulesets.afv.ammo import RELOADERS, Load, ReloadMg, Unload
from kriegsspiel.rulesets.afv.arcs import line_of_sight, position_of, sees
from kriegsspiel.rulesets.afv.base import has_duty, model_label
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
from kriegsspiel.rulesets.afv.movement import EPS, ROAD_REACH, SetSpeed, Steer
from kriegsspiel.rulesets.afv.scenario import MAX_SPEED
from kriegsspiel.rulesets.afv.state import AfvState, Crewman, Vehicle
from kriegsspiel.rulesets.afv.turret import Traverse
from kriegsspiel.rulesets.afv.vehicles import ROUNDS, Position, VehicleType
from kriegsspiel.rulesets.afv.vision import ACQUIRERS, Acquire, Look, blind

ROUNDING = 0.1  # degrees: a sampled bearing, rounded to 0.1°, stays within the traverse left
WEAPONS: tuple[Weapon, ...] = ("main", "coax", "bow", "aa")
WEAPON_NAMES = {"main": "main gun", "coax": "coaxial MG", "bow": "bow MG", "aa": "AA MG"}


def enemies(state: AfvState, side: str) -> list[str]:
    """Every target of `side`: enemy AFVs still in the fight and enemy men still standing."""
    out = [k for k, v in state.vehicles.items() if v.side != side and v.active]
    return out + [k for k, m in state.men.items() if m.side != side and m.fit]


class _Crewman:
    """One crewman about to act: his AFV, his position, and how actions by him are named."""

    def __init__(self, state: AfvState, vid: str, pos: Position, c: Crewman) -> None:
        self.state, self.vid, self.pos, self.c = state, vid, pos, c
        self.v: Vehicle = state.vehicles[vid]
        self.vt: VehicleType = state.vtype(vid)
        self.role: str = pos.role
        vehicle = model_label(state, vid)
        default = c.name == f"{vehicle} {pos.role}"  # a crewman the scenario did not name
        self.who = f"{vehicle}'s {pos.role}" if default else f"{vehicle}: {c.name} ({pos.role})"

    def may(self, *allowed: str) -> bool:
        return has_duty(self.vt, self.role, allowed)

    def name(self, model: str) -> str:
        return model_label(self.state, model)


def crew_candidates(state: AfvState, vid: str) -> Iterator[Candidate]:
    """AFV-CREW-01: each fit crewman aboard who has not acted on this card takes one action;
    AFV-MORALE-16: a crew whose morale snapped may only leave."""
    v = state.vehicles[vid]
    card = state.card
    if not v.active or card is None:
        return
    targets = enemies(state, v.side)
    for pos in state.vtype(vid).positions:
        c = v.at(pos.role)
        if c is None or not c.fit or c.id in card.acted:
            continue
        me = _Crewman(state, vid, pos, c)
        yield from _leaving(me)
        if v.abandon:
            continue
        yield from _hatch_and_deck(me)
        yield from _repairs(me)
        yield from _driving(me)
        yield from _turret(me, targets)
        yield from _looking(me, targets)
        yield from _ammunition(me)
        yield from _weapons(me)


def _leaving(me: _Crewman) -> Iterator[Candidate]:
    """AFV-CREW-06/07: to an empty position, or out by an exit of his position."""
    exits = ("back deck",) if me.c.on_deck else tuple(me.pos.exits)
    if exits:
        yield Candidate(BailOut(me.vid, me.role), f"{me.who} bails out by the {exits[0]}")
        for via in exits:
            yield Candidate(BailOut(me.vid, me.role, via), f"{me.who} bails out by the {via}")
    for other in me.vt.positions:
        if me.v.at(other.role) is None:
            label = f"{me.who} moves to the {other.role}'s position"
            yield Candidate(ChangePosition(me.vid, me.role, other.role), label)


def _hatch_and_deck(me: _Crewman) -> Iterator[Candidate]:
    """AFV-CREW-05 hatches; AMB-AFV-18 the back deck."""
    is_open = me.v.hatches.get(me.role)
    if is_open is not None and me.may(*HATCH_ROLES):
        if is_open:
            yield Candidate(Button(me.vid, me.role), f"{me.who} drops inside and shuts his hatch")
        else:
            yield Candidate(Unbutton(me.vid, me.role), f"{me.who} opens his hatch")
    if is_open and me.may(*DECK_ROLES):
        on = not me.c.on_deck
        where = "climbs onto the back deck" if on else "drops back into the turret"
        yield Candidate(Deck(me.vid, me.role, on), f"{me.who} {where}")


def _repairs(me: _Crewman) -> Iterator[Candidate]:
    """AFV-REPAIR-01..03, AMB-AFV-13: an item broken, worked on at the item."""
    for item in me.v.faults:
        if item in REPAIRERS and me.may(*REPAIRERS[item][0]):
            yield Candidate(Repair(me.vid, me.role, item), f"{me.who} works on the {item}")


def _driving(me: _Crewman) -> Iterator[Candidate]:
    """AFV-CREW-03, AFV-MOVE-01..05: any speed up to 6", any heading, or a road within 1"."""
    v = me.v
    if not me.may("driver") or v.immobilised or v.morale != "normal":
        return
    speed = Domain("speed", "number", low=0.0, high=MAX_SPEED)
    sample = 0.0 if v.speed > 0 else MAX_SPEED
    label = f'{me.who} sets the speed (0 to {MAX_SPEED:g}" a card)'
    yield Candidate(SetSpeed(me.vid, me.role, sample), label, (speed,))
    heading = Domain("facing", "angle", arcs=((0.0, 360.0),))
    label = f"{me.who} steers to a new heading"
    yield Candidate(Steer(me.vid, me.role, facing=round(v.facing, 1)), label, (heading,))
    here = ShPoint(v.position)
    for road_id, road in me.state.scenario.shapes.roads.items():
        if road.distance(here) <= ROAD_REACH + EPS:
            name = _feature_name(me.state, road_id)
            yield Candidate(Steer(me.vid, me.role, road=road_id), f"{me.who} follows {name}")


def _turret(me: _Crewman, targets: list[str]) -> Iterator[Candidate]:
    """AFV-CREW-13: the gunner onto a target he or the commander acquired; AFV-CREW-20: the
    commander onto any target or bearing, within the traverse left (AFV-TURRET-01/02)."""
    if not me.vt.turret or not me.may("gunner", "commander"):
        return
    card = me.state.card
    assert card is not None
    left = me.vt.traverse_per_card - card.traversed.get(me.vid, 0.0)
    commander = me.role == "commander"
    if commander:
        onto = targets
    else:
        chief = me.v.at("commander")
        known = set(me.c.acquired) | set(chief.acquired if chief else ())
        onto = [t for t in targets if t in known]
    for t in onto:
        label = f"{me.who} traverses onto {me.name(t)}"
        yield Candidate(Traverse(me.vid, me.role, target=t), label)
    if not commander:
        return
    here = me.v.gun_bearing
    if left <= 2 * ROUNDING:
        label = f"{me.who} keeps the gun at {here:.1f}°"
        yield Candidate(Traverse(me.vid, me.role, bearing=here), label)
        return
    reach = left - ROUNDING
    arc = ((here - reach) % 360.0, (here + reach) % 360.0)
    domain = Domain("bearing", "angle", arcs=(arc,))
    label = f"{me.who} traverses to a bearing (up to {left:g}° either way)"
    yield Candidate(Traverse(me.vid, me.role, bearing=here), label, (domain,))


def _looking(me: _Crewman, targets: list[str]) -> Iterator[Candidate]:
    """AFV-VIS-02..08, AMB-AFV-08: acquire a target in his vision arc and line of sight;
    AFV-VIS-07, AMB-AFV-09: an unbuttoned commander turns to watch the rear, or back."""
    state, v = me.state, me.v
    if me.role not in ("driver", "co-driver") and me.may("commander") and v.hatches.get(me.role):
        way: Literal["rear", "front"] = "front" if me.c.looking_rear else "rear"
        yield Candidate(Look(me.vid, me.role, way), f"{me.who} turns to watch the {way}")
    if not me.may(*ACQUIRERS) or blind(state, v):
        return
    for t in targets:
        if t in me.c.acquired:
            continue
        to = position_of(state, t)
        if sees(me.role, v, to) and line_of_sight(state, v.position, to):
            yield Candidate(Acquire(me.vid, me.role, t), f"{me.who} looks for {me.name(t)}")


def _ammunition(me: _Crewman) -> Iterator[Candidate]:
    """AFV-CREW-15: load a round still aboard, or unload; AFV-CREW-10/16: a fresh MG box."""
    v = me.v
    if me.may("loader") and me.vt.main_gun is not None:
        if v.loaded is None:
            for r in ROUNDS:
                if (v.ammo or {}).get(r, 0) > 0:
                    yield Candidate(Load(me.vid, me.role, r), f"{me.who} loads {r}")
        else:
            yield Candidate(Unload(me.vid, me.role), f"{me.who} unloads the {v.loaded} round")
    for mg in me.vt.mgs:
        if mg in RELOADERS and me.may(RELOADERS[mg][0]):
            label = f"{me.who} reloads the {WEAPON_NAMES[mg]}"
            yield Candidate(ReloadMg(me.vid, me.role, mg), label)


def _weapons(me: _Crewman) -> Iterator[Candidate]:
    """AFV-VIS-01, AFV-CREW-08/11/14/17/18/21: fire at, or sight in on, an acquired target."""
    state, v, vt = me.state, me.v, me.vt
    for weapon in WEAPONS:
        key = vt.main_gun if weapon == "main" else vt.mgs.get(weapon)
        if key is None or not me.may(*FIRERS[weapon][0]):
            continue
        for t in sorted(usable(v, me.role, weapon)):
            if _in_fight(state, t):
                label = f"{me.who} fires the {WEAPON_NAMES[weapon]} at {me.name(t)}"
                yield Candidate(Fire(me.vid, me.role, weapon, t), label)
    if vt.main_gun is not None and me.may("gunner"):
        for t in sorted(usable(v, "gunner", "main")):
            if _in_fight(state, t):
                yield Candidate(SightIn(me.vid, me.role, t), f"{me.who} sights in on {me.name(t)}")


def _in_fight(state: AfvState, model: str) -> bool:
    if model in state.vehicles:
        return state.vehicles[model].active
    man = state.men.get(model)
    return man is not None and man.fit


def _feature_name(state: AfvState, feature_id: str) -> str:
    return next((t.name or t.id for t in state.scenario.terrain if t.id == feature_id), feature_id)
