"""Validate, then roll: no waterborne action is refused once a die is rolled.

Every rule that can refuse an action is checked before its first roll, so any face typed in
for a legal action is accepted and logged: a player cannot type 6, 5, 4, … until a result
suits. `Game.odds` runs the action down every path of its chance tree, and the engine turns a
refusal after a roll (or one on facts hidden from the seat) into an EngineFault, so walking
the odds of every listed action finds any such refusal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from wat_helpers import ALLIES, AXIS, boat, do, end, game_of, stand
from wat_pairs import bundled

from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.store import files


def _copy(game: Any) -> Any:
    return files.loads(files.dumps(game))


@pytest.mark.parametrize(
    ("craft", "action"),
    [
        (boat("b"), {"action": "move-craft", "craft": "b", "square": [0, 1]}),
        (boat("b", "oared-boat"), {"action": "move-craft", "craft": "b", "square": [0, 1]}),
        (boat("b", square=[0, 1]), {"action": "move-craft", "craft": "b", "land": "north"}),
    ],
    ids=["storm boat, drifting off the table", "oared boat, foundering", "landing"],
)
def test_wat_move_05_every_face_typed_for_a_craft_move_is_accepted(
    craft: dict[str, Any], action: dict[str, Any]
) -> None:
    """WAT-MOVE-02, -05..07: the destination is declared and checked, then the d6 decides
    where the craft ends (or that it is lost); no face is refused."""
    game = game_of([stand("sq", aboard="b")], [craft])
    outcomes = set()
    for face in (6, 5, 4, 3, 2, 1):
        played = _copy(game)
        entry = played.act(ALLIES, action, EnteredDice([face], ALLIES))
        assert entry.records, face
        outcomes.add(played.log_view(ALLIES)[-1]["outcome"])
    assert len(outcomes) >= 4


def test_cf_fire_every_face_typed_for_fire_and_its_consequences_is_accepted() -> None:
    """CF-FIRE, CF-INIT, WAT-PONTOON-06: a fire that fails passes the initiative and rolls the
    pontoon attempt in the same action; every number of hits is accepted."""
    sites = [{"id": "fy", "side": ALLIES, "kind": "ferry", "bank": "south", "column": 2}]
    units = [stand("e", kind="engineer", place="fy"), stand("sq"), stand("g", AXIS)]
    game = game_of(units, [], sites=sites)
    do(game, ALLIES, {"action": "work", "site": "fy"})
    fire = {"action": "fire", "unit": "sq", "target": "g"}
    for faces in ([6, 6, 6], [6, 6, 1], [6, 1, 1, 4], [1, 1, 1, 1], [1, 1, 1, 6]):
        played = _copy(game)
        played.act(ALLIES, fire, EnteredDice(faces, ALLIES))


def _walk_every_listed_action(game: Any, seats: list[str]) -> int:
    """Each entry's action, and it with every option of its choice domains."""
    walked = 0
    for seat in seats:
        for choice in game.legal_actions(seat):
            actions = [choice.action] + [
                {**choice.action, d.param: option} for d in choice.domains for option in d.options
            ]
            for action in actions:
                game.odds(seat, action)  # an EngineFault here is a refusal after a roll
                walked += 1
    return walked


def test_no_listed_action_is_refused_on_any_path_of_its_chance_tree() -> None:
    """Seeded random play of the Hollenhof crossing: at every step, the odds of every action
    listed for the acting side and the umpire are walked to the end of every path."""
    game = bundled()
    rng = random.Random(11)
    walked = 0
    for _ in range(8):
        seats = ["umpire", *game.ruleset.seats_to_act(game.state)]
        walked += _walk_every_listed_action(game, seats)
        seat = rng.choice(seats[1:] or seats)
        choices = [c for c in game.legal_actions(seat) if c.action["action"] != "set-status"]
        by_kind: dict[str, list[Any]] = {}
        for choice in choices:
            by_kind.setdefault(choice.action["action"], []).append(choice)
        kind = rng.choice(sorted(by_kind))
        game.act(seat, rng.choice(by_kind[kind]).action)
    assert walked > 800


def test_a_test_river_game_walks_clean_too() -> None:
    """The same over a small river with craft in the water, on a bank, a bridge and a ferry."""
    sites = [
        {"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 0, "built": 99},
        {"id": "fy", "side": ALLIES, "kind": "ferry", "bank": "south", "column": 2},
    ]
    units = [
        stand("e", kind="engineer", place="fy"),
        stand("sq", place="br"),
        stand("p1", aboard="b1"),
        stand("p2", aboard="buf"),
        stand("g", AXIS, place="north"),
        stand("gm", AXIS, "mortar", calibre=81, traits=["indirect"], eff=2, place="village"),
        stand("gh", AXIS, "hmg", place="village", hidden=True),
    ]
    craft = [boat("b1"), boat("buf", "buffalo", land="south", column=1)]
    game = game_of(units, craft, sites=sites)
    assert _walk_every_listed_action(game, ["umpire", ALLIES]) > 50
    end(game)
    assert _walk_every_listed_action(game, ["umpire", AXIS, ALLIES]) > 50
