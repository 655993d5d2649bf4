"""The `kriegsspiel` command line, driven through click's CliRunner on the bundled demo scenario.

Every refusal must be one `error: ...` line on stderr with exit status 2, and must leave the game
file byte for byte as it was. No seat's output may carry the game's secret seed.
"""

from __future__ import annotations

import importlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from kriegsspiel import load_game
from kriegsspiel.cli import LAZY, cli, main
from kriegsspiel.demo import run_demo

SEED = "demo-seed-1944"  # the demo scenario's published seed (`new --published-seed`)
SEATS = ("umpire", "german", "us", "public")


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def ok(*args: str | Path) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def ok_json(*args: str | Path) -> Any:
    return json.loads(ok(*args, "--json"))


def refused(*args: str | Path, contains: str) -> str:
    """Run a command that must fail: one `error:` line naming the problem, nothing on stdout."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert contains in lines[0]
    assert result.stdout == ""
    return lines[0]


def refused_unchanged(game: Path, *args: str | Path, contains: str) -> None:
    before = sorted(game.parent.iterdir())
    data = game.read_bytes()
    refused(*args, contains=contains)
    assert game.read_bytes() == data
    assert sorted(game.parent.iterdir()) == before  # no temporary file left behind


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert "umpire, german, us, public" in ok("new", "demo", "-o", path)
    return path


@pytest.fixture
def prepared(game: Path) -> Path:
    """German pioneers have declared work on the bridge; the US may fire or pass."""
    ok("act", game, "--seat", "german", "prepare", "pioneer-1", "bridge")
    return game


def by_id(rows: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    return next(row for row in rows if row["id"] == ident)


# -- playing -----------------------------------------------------------------------------------


def test_new_show_act_log_undo_round_trip(game: Path) -> None:
    view = ok_json("show", game, "--seat", "german")
    assert (view["turn"], view["phasing"], view["phase"]) == (1, "german", "maneuver")
    assert view["seats_to_act"] == ["german"]

    declared = ok_json("act", game, "--seat", "german", "prepare", "pioneer-1", "bridge")
    assert declared["seats_to_act"] == ["us"]
    passed = ok_json("act", game, "--seat", "us", "pass")["entry"]
    assert [e["event"] for e in passed["events"]] == ["work-done"]  # the progress is German-only
    view = ok_json("show", game, "--seat", "german")
    assert by_id(view["tasks"], "prepare:bridge")["progress"] == 1
    assert [e["seat"] for e in ok_json("log", game, "--seat", "german")] == ["german", "us"]

    assert ok_json("undo", game)["undoes"] == [2]
    view = ok_json("show", game, "--seat", "german")
    assert by_id(view["tasks"], "prepare:bridge")["progress"] == 0
    assert view["pending"]["unit"] == "pioneer-1"  # the declaration itself still stands
    assert [e["undone"] for e in ok_json("log", game, "--seat", "umpire")] == [False, True, False]
    assert "undone" in ok("log", game, "--seat", "umpire")


def test_human_output_is_tables(prepared: Path) -> None:
    shown = ok("show", prepared, "--seat", "german")
    for text in ("turn 1: Wehrmacht's maneuver phase", "Pioniere 1", "0/2", "may act now: us"):
        assert text in shown
    acted = ok("act", prepared, "--seat", "us", "pass")
    assert "pioneer-1's engineering action is carried out" in acted
    assert "prepare:bridge" in ok("log", prepared, "--seat", "german")


def test_action_values_by_position_or_by_name(game: Path) -> None:
    moved = ok_json("act", game, "--seat", "german", "move", "pioneer-2", "22,30")["entry"]
    assert moved["events"][0]["to"] == [22.0, 30.0]
    ok("act", game, "--seat", "us", "pass")  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    moved = ok_json("act", game, "--seat", "german", "move", "to=22,29", "unit=pioneer-2")["entry"]
    assert moved["action"] == {
        "action": "move",
        "unit": "pioneer-2",
        "to": [22.0, 29.0],
        "distance": None,
    }


def test_dice_rolled_at_the_table(prepared: Path) -> None:
    args = ("opportunity-fire", "rifle-1", "--dice", "3", "--player", "alice")
    entry = ok_json("act", prepared, "--seat", "us", *args)["entry"]
    result = entry["events"][0]["result"]
    assert (result["faces"], result["origin"], result["outcome"]) == (
        [[3]],
        "entered:alice",
        "suppressed",
    )


def test_replay_shows_what_a_seat_knew(prepared: Path) -> None:
    assert ok_json("replay", prepared, "--seat", "german", "--upto", "0")["pending"] is None
    assert (
        ok_json("replay", prepared, "--seat", "german", "--upto", "1")["pending"]["kind"]
        == "prepare"
    )
    assert "turn 1: Wehrmacht's maneuver phase" in ok(
        "replay", prepared, "--seat", "us", "--upto", "1"
    )


def test_schema_and_scenarios() -> None:
    schema = json.loads(ok("schema"))
    assert "EngScenario" in schema["$defs"]
    assert {"name": "demo", "title": "The bridge at Kleinwalde", "ruleset": "engineering"} in (
        ok_json("scenarios")
    )
    assert "demo" in ok("scenarios")


def test_rules_index() -> None:
    rules = {row["rule"]: row for row in ok_json("rules", "--ruleset", "engineering")}
    assert rules["ENG-DEMO-05"]["ruleset"] == "engineering"
    assert "ENG-DEMO-05" in ok("rules")
    refused("rules", "--ruleset", "nope", contains="unknown ruleset 'nope'")


def test_demo_plays_and_saves_a_short_game(tmp_path: Path) -> None:
    shown = ok("demo", "--dir", tmp_path / "run")
    path = tmp_path / "run" / "demo-game.json"
    assert 15 <= len(ok_json("log", path, "--seat", "umpire")) <= 25
    assert "refused: ENG-ACT-03" in shown  # a refused action, with its rule
    assert "9/10" in shown
    assert f"kriegsspiel show {path} --seat us" in shown
    assert load_game(path).seed not in shown
    assert SEED not in shown


@pytest.mark.parametrize("seed", ["s0", "s13"])  # the work goes ahead; the charge is a dud
def test_the_demo_copes_with_any_dice(tmp_path: Path, seed: str) -> None:
    shown = io.StringIO()
    path = run_demo(tmp_path, Console(file=shown, width=120), seed)
    assert len(load_game(path).log) >= 15
    assert shown.getvalue().count("refused:") == 1  # only the deliberate one


# -- odds --------------------------------------------------------------------------------------


def test_odds_of_a_demolition() -> None:
    shown = ok("odds", "engineering.demolition")
    for text in ("9/10", "90.0%", "1/10", "10.0%", "ENG-DEMO-05"):
        assert text in shown
    report = ok_json("odds", "engineering.demolition")
    assert report["outcomes"] == [
        {"outcome": "success", "probability": "9/10", "percent": 90.0},
        {"outcome": "dud", "probability": "1/10", "percent": 10.0},
    ]
    assert (report["modifiers"], report["rules"]) == ([], ["ENG-DEMO-05", "ENG-DEMO-06"])


def test_odds_with_parameters() -> None:
    report = ok_json("odds", "engineering.improve-position", "dr=1")
    assert report["params"] == {"dr": 1, "modifier": 0}
    assert [(o["outcome"], o["probability"], o["percent"]) for o in report["outcomes"]] == [
        ("failure", "2/5", 40.0),
        ("success", "3/5", 60.0),
    ]
    assert report["modifiers"] == [{"label": "discipline rating", "value": 1, "rule": "AMB-ENG-02"}]
    assert "AMB-ENG-02" in ok("odds", "engineering.improve-position", "dr=1")


def test_odds_list() -> None:
    checks = {c["name"]: c for c in ok_json("odds", "--list")}
    improve = checks["engineering.improve-position"]
    params = {p["name"]: p for p in improve["params"]}
    assert params["dr"]["allowed"] == {"min": -2, "max": 2}
    assert "modifier" in params
    assert sorted(improve["outcomes"]) == ["failure", "success"]
    assert "AMB-ENG-02" in improve["rules"]
    assert checks["engineering.demolition"]["rules"] == ["ENG-DEMO-05", "ENG-DEMO-06"]
    assert checks["engineering.direct-fire"]["rules"] == ["BF-DEFAULT-FIRE"]
    assert "engineering.improve-position" in ok("odds", "--list")


def test_odds_list_names_each_rule_once() -> None:
    """A check gathers its rules from its tables and modifiers: each is listed once, in the order
    first cited."""
    checks = {c["name"]: c for c in ok_json("odds", "--list")}
    for name, check in checks.items():
        assert len(check["rules"]) == len(set(check["rules"])), name
    assert checks["engineering.indirect-fire"]["rules"] == [
        "ENG-MINE-45",
        "ENG-MINE-46",
        "ENG-WIRE-11",
        "ENG-WIRE-12",
        "BF-DEFAULT-FIRE",
    ]
    assert checks["afv.morale"]["rules"].count("AFV-MORALE-09") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("engineering.improve-position", "dr=5"), "dr: must be an integer from -2 to 2"),
        (("engineering.improve-position", "range=3"), "no parameter 'range'"),
        (("no.such-check",), "unknown check"),
        ((), "give either a CHECK"),
    ],
)
def test_odds_refuses_bad_input(args: tuple[str, ...], message: str) -> None:
    refused("odds", *args, contains=message)


def test_luck_says_when_no_dice_were_rolled(prepared: Path) -> None:
    no_rolls = "no dice rolled yet in what us may see: no luck to audit\n"
    assert ok("luck", prepared, "--seat", "us") == no_rolls
    assert ok_json("luck", prepared, "--seat", "us") == []
    ok("act", prepared, "--seat", "us", "opportunity-fire", "rifle-1", "--dice", "4")
    shown = ok("luck", prepared, "--seat", "us")
    assert "no dice rolled" not in shown
    assert "entered:us" in shown
    assert ok_json("luck", prepared, "--seat", "us")[0]["mean_score"] == "7/20"  # (2*4-1)/20


def test_action_words_in_any_case(game: Path) -> None:
    """As `act --help` shows them: `prepare UNIT DEMOLITION`."""
    typed = ("PREPARE", "UNIT=pioneer-1", "DEMOLITION=bridge")
    entry = ok_json("act", game, "--seat", "german", *typed)["entry"]
    assert entry["action"] == {
        "action": "prepare",
        "unit": "pioneer-1",
        "demolition": "bridge",
        "distance": None,
    }
    assert ok_json("odds", game, "--seat", "us", "Opportunity-Fire", "UNIT=rifle-1")["exact"]


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "args", "message"),
    [
        ("game", ("--seat", "german", "bogus"), "unknown action 'bogus' (actions: "),
        ("game", ("--seat", "us", "move", "sherman-1", "16,20"), "BF-SEQ: Sherman 1 moves only"),
        ("game", ("--seat", "german", "move", "pioneer-2", "a,b"), "such as 16,20"),
        ("game", ("--seat", "german", "prepare", "pioneer-1"), "prepare needs demolition"),
        ("game", ("--seat", "german", "end-phase", "now"), "too many values"),
        ("game", ("--seat", "german", "end-phase", "--dice", "3"), "not needed"),
        ("game", ("--seat", "nobody", "end-phase"), "unknown seat 'nobody'"),
        ("game", ("--seat", "german"), "Missing argument 'ACTION'"),
        ("prepared", ("--seat", "german", "end-phase"), "ENG-ACT-09"),
        ("prepared", ("--seat", "us", "opportunity-fire", "rifle-1", "--dice", "11"), "d10"),
        ("prepared", ("--seat", "us", "opportunity-fire", "rifle-1", "--dice", "x"), "3,7"),
    ],
)
def test_a_refused_action_leaves_the_game_file_unchanged(
    request: pytest.FixtureRequest, fixture: str, args: tuple[str, ...], message: str
) -> None:
    path: Path = request.getfixturevalue(fixture)
    refused_unchanged(path, "act", path, *args, contains=message)


def test_refused_commands_leave_the_game_file_unchanged(game: Path) -> None:
    refused_unchanged(game, "new", "demo", "-o", game, contains="already exists (use --force")
    refused_unchanged(game, "undo", game, contains="count")
    refused_unchanged(game, "show", game, contains="Missing option '--seat'")
    refused_unchanged(game, "replay", game, "--seat", "us", "--upto", "9", contains="upto")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ruleset: engineering\ntitle: [unclosed\n", "line 3"),
        (
            "ruleset: engineering\ntitle: t\nsides: [{id: a}, {id: b}]\n"
            "units:\n  - {id: u1, side: a, kind: troops, dr: 5}\n",
            "units[0].dr: must be an integer from -2 to 2",
        ),
    ],
)
def test_a_broken_scenario_is_one_line(game: Path, text: str, message: str) -> None:
    scenario = game.parent / "broken.yaml"
    scenario.write_text(text, encoding="utf-8")
    line = refused("new", scenario, "-o", game.parent / "other.json", contains=message)
    assert str(scenario) in line
    assert not (game.parent / "other.json").exists()
    refused_unchanged(game, "new", scenario, "-o", game, "--force", contains=message)


@pytest.mark.parametrize(
    "args",
    [
        ("show", "--seat", "us"),
        ("log", "--seat", "us"),
        ("act", "--seat", "us", "pass"),
        ("undo",),
    ],
)
def test_a_corrupt_game_file_is_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\x00\xff garbage {")
    refused_unchanged(path, args[0], path, *args[1:], contains="not a kriegsspiel game file")


def test_main_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["kriegsspiel", "odds", "no.such-check"])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no.such-check: unknown check")
    assert err.count("\n") == 1


# -- secrets -----------------------------------------------------------------------------------


def seat_output(game: Path, seat: str) -> str:
    """Everything `show` and `log` print for a seat, as tables and as JSON."""
    return "".join(
        ok(command, game, "--seat", seat, *flag)
        for command in ("show", "log")
        for flag in ((), ("--json",))
    )


@pytest.mark.parametrize(
    ("seat", "knows"), [("umpire", True), ("german", True), ("us", False), ("public", False)]
)
def test_only_the_german_side_sees_its_demolitions(prepared: Path, seat: str, knows: bool) -> None:
    shown = seat_output(prepared, seat)
    for secret in ("road bridge", "prepare:bridge", "culvert"):
        assert (secret in shown) is knows, secret
    demolitions = ok_json("show", prepared, "--seat", seat)["demolitions"]
    assert ("bridge" in {d["id"] for d in demolitions}) is knows


def seed_of(game: Path) -> str:
    header = game.read_text(encoding="utf-8").partition("\t")[0]  # a game file's first JSON
    seed: str = json.loads(header)["seed"]
    return seed


@pytest.mark.parametrize("flags", [(), ("--published-seed",)])
def test_the_seed_is_only_in_the_game_file(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """Whether fresh or the scenario's own, the seed is never shown to a seat."""
    game = tmp_path / "game.json"
    ok("new", "demo", "-o", game, *flags)
    seed = seed_of(game)
    assert (seed == SEED) is bool(flags)
    ok("act", game, "--seat", "german", "prepare", "pioneer-1", "bridge")
    ok("act", game, "--seat", "us", "opportunity-fire", "rifle-1")  # a seeded roll
    for seat in SEATS:
        assert seed not in seat_output(game, seat)
        assert seed not in ok("replay", game, "--seat", seat, "--upto", "2", "--json")


def test_new_games_get_fresh_secret_seeds(tmp_path: Path) -> None:
    """The demo's published seed would give every game the same dice: `new` uses it only when
    asked with --published-seed."""
    seeds = []
    for name in ("one.json", "two.json"):
        shown = ok("new", "demo", "-o", tmp_path / name)
        seeds.append(seed_of(tmp_path / name))
        assert seeds[-1] not in shown
    assert seeds[0] != seeds[1]
    assert SEED not in seeds
    assert all(len(s) == 32 for s in seeds)
    ok("new", "demo", "-o", tmp_path / "published.json", "--published-seed", "--json")
    assert seed_of(tmp_path / "published.json") == SEED


def test_a_seed_and_the_published_seed_are_refused_together(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    args = ("new", "demo", "-o", game, "--seed", "x", "--published-seed")
    refused(*args, contains="seed: give either a seed or published_seed, not both")
    assert not game.exists()
    scenario = tmp_path / "unseeded.yaml"
    scenario.write_text(
        "ruleset: engineering\ntitle: Unseeded\nsides: [{id: a}, {id: b}]\n", encoding="utf-8"
    )
    refused("new", scenario, "-o", game, "--published-seed", contains="publishes no seed")
    ok("new", scenario, "-o", game)
    assert len(seed_of(game)) == 32


def test_a_chosen_seed_is_not_printed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    shown = ok("new", "demo", "-o", path, "--seed", "my-secret-seed")
    assert "my-secret-seed" not in shown
    assert "my-secret-seed" in path.read_text(encoding="utf-8")


def test_the_lazy_commands_are_listed_with_their_own_help() -> None:
    """`LAZY` keeps a command's first sentence so that `--help` need not import it."""
    for name, (module, attribute, first) in LAZY.items():
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name
        assert " ".join(command.help.split("\n\n")[0].split()) == first


def test_help_loads_no_ruleset_and_no_library() -> None:
    """`kriegsspiel --help` starts without the library: no ruleset, no game, no rich tables."""
    code = (
        "import sys; from kriegsspiel.cli import cli\n"
        "try: cli(['--help'])\n"
        "except SystemExit: pass\n"
        "heavy = ('kriegsspiel.core.game', 'kriegsspiel.rulesets.', 'shapely', 'numpy', 'rich',\n"
        "         'matplotlib', 'ray', 'kriegsspiel.balance')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "[]"
