"""The crew duties one AFV's crewmen might perform on the card in play (vehicle x crewman x
duty, AFV-CREW-01..21), for `candidates.py`: each crewman still to act on the card, only the
duties of his position, targets pruned by vision arc and line of sight (AFV-VIS-02..04, SK-LOS)
and by what he may use of the crew's sightings (AFV-VIS-01), each duty's targets offered as one
entry's choice domain (targets.py). What depends only on the crewman and his position is made
once (crew_posts.py); here is what the state decides."""

from __future__ import annotations

from kriegsspiel.core.choices import Candidate, Domain
from kriegsspiel.rulesets.afv.arcs import on_gun, sees
from kriegsspiel.rulesets.afv.base import model_label
from kriegsspiel.rulesets.afv.crew_posts import Aim, Post, post
from kriegsspiel.rulesets.afv.gunnery import Weapon, usable
from kriegsspiel.rulesets.afv.movement import EPS as ROAD_EPS
from kriegsspiel.rulesets.afv.movement import ROAD_REACH, Steer
from kriegsspiel.rulesets.afv.state import AfvState, Crewman, Vehicle
from kriegsspiel.rulesets.afv.targets import Targets, bears, in_range, offer, traversable
from kriegsspiel.rulesets.afv.turret import EPS, Traverse
from kriegsspiel.rulesets.afv.vision import blind, unbuttoned

ROUNDING = 0.1  # degrees: a sampled bearing, rounded to 0.1°, stays within the traverse left
HEADING = Domain("facing", "angle", arcs=((0.0, 360.0),))


class _Crewman:
    """One crewman about to act: his AFV, his post, and the state."""

    def __init__(
        self, state: AfvState, vid: str, v: Vehicle, sighted: bool, post: Post, c: Crewman
    ) -> None:
        self.state, self.vid, self.v, self.post, self.c = state, vid, v, post, c
        self.role: str = c.position or ""
        self.seats = v.seats  # who sits in each manned position
        self.sighted = sighted  # whether anyone aboard has acquired a target (AFV-VIS-01)


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
    seats = v.seats
    sighted = any(c.acquired for c in seats.values())
    for pos in vt.positions:
        c = seats.get(pos.role)
        if c is not None and c.fit and c.id not in card.acted:
            me = _Crewman(state, vid, v, sighted, post(vid, vt, vehicle, pos, c.name), c)
            _crewman_candidates(me, pos.exits, targets, out)


def _crewman_candidates(
    me: _Crewman, exits: tuple[str, ...], targets: Targets, out: list[Candidate]
) -> None:
    _leaving(me, exits, out)
    if me.v.abandon:
        return
    _hatch_and_deck(me, out)
    _repairs(me, out)
    _driving(me, out)
    _turret(me, targets, out)
    _looking(me, targets, out)
    _ammunition(me, out)
    _weapons(me, targets, out)


def _leaving(me: _Crewman, exits: tuple[str, ...], out: list[Candidate]) -> None:
    """AFV-CREW-06/07: to an empty position (not from the back deck, AMB-AFV-18; when the crew
    abandons, only from a position without an exit to one with, AFV-MORALE-16), or out by an
    exit of his position."""
    on_deck, abandon = me.c.on_deck, me.v.abandon
    out += me.post.off_deck if on_deck else me.post.bail_outs
    if on_deck or (abandon and exits):
        return
    seats = me.seats
    for other, move in me.post.moves:
        if other.role not in seats and (other.exits or not abandon):
            out.append(move)


def _hatch_and_deck(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-05 hatches; AMB-AFV-18 the back deck."""
    is_open = me.v.hatches.get(me.role)
    if is_open is not None and me.post.hatch:
        out.append(me.post.button if is_open else me.post.unbutton)
    if is_open and me.post.deck:
        out.append(me.post.deck_off if me.c.on_deck else me.post.deck_on)


def _repairs(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-REPAIR-01..03, AMB-AFV-13: an item broken, worked on at the item."""
    for item in me.v.faults:
        repair = me.post.repairs.get(item)
        if repair is not None:
            out.append(repair)


def _driving(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-03, AFV-MOVE-01..05: any speed up to 6", any heading, or a road within 1"."""
    v = me.v
    if not me.post.drives or v.immobilised or v.morale != "normal":
        return
    out.append(me.post.stop if v.speed > 0 else me.post.start)
    steer = Steer(me.vid, me.role, facing=round(v.facing, 1))
    out.append(Candidate(steer, me.post.steer, (HEADING,)))
    shapes = me.state.scenario.shapes
    for road_id in shapes.roads:
        if shapes.road_distance(road_id, v.position) <= ROAD_REACH + ROAD_EPS:
            name = _feature_name(me.state, road_id)
            label = f"{me.post.who} follows {name}"
            out.append(Candidate(Steer(me.vid, me.role, road=road_id), label))


def _turret(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    """AFV-CREW-13: the gunner onto a target he or the commander acquired; AFV-CREW-20: the
    commander onto any target or bearing, within the traverse left (AFV-TURRET-01/02)."""
    if not me.post.turret:
        return
    card = me.state.card
    assert card is not None
    left = me.post.traverse_per_card - card.traversed.get(me.vid, 0.0)
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
    _offer(out, targets, onto, me.post.traverse)
    if not commander:
        return
    here = v.gun_bearing
    who = me.post.who
    if left <= 2 * ROUNDING:
        label = f"{who} keeps the gun at {here:.1f}°"
        out.append(Candidate(Traverse(me.vid, me.role, bearing=here), label))
        return
    reach = left - ROUNDING
    arc = ((here - reach) % 360.0, (here + reach) % 360.0)
    domain = Domain("bearing", "angle", arcs=(arc,))
    label = f"{who} traverses to a bearing (up to {left:g}° either way)"
    out.append(Candidate(Traverse(me.vid, me.role, bearing=here), label, (domain,)))


def _looking(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    """AFV-VIS-02..08, AMB-AFV-08: acquire a target in his vision arc and line of sight;
    AFV-VIS-07, AMB-AFV-09: an unbuttoned commander turns to watch the rear, or back."""
    state, v = me.state, me.v
    if me.post.looks and v.hatches.get(me.role):
        out.append(me.post.look["front" if me.c.looking_rear else "rear"])
    if not me.post.acquires or blind(state, v):
        return
    acquired, role = me.c.acquired, me.role
    seen = [
        t
        for t, to in targets.in_sight(v.position).items()
        if t not in acquired and sees(role, v, to)
    ]
    _offer(out, targets, seen, me.post.acquire)


def _ammunition(me: _Crewman, out: list[Candidate]) -> None:
    """AFV-CREW-15: load a round still aboard, or unload; AFV-CREW-10/16: a fresh MG box."""
    v = me.v
    if me.post.loads:
        if v.loaded is None:
            ammo = v.ammo or {}
            out += [load for r, load in me.post.load if ammo.get(r, 0) > 0]
        else:
            out.append(me.post.unload[v.loaded])
    for mg, reload in me.post.reloads:
        if v.mgs[mg].boxes >= 2:
            out.append(reload)


def _weapons(me: _Crewman, targets: Targets, out: list[Candidate]) -> None:
    """AFV-VIS-01, AFV-CREW-08/11/14/17/18/21: fire at, or sight in on, an acquired target
    the weapon bears on, in line of sight and range, with the weapon able to fire."""
    if not me.sighted:  # no target acquired aboard: none to fire at or sight in on
        return
    state, v = me.state, me.v
    for weapon, key, fire in me.post.fires:
        if not _ready(me, weapon):
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
        _offer(out, targets, aimed, fire)
    sights_in = me.post.sights_in
    if sights_in is not None:
        laid = [
            t
            for t in sorted(usable(v, "gunner", "main"))
            if t in targets.at and on_gun(v, targets.at[t])
        ]
        _offer(out, targets, laid, sights_in)


def _offer(out: list[Candidate], targets: Targets, options: list[str], aim: Aim) -> None:
    if options:
        offer(out, targets, options, aim.make, aim.what, aim.many)


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
