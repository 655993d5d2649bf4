"""The luck audit scores each face by its mid-percentile and keeps secret rolls secret."""

from __future__ import annotations

from fractions import Fraction

from kriegsspiel import EnteredDice, new_game
from kriegsspiel.analysis.luck import face_score, luck_report

PREPARE = {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}
DEMOLISH = {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"}


def test_a_fair_die_scores_one_half_on_average() -> None:
    for sides in (6, 10, 100):
        mean = sum(face_score(f, sides) for f in range(1, sides + 1)) / sides
        assert mean == Fraction(1, 2)
    assert face_score(1, 10) == Fraction(1, 20)
    assert face_score(10, 10) == Fraction(19, 20)


def test_rolls_are_attributed_to_who_typed_them_in() -> None:
    game = new_game("demo", seed="luck")
    game.act("german", PREPARE)
    game.act("us", {"action": "opportunity-fire", "unit": "rifle-1"}, EnteredDice([9], "Alice"))
    report = {row["source"]: row for row in luck_report(game, "us")}
    assert report["entered:Alice"]["rolls"] == 1
    assert report["entered:Alice"]["mean_score"] == "17/20"  # (9 - 1/2) / 10


def test_a_sealed_roll_counts_once_and_only_for_those_who_see_it() -> None:
    game = new_game("demo", seed="luck")
    game.act("german", DEMOLISH, EnteredDice([7], "Hans"))  # sealed until the US answers
    assert [r["source"] for r in luck_report(game, "us")] == []
    assert [r["source"] for r in luck_report(game, "german")] == []
    game.act("us", {"action": "pass"})  # resolves: the roll reaches the German seat
    german = {row["source"]: row for row in luck_report(game, "german")}
    umpire = {row["source"]: row for row in luck_report(game, "umpire")}
    assert german["entered:Hans"]["rolls"] == 1
    assert umpire["entered:Hans"]["rolls"] == 1  # sealed and resolved: one roll
    assert "entered:Hans" not in {row["source"] for row in luck_report(game, "us")}


def test_undone_rolls_do_not_count() -> None:
    game = new_game("demo", seed="luck")
    game.act("german", PREPARE)
    game.act("us", {"action": "opportunity-fire", "unit": "rifle-1"}, EnteredDice([9], "Alice"))
    game.undo()
    assert luck_report(game, "umpire") == []
