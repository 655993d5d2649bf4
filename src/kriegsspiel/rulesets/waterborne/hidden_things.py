"""The things hidden from a seat that the game commits to (`Ruleset.hidden_things`,
core/commitments.py): each enemy unit still hidden (CF-HIDDEN), what it is and where it was when
committed, as plain JSON; opened when it is revealed."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.waterborne.state import WatState


def hidden_things(state: WatState, seat: str) -> dict[str, Any]:
    if seat == UMPIRE:
        return {}
    side = seat if seat in state.scenario.side_ids else None  # None: the public display
    out: dict[str, Any] = {}
    for uid, unit in state.units.items():
        spec = state.spec(uid)
        if unit.revealed or spec.side == side:
            continue
        where = unit.place or unit.aboard or "off the table"
        out[f"hidden:{uid}"] = {  # CF-HIDDEN: a unit the seat does not know exists
            "kind": "hidden unit",
            "label": f"Hidden {spec.kind} at {where}",
            "side": spec.side,
            "unit": uid,
            "name": spec.name,
            "type": spec.kind,
            "place": unit.place,
            "aboard": unit.aboard,
        }
    return out
