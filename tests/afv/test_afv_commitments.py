"""afv hides no placed thing (docs/web.md "Verifiable secrets"): what it keeps from a side changes
turn by turn and is covered by the entries' commitments, so every slot a seat is sent is a blank."""

from __future__ import annotations

from kriegsspiel import new_game
from kriegsspiel.core.commitments import BLANK


def test_afv_commits_to_no_hidden_thing_and_sends_blanks_in_the_same_shape() -> None:
    game = new_game("afv", seed="commit")
    for seat in game.seats:
        assert game.ruleset.hidden_things(game.state, seat) == {}
        [start] = game.openings(seat)
        assert [t["content"] for t in start["things"]] == [BLANK] * 8
        assert game.opened(seat) == []
