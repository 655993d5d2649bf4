"""The `abilities` game state: the turn and its Command Pulses, the open activation, pending
answers (opportunity fire, break-off), and every unit and Blind."""

from __future__ import annotations

from typing import Literal

import msgspec

from kriegsspiel.core.memo import WHOLE, Memo
from kriegsspiel.core.scenario import Point
from kriegsspiel.rulesets.abilities.catalogue import Statline
from kriegsspiel.rulesets.abilities.defaults import Tables
from kriegsspiel.rulesets.abilities.scenario import AblScenario, AblUnit

__all__ = ["Point"]

Stage = Literal["command", "pulses"]
Stamp = tuple[int, int]  # (turn, Command Pulse of that turn)
Band = Literal["short", "effective", "long"]
WeaponKind = Literal["fp", "at"]
Answer = Literal["pending", "break-off", "hold", "none"]
Trigger = Literal["moved", "pivoted", "fired", ""]  # "": a window recorded before it was kept


class SideCommand(msgspec.Struct, frozen=True):
    """One side's Command Dice this turn (CHQ-TURN, CHQ-WILD)."""

    rolled: tuple[int, ...] | None = None  # the faces rolled; None until rolled
    dice: tuple[int, ...] = ()  # Command Dice left to use, faces 2..6, sorted
    wild: int = 0  # wild dice received from the opponent's Command Failure
    failed: bool = False

    @property
    def left(self) -> int:
        return len(self.dice) + self.wild


class UnitAct(msgspec.Struct, frozen=True):
    """A unit's part in the open activation: moves spent and what it did."""

    fixed_used: int = 0
    variable_used: int = 0
    moved: bool = False  # moved or pivoted (AMB-ABL-06)
    fired: bool = False
    spotted: bool = False
    rallied: bool = False
    sustained: bool = False
    done: bool = False  # broke off or deployed: nothing more in this activation

    @property
    def moves(self) -> int:
        """Moves begun: a Fixed or Variable Move spent opens one (CHQ-FIRE: -1D double move)."""
        return max(self.fixed_used, self.variable_used)


class Activation(msgspec.Struct, frozen=True):
    """A Command Group activated with an Order Chain of `size` dice (CHQ-GROUP, CHQ-CHAIN)."""

    side: str
    commander: str
    members: tuple[str, ...]  # unit and Blind ids, the commander first
    size: int
    acts: dict[str, UnitAct]
    group_spot: bool = False  # the group's one non-recon spotting attempt is used
    spotters: tuple[str, ...] = ()  # units that made a spotting attempt (ABL-RECON-03)


class Window(msgspec.Struct, frozen=True):
    """CHQ-OPFIRE: an active unit moved, pivoted or fired (`why`); `side` may take opportunity
    fire."""

    trigger: str
    side: str
    why: Trigger = ""


class Target(msgspec.Struct, frozen=True):
    unit: str
    origin: Point  # where it was when the attack was declared (ABL-BREAK-03)
    distance: float
    band: Band
    flank: bool
    answer: Answer = "none"  # "pending" while its side may still break off


class Attack(msgspec.Struct, frozen=True):
    """A declared attack, resolved once every target that may break off has answered."""

    firer: str
    weapon: WeaponKind
    opportunity: bool
    targets: tuple[Target, ...]
    dice: int
    tn: int
    notes: tuple[str, ...]  # how the dice and TN were reached, with rule IDs
    artillery: bool = False
    wild: int = 0


class UnitState(msgspec.Struct, frozen=True):
    position: Point
    facing: float
    blind: str | None = None  # hidden in this Blind
    reserve: bool = False  # off table until its group is ordered
    limbered: bool = False
    dp: int = 0
    suppressed: bool = False
    dispersed: bool = False
    fire_marker: bool = False  # CHQ-MARKER: fired this turn
    activated: Stamp | None = None
    broke_off: Stamp | None = None
    last_fired: bool = False  # fired during its most recent activation (ABL-ATTEAM-05)
    last_moved: bool = False  # moved during its most recent activation (AMB-ABL-17)
    triggered: Stamp | None = None  # moved, pivoted or fired in this pulse (CHQ-OPFIRE)

    @property
    def on_table(self) -> bool:
        return self.blind is None and not self.reserve and not self.dispersed


class BlindState(msgspec.Struct, frozen=True):
    side: str
    position: Point
    facing: float
    name: str = ""
    gone: bool = False  # spotted or deployed
    activated: Stamp | None = None


class AblState(msgspec.Struct, frozen=True):
    scenario: AblScenario
    specs: dict[str, AblUnit]
    lines: dict[str, Statline]  # each unit's statline
    turn: int
    stage: Stage
    command: dict[str, SideCommand]
    units: dict[str, UnitState]
    blinds: dict[str, BlindState]
    pulse: int = 0
    pulse_side: str | None = None
    activation: Activation | None = None
    window: Window | None = None
    attack: Attack | None = None
    over: bool = False

    @property
    def tables(self) -> Tables:
        """The game's tables (the scenario's, resolved once)."""
        return self.scenario.game_tables

    @property
    def sides(self) -> tuple[str, str]:
        a, b = self.scenario.side_ids[:2]
        return a, b

    def enemy(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a

    @property
    def stamp(self) -> Stamp:
        return (self.turn, self.pulse)

    def line(self, unit_id: str) -> Statline:
        return self.lines[unit_id]

    def label(self, unit_id: str) -> str:
        spec = self.specs.get(unit_id)
        if spec is not None:
            return spec.label
        blind = self.blinds[unit_id]
        return blind.name or unit_id

    def blind_units(self, blind_id: str) -> list[str]:
        return [u for u, s in self.units.items() if s.blind == blind_id]

    def side_of(self, ident: str) -> str:
        return self.specs[ident].side if ident in self.specs else self.blinds[ident].side

    def where(self, ident: str) -> Point:
        return self.units[ident].position if ident in self.units else self.blinds[ident].position


def with_unit(state: AblState, unit_id: str, unit: UnitState) -> AblState:
    return msgspec.structs.replace(state, units={**state.units, unit_id: unit})


def with_act(state: AblState, unit_id: str, act: UnitAct) -> AblState:
    activation = state.activation
    assert activation is not None
    acts = {**activation.acts, unit_id: act}
    return msgspec.structs.replace(state, activation=msgspec.structs.replace(activation, acts=acts))


_SIDE_UNITS: Memo[tuple[str, ...]] = Memo(WHOLE)
_FOREIGN_UNITS: Memo[tuple[str, ...]] = Memo(WHOLE)


def side_units(state: AblState, side: str) -> tuple[str, ...]:
    """The units of `side` (those the state knows of), in their order: worked out once per
    `specs`, which a game's states share (and a seat's knowledge of them, `knowledge`)."""
    kept = _SIDE_UNITS.get(state.specs, side)
    if kept is None:
        kept = tuple(u for u, spec in state.specs.items() if spec.side == side)
        _SIDE_UNITS.put(state.specs, kept, side)
    return kept


def foreign_units(state: AblState, side: str) -> tuple[str, ...]:
    """The units not of `side`, in their order (as `side_units`)."""
    kept = _FOREIGN_UNITS.get(state.specs, side)
    if kept is None:
        kept = tuple(u for u, spec in state.specs.items() if spec.side != side)
        _FOREIGN_UNITS.put(state.specs, kept, side)
    return kept
