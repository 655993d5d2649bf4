"""`Game.legal_actions` lists every action a seat may take (CHQ-TURN, CHQ-CHAIN, CHQ-GROUP,
CHQ-OPFIRE, ABL-BREAK-01 …): a brute force over every action type, every unit, Blind and
target id and parameter values from the domains finds no legal action that no listed choice
covers (a choice covers its action with any option of each of its choice domains); each choice
names its units by their display names."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from abl_helpers import ALLIES, GERMAN, AblGame, begin, do, game_of, move, order, refused, unit

from kriegsspiel.core.choices import Choice

CONTINUOUS = ("to", "facing", "distance")  # parameters a choice gives as a domain


def _game() -> AblGame:
    return game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (20, 10), name="Recon Jeep"),
            unit("rifle", ALLIES, "british-rifle-platoon", (24, 10), name="1 Platoon"),
            unit("gun", ALLIES, "us-57mm-at-gun", (20, 7), limbered=True, name="57mm"),
            unit("inside", ALLIES, "british-rifle-platoon", (22, 13), blind="ab"),
            unit("mg", GERMAN, "german-mg-platoon", (22, 22), facing=180, name="MG Platoon"),
            unit("panzer", GERMAN, "german-panzer-iv", (30, 22), facing=180, name="Panzer IV"),
            unit("gren", GERMAN, "german-grenadier-platoon", (18, 26), facing=180, blind="gb"),
            unit("stug", GERMAN, "german-stug-iii", (20, 46), facing=180, reserve=True),
        ],
        blinds=[
            {"id": "ab", "side": ALLIES, "position": [22, 13], "name": "Allied Blind"},
            {"id": "gb", "side": GERMAN, "position": [18, 26], "name": "Blind G"},
        ],
    )


def _command() -> AblGame:
    return _game()


def _pulse() -> AblGame:
    game = _game()
    begin(game, (6, 4, 4, 3, 2), (5, 5, 3, 2, 2))
    return game


def _activation() -> AblGame:
    game = _pulse()
    order(game, ALLIES, "rifle", [4, 4], group="jeep,ab,gun")
    return game


def _window() -> AblGame:
    game = _activation()
    move(game, ALLIES, "jeep", (20, 12))
    return game


def _spent() -> AblGame:
    """The jeep's two Fixed Moves spent (CHQ-MOVE): only Variable Moves are left to it."""
    game = _window()
    do(game, GERMAN, {"action": "pass"})
    move(game, ALLIES, "jeep", (20, 13), part="fixed")
    while game.state.window is not None:
        do(game, GERMAN, {"action": "pass"})
    return game


def _attack() -> AblGame:
    game = _game()
    begin(game, (5, 5, 3, 2, 2), (6, 4, 4, 3, 2))
    order(game, GERMAN, "mg", [4])
    do(game, GERMAN, {"action": "fire", "unit": "mg", "target": "jeep"})
    return game


STATES = {
    "command": _command,
    "pulse": _pulse,
    "activation": _activation,
    "window": _window,
    "spent": _spent,
    "attack": _attack,
}


def _chains(game: AblGame) -> set[tuple[tuple[int, ...], int]]:
    """Up to three of either side's Command Dice (and a 5 and a 6 besides), 0 or 1 wild."""
    out = set()
    for side in game.state.sides:
        have = (*game.state.command[side].dice, 5, 6)
        for size in range(4):
            for dice in itertools.combinations(sorted(have), size):
                for wild in (0, 1):
                    if size + wild:
                        out.add((dice, wild))
    return out


def _brute(game: AblGame) -> Iterator[dict[str, Any]]:
    """Every action type with every id and a grid of parameter values."""
    state = game.state
    units, blinds = list(state.units), list(state.blinds)
    ids = units + blinds
    for side in state.sides:
        yield {"action": "roll-command", "side": side}
    yield {"action": "end-pulse"}
    yield {"action": "pass"}
    chains = sorted(_chains(game))
    for dice, wild in chains:
        yield {"action": "discard", "dice": list(dice), "wild": wild}
        for u in units:
            yield {"action": "remove-suppression", "unit": u, "dice": list(dice), "wild": wild}
        for commander in ids:
            yield {"action": "order", "commander": commander, "dice": list(dice), "wild": wild}
    # which chain and which group are checked apart (CHQ-CHAIN, CHQ-GROUP): every group of
    # up to three others, with a single and a double chain
    for commander in ids:
        others = [i for i in ids if i != commander]
        for size in range(1, 4):
            for group in itertools.combinations(others, size):
                for dice in ((4,), (4, 4)):
                    yield {
                        "action": "order",
                        "commander": commander,
                        "dice": list(dice),
                        "group": ",".join(group),
                    }
    for b in blinds:
        yield {"action": "deploy", "blind": b}
    for u in ids:
        for part in ("normal", "fixed", "variable"):
            yield {"action": "move", "unit": u, "to": list(state.where(u)), "part": part}
        yield {"action": "pivot", "unit": u, "facing": 90.0}
        for kind in ("rally", "limber", "unlimber", "hold"):
            yield {"action": kind, "unit": u}
        yield {"action": "break-off", "unit": u}
        for t in ids:
            yield {"action": "assault", "unit": u, "target": t}
            yield {"action": "spot", "unit": u, "blind": t}
            for wild in (0, 1):
                yield {"action": "fire", "unit": u, "target": t, "wild": wild}
        for pair in itertools.combinations(units, 2):
            yield {"action": "fire", "unit": u, "target": ",".join(pair)}


def _key(action: dict[str, Any]) -> tuple[Any, ...]:
    """The discrete fields of an action, sets where the order does not matter."""
    out = []
    for name, value in sorted(action.items()):
        if name in CONTINUOUS:
            continue
        if name in ("group", "target") and isinstance(value, str):
            value = frozenset(v for v in value.split(",") if v)
        elif isinstance(value, list | tuple):
            value = tuple(sorted(value))
        out.append((name, value))
    return tuple(out)


@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("seat", [ALLIES, GERMAN, "umpire"])
def test_chq_turn_every_legal_action_is_listed(name: str, seat: str) -> None:
    game = STATES[name]()
    listed = {_key(_plain(game, a)) for c in game.legal_actions(seat) for a in _covered(c)}
    legal = [a for a in _brute(game) if game.is_legal(seat, a)]
    if seat == "umpire" or seat in game.ruleset.seats_to_act(game.state):
        assert legal  # the brute force does reach the actions of a seat that may act
    missing = [a for a in legal if _key(_plain(game, a)) not in listed]
    assert not missing, missing[:5]


def _covered(choice: Choice) -> Iterator[dict[str, Any]]:
    """The choice's action with each combination of its choice domains' options."""
    discrete = [d for d in choice.domains if d.kind == "choice"]
    for values in itertools.product(*(d.options for d in discrete)):
        yield {**choice.action, **{d.param: v for d, v in zip(discrete, values, strict=True)}}


def _plain(game: AblGame, action: dict[str, Any]) -> dict[str, Any]:
    """The action with its defaults filled in, as a listed choice gives it."""
    data = msgspec.to_builtins(game.parse_action(action))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("name", list(STATES))
def test_every_sampled_choice_is_legal(name: str) -> None:
    """A choice's domains hold only legal values (`Choice.sample` draws from them)."""
    game = STATES[name]()
    rng = random.Random(7)
    for seat in (ALLIES, GERMAN, "umpire"):
        for choice in game.legal_actions(seat):
            for _ in range(5):
                assert game.is_legal(seat, choice.sample(rng)), choice.label


def test_labels_name_units_and_blinds_by_their_display_names() -> None:
    labels = {c.label for c in _activation().legal_actions(ALLIES)}
    assert "Recon Jeep fires at MG Platoon" in labels
    assert "Recon Jeep tries to spot Blind G" in labels
    assert "inside (in Allied Blind) tries to spot Blind G" in labels
    assert "Allied Blind deploys, revealing its units" in labels
    assert "57mm unlimbers" in labels
    pulse = {c.label: c for c in _pulse().legal_actions(ALLIES)}
    rifle = pulse["1 Platoon is activated with an Order Chain"]
    dice, group, wild = (d.labels for d in rifle.domains)
    assert "a double Order Chain [4, 4]" in dice
    assert "commanding Recon Jeep" in group
    assert wild == ("no wild dice",)  # CHQ-WILD: the number is the entry's, told in words
    assert "on its own" in pulse["Allied Blind is activated with an Order Chain"].domains[1].labels
    window = {c.label for c in _window().legal_actions(GERMAN)}
    assert "MG Platoon takes opportunity fire at Recon Jeep" in window
    attack = {c.label for c in _attack().legal_actions(ALLIES)}
    assert attack == {
        "Recon Jeep breaks off from MG Platoon's fire",
        "Recon Jeep holds against MG Platoon's fire",
    }


def test_chq_fire_targets_are_one_choice_of_those_the_attack_accepts() -> None:
    """CHQ-FIRE: a unit's fire in its own activation is one entry with a "target" domain over
    the targets its attack accepts: the MG platoon's FP dice reach the Sherman (ABL-HISUP-02);
    the StuG fires only to its front (ABL-180-01), so the jeep behind it is no option and is
    refused if named."""
    game = game_of(
        [
            unit("jeep", ALLIES, "us-recon-jeep", (27, 30), name="Recon Jeep"),
            unit("rifle", ALLIES, "british-rifle-platoon", (24, 10), name="1 Platoon"),
            unit("sherman", ALLIES, "us-m4-sherman", (20, 10), name="Sherman"),
            unit("mg", GERMAN, "german-mg-platoon", (22, 22), facing=180, name="MG Platoon"),
            unit("stug", GERMAN, "german-stug-iii", (27, 22), facing=180, name="StuG III"),
        ]
    )
    begin(game, (5, 4, 4, 3, 2), (6, 5, 3, 2, 2))  # the German six: theirs is the first pulse
    order(game, GERMAN, "mg", [5], group="stug")
    fires = {c.label: c for c in game.legal_actions(GERMAN) if c.action["action"] == "fire"}
    mg, stug = fires["MG Platoon fires"], fires["StuG III fires"]
    assert [(d.param, d.options, d.labels) for d in mg.domains] == [
        ("target", ("jeep", "rifle", "sherman"), ("Recon Jeep", "1 Platoon", "Sherman")),
        ("wild", (0,), ("no wild dice",)),
    ]
    assert [(d.param, d.options) for d in stug.domains] == [
        ("target", ("rifle", "sherman")),
        ("wild", (0,)),
    ]
    assert stug.action["target"] == "rifle"
    violation = refused(game, GERMAN, {"action": "fire", "unit": "stug", "target": "jeep"})
    assert violation.rule == "ABL-180-01"


def test_chq_turn_discards_name_the_dice_by_their_faces() -> None:
    """CHQ-TURN: a Command Pulse spent discarding offers the dice by their faces (discarded,
    they make no Order Chain)."""
    pulse = {c.label: c for c in _pulse().legal_actions(ALLIES)}
    dice, _ = pulse["Allies discards Command Dice"].domains
    assert dice.labels[dice.options.index((4, 4, 6))] == "Command Dice [4, 4, 6]"
    assert dice.labels[dice.options.index((6,))] == "Command Die [6]"
    assert not [label for label in dice.labels if "Order Chain" in label]


def test_chq_wild_each_number_of_wild_dice_is_an_entry_that_names_it() -> None:
    """CHQ-WILD: with wild dice (a German Command Failure gives the Allies three), each number
    of them added is an entry of its own, its `wild` a choice of that one number in words."""
    game = _game()
    begin(game, (5, 4, 3, 3, 2), (1, 1, 1, 4, 2))
    wilds = {
        c.label: [d.labels for d in c.domains if d.param == "wild"]
        for c in game.legal_actions(ALLIES)
        if c.action.get("commander") == "rifle" or c.action["action"] == "discard"
    }
    assert wilds == {
        "1 Platoon is activated with an Order Chain": [("no wild dice",)],
        "1 Platoon is activated with an Order Chain and 1 wild": [("1 wild die",)],
        "1 Platoon is activated with an Order Chain and 2 wild": [("2 wild dice",)],
        "1 Platoon is activated with an Order Chain and 3 wild": [("3 wild dice",)],
        "Allies discards Command Dice": [("no wild dice",)],
        "Allies discards Command Dice and 1 wild": [("1 wild die",)],
        "Allies discards Command Dice and 2 wild": [("2 wild dice",)],
        "Allies discards Command Dice and 3 wild": [("3 wild dice",)],
    }
