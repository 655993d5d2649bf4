"""The legal actions a seat is offered (`Game.legal_actions`): complete, labelled by name.

Completeness is checked by brute force: every action type with every unit, craft, target,
feature, site, square and pivot (and every party of a crew or a load) is put to
`Game.is_legal`, and each one accepted must be offered: as an entry's action, or as that action
with a choice domain's parameter set to one of its options. Two parameters are compared as the
rules make them mean: a craft's pivot is implied by its destination (WAT-MOVE-03), and a crew or
a party of passengers named in full is the same as the whole (`units` left empty).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from wat_helpers import ALLIES, AXIS, boat, do, end, game_of, stand
from wat_pairs import bundled

from kriegsspiel.core.choices import Choice
from kriegsspiel.rulesets.waterborne import RULESET, WatState
from kriegsspiel.rulesets.waterborne.pontoons import able, busy

PIVOTS = (None, 0, 90, -90, 180, -180, 270, -270)
STATUSES = ("ok", "pinned", "suppressed", "killed", "lost")


def _parties(pool: list[str]) -> Iterator[list[str]]:
    yield []
    for size in range(1, len(pool) + 1):
        for party in combinations(pool, size):
            yield list(party)


def _brute_force(state: WatState) -> Iterator[dict[str, Any]]:
    """Every action of every type over every id and parameter value the state has, and some
    that name nothing."""
    board = state.board
    units, craft, sites = [*state.units, "ghost"], list(state.craft), list(board.sites)
    places = [*board.land, *sites, "nowhere"]
    grid = board.grid
    cells = [[c, r] for c in range(-1, grid.cols + 1) for r in range(-1, grid.rows + 1)]
    for name in ("end-initiative", "pass", "end-game"):
        yield {"action": name}
    for u in units:
        yield {"action": "reveal", "unit": u}
        for to in places:
            yield {"action": "move", "unit": u, "to": to}
        for s in [*sites, "ghost"]:
            yield {"action": "cross", "unit": u, "site": s}
        for c in craft:
            yield {"action": "board", "unit": u, "craft": c}
    for firer in [*units, *craft]:
        yield {"action": "rally", "unit": firer}
        for status in STATUSES:
            yield {"action": "set-status", "unit": firer, "status": status}
        for target in [*units, *craft, *sites]:
            for name in ("fire", "reactive-fire", "indirect-fire"):
                yield {"action": name, "unit": firer, "target": target}
    for c in craft:
        for party in _parties(state.passengers(c)):
            yield {"action": "disembark", "craft": c, "units": party}
        for pivot in PIVOTS:
            for cell in cells:
                yield {"action": "move-craft", "craft": c, "square": cell, "pivot": pivot}
            for land in places:
                yield {"action": "move-craft", "craft": c, "land": land, "pivot": pivot}
    for s in sites:
        for party in _parties([u for u, x in state.units.items() if x.place == s]):
            yield {"action": "work", "site": s, "units": party}


def _key(state: WatState, action: dict[str, Any]) -> tuple[Any, ...]:
    """An action's discrete fields as the rules read them (see the module docstring)."""
    data = {k: v for k, v in action.items() if k != "pivot"}
    if data.get("square") is not None:
        data["square"] = tuple(data["square"])
    name = data["action"]
    if name in ("disembark", "work") and not data.get("units"):
        if name == "disembark":
            whole = state.passengers(data["craft"])
        else:
            side = state.board.sites[data["site"]].side
            whole = list(able(state, data["site"], side, busy(state)))
        data["units"] = whole
    if "units" in data:
        data["units"] = frozenset(data["units"])
    return tuple(sorted((k, v) for k, v in data.items() if v not in (None, "")))


def _offered(choice: Choice) -> Iterator[dict[str, Any]]:
    """The entry's action, and it with each option of each choice domain."""
    yield choice.action
    for domain in choice.domains:
        assert domain.kind == "choice"  # every parameter of this ruleset is discrete
        assert len(domain.options) == len(domain.labels) > 0
        assert choice.action[domain.param] == _plain(domain.options[0])
        for option in domain.options:
            yield {**choice.action, domain.param: _plain(option)}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _assert_complete(game: Any, seat: str) -> int:
    known = RULESET.knowledge(game.state, seat)
    offered = {_key(known, a) for c in game.legal_actions(seat) for a in _offered(c)}
    legal = [a for a in _brute_force(game.state) if game.is_legal(seat, a)]
    missing = [a for a in legal if _key(known, a) not in offered]
    assert not missing, missing[:5]
    return len(legal)


def _river(**options: Any) -> Any:
    sites = [
        {"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 0, "built": 99},
        {"id": "fy", "side": ALLIES, "kind": "ferry", "bank": "south", "column": 2},
    ]
    units = [
        stand("e1", kind="engineer", place="fy"),
        stand("e2", kind="engineer", place="fy"),
        stand("r1", place="fy"),
        stand("sq", place="br"),
        stand("p1", aboard="b1"),
        stand("p2", aboard="buf"),
        stand("p3", aboard="buf"),
        stand("pc", "allies", "pc", aboard="buf"),
        stand("g", AXIS, place="north"),
        stand("gm", AXIS, "mortar", calibre=81, traits=["indirect"], eff=2, place="village"),
        stand("gh", AXIS, "hmg", place="village", hidden=True),
        stand("gig", AXIS, "gun", he=3, eff=2, place="village"),
    ]
    craft = [boat("b1"), boat("buf", "buffalo", land="south", column=1), boat("dd", "sherman-dd")]
    return game_of(units, craft, sites=sites, options=options)


@pytest.mark.parametrize("embark_as_action", [False, True])
def test_the_offer_is_complete_in_a_small_river(embark_as_action: bool) -> None:
    game = _river(embark_as_action=embark_as_action)
    for seat in ("umpire", ALLIES, AXIS):
        _assert_complete(game, seat)
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})  # a window for the axis
    for seat in ("umpire", ALLIES, AXIS):
        _assert_complete(game, seat)
    do(game, AXIS, {"action": "pass"})
    for seat in ("umpire", ALLIES, AXIS):  # sq is on the bank beside the Buffalo
        _assert_complete(game, seat)
    boarding = {"action": "board", "unit": "sq", "craft": "buf"}
    # AMB-WAT-13: boarding is the stand's move for the initiative, so not after a move, unless
    # the scenario reads it as one move action
    assert game.is_legal(ALLIES, boarding) == embark_as_action
    do(game, ALLIES, {"action": "disembark", "craft": "buf", "units": ["p2"]})
    do(game, AXIS, {"action": "pass"})
    for seat in ("umpire", ALLIES, AXIS):  # p2 got off: moving on is its own question
        _assert_complete(game, seat)
    assert game.is_legal(ALLIES, {"action": "move", "unit": "p2", "to": "woods"}) == (
        embark_as_action
    )
    end(game)  # no crew: no roll
    for seat in ("umpire", ALLIES, AXIS):
        assert _assert_complete(game, seat) > 0
    end(game)
    assert game.is_legal(ALLIES, boarding)


@pytest.mark.parametrize("seat", ["british", "german", "umpire"])
def test_the_offer_is_complete_at_hollenhof(seat: str) -> None:
    game = bundled()
    assert _assert_complete(game, seat) > 0


def _named(choices: list[Choice]) -> set[str]:
    """Each entry's label, and "label: option" for each option of its domains."""
    out = {c.label for c in choices}
    for c in choices:
        out |= {f"{c.label}: {name}" for d in c.domains for name in d.labels}
    return out


def test_labels_name_units_craft_sites_and_squares_by_their_names() -> None:
    choices = bundled().legal_actions("british")
    labels = _named(choices)
    assert "RE section 1 fires: Gruppe 1 in flood dyke" in labels
    assert "storm boat 1 puts out from south bank: square A1" in labels
    assert "Sherman DD 1 moves: north to square B2" in labels
    assert "Sherman DD 1 lands on south bank" in labels
    assert "Buffalo 2 drives from assembly area (woods): south bank" in labels
    assert "3-inch mortar (south) calls indirect fire: MG 42 (dyke) in flood dyke" in labels
    assert "Churchill moves from assembly area (woods): south bank" in labels
    assert (
        "everyone aboard Buffalo 1 gets off at south bank: 3 Section, 4 Section, Vickers MG "
        "and Platoon commander" in labels
    )
    assert "a crew works on Folkestone ferry: the whole crew: RE section 3" in labels
    assert "British Second Army ends its initiative" in labels
    assert len({c.label for c in choices}) == len(choices)  # each one tells itself apart
    for c in choices:  # and so does each option of an entry
        assert all(len(set(d.labels)) == len(d.labels) == len(set(d.options)) for d in c.domains)
    ids = {u.id for u in bundled().scenario.units} | {c.id for c in bundled().scenario.craft}
    assert not any(word in ids for label in labels for word in label.replace(":", "").split())


def test_the_other_side_is_offered_reactive_fire_and_the_pass() -> None:
    """CF-REACT: once a stand moves the other side may pass or fire, movers listed first."""
    game = bundled()
    game.act("british", {"action": "move", "unit": "eng-3", "to": "south-bank"})
    labels = [c.label for c in game.legal_actions("german")]
    assert labels[0] == "Wehrmacht lets RE section 3 move on without more reactive fire"
    assert labels[1] == "Gruppe 1 fires reactively at the move"
    assert game.legal_actions("german")[1].domains[0].labels == ("RE section 3 in south bank",)
    assert game.legal_actions("british") == []
