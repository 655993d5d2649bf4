"""A game: a scenario, a secret seed and an append-only log. Everything else is derived.

`Game.act` validates and resolves one action into a log entry, `Game.undo` appends an undo entry,
and every read (`view`, `log_view`, `replay`) goes through a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Generic, get_args

import msgspec

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.convert import split_error
from kriegsspiel.core.dice import DiceSource, EnteredDice, SeededDice
from kriegsspiel.core.log import Entry, effective, undone
from kriegsspiel.core.ruleset import A, E, Ruleset, S, Sc
from kriegsspiel.core.seats import UMPIRE, all_seats
from kriegsspiel.errors import InputError, RuleViolation

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
    ) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = seed or scenario.seed or secrets.token_hex(16)
        self._log: list[Entry[E]] = list(log)
        self._state = self._fold(self._log)

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

    def log_view(self, seat: str) -> list[dict[str, Any]]:
        """The log as `seat` may see it, numbered in that seat's own sequence.

        Entries with nothing `seat` may see are left out entirely (an undo counts as visible when
        what it took back was), so their existence does not leak either; only the umpire sees the
        global sequence numbers.
        """
        self.check_seat(seat)
        gone = undone(self._log)
        numbers: dict[int, int] = {}
        out: list[dict[str, Any]] = []
        for entry in self._log:
            records = entry.visible_records(seat)
            undoes = [numbers[s] for s in entry.undoes if s in numbers]
            if not records and not undoes:
                continue
            numbers[entry.seq] = len(out) + 1
            item: dict[str, Any] = {
                "n": numbers[entry.seq],
                "seat": entry.seat,
                "kind": entry.kind,
                "undone": entry.seq in gone,
                "events": [
                    {"text": self.ruleset.describe_event(r.event), **_plain(r.event)}
                    for r in records
                ],
            }
            if undoes:
                item["undoes"] = undoes
            if seat == UMPIRE:
                item["seq"] = entry.seq
            if entry.action is not None and seat in (UMPIRE, entry.seat):
                item["action"] = entry.action
            out.append(item)
        return out

    def replay(self, seat: str, upto: int) -> dict[str, Any]:
        """What `seat` knew after the first `upto` entries of its own log (`log_view` numbers).

        Counting only the entries the seat may see keeps hidden entries, and how many there
        are, out of both the answer and the error.
        """
        self.check_seat(seat)
        visible = [i for i, e in enumerate(self._log) if self._visible(seat, e)]
        if not 0 <= upto <= len(visible):
            raise InputError("upto", f"must be from 0 to {len(visible)}")
        end = visible[upto - 1] + 1 if upto else 0
        return self.ruleset.view(self._fold(self._log[:end]), seat)

    def _visible(self, seat: str, entry: Entry[E]) -> bool:
        """Whether `seat` sees anything of `entry` (for an undo: of what it took back)."""
        if entry.visible_records(seat):
            return True
        return any(self._log[s].visible_records(seat) for s in entry.undoes)

    @property
    def log(self) -> tuple[Entry[E], ...]:
        """The full log: the umpire's record. Show seats `log_view` instead."""
        return tuple(self._log)

    @property
    def state(self) -> S:
        """The full state: the umpire's knowledge. Show seats `view` instead."""
        return self._state

    # -- acting --------------------------------------------------------------------------------

    def parse_action(self, data: Mapping[str, Any]) -> A:
        """A typed action from plain data, such as `{"action": "engineer", "unit": "p1"}`."""
        known = action_names(self.ruleset.action_type)
        name = data.get("action")
        if name not in known:
            raise InputError(
                "action", f"unknown action {name!r} (actions: {', '.join(sorted(known))})"
            )
        try:
            action: A = msgspec.convert(data, self.ruleset.action_type, strict=False)
        except msgspec.ValidationError as exc:
            path, problem = split_error(str(exc))
            raise InputError(f"{name} {path}" if path else str(name), problem) from None
        return action

    def act(
        self, seat: str, action: A | Mapping[str, Any], dice: DiceSource | None = None
    ) -> Entry[E]:
        """Validate and resolve `action` by `seat`, append it to the log, and return the entry.

        On any error nothing is appended and the state is unchanged.
        """
        self.check_seat(seat)
        typed = self.parse_action(action) if isinstance(action, Mapping) else action
        seq = len(self._log)
        source = dice or SeededDice(self.seed)
        counter = iter(range(1_000_000))

        def roll(check: Check) -> CheckResult:
            return check.roll(source, self._roll_key(f"{seq}/{next(counter)}"))

        records = tuple(self.ruleset.perform(self._state, seat, typed, roll))
        if isinstance(dice, EnteredDice):
            dice.finish()
        state = self._state
        for record in records:
            state = self.ruleset.apply(state, record.event)
        entry = Entry(seq, seat, "action", msgspec.to_builtins(typed), records)
        self._log.append(entry)
        self._state = state
        return entry

    def preview(self, seat: str, action: A | Mapping[str, Any]) -> list[Check]:
        """The checks `action` would roll, for showing exact odds before confirming it.

        A dry run: `perform` is called with a roller that records each check and answers with
        its first possible outcome; nothing is appended. Raises as `act` would if the action is
        illegal. Checks that depend on an earlier roll's outcome are shown for that outcome.
        """
        self.check_seat(seat)
        typed = self.parse_action(action) if isinstance(action, Mapping) else action
        seen: list[Check] = []

        def record(check: Check) -> CheckResult:
            seen.append(check)
            return check.resolve([[1] * pool.count for pool in check.pools], "preview")

        self.ruleset.perform(self._state, seat, typed, record)
        return seen

    def _roll_key(self, position: str) -> str:
        """An opaque, reproducible name for a roll. Keyed with the secret seed, so a key shown
        to a seat tells it nothing of the log position, nor of entries hidden from it."""
        mac = hmac.new(self.seed.encode(), position.encode(), hashlib.sha256)
        return mac.hexdigest()[:16]

    def undo(self, seat: str = UMPIRE, count: int = 1) -> Entry[E]:
        """Take back the last `count` actions still in effect. Only the umpire may undo."""
        self.check_seat(seat)
        if seat != UMPIRE:
            raise RuleViolation("UNDO", "only the umpire seat may undo actions")
        live = effective(self._log)
        if count < 1 or count > len(live):
            raise InputError("count", f"there are {len(live)} action(s) that can be undone")
        targets = tuple(e.seq for e in live[-count:])
        entry: Entry[E] = Entry(len(self._log), seat, "undo", None, (), targets)
        self._log.append(entry)
        self._state = self._fold(self._log)
        return entry

    # -- folding and storage -------------------------------------------------------------------

    def _fold(self, entries: Sequence[Entry[E]]) -> S:
        state = self.ruleset.initial_state(self.scenario)
        for entry in effective(entries):
            for record in entry.records:
                state = self.ruleset.apply(state, record.event)
        return state


def action_names(action_type: Any) -> dict[str, type[Any]]:
    """The tags of a ruleset's action union, with their structs."""
    return {t.__struct_config__.tag: t for t in get_args(action_type) or (action_type,)}


def _plain(event: Any) -> dict[str, Any]:
    data = msgspec.to_builtins(event)
    return data if isinstance(data, dict) else {"value": data}


__all__ = ["FORMAT", "Game", "Header"]
