"""The things hidden from a seat that the game commits to (`Ruleset.hidden_things`,
core/commitments.py), as plain JSON fixed while they stay hidden:

- an enemy minefield section whose place the seat does not know (ENG-MINE-25, AMB-ENG-13): its
  place, opened when the seat finds it (ENG-MINE-27);
- what every enemy section is (ENG-MINE-27/28): its type (a dummy as a dummy, ENG-MINE-13), how
  it was laid (ENG-MINE-18) and its densities (ENG-MINE-16/17), opened when a dummy is shown up
  and otherwise at the full reveal;
- an enemy demolition the seat does not know of (ENG-DEMO-03): where it is, what it brings down
  and the preparations it takes (not whether they are done, which stays hidden even once the
  seat knows of it), opened when it goes off or the seat learns of it.

A thing's words (`label`) say no more than its opening shows.
"""

from __future__ import annotations

from typing import Any

import msgspec

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.engineering.footprints import Footprint
from kriegsspiel.rulesets.engineering.knowledge import knows_place
from kriegsspiel.rulesets.engineering.state import EngState, Point


def hidden_things(state: EngState, seat: str) -> dict[str, Any]:
    if seat == UMPIRE:
        return {}
    out: dict[str, Any] = {}
    for key, field in state.minefields.items():
        if field.side == seat:
            continue
        where = _where(field.footprint)
        if not knows_place(state, seat, field):  # ENG-MINE-25: not known to be there
            out[f"minefield:{key}"] = {
                "kind": "minefield",
                "label": f"Minefield {where}",
                "side": field.side,
                "footprint": msgspec.to_builtins(field.footprint),
            }
        out[f"minefield:{key}:nature"] = {  # ENG-MINE-27/28: what it is, never shown by place
            "kind": "minefield nature",
            "label": f"What the minefield {where} is",
            "name": field.name,
            "type": field.type,
            "laid": field.laid,
            "at": field.at,
            "ap": field.ap,
        }
    for key, demo in state.demolitions.items():
        if demo.side == seat or seat in demo.known_to or demo.destroyed:
            continue
        out[f"demolition:{key}"] = {  # ENG-DEMO-03: a demolition the seat does not know of
            "kind": "demolition",
            "label": f"Demolition {demo.name or demo.id} {_at(demo.position)}",
            "side": demo.side,
            "position": demo.position,
            "demolition": demo.kind or "target",
            "target": demo.target,
            "preparations": state.tasks[demo.task].required,
        }
    return out


def _where(footprint: Footprint | None) -> str:
    return _at(footprint.centre if footprint is not None else None)


def _at(point: Point | None) -> str:
    return "off the table" if point is None else f"at ({point[0]:g}, {point[1]:g})"
