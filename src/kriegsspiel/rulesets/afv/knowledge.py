"""What a seat knows of an `afv` state: the state with every fact hidden from it replaced by
what it must assume. Legal actions, refusals, odds and dice prompts are computed from this.

Secret from the other side (records shown to the owning side only, and private in `view.py`):

- the main-gun rounds rolled, split, left and loaded, and the MG boxes (AFV-AMMO-01..04,
  AFV-CREW-10/15/16): the other side assumes none rolled yet during setup (SK-SETUP: whether
  setup is over is public, the phase shows it) and afterwards an unknown split (no rounds
  counted, nothing loaded) and full MG boxes;
- which crewman sits where once he changed position (AFV-CREW-06: the change is told to his
  side only): the other side assumes every crewman still aboard is in the position he started
  in; who is aboard, hurt or out, and who stands on the back deck, are public (hits, bail-outs
  and the back deck are seen by all, AFV-CREW-07, AMB-AFV-18);
- what each crewman has acquired, which way he watches (AMB-AFV-08, -09), the gunner's
  sight-in (AFV-CREW-14) and each bailed-out crewman's kit (AFV-BAIL-02): assumed none;
- when smoke clears from a tank after a backfire (AFV-MALF-02 with AMB-AFV-11: it depends on
  which positions are manned): assumed not yet known;
- which crewmen and men have acted on the card in play, and how far each turret turned on it
  (AFV-CREW-01, AFV-TURRET-01/02): known only to the side playing the card.

Everything else is on the table for all to see: positions, facings, turret bearings, speeds,
routes, hatches, damage, smoke, morale, losses, the cards drawn and left (the deck's order is
never stored: each draw is a die over the cards left, SK-DRAW), and men's one-shot weapons
(every shot is seen). The umpire knows everything.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.memo import WHOLE, Memo
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.secrecy import unshared
from kriegsspiel.rulesets.afv.state import AfvState, Crewman, Mg, Vehicle
from kriegsspiel.rulesets.afv.wording import kit


def knowledge(state: AfvState, seat: str) -> AfvState:
    """`state` as `seat` knows it (the umpire: `state` itself)."""
    if seat == UMPIRE:
        return state
    vehicles = _SEEN.get(state.vehicles, seat)
    if vehicles is None:
        setup = state.in_setup
        seen = {
            k: v if v.side == seat else _outsider(state, k, v, setup)
            for k, v in state.vehicles.items()
        }
        vehicles = _SEEN.put(state.vehicles, seen, seat)
    card = state.card
    if card is not None and card.side != seat:
        card = replace(card, acted=(), traversed={})
    return replace(state, vehicles=vehicles, card=card)


def secrets(state: AfvState, seat: str) -> frozenset[str]:
    """The strings hidden from `seat` (`Ruleset.secrets`). What this ruleset hides are counts
    and relations between things on the table, so it lists the text that would tell them, in
    the words of the ruleset's own log and views, for each AFV of another side: a crewman in a
    position he did not start in ("Cpl Novak (loader)", "novak (sherman-1) moves to the
    loader's position"); the rounds it rolled ("sherman-1 carries 60 main-gun rounds") and the
    round in its breech; what each crewman acquired, what the gunner
    sighted in on, and each bailed-out crewman's kit."""
    if seat == UMPIRE:
        return frozenset()
    start = state.scenario.start_positions
    out: list[str] = []
    for vid, v in state.vehicles.items():
        if v.side == seat:
            continue
        for c in v.crew.values():
            if c.position is not None and c.position != start.get(c.id):
                moved = f"{c.id} ({vid}) moves to the {c.position}'s position"
                out += [f"{c.name} ({c.position})", moved]
            out += [f"{c.id} ({vid}) acquires {target}" for target in c.acquired]
            out += [f"{c.id} brings {kit(c.kit)}"] if c.kit is not None else []
        if v.ammo_rolled is not None:
            out.append(f"{vid} carries {v.ammo_rolled} main-gun rounds")
        if v.loaded is not None:
            out.append(f"{vid}'s loader loads {v.loaded}")
        if v.sighted is not None:
            out.append(f"{vid}'s gunner sights in on {v.sighted}")
    return unshared(out, knowledge(state, seat))


# Vehicles and a state's dict of them are immutable and shared by successive states, so each
# one's version for a seat is made once.
_SEEN: Memo[dict[str, Vehicle]] = Memo(limit=WHOLE)  # a state's vehicles as a seat knows them
_OUTSIDERS: Memo[Vehicle] = Memo()  # an AFV as the other side assumes it, in setup or after


def _outsider(state: AfvState, vehicle_id: str, v: Vehicle, setup: bool) -> Vehicle:
    """An AFV of another side, as that seat must assume it (see the module docstring)."""
    out = _OUTSIDERS.get(v, setup)
    if out is None:
        out = _OUTSIDERS.put(v, _assume(state, vehicle_id, v, setup), setup)
    return out


def _assume(state: AfvState, vehicle_id: str, v: Vehicle, setup: bool) -> Vehicle:
    start = state.scenario.start_positions
    gun = state.vtype(vehicle_id).main_gun is not None
    return replace(
        v,
        crew={k: _crewman(c, start[k]) for k, c in v.crew.items()},
        mgs={mount: Mg() for mount in v.mgs},
        ammo_rolled=None,
        ammo=None if setup or not gun else {},
        loaded=None,
        sighted=None,
        smoke_clears_on=None,
    )


def _crewman(c: Crewman, start: str) -> Crewman:
    """A crewman of another side: aboard in his starting position, with nothing acquired."""
    return Crewman(
        c.id,
        c.name,
        c.leader,
        start if c.position is not None else None,
        c.status,
        on_deck=c.on_deck,
    )
