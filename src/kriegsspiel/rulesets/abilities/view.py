"""What each seat may know of an `abilities` state: `AblView`, built by whitelisting field by
field.

A side sees its own units wherever they are, and enemy units only once they are on the table
(spotted, deployed or entered from reserve); enemy Blinds show where they are, never what they
hold (CHQ-BLIND).
"""

from __future__ import annotations

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
from kriegsspiel.rulesets.abilities.base import knows_unit
from kriegsspiel.rulesets.abilities.catalogue import Statline, Weapon
from kriegsspiel.rulesets.abilities.sight import in_cover
from kriegsspiel.rulesets.abilities.state import AblState, Window
from kriegsspiel.rulesets.abilities.victory import result


class CommandView(msgspec.Struct, frozen=True):
    rolled: list[int] | None
    dice: list[int]
    wild: int
    failed: bool


class WeaponView(msgspec.Struct, frozen=True):
    dice: int
    weapon: str
    ranges: list[float] | None
    indirect: bool


class StatlineView(msgspec.Struct, frozen=True):
    name: str
    nation: str
    kind: str
    armour: str
    reaction: str
    cohesion: int
    abilities: list[str]
    fp: WeaponView | None
    at: WeaponView | None
    towed: str | None


class AblUnitView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    type: str
    statline: StatlineView
    position: list[float]
    facing: float
    dp: int
    suppressed: bool
    dispersed: bool
    fire_marker: bool
    limbered: bool
    activated_this_turn: bool
    broke_off_this_turn: bool
    blind: str | Hidden | None = UNSET  # its own side and the umpire
    reserve: bool | Hidden = UNSET


class BlindView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    side: str
    position: list[float]
    facing: float
    in_cover: bool
    units: list[str] | Hidden = UNSET  # what it holds: its own side and the umpire (CHQ-BLIND)


class ActView(msgspec.Struct, frozen=True):
    moves_used: int
    moved: bool
    fired: bool
    spotted: bool
    rallied: bool
    done: bool


class ActivationView(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    commander: str
    members: list[str]
    order_chain: int
    group_spot_used: bool
    acts: dict[str, ActView]
    spotters: list[str] | Hidden = UNSET


class WindowView(msgspec.Struct, frozen=True):
    trigger: str
    side: str
    why: str  # moved, pivoted or fired ("" in a game recorded before it was kept)


class TargetView(msgspec.Struct, frozen=True):
    unit: str
    distance: float
    band: str
    answer: str


class AttackView(msgspec.Struct, frozen=True):
    firer: str
    weapon: str
    opportunity: bool
    dice: int
    tn: int
    notes: list[str]
    artillery: bool
    targets: list[TargetView]


class AblView(ViewHeader, frozen=True, kw_only=True):
    turns: int
    stage: str
    pulse: int
    pulse_side: str | None
    to_act: list[str]
    table: list[float]
    command: dict[str, CommandView]
    terrain: list[TerrainView]
    units: list[AblUnitView]
    blinds: list[BlindView]
    activation: ActivationView | None
    window: WindowView | None
    attack: AttackView | None


def view(state: AblState, seat: str, to_act: list[str]) -> AblView:
    return AblView(
        **header("abilities", state.scenario, seat),
        turn=state.turn,
        # the clock as every ruleset's view gives it (for generic displays)
        phasing=state.pulse_side or "",
        phase=f"command pulse {state.pulse}" if state.stage == "pulses" else "command dice",
        acting=", ".join(to_act),
        over=result(state) is not None,
        turns=state.scenario.turns,
        stage=state.stage,
        pulse=state.pulse,
        pulse_side=state.pulse_side,
        to_act=to_act,
        table=list(state.scenario.table),
        command={
            side: CommandView(
                rolled=list(c.rolled) if c.rolled is not None else None,
                dice=list(c.dice),
                wild=c.wild,
                failed=c.failed,
            )
            for side, c in state.command.items()
        },
        terrain=terrain_view(state.scenario),
        units=[_unit(state, seat, u) for u in state.specs if knows_unit(state, seat, u)],
        blinds=[_blind(state, seat, b) for b, s in state.blinds.items() if not s.gone],
        activation=_activation(state, seat),
        window=_window(state.window),
        attack=_attack(state),
    )


def _window(w: Window | None) -> WindowView | None:
    return None if w is None else WindowView(w.trigger, w.side, w.why)


def _weapon(w: Weapon | None) -> WeaponView | None:
    if w is None:
        return None
    return WeaponView(
        dice=w.dice,
        weapon=w.weapon,
        ranges=list(w.ranges) if w.ranges else None,
        indirect=w.indirect,
    )


def statline(line: Statline) -> StatlineView:
    return StatlineView(
        name=line.name,
        nation=line.nation,
        kind=line.kind,
        armour=line.armour,
        reaction=line.reaction,
        cohesion=line.cohesion,
        abilities=list(line.abilities),
        fp=_weapon(line.fp),
        at=_weapon(line.at),
        towed=line.towed,
    )


def _unit(state: AblState, seat: str, unit_id: str) -> AblUnitView:
    spec, u = state.specs[unit_id], state.units[unit_id]
    mine = seat in (UMPIRE, spec.side)
    return AblUnitView(
        id=spec.id,
        name=spec.label,
        side=spec.side,
        type=spec.type,
        statline=statline(state.line(unit_id)),
        position=list(u.position),
        facing=u.facing,
        dp=u.dp,
        suppressed=u.suppressed,
        dispersed=u.dispersed,
        fire_marker=u.fire_marker,
        limbered=u.limbered,
        activated_this_turn=u.activated is not None and u.activated[0] == state.turn,
        broke_off_this_turn=u.broke_off is not None and u.broke_off[0] == state.turn,
        blind=shown(u.blind, mine),
        reserve=shown(u.reserve, mine),
    )


def _blind(state: AblState, seat: str, blind_id: str) -> BlindView:
    b = state.blinds[blind_id]
    return BlindView(
        id=blind_id,
        name=b.name,
        side=b.side,
        position=list(b.position),
        facing=b.facing,
        in_cover=in_cover(state, b.position),
        units=shown(state.blind_units(blind_id), seat in (UMPIRE, b.side)),
    )


def _activation(state: AblState, seat: str) -> ActivationView | None:
    a = state.activation
    if a is None:
        return None
    return ActivationView(
        side=a.side,
        commander=a.commander,
        members=list(a.members),
        order_chain=a.size,
        group_spot_used=a.group_spot,
        acts={
            m: ActView(
                moves_used=act.moves,
                moved=act.moved,
                fired=act.fired,
                spotted=act.spotted,
                rallied=act.rallied,
                done=act.done,
            )
            for m, act in a.acts.items()
        },
        spotters=shown(list(a.spotters), seat in (UMPIRE, a.side)),
    )


def _attack(state: AblState) -> AttackView | None:
    a = state.attack
    if a is None:
        return None
    return AttackView(
        firer=a.firer,
        weapon=a.weapon,
        opportunity=a.opportunity,
        dice=a.dice,
        tn=a.tn,
        notes=list(a.notes),
        artillery=a.artillery,
        targets=[TargetView(t.unit, t.distance, t.band, t.answer) for t in a.targets],
    )
