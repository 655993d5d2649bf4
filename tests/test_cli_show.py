"""`kriegsspiel show` over every ruleset: the text fits an 80-column terminal with no word broken,
long names included, and tells no seat anything its view does not (no secret reaches it).

Each ruleset's own tests check what its text says (tests/*/test_*_show.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from kriegsspiel.cli import cli
from kriegsspiel.cli_show import show_text
from kriegsspiel.core.game import Game
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.secrecy import mentions
from kriegsspiel.core.views import ViewHeader
from kriegsspiel.games import new_game, save_game
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, load_scenario
from showtext import shown, titles

AnyGame = Game[Any, Any, Any, Any]
STEPS = 40
EVERY = 8  # steps between two looks


def _playout(name: str) -> Iterator[AnyGame]:
    scenario = load_scenario(name)
    game: AnyGame = Game(RULESETS[scenario.ruleset], scenario, f"show-{name}")
    rng = random.Random(name)
    for step in range(STEPS):
        if step % EVERY == 0:
            yield game
        seats = game.ruleset.seats_to_act(game.state)
        action = game.random_action(rng.choice(seats), rng) if seats else None
        if action is None:
            break
        game.act(next(s for s in seats if game.is_legal(s, action)), action)
    yield game


@pytest.mark.parametrize("name", bundled_names())
def test_show_fits_80_columns_and_keeps_secrets(name: str) -> None:
    for game in _playout(name):
        for seat in game.seats:
            assert titles(shown(game, seat))  # fits, no word broken; some table shown
            if seat == UMPIRE:
                continue
            text = show_text(game.typed_view(seat), width=10_000)  # unwrapped
            leaks = [s for s in game.ruleset.secrets(game.state, seat) if mentions(text, s)]
            assert not leaks, (seat, leaks)


LONG = "Oberleutnant Hyazinth Graf Strachwitz von Gross-Zauche und Camminetz"


@pytest.mark.parametrize("name", bundled_names())
def test_long_names_wrap_within_the_width(name: str) -> None:
    scenario = load_scenario(name)
    units = tuple(
        msgspec.structs.replace(u, name=f"{LONG} ({u.name or u.id}) der {i}. Kompanie")
        for i, u in enumerate(scenario.units)
    )
    game: AnyGame = Game(RULESETS[scenario.ruleset], msgspec.structs.replace(scenario, units=units))
    for seat in game.seats:
        for width in (80, 100):
            shown(game, seat, width)


def test_the_command_prints_the_text(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = new_game("afv", seed="show")
    save_game(game, path)
    result = CliRunner().invoke(cli, ["show", str(path), "--seat", "us"])
    assert result.exit_code == 0, result.output
    view = show_text(game.typed_view("us"), ["us", "german"])
    assert result.stdout == view + "score: US 2nd Platoon, Company B 0, Kampfgruppe Vogt 2\n"
    assert max(map(len, result.stdout.splitlines())) <= 80


class _Unknown(ViewHeader, frozen=True, kw_only=True):
    units: list[dict[str, str]]


def test_a_view_it_does_not_know_is_shown_as_generic_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from kriegsspiel.cli_show import echo_show

    view = _Unknown(
        ruleset="toy",
        seat="red",
        title="Toy",
        turn=1,
        phasing=None,
        phase="setup",
        acting=None,
        over=False,
        sides=[],
        options={},
        units=[{"id": "tank-1", "status": "ok"}],
    )
    echo_show(view, ["red"])
    out = capsys.readouterr().out
    assert "Toy, as seen by red" in out
    assert "tank-1" in out
