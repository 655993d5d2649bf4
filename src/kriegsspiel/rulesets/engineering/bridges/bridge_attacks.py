"""Attacks on bridging: fire at loose equipment and spans, permanent bridges, close combat.

ENG-BRIDGE-08: loose equipment is a Medium G target; ENG-BRIDGE-23: a pontoon span a dug-in
Medium gun; ENG-BRIDGE-24: a permanent bridge an armoured vehicle with the scenario's armour.
Suppressed and disordered results do nothing to any of them: only a knock-out counts.
ENG-BRIDGE-20..22: pontoon bridges and loose equipment defend in close combat at +0.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import Ctx, Ev, Topic, applier
from kriegsspiel.rulesets.engineering.bridges.bridges import (
    BridgeDestroyed,
    equipment_lost,
    with_bridge,
)
from kriegsspiel.rulesets.engineering.bridges.bridging import with_equipment
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import (
    bridge_close_combat,
    bridge_fire,
)
from kriegsspiel.rulesets.engineering.bridges.works_state import BridgeState, Equipment
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState
from kriegsspiel.rulesets.engineering.wording import whose

KO = "knocked-out"


class EquipmentDestroyed(Ev, frozen=True, tag="equipment-destroyed"):
    equipment: str
    rule: str

    def text(self) -> str:
        return f"the bridging equipment {self.equipment} is destroyed ({self.rule})"


class SpanLost(Ev, frozen=True, tag="span-lost"):
    """ENG-BRIDGE-23: a knock-out destroys one span; the bridge is impassable until rebuilt."""

    bridge: str

    def text(self) -> str:
        return f"a span of {self.bridge} is destroyed (ENG-BRIDGE-23)"


def _strength(firer: EngUnit, target_class: str, what: str) -> int:
    strength = firer.attack.get(target_class)  # type: ignore[call-overload]
    if strength is None:
        raise RuleViolation(
            "BF-FIRE", f"{firer.label} has no attack strength against {what} ({target_class})"
        )
    return int(strength)


def enemy_bridge(state: EngState, firer: EngUnit, b: BridgeState) -> None:
    if b.destroyed:
        raise RuleViolation("ENG-BRIDGE-17", f"{b.label} is already destroyed")
    if b.side == firer.side:
        raise RuleViolation("BF-FIRE", f"{b.label} is {whose(state, firer.side)} own bridge")


def fire_check(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> Check:
    """The check for fire at a bridge or loose equipment, refusing what cannot be fired at."""
    state = ctx.state
    options = state.scenario.options
    item = state.bridging.get(target)
    if item is not None:
        _loose(state, firer, item)
        return bridge_fire(ctx.tables, "equipment", _strength(firer, "G", "a Medium G target"))
    b = state.bridges[target]
    enemy_bridge(state, firer, b)
    if b.kind == "ark":
        raise RuleViolation("AMB-ENG-40", f"the ARK is a vehicle: fire at {b.vehicle} itself")
    if b.kind == "permanent":
        strength = _strength(firer, "V", "an armoured target")
        return bridge_fire(
            ctx.tables, "permanent", strength, indirect=indirect, armour=b.armour or 0
        )
    if b.spans_built < 1:
        raise RuleViolation("ENG-BRIDGE-23", f"{b.label} has no span in place to fire at")
    dug_in = options.idf_dug_in_modifier if indirect else options.dug_in_gun_modifier
    strength = _strength(firer, "G", "a dug-in Medium gun target")
    return bridge_fire(ctx.tables, "span", strength, indirect=indirect, dug_in=dug_in)


def _loose(state: EngState, firer: EngUnit, item: Equipment) -> None:
    if item.side == firer.side:
        raise RuleViolation(
            "BF-FIRE", f"{item.id} is {whose(state, firer.side)} own bridging equipment"
        )
    if equipment_lost(state, item) or item.placed:
        raise RuleViolation("ENG-BRIDGE-08", f"{item.id} is no longer loose bridging equipment")
    if item.carried_by is not None:
        raise RuleViolation(
            "ENG-BRIDGE-09", f"{item.id} is mounted: it shares the fate of {item.carried_by}"
        )


def fire_result(ctx: Ctx, target: str, result: CheckResult) -> None:
    """Only a knock-out harms bridging (ENG-BRIDGE-08, -23, -24 with AMB-ENG-28)."""
    if result.outcome != KO:
        return
    if target in ctx.state.bridging:
        ctx.emit(EquipmentDestroyed(equipment=target, rule="ENG-BRIDGE-08"))
    elif ctx.state.bridges[target].kind == "permanent":
        ctx.emit(BridgeDestroyed(bridge=target, rule="ENG-BRIDGE-24"))
    else:
        ctx.emit(SpanLost(bridge=target))


def close_combat_check(ctx: Ctx, attacker: EngUnit, target: str, modifier: int) -> Check:
    """ENG-BRIDGE-20/22: only emplaced pontoon bridges and loose equipment defend in close
    combat; permanent bridges cannot be destroyed that way."""
    state = ctx.state
    item = state.bridging.get(target)
    if item is not None:
        _loose(state, attacker, item)
    else:
        b = state.bridges[target]
        enemy_bridge(state, attacker, b)
        if b.kind == "permanent":
            raise RuleViolation("ENG-BRIDGE-22", f"{b.label} cannot be destroyed in close combat")
        if b.kind not in ("pontoon", "treadway") or b.spans_built < 1:
            raise RuleViolation(
                "ENG-BRIDGE-20", f"{b.label} is not an emplaced pontoon or treadway bridge"
            )
    return bridge_close_combat(ctx.tables, attacker.close_combat + modifier)


def close_combat_result(ctx: Ctx, target: str, result: CheckResult) -> None:
    """ENG-BRIDGE-21 with AMB-ENG-27: an equal or higher attacker destroys the whole bridge."""
    if result.outcome != "attacker-wins":
        return
    if target in ctx.state.bridging:
        ctx.emit(EquipmentDestroyed(equipment=target, rule="ENG-BRIDGE-21"))
    else:
        ctx.emit(BridgeDestroyed(bridge=target, rule="ENG-BRIDGE-21"))


def _equipment_destroyed(state: EngState, e: EquipmentDestroyed) -> EngState:
    return with_equipment(state, replace(state.bridging[e.equipment], destroyed=True))


def _span_lost(state: EngState, e: SpanLost) -> EngState:
    b = state.bridges[e.bridge]
    return with_bridge(state, replace(b, spans=b.spans.set_progress(b.spans_built - 1)))


TOPIC = Topic(
    __name__,
    appliers=(
        applier(EquipmentDestroyed, _equipment_destroyed),
        applier(SpanLost, _span_lost),
    ),
)
