"""Checks: one definition gives both the exact odds and the resolution of rolled faces."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from kriegsspiel.core import checks
from kriegsspiel.core.checks import Check, CheckDef, Modifier, Param, Stats
from kriegsspiel.core.dice import ScriptedDice, die, successes
from kriegsspiel.errors import DiceError, InputError


def opposed(stats: Stats, modifier: int, /) -> str:
    """Attacker d6 + modifier against defender d6; ties to the defender."""
    attacker, defender = stats[0][0] + modifier, stats[1][0]
    return "attacker" if attacker > defender else "defender"


def opposed_check(modifier: int = 0) -> Check:
    mods = (Modifier("cover", modifier, "TEST-1"),) if modifier else ()
    return Check(
        "test.opposed", (die(6), die(6)), opposed, ("attacker", "defender"), ("TEST-1",), mods
    )


def test_odds_of_an_opposed_roll() -> None:
    # Attacker wins when a > b: 15 of the 36 pairs.
    assert opposed_check().odds_table() == [
        ("attacker", Fraction(15, 36)),
        ("defender", Fraction(21, 36)),
    ]
    # With +1, a + 1 > b means a >= b: 21 of 36.
    assert opposed_check(1).odds()["attacker"] == Fraction(21, 36)


@pytest.mark.parametrize("modifier", [-3, 0, 2])
def test_odds_equal_the_frequency_of_resolved_rolls(modifier: int) -> None:
    check = opposed_check(modifier)
    counts: dict[str, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        outcome = check.resolve([[a], [b]]).outcome
        counts[outcome] = counts.get(outcome, 0) + 1
    assert {k: Fraction(v, 36) for k, v in counts.items()} == dict(check.odds().items())


def test_odds_table_keeps_impossible_outcomes_as_zero() -> None:
    check = Check("test.sure", (die(6),), lambda s, m: "pass", ("pass", "fail"), ("TEST-2",))
    assert check.odds_table() == [("pass", Fraction(1)), ("fail", Fraction(0))]


def test_a_rule_gathered_twice_is_named_once() -> None:
    """Rules come from a check's table and its modifiers: a rolled result cites each once."""
    rules = ("TEST-2", "TEST-3", "TEST-2")
    check = Check("test.sure", (die(6),), lambda s, m: "pass", ("pass", "fail"), rules)
    assert check.rules == ("TEST-2", "TEST-3")
    assert check.resolve([[4]]).rules == ("TEST-2", "TEST-3")
    listed = CheckDef("test.sure", "", ("pass",), rules, lambda _: check)
    assert (listed.rules, listed.describe()["rules"]) == (
        ("TEST-2", "TEST-3"),
        ["TEST-2", "TEST-3"],
    )


def test_resolve_records_faces_modifiers_and_total() -> None:
    check = opposed_check(2)
    result = check.resolve([[3], [5]], origin="script")
    assert result.faces == ((3,), (5,))
    assert result.natural == 3
    assert result.total == 5
    assert result.outcome == "defender"
    assert result.modifiers == (Modifier("cover", 2, "TEST-1"),)
    assert result.rules == ("TEST-1",)
    assert result.origin == "script"
    assert result.explain() == "test.opposed: rolled 3 5 +2 cover (TEST-1) = 5 -> defender [TEST-1]"


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([[3]], "rolls 2 pool"),
        ([[3], [7]], "is not a roll of d6"),
        ([[3], [0]], "is not a roll of d6"),
        ([[3, 4], [1]], "is not a roll of d6"),
    ],
)
def test_resolve_refuses_impossible_faces(faces: list[list[int]], message: str) -> None:
    with pytest.raises(DiceError, match=message):
        opposed_check().resolve(faces)


def test_roll_takes_faces_from_the_source() -> None:
    result = opposed_check().roll(ScriptedDice([6, 1]), "0/0")
    assert result.outcome == "attacker"
    assert result.origin == "script"


def test_multi_die_pool_statistic() -> None:
    check = Check(
        "test.hits",
        (successes(2, 5),),
        lambda s, m: "hit" if s[0][0] + m >= 1 else "miss",
        ("hit", "miss"),
        ("TEST-3",),
    )
    # P(no die of 2 reaches 5) = (4/6)^2
    assert check.odds()["miss"] == Fraction(4, 9)
    assert check.resolve([[5, 1]]).outcome == "hit"
    assert check.resolve([[4, 1]]).outcome == "miss"


# -- parameters and named checks -----------------------------------------------------------------


def test_param_parse_int_bool_choice() -> None:
    dr = Param("dr", "int", 0, "discipline", -2, 2)
    assert dr.parse("2") == 2
    assert dr.parse("-2") == -2
    with pytest.raises(InputError, match=r"dr: must be an integer from -2 to 2, got 3"):
        dr.parse("3")
    with pytest.raises(InputError, match=r"must be an integer from -2 to 2, got 'x'"):
        dr.parse("x")
    at_least = Param("n", "int", 1, "count", 1)
    with pytest.raises(InputError, match="an integer of at least 1"):
        at_least.parse("0")
    flag = Param("wet", "bool", False, "wet?")
    assert flag.parse("yes") is True
    assert flag.parse("0") is False
    with pytest.raises(InputError, match="true or false"):
        flag.parse("maybe")
    kind = Param("kind", "choice", "a", "kind", choices=("a", "b"))
    assert kind.parse("b") == "b"
    with pytest.raises(InputError, match="must be one of a, b"):
        kind.parse("c")


def test_param_describe() -> None:
    assert Param("dr", "int", 0, "discipline", -2, 2).describe() == {
        "name": "dr",
        "type": "int",
        "allowed": {"min": -2, "max": 2},
        "default": 0,
        "help": "discipline",
    }
    assert Param("k", "choice", "a", "h", choices=("a", "b")).describe()["allowed"] == ["a", "b"]
    assert Param("w", "bool", False, "h").describe()["allowed"] == [True, False]


def _bonus_def() -> CheckDef:
    def build(p: Mapping[str, Any]) -> Check:
        mods = (Modifier("bonus", int(p["bonus"]), "TEST-4"),)
        return Check("test.bonus", (die(10),), _at_least_six, ("fail", "pass"), ("TEST-4",), mods)

    return CheckDef(
        "test.bonus",
        "d10 + bonus, 6+ passes",
        ("fail", "pass"),
        ("TEST-4",),
        build,
        (Param("bonus", "int", 0, "bonus", -3, 3),),
    )


def _at_least_six(stats: Stats, modifier: int, /) -> str:
    return "pass" if stats[0][0] + modifier >= 6 else "fail"


def test_checkdef_defaults_and_args() -> None:
    bonus = _bonus_def()
    assert bonus.check().odds()["pass"] == Fraction(5, 10)
    assert bonus.check(bonus=2).odds()["pass"] == Fraction(7, 10)
    assert bonus.with_args(["bonus=-3"]).odds()["pass"] == Fraction(2, 10)


def test_checkdef_builds_each_set_of_values_once() -> None:
    built: list[int] = []
    plain = _bonus_def()

    def counted(p: Mapping[str, Any]) -> Check:
        built.append(int(p["bonus"]))
        return plain.build(p)

    bonus = CheckDef("test.bonus", "", ("fail", "pass"), ("TEST-4",), counted, plain.params)
    first = bonus.check(bonus=2)
    assert bonus.check(bonus=2) is first
    assert bonus.with_args(["bonus=2"]) is first
    assert first.odds() is first.odds()  # a Dist is immutable: computed once
    assert bonus.check().odds()["pass"] == Fraction(5, 10)  # other values, another check
    assert built == [2, 0]
    with pytest.raises(InputError, match="from -3 to 3"):  # refused, cached or not
        bonus.check(bonus=4)
    for value in range(-3, 4):
        for _ in range(2):
            bonus.check(bonus=value)
    assert built == [2, 0, -3, -2, -1, 1, 3]


def test_checkdef_keeps_a_bounded_number_of_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "BUILT_KEPT", 2)
    bonus = _bonus_def()
    kept = bonus.check(bonus=1)
    bonus.check(bonus=2)
    bonus.check(bonus=3)  # the third clears the two kept
    assert bonus.check(bonus=1) is not kept
    assert bonus.check(bonus=1).odds() == kept.odds()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bonus"], "expected KEY=VALUE"),
        (["malus=1"], "has no parameter 'malus'"),
        (["bonus=4"], "must be an integer from -3 to 3"),
    ],
)
def test_checkdef_refuses_bad_args(args: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        _bonus_def().with_args(args)


def test_checkdef_check_refuses_unknown_and_out_of_range() -> None:
    with pytest.raises(InputError, match="has no parameter"):
        _bonus_def().check(malus=1)
    with pytest.raises(InputError, match="from -3 to 3"):
        _bonus_def().check(bonus=-4)


def test_checkdef_describe() -> None:
    described = _bonus_def().describe()
    assert described["name"] == "test.bonus"
    assert described["outcomes"] == ["fail", "pass"]
    assert described["rules"] == ["TEST-4"]
    assert [p["name"] for p in described["params"]] == ["bonus"]
