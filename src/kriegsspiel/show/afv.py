"""`show` for afv: the deck and the card, AFVs with their crews and ammunition, teams."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kriegsspiel.cli_tables import Block, Para, Table
from kriegsspiel.rulesets.afv.view import AfvView, CrewView, TeamView, VehicleView
from kriegsspiel.show.cells import (
    Row,
    counted,
    degrees,
    flags,
    joined,
    known,
    named,
    names_of,
    num,
    optional,
    per_side,
    point,
    whose,
)


def motion(v: VehicleView) -> str:
    """AFV-MOVE-01: the speed set, in inches a card; the road it follows."""
    speed = f'{num(v.speed)}" a card' if v.speed else "halted"
    return joined(
        (speed, "moving" if v.moving and not v.speed else None, v.road and f"on {v.road}")
    )


def vehicle_state(v: VehicleView) -> str:
    return joined(
        (
            v.status,
            f"morale {v.morale}",
            flags(immobilised=v.immobilised, smoke=v.smoke, abandon=v.abandon),
            v.threat and f"threat: {v.threat}",
            v.faults and f"faults: {', '.join(v.faults)}",
        )
    )


def crewman_state(c: CrewView) -> str:
    return joined(
        (
            c.status,
            flags(leader=c.leader, on_deck=c.on_deck, looking_rear=c.looking_rear),
            c.kit and f"kit: {c.kit}",
        )
    )


def deck_text(view: AfvView, names: Mapping[str, str]) -> list[Block]:
    """SK-DECK: the cards left and drawn, each side's chance of the next; the card in play."""
    deck = view.deck
    yours = known(deck.yours)
    out: list[Block] = [
        Para(
            f"deck: {deck.left} cards left, {deck.drawn} drawn; the next card: "
            + joined(f"{side} {odds}" for side, odds in deck.next_card.items())
            + (f" ({yours})" if yours else "")
        )
    ]
    card = view.card
    if card is None:
        return [*out, Para("card: none in play")]
    acted = known(card.acted)
    traversed = known(card.traversed)
    out.append(
        Para(
            joined(
                (
                    f"card {card.number}: {whose(view, card.side)}",
                    f"held by {names.get(card.holder, card.holder)}" if card.holder else "not held",
                    card.free_move and "a free-move card",
                    acted is not None and f"acted on it: {names_of(acted, names) or 'nobody yet'}",
                    traversed
                    and "turrets traversed: "
                    + joined(f"{names.get(k, k)} {degrees(d)}" for k, d in traversed.items()),
                ),
                "; ",
            )
        )
    )
    return out


def blocks(view: AfvView) -> list[Block]:
    names = {u.id: u.name for u in view.units}
    vehicles = [u for u in view.units if isinstance(u, VehicleView)]
    found_teams = [u for u in view.units if isinstance(u, TeamView)]
    for team in found_teams:
        names |= {m.id: m.name for m in team.men}
    for v in vehicles:
        names |= {c.id: c.name for c in known(v.crew) or ()}
    out = deck_text(view, names)
    out += per_side(
        view,
        "AFVs",
        ("AFV", "at", "hull", "turret", "speed", "hatches open", "state"),
        vehicles,
        lambda v: v.side,
        lambda v: (
            named(v.name, v.id) + f"\n{v.vehicle_name}",
            point(v.position),
            degrees(v.facing),
            degrees(v.gun_bearing) + ("" if v.power_traverse else "\nhand traverse"),
            motion(v),
            ", ".join(v.hatches_open) or "none",
            vehicle_state(v),
        ),
    )
    for v in vehicles:
        crew = known(v.crew)
        if crew is not None:
            out.append(crew_table(v, crew, names))
    out += ammunition(vehicles, names)
    out += per_side(
        view,
        "teams",
        ("team", "man", "weapon", "at", "state", "shots left"),
        [(team, n) for team in found_teams for n in range(len(team.men))],
        lambda tm: tm[0].side,
        man_row,
    )
    losses = joined(f"{side}: {counted(kinds)}" for side, kinds in view.losses.items() if kinds)
    if losses:
        out.append(Para(f"losses: {losses}"))
    return out


def crew_table(v: VehicleView, crew: Sequence[CrewView], names: Mapping[str, str]) -> Table:
    """AFV-CREW: who sits where, in what state, and what each has acquired (AFV-VIS)."""
    arcs = {
        a.crew: f"{degrees(a.from_)}–{degrees(a.to)}" if a.from_ != a.to else "all round"
        for a in known(v.vision_arcs) or ()
    }
    return Table(
        f"{v.name}: crew",
        ("position", "crewman", "state", "sees", "acquired"),
        [
            (
                c.position or "—",
                c.name,
                crewman_state(c),
                arcs.get(f"{c.name} ({c.position})", ""),
                names_of(c.acquired, names),
            )
            for c in crew
        ],
    )


def rounds_left(v: VehicleView) -> dict[str, int]:
    """AFV-AMMO-04: the main-gun rounds left by type, once split (none before)."""
    ammo = known(v.ammo)
    return ammo or {}


def ammunition(vehicles: Sequence[VehicleView], names: Mapping[str, str]) -> list[Block]:
    """AFV-AMMO: the main-gun rounds of each of the seat's AFVs by type and the round loaded;
    each MG's rounds in its box and its spare boxes (AMB-AFV-20)."""
    own = [v for v in vehicles if known(v.crew) is not None]
    ammo_of = {v.id: rounds_left(v) for v in own}
    kinds = {kind: None for ammo in ammo_of.values() for kind in ammo}
    mgs_of = {v.id: known(v.mgs) or {} for v in own}
    mgs = {mg: None for found in mgs_of.values() for mg in found}
    rows: list[Row] = []
    for v in own:
        ammo = ammo_of[v.id]
        rolled = known(v.ammo_rolled)
        sighted = known(v.sighted)
        rows.append(
            (
                v.name,
                "not yet" if rolled is None else str(rolled),
                *(str(ammo[k]) if k in ammo else "" for k in kinds),
                loaded if (loaded := known(v.loaded)) else "none",
                names.get(sighted, sighted) if sighted else "",
            )
        )
    guns = [
        (
            v.name,
            *(
                f"{m.rounds} rounds\n{m.boxes - 1} spare" if (m := mgs_of[v.id].get(mg)) else ""
                for mg in mgs
            ),
        )
        for v in own
    ]
    return [
        Table("main-gun ammunition", ("AFV", "rolled", *kinds, "loaded", "sighted on"), rows),
        Table("machine guns", ("AFV", *(f"{mg} MG" for mg in mgs)), guns),
    ]


def man_row(team_man: tuple[TeamView, int]) -> Row:
    team, n = team_man
    man = team.men[n]
    return (
        f"{named(team.name, team.id)}\n{team.status}" if n == 0 else "",
        named(man.name, man.id),
        man.weapon,
        point(man.position),
        joined((man.status, flags(leader=man.leader))),
        optional(known(man.shots_left)),
    )


VIEW = AfvView
