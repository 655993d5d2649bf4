"""`kriegsspiel remote …`: the command acting on a served game through seat links."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from webgame import LiveServer

from kriegsspiel.cli import cli
from kriegsspiel.web import create_app


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(create_app(tmp_path_factory.mktemp("remote") / "games.db")) as running:
        yield running


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout + result.stderr


def seat_links(live: LiveServer) -> dict[str, str]:
    code, out = run("remote", "new", live.url, "demo")
    assert code == 0, out
    return {line.split()[0]: line.split()[1] for line in out.splitlines()}


def test_new_odds_act_show_log_and_undo(live: LiveServer) -> None:
    links = seat_links(live)
    assert set(links) == {"umpire", "german", "us", "public"}
    code, out = run("remote", "odds", links["german"], "demolish", "pioneer-2", "culvert")
    assert code == 0
    assert "9/10" in out
    assert "1/10" in out
    code, out = run("remote", "act", links["german"], "prepare", "pioneer-1", "bridge")
    assert code == 0
    assert "prepare bridge" in out
    code, out = run("remote", "show", links["us"])
    assert code == 0
    assert "road bridge" not in out  # the demolition being prepared is secret from the US
    assert "prepare:bridge" not in out
    code, out = run("remote", "log", links["us"])
    assert "performs an engineering action" in out
    code, out = run("remote", "undo", links["us"])
    assert (code, out.strip()) == (2, "error: UNDO: only the umpire seat may undo actions")
    code, out = run("remote", "undo", links["umpire"])
    assert code == 0
    assert "undoes #1" in out


def test_a_bad_link_or_dice_is_one_line(live: LiveServer) -> None:
    links = seat_links(live)
    code, out = run("remote", "show", f"{live.url}/play/not-a-token")
    assert code == 2
    assert out.count("\n") == 1
    assert out.startswith("error: ")
    code, out = run("remote", "act", links["us"], "pass", "--dice", "x")
    assert (code, out.strip()) == (
        2,
        "error: dice: faces must be whole numbers separated by commas, such as 3,7 (got 'x')",
    )


def test_serve_is_a_command(tmp_path: Path) -> None:
    code, out = run("serve", "--help")
    assert code == 0
    assert "--db" in out
    assert "--demo" in out
