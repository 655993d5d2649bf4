"""The bundled scenario "crack the bunker line" (ENG-FORT, ENG-FUNNY), played by both sides and
the umpire, through the library and the command line.

Bunkers of armour 2 (log), 3 (pillbox) and 5 (casemate); British sappers, a petard AVRE, an
AVRE with a Conger and DD tanks swimming in. The casemate is not spotted at the start.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import dice
from kriegsspiel.cli import cli
from kriegsspiel.core.game import Game
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import load_scenario

SEATS = ("umpire", "british", "german", "public")


def start() -> Game[Any, Any, Any, Any]:
    scenario = load_scenario("crack-the-bunker-line")
    assert isinstance(scenario, EngScenario)
    return Game(RULESETS["engineering"], scenario, "bunker-test")


def act(g: Any, seat: str, *faces: int, **action: Any) -> Any:
    return g.act(seat, action, dice(*faces))


def test_the_scenario_has_what_the_issue_names() -> None:
    """Bunkers of armour 2, 3 and 5, engineers, an AVRE, a Conger and DD tanks landing."""
    g = start()
    assert {f.id: f.armour for f in g.state.forts.values()} == {
        "log-bunker": 2,
        "pillbox": 3,
        "casemate": 5,
    }
    traits = {u.id: set(u.traits) for u in g.scenario.units if u.side == "british"}
    assert "dd" in traits["dd-1"]
    assert "dd" in traits["dd-2"]
    assert {"avre", "avre-engineer"} <= traits["avre"]
    assert {"avre", "conger"} <= traits["conger"]
    assert "engineer" in traits["sappers-1"]
    assert all(u["swimming"] for u in g.view("german")["units"] if u["id"].startswith("dd-"))


def test_two_turns_on_the_beach() -> None:
    """DDs swim and land, sappers charge the log bunker, the Conger clears the wire, the AVRE
    petards the pillbox; the casemate needs spotting first."""
    g = start()
    act(g, "british", action="move", unit="dd-1", to=[10, 6])  # 4" of water (ENG-FUNNY-03)
    act(g, "german", action="pass")  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    act(g, "british", action="emplace", unit="avre")
    act(g, "british", action="prepare", unit="sappers-1", demolition="log-bunker-charges")
    act(g, "german", action="pass")  # the MG in the bunker may fire at the sappers
    act(g, "british", action="prime-conger", unit="conger", obstacle="wire-1")
    act(g, "german", action="pass")
    act(g, "british", 6, action="end-phase")  # dd-1 swam: swamping d10, 6 swims
    assert g.state.units["dd-1"].status == "ok"
    act(g, "german", action="end-phase")  # no defensive fire
    # offensive fire: the petard on the pillbox, 3 + 5 - 3 = 5: suppressed, armour 3 -> 2
    act(g, "british", 3, action="fire-on", unit="avre", target="pillbox")
    assert g.state.forts["pillbox"].armour == 2
    assert g.state.units["mg-2"].status == "suppressed"
    with pytest.raises(RuleViolation, match="ENG-FUNNY-08"):  # dd-2 is still swimming
        act(g, "british", 9, action="fire-on", unit="dd-2", target="pillbox")
    act(g, "british", action="end-phase")
    for _ in range(3):  # the German player turn passes quietly
        act(g, "german" if g.state.phase != "defensive_fire" else "british", action="end-phase")
    # turn 2: the Conger goes off (2: a lane), the log bunker's charge goes off
    act(g, "british", 2, action="fire-conger", unit="conger")
    act(g, "german", action="pass")
    assert g.state.lanes["conger.conger"].obstacle == "wire-1"
    # one charge at 4 against armour 2: 7 + 4 - 2 = 9, the log bunker collapses
    act(g, "british", 2, 7, action="demolish", unit="sappers-1", demolition="log-bunker-charges")
    act(g, "german", action="pass")
    assert g.state.forts["log-bunker"].collapsed
    assert g.state.units["mg-1"].status == "knocked-out"
    act(g, "british", action="move", unit="dd-1", to=[10, 10])
    act(g, "german", action="pass")
    act(g, "british", action="drop-skirts", unit="dd-1")
    assert g.view("german")["units"][0]["skirts"] == "dropped"
    act(g, "umpire", action="spot", fort="casemate", side="british")
    assert g.view("british")["forts"][2]["spotted"] is True
    assert "spotted" not in g.view("german")["forts"][2]
    for seat in SEATS:
        assert g.replay(seat, len(g.log_view(seat))) == g.view(seat)


def test_the_germans_never_see_charges_they_were_not_told_of() -> None:
    g = start()
    act(g, "british", action="prepare", unit="sappers-2", demolition="pillbox-charges")
    act(g, "german", action="pass")
    assert "pillbox-charges" not in json.dumps(g.view("german"))
    assert "pillbox-charges" not in json.dumps(g.log_view("german"))
    assert "pillbox-charges" in json.dumps(g.view("british"))


def run(*args: Any) -> Any:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def test_played_from_the_command_line(tmp_path: Path) -> None:
    """`kriegsspiel new crack-the-bunker-line`, a DD swims, the Conger primes, the log bunker is
    charged; each seat sees what it may."""
    game = tmp_path / "bunker.json"
    run("new", "crack-the-bunker-line", "-o", game, "--seed", "cli-test")
    run("act", game, "--seat", "british", "move", "dd-2", "16,6")
    run("act", game, "--seat", "german", "pass")
    run("act", game, "--seat", "british", "prime-conger", "conger", "wire-1")
    run("act", game, "--seat", "german", "pass")
    run("act", game, "--seat", "british", "end-phase", "--dice", "4")
    shown = json.loads(run("show", game, "--seat", "german", "--json").stdout)
    dd = {u["id"]: u for u in shown["units"]}["dd-2"]
    assert (dd["status"], dd["swimming"]) == ("ok", True)
    odds = run("odds", "engineering.fort-demolition", "charges=2", "armour=5")
    assert "1/5" in odds.stdout
