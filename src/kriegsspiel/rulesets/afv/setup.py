"""The state before the first card: every AFV with its crew in their positions, hatches as
the scenario sets them, MG boxes full (AFV-AMMO-01), main-gun rounds fixed by the scenario or
still to roll (SK-SETUP); every man of the fire teams; the deck of all cards (SK-DECK)."""

from __future__ import annotations

from kriegsspiel.rulesets.afv.scenario import AfvScenario, AfvUnit
from kriegsspiel.rulesets.afv.state import AfvState, Card, Crewman, Man, Mg, Vehicle


def initial_state(scenario: AfvScenario, cards: tuple[Card, ...]) -> AfvState:
    vehicles: dict[str, Vehicle] = {}
    men: dict[str, Man] = {}
    for unit in scenario.units:
        if unit.kind == "afv":
            vehicles[unit.id] = _vehicle(scenario, unit)
        else:
            for m in unit.men:
                shots = scenario.catalogue.weapons[m.weapon].shots
                men[m.id] = Man(
                    m.id,
                    unit.id,
                    unit.side,
                    m.name or m.id,
                    m.weapon,
                    m.position,
                    m.leader,
                    shots=shots,
                )
    return AfvState(
        scenario=scenario,
        catalogue=scenario.catalogue,
        vehicles=vehicles,
        men=men,
        cards=cards,
        left=tuple(c.id for c in cards),
    )


def _vehicle(scenario: AfvScenario, unit: AfvUnit) -> Vehicle:
    vt = scenario.catalogue.vehicles[unit.vehicle]
    assert unit.position is not None
    crew = {}
    for c in scenario.crew_of(unit):
        pos = vt.position(c.position)
        leader = c.leader if c.leader is not None else bool(pos and pos.leader)
        crew[c.id] = Crewman(c.id, c.name or c.id, leader, c.position)
    ammo = None
    if unit.ammo is not None:
        ammo = {r: unit.ammo.get(r, 0) for r in ("HE", "AP", "SMOKE", "CANISTER")}
        if unit.loaded is not None:
            ammo[unit.loaded] -= 1
    entry = unit.entry
    path = (
        (entry, unit.position) if entry is not None and entry != unit.position else (unit.position,)
    )
    return Vehicle(
        unit=unit.id,
        side=unit.side,
        type=unit.vehicle,
        position=unit.position,
        facing=unit.facing % 360.0,
        path=path,
        crew=crew,
        hatches={p.role: p.role in unit.unbuttoned for p in vt.positions if p.hatch},
        mgs={mount: Mg() for mount in vt.mgs},
        speed=unit.speed,
        ammo_rolled=sum(unit.ammo.values()) if unit.ammo is not None else None,
        ammo=ammo,  # type: ignore[arg-type]
        loaded=unit.loaded,
    )
