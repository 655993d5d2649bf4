"""`show` for waterborne (Crossfire): the initiative, stands, craft and pontoon sites."""

from __future__ import annotations

from collections.abc import Mapping

from kriegsspiel.cli_tables import Block, Para
from kriegsspiel.rulesets.waterborne.view import CraftView, StandView, WatView
from kriegsspiel.show.cells import (
    Row,
    degrees,
    flags,
    joined,
    known,
    named,
    names_of,
    optional,
    per_side,
    point,
    side_name,
)


def blocks(view: WatView) -> list[Block]:
    names = {u.id: u.name for u in view.units} | {c.id: c.name for c in view.craft}
    out: list[Block] = []  # the heading's clock says whose initiative it is (CF-INIT)
    w = view.window
    if w is not None:  # CF-REACT: the other side may answer a move with reactive fire
        out.append(
            Para(
                joined(
                    (
                        f"reactive fire: {side_name(view, w.awaiting)} may answer the move of "
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


VIEW = WatView
