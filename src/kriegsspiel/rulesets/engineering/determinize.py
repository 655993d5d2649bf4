"""A full state drawn from what a seat knows (`Ruleset.determinize`), for a search bot.

Of the facts `knowledge.py` hides, one is drawn: an enemy minefield section the seat knows only
by its place is a dummy with probability 1/2 (ENG-MINE-28: a dummy looks exactly like a real
surface field), else the surface-laid, normal-density mixed field the seat must assume
(ENG-MINE-27). Everything else stays as the seat knows it: no buried or unseen sections
(nothing tells where they would lie), enemy demolitions it knows of prepared, no secret tasks.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from kriegsspiel.rulesets.engineering.state import EngState

DUMMY = 0.5  # the chance an enemy section known only by its place is a dummy


def determinize(known: EngState, seat: str, rng: random.Random) -> EngState:
    """`known` with each enemy section known by place drawn real or dummy."""
    fields = dict(known.minefields)
    for key in sorted(fields):
        field = fields[key]
        if field.side != seat and rng.random() < DUMMY:
            fields[key] = replace(field, dummy=True, at=None, ap=None)
    return replace(known, minefields=fields) if fields != known.minefields else known


__all__ = ["determinize"]
