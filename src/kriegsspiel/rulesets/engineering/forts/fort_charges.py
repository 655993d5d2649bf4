"""Engineer demolitions on a fort (ENG-FORT-26..31), through demolitions.py.

The fort's enemy may prepare charges on it, one engineering action each from within 1"; all the
ready charges go off together with one demolition action (AMB-ENG-36: one d10, a dud loses them
all). A success attacks the structure at 4, +2 per extra charge, with only the armour as a
modifier; suppressed or better lowers the armour for good (ENG-FORT-30). The fort's side may
remove a charge it knows of, from outside the fort (ENG-FORT-31).
"""

from __future__ import annotations

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.seats import EVERYONE
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.base import Ctx, Ev, Topic, applier, measure_from
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import fort_demolition
from kriegsspiel.rulesets.engineering.bridges.works_state import FortState
from kriegsspiel.rulesets.engineering.forts.forts import hit_structure
from kriegsspiel.rulesets.engineering.play.demolitions import Demolish, DemolitionKind, Prepare
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState

PLACE_REACH = 1.0  # ENG-FORT-26: an engineer placing charges must be within 1" of the fort


class ChargesFired(Ev, frozen=True, tag="charges-fired"):
    """Seen by all: the charges on a fort went off and attacked it (ENG-FORT-28/29)."""

    fort: str
    charges: int
    result: CheckResult

    def text(self) -> str:
        return f"{self.charges} charge(s) go off against {self.fort}: {self.result.explain()}"


def target(state: EngState, demo: Demolition) -> FortState:
    return state.forts[demo.id.removesuffix("-charges")]


def ready(state: EngState, demo: Demolition) -> int:
    """How many charges are prepared (each preparation action adds one)."""
    return state.tasks[demo.task].progress


def _may_prepare(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Prepare) -> None:
    """ENG-FORT-26: the engineer must be within 1" of the fort; ENG-FORT-27: one charge per EA."""
    f = target(ctx.state, demo)
    if not f.standing:
        raise RuleViolation("ENG-FORT-26", f"{f.label} is already rubble")
    dist = measure_from(ctx.state, spec.id, f.position, action.distance)
    if dist is None:
        raise RuleViolation(
            "ENG-FORT-26", f"no positions on record for {spec.label}; declare distance="
        )
    if dist.inches > PLACE_REACH + 1e-9:
        raise RuleViolation(
            "ENG-FORT-26", f'{spec.label} is {dist} from {f.label}; it must be within 1"'
        )


def _may_demolish(ctx: Ctx, spec: EngUnit, demo: Demolition, action: Demolish) -> None:
    """ENG-FORT-29: every ready charge goes off at once; firing only some is refused."""
    charges = ready(ctx.state, demo)
    if action.charges is not None and action.charges != charges:
        raise RuleViolation(
            "ENG-FORT-29", f"all {charges} ready charge(s) must be set off together"
        )


def _attack(ctx: Ctx, demo: Demolition) -> Check:
    f = target(ctx.state, demo)
    return fort_demolition(ctx.tables, ready(ctx.state, demo), f.armour)


def _fired(ctx: Ctx, demo: Demolition, attack: CheckResult | None, charges: int) -> None:
    """ENG-FORT-28..30: the charges attack the structure; suppressed or better costs armour."""
    assert attack is not None
    f = target(ctx.state, demo)
    ctx.emit(ChargesFired(fort=f.id, charges=charges, result=attack), EVERYONE)
    hit_structure(ctx, ctx.state.forts[f.id], attack.outcome, reduces="ENG-FORT-30")


def _may_remove(ctx: Ctx, spec: EngUnit, demo: Demolition) -> None:
    """ENG-FORT-31: the remover emplaces outside the fort, without its protection."""
    f = target(ctx.state, demo)
    if spec.id in f.occupants:
        raise RuleViolation(
            "ENG-FORT-31", f"{spec.label} must leave {f.label} and emplace outside to remove it"
        )


TOPIC = Topic(
    __name__,
    appliers=(applier(ChargesFired, lambda state, _: state),),
    demolition_kinds={
        "fort": DemolitionKind(
            may_prepare=_may_prepare,
            may_demolish=_may_demolish,
            effect_check=_attack,
            effect=_fired,
            may_remove=_may_remove,
        ),
    },
)
