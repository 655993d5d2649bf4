"""What `kriegsspiel show` prints: what a seat plays with, read from the fields of its ruleset's
typed view (`Game.typed_view`) and nothing else, laid out to fit the terminal (`cli_tables`);
each ruleset's tables are built by its module of `kriegsspiel.show`, imported when first shown.

afv: every AFV's place, hull and turret bearing, speed and motion, open hatches and state, and
for the seat's own its crew by position, ammunition by type with the round loaded and its MGs;
the deck and the card. abilities: Command Dice, the activation and its Command Group, Fire
markers, Disruption Points, a declared attack with its pending Break-off answers, statlines and
Blinds. waterborne: the initiative, reactive fire, stands and craft with No Fire markers and
passengers, pontoon sites. engineering: units, tasks, demolitions, and where every engineering
feature is. Units are listed side by side, the seat's own side first.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from kriegsspiel.cli_tables import WIDTH, Block, Para, render
from kriegsspiel.core.game import Game
from kriegsspiel.core.views import ViewHeader, view_data
from kriegsspiel.render.text import console, render_view, to_act_text
from kriegsspiel.show.cells import heading

MODULES = {  # a ruleset's `show` module, imported when one of its views is shown
    "afv": "kriegsspiel.show.afv",
    "abilities": "kriegsspiel.show.abilities",
    "waterborne": "kriegsspiel.show.waterborne",
    "engineering": "kriegsspiel.show.engineering",
}


def _blocks(view: ViewHeader) -> Callable[[Any], list[Block]] | None:
    name = MODULES.get(view.ruleset)
    if name is None:
        return None
    module = importlib.import_module(name)
    found: Callable[[Any], list[Block]] = module.blocks
    return found if type(view) is module.VIEW else None


def shows(view: ViewHeader) -> bool:
    """Whether `show` knows how to show the view's ruleset."""
    return _blocks(view) is not None


def show_blocks(view: ViewHeader, to_act: Sequence[str] | None = None) -> list[Block]:
    """The paragraphs and tables of the seat's view, then who may act now."""
    found = _blocks(view)
    assert found is not None, view.ruleset
    blocks = [*heading(view), *found(view)]
    if to_act is not None:
        blocks.append(Para(to_act_text(to_act)))
    return blocks


def show_text(view: ViewHeader, to_act: Sequence[str] | None = None, width: int = WIDTH) -> str:
    """The seat's view as text `width` columns wide, then who may act now."""
    return render(show_blocks(view, to_act), width)


def standing_text(game: Game[Any, Any, Any, Any], seat: str) -> str:
    """The score as `seat` knows it, or once the game is over its result with the reasons
    (docs/victory.md): the lines `show` and `play` print after the view."""
    result = game.result(seat)
    if result is None:
        points = game.scores(seat)
        board = ", ".join(f"{game.scenario.side_name(s)} {points[s]}" for s in points)
        return f"score: {board}\n"
    lines = [f"game over: {result.reasons[-1]}", *(f"  - {r}" for r in result.reasons[:-1])]
    return "\n".join(lines) + "\n"


def echo_show(view: ViewHeader, to_act: Sequence[str]) -> None:
    """`show`'s text, as wide as the terminal (80 columns when piped); the generic tables for
    a ruleset this module does not know."""
    if not shows(view):
        render_view(console(), view_data(view), to_act)
        return
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else WIDTH
    click.echo(show_text(view, to_act, width), nl=False)
