"""Crossfire's initiative as these rules need it: CF-INIT, CF-REACT, CF-NOFIRE, CF-HIDDEN,
CF-DEFAULT-RALLY, SEATS."""

from __future__ import annotations

import json
from typing import Any

import pytest
from wat_helpers import ALLIES, AXIS, do, end, events, game_of, hits, refused, stand, status

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.waterborne import RULESET


def test_cf_init_the_phasing_side_acts_until_it_ends_its_initiative() -> None:
    game = game_of([stand("sq"), stand("g", AXIS)])
    assert RULESET.seats_to_act(game.state) == [ALLIES]
    assert refused(game, AXIS, {"action": "move", "unit": "g", "to": "village"}).rule == "CF-INIT"
    assert refused(game, AXIS, {"action": "end-initiative"}).rule == "CF-INIT"
    entry = end(game)
    assert entry.records[-1].event.initiative == 2
    assert (game.state.phasing, RULESET.seats_to_act(game.state)) == (AXIS, [AXIS])


def test_cf_init_fire_that_fails_to_suppress_or_kill_ends_the_initiative() -> None:
    game = game_of([stand("r1"), stand("r2"), stand("g", AXIS)])
    do(game, ALLIES, {"action": "fire", "unit": "r1", "target": "g"}, *hits(2, 3))
    assert game.state.phasing == ALLIES  # suppressed: success
    entry = do(game, ALLIES, {"action": "fire", "unit": "r2", "target": "g"}, *hits(0, 3))
    assert events(entry)[-1] == "InitiativePassed"
    assert game.state.phasing == AXIS


def test_cf_react_a_mover_suppressed_by_reactive_fire_loses_the_initiative() -> None:
    """CF-REACT: the phasing side waits while the move may be answered; the other side fires
    or passes; suppressing the mover takes the initiative."""
    game = game_of([stand("sq", place="woods"), stand("sq2"), stand("mg", AXIS, "hmg")])
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    assert RULESET.seats_to_act(game.state) == [AXIS]
    assert game.view(ALLIES)["units"][0]["moving"]
    err = refused(game, ALLIES, {"action": "move", "unit": "sq2", "to": "woods"})
    assert err.rule == "CF-REACT"
    assert refused(game, ALLIES, {"action": "pass"}).rule == "CF-REACT"
    do(game, AXIS, {"action": "reactive-fire", "unit": "mg", "target": "sq"}, *hits(2, 4))
    assert status(game, "sq") == "suppressed"
    assert game.state.phasing == AXIS
    assert game.state.window is None


def test_cf_react_pass_lets_the_move_stand() -> None:
    game = game_of([stand("sq", place="woods"), stand("mg", AXIS, "hmg")])
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    do(game, AXIS, {"action": "pass"})
    assert game.state.window is None
    assert game.state.phasing == ALLIES
    assert refused(game, AXIS, {"action": "pass"}).rule == "CF-REACT"


def test_cf_nofire_a_failed_reactive_shot_marks_the_firer_until_its_initiative() -> None:
    """CF-NOFIRE: reactive fire that fails to suppress or kill earns a No Fire marker, removed
    when the firer's side gets the initiative."""
    game = game_of([stand("sq", place="woods"), stand("rifles", AXIS)])
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    do(game, AXIS, {"action": "reactive-fire", "unit": "rifles", "target": "sq"}, *hits(1, 3))
    assert game.state.units["rifles"].no_fire
    assert status(game, "sq") == "pinned"
    assert game.state.phasing == ALLIES  # a pin does not take the initiative
    err = refused(game, AXIS, {"action": "reactive-fire", "unit": "rifles", "target": "sq"})
    assert err.rule == "CF-NOFIRE"
    do(game, AXIS, {"action": "pass"})
    end(game)
    assert not game.state.units["rifles"].no_fire


def test_cf_default_rally_success_and_failure() -> None:
    """CF-DEFAULT-RALLY (house): d6, 4+; a failed rally ends the initiative (CF-INIT)."""
    game = game_of([stand("sq"), stand("g", AXIS)])
    do(game, "umpire", {"action": "set-status", "unit": "sq", "status": "suppressed"})
    assert refused(game, ALLIES, {"action": "move", "unit": "sq", "to": "woods"}).rule == (
        "CF-STATUS"
    )
    do(game, ALLIES, {"action": "rally", "unit": "sq"}, 4)
    assert status(game, "sq") == "ok"
    assert game.state.phasing == ALLIES
    do(game, "umpire", {"action": "set-status", "unit": "sq", "status": "pinned"})
    do(game, ALLIES, {"action": "rally", "unit": "sq"}, 3)
    assert status(game, "sq") == "pinned"
    assert game.state.phasing == AXIS
    assert refused(game, AXIS, {"action": "rally", "unit": "g"}).rule == "CF-DEFAULT-RALLY"


def test_game_ends_after_the_scenarios_initiatives() -> None:
    """The last initiative ends the game: no initiative beyond it is announced or begun."""
    game = game_of([stand("sq")], initiatives=2)
    end(game)
    entry = end(game)
    assert events(entry) == ["GameEnded"]
    assert entry.records[0].event.text() == "the game ends with initiative 2"
    assert game.state.initiative == 2
    assert RULESET.seats_to_act(game.state) == []
    assert refused(game, ALLIES, {"action": "end-initiative"}).rule == "GAME-OVER"


def test_seats_only_the_owner_orders_and_the_public_never_acts() -> None:
    game = game_of([stand("sq"), stand("g", AXIS)])
    assert refused(game, AXIS, {"action": "reactive-fire", "unit": "sq", "target": "g"}).rule == (
        "SEATS"
    )
    assert refused(game, "public", {"action": "end-initiative"}).rule == "SEATS"
    assert refused(game, ALLIES, {"action": "end-game"}).rule == "SEATS-UMPIRE"


# -- CF-HIDDEN: the secrets of this ruleset -------------------------------------------------------


def hidden_game() -> Any:
    return game_of([stand("sq", place="woods"), stand("ghost", AXIS, "hmg", hidden=True)])


def test_cf_hidden_a_hidden_unit_is_unknown_to_the_enemy() -> None:
    """CF-HIDDEN: absent from the enemy's and the public view; addressing it reads exactly like
    addressing a unit that does not exist."""
    game = hidden_game()
    for seat in (ALLIES, "public"):
        assert "ghost" not in json.dumps(game.view(seat))
    assert "ghost" in json.dumps(game.view(AXIS))
    messages = []
    for target in ("ghost", "nobody"):
        with pytest.raises(InputError) as info:
            game.act(ALLIES, {"action": "fire", "unit": "sq", "target": target})
        messages.append(str(info.value).replace(target, "X"))
    assert messages[0] == messages[1]
    offered = game.legal_actions(ALLIES)
    targets = {c.action.get("target") for c in offered}
    targets |= {o for c in offered for d in c.domains if d.param == "target" for o in d.options}
    assert "ghost" not in targets


def test_cf_hidden_firing_reveals_it_and_the_log_stays_clean_before() -> None:
    game = hidden_game()
    do(game, "umpire", {"action": "set-status", "unit": "ghost", "status": "pinned"})
    assert "ghost" not in json.dumps(game.log_view(ALLIES))
    assert "ghost" in json.dumps(game.log_view(AXIS))
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    entry = do(game, AXIS, {"action": "reactive-fire", "unit": "ghost", "target": "sq"},
               *hits(0, 4))  # fmt: skip
    assert events(entry)[0] == "Revealed"
    assert "ghost" in json.dumps(game.view(ALLIES))


def test_cf_hidden_the_umpire_reveals_a_spotted_unit() -> None:
    game = hidden_game()
    do(game, "umpire", {"action": "reveal", "unit": "ghost"})
    assert "ghost" in json.dumps(game.view("public"))
    assert refused(game, "umpire", {"action": "reveal", "unit": "ghost"}).rule == "CF-HIDDEN"


def test_cf_move_feature_to_feature() -> None:
    """CF-MOVE: a move goes to a terrain feature next to the stand's, any number of times."""
    game = game_of([stand("sq", place="woods"), stand("g", AXIS)])
    assert refused(game, ALLIES, {"action": "move", "unit": "sq", "to": "village"}).rule == (
        "CF-MOVE"
    )
    for to in ("south", "woods"):
        do(game, ALLIES, {"action": "move", "unit": "sq", "to": to})
        do(game, AXIS, {"action": "pass"})
    assert game.state.units["sq"].place == "woods"


def test_cf_hidden_a_failed_rally_does_not_name_the_hidden_unit() -> None:
    game = hidden_game()
    end(game)
    do(game, "umpire", {"action": "set-status", "unit": "ghost", "status": "pinned"})
    do(game, AXIS, {"action": "rally", "unit": "ghost"}, 1)
    assert game.state.phasing == ALLIES
    assert "ghost" not in json.dumps(game.log_view(ALLIES))
    assert "ghost" not in json.dumps(game.view(ALLIES))
