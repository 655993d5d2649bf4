"""Tables as data: one table system for every ruleset (docs/tables.md).

Every table is a `Table`: a title, the rules it implements (at least one), whether it is a house
default (`house = true`: a stand-in for a parent-game chart the seeds use but do not give) and
where its values come from, plus its shape: a `BandTable` maps a die roll plus modifiers to an
outcome (`natural` faces take precedence: "a natural 1 always fails"); rulesets add their own
shapes (counted hits, percentage chances, values) as subclasses. `Table.validate` is the one
validation, with a shape's own checks in `check_shape`.

A ruleset's tables are a `TableSet`, loaded from TOML beside it (`TableSet.load`). A scenario's
`tables:` section replaces any of them by name, each whole and with the same fields
(`TableSet.replaced`): a replacement is validated as its kind and must fit the table it replaces
(`Table.check_replacement`: the same outcomes, by default). A scenario class declares its
ruleset's tables once, `game_tables: ClassVar[GameTables[...]] = GameTables(DEFAULT_TABLES)`;
`ScenarioBase.validate` checks the replacements when the scenario loads, and
`scenario.game_tables` is the game's own tables, resolved once per scenario and never per action.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, overload

import msgspec

from kriegsspiel.core.checks import Check, Modifier, Stats
from kriegsspiel.core.convert import convert
from kriegsspiel.core.dice import Pool
from kriegsspiel.core.package_data import read_text
from kriegsspiel.errors import InputError

if TYPE_CHECKING:
    from kriegsspiel.core.scenario import ScenarioBase

_DICE = re.compile(r"^(\d*)d(\d+)$")


@functools.lru_cache(maxsize=256)  # a pool is immutable; tables ask for theirs at every check
def parse_dice(text: str) -> Pool:
    """`d10`, `3d6`, `d100` -> a summing pool."""
    match = _DICE.match(text.strip())
    if not match or int(match.group(2)) < 2 or match.group(1) == "0":
        raise InputError("dice", f"{text!r} is not a dice expression like d10 or 3d6")
    return Pool(int(match.group(1) or 1), int(match.group(2)))


class Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """What every table has; subclasses add their shape."""

    title: str
    rules: tuple[str, ...]
    house: bool = False
    source: str = ""

    def validate(self, where: str) -> None:
        """The checks a schema cannot make; `where` names the table."""
        if not self.rules:
            raise InputError(f"{where}.rules", "a table must name at least one rule")
        self.check_shape(where)

    def check_shape(self, where: str) -> None:
        """This kind of table's own checks (none by default)."""

    @property
    def results(self) -> tuple[str, ...]:
        """The outcomes the table gives (none: a table of values)."""
        return ()

    def check_replacement(self, new: Self, where: str) -> None:
        """Refuse `new` in this table's place unless it fits: by default, the same outcomes
        (the rules that read an outcome must find each one they know)."""
        if set(new.results) != set(self.results):
            raise InputError(where, f"outcomes must be {', '.join(self.results)}")


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    outcome: str
    min: int | None = None
    max: int | None = None


class BandTable(Table, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A die + modifiers -> outcome table: contiguous `bands` over the total (the first with no
    `min`, the last with no `max`) and `natural` faces that decide whatever the modifiers."""

    dice: str
    bands: tuple[Band, ...]
    natural: dict[str, str] = {}

    def check_shape(self, where: str) -> None:
        try:
            pool = parse_dice(self.dice)
        except InputError as exc:
            raise InputError(f"{where}.dice", exc.problem) from None
        if not self.bands:
            raise InputError(f"{where}.bands", "a table needs at least one band")
        if self.bands[0].min is not None or self.bands[-1].max is not None:
            raise InputError(
                f"{where}.bands", "the first band must have no min and the last no max"
            )
        for i, (a, b) in enumerate(zip(self.bands, self.bands[1:], strict=False)):
            if a.max is None or b.min != a.max + 1:
                raise InputError(f"{where}.bands[{i + 1}]", "bands must be contiguous")
        for face in self.natural:
            if not face.isdigit() or not 1 <= int(face) <= pool.sides:
                raise InputError(f"{where}.natural", f"{face!r} is not a face of {self.dice}")

    @property
    def pool(self) -> Pool:
        return parse_dice(self.dice)

    @property
    def outcomes(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for band in self.bands:
            seen.setdefault(band.outcome)
        for outcome in self.natural.values():
            seen.setdefault(outcome)
        return tuple(seen)

    results = outcomes  # what a replacement must keep

    def __call__(self, stats: Stats, modifier: int, /) -> str:
        natural = stats[0][0]
        forced = self.natural.get(str(natural))
        if forced is not None:
            return forced
        value = natural + modifier
        for band in self.bands:
            if (band.min is None or value >= band.min) and (band.max is None or value <= band.max):
                return band.outcome
        raise AssertionError("validated bands cover every integer")

    def check(self, name: str, modifiers: tuple[Modifier, ...] = ()) -> Check:
        return Check(
            name=name,
            pools=(self.pool,),
            outcome_rule=self,
            outcomes=self.outcomes,
            rules=self.rules,
            modifiers=modifiers,
        )


T = TypeVar("T", bound=Table, covariant=True)
K = TypeVar("K", bound=Table)


def read_table(data: Any, kind: type[K], where: str) -> K:
    """One table from plain data, converted to `kind` and validated; errors name `where`."""
    table = convert(data, kind, where)
    table.validate(where)
    return table


class Entry(Generic[K]):
    """A typed table of a `TableSet` subclass: `spotting = Entry(Spotting)` reads the table named
    `spotting` (or `name`) as a `Spotting`, and makes that its kind when loading. The table read
    is kept on the (immutable) set, so later reads are a plain attribute."""

    def __init__(self, kind: type[K], name: str = "") -> None:
        self.kind, self.name, self.attr = kind, name, name

    def __set_name__(self, owner: type[Any], attr: str) -> None:
        self.name = self.name or attr
        self.attr = attr

    @overload
    def __get__(self, tables: None, owner: type[Any]) -> Entry[K]: ...
    @overload
    def __get__(self, tables: TableSet[Any], owner: type[Any] | None = None) -> K: ...
    def __get__(self, tables: TableSet[Any] | None, owner: type[Any] | None = None) -> Any:
        if tables is None:
            return self
        table = tables.__dict__[self.attr] = tables.of(self.kind, self.name)
        return table


class TableSet(Mapping[str, T]):
    """Tables by name: a ruleset's defaults, or a game's (the defaults with a scenario's
    replacements). Immutable."""

    def __init__(self, tables: Mapping[str, T]) -> None:
        self._tables = dict(tables)

    def __getitem__(self, name: str) -> T:
        return self._tables[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(self._tables)})"

    def of(self, kind: type[K], name: str) -> K:
        """The table `name`, which is a `kind`."""
        table = self._tables[name]
        if not isinstance(table, kind):
            raise TypeError(f"table {name!r} is a {type(table).__name__}, not a {kind.__name__}")
        return table

    def band(self, name: str) -> BandTable:
        return self.of(BandTable, name)

    @classmethod
    def kinds(cls) -> dict[str, type[Table]]:
        """The kind of each table an `Entry` of the class names."""
        return {
            entry.name: entry.kind
            for klass in reversed(cls.__mro__)
            for entry in vars(klass).values()
            if isinstance(entry, Entry)
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], kind: type[Table] | None, where: str) -> Self:
        """Tables from plain data (one TOML file's): each of the kind its `Entry` names, or
        else `kind` (None: only the tables the entries name)."""
        kinds = cls.kinds()
        tables: dict[str, Any] = {}
        for name, raw in data.items():
            here = f"{where}: {name}"
            table_kind = kinds.get(name, kind)
            if table_kind is None:
                raise InputError(here, f"no such table (tables: {', '.join(kinds)})")
            tables[name] = read_table(raw, table_kind, here)
        return cls(tables)

    @classmethod
    def load(cls, package: str, files: Mapping[str, type[Table] | None]) -> Self:
        """The tables of `package`'s TOML files, each file with the kind of its tables."""
        tables: dict[str, Any] = {}
        for filename, kind in files.items():
            text = read_text(package, filename)
            more = cls.from_data(tomllib.loads(text), kind, f"{package}/{filename}")
            if tables.keys() & more.keys():
                raise AssertionError(f"{package}: {sorted(tables.keys() & more.keys())} twice")
            tables |= more
        return cls(tables)

    def replaced(self, data: Mapping[str, Any], where: str) -> Self:
        """These tables with replacements by name (a scenario's `tables:` section, `where`):
        each replaces a known table whole, is validated as that table's kind and must fit it."""
        tables: dict[str, Any] = dict(self._tables)
        for name, raw in data.items():
            here = f"{where}.{name}"
            default = self._tables.get(name)
            if default is None:
                raise InputError(here, f"no such table (tables: {', '.join(self) or 'none'})")
            new = read_table(raw, type(default), here)
            default.check_replacement(new, here)
            tables[name] = new
        return type(self)(tables)


TS = TypeVar("TS", bound=TableSet[Any], covariant=True)


class GameTables(Generic[TS]):
    """A scenario class's tables: `scenario.game_tables` is the ruleset's `defaults` with the
    scenario's `tables:` replacements.

    Resolved once per `tables:` section and kept: every copy a game makes of its scenario (a
    seat's knowledge) shares that section, so a game resolves its tables once, when the scenario
    is validated, and never again per action. The section is held with the result, so its id
    stays its own. Each scenario keeps what it was given, so later reads are plain attributes."""

    LIMIT = 256  # sections kept; past that all are dropped, and each game resolves once more

    def __init__(self, defaults: TS) -> None:
        self.defaults = defaults
        self._resolved: dict[int, tuple[Mapping[str, Any], TS]] = {}
        self._name = "game_tables"

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self._name = name

    @overload
    def __get__(self, scenario: None, owner: type[Any]) -> GameTables[TS]: ...
    @overload
    def __get__(self, scenario: ScenarioBase, owner: type[Any] | None = None) -> TS: ...
    def __get__(self, scenario: ScenarioBase | None, owner: type[Any] | None = None) -> Any:
        if scenario is None:
            return self
        tables = self.resolve(scenario.tables)
        scenario.__dict__[self._name] = tables  # found before this descriptor from now on
        return tables

    def resolve(self, section: Mapping[str, Any], where: str = "tables") -> TS:
        """The defaults with `section`'s replacements (errors name `where`)."""
        if not section:
            return self.defaults
        hit = self._resolved.get(id(section))
        if hit is not None and hit[0] is section:
            return hit[1]
        tables = self.defaults.replaced(section, where)
        if len(self._resolved) >= self.LIMIT:
            self._resolved.clear()
        self._resolved[id(section)] = (section, tables)
        return tables
