"""The bundled scenario "breaching a fortified line", played by both sides and the umpire, through
the library and the command line.

Its secrets: field-a and field-b are buried mixed sections (AT normal, AP scattered) the British
do not know of; field-c is a dummy the British know from air photographs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from conftest import dice
from kriegsspiel import load_game
from kriegsspiel.cli import cli
from kriegsspiel.core.game import Game
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import load_scenario

SEATS = ("umpire", "british", "german", "public")


def start() -> Game[Any, Any, Any, Any]:
    scenario = load_scenario("breaching")
    assert isinstance(scenario, EngScenario)
    return Game(RULESETS["engineering"], scenario, "breaching-test")


def act(g: Any, seat: str, *faces: int, **action: Any) -> Any:
    return g.act(seat, action, dice(*faces))


def fields(g: Any, seat: str) -> dict[str, dict[str, Any]]:
    return {m["id"]: m for m in g.view(seat)["minefields"]}


def end(g: Any, times: int = 1) -> None:
    for _ in range(times):
        seat = g.ruleset.seats_to_act(g.state)[0]
        act(g, seat, action="end-phase")


def test_the_scenario_has_every_obstacle() -> None:
    """A mixed buried field, a dummy, wire, an anti-tank ditch and dragon's teeth in front of
    engineers, a flail and a dozer tank."""
    g = start()
    s = g.state
    assert s.minefields["field-a"].type == "mixed"
    assert s.minefields["field-a"].laid == "buried"
    assert s.minefields["field-c"].dummy
    assert {o.kind for o in s.obstacles.values()} == {"wire", "ditch", "at-obstacle"}
    traits = {u.id: u.traits for u in s.scenario.units}
    assert "flail" in traits["crab-1"]
    assert "dozer" in traits["dozer-1"]
    assert all("engineer" in traits[f"sappers-{i}"] for i in (1, 2, 3))
    assert set(fields(g, "british")) == {"field-c"}
    assert set(fields(g, "public")) == {"field-c"}  # every enemy side knows it is there
    assert set(fields(g, "german")) == {"field-a", "field-b", "field-c"}
    assert "dummy" not in json.dumps(g.view("british"))
    assert "dummy" not in json.dumps(g.view("public"))


def test_a_turn_of_breaching_for_both_sides_and_the_umpire() -> None:
    """Turn 1: sappers cut the wire under fire, the Crab flails into field-b (and finds it),
    riflemen find field-c to be a dummy, more sappers walk into field-a, the dozer closes on the
    dragon's teeth. Turns 2-3: it reduces them. Every seat sees what it may."""
    g = start()
    # ENG-WIRE-07: cutters; the MG 42 answers (d10 2 + 3 = 5: suppressed, no cancel)
    act(g, "british", 5, action="cut-wire", unit="sappers-1", wire="wire-1")
    act(g, "german", 2, action="opportunity-fire", unit="mg-1")
    assert g.state.units["sappers-1"].status == "suppressed"
    act(g, "german", action="pass")
    assert g.state.obstacles["wire-1"].condition == "intact"  # the sealed roll: 5, a failure
    # ENG-MINE-39..41: the Crab flails 4" (half its 12"): field-b, AT 6 and AP 5 + 2: through
    act(g, "british", 6, 5, action="flail", unit="crab-1", to=[18, 16.8])
    act(g, "german", action="pass")  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    assert g.state.units["crab-1"].position == (18, 16.8)
    assert "field-b" in fields(g, "british")
    # ENG-MINE-29: a 3 + 1 (surface) halts: field-c is a dummy, removed; the riflemen go on
    act(g, "british", 3, action="cross", unit="rifles-1", obstacle="field-c")
    act(g, "german", action="pass")
    assert "field-c" not in g.state.minefields
    assert g.state.units["rifles-1"].position == (24.0, 15.2)
    # ENG-MINE-25: sappers-2 walk into field-a: 1 + 1 (dr) + 1 (engineer) + 1 (scattered) = 4:
    # halted at its edge (not harmed), and now the British know it
    act(g, "british", 1, action="move", unit="sappers-2", to=[16, 15.8])
    act(g, "german", action="pass")
    assert g.state.units["sappers-2"].position == (16.0, 13.5)
    assert "field-a" in fields(g, "british")
    act(g, "british", action="move", unit="dozer-1", to=[22, 16.8])
    act(g, "german", action="pass")
    for seat in SEATS:
        assert "field-c" not in fields(g, seat)
    assert set(fields(g, "public")) == {"field-a", "field-b"}
    assert set(fields(g, "british")["field-a"]) == {"id", "side", "footprint"}
    # the dozer tank works the teeth: two engineering actions (ENG-OBST-05), the PaK lets it
    end(g, 6)
    assert (g.state.turn, g.state.phasing) == (2, "british")
    for turn in (2, 3):
        act(g, "british", action="doze", unit="dozer-1", obstacle="teeth-1")
        act(g, "german", action="pass")
        if turn == 2:
            assert g.state.obstacles["teeth-1"].condition == "intact"
            end(g, 6)
    assert g.state.obstacles["teeth-1"].condition == "reduced"
    # the umpire records a rally and may take the last action back
    act(g, "umpire", action="set-status", unit="sappers-2", status="suppressed")
    g.undo("umpire")
    assert g.state.units["sappers-2"].status == "ok"
    for seat in SEATS:
        assert "breaching-test" not in json.dumps(g.log_view(seat))


def test_the_wire_cutters_succeed_on_a_six() -> None:
    """ENG-WIRE-07 in the scenario: the sealed improve position roll of sappers-1 (dr 0)."""
    g = start()
    act(g, "british", 6, action="cut-wire", unit="sappers-1", wire="wire-1")
    act(g, "german", action="pass")
    assert g.state.obstacles["wire-1"].condition == "gapped"


def run(*args: str | Path) -> Any:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output + str(result.exception)
    return result


def test_played_from_the_command_line(tmp_path: Path) -> None:
    """`kriegsspiel new breaching`, then each seat acts and looks: the German seat answers the
    engineering action, the British player enters his own dice, the umpire spots nothing buried."""
    game = tmp_path / "breach.json"
    run("new", "breaching", "-o", game, "--seed", "cli-test")
    run("act", game, "--seat", "british", "cut-wire", "sappers-1", "wire-1", "--dice", "7")
    run("act", game, "--seat", "german", "pass")
    run("act", game, "--seat", "british", "cross", "rifles-1", "field-c", "--dice", "9")
    run("act", game, "--seat", "german", "pass")
    shown = json.loads(run("show", game, "--seat", "british", "--json").stdout)
    assert {o["id"]: o["condition"] for o in shown["obstacles"]}["wire-1"] == "gapped"
    assert [m["id"] for m in shown["minefields"]] == ["field-c"]
    german = json.loads(run("show", game, "--seat", "german", "--json").stdout)
    assert {m["id"] for m in german["minefields"]} == {"field-a", "field-b", "field-c"}
    result = CliRunner().invoke(
        cli, ["act", str(game), "--seat", "umpire", "spot-minefield", "field-a", "british"]
    )
    assert result.exit_code == 2
    assert "ENG-MINE-25" in result.stderr
    log = json.loads(run("log", game, "--seat", "british", "--json").stdout)
    assert "field-a" not in json.dumps(log)
    assert load_game(game).state.units["rifles-1"].position == (24.0, 15.2)
