"""The bundled scenario "hold the bridge" (ENG-BRIDGE), played by both sides and the umpire,
through the library and the command line.

Its secret: the US engineers have wired the timber trestle bridge at Neufmolin before the game
(preset timber-trestle: 2 preparations, AMB-ENG-43); the Germans do not know.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from conftest import dice
from kriegsspiel.cli import cli
from kriegsspiel.core.game import Game
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import load_scenario

SEATS = ("umpire", "german", "us", "public")


def start() -> Game[Any, Any, Any, Any]:
    scenario = load_scenario("hold-the-bridge")
    assert isinstance(scenario, EngScenario)
    return Game(RULESETS["engineering"], scenario, "hold-test")


def act(g: Any, seat: str, *faces: int, **action: Any) -> Any:
    return g.act(seat, action, dice(*faces))


def end(g: Any, seat: str, *faces: int) -> None:
    act(g, seat, *faces, action="end-phase")


def test_the_scenario_has_what_the_issue_names() -> None:
    """A wired timber bridge, a pontoon under construction, its equipment, enemy artillery."""
    g = start()
    bridges = {b["id"]: b for b in g.view("umpire")["bridges"]}
    assert bridges["neufmolin"]["kind"] == "permanent"
    assert (bridges["pontoon"]["spans_built"], bridges["pontoon"]["spans_required"]) == (1, 3)
    demo = g.state.demolitions["neufmolin-charges"]
    assert demo.prepared
    assert g.state.tasks[demo.task].required == 2  # ENG-BRIDGE-27: a timber trestle
    carried = {e["id"]: e["carried_by"] for e in g.view("us")["bridging"]}
    assert carried == {"span-a": None, "span-b": "truck"}
    assert "artillery" in g.state.spec("battery").traits


def test_only_the_us_and_the_umpire_know_the_bridge_is_wired() -> None:
    g = start()
    for seat in SEATS:
        knows = seat in ("umpire", "us")
        text = json.dumps(g.view(seat))
        assert ("neufmolin-charges" in text) is knows, seat
        assert [b["id"] for b in g.view(seat)["bridges"]] == ["neufmolin", "pontoon"]


def test_a_game_turn_at_the_bridges() -> None:
    """German artillery knocks out the pontoon's span; the US engineers build another under
    opportunity fire, bring up the second span, and blow the Neufmolin bridge in front of the
    panzers."""
    g = start()
    act(g, "german", action="move", unit="panzer-1", to=[12, 26])
    act(g, "us", action="pass")  # no opportunity fire at the panzer (BF-DEFAULT-OPFIRE)
    end(g, "german")  # to the defensive fire phase: the US holds its fire
    end(g, "us")
    # ENG-BRIDGE-23: 6 + 4 - 1 (dug-in, indirect) = 9: one span destroyed
    act(g, "german", 6, action="bombard", unit="battery", target="pontoon")
    assert g.state.bridges["pontoon"].spans_built == 0
    end(g, "german")
    # the US player turn: a span by eng-1 with eng-2 (5 + 0 + 1 = 6: success)
    act(g, "us", 5, action="build-span", unit="eng-1", bridge="pontoon", helpers=["eng-2"])
    assert g.state.pending is not None  # the Germans may take opportunity fire (ENG-ACT-09)
    act(g, "german", action="pass")
    assert g.state.bridges["pontoon"].spans_built == 1
    act(g, "us", action="move", unit="truck", to=[37, 33])
    act(g, "german", action="pass")
    act(g, "us", action="unload-bridging", unit="truck", equipment="span-b")
    # ENG-BRIDGE-28: the wired bridge goes up on 2-10
    act(g, "us", 2, action="demolish", unit="eng-3", demolition="neufmolin-charges")
    act(g, "german", action="pass")
    german = g.view("german")
    assert {b["id"]: b["destroyed"] for b in german["bridges"]}["neufmolin"] is True
    assert [d["id"] for d in german["demolitions"]] == ["neufmolin-charges"]  # it went off
    assert {e["id"]: e["carried_by"] for e in german["bridging"]}["span-b"] is None
    for seat in SEATS:
        assert g.replay(seat, len(g.log_view(seat))) == g.view(seat)


def run(*args: Any) -> Any:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def test_played_from_the_command_line(tmp_path: Path) -> None:
    """`kriegsspiel new hold-the-bridge`, then each seat acts with its own dice and looks."""
    game = tmp_path / "bridge.json"
    run("new", "hold-the-bridge", "-o", game, "--seed", "cli-test")
    run("act", game, "--seat", "german", "move", "panzer-1", "12,26")
    run("act", game, "--seat", "us", "pass")  # no opportunity fire at it (BF-DEFAULT-OPFIRE)
    run("act", game, "--seat", "german", "end-phase")
    run("act", game, "--seat", "us", "end-phase")
    run("act", game, "--seat", "german", "bombard", "battery", "pontoon", "--dice", "6")
    shown = json.loads(run("show", game, "--seat", "us", "--json").stdout)
    assert {b["id"]: b["spans_built"] for b in shown["bridges"]}["pontoon"] == 0
    run("act", game, "--seat", "german", "end-phase")
    run("act", game, "--seat", "us", "build-span", "eng-1", "pontoon", "--dice", "6")
    run("act", game, "--seat", "german", "pass")
    german = json.loads(run("show", game, "--seat", "german", "--json").stdout)
    assert {b["id"]: b["spans_built"] for b in german["bridges"]}["pontoon"] == 1
    assert "neufmolin-charges" not in json.dumps(german)
    odds = run("odds", "engineering.bridge-span", "dr=1", "swollen=yes", "helpers=2")
    assert "3/5" in odds.stdout  # d10 + 1 - 1 + 1 >= 6 on faces 5-10
