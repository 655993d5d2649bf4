"""`show` for engineering: units, tasks, demolitions and every engineering feature."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from kriegsspiel.cli_tables import Block, Para, Table
from kriegsspiel.render.text import pending_text
from kriegsspiel.rulesets.engineering.obstacles.obstacle_view import FootprintView
from kriegsspiel.rulesets.engineering.view import EngUnitView, EngView
from kriegsspiel.show.cells import (
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
)


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


def blocks(view: EngView) -> list[Block]:
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
        sides = [msgspec.to_builtins(side) for side in view.sides]
        out.append(Para(f"pending: {pending_text(pending, 'engineering action', sides)}"))
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


VIEW = EngView
