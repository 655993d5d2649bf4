"""Actions worth trying for a seat now; `Afv.legal_actions` keeps those `perform` accepts.
Used by random playouts and the web app, so it proposes a sample of each kind, not every
possible number."""

from __future__ import annotations

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.afv.ammo import Load, ReloadMg, RollAmmo, SplitAmmo, Unload
from kriegsspiel.rulesets.afv.arcs import position_of, sees
from kriegsspiel.rulesets.afv.base import Act
from kriegsspiel.rulesets.afv.crew import BailOut, Button, ChangePosition, Deck, Repair, Unbutton
from kriegsspiel.rulesets.afv.deck import Draw
from kriegsspiel.rulesets.afv.gunnery import Fire, Shoot, SightIn, Weapon, usable
from kriegsspiel.rulesets.afv.infantry import Move
from kriegsspiel.rulesets.afv.movement import SetSpeed, Steer
from kriegsspiel.rulesets.afv.state import AfvState, Vehicle
from kriegsspiel.rulesets.afv.turret import Traverse
from kriegsspiel.rulesets.afv.vehicles import ROUNDS
from kriegsspiel.rulesets.afv.vision import Acquire, Look


def candidates(state: AfvState, seat: str) -> list[Act]:
    if state.over:
        return []
    if state.in_setup:
        return _setup(state, seat)
    out: list[Act] = [Draw()]
    card = state.card
    if card is None or seat not in (UMPIRE, card.side):
        return out
    units = (
        [card.holder]
        if card.holder
        else [u.id for u in state.scenario.units if u.side == card.side]
    )
    enemies = _enemies(state, card.side)
    for unit in units:
        if unit in state.vehicles:
            out += _crew(state, unit, enemies)
        else:
            out += _men(state, unit, enemies)
    return out


def _setup(state: AfvState, seat: str) -> list[Act]:
    out: list[Act] = []
    for vid, v in state.vehicles.items():
        if seat not in (UMPIRE, v.side) or v.ammo is not None:
            continue
        if v.ammo_rolled is None:
            out.append(RollAmmo(vid))
        else:
            ap = v.ammo_rolled // 2
            out.append(SplitAmmo(vid, he=v.ammo_rolled - ap, ap=ap, loaded="AP" if ap else "HE"))
    return out


def _enemies(state: AfvState, side: str) -> list[str]:
    out = [k for k, v in state.vehicles.items() if v.side != side and v.active]
    return out + [k for k, m in state.men.items() if m.side != side and m.fit]


def _crew(state: AfvState, vid: str, enemies: list[str]) -> list[Act]:
    v = state.vehicles[vid]
    vt = state.vtype(vid)
    out: list[Act] = []
    for c in v.aboard():
        role = c.position
        assert role is not None
        if role in v.hatches:
            out.append(Button(vid, role) if v.hatches[role] else Unbutton(vid, role))
        out.append(BailOut(vid, role))
        out += [ChangePosition(vid, role, p.role) for p in vt.positions if v.at(p.role) is None]
        out += [Repair(vid, role, f) for f in v.faults]
        out += [
            Acquire(vid, role, t)
            for t in enemies
            if t not in c.acquired and sees(role, v, position_of(state, t))
        ]
        if role == "driver":
            out += [SetSpeed(vid, role, s) for s in (0.0, 3.0, 6.0) if s != v.speed]
            out += [Steer(vid, role, facing=(v.facing + d) % 360.0) for d in (-45.0, 45.0)]
            out += [Steer(vid, role, road=t.id) for t in state.scenario.terrain if t.kind == "road"]
        if role in ("gunner", "commander"):
            out += [
                Traverse(vid, role, target=t) for t in usable(v, "gunner", "main") if t in enemies
            ]
            out += [Traverse(vid, role, bearing=(v.gun_bearing + d) % 360.0) for d in (-45.0, 45.0)]
        if role == "commander":
            out += [
                Look(vid, role, "front" if c.looking_rear else "rear"),
                Deck(vid, role, not c.on_deck),
            ]
        out += _weapons(state, v, vid, role, enemies)
    return out


def _weapons(state: AfvState, v: Vehicle, vid: str, role: str, enemies: list[str]) -> list[Act]:
    out: list[Act] = []
    if role == "loader" or role == "commander":
        out += [Load(vid, role, r) for r in ROUNDS if (v.ammo or {}).get(r, 0) > 0]
        out += [Unload(vid, role), ReloadMg(vid, role, "coax"), Deck(vid, role, True)]
    if role == "co-driver":
        out.append(ReloadMg(vid, role, "bow"))
    weapons: tuple[Weapon, ...] = ("main", "coax", "bow", "aa")
    for weapon in weapons:
        out += [Fire(vid, role, weapon, t) for t in usable(v, role, weapon) if t in enemies]
    if role == "gunner":
        out += [SightIn(vid, role, t) for t in usable(v, role, "main") if t in enemies]
    return out


def _men(state: AfvState, unit: str, enemies: list[str]) -> list[Act]:
    out: list[Act] = []
    for m in state.men.values():
        if m.unit != unit or not m.fit:
            continue
        x, y = m.position
        out += [
            Move(m.id, (x + dx, y + dy))
            for dx, dy in ((2.0, 0.0), (-2.0, 0.0), (0.0, 2.0), (0.0, -2.0))
        ]
        out += [Shoot(m.id, t) for t in enemies]
    return out
