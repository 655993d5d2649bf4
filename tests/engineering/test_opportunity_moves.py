"""BF-DEFAULT-OPFIRE: movement triggers opportunity fire (parent-games.md §1.2; a house default).

The rule's text (data/house_rules.toml, docs/engineering.md): after a unit's move (`move`,
`cross`, `breach`, `flail`, `lay-bobbin`, `follow-lane`) the enemy may take opportunity fire at
it where it stands, through the window of ENG-ACT-09 (each enemy unit with an attack strength
against it once, or pass); the result applies as any fire result and the move stands; a
disordered or knocked-out result closes the window; no window opens for a knocked-out unit or
when no enemy unit could fire; option `opportunity_fire_at_moves`.

German troops p1 (speed 6) at (0, 0); the US rifle squads r1 (T 3) and r2 (T 2) far off. The
Germans move first. Fire: d10 + strength; 4 or less none, 5-6 S, 7-8 D, 9+ KO.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from minekit import game as obstacle_game
from minekit import placed

from conftest import (
    GERMAN,
    US,
    EngGame,
    do,
    events_tagged,
    fire_face,
    game_of,
    refused,
    tags,
    unit,
)

MOVE: dict[str, Any] = {"action": "move", "unit": "p1", "to": [0, 3]}
PASS: dict[str, Any] = {"action": "pass"}


def table(*extra: dict[str, Any], options: dict[str, Any] | None = None) -> EngGame:
    return game_of(
        [
            unit("p1", GERMAN, position=(0, 0), speed=6),
            unit("r1", US, attack={"T": 3}, position=(0, 20)),
            unit("r2", US, attack={"T": 2}, position=(4, 20)),
            *extra,
        ],
        options=options,
    )


def opfire(uid: str) -> dict[str, Any]:
    return {"action": "opportunity-fire", "unit": uid}


def test_bf_default_opfire_a_move_opens_the_window_to_the_enemy() -> None:
    """BF-DEFAULT-OPFIRE: the move is made, then the US (only) may answer it: pass, or fire with
    each of its units that has a strength against troops."""
    game = table()
    entry = do(game, GERMAN, MOVE)
    assert tags(entry) == ["moved", "move-watched"]
    assert game.state.units["p1"].position == (0, 3)
    assert game.log_view(US)[-1]["events"][1]["text"] == (
        "us may take opportunity fire at p1, which moved (BF-DEFAULT-OPFIRE)"
    )
    assert game.ruleset.seats_to_act(game.state) == [US]
    assert game.view(US)["pending"] == {
        "unit": "p1",
        "what": "move",
        "awaiting": US,
        "fired": [],
        "cancelled": False,
    }
    offered = [(c.action["action"], c.action.get("unit")) for c in game.legal_actions(US)]
    assert offered == [("pass", None), ("opportunity-fire", "r1"), ("opportunity-fire", "r2")]
    assert game.legal_actions(GERMAN) == []


def test_bf_default_opfire_nothing_else_until_the_enemy_answers() -> None:
    """BF-DEFAULT-OPFIRE: the mover waits, refused before any die with the rule."""
    game = table()
    do(game, GERMAN, MOVE)
    violation = refused(game, GERMAN, {"action": "move", "unit": "p1", "to": [0, 4]})
    assert violation.rule == "BF-DEFAULT-OPFIRE"
    assert violation.reason == "p1's move awaits opportunity fire: us may fire or pass"
    assert refused(game, GERMAN, PASS).rule == "BF-DEFAULT-OPFIRE"  # only the US answers


def test_bf_default_opfire_exact_odds_and_the_result_where_it_stands() -> None:
    """BF-DEFAULT-OPFIRE: d10 + 3: none 1/10, suppressed 1/5, disordered 1/5, knocked out 1/2.
    A disorder applies to the unit where it moved; the move stands and the window closes."""
    game = table()
    do(game, GERMAN, MOVE)
    odds = {o.summary: o.probability for o in game.odds(US, opfire("r1")).outcomes}
    assert odds == {
        "r1 fires at p1: no-effect": Fraction(1, 10),
        "r1 fires at p1: suppressed": Fraction(1, 5),
        "r1 fires at p1: disordered; no more opportunity fire at p1's move": Fraction(1, 5),
        "r1 fires at p1: knocked-out; no more opportunity fire at p1's move": Fraction(1, 2),
    }
    entry = do(game, US, opfire("r1"), fire_face("disordered", 3))
    assert tags(entry) == ["opportunity-fire", "window-closed"]
    p1 = game.state.units["p1"]
    assert (p1.status, p1.position) == ("disordered", (0, 3))
    assert game.state.pending is None


def test_bf_default_opfire_each_enemy_unit_once_then_pass() -> None:
    """BF-DEFAULT-OPFIRE: a suppression leaves the window open to the others; a unit that fired
    cannot fire again at this move; the pass closes it and the mover goes on."""
    game = table()
    do(game, GERMAN, MOVE)
    do(game, US, opfire("r1"), fire_face("suppressed", 3))
    assert game.state.units["p1"].status == "suppressed"
    assert refused(game, US, opfire("r1")).rule == "BF-DEFAULT-OPFIRE"
    entry = do(game, US, PASS)
    assert [e["what"] for e in events_tagged(entry, "window-closed")] == ["move"]
    do(game, GERMAN, {"action": "emplace", "unit": "p1"})  # its second action


def test_bf_default_opfire_no_window_without_a_firer_or_with_the_option_off() -> None:
    """BF-DEFAULT-OPFIRE: a truck nobody can hit (no sV strength), or option false: no window."""
    truck = unit("t1", GERMAN, kind="soft-vehicle", position=(5, 0), speed=12)
    game = table(truck)
    assert tags(do(game, GERMAN, {"action": "move", "unit": "t1", "to": [5, 4]})) == ["moved"]
    off = table(options={"opportunity_fire_at_moves": False})
    assert tags(do(off, GERMAN, MOVE)) == ["moved"]


def test_bf_default_opfire_no_window_for_a_unit_knocked_out_on_the_way() -> None:
    """BF-DEFAULT-OPFIRE: troops knocked out in a minefield they walked into draw no fire."""
    game = obstacle_game(
        [
            unit("p1", GERMAN, position=(0, 3.8), speed=6),
            unit("r1", US, attack={"T": 3}, position=(0, 30)),
        ],
        minefields=[{**placed("f1", (0, 5)), "side": US, "known_to": [GERMAN]}],
    )
    entry = do(game, GERMAN, {"action": "move", "unit": "p1", "to": [0, 7]}, 1)
    assert game.state.units["p1"].status == "knocked-out"
    assert "move-watched" not in tags(entry)
    assert game.state.pending is None


def test_bf_default_opfire_after_a_breach_too() -> None:
    """BF-DEFAULT-OPFIRE: a breach action across wire is a move: the window opens after it."""
    game = obstacle_game(
        [
            unit("p1", GERMAN, position=(0, 3.9), speed=6),
            unit("r1", US, attack={"T": 3}, position=(0, 30)),
        ],
        wire=[placed("w1", (0, 5))],
    )
    entry = do(game, GERMAN, {"action": "breach", "unit": "p1", "obstacle": "w1"})
    assert tags(entry)[-1] == "move-watched"
    assert game.state.units["p1"].position == (0.0, 6.1)


def test_bf_default_opfire_after_a_crossing_of_a_minefield_too() -> None:
    """BF-DEFAULT-OPFIRE: an ordinary move through a minefield (`cross`): the passage roll, then
    the window, where the unit ends up."""
    game = obstacle_game(
        [
            unit("p1", GERMAN, position=(0, 3.8), speed=6),
            unit("r1", US, attack={"T": 3}, position=(0, 30)),
        ],
        minefields=[{**placed("f1", (0, 5)), "side": US, "known_to": [GERMAN]}],
    )
    entry = do(game, GERMAN, {"action": "cross", "unit": "p1", "obstacle": "f1"}, 10)
    assert tags(entry)[-1] == "move-watched"
    assert game.state.pending is not None


def test_bf_default_opfire_a_disorder_sinks_a_swimming_dd() -> None:
    """BF-DEFAULT-OPFIRE with ENG-FUNNY-07: opportunity fire that disorders a DD swimming after
    its move destroys it."""
    sea = {"id": "sea", "kind": "sea", "points": [[-20, -20], [20, -20], [20, 0], [-20, 0]]}
    game = obstacle_game(
        [
            unit("dd", GERMAN, kind="armoured-vehicle", traits=["dd"], position=(0, -8), speed=12),
            unit("at", US, kind="gun", attack={"V": 4}, position=(0, 20)),
        ],
        terrain=[sea],
    )
    do(game, GERMAN, {"action": "move", "unit": "dd", "to": [0, -4]})
    entry = do(game, US, opfire("at"), fire_face("disordered", 4))
    assert "dd-swamped" in tags(entry)
    assert game.state.units["dd"].status == "knocked-out"
