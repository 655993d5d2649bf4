"""Commitments to the enemy units still hidden (CF-HIDDEN): committed to the other side and the
public display from the start, opened when the umpire reveals one."""

from __future__ import annotations

from wat_pairs import HIDDEN_MG, bundled

from commitkit import kept, matches, opened, tampered


def test_cf_hidden_a_hidden_unit_is_committed_from_the_start_and_opened_when_revealed() -> None:
    game = bundled()
    assert sorted(game.ruleset.hidden_things(game.state, "british")) == [f"hidden:{HIDDEN_MG}"]
    assert game.ruleset.hidden_things(game.state, "german") == {}
    at_start = {seat: kept(game, seat) for seat in ("british", "public")}
    game.act("umpire", {"action": "reveal", "unit": HIDDEN_MG})
    for seat in ("british", "public"):
        [(n, slot, content)] = opened(game, seat)
        assert n == game.log_length(seat) == 1
        assert slot.startswith("0.")
        assert content == {
            "kind": "hidden unit",
            "label": "Hidden hmg at village",
            "side": "german",
            "unit": HIDDEN_MG,
            "name": "MG 42 (village)",
            "type": "hmg",
            "place": "village",
            "aboard": None,
        }
        [opening] = game.opened(seat)
        assert matches(opening, at_start[seat])
        assert not matches(tampered(opening, '"village"', '"dyke"'), at_start[seat])
    assert game.opened("german") == []


def test_cf_hidden_an_undone_reveal_leaves_the_opening_and_commits_nothing_again() -> None:
    """What the British were shown stays shown when the umpire takes the reveal back; the unit
    hidden again is not committed to anew (they know it), and the undo's own slot is a blank."""
    game = bundled()
    game.act("umpire", {"action": "reveal", "unit": HIDDEN_MG})
    game.undo("umpire")
    assert f"hidden:{HIDDEN_MG}" in game.ruleset.hidden_things(game.state, "british")
    assert [o["n"] for o in game.opened("british")] == [1]
    [undo] = [o for o in game.openings("british") if o["n"] == 2]
    assert [t["content"] for t in undo["things"]] == ["null"]
