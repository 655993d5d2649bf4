"""Builders and helpers for the `afv` tests.

Scenarios are built from plain dicts through `scenario_from_data`, as a YAML file would be.
Every action goes through `game.act` with `ScriptedDice`: each test names the faces it rolls,
and an unexpected roll (or an unused face) fails the test with a DiceError. Cards are drawn by
naming them: the helper rolls the face that picks that card from the deck's fixed order.
`do` and `refused` come from `kriegsspiel.testing`, re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from kriegsspiel.core.game import Game
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.afv import RULESET, AfvScenario, AfvState
from kriegsspiel.rulesets.afv.deck import live_cards
from kriegsspiel.rulesets.afv.state import Crewman, Vehicle
from kriegsspiel.scenario.load import scenario_from_data
from kriegsspiel.testing import do as do
from kriegsspiel.testing import refused as refused

AfvGame = Game[AfvScenario, AfvState, Any, Any]
Point = tuple[float, float]
US = "us"
DE = "german"
UMPIRE_SEAT = "umpire"
AMMO = {"HE": 10, "AP": 10}


def sherman(
    uid: str = "s1",
    *,
    position: Point = (24.0, 10.0),
    facing: float = 0.0,
    unbuttoned: Sequence[str] = ("commander",),
    ammo: Mapping[str, int] | None = AMMO,
    **extra: Any,
) -> dict[str, Any]:
    """A US M4A3 Sherman (power traverse, bow/coax/AA MGs), rounds fixed unless ammo=None."""
    data: dict[str, Any] = {
        "id": uid,
        "side": US,
        "kind": "afv",
        "vehicle": "m4a3-75",
        "position": list(position),
        "facing": facing,
        "unbuttoned": list(unbuttoned),
    }
    if ammo is not None:
        data["ammo"] = dict(ammo)
    data.update(extra)
    return data


def panzer(
    uid: str = "p4",
    *,
    position: Point = (24.0, 40.0),
    facing: float = 180.0,
    unbuttoned: Sequence[str] = (),
    ammo: Mapping[str, int] | None = AMMO,
    **extra: Any,
) -> dict[str, Any]:
    """A German Panzer IV H (hand traverse, side doors for gunner and loader)."""
    data = sherman(uid, position=position, facing=facing, unbuttoned=unbuttoned, ammo=ammo)
    data.update({"side": DE, "vehicle": "pz-iv-h"}, **extra)
    return data


def man(mid: str, weapon: str, position: Point, *, leader: bool = False) -> dict[str, Any]:
    return {"id": mid, "weapon": weapon, "position": list(position), "leader": leader}


def team(
    uid: str, men: Iterable[Mapping[str, Any]], *, side: str = DE, **extra: Any
) -> dict[str, Any]:
    return {"id": uid, "side": side, "kind": "team", "men": [dict(m) for m in men], **extra}


def pzf_team(position: Point = (24.0, 22.0), uid: str = "pzf") -> dict[str, Any]:
    """One German with a panzerfaust, by default 12" straight ahead of the default Sherman."""
    return team(uid, [man(f"{uid}-1", "panzerfaust", position)])


def scenario(units: Iterable[Mapping[str, Any]], **extra: Any) -> AfvScenario:
    data: dict[str, Any] = {
        "ruleset": "afv",
        "title": "test scenario",
        "sides": [{"id": US}, {"id": DE}],
        "units": [dict(u) for u in units],
        **extra,
    }
    loaded = scenario_from_data(data, "test.yaml")
    assert isinstance(loaded, AfvScenario)
    return loaded


def start(units: Iterable[Mapping[str, Any]], seed: str = "test-seed", **extra: Any) -> AfvGame:
    return Game(RULESET, scenario(units, **extra), seed)


def card_face(game: AfvGame, card: str) -> tuple[int, ...]:
    """The die face that draws `card` (none when it is the only card left)."""
    left = game.state.left or live_cards(game.state)
    assert card in left, f"{card} is not in the deck {left}"
    return () if len(left) == 1 else (left.index(card) + 1,)


def draw(game: AfvGame, card: str, *after: int) -> Entry[Any]:
    """Draw `card` (a card id, or a unit id for the first of its cards left), then roll
    `after` for what the card sets off (movement collisions, morale retests). If the unit has
    no card left this turn, the other cards are drawn first (they must set off no rolls)."""
    if "#" not in card:
        while True:
            left = game.state.left or live_cards(game.state)
            mine = [c for c in left if game.state.card_of(c).holder == card]
            if mine:
                card = mine[0]
                break
            draw(game, left[0])
    state = game.state
    seat = state.card.side if state.card else state.card_of(card).side
    return do(game, seat, {"action": "draw"}, *card_face(game, card), *after)


def crew(
    game: AfvGame, vehicle: str, role: str, action: str, *faces: int, **fields: Any
) -> Entry[Any]:
    """A crewman's action: the crewman in position `role` of `vehicle`."""
    seat = game.state.vehicles[vehicle].side
    data = {"action": action, "vehicle": vehicle, "crewman": role, **fields}
    return do(game, seat, data, *faces)


def crew_refused(
    game: AfvGame, vehicle: str, role: str, action: str, *faces: int, **fields: Any
) -> RuleViolation:
    seat = game.state.vehicles[vehicle].side
    data = {"action": action, "vehicle": vehicle, "crewman": role, **fields}
    return refused(game, seat, data, *faces)


def events(entry: Entry[Any], tag: str) -> list[dict[str, Any]]:
    out = []
    for record in entry.records:
        data = msgspec.to_builtins(record.event)
        if data["event"] == tag:
            out.append(data)
    return out


def tags(entry: Entry[Any]) -> list[str]:
    return [msgspec.to_builtins(r.event)["event"] for r in entry.records]


def vehicle(game: AfvGame, vid: str = "s1") -> Vehicle:
    return game.state.vehicles[vid]


def crewman(game: AfvGame, vid: str, role: str) -> Crewman:
    c = game.state.vehicles[vid].at(role)
    assert c is not None
    return c


def acquire(game: AfvGame, vid: str, role: str, target: str, *faces: int) -> Entry[Any]:
    return crew(game, vid, role, "acquire", *faces, target=target)
