"""The ruleset's tables as data: d6 band tables (core `BandTable`) and counted-hit fire tables.

Crossfire fire rolls a number of d6 and counts the hits, so its tables (`CountTable`) map a count
of hits to a result instead of a die total. Both are core tables (`core/tables.py`): they load
from TOML, name their rules, and a scenario's `tables:` section replaces them.
"""

from __future__ import annotations

from kriegsspiel.core.checks import Check, Modifier, Stats
from kriegsspiel.core.dice import successes
from kriegsspiel.core.tables import BandTable, Table, TableSet
from kriegsspiel.errors import InputError

DATA = "kriegsspiel.rulesets.waterborne.data"


class CountTable(Table, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Dice that each hit on `hit_on`+; hits beyond a threshold -> `outcomes` (last for more),
    fewer than the threshold -> `below`."""

    hit_on: int
    outcomes: tuple[str, ...]
    below: str | None = None
    sides: int = 6
    cover_dice: int = 0  # dice lost against a target in cover

    def check_shape(self, where: str) -> None:
        if self.sides < 2 or not 1 <= self.hit_on <= self.sides:
            raise InputError(f"{where}.hit_on", f"hit_on must be a face of a d{self.sides}")
        if not self.outcomes:
            raise InputError(f"{where}.outcomes", "a table needs at least one outcome")
        if self.cover_dice < 0:
            raise InputError(f"{where}.cover_dice", "must not be negative")

    @property
    def all_outcomes(self) -> tuple[str, ...]:
        seen = dict.fromkeys(([self.below] if self.below is not None else []) + [*self.outcomes])
        return tuple(seen)

    results = all_outcomes  # what a replacement must keep

    def outcome(self, margin: int) -> str:
        """The result of `margin` hits beyond the threshold (negative: fewer)."""
        if margin < 0:
            if self.below is None:
                raise AssertionError("a table without `below` is used without a threshold")
            return self.below
        return self.outcomes[min(margin, len(self.outcomes) - 1)]

    def __call__(self, stats: Stats, modifier: int, /) -> str:
        return self.outcome(stats[0][0] + modifier)

    def check(self, name: str, dice: int, modifiers: tuple[Modifier, ...] = ()) -> Check:
        return Check(
            name=name,
            pools=(successes(max(dice, 0), self.hit_on, self.sides),),
            outcome_rule=self,
            outcomes=self.all_outcomes,
            rules=self.rules,
            modifiers=modifiers,
        )


class Tables(TableSet[Table]):
    """The band and count tables one game uses."""

    def count(self, name: str) -> CountTable:
        return self.of(CountTable, name)


DEFAULT_TABLES = Tables.load(DATA, {"tables.toml": BandTable, "fire.toml": CountTable})
