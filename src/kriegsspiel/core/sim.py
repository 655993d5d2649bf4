"""Play without a log or a store: the one path from an action to the next state.

`Game` resolves every action through these functions, and search and playouts call them
directly on states (immutable, so a state is its own clone):

- `performed` runs `Ruleset.performed` behind the guards every ruleset shares (SEATS,
  GAME-OVER), holding the ruleset to its contract (no refusal after a roll or an event), and
  gives the action's records and the state after them;
- `until_first_roll` validates an action by running it up to its first roll (or event);
- `legal` lists the candidates that validate, `drawn_legal` draws one uniformly (and
  `random_legal` gives it as data too);
- `Sim` binds one ruleset: `step(state, seat, action, rng)` plays an action with dice from a
  `random.Random` and returns the next state, with `legal`, `random_action`, `seats_to_act`
  and `over`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, get_args

import msgspec

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.choices import Candidate, Choice
from kriegsspiel.core.convert import refuse_nonfinite, split_error
from kriegsspiel.core.guards import refuse_over, refuse_public
from kriegsspiel.core.log import Record
from kriegsspiel.core.memo import Memo
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import A, E, Ruleset, S, Sc
from kriegsspiel.errors import EngineFault, InputError, KriegsspielError, RuleViolation

_NAMES: Memo[dict[str, type[Any]]] = Memo()  # each ruleset's `action_names`: a union's hash costs
DOMAIN_TRIES = 5  # draws from an open parameter's domain before the listed value is taken

AnyRuleset = Ruleset[Any, Any, Any, Any]


def guard(ruleset: AnyRuleset, state: Any, seat: str, over: bool | None = None) -> None:
    """What no ruleset lets happen: the public display acting, anything once it is over (`over`:
    a game's own say, whatever the seat knows; else `Ruleset.over` of `state`)."""
    refuse_public(seat)
    refuse_over(ruleset.over(state) if over is None else over)


def guarded(ruleset: AnyRuleset, state: Any, seat: str, over: bool | None = None) -> bool:
    """Whether the guards let `seat` act at all in `state`."""
    try:
        guard(ruleset, state, seat, over)
    except KriegsspielError:
        return False
    return True


def performed(
    ruleset: Ruleset[Sc, S, A, E],
    state: S,
    seat: str,
    action: A,
    roll: Roll,
    validated: bool,
    over: bool | None = None,
) -> tuple[Sequence[Record[E]], S]:
    """`Ruleset.performed` behind the guards, holding the ruleset to its contract: no refusal
    after a roll or an event, and none on hidden facts once the seat's knowledge accepted the
    action (`validated`). The records, and the state after them."""
    guard(ruleset, state, seat, over)
    watched = _Watched(roll, ruleset.validates_before_events)
    try:
        return ruleset.performed(state, seat, action, watched)
    except RuleViolation as exc:
        if watched.acted or validated:
            why = f"after {watched.acted}" if watched.acted else "on facts hidden from the seat"
            raise EngineFault(f"{ruleset.name}: {action!r} refused {why}: {exc}") from exc
        raise


def until_first_roll(ruleset: AnyRuleset, known: Any, seat: str, action: Any) -> None:
    """Validation past the guards (which depend on the state and seat alone, so a listing
    checks them once): `perform` on the seat's knowledge until its first roll (or event)."""
    stop = FIRST_EVENT if ruleset.validates_before_events else FIRST_ROLL
    try:  # nothing has rolled before the run ends, so nothing can be refused after a roll
        ruleset.perform(known, seat, action, stop)
    except FirstRoll:  # cheaper than contextlib.suppress, and run for every candidate
        return


def validate(
    ruleset: AnyRuleset, known: Any, seat: str, action: Any, over: bool | None = None
) -> None:
    """Raise the refusal `action` by `seat` gets in `known`, with no dice."""
    guard(ruleset, known, seat, over)
    until_first_roll(ruleset, known, seat, action)


def legal(
    ruleset: AnyRuleset, known: Any, seat: str, over: bool | None = None
) -> Iterator[Candidate]:
    """The candidates of `seat` that validate in `known` (none for a seat the guards stop)."""
    if not guarded(ruleset, known, seat, over):
        return
    for candidate in ruleset.candidates(known, seat):
        try:
            until_first_roll(ruleset, known, seat, candidate.action)
        except KriegsspielError:
            continue
        yield candidate


def random_legal(
    ruleset: AnyRuleset, known: Any, seat: str, rng: random.Random, over: bool | None = None
) -> tuple[Any, dict[str, Any], bytes] | None:
    """A legal action of `seat` in `known` drawn as `drawn_legal` draws it: the typed action,
    its data and the data as msgpack; None if there is none."""
    drawn = drawn_legal(ruleset, known, seat, rng, over)
    if drawn is None:
        return None
    typed, data = drawn
    if data is None:
        raw = msgspec.msgpack.encode(typed)
        return typed, msgspec.msgpack.decode(raw), raw  # as `plain`
    return typed, data, msgspec.msgpack.encode(data)


def drawn_legal(
    ruleset: AnyRuleset, known: Any, seat: str, rng: random.Random, over: bool | None = None
) -> tuple[Any, dict[str, Any] | None] | None:
    """A legal action of `seat` in `known` drawn uniformly from the legal ones, its open
    parameters drawn from their domains (a value that validates, or the listed one): the typed
    action and, where parameters were drawn, the data it was parsed from (None: the listed
    action); None if there is none. Candidates are validated in random order until one passes."""
    if not guarded(ruleset, known, seat, over):
        return None
    candidates = list(ruleset.candidates(known, seat))
    for left in range(len(candidates), 0, -1):  # a shuffle drawn only as far as needed
        pick = rng.randrange(left)
        candidate = candidates[pick]
        candidates[pick] = candidates[left - 1]
        try:
            until_first_roll(ruleset, known, seat, candidate.action)
        except KriegsspielError:
            continue
        domains = candidate.open()
        if not domains:
            return candidate.action, None
        data = plain(candidate.action)
        if all(d.kind == "choice" for d in domains):  # every option is legal
            drawn = {**data, **{d.param: rng.choice(d.options) for d in domains}}
            return parse_action(ruleset, drawn), drawn
        choice = Choice(data, "", domains)
        for _ in range(DOMAIN_TRIES):
            drawn = choice.sample(rng)
            try:
                typed = parse_action(ruleset, drawn)
                until_first_roll(ruleset, known, seat, typed)
            except KriegsspielError:
                continue
            return typed, drawn
        return candidate.action, None
    return None


def parse_action(
    ruleset: AnyRuleset, data: Mapping[str, Any], names: Mapping[str, type[Any]] | None = None
) -> Any:
    """A typed action from plain data, such as `{"action": "engineer", "unit": "p1"}` (`names`:
    the ruleset's `action_names`, when the caller has them at hand)."""
    known: Mapping[Any, type[Any]] = names if names is not None else _names_of(ruleset)
    name = data.get("action")
    if name not in known:
        raise InputError("action", f"unknown action {name!r} (actions: {', '.join(sorted(known))})")
    try:  # into the tagged struct itself: far faster than into the whole union
        action = msgspec.convert(data, known[name], strict=False)
    except msgspec.ValidationError as exc:
        refuse_nonfinite(data, str(name), sep=" ", texts=True)  # a NaN fails a bound: say so
        path, problem = split_error(str(exc))
        raise InputError(f"{name} {path}" if path else str(name), problem) from None
    refuse_nonfinite(action, str(name), sep=" ")
    return action


def _names_of(ruleset: AnyRuleset) -> dict[str, type[Any]]:
    """`action_names` of the ruleset's action union, found by the ruleset's identity."""
    return _NAMES.of(ruleset, lambda: action_names(ruleset.action_type))


@functools.cache
def action_names(action_type: Any) -> dict[str, type[Any]]:
    """The tags of a ruleset's action union, with their structs."""
    return {t.__struct_config__.tag: t for t in get_args(action_type) or (action_type,)}


def plain(action: Any) -> dict[str, Any]:
    """An action as the JSON data `act` takes (lists, not tuples), by a round trip through
    msgpack: the same plain values for every field an action has, and floats cost less."""
    data: dict[str, Any] = msgspec.msgpack.decode(msgspec.msgpack.encode(action))
    return data


class RngRoll:
    """A roller with faces drawn from a `random.Random`: dice for simulated play."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult:
        randint = self.rng.randint
        faces = [[randint(1, p.sides) for _ in range(p.count)] for p in check.pools]
        return check.resolve(faces, "sim")


class Sim(Generic[Sc, S, A, E]):
    """Simulated play of one ruleset on states: no log, no store, no seat's filter (the
    caller decides what state it plays from; a bot only ever gives it its seat's knowledge or
    a determinization of it). Whether the last state asked about is over is kept: a playout
    asks it of each state, then draws an action in it and plays it there."""

    __slots__ = ("_over", "ruleset")

    def __init__(self, ruleset: Ruleset[Sc, S, A, E]) -> None:
        self.ruleset = ruleset
        self._over: tuple[S, bool] | None = None

    def step(self, state: S, seat: str, action: A, rng: random.Random) -> S:
        """`state` after `seat` plays `action` with dice drawn from `rng` (raises as `act`
        would for an illegal action)."""
        roll = RngRoll(rng)
        return performed(self.ruleset, state, seat, action, roll, False, self.over(state))[1]

    def legal(self, state: S, seat: str) -> list[Candidate]:
        """The legal actions of `seat` in `state` (typed, with labels and domains)."""
        return list(legal(self.ruleset, state, seat, self.over(state)))

    def random_action(self, state: S, seat: str, rng: random.Random) -> A | None:
        """A legal action drawn as `Game.random_action` draws one (typed), or None."""
        drawn = drawn_legal(self.ruleset, state, seat, rng, self.over(state))
        return None if drawn is None else drawn[0]

    def seats_to_act(self, state: S) -> list[str]:
        return self.ruleset.seats_to_act(state)

    def over(self, state: S) -> bool:
        kept = self._over
        if kept is not None and kept[0] is state:
            return kept[1]
        over = self.ruleset.over(state)
        self._over = (state, over)
        return over


class FirstRoll(Exception):
    """Raised at an action's first roll or event: all that could refuse it has been checked."""


class _Validation:
    """The handle of a validation run: it ends the run at the first roll."""

    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult:
        raise FirstRoll


class _ValidationToEvents(_Validation):
    """The same, ending the run at the first event too (a ruleset that
    `validates_before_events`)."""

    def on_emit(self) -> None:
        raise FirstRoll


FIRST_ROLL = _Validation()
FIRST_EVENT = _ValidationToEvents()


class _Watched:
    """A roller that notes whether the action has rolled (or, where events count too,
    emitted) anything yet."""

    def __init__(self, roll: Roll, events_count: bool) -> None:
        self.roll = roll
        self.events_count = events_count
        self.acted = ""  # "a roll" or "an event" once it has

    def __call__(self, check: Check, *, secret: bool = False) -> CheckResult:
        self.acted = self.acted or "a roll"
        return self.roll(check, secret=secret)

    def on_emit(self) -> None:
        if self.events_count:
            self.acted = self.acted or "an event"


__all__ = [
    "DOMAIN_TRIES",
    "RngRoll",
    "Sim",
    "action_names",
    "guard",
    "legal",
    "parse_action",
    "performed",
    "plain",
    "random_legal",
    "until_first_roll",
    "validate",
]
