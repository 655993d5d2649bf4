"""`kriegsspiel plan`: how long multi-turn work takes, exactly, from the command line."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from click.testing import CliRunner

from kriegsspiel import new_game, save_game
from kriegsspiel.cli import cli
from kriegsspiel.render.text import percent_text

F16 = Fraction(1, 16)


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
    assert "each attempt succeeds with 50.00%" in out
    assert "mean 24, median 23, 90% done by 31 (exact fractions with --json)" in out
    code, out = _run("plan", "--list")
    assert "waterborne.pontoon-ferry" in out


def test_people_read_percentages_and_json_keeps_the_fractions() -> None:
    """Twelve successes at 1/2: the 38th initiative's chance is C(37, 11) / 2^38, which the table
    shows as a percentage; --json has the exact fraction."""
    code, out = _run("plan", "waterborne.pontoon-bridge", "cp=12")
    assert code == 0
    exact = comb(37, 11) * Fraction(1, 2**38)  # 0.3130...%
    assert "/" not in out.split("how many")[1]  # no fraction in the table or below it
    assert re.search(r"\b38\s*│\s*0\.31%\s*│\s*99\.31%", out)
    _, text = _run("plan", "waterborne.pontoon-bridge", "cp=12", "--json")
    row = next(r for r in json.loads(text)["rows"] if r["attempts"] == 38)
    assert Fraction(row["probability"]) == exact
    tail = json.loads(text)["tail"]
    assert f"more than 38: {float(Fraction(tail['probability']) * 100):.2f}%" in out


@pytest.mark.parametrize(
    ("p", "shown"),
    [
        ("0/1", "0.00%"),
        ("1/4096", "0.02%"),
        ("1/1048576", "<0.01%"),
        ("1048575/1048576", ">99.99%"),
        ("1/1", "100.00%"),
        ("1/3", "33.33%"),
    ],
)
def test_a_percentage_is_never_rounded_to_none_or_all(p: str, shown: str) -> None:
    assert percent_text(p) == shown


def test_bad_arguments_are_one_line() -> None:
    code, out = _run("plan", "waterborne.pontoon-bridge", "cp=x")
    assert (code, out.strip()) == (2, "error: cp: must be an integer from 1 to 200, got 'x'")
    code, out = _run("plan", "no.such-plan")
    assert code == 2
    assert out.startswith("error: no.such-plan: unknown plan")


# -- plan GAME --seat SEAT TASK: a task in progress in a game ----------------------------------


@pytest.fixture
def waterborne_game(tmp_path: Path) -> Path:
    path = tmp_path / "crossing.json"
    save_game(new_game("waterborne", seed="plan"), path)
    return path


def test_a_task_plan_from_a_game_file(waterborne_game: Path) -> None:
    """The bundled crossing at initiative 1, the British to act: the ferry (4 CP, WAT-FERRY-01)
    has one engineer stand at work, d6+1 earning a CP on 5+ (WAT-PONTOON-06/07), 1/2 an
    attempt, in initiatives 1, 3, 5...: its 4th CP is in the 4th attempt (initiative 7) at
    (1/2)^4, and it is launched on the side's next initiative, 9 (WAT-FERRY-01)."""
    code, out = _run("plan", str(waterborne_game), "--seat", "british", "ferry-a", "--json")
    assert code == 0
    report = json.loads(out)
    first = report["rows"][0]
    assert (first["at"], first["ready_at"], Fraction(first["probability"])) == (7, 9, F16)
    fifth = next(r for r in report["rows"] if r["at"] == 9)
    assert Fraction(fifth["probability"]) == comb(4, 3) * Fraction(1, 2**5)
    assert report["clock"] == "initiative"
    code, out = _run("plan", str(waterborne_game), "--seat", "british", "ferry-a")
    assert code == 0
    assert out.startswith("Folkestone ferry is launched by initiative 15 with probability 50.0%")
    assert "assumes no HE hits on the site" in out


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("GAME", "ferry-a"), "error: a plan from a game is: plan GAME --seat SEAT TASK"),
        (("GAME", "--seat", "british"), "error: a plan from a game is: plan GAME --seat SEAT TASK"),
        (
            ("waterborne.pontoon-bridge", "--seat", "british", "cp=3"),
            "error: waterborne.pontoon-bridge: no such game file",
        ),
        (("GAME", "--seat", "british", "ferry-a", "--list"), "error: a plan from a game is"),
        (("GAME", "--seat", "martian", "ferry-a"), "error: seat: unknown seat 'martian'"),
        (("GAME", "--seat", "german", "nope"), "error: nope: no task 'nope' in this seat's view"),
        (("missing.json", "--seat", "british", "ferry-a"), "error: missing.json: no such game"),
    ],
)
def test_bad_task_plan_input_is_one_line(
    waterborne_game: Path, args: tuple[str, ...], line: str
) -> None:
    argv = [str(waterborne_game) if a == "GAME" else a for a in args]
    code, out = _run("plan", *argv)
    assert code == 2
    assert out.startswith(line)
    assert len(out.strip().splitlines()) == 1
    assert "Traceback" not in out
