"""`kriegsspiel balance`: one-line errors, the JSON report's schema, the plot files, and the
same report from one worker or two."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner, Result

from kriegsspiel.balance.report import Report
from kriegsspiel.cli import cli
from kriegsspiel.cli_balance import parse_bots


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, ["balance", *(str(a) for a in args)])


def report_json(*args: str | Path) -> dict[str, object]:
    result = run("demo", "--games", "3", "--workers", "1", "--json", *args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json, nor when not a terminal
    data: dict[str, object] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize(
    ("text", "bots"),
    [
        ("german=greedy,us=random", {"german": "greedy", "us": "random"}),
        (" us = random ", {"us": "random"}),
        (
            "german=search:playouts=200,depth=4,us=greedy:samples=9",
            {"german": "search:playouts=200,depth=4", "us": "greedy:samples=9"},
        ),
        ("us=search:ms=5,german=random", {"us": "search:ms=5", "german": "random"}),
    ],
)
def test_bots_are_read_with_their_settings(text: str, bots: dict[str, str]) -> None:
    assert parse_bots(text, ("german", "us")) == bots


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "french=random"), "error: --bots: unknown side 'french' (sides: german, us)"),
        (("--bots", "us=genius"), "error: --bots: unknown bot 'genius' (known: "),
        (("--games", "0"), "error: --games: must be 1 or more (got 0)"),
        (("--games", "-5"), "error: --games: must be 1 or more (got -5)"),
        (("--games", "many"), "error: Invalid value for '--games': 'many' is not a valid integer"),
        (("--bots", "german"), "error: --bots: 'german' is not SIDE=BOT (such as german=greedy"),
        (("--bots", "german=,us=random"), "error: --bots: 'german=' is not SIDE=BOT"),
        (("--bots", "us=random,us=random"), "error: --bots: 'us' is given twice"),
        (("--workers", "0"), "error: --workers: must be 1 or more (got 0)"),
        (("--plot", "out.pdf"), "error: --plot: out.pdf must end in .png or .svg"),
        (("--plot", "no/such/out.png"), "error: --plot: no/such/out.png: no folder "),
        (("--ray", "local"), "error: give either --workers (local processes) or --ray, not both"),
    ],
)
def test_bad_arguments_are_one_line_naming_what_is_wrong(
    args: tuple[str, ...], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("demo", "--games", "2", "--workers", "1", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(message)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_an_unknown_scenario_is_one_line() -> None:
    result = run("nowhere.yaml", "--games", "2")
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: ")
    assert "nowhere.yaml" in result.stderr


def test_the_json_report_decodes_as_a_report() -> None:
    data = report_json("--bots", "us=random", "--seed", "json")
    report = msgspec.convert(data, Report, strict=False)  # JSON's keys of counts are strings
    assert set(data) == {
        "scenario", "ruleset", "games", "seed", "bots", "sides", "scores", "actions", "turns",
        "objectives", "endings",
    }  # fmt: skip
    assert (report.games, report.seed, report.bots) == (
        3,
        "json",
        {"german": "random", "us": "random"},
    )
    for side in report.sides:
        assert side.win.count + side.draw.count + side.loss.count == 3
        assert 0 <= side.win.low <= side.win.rate <= side.win.high <= 1
    assert sum(report.actions.counts.values()) == 3
    assert report.endings == {"over": 3}


def test_one_worker_or_two_print_the_same_report() -> None:
    one = report_json("--seed", "w")
    result = run("demo", "--games", "3", "--workers", "2", "--json", "--seed", "w")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == one


def test_the_tables_show_each_sides_rates_with_intervals() -> None:
    result = run("demo", "--games", "2", "--workers", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "The bridge at Kleinwalde (engineering): 2 games, seed balance" in out
    assert "0.0% (0.0%–65.8%)" in out  # no win in 2 games: Wilson's upper bound 3.84/5.84
    assert "length in actions: min " in out
    assert "endings: 2 over" in out


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_the_plot_is_written_as_its_suffix_says(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"outcomes{suffix}"
    report_json("--plot", path)
    data = path.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        assert ET.fromstring(data).tag == "{http://www.w3.org/2000/svg}svg"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left
