"""CF-HIDDEN and the weapons only a side sees: a seat is told the same in two games that differ
only in a fact hidden from it (wat_pairs.py), and its knowledge of the two is equal."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import msgspec
import pytest
from wat_pairs import HIDDEN_MG, _with_hidden_sapper, bundled, pairs

from hidden import HiddenPair
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.game import Game
from kriegsspiel.core.topics import rolls_in
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.render import board
from kriegsspiel.rulesets.waterborne import RULESET
from kriegsspiel.store import files

AnyGame = Game[Any, Any, Any, Any]
PAIRS = pairs()


def _told(game: AnyGame, seat: str, action: Mapping[str, Any]) -> Any:
    """Its refusal, or its odds, first dice prompt and what too many faces answer."""
    try:
        odds = game.odds(seat, action).describe()
        first = game.dice_prompt(seat, action)
    except KriegsspielError as exc:
        return ("refused", str(exc))
    prompt = None if first is None else (first.name, [p.label for p in first.pools])
    try:
        game.dice_prompt(seat, action, [1] * 40)
        extra = "accepted"
    except KriegsspielError as exc:
        extra = str(exc)
    return ("odds", odds, prompt, extra)


def _typed(game: AnyGame, seat: str, action: Mapping[str, Any], faces: list[int]) -> str:
    again = files.loads(files.dumps(game))
    try:
        again.act(seat, action, EnteredDice(faces, seat))
    except KriegsspielError as exc:
        return str(exc)
    return "accepted"


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{p.seat}: {p.what}" for p in PAIRS])
def test_a_seat_is_told_nothing_of_what_is_hidden_from_it(pair: HiddenPair) -> None:
    seat, a, b = pair.seat, pair.a, pair.b
    assert RULESET.knowledge(a.state, seat) == RULESET.knowledge(b.state, seat)
    assert a.view(seat) == b.view(seat)
    assert a.log_view(seat) == b.log_view(seat)
    legal = [msgspec.to_builtins(c) for c in a.legal_actions(seat)]
    assert legal == [msgspec.to_builtins(c) for c in b.legal_actions(seat)]
    rng = random.Random(3)
    actions = [c.sample(rng) for c in a.legal_actions(seat)][::3] + [dict(p) for p in pair.probes]
    for action in actions:
        assert _told(a, seat, action) == _told(b, seat, action), action
    for probe in pair.probes:
        for faces in ([], [5], [5, 5], [6, 6, 6], [7]):
            assert _typed(a, seat, probe, faces) == _typed(b, seat, probe, faces), probe


def test_the_pairs_do_differ_for_the_umpire() -> None:
    """Each pair differs in something real: the umpire, who knows all, tells them apart."""
    for pair in PAIRS:
        a = (pair.a.view("umpire"), pair.a.log_view("umpire"))
        assert a != (pair.b.view("umpire"), pair.b.log_view("umpire")), pair.what


def test_cf_hidden_a_hidden_unit_reads_like_one_that_never_was() -> None:
    """The British are refused fire at the hidden MG exactly as at a unit that does not exist."""
    game = bundled()
    for target in (HIDDEN_MG, "no-such-unit"):
        with pytest.raises(KriegsspielError) as info:
            game.validate("british", {"action": "fire", "unit": "eng-1", "target": target})
        assert str(info.value) == f"target: unknown target {target!r}"
    assert HIDDEN_MG not in {u.id for u in RULESET.knowledge(game.state, "british").scenario.units}


def test_cf_hidden_the_umpire_may_not_order_fire_at_a_unit_its_side_has_not_spotted() -> None:
    """The umpire knows the hidden MG, but the British firer does not: reveal it first."""
    game = bundled()
    with pytest.raises(KriegsspielError, match="CF-HIDDEN: MG 42 \\(village\\) is hidden"):
        game.validate("umpire", {"action": "fire", "unit": "eng-1", "target": HIDDEN_MG})
    offered = game.legal_actions("umpire")
    targets = {c.action.get("target") for c in offered}
    targets |= {o for c in offered for d in c.domains if d.param == "target" for o in d.options}
    assert HIDDEN_MG not in targets
    game.act("umpire", {"action": "reveal", "unit": HIDDEN_MG})
    assert game.is_legal("british", {"action": "fire", "unit": "eng-1", "target": HIDDEN_MG})


def test_a_side_knows_its_own_hidden_units_and_weapons() -> None:
    game = bundled()
    known = RULESET.knowledge(game.state, "german")
    assert known.units[HIDDEN_MG] == game.state.units[HIDDEN_MG]
    assert RULESET.knowledge(game.state, "umpire") is game.state
    british = RULESET.knowledge(game.state, "british")
    assert (british.spec("g-ig").he, british.spec("g-ig").eff) == (0, 0)  # assumed, not known
    assert british.spec("churchill-1").he == 4  # its own


def test_typed_dice_through_the_hidden_mg_are_exactly_the_dice_the_british_know_of() -> None:
    """No roll of a British action can touch the hidden MG, so none is secret: an indirect
    shoot at its neighbour in Hollenhof asks for its 2 EFF dice in both games, and the faces
    typed are the faces rolled."""
    action = {"action": "indirect-fire", "unit": "mortar-2", "target": "g-sq-3"}
    for game in (
        bundled(),
        bundled(lambda d: d.update(units=[u for u in d["units"] if u["id"] != HIDDEN_MG])),
    ):
        prompt = game.dice_prompt("british", action)
        assert prompt is not None
        assert [p.count for p in prompt.pools] == [2]
        assert game.dice_prompt("british", action, [6, 6]) is None
        entry = game.act("british", action, EnteredDice([6, 6], "british"))
        rolled = [result for r in entry.records for result in rolls_in(r.event)]
        assert [(r.faces, r.origin) for r in rolled] == [(((6, 6),), "entered:british")]


def _placed(unit_id: str, place: str | None) -> Callable[[dict[str, Any]], None]:
    """The scenario with `unit_id` placed at `place`, or without it (None)."""

    def edit(data: dict[str, Any]) -> None:
        units = [{**u, "place": place} if u["id"] == unit_id else u for u in data["units"]]
        data["units"] = [u for u in units if u["id"] != unit_id or place is not None]

    return edit


def _shown(game: AnyGame, seat: str) -> tuple[Any, str]:
    view = game.view(seat)
    return view, board(view)


@pytest.mark.parametrize("seat", ["british", "public"])
def test_cf_hidden_the_layout_is_drawn_from_what_the_seat_sees(seat: str) -> None:
    """CF-HIDDEN: stands are spaced out in their feature by their order among the stands the
    seat knows of, so the hidden MG 42 in Hollenhof, removed, or moved to another feature (the
    flood dyke, the north bank) leaves the seat's view and its picture exactly the same: the
    centre of every stand there, and the gap where the MG stands for the Germans."""
    games = [
        bundled(_placed(HIDDEN_MG, place)) for place in ("village", None, "dyke", "north-bank")
    ]
    first = _shown(games[0], seat)
    for game in games[1:]:
        assert _shown(game, seat) == first
    german = games[0].view("german")
    centers = {u["id"]: u["center"] for u in first[0]["units"] if u["place"] == "village"}
    spacing = centers["g-mortar"][0] - centers["g-sq-3"][0]
    assert spacing == pytest.approx(1.6)  # next to each other: no gap for the MG
    assert {u["id"]: u["center"] for u in german["units"]}["g-mortar"] != centers["g-mortar"]


def test_cf_hidden_a_hidden_british_stand_shapes_nothing_the_germans_see() -> None:
    """The same for a hidden British party listed before the British stands at the bridge site,
    after play has moved one of them away."""

    def at_the_bridge(data: dict[str, Any]) -> None:
        _with_hidden_sapper(data)
        sapper = data["units"].pop()
        data["units"].insert(0, {**sapper, "place": "bridge-a"})  # before every visible stand

    games = [bundled(), bundled(at_the_bridge), bundled(_with_hidden_sapper)]
    for game in games:
        game.act("british", {"action": "move", "unit": "sq-7", "to": "south-bank"})
        game.act("german", {"action": "pass"})
    first = _shown(games[0], "german")
    assert all(_shown(game, "german") == first for game in games[1:])
    assert games[1].view("british") != games[0].view("british")  # the British see their party
