"""`kriegsspiel plan`: how long multi-turn work takes, exactly, from the command line."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

from click.testing import CliRunner

from kriegsspiel.cli import cli


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout + result.stderr


def test_a_pontoon_bridge_of_12_points_with_one_engineer() -> None:
    """WAT-PONTOON-03/07: 12 CP at 1/2 a roll: the k-th success on roll n is negative binomial."""
    code, out = _run("plan", "waterborne.pontoon-bridge", "cp=12", "engineers=1", "--json")
    assert code == 0
    report = json.loads(out)
    first = report["rows"][0]
    assert first["attempts"] == 12
    assert Fraction(first["probability"]) == Fraction(1, 2**12)
    row = next(r for r in report["rows"] if r["attempts"] == 20)
    assert Fraction(row["probability"]) == comb(19, 11) * Fraction(1, 2**20)
    assert report["summary_stats"]["mean_float"] == 24.0  # 12 / (1/2)


def test_human_output_and_the_list() -> None:
    code, out = _run("plan", "waterborne.pontoon-bridge", "cp=12")
    assert code == 0
    assert "mean 24 (exactly 24/1), median 23, 90% done by 31" in out
    code, out = _run("plan", "--list")
    assert "waterborne.pontoon-ferry" in out


def test_bad_arguments_are_one_line() -> None:
    code, out = _run("plan", "waterborne.pontoon-bridge", "cp=x")
    assert (code, out.strip()) == (2, "error: cp: must be an integer from 1 to 200, got 'x'")
    code, out = _run("plan", "no.such-plan")
    assert code == 2
    assert out.startswith("error: no.such-plan: unknown plan")
