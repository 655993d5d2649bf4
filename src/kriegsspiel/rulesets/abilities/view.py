"""What each seat may know of an `abilities` state. Built by whitelisting, field by field.

A side sees its own units wherever they are, and enemy units only once they are on the table
(spotted, deployed or entered from reserve); enemy Blinds show where they are, never what they
hold (CHQ-BLIND).
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.abilities.base import knows_unit
from kriegsspiel.rulesets.abilities.catalogue import Statline, Weapon
from kriegsspiel.rulesets.abilities.sight import in_cover
from kriegsspiel.rulesets.abilities.state import AblState


def view(state: AblState, seat: str, to_act: list[str]) -> dict[str, Any]:
    options = state.scenario.options
    return {
        "ruleset": "abilities",
        "seat": seat,
        "title": state.scenario.title,
        "turn": state.turn,
        "turns": state.scenario.turns,
        "stage": state.stage,
        "pulse": state.pulse,
        "pulse_side": state.pulse_side,
        "over": state.over,
        "to_act": to_act,
        # the clock as every ruleset's view gives it (for generic displays)
        "phasing": state.pulse_side or "",
        "phase": f"command pulse {state.pulse}" if state.stage == "pulses" else "command dice",
        "acting": ", ".join(to_act),
        "sides": [{"id": s.id, "name": s.name or s.id} for s in state.scenario.sides],
        "table": list(state.scenario.table),
        "options": {
            "strict_breakoff_no_activation": options.strict_breakoff_no_activation,
            "disruption": options.disruption,
            "high_suppression_needs_six": options.high_suppression_needs_six,
        },
        "command": {
            side: {
                "rolled": list(c.rolled) if c.rolled is not None else None,
                "dice": list(c.dice),
                "wild": c.wild,
                "failed": c.failed,
            }
            for side, c in state.command.items()
        },
        "terrain": [
            {"id": t.id, "kind": t.kind, "name": t.name, "points": [list(p) for p in t.points]}
            for t in state.scenario.terrain
        ],
        "units": [_unit(state, seat, u) for u in state.specs if knows_unit(state, seat, u)],
        "blinds": [_blind(state, seat, b) for b, s in state.blinds.items() if not s.gone],
        "activation": _activation(state, seat),
        "window": (
            {"trigger": state.window.trigger, "side": state.window.side} if state.window else None
        ),
        "attack": _attack(state),
    }


def _weapon(w: Weapon | None) -> dict[str, Any] | None:
    if w is None:
        return None
    return {
        "dice": w.dice,
        "weapon": w.weapon,
        "ranges": list(w.ranges) if w.ranges else None,
        "indirect": w.indirect,
    }


def statline(line: Statline) -> dict[str, Any]:
    return {
        "name": line.name,
        "nation": line.nation,
        "kind": line.kind,
        "armour": line.armour,
        "reaction": line.reaction,
        "cohesion": line.cohesion,
        "abilities": list(line.abilities),
        "fp": _weapon(line.fp),
        "at": _weapon(line.at),
        "towed": line.towed,
    }


def _unit(state: AblState, seat: str, unit_id: str) -> dict[str, Any]:
    spec, u = state.specs[unit_id], state.units[unit_id]
    out: dict[str, Any] = {
        "id": spec.id,
        "name": spec.label,
        "side": spec.side,
        "type": spec.type,
        "statline": statline(state.line(unit_id)),
        "position": list(u.position),
        "facing": u.facing,
        "dp": u.dp,
        "suppressed": u.suppressed,
        "dispersed": u.dispersed,
        "fire_marker": u.fire_marker,
        "limbered": u.limbered,
        "activated_this_turn": u.activated is not None and u.activated[0] == state.turn,
        "broke_off_this_turn": u.broke_off is not None and u.broke_off[0] == state.turn,
    }
    if seat in (UMPIRE, spec.side):
        out["blind"] = u.blind
        out["reserve"] = u.reserve
    return out


def _blind(state: AblState, seat: str, blind_id: str) -> dict[str, Any]:
    b = state.blinds[blind_id]
    out: dict[str, Any] = {
        "id": blind_id,
        "name": b.name,
        "side": b.side,
        "position": list(b.position),
        "facing": b.facing,
        "in_cover": in_cover(state, b.position),
    }
    if seat in (UMPIRE, b.side):
        out["units"] = state.blind_units(blind_id)
    return out


def _activation(state: AblState, seat: str) -> dict[str, Any] | None:
    a = state.activation
    if a is None:
        return None
    out: dict[str, Any] = {
        "side": a.side,
        "commander": a.commander,
        "members": list(a.members),
        "order_chain": a.size,
        "group_spot_used": a.group_spot,
        "acts": {
            m: {
                "moves_used": act.moves,
                "moved": act.moved,
                "fired": act.fired,
                "spotted": act.spotted,
                "rallied": act.rallied,
                "done": act.done,
            }
            for m, act in a.acts.items()
        },
    }
    if seat in (UMPIRE, a.side):
        out["spotters"] = list(a.spotters)
    return out


def _attack(state: AblState) -> dict[str, Any] | None:
    a = state.attack
    if a is None:
        return None
    return {
        "firer": a.firer,
        "weapon": a.weapon,
        "opportunity": a.opportunity,
        "dice": a.dice,
        "tn": a.tn,
        "notes": list(a.notes),
        "artillery": a.artillery,
        "targets": [
            {"unit": t.unit, "distance": t.distance, "band": t.band, "answer": t.answer}
            for t in a.targets
        ],
    }
