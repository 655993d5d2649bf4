"""Engineering plans: turns to build bridge spans and to prepare a bridge's demolition."""

from __future__ import annotations

from fractions import Fraction

from kriegsspiel.registry import find_plan


def test_bridge_spans_use_the_span_roll_of_play() -> None:
    """ENG-BRIDGE-13..16: d10 + dr (+1) + 1 for helpers (house IP table: 6+, a natural 1 fails):
    faces 4..10 succeed, 7/10 a turn; three spans take 3 / (7/10) = 30/7 turns on average."""
    report = find_plan("engineering.bridge-spans").report(["spans=3", "dr=1", "helpers=1"])
    assert report["per_attempt"]["probability"] == "7/10"
    assert report["summary_stats"]["mean"] == "30/7"
    assert report["rows"][0] == {
        "attempts": 3, "probability": "343/1000", "percent": 34.3,
        "cumulative": "343/1000", "cumulative_percent": 34.3,
    }  # fmt: skip


def test_a_swollen_river_slows_the_work() -> None:
    """ENG-BRIDGE-15: −1 on a swollen river: at dr 0 alone, faces 7..10 succeed (2/5)."""
    report = find_plan("engineering.bridge-spans").report(["spans=1", "swollen=yes"])
    assert Fraction(report["per_attempt"]["probability"]) == Fraction(2, 5)


def test_preparing_a_stone_bridge() -> None:
    """ENG-BRIDGE-26/27, AMB-ENG-43: a stone bridge takes 5 preparations at 1/2 a turn (dr 0)."""
    report = find_plan("engineering.bridge-preparation").report(["preparations=5"])
    assert report["per_attempt"]["probability"] == "1/2"
    assert report["summary_stats"]["mean"] == "10/1"
    assert report["rows"][0]["probability"] == "1/32"
