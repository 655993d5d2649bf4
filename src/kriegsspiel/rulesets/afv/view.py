"""What each seat may know of an `afv` state: `AfvView`, built by whitelisting field by field.

Secret to the other side (and the public display): the deck's order (never stored: each draw
is a die roll over the cards left), each AFV's ammunition (rounds rolled, split, left, the
round in the breech, MG boxes), its crew's places and state, what each crewman has acquired
or sighted in on, which way he watches, his bail-out kit, and the one-shot weapons men have
left. Everything a player at the table sees is public: positions, facings, turret bearings,
speeds, the route each AFV drove, open hatches, damage, smoke, morale states and the weapon
that halted an AFV, the cards drawn and how many of each side's are left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.views import (
    UNSET,
    Hidden,
    TerrainView,
    ViewHeader,
    header,
    shown,
    terrain_view,
)
from kriegsspiel.rulesets.afv.arcs import FRONT_HALF, SIGHT_HALF
from kriegsspiel.rulesets.afv.deck import next_card_odds
from kriegsspiel.rulesets.afv.morale import counts
from kriegsspiel.rulesets.afv.state import AfvState, Vehicle
from kriegsspiel.rulesets.afv.victory import result


class DeckView(msgspec.Struct, frozen=True, kw_only=True):
    left: int
    drawn: int
    by_side: dict[str, int]
    next_card: dict[str, str]
    yours: str | Hidden = UNSET  # a side's own odds of the next card


class CardView(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    side: str
    holder: str | None
    free_move: bool
    acted: list[str] | Hidden = UNSET  # its side and the umpire
    traversed: dict[str, float] | Hidden = UNSET


class CrewView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    position: str | None
    status: str
    leader: bool
    acquired: list[str]
    looking_rear: bool
    on_deck: bool
    kit: str | None


class VisionArcView(msgspec.Struct, frozen=True, kw_only=True):
    crew: str
    from_: float = msgspec.field(name="from")
    to: float


class MgView(msgspec.Struct, frozen=True):
    boxes: int
    rounds: int


class ManView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    weapon: str
    position: list[float]
    status: str
    leader: bool
    shots_left: int | Hidden | None = UNSET  # its side and the umpire


class AfvUnitView(msgspec.Struct, frozen=True, kw_only=True):
    """What every unit's view has; an AFV's is a `VehicleView`, a fire team's a `TeamView`."""

    id: str
    name: str
    side: str
    kind: str
    formation: str


class VehicleView(AfvUnitView, frozen=True, kw_only=True):
    vehicle: str
    vehicle_name: str
    position: list[float]
    facing: float
    gun_bearing: float
    speed: float
    moving: bool
    road: str | None
    status: str
    morale: str
    immobilised: bool
    faults: list[str]
    smoke: bool
    hatches_open: list[str]
    power_traverse: bool
    threat: str | None
    abandon: bool
    path: list[list[float]]
    # the rest is secret to the other side and the public display
    crew: list[CrewView] | Hidden = UNSET
    vision_arcs: list[VisionArcView] | Hidden = UNSET
    ammo_rolled: int | Hidden | None = UNSET
    ammo: dict[str, int] | Hidden | None = UNSET
    loaded: str | Hidden | None = UNSET
    mgs: dict[str, MgView] | Hidden = UNSET
    sighted: str | Hidden | None = UNSET
    smoke_clears_on_card: int | Hidden | None = UNSET
    morale_counts: dict[str, int] | Hidden = UNSET


class TeamView(AfvUnitView, frozen=True, kw_only=True):
    men: list[ManView]
    status: str


class AfvView(ViewHeader, frozen=True, kw_only=True):
    table: list[float] | None
    terrain: list[TerrainView]
    deck: DeckView
    card: CardView | None
    units: list[AfvUnitView]
    losses: dict[str, dict[str, int]]


def clock_text(view: Mapping[str, Any]) -> str:
    """SK-DECK, SK-CARD: the turn and the card in play, whose card it is and who holds it, by
    their names ("turn 1, card 3: Panzerfaust team 1 (in the inn)'s card (Kampfgruppe Vogt)")."""
    sides = {side["id"]: side["name"] for side in view.get("sides") or ()}
    units = {u["id"]: u.get("name") or u["id"] for u in view.get("units") or ()}
    text = f"turn {view.get('turn')}"
    card = view.get("card")
    if view.get("phase") == "setup":
        text += ": setup"
    elif card:
        holder = card.get("holder")
        whose = f"{units.get(holder, holder)}'s" if holder else "a free-move"
        text += f", card {card['number']}: {whose} card ({sides.get(card['side'], card['side'])})"
    elif not view.get("over"):
        text += ": the next card is to be drawn"
    return text + " (the game is over)" if view.get("over") else text


def view(state: AfvState, seat: str) -> AfvView:
    card = state.card
    acting = card.side if card else None
    return AfvView(
        **header("afv", state.scenario, seat),
        turn=state.turn,
        phasing=acting,
        phase="setup" if state.in_setup else f"card {card.number}" if card else "draw",
        acting=acting,
        over=result(state) is not None,
        table=list(state.scenario.table) if state.scenario.table else None,
        terrain=terrain_view(state.scenario),
        deck=_deck(state, seat),
        card=_card(state, seat),
        units=[_unit(state, seat, u.id) for u in state.scenario.units],
        losses=_losses(state),
    )


def _deck(state: AfvState, seat: str) -> DeckView:
    odds = next_card_odds(state)
    yours: str | Hidden = UNSET
    if seat in odds:
        mine, total = odds[seat]
        yours = f"{mine} of the {total} cards left are yours"
    return DeckView(
        left=len(state.left),
        drawn=state.drawn,
        by_side={side: mine for side, (mine, _) in odds.items()},
        next_card={side: f"{mine}/{total}" for side, (mine, total) in odds.items() if total},
        yours=yours,
    )


def _card(state: AfvState, seat: str) -> CardView | None:
    card = state.card
    if card is None:
        return None
    mine = seat in (UMPIRE, card.side)
    return CardView(
        number=card.number,
        side=card.side,
        holder=card.holder,
        free_move=state.card_of(card.card).holder is None,
        acted=shown(list(card.acted), mine),
        traversed=shown(dict(card.traversed), mine),
    )


def _unit(state: AfvState, seat: str, unit_id: str) -> AfvUnitView:
    spec = state.unit(unit_id)
    mine = seat in (UMPIRE, spec.side)
    if spec.kind == "afv":
        return _vehicle(state, state.vehicles[unit_id], mine)
    return TeamView(
        id=spec.id,
        name=spec.label,
        side=spec.side,
        kind=spec.kind,
        formation=spec.formation,
        men=[_man(state, m, mine) for m in spec.men],
        status="active" if state.unit_active(unit_id) else "out",
    )


def _vehicle(state: AfvState, v: Vehicle, mine: bool) -> VehicleView:
    spec = state.unit(v.unit)
    vt = state.catalogue.vehicles[v.type]
    public = VehicleView(
        id=spec.id,
        name=spec.label,
        side=spec.side,
        kind=spec.kind,
        formation=spec.formation,
        vehicle=v.type,
        vehicle_name=vt.name,
        position=list(v.position),
        facing=round(v.facing, 3),
        gun_bearing=round(v.gun_bearing, 3),
        speed=v.speed,
        moving=v.speed > 0 or v.morale == "retreating",
        road=v.road,
        status=v.status,
        morale=v.morale,
        immobilised=v.immobilised,
        faults=list(v.faults),
        smoke=v.smoke,
        hatches_open=[r for r, is_open in v.hatches.items() if is_open],
        power_traverse=vt.has_power_traverse,
        threat=v.threat,
        abandon=v.abandon,
        path=[list(p) for p in v.path],
    )
    if not mine:
        return public
    return msgspec.structs.replace(
        public,
        crew=[
            CrewView(
                id=c.id,
                name=c.name,
                position=c.position,
                status=c.status,
                leader=c.leader,
                acquired=list(c.acquired),
                looking_rear=c.looking_rear,
                on_deck=c.on_deck,
                kit=c.kit,
            )
            for c in v.crew.values()
        ],
        vision_arcs=vision_arcs(v),
        ammo_rolled=v.ammo_rolled,
        ammo=dict(v.ammo) if v.ammo is not None else None,
        loaded=v.loaded,
        mgs={k: MgView(m.boxes, m.rounds) for k, m in v.mgs.items()},
        sighted=v.sighted,
        smoke_clears_on_card=v.smoke_clears_on,
        morale_counts=counts(state, v.unit),
    )


def vision_arcs(v: Vehicle) -> list[VisionArcView]:
    """Each crewman's vision arc (AFV-VIS-02..04, -08; AMB-AFV-07), as bearings from/to
    clockwise: driver and co-driver ahead of the hull, the gunner along the gun, the commander
    all round; a loader has none. Only for the crewmen aboard and able to look."""
    out: list[VisionArcView] = []
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
        out.append(
            VisionArcView(
                crew=f"{c.name} ({c.position})",
                from_=round((centre - half) % 360, 1),
                to=round((centre + half) % 360, 1),
            )
        )
    return out


def _man(state: AfvState, spec_man: Any, mine: bool) -> ManView:
    man = state.men[spec_man.id]
    return ManView(
        id=man.id,
        name=man.name,
        weapon=man.weapon,
        position=list(man.position),
        status=man.status,
        leader=man.leader,
        shots_left=shown(man.shots, mine),
    )


def _losses(state: AfvState) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {s: {} for s in state.scenario.side_ids}
    for loss in state.losses:
        side = out.setdefault(loss.side, {})
        side[loss.kind] = side.get(loss.kind, 0) + 1
    return out
