"""A game: a scenario, a secret seed and an append-only log. Everything else is derived.

`Game.act` validates and resolves one action into a log entry, `Game.undo` appends an undo entry,
and every read (`view`, `log_view`, `replay`) goes through a seat, as does everything a seat is
told about a possible action (`legal_actions`, `is_legal`, `validate`, `odds`, `dice_prompt`):
those are computed from the seat's knowledge (`Ruleset.knowledge`), never from hidden facts.
"""

from __future__ import annotations

import functools
import hmac
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic

import msgspec

from kriegsspiel.core import sim
from kriegsspiel.core.chance import BUDGET, SAMPLES, ActionOdds, walk
from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.choices import Choice, label_of
from kriegsspiel.core.commitments import SeatThings, commit, opening
from kriegsspiel.core.dice import DiceSource, EnteredDice, Pool, SeededDice
from kriegsspiel.core.history import History, Resumed
from kriegsspiel.core.log import Entry, Record
from kriegsspiel.core.messages import EVERYONE, MESSAGE, describe, message_data
from kriegsspiel.core.outlook import Keyed, Measure, Outlook, scores_of
from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import A, E, Ruleset, S, Sc
from kriegsspiel.core.seats import PUBLIC, UMPIRE, all_seats, sees
from kriegsspiel.core.sim import DOMAIN_TRIES, action_names
from kriegsspiel.core.task_plans import TaskPlan
from kriegsspiel.core.victory import Result
from kriegsspiel.core.views import ViewHeader
from kriegsspiel.errors import InputError, KriegsspielError, RuleViolation

FORMAT = 1


class Header(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    ruleset: str
    seed: str


class Game(Generic[Sc, S, A, E]):
    """One game of one ruleset. Not thread-safe; stores serialise access."""

    def __init__(
        self,
        ruleset: Ruleset[Sc, S, A, E],
        scenario: Sc,
        seed: str | None = None,
        log: Sequence[Entry[E]] = (),
        resumed: Callable[[S], Resumed[S, E]] | None = None,
    ) -> None:
        """`resumed`, given the initial state, is what a store kept of the log's first entries
        (`core.history.Resumed`); `log` then holds the entries after them."""
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = seed or scenario.seed or secrets.token_hex(16)
        initial = ruleset.initial_state(scenario)
        kept = None if resumed is None else resumed(initial)
        self._history: History[S, E] = History(initial, ruleset.apply, log, kept)
        self._log = self._history.entries  # appended to through `_history` alone
        self._known: dict[str, S] = {}
        # the last action validated, when and for whom, and the data `random_action` gave it as
        # (msgpack): `act` neither checks nor parses that action again
        self._valid: tuple[int, str, Any, bytes] | None = None
        self._actions = action_names(ruleset.action_type)
        self._result: tuple[int, Result | None] | None = None  # the result, and when
        self._over: tuple[int, bool] | None = None  # whether it is over, and when
        # each seat's commitments to hidden things, walked up to `_things_at` entries
        self._things: dict[str, SeatThings] = {}
        self._things_at = 0
        self._things_state = initial

    # -- reading, always as a seat ------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return all_seats(self.scenario.side_ids)

    def check_seat(self, seat: str) -> str:
        if seat not in self.seats:
            raise InputError("seat", f"unknown seat {seat!r} (seats: {', '.join(self.seats)})")
        return seat

    def view(self, seat: str) -> dict[str, Any]:
        """What `seat` may know of the current state."""
        return self.ruleset.view(self._state, self.check_seat(seat))

    def typed_view(self, seat: str) -> ViewHeader:
        """`view` as the ruleset's own struct (`Ruleset.typed_view`), for displays that read
        its fields by type; what `seat` may not see is `UNSET`."""
        return self.ruleset.typed_view(self._state, self.check_seat(seat))

    def log_view(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        """The log as `seat` may see it, numbered in that seat's own sequence: its entries after
        number `since` (all of them by default), at a cost that does not grow with the log.

        Entries with nothing `seat` may see are left out entirely (an undo counts as visible when
        what it took back was), so their existence does not leak either; only the umpire sees the
        global sequence numbers.
        """
        self.check_seat(seat)
        index = self._history.seat_log(seat)
        if since < 0:
            raise InputError("since", "must be 0 or more")
        gone = self._history.gone
        out: list[dict[str, Any]] = []
        for n, position in enumerate(index.positions[since:], start=since + 1):
            entry = self._log[position]
            records = entry.visible_records(seat)
            item: dict[str, Any] = {
                "n": n,
                "seat": entry.seat,
                "kind": entry.kind,
                "undone": entry.seq in gone,
                "events": [
                    {"text": text, **_plain(r.event)}
                    for r in records
                    if (text := self.ruleset.describe_event(r.event))  # "": bookkeeping, no line
                ],
            }
            if entry.kind == "action":
                item["outcome"] = self.ruleset.outcome([r.event for r in records])
            elif entry.kind == MESSAGE and entry.action is not None:
                data = entry.action
                item["events"] = [
                    {
                        "text": describe(entry.seat, data),
                        "message": data["text"],
                        "addressed": data["addressed"],
                        "to": data["to"],
                    }
                ]
            undoes = [index.numbers[s] for s in entry.undoes if s in index.numbers]
            if undoes:
                item["undoes"] = undoes
            if seat == UMPIRE:
                item["seq"] = entry.seq
            if entry.action is not None and seat in (UMPIRE, entry.seat):
                item["action"] = entry.action
            out.append(item)
        return out

    def commitments(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        """For each of `seat`'s entries after number `since`, a salted hash of that entry's
        records hidden from the seat, and its slot of commitments to hidden things
        (core/commitments.py): `{"n", "commitment", "things": [{"slot", "commitment"}]}`;
        from the start (`since` 0), first the start's slots, `{"n": 0, "things"}`."""
        index = self._history.seat_log(self.check_seat(seat))
        if since < 0:
            raise InputError("since", "must be 0 or more")
        things = self._walked()[seat]
        start = [self._slots(things, 0)] if since == 0 else []
        return start + [
            {
                "n": n,
                "commitment": commit(self.seed, self._log[position], seat),
                **self._slots(things, n),
            }
            for n, position in enumerate(index.positions[since:], start=since + 1)
        ]

    def openings(self, seat: str) -> list[dict[str, Any]]:
        """What checks each of `seat`'s commitments: the salt and the hidden records, and each
        slot's salt and content. It shows the seat everything: for a game revealed to every
        seat."""
        index = self._history.seat_log(self.check_seat(seat))
        things = self._walked()[seat]
        return [{"n": 0, "things": [s.opening(self.seed, seat) for s in things.slots[0]]}] + [
            {
                "n": n,
                **opening(self.seed, self._log[position], seat),
                "things": [s.opening(self.seed, seat) for s in things.slots[n]],
            }
            for n, position in enumerate(index.positions, start=1)
        ]

    def opened(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        """The things opened to `seat` in play, by entries after its number `since`: each
        `{"n", "slot", "salt", "content"}`, `n` the entry that showed it."""
        if since < 0:
            raise InputError("since", "must be 0 or more")
        things = self._walked()[self.check_seat(seat)]
        return [{"n": n, **s.opening(self.seed, seat)} for n, s in things.opened if n > since]

    def _slots(self, things: SeatThings, n: int) -> dict[str, Any]:
        return {"n": n, "things": [s.commitment(self.seed, things.seat) for s in things.slots[n]]}

    def _walked(self) -> dict[str, SeatThings]:
        """Every seat's commitments to hidden things, brought up to the end of the log."""
        hidden_things = self.ruleset.hidden_things
        if not self._things:
            state = self._things_state
            for seat in self.seats:
                self._things[seat] = SeatThings(self.seed, seat)
                self._things[seat].start(hidden_things(state, seat))
        if self._things_at == len(self._log):
            return self._things
        numbers = {seat: self._history.seat_log(seat).numbers for seat in self.seats}
        state = self._things_state
        for entry in self._log[self._things_at :]:
            if entry.kind == "action":
                for record in entry.records:
                    state = self.ruleset.apply(state, record.event)
            elif entry.kind == "undo":
                state = self._history.state_at(entry.seq + 1)
            for seat, things in self._things.items():
                n = numbers[seat].get(entry.seq)
                things.step(hidden_things(state, seat), n, entry.kind == "action")
        self._things_state, self._things_at = state, len(self._log)
        return self._things

    def log_length(self, seat: str) -> int:
        """How many entries `seat`'s log has (the number of its newest)."""
        self.check_seat(seat)
        return len(self._history.seat_log(seat).positions)

    def replay(self, seat: str, upto: int) -> dict[str, Any]:
        """What `seat` knew after the first `upto` entries of its own log (`log_view` numbers).

        Counting only the entries the seat may see keeps hidden entries, and how many there
        are, out of both the answer and the error.
        """
        self.check_seat(seat)
        visible = self._history.seat_log(seat).positions
        if not 0 <= upto <= len(visible):
            raise InputError("upto", f"must be from 0 to {len(visible)}")
        end = visible[upto - 1] + 1 if upto else 0
        return self.ruleset.view(self._history.state_at(end), seat)

    def task_plan(self, seat: str, task: str) -> TaskPlan:
        """When `task` in progress finishes, exactly, as far as `seat` can tell: computed from
        its view (a task it may not see is refused as an unknown one), the game's own tables
        and the clock left (`Ruleset.task_plan`)."""
        return self.ruleset.task_plan(self.typed_view(seat), self.scenario, task)

    def seats_to_act(self) -> list[str]:
        """The seats that may act now (besides the umpire): public, shown to every seat."""
        return [] if self.over() else self.ruleset.seats_to_act(self._state)

    def over(self) -> bool:
        """Whether the game is over (then every action is refused, GAME-OVER): its victory
        conditions decided it, or its length ran out. Public, shown to every seat."""
        if self._over is None or self._over[0] != len(self._log):
            self._over = (len(self._log), self.ruleset.over(self._state))
        return self._over[1]

    def result(self, seat: str = UMPIRE) -> Result | None:
        """The game's result (`core.victory.Result`: the winner or a draw, each side's points
        and the reasons), or None while it goes on; computed once per log length. Once the game
        is over every seat is told the same result, which counts every fact (docs/victory.md)."""
        self.check_seat(seat)
        if self._result is None or self._result[0] != len(self._log):
            self._result = (len(self._log), self.ruleset.result(self._state))
        return self._result[1]

    def scores(self, seat: str = UMPIRE) -> dict[str, int]:
        """Each side's points now as `seat` knows them (the umpire: as they truly stand); once
        the game is over, the result's."""
        result = self.result(seat)
        if result is not None:
            return dict(result.scores)
        return self.ruleset.scores(self._knowledge(seat))

    @property
    def can_undo(self) -> bool:
        """Whether any action is in effect that the umpire could take back."""
        return bool(self._history.live)

    @property
    def log(self) -> tuple[Entry[E], ...]:
        """The full log: the umpire's record. Show seats `log_view` instead."""
        return tuple(self._log)

    @property
    def history(self) -> History[S, E]:
        """The log with its indexes and kept states, for the stores: the umpire's record."""
        return self._history

    @property
    def state(self) -> S:
        """The full state: the umpire's knowledge. Show seats `view` instead."""
        return self._history.state

    @property
    def _state(self) -> S:
        return self._history.state

    # -- acting --------------------------------------------------------------------------------

    def parse_action(self, data: Mapping[str, Any]) -> A:
        """A typed action from plain data, such as `{"action": "engineer", "unit": "p1"}`."""
        action: A = sim.parse_action(self.ruleset, data, self._actions)
        return action

    def act(
        self, seat: str, action: A | Mapping[str, Any], dice: DiceSource | None = None
    ) -> Entry[E]:
        """Validate and resolve `action` by `seat`, append it to the log, and return the entry.

        The action is first validated, and typed-in dice checked, against what the seat knows
        (`Ruleset.knowledge`), so a refusal never depends on a hidden fact. Rolls the seat may
        not know of are rolled by the engine even when the seat typed in its dice; the seat's
        faces go to the rolls it knows of, in order. On any error nothing is appended and the
        state is unchanged.
        """
        self.check_seat(seat)
        seq = len(self._log)
        typed = self._drawn(seq, seat, action)
        seeded = SeededDice(self.seed)
        counter = iter(range(1_000_000))
        typed_in = isinstance(dice, EnteredDice) and not dice.knows_all
        known = self._knowledge(seat)
        expected: list[tuple[str, tuple[Pool, ...], tuple[int, ...]]] = []
        validated = self._valid is not None and self._valid[:3] == (seq, seat, typed)
        if typed_in or (known is not self._state and not validated):
            expected = self._rehearse(known, seat, typed, dice if typed_in else None)
        diverged = False

        def roll(check: Check, *, secret: bool = False) -> CheckResult:
            nonlocal diverged
            key = self._roll_key(f"{seq}/{next(counter)}")
            if dice is None or (typed_in and secret and seat != UMPIRE):
                return check.roll(seeded, key)
            if not typed_in:
                return check.roll(dice, key)
            if not diverged and expected and expected[0][:2] == (check.name, check.pools):
                faces = expected.pop(0)[2]
                return check.roll(_Fixed(faces, dice.origin), key)
            diverged = True  # hidden facts took the action elsewhere: the engine rolls the rest
            return check.roll(seeded, key)

        done, state = self._performed(self._state, seat, typed, roll, known is not self._state)
        records = tuple(done)
        if dice is not None and not typed_in and isinstance(dice, EnteredDice):
            dice.finish()
        entry = Entry(seq, seat, "action", msgspec.to_builtins(typed), records)
        self._history.append(entry, state)
        self._known.clear()
        return entry

    def _rehearse(
        self, known: S, seat: str, action: A, dice: DiceSource | None
    ) -> list[tuple[str, tuple[Pool, ...], tuple[int, ...]]]:
        """Validate `action` against the seat's knowledge; with typed-in dice, play it there
        with them, checking their number and range, and return the rolls they went to."""
        if dice is None:
            self.validate_typed(known, seat, action)
            return []
        assert isinstance(dice, EnteredDice)
        rehearsal = dice.copy()
        stand_in = SeededDice(self.seed)
        used: list[tuple[str, tuple[Pool, ...], tuple[int, ...]]] = []

        def roll(check: Check, *, secret: bool = False) -> CheckResult:
            if secret and seat != UMPIRE:
                return check.roll(stand_in, "rehearsal")
            result = check.roll(rehearsal, "rehearsal")
            used.append((check.name, check.pools, tuple(f for fs in result.faces for f in fs)))
            return result

        self._performed(known, seat, action, roll, False)
        rehearsal.finish()
        return used

    def _performed(
        self, state: S, seat: str, action: A, roll: Roll, validated: bool
    ) -> tuple[Sequence[Record[E]], S]:
        """The action's records and the state after them (`sim.performed`)."""
        return sim.performed(self.ruleset, state, seat, action, roll, validated, self.over())

    def validate(self, seat: str, action: A | Mapping[str, Any]) -> None:
        """Raise the refusal `act` would give `action` by `seat` (RuleViolation, InputError);
        decided from the seat's knowledge alone, with no dice."""
        self.check_seat(seat)
        self.validate_typed(self._knowledge(seat), seat, self._typed(action))

    def validate_typed(self, known: S, seat: str, action: A) -> None:
        sim.validate(self.ruleset, known, seat, action, self.over())

    def is_legal(self, seat: str, action: A | Mapping[str, Any]) -> bool:
        """Whether `seat` may take `action` now, as far as the seat knows (no dice involved)."""
        try:
            self.validate(seat, action)
        except KriegsspielError:
            return False
        return True

    def legal_actions(self, seat: str) -> list[Choice]:
        """Every action `seat` may take now, as plain data `act` accepts, each with a label and
        the domain of any continuous parameter. Computed from the seat's knowledge only."""
        self.check_seat(seat)
        if seat == PUBLIC:
            return []
        known = self._knowledge(seat)
        return [
            Choice(sim.plain(c.action), c.text(), c.open())
            for c in sim.legal(self.ruleset, known, seat, self.over())
        ]

    def label(self, seat: str, action: Mapping[str, Any]) -> str:
        """`action` in words as `seat` is offered it (`legal_actions`' label, with the options it
        chose); its name alone if it is not among them."""
        found = label_of(self.legal_actions(seat), action)
        return found if found is not None else str(action.get("action", "an action"))

    def random_action(self, seat: str, rng: random.Random) -> dict[str, Any] | None:
        """A legal action for `seat` drawn uniformly from `legal_actions`, its open parameters
        drawn from their domains (a value `is_legal` accepts, or the listed one), or None if
        there is none; it validates candidates in random order until one passes."""
        self.check_seat(seat)
        if seat == PUBLIC:
            return None
        drawn = sim.random_legal(self.ruleset, self._knowledge(seat), seat, rng, self.over())
        if drawn is None:
            return None
        self._valid = (len(self._log), seat, drawn[0], drawn[2])  # act need not check it again
        return drawn[1]

    def odds(
        self,
        seat: str,
        action: A | Mapping[str, Any],
        *,
        acting: str | None = None,
        budget: int = BUDGET,
        samples: int = SAMPLES,
    ) -> ActionOdds:
        """The exact odds of everything `action` by `seat` can lead to, over what the seat
        knows: every roll it makes, each later roll conditioned on earlier outcomes; estimated
        when the chance tree has more than `budget` paths. The umpire may ask about another
        seat's action (`acting`), with every hidden fact counted. Raises as `act` would if the
        action is illegal."""
        self.check_seat(seat)
        actor = self.check_seat(acting or seat)
        if actor != seat and seat != UMPIRE:
            raise InputError("acting", "only the umpire may ask the odds of another seat's action")
        typed = self._typed(action)
        self.validate_typed(self._knowledge(actor), actor, typed)
        known = self._knowledge(seat)

        def run(roll: Roll) -> str:
            records = self._performed(known, actor, typed, roll, True)[0]
            return self.ruleset.outcome([r.event for r in records if sees(seat, r.to)])

        return walk(run, budget=budget, samples=samples)

    def outlook(
        self,
        seat: str,
        action: A | Mapping[str, Any],
        measure: Measure | None = None,
        *,
        budget: int = BUDGET,
        samples: int = SAMPLES,
    ) -> Outlook:
        """The distribution of `measure` (by default the victory scores, `Ruleset.scores`) of
        what `seat` would know after `action` (`core/outlook.py`): exact over the action's
        chance tree walked on the seat's knowledge, estimated past `budget` paths. `measure`
        is given only the seat's knowledge of each resulting state. Raises as `act` would if
        the action is illegal."""
        self.check_seat(seat)
        typed = self._typed(action)
        known = self._knowledge(seat)
        self.validate_typed(known, seat, typed)
        measured = measure or functools.partial(scores_of, self.ruleset)
        keyed = Keyed()

        def run(roll: Roll) -> str:
            after = self.ruleset.knowledge(self._performed(known, seat, typed, roll, True)[1], seat)
            return keyed.key(measured(after))

        return keyed.outlook(walk(run, budget=budget, samples=samples))

    def dice_prompt(
        self, seat: str, action: A | Mapping[str, Any], entered: Sequence[int] = ()
    ) -> Check | None:
        """The next roll `seat` must type in for `action`, given the faces `entered` so far,
        or None when they are all it needs. Only rolls the seat may know of are asked for;
        the engine rolls the others. Raises DiceError for faces out of range or too many."""
        self.check_seat(seat)
        typed = self._typed(action)
        known = self._knowledge(seat)
        self.validate_typed(known, seat, typed)
        source = EnteredDice(entered, player=seat)
        stand_in = SeededDice(self.seed)

        def roll(check: Check, *, secret: bool = False) -> CheckResult:
            if secret and seat != UMPIRE:
                return check.roll(stand_in, "prompt")
            if source.left < sum(p.count for p in check.pools):
                raise _NeedDice(check)
            return check.roll(source, "prompt")

        try:
            self._performed(known, seat, typed, roll, True)
        except _NeedDice as need:
            return need.check
        source.finish()
        return None

    def _typed(self, action: A | Mapping[str, Any]) -> A:
        return self.parse_action(action) if isinstance(action, Mapping) else action

    def _drawn(self, seq: int, seat: str, action: A | Mapping[str, Any]) -> A:
        """`_typed`, but the very data `random_action` just gave `seat` (the same msgpack bytes,
        so the same types too) is the action it validated, not parsed again."""
        valid = self._valid
        if valid is not None and isinstance(action, Mapping) and valid[:2] == (seq, seat):
            try:
                same = msgspec.msgpack.encode(action) == valid[3]
            except (TypeError, ValueError, OverflowError):  # not plain data: parsing says why
                same = False
            if same:
                typed: A = valid[2]
                return typed
        return self._typed(action)

    def _knowledge(self, seat: str) -> S:
        """The state as `seat` knows it, computed once per log length."""
        if seat == UMPIRE:
            return self._state
        if seat not in self._known:
            self._known[seat] = self.ruleset.knowledge(self._state, seat)
        return self._known[seat]

    def _roll_key(self, position: str) -> str:
        """An opaque, reproducible name for a roll. Keyed with the secret seed, so a key shown
        to a seat tells it nothing of the log position, nor of entries hidden from it."""
        return hmac.digest(self.seed.encode(), position.encode(), "sha256").hex()[:16]

    def message(self, seat: str, text: str, to: str = EVERYONE) -> Entry[E]:
        """Send a message from `seat` to `to` (everyone, the umpire, or a side), kept in the log
        and shown only to its audience (core/messages.py); it changes nothing else."""
        self.check_seat(seat)
        data = message_data(seat, text, to, self.seats)
        entry: Entry[E] = Entry(len(self._log), seat, MESSAGE, data, ())
        self._history.append(entry)
        return entry

    def undo(self, seat: str = UMPIRE, count: int = 1) -> Entry[E]:
        """Take back the last `count` actions still in effect. Only the umpire may undo."""
        self.check_seat(seat)
        if seat != UMPIRE:
            raise RuleViolation("UNDO", "only the umpire seat may undo actions")
        live = self._history.live
        if count < 1 or count > len(live):
            raise InputError("count", f"there are {len(live)} action(s) that can be undone")
        entry: Entry[E] = Entry(len(self._log), seat, "undo", None, (), tuple(live[-count:]))
        self._history.append(entry)  # folded from the nearest checkpoint before the first
        self._known.clear()
        return entry


class _NeedDice(Exception):
    def __init__(self, check: Check) -> None:
        self.check = check


class _Fixed:
    """The faces one roll was given when the action was rehearsed against the seat's
    knowledge, replayed for the same roll in play."""

    def __init__(self, faces: tuple[int, ...], origin: str) -> None:
        self._faces = list(faces)
        self.origin = origin

    def faces(self, pool: Pool, key: str) -> tuple[int, ...]:
        taken, self._faces = self._faces[: pool.count], self._faces[pool.count :]
        return tuple(taken)


def _plain(event: Any) -> dict[str, Any]:
    data = msgspec.to_builtins(event)
    return data if isinstance(data, dict) else {"value": data}


__all__ = ["DOMAIN_TRIES", "FORMAT", "Game", "Header", "action_names"]
