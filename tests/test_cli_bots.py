"""`kriegsspiel play SCENARIO --seat us --bot german=BOT`: a new game in a file, the bot's side
played whenever it is to act, its moves printed as the player's log shows them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kriegsspiel.cli import cli
from kriegsspiel.games import load_game, new_game, save_game


def play(*args: str, lines: tuple[str, ...] = ("quit",)) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input="\n".join(lines))


def test_a_scenario_starts_a_game_whose_bot_side_acts_on_its_turn(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    bot = "german=search:playouts=4,depth=2"
    args = ("demo", "--seat", "us", "--bot", bot, "--file", str(path), "--bot-seed", "1")
    result = play(*args)
    assert result.exit_code == 0, result.output
    game = load_game(path)
    german = [e for e in game.log if e.seat == "german"]
    assert german  # the bot played the Wehrmacht's first phase before the prompt
    assert game.seats_to_act() == ["us"]
    out = result.stdout
    assert "#1 german: action\n" in out  # as the US log shows another seat's entry
    assert out.index("#1 german") < out.index("us> quit")
    again = play(*args)  # never over the game it started
    assert again.exit_code != 0
    assert "already exists: play it with `kriegsspiel play" in again.output


def test_the_bot_answers_the_player_s_actions(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(new_game("demo", seed="solo"), path)
    result = play(str(path), "--seat", "german", "--bot", "us=random", "--bot-seed", "3",
                  lines=("end-phase", "y", "quit"))  # fmt: skip
    assert result.exit_code == 0, result.output
    game = load_game(path)
    seats = [e.seat for e in game.log]
    assert seats[0] == "german"
    assert "us" in seats[1:]  # the bot took its turn after the player's
    assert "#2 us: action" in result.stdout


@pytest.mark.parametrize(
    ("bot", "problem"),
    [
        ("us=random", "error: --bot: us is your own seat (--seat)"),
        ("french=random", "error: --bot: 'french' is not a side of this game (sides: german, us)"),
        ("german", "error: --bot: give SEAT=BOT, such as german=search, not 'german'"),
        ("german=clever", "error: bot: unknown bot 'clever' (known: greedy, random, search)"),
    ],
)
def test_bad_bot_seats_are_one_error_line(tmp_path: Path, bot: str, problem: str) -> None:
    path = tmp_path / "g.json"
    save_game(new_game("demo", seed="solo"), path)
    before = path.read_bytes()
    result = play(str(path), "--seat", "us", "--bot", bot)
    assert result.exit_code != 0
    assert problem in result.output
    assert "Traceback" not in result.output
    assert path.read_bytes() == before
