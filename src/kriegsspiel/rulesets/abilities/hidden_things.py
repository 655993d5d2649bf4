"""The things hidden from a seat that the game commits to (`Ruleset.hidden_things`,
core/commitments.py), as plain JSON fixed while they stay hidden:

- an enemy Blind's contents (CHQ-BLIND): the units in it, none for a dummy; opened when it is
  spotted or deploys. Its place is public, and it moves, so it is not committed;
- an enemy unit in reserve (CHQ-RESERVE): what it is; opened when it enters.
"""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.abilities.state import AblState


def hidden_things(state: AblState, seat: str) -> dict[str, Any]:
    if seat == UMPIRE:
        return {}
    out: dict[str, Any] = {}
    for key, blind in state.blinds.items():
        if blind.gone or blind.side == seat:
            continue
        units = [
            {"unit": uid, "name": state.specs[uid].name or uid, "type": state.specs[uid].type}
            for uid in sorted(state.blind_units(key))
        ]
        out[f"blind:{key}"] = {  # CHQ-BLIND: what the enemy's Blind holds
            "kind": "blind",
            "label": blind.name or f"Blind {key}",
            "side": blind.side,
            "units": units,
        }
    for uid, unit in state.units.items():
        spec = state.specs[uid]
        if unit.reserve and spec.side != seat:
            out[f"reserve:{uid}"] = {  # CHQ-RESERVE: off table, unknown to the enemy
                "kind": "reserve",
                "label": f"{spec.name or uid} in reserve",
                "side": spec.side,
                "unit": uid,
                "type": spec.type,
            }
    return out
