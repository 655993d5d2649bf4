"""What each seat may know of an `afv` state, built by whitelisting field by field.

Secret to the other side (and the public display): the deck's order (never stored: each draw
is a die roll over the cards left), each AFV's ammunition (rounds rolled, split, left, the
round in the breech, MG boxes), its crew's places and state, what each crewman has acquired
or sighted in on, which way he watches, his bail-out kit, and the one-shot weapons men have
left. Everything a player at the table sees is public: positions, facings, turret bearings,
speeds, the route each AFV drove, open hatches, damage, smoke, morale states and the weapon
that halted an AFV, the cards drawn and how many of each side's are left.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.afv.arcs import FRONT_HALF, SIGHT_HALF
from kriegsspiel.rulesets.afv.deck import next_card_odds
from kriegsspiel.rulesets.afv.morale import counts
from kriegsspiel.rulesets.afv.state import AfvState, Vehicle


def view(state: AfvState, seat: str) -> dict[str, Any]:
    card = state.card
    acting = card.side if card else None
    return {
        "ruleset": "afv",
        "seat": seat,
        "title": state.scenario.title,
        "turn": state.turn,
        "phasing": acting,
        "phase": "setup" if state.in_setup else f"card {card.number}" if card else "draw",
        "acting": acting,
        "over": state.over,
        "sides": [{"id": s.id, "name": s.name or s.id} for s in state.scenario.sides],
        "options": _options(state),
        "table": list(state.scenario.table) if state.scenario.table else None,
        "terrain": [
            {"id": t.id, "kind": t.kind, "name": t.name, "points": [list(p) for p in t.points]}
            for t in state.scenario.terrain
        ],
        "deck": _deck(state, seat),
        "card": _card(state, seat),
        "units": [_unit(state, seat, u.id) for u in state.scenario.units],
        "losses": _losses(state),
    }


def _options(state: AfvState) -> dict[str, Any]:
    o = state.scenario.options
    return {
        "main_gun_ammo": o.main_gun_ammo,
        "morale_modifier_sign": o.morale_modifier_sign,
        "morale_scope": o.morale_scope,
        "repair_chances": o.repair_chances,
        "mg_rounds_per_burst": o.mg_rounds_per_burst,
        "infantry_move": o.infantry_move,
    }


def _deck(state: AfvState, seat: str) -> dict[str, Any]:
    odds = next_card_odds(state)
    out: dict[str, Any] = {
        "left": len(state.left),
        "drawn": state.drawn,
        "by_side": {side: mine for side, (mine, _) in odds.items()},
        "next_card": {side: f"{mine}/{total}" for side, (mine, total) in odds.items() if total},
    }
    if seat in odds:
        mine, total = odds[seat]
        out["yours"] = f"{mine} of the {total} cards left are yours"
    return out


def _card(state: AfvState, seat: str) -> dict[str, Any] | None:
    card = state.card
    if card is None:
        return None
    out: dict[str, Any] = {
        "number": card.number,
        "side": card.side,
        "holder": card.holder,
        "free_move": state.card_of(card.card).holder is None,
    }
    if seat in (UMPIRE, card.side):
        out["acted"] = list(card.acted)
        out["traversed"] = dict(card.traversed)
    return out


def _unit(state: AfvState, seat: str, unit_id: str) -> dict[str, Any]:
    spec = state.unit(unit_id)
    mine = seat in (UMPIRE, spec.side)
    out: dict[str, Any] = {
        "id": spec.id,
        "name": spec.label,
        "side": spec.side,
        "kind": spec.kind,
        "formation": spec.formation,
    }
    if spec.kind == "afv":
        out |= _vehicle(state, state.vehicles[unit_id], mine)
    else:
        out["men"] = [_man(state, m, mine) for m in spec.men]
        out["status"] = "active" if state.unit_active(unit_id) else "out"
    return out


def _vehicle(state: AfvState, v: Vehicle, mine: bool) -> dict[str, Any]:
    vt = state.catalogue.vehicles[v.type]
    out: dict[str, Any] = {
        "vehicle": v.type,
        "vehicle_name": vt.name,
        "position": list(v.position),
        "facing": round(v.facing, 3),
        "gun_bearing": round(v.gun_bearing, 3),
        "speed": v.speed,
        "moving": v.speed > 0 or v.morale == "retreating",
        "road": v.road,
        "status": v.status,
        "morale": v.morale,
        "immobilised": v.immobilised,
        "faults": list(v.faults),
        "smoke": v.smoke,
        "hatches_open": [r for r, is_open in v.hatches.items() if is_open],
        "power_traverse": vt.has_power_traverse,
        "threat": v.threat,
        "abandon": v.abandon,
        "path": [list(p) for p in v.path],
    }
    if not mine:
        return out
    out |= {
        "crew": [
            {
                "id": c.id,
                "name": c.name,
                "position": c.position,
                "status": c.status,
                "leader": c.leader,
                "acquired": list(c.acquired),
                "looking_rear": c.looking_rear,
                "on_deck": c.on_deck,
                "kit": c.kit,
            }
            for c in v.crew.values()
        ],
        "vision_arcs": vision_arcs(v),
        "ammo_rolled": v.ammo_rolled,
        "ammo": dict(v.ammo) if v.ammo is not None else None,
        "loaded": v.loaded,
        "mgs": {k: {"boxes": m.boxes, "rounds": m.rounds} for k, m in v.mgs.items()},
        "sighted": v.sighted,
        "smoke_clears_on_card": v.smoke_clears_on,
        "morale_counts": counts(state, v.unit),
    }
    return out


def vision_arcs(v: Vehicle) -> list[dict[str, Any]]:
    """Each crewman's vision arc (AFV-VIS-02..04, -08; AMB-AFV-07), as bearings from/to
    clockwise: driver and co-driver ahead of the hull, the gunner along the gun, the commander
    all round; a loader has none. Only for the crewmen aboard and able to look."""
    out: list[dict[str, Any]] = []
    for c in v.crew.values():
        if not c.fit or c.on_deck:
            continue
        if c.position in ("driver", "co-driver"):
            centre, half = v.facing, FRONT_HALF
        elif c.position == "gunner":
            centre, half = v.gun_bearing, SIGHT_HALF
        elif c.position == "commander":
            centre, half = v.facing, 180.0
        else:
            continue
        out.append({
            "crew": f"{c.name} ({c.position})",
            "from": round((centre - half) % 360, 1),
            "to": round((centre + half) % 360, 1),
        })  # fmt: skip
    return out


def _man(state: AfvState, spec_man: Any, mine: bool) -> dict[str, Any]:
    man = state.men[spec_man.id]
    out: dict[str, Any] = {
        "id": man.id,
        "name": man.name,
        "weapon": man.weapon,
        "position": list(man.position),
        "status": man.status,
        "leader": man.leader,
    }
    if mine:
        out["shots_left"] = man.shots
    return out


def _losses(state: AfvState) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {s: {} for s in state.scenario.side_ids}
    for loss in state.losses:
        side = out.setdefault(loss.side, {})
        side[loss.kind] = side.get(loss.kind, 0) + 1
    return out
