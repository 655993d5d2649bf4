"""What a ruleset provides to the core. The core knows no ruleset; rulesets never import each other.

A ruleset declares its scenario schema, actions and events (msgspec tagged unions), its checks, and
pure functions: the initial state of a scenario, `apply` (fold one event), `perform` (validate an
action for a seat, then resolve it into records), `typed_view` (what a seat may see of a state,
a struct extending `core.views.ViewHeader`; `view` gives it as plain data),
`knowledge` (the state as a seat knows it) and `candidates` (every action a seat may try now).

Validate, then roll: `perform` checks every rule that can refuse the action before its first
roll; a roll decides what happens, never whether the action was allowed. So the engine learns
legality by running `perform` up to its first roll, and the exact odds of a whole action by
walking its chance tree (`core/chance.py`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from kriegsspiel.core.checks import CheckDef
from kriegsspiel.core.choices import Candidate
from kriegsspiel.core.log import Record
from kriegsspiel.core.memo import WHOLE, Memo
from kriegsspiel.core.plans import PlanDef
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.core.seats import PUBLIC
from kriegsspiel.core.task_plans import TaskPlan, unknown_task
from kriegsspiel.core.topics import Context, Ev, Topics
from kriegsspiel.core.victory import Facts, Result, decide
from kriegsspiel.core.victory import scores as score
from kriegsspiel.core.views import ViewHeader, clock_text, view_data

S = TypeVar("S")  # state
A = TypeVar("A")  # action
E = TypeVar("E")  # event

_FACTS: Memo[Facts] = Memo(WHOLE)  # victory facts by state, and the ruleset's name
Sc = TypeVar("Sc", bound=ScenarioBase)

Cell = Callable[[Mapping[str, Any]], Any]  # a table cell computed from one record of a view


@dataclass(frozen=True)
class ViewList:
    """How the text of a seat's view shows one of its lists of records: a title, and the
    columns, each a header with the record's field to show or a function of the record. With no
    columns, the records' own short fields are shown. A column empty in every row is left out
    (what this seat may not see)."""

    title: str
    columns: tuple[tuple[str, str | Cell], ...] = ()


class Ruleset(ABC, Generic[Sc, S, A, E]):
    name: ClassVar[str]
    title: ClassVar[str]
    source: ClassVar[str]  # the seed document this ruleset implements
    scenario_type: ClassVar[type[ScenarioBase]]
    action_type: ClassVar[Any]  # a tagged union of msgspec Structs, tag field "action"
    event_type: ClassVar[Any]  # a tagged union of msgspec Structs, tag field "event"
    # True when every rule that can refuse an action is checked before its first event too, so
    # a validation run may stop there (faster for actions that roll nothing); the engine then
    # treats a refusal after an event as a fault, as it does one after a roll.
    validates_before_events: ClassVar[bool] = False
    # How text shows the lists of records of this ruleset's views, by their key in the view; a
    # list not named here is titled by its key, with its records' own short fields as columns.
    view_lists: ClassVar[Mapping[str, ViewList]] = {}
    # What this ruleset calls the action in a view's `pending`, which other seats may answer.
    action_word: ClassVar[str] = "action"
    # Where a game stands, in words, from a seat's view (text and the web's status line): by
    # default the generic clock, "turn N: SIDE's PHASE phase, SEAT acts".
    clock = staticmethod(clock_text)

    @abstractmethod
    def initial_state(self, scenario: Sc) -> S:
        """The state before any action."""

    # The ruleset's composed topics (core/topics.py): `apply` and `perform` dispatch through
    # them, performers taking the action context `context` makes. A ruleset not made of topics
    # overrides `apply` and `perform` instead.
    composed: ClassVar[Topics[Any, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A ruleset of topics takes its action and event unions from their composition."""
        super().__init_subclass__(**kwargs)
        composed = cls.__dict__.get("composed")
        if composed is not None:
            cls.action_type = composed.action_type
            cls.event_type = composed.event_type

    def apply(self, state: S, event: E) -> S:
        """Fold one event into a new state. Never mutates `state`."""
        folded: S = self.composed.apply(state, event)  # type: ignore[arg-type]  # E is an Ev
        return folded

    def perform(self, state: S, seat: str, action: A, roll: Roll) -> Sequence[Record[E]]:
        """Validate `action` for `seat` (raise RuleViolation) and resolve it into records."""
        # A is an Act and E an Ev; no `cast` here, whose subscripted types cost every call
        ctx = self.context(state, seat, roll)
        return self.composed.dispatch(ctx, action)  # type: ignore[arg-type,return-value]

    def performed(
        self, state: S, seat: str, action: A, roll: Roll
    ) -> tuple[Sequence[Record[E]], S]:
        """`perform`, with the state after its records: the running state its events were
        folded into as they were emitted (`Context.emit`), not folded a second time; a ruleset
        that performs without topics has its records folded."""
        if type(self).perform is not Ruleset.perform:
            records = self.perform(state, seat, action, roll)
            for record in records:
                state = self.apply(state, record.event)
            return records, state
        ctx = self.context(state, seat, roll)
        return self.composed.dispatch(ctx, action), ctx.state  # type: ignore[arg-type,return-value]

    def context(self, state: S, seat: str, roll: Roll) -> Context[S]:
        """The context of one action that the ruleset's performers take (`core.topics.Context`,
        or the ruleset's subclass carrying its tables and registries)."""
        raise NotImplementedError(f"{self.name} performs without topics: override perform")

    @abstractmethod
    def typed_view(self, state: S, seat: str) -> ViewHeader:
        """Everything `seat` may know of `state`: the ruleset's view struct, which extends
        `ViewHeader` (`core/views.py`), with what the seat may not see left `UNSET`."""

    def view(self, state: S, seat: str) -> dict[str, Any]:
        """`typed_view` as plain JSON-able data (`view_data`): what `Game.view` returns."""
        return view_data(self.typed_view(state, seat))

    @abstractmethod
    def knowledge(self, state: S, seat: str) -> S:
        """`state` as `seat` knows it: every fact hidden from the seat removed, or replaced by
        what the seat must assume. Two states that differ only in facts hidden from `seat` give
        equal knowledge. Legal actions, refusals, odds and dice prompts for a seat are computed
        from this alone; for the umpire it is `state` itself."""

    def determinize(self, known: S, seat: str, rng: random.Random) -> S:
        """A full state consistent with `known` (what `seat` knows, `knowledge`), its hidden
        facts drawn with `rng`: what a search bot plays out from (information-set Monte Carlo
        tree search). By default the seat's knowledge as it is: what it must assume for each
        hidden fact stands for the fact. Reads nothing but `known`."""
        return known

    def secrets(self, state: S, seat: str) -> frozenset[str]:
        """The exact strings hidden from `seat` in `state`, which nothing it is shown may
        contain as a whole token (`core/secrecy.py`): ids and names of hidden things, and the
        identifying text of hidden facts, leaving out any string a fact the seat knows also
        reads as. None for the umpire. Checked by tests/test_secrets_contract.py."""
        return frozenset()

    def hidden_things(self, state: S, seat: str) -> Mapping[str, Any]:
        """The things hidden from `seat` in `state` that the game commits to
        (core/commitments.py): a stable id -> its content as plain JSON (its kind, where it is,
        what it is; a `label` in words that says no more than its reveal shows), fixed while
        it stays hidden. A thing leaves this when the seat is shown it; in an action entry the
        seat sees, that opens its commitment. None by default (nothing placed hidden)."""
        return {}

    @abstractmethod
    def candidates(self, state: S, seat: str) -> Iterable[Candidate]:
        """Every action `seat` might take now, with its label: a superset of the legal ones
        (`Game.legal_actions` keeps those `perform` accepts up to its first roll), pruned by
        phase, range and arc first so that it stays fast with many units."""

    @abstractmethod
    def seats_to_act(self, state: S) -> list[str]:
        """The seats that can act now (besides the umpire)."""

    def victory_facts(self, state: S) -> Facts:
        """What the victory conditions read of `state` (`core.victory.Facts`): every unit's
        side, place and whether it is knocked out, the tasks done, where the clock stands and
        whether the ruleset's own game length has run out."""
        raise NotImplementedError(f"{self.name} has no victory facts")

    def facts(self, state: S) -> Facts:
        """`victory_facts` of `state`, read once: its scores, its result and a bot's value of
        it all read the same facts."""
        return _FACTS.of(state, lambda: self.victory_facts(state), self.name)

    def scores(self, state: S) -> dict[str, int]:
        """Each side's points in `state` (any state: a seat's knowledge, a simulated one)."""
        return score(self.facts(state))

    def result(self, state: S) -> Result | None:
        """The game's result in `state`, or None while it goes on: a decisive objective ends it
        once it holds and every seat can see it does (on the public display's knowledge too, so
        that the end comes of no hidden fact), else the end of the ruleset's length."""
        return decide(state, self.facts, lambda s: self.knowledge(s, PUBLIC))

    def over(self, state: S) -> bool:
        """Whether the game is over: then `Game` refuses every action (GAME-OVER)."""
        return self.result(state) is not None

    def checks(self) -> Sequence[CheckDef]:
        """The named checks of this ruleset, for `kriegsspiel odds`."""
        return ()

    def plans(self) -> Sequence[PlanDef]:
        """Named multi-turn plans (`RULESET.PLAN`), for `kriegsspiel plan`: the exact
        distribution of how long work takes."""
        return ()

    def task_plan(self, view: ViewHeader, scenario: Sc, task: str) -> TaskPlan:
        """When a task in progress finishes (`core/task_plans.py`), from a seat's view alone
        and the scenario's public tables and length; a task the view does not show is refused
        as one that does not exist. None by default: a ruleset without multi-turn tasks."""
        raise unknown_task(task, ())

    def describe_event(self, event: E) -> str:
        """One line of text for the log: an event's own `text()`."""
        return event.text() if isinstance(event, Ev) else type(event).__name__

    def outcome(self, events: Sequence[E]) -> str:
        """What an action's events come to, in a few words and without the dice: the odds'
        results and the log's `outcome` are made of this, so they compare directly."""
        parts: list[str] = []
        for event in events:
            summary = getattr(event, "summary", None)
            text = summary() if callable(summary) else self.describe_event(event)
            if text and text not in parts:
                parts.append(text)
        return "; ".join(parts) or "nothing happens"
