"""What people read of a `waterborne` game: the clock counts initiatives, not turns (CF-INIT),
and names the sides by their names."""

from __future__ import annotations

import io

from rich.console import Console
from wat_helpers import ALLIES, AXIS, do, game_of, stand
from wat_pairs import bundled

from kriegsspiel.render.text import clock_text, render_view
from kriegsspiel.rulesets.waterborne import RULESET

NAMED = [{"id": ALLIES, "name": "the Allies"}, {"id": AXIS, "name": "the Axis"}]


def test_cf_init_the_clock_is_the_initiative_held_by_a_side_named() -> None:
    game = game_of([stand("sq", place="woods"), stand("g", AXIS)], sides=NAMED)
    assert clock_text(game.view(AXIS)) == "initiative 1: the Allies has the initiative"
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    assert clock_text(game.view("public")) == (
        "initiative 1: the Allies has the initiative; the Axis may answer the last move with "
        "reactive fire"
    )
    do(game, AXIS, {"action": "pass"})
    do(game, ALLIES, {"action": "end-initiative"})
    assert clock_text(game.view(ALLIES)) == "initiative 2: the Axis has the initiative"
    do(game, "umpire", {"action": "end-game"})
    assert clock_text(game.view(ALLIES)) == "initiative 2: the game is over"


def test_the_shown_view_says_initiative_never_turn() -> None:
    game = bundled()
    view = game.view("british")
    assert RULESET.clock(view) == "initiative 1: British Second Army has the initiative"
    text = io.StringIO()
    render_view(Console(file=text, width=200), view, RULESET.seats_to_act(game.state))
    shown = text.getvalue()
    assert "initiative 1: British Second Army has the initiative" in shown
    assert "turn" not in shown
    assert "british's" not in shown
