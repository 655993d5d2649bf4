"""`kriegsspiel play`: one seat's prompt, driven by scripted standard input (and its completion
function called directly), on the bundled scenarios with the game's seed or typed-in dice."""

from __future__ import annotations

import io
import random
import shlex
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, cast

import pytest
from click.testing import CliRunner, Result

from kriegsspiel.cli import cli
from kriegsspiel.cli_input import action_data
from kriegsspiel.cli_play import QUICK_PATHS, QUICK_SAMPLES, PlayShell, quick_odds, typed
from kriegsspiel.cli_show import show_text
from kriegsspiel.core.game import Game
from kriegsspiel.games import load_game, new_game, save_game
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, load_scenario

AnyGame = Game[Any, Any, Any, Any]
PREPARE = "prepare pioneer-1 bridge"


def _file(tmp_path: Path, scenario: str = "demo", name: str = "game.json") -> Path:
    path = tmp_path / name
    save_game(new_game(scenario, seed="play"), path)
    return path


def squashed(text: str) -> str:
    """Text with its wrapped lines joined, spaces single."""
    return " ".join(text.split())


def play(path: Path, seat: str, *lines: str) -> Result:
    return CliRunner().invoke(cli, ["play", str(path), "--seat", seat], input="\n".join(lines))


def test_play_shows_the_board_then_acts_as_act_does(tmp_path: Path) -> None:
    path, twin = _file(tmp_path), _file(tmp_path, name="twin.json")
    result = play(path, "german", PREPARE, "y", "quit")
    assert result.exit_code == 0, result.output
    out = result.stdout
    game = new_game("demo", seed="play")
    board = show_text(game.typed_view("german"), game.ruleset.seats_to_act(game.state))
    assert out.startswith(board)  # the board as `show` prints it
    assert "german> prepare pioneer-1 bridge\nodds (exact; rolls no dice):\n" in out
    assert "  1 (100.0%): pioneer-1 performs an engineering action; US Army may take" in out
    assert "take it? [y/n] y\n#1 german: prepare pioneer-1 bridge\n" in out
    assert "may act now: us (and the umpire)\ngerman> quit\n" in out
    act = CliRunner().invoke(cli, ["act", str(twin), "--seat", "german", *PREPARE.split()])
    assert act.exit_code == 0
    assert path.read_bytes() == twin.read_bytes()  # the very file `act` writes


def test_play_declined_or_refused_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = _file(tmp_path)
    before = path.read_bytes()
    out = play(path, "german", PREPARE, "n", "move pioneer-1 40,40", "quit").stdout
    assert "take it? [y/n] n\nnot taken\n" in out
    # refused before any odds or question, with its rule and reason
    assert (
        "german> move pioneer-1 40,40\n"
        'error: BF-MOVE: Pioniere 1 moves at most 6" per action, not 21.9317" (measured)\n'
        "german> quit\n"
    ) in out
    assert out.count("take it?") == 1
    assert path.read_bytes() == before


def test_play_odds_and_typed_dice(tmp_path: Path) -> None:
    """Alice's rifle squad fires with a 4 she rolled: the exact odds first, then the log."""
    path = _file(tmp_path)
    play(path, "german", PREPARE, "y")
    out = play(
        path, "us", "odds opportunity-fire rifle-1", "opportunity-fire rifle-1 --dice 4", "y"
    ).stdout
    assert out.count("odds (exact; rolls engineering.direct-fire):") == 2
    assert "  1/2 (50.0%): rifle-1 fires at pioneer-1: knocked-out;" in out
    assert "  1/10 (10.0%): rifle-1 fires at pioneer-1: no-effect\n" in out
    assert "engineering.direct-fire: rolled 4 +3 attack strength" in squashed(out)
    entry = load_game(path).log_view("us")[-1]
    assert entry["events"][0]["result"]["origin"] == "entered:us"


def test_play_checks_typed_dice_before_asking(tmp_path: Path) -> None:
    """Too few faces, too many, or faces a die cannot show: refused before the odds."""
    path = _file(tmp_path)
    play(path, "german", PREPARE, "y")
    before = path.read_bytes()
    out = play(path, "us", "pass --dice 3", "opportunity-fire rifle-1 --dice 11", "quit").stdout
    assert (
        "us> pass --dice 3\nerror: dice: 1 face(s) entered but not needed by this action\n" in out
    )
    assert "us> opportunity-fire rifle-1 --dice 11\nerror: dice:" in out
    assert "take it?" not in out
    assert path.read_bytes() == before
    crossing = _file(tmp_path, "waterborne", "crossing.json")
    play(crossing, "british", "move eng-1 south-bank", "y")
    out = play(crossing, "german", "reactive-fire g-sq-1 eng-1 --dice 6,5", "quit").stdout
    assert "error: --dice: too few faces: the roll waterborne.direct-fire (3d6) has none" in out


def test_play_commands(tmp_path: Path) -> None:
    path = _file(tmp_path)
    out = play(path, "german", "help", "actions", "", "log", "bogus", "odds").stdout
    assert "odds [--exact] ACTION [VALUES...]:" in out
    assert "undo [COUNT]: take back the last actions" in out
    assert f"{PREPARE}\n  Pioniere 1 prepares road bridge\n" in out  # as typed, then its label
    assert 'move pioneer-1 20,31\n  Pioniere 1 moves\n  to: up to 6" from 20,31\n' in out
    assert "error: bogus: neither an action nor a command" in out
    assert "error: odds: give an action, such as: odds end-phase" in out
    assert out.endswith("german> \n")  # the end of input ends the prompt


def test_play_undo_is_the_umpires(tmp_path: Path) -> None:
    path = _file(tmp_path)
    play(path, "german", PREPARE, "y")
    assert "error: UNDO: only the umpire seat may undo actions" in play(path, "us", "undo").stdout
    out = play(path, "umpire", "undo").stdout
    assert "umpire> undo\n#2 umpire: undo\n  undoes #1\n" in out
    assert [e["undone"] for e in load_game(path).log_view("umpire")] == [True, False]


def test_play_reads_the_file_again_when_another_seat_acts(tmp_path: Path) -> None:
    path = _file(tmp_path)
    out = io.StringIO()
    us = PlayShell(path, "us", io.StringIO(), out)
    us.onecmd("actions")
    assert "us has no action now" in out.getvalue()
    play(path, "german", PREPARE, "y")  # in another terminal
    us.onecmd("actions")
    assert "opportunity-fire rifle-1\n" in out.getvalue()


class _Meanwhile:
    """Standard input whose answer comes after `then` has run (another seat, meanwhile)."""

    def __init__(self, answer: str, then: Callable[[], object]) -> None:
        self.answer = answer
        self.then = then

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        self.then()
        return self.answer


def test_play_writes_nothing_when_the_file_changed_while_you_decided(tmp_path: Path) -> None:
    path = _file(tmp_path)
    play(path, "german", PREPARE, "y")
    umpire_undoes = lambda: play(path, "umpire", "undo")  # noqa: E731
    out = io.StringIO()
    us = PlayShell(path, "us", cast(IO[str], _Meanwhile("y\n", umpire_undoes)), out)
    us.onecmd("pass")
    said = " ".join(out.getvalue().split())  # however a long path wraps the line
    assert "take it? [y/n] y error: " in said
    assert "changed while you decided (another seat acted): nothing done" in said
    assert [e["kind"] for e in load_game(path).log_view("umpire")] == ["action", "undo"]


def test_completion_of_actions_units_and_targets(tmp_path: Path) -> None:
    shell = PlayShell(_file(tmp_path), "german", io.StringIO(), io.StringIO())
    assert shell.completenames("pr") == ["prepare "]
    assert shell.completenames("o") == ["odds "]
    assert shell.completedefault("pio", "prepare pio", 8, 11) == ["pioneer-1 ", "pioneer-2 "]
    assert shell.completedefault("", "prepare pioneer-1 ", 18, 18) == ["bridge ", "distance="]
    assert shell.completedefault("", "demolish pioneer-2 ", 19, 19) == ["culvert ", "charges="]
    assert shell.completedefault("to=", "move mg-team to=", 13, 16) == ["to=18,33 "]
    assert shell.complete_odds("em", "odds em", 5, 7) == ["emplace "]
    assert shell.complete_odds("", "odds emplace ", 13, 13) == [
        "mg-team ",
        "pioneer-1 ",
        "pioneer-2 ",
    ]


def test_completion_offers_every_target_of_a_domain(tmp_path: Path) -> None:
    """A firer's targets are one legal action with a domain of options: each is offered."""
    shell = PlayShell(_file(tmp_path, "waterborne"), "british", io.StringIO(), io.StringIO())
    fire = next(
        c for c in shell.choices() if c.action["action"] == "fire" and c.action["unit"] == "eng-1"
    )
    (domain,) = fire.domains
    assert len(domain.options) > 3
    targets = shell.completedefault("", "fire eng-1 ", 11, 11)
    assert targets == sorted(f"{t} " for t in {fire.action["target"], *domain.options})
    assert shell.completedefault("g-sq", "fire eng-1 g-sq", 11, 15) == [
        t for t in targets if t.startswith("g-sq")
    ]


@pytest.mark.parametrize("name", bundled_names())
def test_actions_typed_as_listed_are_the_actions_listed(name: str) -> None:
    """What `actions` prints (and Tab completes) types back into the very same action."""
    scenario = load_scenario(name)
    game: AnyGame = Game(RULESETS[scenario.ruleset], scenario, f"typed-{name}")
    rng = random.Random(name)
    for _ in range(20):
        seats = game.ruleset.seats_to_act(game.state)
        if not seats:
            break
        for seat in seats:
            for choice in game.legal_actions(seat):
                tag, *values = shlex.split(typed(game, choice.action))
                again = game.parse_action(action_data(game.ruleset, tag, values))
                assert again == game.parse_action(choice.action), typed(game, choice.action)
        seat = rng.choice(seats)
        action = game.random_action(seat, rng)
        if action is None:
            break
        game.act(seat, action)


def _big_tree() -> tuple[AnyGame, str, dict[str, Any]]:
    """The first action of a seeded abilities playout whose chance tree has more paths than
    `play` walks before confirming."""
    game: AnyGame = new_game("abilities", seed="big")
    rng = random.Random("big")
    while True:
        seat = rng.choice(game.ruleset.seats_to_act(game.state))
        action = game.random_action(seat, rng)
        assert action is not None
        if action["action"] == "fire" and game.odds(seat, action, budget=QUICK_PATHS).paths == 0:
            return game, seat, action
        game.act(seat, action)


def test_the_odds_before_a_confirm_are_quick() -> None:
    """Exact up to QUICK_PATHS paths; past them estimated from QUICK_SAMPLES seeded playouts
    (the same every time); `odds --exact` walks the whole tree, as `kriegsspiel odds`."""
    small = new_game("demo", seed="play")
    fire = {"action": "end-phase"}
    assert quick_odds(small, "german", fire) == small.odds("german", fire)
    game, seat, action = _big_tree()
    quick = quick_odds(game, seat, action)
    assert (quick.exact, quick.samples) == (False, QUICK_SAMPLES)
    assert quick == quick_odds(game, seat, action)
    exact = game.odds(seat, action)
    assert exact.exact
    assert exact.paths > QUICK_PATHS
    assert sum((o.probability or Fraction(0) for o in exact.outcomes), Fraction(0)) == 1
