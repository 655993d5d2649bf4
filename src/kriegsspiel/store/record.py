"""A game's record, as both stores keep it: a header (format, ruleset, secret seed), the scenario
as JSON and the log as one JSON document per entry.

`header_of` and `encode` are the one encoder, and `decode_game` the one decoder, of the game file
(`files.py`) and the SQLite store (`sqlite.py`). Whatever is wrong with a record is one
`CorruptRecord` naming the problem and where it is: the file's path, or the database's path and
the game's id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from kriegsspiel.core.game import FORMAT, Game, Header
from kriegsspiel.core.limits import check_document
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets import find_ruleset

if TYPE_CHECKING:
    from kriegsspiel.rulesets import AnyRuleset

AnyGame = Game[Any, Any, Any, Any]
Json = bytes | str | memoryview | msgspec.Raw

# What a log that decodes but does not replay raises from a ruleset's `apply` (an unknown unit,
# an impossible step).
REPLAY_ERRORS = (KeyError, AssertionError, ValueError, IndexError)


class CorruptRecord(InputError):
    """A game record that cannot be read: `where` it is, what is wrong with it, and the log
    entry it is wrong at (None: its header or its scenario)."""

    def __init__(self, where: str, problem: str, entry: int | None = None) -> None:
        super().__init__(where, problem)
        self.entry = entry


class Unreadable(InputError):
    """An entry whose record would not read back as itself: it is never stored."""


def header_of(game: AnyGame) -> Header:
    return Header(FORMAT, game.ruleset.name, game.seed)


def encode(value: Any) -> bytes:
    """A scenario, a log entry or a whole record as compact JSON."""
    return msgspec.json.encode(value)


def check_format(header: Header, *, where: str, noun: str = "game record") -> None:
    """Refuse a record of another format before reading any more of it."""
    if header.format != FORMAT:
        raise CorruptRecord(
            where, f"{noun} format {header.format} is not supported (expected {FORMAT})"
        )


def decode_game(
    header: Header,
    scenario: Json,
    entries: Iterable[tuple[int, Json]],
    *,
    where: str,
    noun: str = "game record",
) -> AnyGame:
    """The game of a record: its header, its scenario's JSON, and its log entries' JSON, each
    with the number it is known by in the store (its position in a file, its row's seq in the
    database). `noun` names the record in messages ("game file", "game record")."""
    ruleset, loaded = decode_scenario(header, scenario, where=where, noun=noun)
    log = decode_entries(entry_decoder(ruleset), entries, 0, where=where, noun=noun)

    def first_bad() -> int:
        """The first entry the log does not replay past (a replay error is found again)."""
        good, bad = 0, len(log)  # the first `good` entries replay; the first `bad` do not
        while bad - good > 1:
            middle = (good + bad) // 2
            try:
                Game(ruleset, loaded, header.seed, log[:middle])
                good = middle
            except REPLAY_ERRORS:
                bad = middle
        return bad - 1

    def whole() -> AnyGame:
        return Game(ruleset, loaded, header.seed, log)

    return replayed(whole, where=where, noun=noun, at=first_bad)


def decode_scenario(
    header: Header, scenario: Json, *, where: str, noun: str = "game record"
) -> tuple[AnyRuleset, Any]:
    """A record's ruleset and scenario."""
    check_format(header, where=where, noun=noun)
    try:
        ruleset = find_ruleset(header.ruleset)
    except InputError as exc:
        raise CorruptRecord(where, exc.problem) from None
    try:  # the walk a scenario file gets (control characters, nesting, sizes), then its type
        check_document(msgspec.json.decode(scenario), "scenario")
        return ruleset, msgspec.json.decode(scenario, type=ruleset.scenario_type)
    except msgspec.DecodeError as exc:
        raise corrupt(f"scenario: {short(exc)}", where=where, noun=noun) from None
    except InputError as exc:
        raise corrupt(f"{exc.where}: {exc.problem}", where=where, noun=noun) from None


def entry_decoder(ruleset: AnyRuleset) -> msgspec.json.Decoder[Entry[Any]]:
    return msgspec.json.Decoder(Entry[ruleset.event_type])  # type: ignore[name-defined]


def decode_entries(
    decoder: msgspec.json.Decoder[Entry[Any]],
    entries: Iterable[tuple[int, Json]],
    first: int,
    *,
    where: str,
    noun: str = "game record",
) -> list[Entry[Any]]:
    """Log entries, numbered from `first` on."""
    log: list[Entry[Any]] = []
    numbers: list[int] = []
    for number, text in entries:
        try:
            log.append(decoder.decode(text))
        except msgspec.DecodeError as exc:
            detail = f"log entry {number}: {short(exc)}"
            raise corrupt(detail, where=where, noun=noun, entry=number) from None
        numbers.append(number)
    expected = list(range(first, first + len(log)))
    seqs = [e.seq for e in log]
    if not numbers == seqs == expected:
        at = next(i for i, n in enumerate(expected) if (numbers[i], seqs[i]) != (n, n))
        raise corrupt("log entries out of sequence", where=where, noun=noun, entry=first + at)
    return log


def replayed(
    build: Callable[[], AnyGame],
    *,
    where: str,
    noun: str = "game record",
    at: Callable[[], int | None] = lambda: None,
) -> AnyGame:
    """`build()`, a log that does not replay raising a `CorruptRecord` (at the entry `at()`
    finds, when it can tell)."""
    try:
        return build()
    except REPLAY_ERRORS as exc:
        detail = f"its log does not replay: {exc!r}"
        raise corrupt(detail, where=where, noun=noun, entry=at()) from None


def corrupt(
    detail: str, *, where: str, noun: str = "game record", entry: int | None = None
) -> CorruptRecord:
    return CorruptRecord(where, f"corrupt {noun} ({detail})", entry)


def read_back(decoder: msgspec.json.Decoder[Entry[Any]], entry: Entry[Any]) -> bytes:
    """The JSON an entry is stored as, checked to decode as its type and as the very data of
    the entry (an action's tuple reads back as a list): an entry that would not (a number that
    is not finite, a value its type does not hold) raises `Unreadable` and is never stored.
    The entry has been folded into the game already, so an entry that reads back as itself
    replays as it did."""
    data = encode(entry)
    try:
        decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise Unreadable(f"log entry {entry.seq}", f"would not read back ({short(exc)})") from None
    if msgspec.json.decode(data) != _as_json(msgspec.to_builtins(entry)):
        raise Unreadable(f"log entry {entry.seq}", "would not read back as itself")
    return data


def _as_json(value: Any) -> Any:
    """Plain data as JSON gives it back: every sequence a list (a float that is not finite
    stays itself, where JSON has null)."""
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_as_json(v) for v in value]
    return value


def short(exc: Exception) -> str:
    """The first line of a decoding error, cut to a readable length."""
    return str(exc).splitlines()[0][:120]
