"""What each seat knows (`knowledge`): the enemy's Blinds' contents and reserves are not there
(CHQ-BLIND, CHQ-RESERVE), and no action lets a hidden unit's id reach the enemy's log."""

from __future__ import annotations

from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, order, refused, unit

from kriegsspiel.rulesets.abilities import RULESET
from kriegsspiel.rulesets.abilities.state import foreign_units, side_units


def _game() -> AblGame:
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10)),
            unit("g1", GERMAN, "german-grenadier-platoon", (19, 25), facing=180, blind="gb"),
            unit("stug", GERMAN, "german-stug-iii", (20, 47), facing=180, reserve=True),
            unit("mg", GERMAN, "german-mg-platoon", (40, 30), facing=180),
        ],
        blinds=[{"id": "gb", "side": GERMAN, "position": [20, 25]}],
    )
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    return game


def test_chq_blind_chq_reserve_the_enemy_knows_the_blind_not_what_it_holds() -> None:
    state = _game().state
    allied = RULESET.knowledge(state, ALLIES)
    assert set(allied.units) == {"jeep", "mg"}
    assert set(allied.specs) == set(allied.lines) == {"jeep", "mg"}
    assert {u.id for u in allied.scenario.units} == {"jeep", "mg"}
    assert set(allied.blinds) == {"gb"}
    assert allied.blind_units("gb") == []
    assert set(RULESET.knowledge(state, GERMAN).units) == set(state.units)
    assert set(RULESET.knowledge(state, "public").units) == {"jeep", "mg"}
    assert RULESET.knowledge(state, "umpire") is state


def test_chq_blind_a_unit_in_a_blind_is_ordered_through_its_blind() -> None:
    """Ordering the hidden unit itself would name it in everyone's log: order the Blind."""
    game = _game()
    action = {"action": "order", "commander": "g1", "dice": [4]}
    assert refused(game, GERMAN, action).rule == "CHQ-BLIND"
    order(game, GERMAN, "gb", [4])


def test_chq_cohesion_a_hidden_unit_dispersed_is_told_to_its_side_only() -> None:
    game = _game()
    do(game, "umpire", {"action": "set-unit", "unit": "g1", "dp": 3})
    assert game.state.units["g1"].dispersed
    assert "g1" not in str(game.log_view(ALLIES))
    assert "g1" in str(game.log_view(GERMAN))


def test_successive_states_share_what_a_seat_knows_of_the_units() -> None:
    """From one state to the next only the units' states change: the scenario, specs and lines
    a seat knows are made once per set of hidden units, and its sides' units listed once."""
    game = _game()
    before = RULESET.knowledge(game.state, ALLIES)
    do(game, "umpire", {"action": "set-unit", "unit": "mg", "suppressed": True})
    after = RULESET.knowledge(game.state, ALLIES)
    assert after.units["mg"].suppressed
    assert not before.units["mg"].suppressed
    assert after.scenario is before.scenario
    assert after.specs is before.specs
    assert after.lines is before.lines
    assert side_units(after, GERMAN) == foreign_units(after, ALLIES) == ("mg",)
    assert side_units(game.state, GERMAN) == ("g1", "stug", "mg")
    assert foreign_units(game.state, GERMAN) == side_units(game.state, ALLIES) == ("jeep",)
