"""What `kriegsspiel show` prints: what a seat plays with, read from the fields of its ruleset's
typed view (`Game.typed_view`) and nothing else, laid out to fit the terminal (`cli_tables`).

afv: every AFV's place, hull and turret bearing, speed and motion, open hatches and state, and
for the seat's own its crew by position, ammunition by type with the round loaded and its MGs;
the deck and the card. abilities: Command Dice, the activation and its Command Group, Fire
markers, Disruption Points, a declared attack with its pending Break-off answers, statlines and
Blinds. waterborne: the initiative, reactive fire, stands and craft with No Fire markers and
passengers, pontoon sites. engineering: units, tasks, demolitions, and where every engineering
feature is. Units are listed side by side, the seat's own side first.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import click
import msgspec
from msgspec import UnsetType

from kriegsspiel.cli_tables import WIDTH, Block, Para, Table, render
from kriegsspiel.core.views import ViewHeader, view_data
from kriegsspiel.render.text import clock_text, console, pending_text, render_view, to_act_text
from kriegsspiel.rulesets.abilities.view import AblUnitView, AblView, BlindView
from kriegsspiel.rulesets.afv.view import AfvView, CrewView, TeamView, VehicleView
from kriegsspiel.rulesets.engineering.obstacles.obstacle_view import FootprintView
from kriegsspiel.rulesets.engineering.view import EngUnitView, EngView
from kriegsspiel.rulesets.waterborne.view import CraftView, StandView, WatView

T = TypeVar("T")
Row = tuple[str, ...]

# -- cells ----------------------------------------------------------------------------------------


def num(value: float) -> str:
    """A number as a player reads it off a ruler: at most two decimals, none needless."""
    return f"{round(value, 2):g}"


def point(p: Sequence[float] | None) -> str:
    return ",".join(num(v) for v in p) if p else ""


def degrees(value: float) -> str:
    return f"{num(value)}°"


def known(value: T | UnsetType) -> T | None:
    """`value`, or None where the seat may not see it (UNSET)."""
    return None if isinstance(value, UnsetType) else value


def joined(items: Iterable[object], sep: str = ", ") -> str:
    """The non-empty strings of `items` (falsy values and flags left out), joined."""
    return sep.join(i for i in items if isinstance(i, str) and i)


def flags(**on: bool | UnsetType | None) -> str:
    """The names of the flags that are set (underscores read as spaces)."""
    return joined(name.replace("_", " ") for name, value in on.items() if value is True)


def counted(counts: Mapping[Any, int] | None) -> str:
    return joined(f"{kind} {n}" for kind, n in (counts or {}).items())


def named(name: str, ident: str) -> str:
    """A thing's name over the id a command takes."""
    return f"{name}\n{ident}" if name and name != ident else ident


def names_of(ids: Iterable[str], names: Mapping[str, str], sep: str = ", ") -> str:
    return joined((names.get(i, i) for i in ids), sep)


def optional(value: int | None) -> str:
    return "" if value is None else str(value)


def sides_first(view: ViewHeader, present: Iterable[str | None]) -> list[str | None]:
    """The sides of `present`, the seat's own first, then in the scenario's order."""
    order = [view.seat, *(s.id for s in view.sides)]
    found = list(dict.fromkeys(present))
    return sorted(found, key=lambda s: order.index(s) if s in order else len(order))


def per_side(
    view: ViewHeader,
    title: str,
    headers: Row,
    items: Sequence[T],
    side: Callable[[T], str | None],
    row: Callable[[T], Row],
) -> list[Block]:
    """One table of `items` for each side they belong to, the seat's own first."""
    return [
        Table(
            f"{owner} {title}" if owner else title,
            headers,
            [row(i) for i in items if side(i) == owner],
        )
        for owner in sides_first(view, map(side, items))
    ]


def heading(view: ViewHeader) -> list[Block]:
    sides = joined(f"{s.id} ({s.name})" if s.name != s.id else s.id for s in view.sides)
    clock = {f: getattr(view, f) for f in ("turn", "phasing", "phase", "acting", "over")}
    return [
        Para(f"{view.title}, as seen by {view.seat}"),
        Para(clock_text(clock)),
        Para(f"sides: {sides}"),
    ]


# -- afv ------------------------------------------------------------------------------------------


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
                    f"card {card.number}: {card.side}'s",
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


def afv_blocks(view: AfvView) -> list[Block]:
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


# -- abilities (Combat HQ) ------------------------------------------------------------------------


def markers(u: AblUnitView) -> str:
    """CHQ-MARKER Fire markers, suppression, and what the unit did this turn."""
    return flags(
        fire_marker=u.fire_marker,
        suppressed=u.suppressed,
        dispersed=u.dispersed,
        limbered=u.limbered,
        activated=u.activated_this_turn,
        broke_off=u.broke_off_this_turn,
    )


def weapon(dice: int, kind: str, indirect: bool) -> str:
    return joined((f"{dice}D", kind, indirect and "indirect"), " ")


def abl_blocks(view: AblView) -> list[Block]:
    names = {u.id: u.name for u in view.units} | {b.id: b.name for b in view.blinds}
    stage = (
        f"Command Pulse {view.pulse}, {view.pulse_side}'s"
        if view.stage == "pulses"
        else "Command Dice to roll"
    )
    out: list[Block] = [
        Para(f"turn {view.turn} of {view.turns}: {stage}"),
        Table(
            "Command Dice",
            ("side", "rolled", "left", "wild", "Command Failure"),
            [
                (
                    side,
                    " ".join(map(str, c.rolled)) if c.rolled is not None else "not yet",
                    " ".join(map(str, c.dice)) or "none",
                    str(c.wild) if c.wild else "",
                    "yes" if c.failed else "",
                )
                for side, c in view.command.items()
            ],
        ),
    ]
    out += activation(view, names)
    if view.window is not None:
        w = view.window
        out.append(
            Para(f"opportunity fire: {w.side} may fire at {names.get(w.trigger, w.trigger)}")
        )
    out += attack(view, names)
    out += per_side(
        view,
        "units",
        ("unit", "at", "facing", "DP", "markers", "hidden"),
        view.units,
        lambda u: u.side,
        lambda u: (
            named(u.name, u.id),
            point(u.position),
            degrees(u.facing),
            str(u.dp),
            markers(u),
            joined(
                (
                    (b := known(u.blind)) and f"in {names.get(b, b)}",
                    known(u.reserve) and "in reserve",
                )
            ),
        ),
    )
    out.append(statlines(view.units))
    out += per_side(
        view,
        "Blinds",
        ("Blind", "at", "facing", "in cover", "holds"),
        view.blinds,
        lambda b: b.side,
        lambda b: blind_row(b, names),
    )
    return out


def activation(view: AblView, names: Mapping[str, str]) -> list[Block]:
    """CHQ-GROUP, CHQ-CHAIN: the Command Group activated, and what each member has done."""
    a = view.activation
    if a is None:
        return []
    spotters = known(a.spotters) or ()
    title = joined(
        (
            f"activation: {a.side}'s Command Group under {names.get(a.commander, a.commander)}",
            f"Order Chain of {a.order_chain}",
            a.group_spot_used and "its spotting attempt used",
        )
    )
    rows = [
        (
            names.get(m, m) + (" (commander)" if m == a.commander else ""),
            str(act.moves_used),
            flags(
                moved=act.moved,
                fired=act.fired,
                spotted=act.spotted or m in spotters,
                rallied=act.rallied,
            ),
            "done" if act.done else "",
        )
        for m, act in a.acts.items()
    ]
    return [Table(title, ("member", "moves", "did", "done"), rows)]


def attack(view: AblView, names: Mapping[str, str]) -> list[Block]:
    """A declared attack, and each target's Break-off answer (ABL-BREAK-01, AMB-ABL-03)."""
    t = view.attack
    if t is None:
        return []
    title = joined(
        (
            f"attack declared: {names.get(t.firer, t.firer)}'s {t.weapon.upper()}",
            t.opportunity and "opportunity fire",
            t.artillery and "artillery",
            f"{t.dice}D at TN {t.tn}",
            *t.notes,
        )
    )
    rows = [
        (
            names.get(x.unit, x.unit),
            f'{num(x.distance)}"',
            x.band,
            "awaiting its answer" if x.answer == "pending" else x.answer,
        )
        for x in t.targets
    ]
    return [Table(title, ("target", "range", "band", "Break-off"), rows)]


def statlines(units: Sequence[AblUnitView]) -> Table:
    rows = []
    for u in units:
        s = u.statline
        rows.append(
            (
                f"{u.name}\n{s.name}",
                s.armour,
                f"{s.reaction} / {s.cohesion}",
                weapon(s.fp.dice, s.fp.weapon, s.fp.indirect) if s.fp else "",
                weapon(s.at.dice, s.at.weapon, s.at.indirect) if s.at else "",
                ", ".join(s.abilities),
            )
        )
    headers = ("unit", "armour", "reaction / cohesion", "FP", "AT", "abilities")
    return Table("statlines", headers, rows)


def blind_row(b: BlindView, names: Mapping[str, str]) -> Row:
    held = known(b.units)  # CHQ-BLIND: only its own side knows what it holds
    return (
        named(b.name, b.id),
        point(b.position),
        degrees(b.facing),
        "yes" if b.in_cover else "",
        "" if held is None else names_of(held, names) or "nothing (a dummy)",
    )


# -- waterborne (Crossfire) -----------------------------------------------------------------------


def wat_blocks(view: WatView) -> list[Block]:
    names = {u.id: u.name for u in view.units} | {c.id: c.name for c in view.craft}
    out: list[Block] = [Para(f"initiative {view.initiative}: {view.phasing} has it")]
    w = view.window
    if w is not None:  # CF-REACT: the other side may answer a move with reactive fire
        out.append(
            Para(
                joined(
                    (
                        f"reactive fire: {w.awaiting} may answer the move of "
                        + names_of(w.movers, names),
                        w.group and f"group {w.group}",
                        w.no_fire_to_clear
                        and "No Fire markers to clear: " + names_of(w.no_fire_to_clear, names),
                    ),
                    "; ",
                )
            )
        )
    out += per_side(
        view,
        "stands",
        ("stand", "kind", "where", "status", "markers", "dice", "HE", "EFF"),
        view.units,
        lambda u: u.side,
        stand_row,
    )
    out += per_side(
        view,
        "craft",
        ("craft", "at", "heading", "state", "passengers"),
        view.craft,
        lambda c: c.side,
        lambda c: craft_row(c, names),
    )
    out += per_side(
        view,
        "pontoon bridges and ferries",
        ("site", "kind", "where", "construction", "hits", "status", "crew"),
        view.tasks,
        lambda s: s.side,
        lambda s: (
            named(s.name, s.id),
            s.kind + (f"\n{s.ferry}" if s.ferry else ""),
            f"{s.bank}, column {s.column}",
            f"{s.progress}/{s.required}",
            joined((s.hits and str(s.hits), s.damage and f"damage {s.damage}")),
            s.status,
            names_of(s.crew, names),
        ),
    )
    out.append(Para(f"models on the table (WAT-CRAFT-02): {view.models}"))
    return out


def stand_row(u: StandView) -> Row:
    return (
        named(u.name, u.id),
        "\n".join((u.kind, *u.traits)),
        u.position or "",
        u.status,
        flags(
            no_fire=u.no_fire,
            moving=u.moving,
            hidden=known(u.hidden),
            moved=known(u.moved_this_initiative),
            fired=known(u.fired_this_initiative),
        ),
        optional(known(u.dice)),
        optional(known(u.he)),
        optional(known(u.eff)),
    )


def craft_row(c: CraftView, names: Mapping[str, str]) -> Row:
    """WAT-CRAFT: where a craft is, its state and No Fire marker, who is aboard of how many."""
    places = c.capacity.total and f"{c.capacity.used} of {c.capacity.total} places"
    return (
        f"{named(c.name, c.id)}\n{c.type}",
        c.at + (f"\nsquare {point(c.cell)}" if c.cell is not None else ""),
        degrees(c.heading),
        joined(
            (
                c.status,
                c.hits and f"{c.hits} hits",
                flags(
                    no_fire=c.no_fire,
                    moved=c.moved_this_initiative,
                    in_water=c.in_water,
                    amphibious=c.amphibious,
                ),
            )
        ),
        joined((names_of(c.passengers, names, "\n"), places), "\n"),
    )


# -- engineering ----------------------------------------------------------------------------------


def footprint(fp: FootprintView | None) -> str:
    if fp is None:
        return ""
    size = f'{num(fp.length)}"×{num(fp.depth)}"'
    return f"{point(fp.centre)}\n{size} facing {degrees(fp.facing)}"


def eng_unit_state(u: EngUnitView) -> str:
    cover = known(u.cover) or []
    spent = known(u.spent)
    return joined(
        (
            u.status,
            flags(emplaced=u.emplaced, moving=u.moving, swimming=known(u.swimming)),
            (b := known(u.bogged_at)) and f"bogged at {b}",
            (i := known(u.inside)) and f"in {i}",
            known(u.armour_facing),
            cover and "cover: " + ", ".join(f"{c.case} ({c.rule})" for c in cover),
            (f := known(u.flail)) and f"flail {f}",
            (fascine := known(u.fascine)) and f"fascine {fascine}",
            (skirts := known(u.skirts)) and f"skirts {skirts}",
            spent and f"spent: {', '.join(spent)}",
            (c := known(u.conger_primed_on)) and f"Conger primed on {c}",
            (card := known(u.card)) and f"card {card}",
        )
    )


def eng_blocks(view: EngView) -> list[Block]:
    names = {u.id: u.name for u in view.units}
    out = per_side(
        view,
        "units",
        ("unit", "kind", "at", "state", "actions left", "attack"),
        view.units,
        lambda u: u.side,
        lambda u: (
            named(u.name, u.id),
            "\n".join((u.kind, *u.traits, f"DR {u.dr}")),
            f"{point(u.position)}\nfacing {degrees(u.facing)}" if u.position else "off table",
            eng_unit_state(u),
            optional(known(u.actions_left)),
            joined((f"{k} {n}" for k, n in (known(u.attack) or {}).items()), "\n"),
        ),
    )
    out += per_side(
        view,
        "tasks",
        ("task", "progress", "status", "at work", "turns left"),
        view.tasks,
        lambda t: t.side,
        lambda t: (
            named(t.name, t.id),
            f"{t.progress}/{t.required}",
            t.status,
            f"{names_of(t.working, names) or 'no one'} (at most {t.most_workers} a turn)",
            "" if t.turns_left is None else str(t.turns_left),
        ),
    )
    prepared = {None: "", True: "prepared", False: "not prepared"}
    out += per_side(
        view,
        "demolitions known",
        ("demolition", "at", "state", "progress", "known to"),
        view.demolitions,
        lambda d: d.side,
        lambda d: (
            named(d.name, d.id),
            point(d.position),
            "destroyed" if d.destroyed else prepared[known(d.prepared)],
            "" if known(d.progress) is None else f"{d.progress}/{d.required}",
            ", ".join(known(d.known_to) or ()),
        ),
    )
    if view.pending is not None:
        pending: dict[str, Any] = msgspec.to_builtins(view.pending)
        out.append(Para(f"pending: {pending_text(pending, 'engineering action')}"))
    out += features(view, names)
    supply = counted(view.mine_supply)
    if supply:
        out.append(Para(f"mines left to lay (ENG-MINE-20): {supply}"))
    return out


def features(view: EngView, names: Mapping[str, str]) -> list[Block]:
    """Where every engineering feature is: bridges, bridging, forts, lanes, minefields, mine
    lanes and obstacles, as far as the seat knows them; each side's apart."""
    out = per_side(
        view,
        "bridges",
        ("bridge", "kind", "at", "spans", "state", "armour"),
        view.bridges,
        lambda b: b.side,
        lambda b: (
            named(b.name, b.id),
            joined((b.kind, b.vehicle and f"on {names.get(b.vehicle, b.vehicle)}")),
            joined((point(b.position), b.obstacle and f"over {b.obstacle}"), "\n"),
            f"{b.spans_built}/{b.spans_required}",
            "destroyed"
            if b.destroyed
            else joined(("usable" if b.usable else "unusable", flags(swollen=b.swollen))),
            optional(b.armour),
        ),
    )
    out += per_side(
        view,
        "bridging equipment",
        ("equipment", "at", "carried by", "state", "bridge"),
        view.bridging,
        lambda e: e.side,
        lambda e: (
            e.id,
            point(e.position),
            names.get(e.carried_by, e.carried_by) if e.carried_by else "",
            flags(placed=e.placed, destroyed=e.destroyed),
            e.bridge or "",
        ),
    )
    out += per_side(
        view,
        "fortifications",
        ("fort", "kind", "at", "armour", "fire arcs", "occupants", "state"),
        view.forts,
        lambda f: f.side,
        lambda f: (
            named(f.name, f.id),
            f"{f.kind}\nof {f.part_of}" if f.part_of else f.kind,
            point(f.position),
            str(f.armour),
            "\n".join(f"{degrees(a.facing)}±{num(a.width / 2)}°" for a in f.fire_arcs),
            names_of(f.occupants, names, "\n"),
            joined(
                (
                    flags(
                        rubble=f.rubble,
                        collapsed=f.collapsed,
                        spotted=known(f.spotted),
                        mapped=known(f.mapped),
                    ),
                    (by := known(f.spotted_by)) and f"spotted by {', '.join(by)}",
                )
            ),
        ),
    )
    out.append(
        Table(
            "lanes",
            ("lane", "kind", "made by", "path", "width", "through"),
            [
                (
                    lane.id,
                    lane.kind,
                    names.get(lane.made_by, lane.made_by),
                    " → ".join(point(p) for p in lane.path),
                    f'{num(lane.width)}"',
                    lane.obstacle or "",
                )
                for lane in view.lanes
            ],
        )
    )
    out += per_side(
        view,
        "minefields",
        ("minefield", "at", "mines", "laid", "known to", "spotting"),
        view.minefields,
        lambda m: m.side,
        lambda m: (
            joined((known(m.name), m.id), "\n"),
            footprint(m.footprint),
            joined(
                (
                    known(m.type),
                    (at := known(m.at)) and f"AT {at}",
                    (ap := known(m.ap)) and f"AP {ap}",
                )
            ),
            joined((known(m.laid), *(known(m.ground) or ()))),
            ", ".join(known(m.known_to) or ()),
            known(m.spotting) or "",
        ),
    )
    out += per_side(
        view,
        "mine lanes",
        ("lane", "minefield", "kind", "at", "size", "rule"),
        view.mine_lanes,
        lambda lane: lane.side,
        lambda lane: (
            lane.id,
            lane.section,
            lane.kind,
            point(lane.at),
            f'{num(lane.width)}"×{num(lane.depth)}"',
            lane.rule,
        ),
    )
    out.append(
        Table(
            "obstacles",
            ("obstacle", "kind", "at", "condition", "neutralised", "notes"),
            [
                (
                    named(o.name, o.id),
                    joined((o.kind, o.variant), "\n"),
                    footprint(o.footprint),
                    o.condition,
                    f"{o.neutralised_by}/{o.needs}" if o.needs else "",
                    joined(
                        (
                            flags(fascine=o.fascine),
                            o.culin_assisted_for
                            and "Culin-assisted for " + names_of(o.culin_assisted_for, names),
                        )
                    ),
                )
                for o in view.obstacles
            ],
        )
    )
    return out


# -- the command ----------------------------------------------------------------------------------

RENDERERS: dict[type[ViewHeader], Callable[[Any], list[Block]]] = {
    AfvView: afv_blocks,
    AblView: abl_blocks,
    WatView: wat_blocks,
    EngView: eng_blocks,
}


def shows(view: ViewHeader) -> bool:
    """Whether this module knows how to show the view's ruleset."""
    return type(view) in RENDERERS


def show_blocks(view: ViewHeader, to_act: Sequence[str] | None = None) -> list[Block]:
    """The paragraphs and tables of the seat's view, then who may act now."""
    blocks = [*heading(view), *RENDERERS[type(view)](view)]
    if to_act is not None:
        blocks.append(Para(to_act_text(to_act)))
    return blocks


def show_text(view: ViewHeader, to_act: Sequence[str] | None = None, width: int = WIDTH) -> str:
    """The seat's view as text `width` columns wide, then who may act now."""
    return render(show_blocks(view, to_act), width)


def echo_show(view: ViewHeader, to_act: Sequence[str]) -> None:
    """`show`'s text, as wide as the terminal (80 columns when piped); the generic tables for
    a ruleset this module does not know."""
    if not shows(view):
        render_view(console(), view_data(view), to_act)
        return
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else WIDTH
    click.echo(show_text(view, to_act, width), nl=False)
