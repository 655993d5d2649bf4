"""`show` for abilities (Combat HQ): Command Dice, the activation, markers, statlines and Blinds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kriegsspiel.cli_tables import Block, Para, Table
from kriegsspiel.rulesets.abilities.view import AblUnitView, AblView, BlindView
from kriegsspiel.show.cells import (
    Row,
    degrees,
    flags,
    joined,
    known,
    named,
    names_of,
    num,
    per_side,
    point,
    whose,
)


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


def blocks(view: AblView) -> list[Block]:
    names = {u.id: u.name for u in view.units} | {b.id: b.name for b in view.blinds}
    stage = (
        f"Command Pulse {view.pulse}, {whose(view, view.pulse_side or '')}"
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
    commander = names.get(a.commander, a.commander)
    title = joined(
        (
            f"activation: {whose(view, a.side)} Command Group under {commander}",
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


VIEW = AblView
