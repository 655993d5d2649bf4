"""The bundled scenario (a Sherman platoon against a Panzer IV and panzerfaust teams in a
village), playable from the command line; scenario validation; replaceable house tables and
vehicle data; and every rule ID of AFV.md implemented and tested."""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from afvkit import DE, US, man, scenario, sherman, start, team
from click.testing import CliRunner

import kriegsspiel
from kriegsspiel.cli import cli
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.afv import checks

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "kriegsspiel" / "rulesets" / "afv"


def test_the_bundled_village_scenario() -> None:
    game = kriegsspiel.new_game("afv")
    assert game.ruleset.name == "afv"
    units = {u["id"]: u for u in game.view(US)["units"]}
    shermans = [u for u in units.values() if u.get("vehicle") == "m4a3-75"]
    assert len(shermans) == 5
    assert units["panzer-iv"]["vehicle"] == "pz-iv-h"
    weapons = [m["weapon"] for u in units.values() if u["kind"] == "team" for m in u["men"]]
    assert weapons.count("panzerfaust") == 4
    assert {t["kind"] for t in game.view(DE)["terrain"]} == {"road", "building", "wall"}
    assert game.view(DE)["deck"]["yours"] == "4 of the 10 cards left are yours"


def run(*args: str | Path) -> Any:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def test_playable_from_the_command_line(tmp_path: Path) -> None:
    game = tmp_path / "village.json"
    run("new", "afv", "-o", game, "--seed", "cli")
    state = kriegsspiel.load_game(game).state
    for vid, v in state.vehicles.items():
        run("act", game, "--seat", v.side, "roll-ammo", vid, "--dice", "5")
        run("act", game, "--seat", v.side, "split-ammo", vid, "he=10", "ap=10")
    run("act", game, "--seat", "us", "draw", "--dice", "1")  # sherman-1's card
    out = run("act", game, "--seat", "us", "set-speed", "sherman-1", "driver", "4", "--json")
    assert "speed-set" in out.stdout
    error = CliRunner().invoke(
        cli, ["act", str(game), "--seat", "us", "steer", "sherman-1", "loader", "facing=90"]
    )
    assert error.exit_code == 2
    assert "AFV-CREW-03: the loader cannot steer" in error.stderr
    shown = json.loads(run("show", game, "--seat", "german", "--json").stdout)
    assert "ammo" not in json.dumps(shown["units"][0])


def test_a_scenario_must_be_consistent() -> None:
    with pytest.raises(InputError, match="unknown vehicle type"):
        scenario([sherman(vehicle="tiger-x")])
    with pytest.raises(InputError, match="has no hatch"):
        scenario([sherman(unbuttoned=["gunner"])])
    with pytest.raises(InputError, match="duplicate id"):
        scenario([sherman(), team("s1", [man("m", "rifle", (1.0, 1.0))])])
    with pytest.raises(InputError, match="used twice"):
        scenario([sherman(), team("reds", [man("s1.driver", "rifle", (1.0, 1.0))])])
    with pytest.raises(InputError, match="must be a line"):
        scenario(
            [sherman()], terrain=[{"id": "w", "kind": "wall", "points": [[0, 0], [1, 1], [2, 0]]}]
        )


def test_house_tables_are_replaceable_and_validated() -> None:
    """SK-DEFAULT-TO-HIT (and every table) may be replaced in a scenario's `tables:`."""
    ours = {
        "title": "our to-hit",
        "rules": ["SK-DEFAULT-TO-HIT"],
        "range_bands": [10.0],
        "chances": {
            "main-gun": [90, 10],
            "mg": [50, 5],
            "small-arms": [40, 0],
            "panzerfaust": [40, 0],
        },
    }
    sc = scenario([sherman()], tables={"to-hit": ours})
    assert checks.to_hit(sc.game_tables, "main-gun", 9).odds()["hit"] == Fraction(90, 100)
    with pytest.raises(InputError, match="needs every class"):
        scenario([sherman()], tables={"to-hit": {**ours, "chances": {"main-gun": [90, 10]}}})
    with pytest.raises(InputError, match="no such table"):
        scenario([sherman()], tables={"to-miss": ours})
    spot = {"title": "spot", "rules": ["AFV-VIS-05"], "chances": {"broken": 30}}
    with pytest.raises(InputError, match="keys must be"):
        scenario([sherman()], tables={"spot": spot})
    sc = scenario([sherman()], tables={"broken-track": {**spot, "chances": {"broken": 30}}})
    assert checks.broken_track(sc.game_tables).odds()["broken"] == Fraction(3, 10)


def test_vehicle_data_is_replaceable() -> None:
    """SK-DEFAULT-WEAPONS: a scenario may add vehicle types (and weapons) as data."""
    stug = {
        "name": "StuG III G",
        "nation": "German",
        "weight": "medium",
        "turret": False,
        "armour": {"front": 80, "side": 30, "rear": 30},
        "main_gun": "75mm-kwk40",
        "positions": [
            {"role": "driver", "hatch": True, "exits": ["top-hatch"]},
            {
                "role": "commander",
                "hatch": True,
                "exits": ["top-hatch"],
                "leader": True,
                "also": ["gunner", "loader"],
            },
        ],
    }
    game = start(
        [sherman(), sherman("g1", side=DE, vehicle="stug", position=(24.0, 30.0))],
        vehicles={"stug": stug},
    )
    assert game.state.vtype("g1").name == "StuG III G"


def test_every_rule_id_is_implemented_and_tested() -> None:
    """Each AFV rule and AMB-AFV decision is cited in the ruleset's code and in these tests."""
    catalogue = tomllib.loads((PACKAGE / "data" / "rules.toml").read_text(encoding="utf-8"))
    ids = [k for k in catalogue if k.startswith(("AFV-", "AMB-AFV-"))]
    assert len([k for k in ids if k.startswith("AFV-")]) == 69
    code = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    code += (PACKAGE / "data" / "tables.toml").read_text(encoding="utf-8")
    code += (PACKAGE / "data" / "chances.toml").read_text(encoding="utf-8")
    tests = "\n".join(
        p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py")
    )
    for rule in ids:
        pattern = re.compile(rf"\b{re.escape(rule)}\b")
        assert pattern.search(code), f"{rule} is not cited in the code"
        assert pattern.search(tests), f"{rule} is not cited in the tests"
