"""Close combat (house default, BF-DEFAULT-CC) against units, fort occupants and bridging.

A maneuver action of the attacker against a unit in contact (within 1"), a pontoon bridge or
loose bridging equipment. Each side rolls a d10 and adds its modifiers (the card's
`close_combat` plus those declared); the higher total wins, a tie goes to the defender (to the
attacker against bridging, ENG-BRIDGE-21), and the losing unit is knocked out.
"""

from __future__ import annotations

from kriegsspiel.core.checks import Check, CheckResult, Modifier
from kriegsspiel.core.geometry import distance
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
    unit,
)
from kriegsspiel.rulesets.engineering.bridges import bridge_attacks
from kriegsspiel.rulesets.engineering.bridges.bridges import equipment_position
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import (
    close_combat,
    explain_close_combat,
    fort_close_combat,
)
from kriegsspiel.rulesets.engineering.forts.forts import housing
from kriegsspiel.rulesets.engineering.play.declared import bounded, defenders_own
from kriegsspiel.rulesets.engineering.play.fire import hit
from kriegsspiel.rulesets.engineering.play.sequence import may_maneuver, use_action
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point, with_unit
from kriegsspiel.rulesets.engineering.traits import ASSAULT_TROOPS, FLAMETHROWER, is_avre

CONTACT = 1.0  # BF-DEFAULT-CC: close combat against a unit within 1"


class CloseCombat(Act, frozen=True, tag="close-combat"):
    unit: str
    target: str  # a unit, a pontoon bridge or loose bridging equipment
    modifier: int = 0  # the attacker's situational modifiers
    defender_modifier: int = 0  # the defender's situational modifiers


class CloseCombatFought(Ev, frozen=True, tag="close-combat-fought"):
    unit: str
    target: str
    result: CheckResult
    loser: str | None  # the unit knocked out, if a unit lost

    def summary(self) -> str:
        return f"{self.unit} assaults {self.target}: {self.result.outcome}{self._loss()}"

    def text(self) -> str:
        told = explain_close_combat(self.result, self.unit, self.target)
        return f"{self.unit} assaults {self.target}: {told}{self._loss()}"

    def _loss(self) -> str:
        return f"; {self.loser} is knocked out" if self.loser else ""


def may_assault_fort(spec: EngUnit) -> bool:
    """ENG-FORT-09: engineers, flamethrowers, AVREs and scenario-designated assault troops."""
    return (
        spec.is_engineer
        or is_avre(spec)
        or FLAMETHROWER in spec.traits
        or ASSAULT_TROOPS in spec.traits
    )


def in_contact(state: EngState, spec: EngUnit, there: Point | None, what: str) -> None:
    """BF-DEFAULT-CC: the target within 1" (where both positions are on record)."""
    here = state.units[spec.id].position
    if here is not None and there is not None and distance(here, there) > CONTACT + 1e-9:
        raise RuleViolation(
            "BF-DEFAULT-CC", f'{what} is not in contact with {spec.label} (within 1")'
        )


def _unit_check(ctx: Ctx, spec: EngUnit, target: EngUnit, action: CloseCombat) -> Check:
    state = ctx.state
    if target.side == spec.side or state.units[target.id].status == "knocked-out":
        raise RuleViolation("BF-DEFAULT-CC", f"{target.label} is not an enemy to assault")
    in_contact(state, spec, state.units[target.id].position, target.label)
    attack = spec.close_combat + action.modifier
    shelter = housing(state, target.id)
    if shelter is not None:
        if not may_assault_fort(spec):
            raise RuleViolation(
                "ENG-FORT-09",
                f"only engineers, flamethrowers, AVREs and assault troops may assault "
                f"{shelter.label}; not {spec.label}",
            )
        return fort_close_combat(ctx.tables, shelter.armour, attack, action.defender_modifier)
    attacker = [Modifier("attacker's close combat modifiers", attack, "BF-DEFAULT-CC")]
    if housing(state, spec.id) is not None:  # ENG-FORT-11 with AMB-ENG-34: for this combat
        attacker.append(Modifier("occupants attacking lose the fort's benefits", 0, "ENG-FORT-11"))
    defence = target.close_combat + action.defender_modifier
    defender = (Modifier("close combat modifiers", defence, "BF-DEFAULT-CC"),)
    return close_combat(ctx.tables, tuple(attacker), defender)


def fight(ctx: Ctx, action: CloseCombat) -> None:
    state = ctx.state
    if action.unit in state.bridges or action.unit in state.bridging:
        raise RuleViolation(
            "ENG-BRIDGE-20", "bridges and bridging equipment never start a close combat"
        )
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    may_maneuver(state, spec, "assaults")
    bounded(state, action.modifier)  # BF-DEFAULT-DECLARED
    defenders_own(state, ctx.seat, action.defender_modifier)
    if action.target in state.bridges or action.target in state.bridging:
        item = state.bridging.get(action.target)
        at = equipment_position(state, item) if item else state.bridges[action.target].position
        in_contact(state, spec, at, action.target)
        check = bridge_attacks.close_combat_check(ctx, spec, action.target, action.modifier)
        result = ctx.roll(check)
        ctx.emit(CloseCombatFought(unit=spec.id, target=action.target, result=result, loser=None))
        bridge_attacks.close_combat_result(ctx, action.target, result)
        return
    if action.target not in state.specs:
        raise InputError("target", f"no unit, bridge or bridging equipment {action.target!r}")
    target = unit(state, action.target)
    result = ctx.roll(_unit_check(ctx, spec, target, action))
    loser = target.id if result.outcome == "attacker-wins" else spec.id
    ctx.emit(CloseCombatFought(unit=spec.id, target=target.id, result=result, loser=loser))
    ctx.run(AFTER_HIT, loser, "knocked-out")


def _fought(state: EngState, e: CloseCombatFought) -> EngState:
    state = with_unit(state, e.unit, use_action(state, state.units[e.unit]))
    return hit(state, e.loser, "knocked-out") if e.loser is not None else state


TOPIC = Topic(
    __name__,
    performers=(performer(CloseCombat, fight),),
    appliers=(applier(CloseCombatFought, _fought),),
)
