"""A toy ruleset for the core's tests: a shot with a conditioned second roll, a crossing past a
trap only one side knows of, and a broken action that refuses after its roll."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType
from msgspec.structs import replace

from kriegsspiel.core.checks import Check, Stats
from kriegsspiel.core.choices import Candidate
from kriegsspiel.core.dice import die
from kriegsspiel.core.log import Record
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.core.scenario import ScenarioBase, SideSpec
from kriegsspiel.core.seats import UMPIRE, only
from kriegsspiel.core.topics import Act, Context, Ev, Topic, Topics, applier, performer
from kriegsspiel.core.views import SideView, ViewHeader, shown
from kriegsspiel.errors import RuleViolation


class ToyScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True):
    trap: bool = False  # known to blue only


class ToyState(msgspec.Struct, frozen=True):
    trap: bool
    shots: int = 0


class ToyView(ViewHeader, frozen=True, kw_only=True):
    shots: int
    trap: bool | UnsetType = UNSET  # blue's and the umpire's


class Shoot(Act, frozen=True, tag="shoot"):
    target: str


class Cross(Act, frozen=True, tag="cross"):
    pass


class Late(Act, frozen=True, tag="late"):
    pass


class Shot(Ev, frozen=True, tag="shot"):
    result: str

    def text(self) -> str:
        return f"the shot: {self.result}"


class Caught(Ev, frozen=True, tag="caught"):
    def text(self) -> str:
        return "caught in the trap"


class Climbed(Ev, frozen=True, tag="climbed"):
    result: str

    def text(self) -> str:
        return f"the climb: {self.result}"


def _bands(name: str, low: int, labels: tuple[str, str]) -> Check:
    """d6: `labels[0]` below `low`, else `labels[1]`."""

    def outcome(stats: Stats, _: int) -> str:
        return labels[0] if stats[0][0] < low else labels[1]

    return Check(name, (die(6),), outcome, labels, ("TOY",))


def _shoot(ctx: Context[ToyState], action: Shoot) -> None:
    """d6: 1-3 miss, 4-5 hit, 6 a bonus d6: 4+ double, else hit."""
    if action.target != "blue":
        raise RuleViolation("TOY", f"no target {action.target!r}")
    first = ctx.roll(Check("toy.shot", (die(6),), _shot_rule, ("miss", "hit", "six"), ("TOY",)))
    result = first.outcome
    if result == "six":
        result = ctx.roll(_bands("toy.bonus", 4, ("hit", "double"))).outcome
    ctx.emit(Shot(result=result))


def _shot_rule(stats: Stats, _: int) -> str:
    face = stats[0][0]
    return "miss" if face <= 3 else "hit" if face <= 5 else "six"


def _cross(ctx: Context[ToyState], _: Cross) -> None:
    """A secret d6 at the trap (1-3 caught), then a climb d6 the crosser rolls (4+ made it)."""
    if ctx.state.trap:
        caught = ctx.roll(_bands("toy.trap", 4, ("caught", "missed")), secret=True)
        if caught.outcome == "caught":
            ctx.emit(Caught())
            return
    ctx.emit(Climbed(result=ctx.roll(_bands("toy.climb", 4, ("fell", "made it"))).outcome))


def _late(ctx: Context[ToyState], _: Late) -> None:
    ctx.roll(_bands("toy.late", 4, ("low", "high")))
    raise RuleViolation("TOY", "refused after its roll")


def _apply_shot(state: ToyState, _: Shot) -> ToyState:
    return replace(state, shots=state.shots + 1)


def _same(state: ToyState, _: Any) -> ToyState:
    return state


TOPIC = Topic[ToyState, Context[ToyState]](
    __name__,
    performers=(performer(Shoot, _shoot), performer(Cross, _cross), performer(Late, _late)),
    appliers=(applier(Shot, _apply_shot), applier(Caught, _same), applier(Climbed, _same)),
)
TOPICS: Topics[ToyState, Context[ToyState]] = Topics([TOPIC], package=__name__)


class Toy(Ruleset[ToyScenario, ToyState, Act, Ev]):
    name = "toy"
    title = "toy"
    source = "tests"
    scenario_type = ToyScenario
    action_type = Shoot | Cross | Late
    event_type = Shot | Caught | Climbed

    def initial_state(self, scenario: ToyScenario) -> ToyState:
        return ToyState(trap=scenario.trap)

    def apply(self, state: ToyState, event: Ev) -> ToyState:
        return TOPICS.apply(state, event)

    def perform(self, state: ToyState, seat: str, action: Act, roll: Roll) -> Sequence[Record[Ev]]:
        ctx = Context(state=state, seat=seat, roll=roll, appliers=TOPICS.appliers)
        TOPICS.dispatch(ctx, action)
        return [
            Record(r.event, only("blue") if isinstance(r.event, Caught) else r.to)
            for r in ctx.records
        ]

    def typed_view(self, state: ToyState, seat: str) -> ToyView:
        return ToyView(
            ruleset="toy",
            seat=seat,
            title="toy",
            sides=[SideView("red", "red"), SideView("blue", "blue")],
            options={},
            turn=1,
            phasing="red",
            phase="",
            acting="red",
            over=False,
            shots=state.shots,
            trap=shown(state.trap, seat in (UMPIRE, "blue")),
        )

    def knowledge(self, state: ToyState, seat: str) -> ToyState:
        return state if seat in (UMPIRE, "blue") else replace(state, trap=False)

    def candidates(self, state: ToyState, seat: str) -> Iterable[Candidate]:
        return [
            Candidate(Shoot("blue"), "shoot blue"),
            Candidate(Shoot("green"), "shoot green"),
            Candidate(Cross(), "cross"),
        ]

    def seats_to_act(self, state: ToyState) -> list[str]:
        return ["red"]

    def over(self, state: ToyState) -> bool:
        return False


TOY = Toy()


def toy_scenario(trap: bool) -> ToyScenario:
    return ToyScenario(
        ruleset="toy", title="toy", sides=(SideSpec("red"), SideSpec("blue")), trap=trap
    )
