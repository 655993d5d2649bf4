"""`kriegsspiel show` and `play` tell the score, and once the game is over its result."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from rich.console import Console

from kriegsspiel.cli import cli
from kriegsspiel.demo import run_demo
from kriegsspiel.games import load_game, new_game, save_game


def shown_json(path: Path) -> dict[str, Any]:
    out = CliRunner().invoke(cli, ["show", str(path), "--seat", "umpire", "--json"])
    data: dict[str, Any] = json.loads(out.output)
    return data


def _finished(tmp_path: Path) -> Path:
    game = new_game("demo", seed="finished")
    rng = random.Random(4)
    while not game.over():
        seat = game.seats_to_act()[0]
        action = game.random_action(seat, rng)
        assert action is not None
        game.act(seat, action)
    path = tmp_path / "done.json"
    save_game(game, path)
    return path


def test_show_prints_the_score_while_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(new_game("demo"), path)
    out = CliRunner().invoke(cli, ["show", str(path), "--seat", "us"])
    assert out.exit_code == 0, out.output
    assert out.output.endswith("score: Wehrmacht 1, US Army 0\n")
    data = shown_json(path)
    assert (data["scores"], data["result"]) == ({"german": 1, "us": 0}, None)


def test_show_and_play_print_the_result_once_the_game_is_over(tmp_path: Path) -> None:
    path = _finished(tmp_path)
    result = load_game(path).result()
    assert result is not None
    shown = CliRunner().invoke(cli, ["show", str(path), "--seat", "german"])
    expected = [f"game over: {result.reasons[-1]}", *(f"  - {r}" for r in result.reasons[:-1])]
    assert shown.output.splitlines()[-len(expected) :] == expected
    data = shown_json(path)
    assert data["result"]["reasons"] == list(result.reasons)
    assert data["seats_to_act"] == []
    played = CliRunner().invoke(cli, ["play", str(path), "--seat", "us"], input="quit\n")
    assert f"game over: {result.reasons[-1]}" in played.output


def test_act_says_the_result_when_the_action_ends_the_game(tmp_path: Path) -> None:
    from test_victory_scenarios import _bridge_blown_with

    game = _bridge_blown_with(7)
    game.undo("umpire")  # back to the US deciding whether to fire at the demolition
    path = tmp_path / "last.json"
    save_game(game, path)
    out = CliRunner().invoke(cli, ["act", str(path), "--seat", "us", "pass"])
    assert out.exit_code == 0, out.output
    assert "game over: Wehrmacht wins (Wehrmacht 4, US Army 0)" in out.output
    assert "  - the road bridge is blown: the game ends at turn 2" in out.output
    again = CliRunner().invoke(cli, ["act", str(path), "--seat", "german", "end-phase"])
    assert again.exit_code != 0
    assert "GAME-OVER: the game is over" in again.output


def test_the_scripted_demo_ends_with_its_result(tmp_path: Path) -> None:
    """The published seed's charge goes off: the game is over and the umpire may undo it."""
    shown = io.StringIO()
    path = run_demo(tmp_path / "blown", Console(file=shown, width=120))
    text = shown.getvalue()
    assert "game over: Wehrmacht wins (Wehrmacht 4, US Army 0)" in text
    assert f"kriegsspiel undo {path}" in text
    dud = io.StringIO()
    run_demo(tmp_path / "dud", Console(file=dud, width=120), "d3")  # the charge is a dud
    assert "score: Wehrmacht 1, US Army 0" in dud.getvalue()
