"""What a ruleset provides to the core. The core knows no ruleset; rulesets never import each other.

A ruleset declares its scenario schema, actions and events (msgspec tagged unions), its checks, and
four pure functions: the initial state of a scenario, `apply` (fold one event), `perform` (validate
an action for a seat and resolve it into records) and `view` (what a seat may see of a state).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from kriegsspiel.core.checks import Check, CheckDef, CheckResult
from kriegsspiel.core.log import Record
from kriegsspiel.core.plans import PlanDef
from kriegsspiel.scenario.model import ScenarioBase

S = TypeVar("S")  # state
A = TypeVar("A")  # action
E = TypeVar("E")  # event
Sc = TypeVar("Sc", bound=ScenarioBase)

Roll = Callable[[Check], CheckResult]
"""Resolves a check with the game's dice source; the result is recorded by the caller's records."""


class Ruleset(ABC, Generic[Sc, S, A, E]):
    name: ClassVar[str]
    title: ClassVar[str]
    source: ClassVar[str]  # the seed document this ruleset implements
    scenario_type: ClassVar[type[ScenarioBase]]
    action_type: ClassVar[Any]  # a tagged union of msgspec Structs, tag field "action"
    event_type: ClassVar[Any]  # a tagged union of msgspec Structs, tag field "event"

    @abstractmethod
    def initial_state(self, scenario: Sc) -> S:
        """The state before any action."""

    @abstractmethod
    def apply(self, state: S, event: E) -> S:
        """Fold one event into a new state. Never mutates `state`."""

    @abstractmethod
    def perform(self, state: S, seat: str, action: A, roll: Roll) -> Sequence[Record[E]]:
        """Validate `action` for `seat` (raise RuleViolation) and resolve it into records."""

    @abstractmethod
    def view(self, state: S, seat: str) -> dict[str, Any]:
        """Everything `seat` may know of `state`, as plain JSON-able data."""

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> list[A]:
        """A sample of actions `seat` may take now (used by playouts and the web app)."""

    @abstractmethod
    def seats_to_act(self, state: S) -> list[str]:
        """The seats that can act now (besides the umpire)."""

    def checks(self) -> Sequence[CheckDef]:
        """The named checks of this ruleset, for `kriegsspiel odds`."""
        return ()

    def plans(self) -> Sequence[PlanDef]:
        """Named multi-turn plans (`RULESET.PLAN`), for `kriegsspiel plan`: the exact
        distribution of how long work takes."""
        return ()

    def describe_event(self, event: E) -> str:
        """One line of text for the log."""
        return type(event).__name__
