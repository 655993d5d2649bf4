"""A full state drawn from what a seat knows (`Ruleset.determinize`), for a search bot.

Of the facts `knowledge.py` hides, one matters to what the enemy can do: its main-gun rounds.
The seat's knowledge gives an enemy AFV past setup no rounds counted and none loaded, which
would leave it unable to fire; a determinization gives it `STOCK` rounds of each of AP and HE
(AFV-AMMO-04: the split is its owner's secret) with one of the two drawn as loaded. Everything
else stays as the seat knows it: crewmen in their starting positions, nothing acquired or
sighted in, full MG boxes.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from kriegsspiel.rulesets.afv.state import AfvState

STOCK = 10  # rounds of AP and of HE an enemy AFV is taken to carry


def determinize(known: AfvState, seat: str, rng: random.Random) -> AfvState:
    """`known` with each enemy AFV's rounds (which the seat cannot count) given a stock."""
    if known.in_setup:
        return known
    vehicles = dict(known.vehicles)
    for key in sorted(vehicles):
        v = vehicles[key]
        if v.side != seat and v.ammo == {} and known.vtype(key).main_gun is not None:
            loaded = rng.choice(("AP", "HE"))
            vehicles[key] = replace(v, ammo={"AP": STOCK, "HE": STOCK}, loaded=loaded)
    return replace(known, vehicles=vehicles) if vehicles != known.vehicles else known


__all__ = ["determinize"]
