"""The server's side of the table: games kept in memory over the event store, read through seats.

Every read and every action goes through a seat token, and every answer is built from that seat's
`view` and `log_view` alone: never the seed, never the full log. An action is resolved on the
in-memory game, then its entry is committed to the store before anything is acknowledged; if the
commit fails, the game is dropped from memory and reloaded from the store when next needed.

Each game has a lock of its own, so work on one game (folding, a commit) never waits for another;
the API calls these methods from worker threads, off the event loop.

At most `capacity` games are kept in memory: when one more is loaded or created, the least
recently used game that no thread holds or waits for is dropped, and it is loaded again from the
store (its log replayed) when next used. What else the host keeps of a game (its seats' tokens
and versions, held approvals, idempotent answers) stays, so a reload is not seen by any seat.

Several servers may share one PostgreSQL store. Each keeps its own copy of a game, so its copy
can be behind: an entry appended on a stale copy takes a number another server has taken, the store
refuses it (`Conflict`), and the action is resolved again on the game as the store now has it,
exactly as if it had waited for the other server's. A change another server made is announced by
the store (`Store.watch`): the copy is dropped, and the game's live connections are woken.

A game whose stored record cannot be replayed is quarantined: it is never served, each of its
seats is told in one line where its record is damaged, and the umpire what is wrong; other games
go on. It stays held until the server restarts (after the record is repaired).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any

import msgspec

from kriegsspiel.core.checks import Check
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.guards import umpire_only
from kriegsspiel.core.log import Entry
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.errors import InputError, KriegsspielError
from kriegsspiel.games import AnyGame, new_game
from kriegsspiel.render import board
from kriegsspiel.scenario.load import BUNDLED, bundled_names, parse_scenario
from kriegsspiel.store.base import Conflict, Store, StoredReply, StoreError
from kriegsspiel.store.record import CorruptRecord, Unreadable
from kriegsspiel.store.summary import GameSummary, summary_of
from kriegsspiel.web.approvals import Approvals, Mode
from kriegsspiel.web.idempotency import Keep, Replies

RESOLVES = 8  # times an action is resolved anew when other servers recorded first


class NotFound(InputError):
    """An unknown or expired seat token."""


class Forbidden(InputError):
    """A seat or a server asked for what only the umpire or the host may do."""


class Unavailable(KriegsspielError):
    """The store failed; nothing was recorded."""


class Quarantined(KriegsspielError):
    """A game whose stored record does not replay: held apart, never served."""


@dataclass(frozen=True)
class Damage:
    """Where a quarantined game's record is damaged: the umpire's entry number (None: its
    scenario or header), what is wrong, and each seat's own number for that entry."""

    entry: int | None
    problem: str
    numbers: Mapping[str, int]

    def told(self, seat: str) -> Quarantined:
        """The one line `seat` is told (only the umpire is told what is wrong)."""
        if self.entry is None:
            at = "in its scenario"
        else:
            at = f"at entry {self.numbers.get(seat, self.entry + 1)}"
        if seat != UMPIRE:
            return Quarantined(f"this game's record is damaged {at}; the umpire has been told")
        return Quarantined(
            f"this game's record is damaged {at} ({self.problem}); it is held until the record "
            "is repaired and the server restarted"
        )


@dataclass(frozen=True)
class SeatRef:
    game_id: str
    seat: str


def bundled_scenario(name: str) -> ScenarioBase:
    """A bundled scenario by name only: never a path, so a request cannot read local files."""
    if name not in bundled_names():
        raise InputError(
            "scenario", f"no bundled scenario {name!r} (bundled: {', '.join(bundled_names())})"
        )
    text = resources.files(BUNDLED).joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    return parse_scenario(text, f"{name}.yaml (bundled)")


def odds(check: Check) -> dict[str, Any]:
    """A check's exact odds, as fractions and percentages, with its dice and modifiers."""
    return {
        "name": check.name,
        "dice": [pool.label for pool in check.pools],
        "modifiers": msgspec.to_builtins(check.modifiers),
        "rules": list(check.rules),
        "odds": [
            {"outcome": outcome, "fraction": str(p), "percent": round(float(p) * 100, 2)}
            for outcome, p in check.odds_table()
        ],
    }


@dataclass
class _Seen:
    """What a seat was last found to know: at which log length, its fingerprint, its version."""

    at: tuple[int, int] = (-1, -1)  # the log's length and the approvals' changes
    digest: str = ""
    version: int = 0


class Host:
    """Games over a store, addressed by seat tokens. Thread-safe: a lock per game serialises
    the work on that game, and a small lock guards the tables of games, locks and seats."""

    def __init__(self, store: Store, capacity: int = 64) -> None:
        self.store = store
        self.capacity = capacity  # games kept in memory, the most recently used
        self._games: OrderedDict[str, AnyGame] = OrderedDict()  # least recently used first
        self._busy: dict[str, int] = {}  # game -> threads holding or waiting for its lock
        self._locks: dict[str, threading.RLock] = {}
        self._seats: dict[str, SeatRef] = {}  # tokens found in the store
        self._seen: dict[tuple[str, str], _Seen] = {}  # (game, seat) -> what it last knew
        self._lock = threading.Lock()  # guards the tables above, never held while working
        self._listeners: list[Callable[[str], None]] = []
        self._replies = Replies(store.reply)
        self._host_token: str | None = None
        self._reissues = 0  # links reissued so far: a lookup begun before one is not kept
        self._approvals = Approvals(store.approvals)
        self._damaged: dict[str, Damage] = {}  # quarantined games
        self._elsewhere = 0  # changes other servers made so far: a load begun before one is stale
        store.watch(self._changed_elsewhere)

    def on_change(self, listener: Callable[[str], None]) -> None:
        """Call `listener(game_id)` after every recorded action or undo."""
        self._listeners.append(listener)

    # -- games and seats -----------------------------------------------------------------------

    def create(
        self,
        scenario: ScenarioBase,
        seed: str | None = None,
        *,
        published_seed: bool = False,
        declared_modifiers: Mode = "trusted",
    ) -> tuple[str, dict[str, str]]:
        """A new game; its id and the secret token of each seat.

        Its seed is `new_game`'s: `seed`, else with `published_seed` the scenario's own (public
        to anyone who can read the file), else a fresh secret one. `declared_modifiers` says
        whether the umpire approves declared modifiers before the roll (web/approvals.py)."""
        game = new_game(scenario, seed, published_seed=published_seed)
        try:
            game_id, tokens = self.store.create(game)
        except StoreError:
            raise Unavailable("the game could not be saved; try again") from None
        with self._lock:
            self._games[game_id] = game
        with self.locked(game_id):
            self._approvals.set_mode(game_id, declared_modifiers)
            self._save_approvals(game_id, None)
        with self._lock:
            self._evict()
        return game_id, tokens

    def known_seat(self, token: str) -> SeatRef | None:
        """The seat of a token already looked up (a dictionary read: fit for the event loop)."""
        with self._lock:
            return self._seats.get(token)

    def seat(self, token: str) -> SeatRef:
        with self._lock:
            ref = self._seats.get(token)
            reissues = self._reissues
        if ref is not None:
            return ref
        found = self.store.seat_of(token) if token else None
        if found is None:
            raise NotFound("seat token", "unknown or expired seat token; ask the host for a link")
        ref = SeatRef(*found)
        with self._lock:
            if self._reissues == reissues:  # else the token may have been revoked meanwhile
                self._seats[token] = ref
        return ref

    def check_host(self, token: str) -> None:
        """Refuse any token but the server's host token (compared in constant time)."""
        if self._host_token is None:
            self._host_token = self.store.host_token()
        if not hmac.compare_digest(token.encode(), self._host_token.encode()):
            raise NotFound("host token", "unknown host token; use the host link `serve` printed")

    def umpire(self, token: str) -> SeatRef:
        """The seat of an umpire's token; any other seat is refused."""
        ref = self.seat(token)
        if ref.seat != UMPIRE:
            raise Forbidden("seat", "only the umpire's page holds the game's links")
        return ref

    def tokens(self, game_id: str) -> dict[str, str]:
        """Every seat's token of a game: for the host and the umpire alone."""
        return self.store.tokens(game_id)

    def reissue(self, game_id: str, seat: str) -> str:
        """A new link for `seat`: its old token is unknown at once and its live connections
        are closed (they are woken, find their token gone, and close with 4404)."""
        token = self.store.reissue(game_id, seat)
        with self._lock:
            self._reissues += 1
            self._seats = {t: r for t, r in self._seats.items() if r != SeatRef(game_id, seat)}
        for listener in self._listeners:
            listener(game_id)
        return token

    def lobby(self) -> list[dict[str, Any]]:
        """The server's games, oldest first: scenario, where it stands, when last played. Read
        from the summaries the store keeps with each entry: no game is loaded for it (but one
        stored before summaries were kept, which is read from the game). A quarantined game is
        listed as damaged, with what is wrong."""
        out: list[dict[str, Any]] = []
        for game_id, created, active, summary in self.store.summaries():
            if summary is None and self.damage(game_id) is None:
                try:
                    with self.locked(game_id) as game:
                        summary = summary_of(game)
                except Quarantined:
                    pass
            damage = self.damage(game_id)
            if damage is not None or summary is None:
                told = str(damage.told(UMPIRE)) if damage is not None else "unreadable"
                out.append({
                    "game": game_id,
                    "title": "(a damaged game record)",
                    "ruleset": "quarantined",
                    "clock": told,
                    "over": False,
                    "entries": 0,
                    "created": created,
                    "active": active,
                    "damaged": told,
                })  # fmt: skip
                continue
            row = msgspec.structs.asdict(summary)
            out.append({"game": game_id, **row, "created": created, "active": active})
        return out

    def _changed_elsewhere(self, game_id: str | None) -> None:
        """Another server changed the game (None: any game may have changed): forget our copy
        and its seats' tokens, which are read again from the store, and wake its connections."""
        with self._lock:
            ids = list(self._games) if game_id is None else [game_id]
            for changed in ids:
                self._games.pop(changed, None)
                self._approvals.forget(changed)  # held and decided there too: read them again
                self._replies.forget(changed)
            self._elsewhere += 1
            self._reissues += 1  # a link may have been reissued there
            self._seats = {t: r for t, r in self._seats.items() if r.game_id not in ids}
        for changed in ids:
            self._notify(changed)

    def _game_lock(self, game_id: str) -> threading.RLock:
        with self._lock:
            return self._locks.setdefault(game_id, threading.RLock())

    @contextmanager
    def locked(self, game_id: str) -> Iterator[AnyGame]:
        """The game, loaded if need be, held under its own lock for the block (and kept in
        memory while any thread holds or waits for it)."""
        with self._lock:
            self._busy[game_id] = self._busy.get(game_id, 0) + 1
        try:
            with self._game_lock(game_id):
                with self._lock:
                    game = self._games.get(game_id)
                    if game is not None:
                        self._games.move_to_end(game_id)
                yield self._loaded(game_id) if game is None else game
        finally:
            with self._lock:
                self._busy[game_id] -= 1
                if not self._busy[game_id]:
                    del self._busy[game_id]
                    if game_id not in self._games:  # it never loaded: keep no lock for it
                        self._locks.pop(game_id, None)
                self._evict()

    def _evict(self) -> None:
        """Drop the least recently used idle games while more than `capacity` are in memory
        (called holding `_lock`). A game in use stays, even over capacity, until it is idle.
        An idle game's lock goes with it: no thread holds it or has it in hand (`_busy` counts
        a thread before it takes the lock), and the next use makes a new one."""
        over = len(self._games) - self.capacity
        if over <= 0:
            return
        idle = [g for g in self._games if g not in self._busy][:over]
        for game_id in idle:
            del self._games[game_id]
            self._approvals.forget(game_id)  # idle: read back from the store when next used
            self._replies.forget(game_id)
            self._locks.pop(game_id, None)

    def in_memory(self) -> list[str]:
        """The ids of the games in memory, the least recently used first."""
        with self._lock:
            return list(self._games)

    def _loaded(self, game_id: str) -> AnyGame:
        """The game as the store has it, kept unless another server changed it meanwhile (the
        caller holds the game's lock)."""
        with self._lock:
            elsewhere = self._elsewhere
        game = self._load(game_id)
        with self._lock:
            if self._elsewhere == elsewhere:
                self._games[game_id] = game
        return game

    def _load(self, game_id: str) -> AnyGame:
        damage = self._damaged.get(game_id)
        if damage is None:
            try:
                return self.store.load(game_id)
            except CorruptRecord as exc:
                damage = self._damaged[game_id] = self._damage(game_id, exc)
                logging.getLogger(__name__).error("game %s quarantined: %s", game_id, exc)
        raise damage.told("public")

    def _damage(self, game_id: str, exc: CorruptRecord) -> Damage:
        numbers: dict[str, int] = {}
        if exc.entry is not None:
            try:  # the entries before the damaged one, for each seat's own numbering
                before = self.store.load(game_id, upto=exc.entry)
                numbers = {seat: before.log_length(seat) + 1 for seat in before.seats}
            except CorruptRecord:
                pass
        problem = exc.problem.replace(str(self.store.path), "the game database")
        return Damage(exc.entry, problem, numbers)

    def damage(self, game_id: str) -> Damage | None:
        """What is wrong with a quarantined game's record (None: it is not quarantined)."""
        with self._lock:
            return self._damaged.get(game_id)

    @contextmanager
    def _held(self, ref: SeatRef) -> Iterator[AnyGame]:
        """`locked` for a seat: a quarantined game refused in the words for that seat."""
        try:
            with self.locked(ref.game_id) as game:
                yield game
        except Quarantined:
            damage = self.damage(ref.game_id)
            if damage is None:
                raise
            raise damage.told(ref.seat) from None

    def game(self, game_id: str) -> AnyGame:
        with self.locked(game_id) as game:
            return game

    @contextmanager
    def _open(self, token: str) -> Iterator[tuple[SeatRef, AnyGame]]:
        ref = self.seat(token)
        with self._held(ref) as game:
            yield ref, game

    # -- reading as a seat ---------------------------------------------------------------------

    def table(self, token: str) -> dict[str, Any]:
        """Everything a seat's page shows: its view, who acts, its legal actions."""
        with self._open(token) as (ref, game):
            seat = ref.seat
            to_act = game.seats_to_act()
            choices = game.legal_actions(seat)
            result = game.result(seat)
            view = game.view(seat)
            return {
                "game": ref.game_id,
                "seat": seat,
                "seat_name": _seat_name(game, seat),
                "ruleset": game.ruleset.name,
                "ruleset_title": game.ruleset.title,
                "title": game.scenario.title,
                "seats": list(game.seats),
                "to_act": to_act,
                "actions": [c.action for c in choices],
                "choices": msgspec.to_builtins(choices),
                "can_undo": seat == UMPIRE and game.can_undo,
                "clock": game.ruleset.clock(view),
                "view": view,
                # the points as this seat knows them; once over, the result every seat is told
                "scores": game.scores(seat),
                "result": None if result is None else msgspec.to_builtins(result),
                "declared_modifiers": self._approvals.mode(ref.game_id),
                "approvals": self._approvals.shown(ref.game_id, seat),
            }

    def log(self, token: str, since: int = 0) -> list[dict[str, Any]]:
        """The seat's log entries after number `since` (the whole log by default)."""
        with self._open(token) as (ref, game):
            return game.log_view(ref.seat, since)

    def plan(self, token: str, task: str) -> dict[str, Any]:
        """When `task` is finished, from the seat's view (`Game.task_plan`)."""
        with self._open(token) as (ref, game):
            return game.task_plan(ref.seat, task).report()

    def svg(self, token: str, selected: str | None = None) -> str:
        with self._open(token) as (ref, game):
            return board(game.view(ref.seat), selected=selected)

    def digest(self, token: str) -> str:
        """A fingerprint of what a seat knows: it changes only when that seat's page would."""
        with self._open(token) as (ref, game):
            return _digest(game, ref.seat, self._approvals.shown(ref.game_id, ref.seat))

    def version(self, token: str) -> int:
        """The seat's version: a number that grows by one each time what the seat may see
        (its view, its log, who acts) is found changed. The live notice carries it.

        The fingerprint is taken once per seat for each new entry, however many pages of that
        seat follow the game, and never for a seat that nobody follows."""
        with self._open(token) as (ref, game):
            # every entry, and every action held or decided, can change what the seat sees
            at = (game.log_length(UMPIRE), self._approvals.changes(ref.game_id))
            with self._lock:
                seen = self._seen.setdefault((ref.game_id, ref.seat), _Seen())
            if seen.at != at:
                digest = _digest(game, ref.seat, self._approvals.shown(ref.game_id, ref.seat))
                if digest != seen.digest:
                    seen.digest, seen.version = digest, seen.version + 1
                seen.at = at
            return seen.version

    # -- replay, the full reveal and notes -----------------------------------------------------

    def revealed(self, game_id: str) -> bool:
        """Whether every seat may see the whole record: the game is over, or the umpire opened
        it."""
        with self.locked(game_id) as game:
            return game.over() or self.store.revealed(game_id)

    def _numbering(self, ref: SeatRef, full: bool) -> str:
        """The seat whose knowledge a replay shows: its own, or with `full` (once revealed) the
        umpire's."""
        if not full:
            return ref.seat
        if not self.revealed(ref.game_id):
            why = "the full record opens when the game ends or when the umpire opens it"
            raise Forbidden("full", why)
        return UMPIRE

    def replay(self, token: str, upto: int, full: bool = False) -> dict[str, Any]:
        """What the seat knew after entry `upto` of its own log (with `full`, once revealed, what
        the umpire knew after entry `upto` of the umpire's), and where the game stood then."""
        ref = self.seat(token)
        seat = self._numbering(ref, full)
        with self._held(ref) as game:
            view = game.replay(seat, upto)
            return {
                "upto": upto,
                "length": game.log_length(seat),
                "full": full,
                "revealed": game.over() or self.store.revealed(ref.game_id),
                "clock": game.ruleset.clock(view),
                "view": view,
            }

    def replay_svg(self, token: str, upto: int, full: bool = False) -> str:
        ref = self.seat(token)
        seat = self._numbering(ref, full)
        with self._held(ref) as game:
            return board(game.replay(seat, upto))

    def full_log(self, token: str, since: int = 0) -> list[dict[str, Any]]:
        """The umpire's log, for any seat once the game is revealed."""
        ref = self.seat(token)
        with self._held(ref) as game:
            return game.log_view(self._numbering(ref, True), since)

    def commitments(self, token: str, since: int = 0) -> dict[str, Any]:
        """The seat's commitments after its entry `since` (to what its entries hid from it, and
        to the things hidden from it), and the things those entries showed it (`Game.opened`)."""
        with self._open(token) as (ref, game):
            return {
                "commitments": game.commitments(ref.seat, since),
                "opened": game.opened(ref.seat, since),
            }

    def openings(self, token: str) -> list[dict[str, Any]]:
        """What checks the seat's commitments: once the game is revealed to every seat."""
        ref = self.seat(token)
        self._numbering(ref, True)  # refused until revealed
        with self._held(ref) as game:
            return game.openings(ref.seat)

    def reveal(self, token: str) -> None:
        """The umpire opens the whole record to every seat."""
        ref = self.seat(token)
        if ref.seat != UMPIRE:
            raise Forbidden("seat", "only the umpire may reveal the game")
        try:
            self.store.reveal(ref.game_id)
        except StoreError:
            raise Unavailable("the reveal could not be saved; try again") from None
        for listener in self._listeners:
            listener(ref.game_id)

    def notes(self, token: str) -> list[dict[str, Any]]:
        """The seat's own notes and bookmarks on entries: `full` ones are on the umpire's
        numbering (made in a full replay)."""
        ref = self.seat(token)
        return [
            {"full": numbering != ref.seat, "n": n, "text": text}
            for numbering, n, text in self.store.notes(ref.game_id, ref.seat)
        ]

    def note(self, token: str, n: int, text: str, full: bool = False) -> None:
        """Keep the seat's note on its entry `n` (an empty text removes it)."""
        ref = self.seat(token)
        seat = self._numbering(ref, full)
        with self._held(ref) as game:
            length = game.log_length(seat)
        if not 1 <= n <= length:
            raise InputError("n", f"must be an entry from 1 to {length}")
        try:
            self.store.note(ref.game_id, ref.seat, seat, n, text)
        except StoreError:
            raise Unavailable("the note could not be saved; try again") from None

    # -- acting as a seat ----------------------------------------------------------------------

    def preview(
        self, token: str, action: Mapping[str, Any], dice: Sequence[int] = ()
    ) -> dict[str, Any]:
        """The odds of everything `action` can lead to, from what this seat knows, and the
        next roll it must type in after the faces `dice`; nothing is recorded."""
        with self._open(token) as (ref, game):
            whole = game.odds(ref.seat, action)
            prompt = game.dice_prompt(ref.seat, action, dice)
            return {
                "odds": whole.describe(),
                "checks": [odds(prompt)] if prompt is not None else [],
            }

    def act(
        self,
        token: str,
        action: Mapping[str, Any],
        dice: list[int] | None = None,
        player: str = "",
        key: str | None = None,
        *,
        again: bool = True,
    ) -> list[dict[str, Any]]:
        """Resolve and record an action; the new log entries as this seat sees them (none while
        it awaits the umpire's approval). With an idempotency `key` this seat sent before, the
        first answer, and nothing is done. Without `again`, an action that another server got
        ahead of is not resolved again (`Unavailable`): for a bot, which chooses anew."""
        return list(self.submit(token, action, dice, player, key, again=again)["entries"])

    def submit(
        self,
        token: str,
        action: Mapping[str, Any],
        dice: list[int] | None = None,
        player: str = "",
        key: str | None = None,
        *,
        again: bool = True,
    ) -> dict[str, Any]:
        """`act`'s answer as the API gives it: `entries`, and `pending` (what every seat is shown)
        when the action was checked and is held for the umpire's approval."""
        with self._open(token) as (ref, game):

            def do(keep: Keep) -> dict[str, Any]:
                if self._approvals.needed(ref.game_id, ref.seat, action):
                    game.dice_prompt(ref.seat, action, dice or ())  # refused now, not held
                    label = game.label(ref.seat, action)
                    held = self._approvals.hold(ref.game_id, ref.seat, action, dice, player, label)
                    answer = {"entries": [], "pending": held.shown()}
                    self._save_approvals(ref.game_id, keep(answer))
                    return answer
                entries = self._recorded(
                    ref.game_id,
                    game,
                    ref.seat,
                    lambda g: _act(g, ref.seat, action, dice, player),
                    lambda entries: keep({"entries": entries}),
                    again=again,
                )
                return {"entries": entries}

            request = ("act", action, dice, player)
            return self._replies.once(ref.game_id, ref.seat, key, request, do)

    def message(self, token: str, text: str, to: str) -> list[dict[str, Any]]:
        """Send a message from the seat to `to` (everyone, the umpire, or a side); the new
        entry as this seat sees it."""
        with self._open(token) as (ref, game):
            return self._recorded(
                ref.game_id, game, ref.seat, lambda g: g.message(ref.seat, text, to)
            )

    def approve(
        self, token: str, held_id: str, approve: bool, key: str | None = None
    ) -> list[dict[str, Any]]:
        """The umpire approves a held action (it is resolved as its seat sent it) or refuses it
        (nothing is recorded); the new log entries as the umpire sees them."""
        with self._open(token) as (ref, game):
            umpire_only(ref.seat, "approve a declared modifier")

            def do(keep: Keep) -> list[dict[str, Any]]:
                held = self._approvals.take(ref.game_id, held_id, refused=not approve)
                if not approve:
                    self._save_approvals(ref.game_id, keep([]))
                    return []
                return self._recorded(
                    ref.game_id,
                    game,
                    ref.seat,
                    lambda g: _act(g, held.seat, held.action, held.dice, held.player),
                    keep,
                    approvals=True,
                )

            request = ("approve", held_id, approve)
            return self._replies.once(ref.game_id, ref.seat, key, request, do)

    def _recorded(
        self,
        game_id: str,
        game: AnyGame,
        seat: str,
        resolve: Callable[[AnyGame], Entry[Any]],
        keep: Keep = lambda entries: None,
        *,
        approvals: bool = False,
        again: bool = True,
    ) -> list[dict[str, Any]]:
        """Record the entry `resolve` makes on the game, in the game's turn (`Store.turn`); the
        new log entries as `seat` sees them. What `keep` makes of them (the keyed request's
        answer), the game's summary and, with `approvals`, its approvals are saved in the same
        transaction. If another server recorded an entry first, resolve it again (with `again`)
        on the game as the store now has it (the caller holds the game's lock)."""
        with ExitStack() as held:
            try:
                held.enter_context(self.store.turn(game_id))
            except StoreError:
                raise Unavailable("the game database is busy; nothing was recorded") from None
            for _ in range(RESOLVES if again else 1):
                before = game.log_length(seat)
                entry = resolve(game)
                entries = game.log_view(seat, before)
                state = self._approvals.state(game_id) if approvals else None
                try:
                    self._record(game_id, entry, summary_of(game), keep(entries), state)
                except Conflict:
                    game = self._loaded(game_id)
                    continue
                return entries
        raise Unavailable("the game kept changing on another server; nothing was recorded")

    def undo(self, token: str, count: int = 1, key: str | None = None) -> list[dict[str, Any]]:
        """The umpire takes back the last `count` actions; the undo entry is logged. A repeated
        idempotency `key` answers as the first time, and undoes nothing more."""
        with self._open(token) as (ref, game):

            def do(keep: Keep) -> list[dict[str, Any]]:
                return self._recorded(
                    ref.game_id, game, ref.seat, lambda g: g.undo(ref.seat, count), keep
                )

            return self._replies.once(ref.game_id, ref.seat, key, ("undo", count), do)

    def _save_approvals(self, game_id: str, reply: StoredReply | None) -> None:
        """Save the game's approvals (and the answer that changed them), then tell the pages."""
        try:
            self.store.save_approvals(game_id, self._approvals.state(game_id), reply=reply)
        except StoreError:
            self._approvals.forget(game_id)
            raise Unavailable("the change could not be saved and was not made") from None
        self._notify(game_id)

    def _record(
        self,
        game_id: str,
        entry: Entry[Any],
        summary: GameSummary,
        reply: StoredReply | None = None,
        approvals: str | None = None,
    ) -> None:
        try:
            self.store.append(game_id, entry, summary, reply=reply, approvals=approvals)
        except (StoreError, Unreadable) as exc:
            with self._lock:  # the in-memory game is ahead of the store: drop it
                self._games.pop(game_id, None)
            if isinstance(exc, Conflict):  # resolved again: the approvals' change still stands
                raise
            self._approvals.forget(game_id)
            if isinstance(exc, Unreadable):
                why = f"its record would not read back ({exc.problem})"
                raise InputError("action", f"not recorded: {why}") from None
            raise Unavailable("the action could not be saved and was not recorded") from None
        self._notify(game_id)

    def _notify(self, game_id: str) -> None:
        for listener in self._listeners:
            listener(game_id)


def _act(
    game: AnyGame, seat: str, action: Mapping[str, Any], dice: list[int] | None, player: str
) -> Entry[Any]:
    """`seat`'s action resolved, with the faces typed at the table (by `player`) if any."""
    source = EnteredDice(dice, player or seat) if dice is not None else None
    return game.act(seat, action, source)


def _digest(game: AnyGame, seat: str, approvals: list[dict[str, Any]]) -> str:
    known = (
        game.view(seat),
        game.log_length(seat),  # an undo the seat sees is an entry of its own
        game.seats_to_act(),
        approvals,
    )
    return hashlib.sha256(msgspec.json.encode(known)).hexdigest()


def _seat_name(game: AnyGame, seat: str) -> str:
    names = {s.id: s.name or s.id for s in game.scenario.sides}
    return str(names.get(seat, seat))
