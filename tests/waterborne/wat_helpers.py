"""Helpers for the `waterborne` tests: scenarios from plain dicts (as a YAML file would give),
games acted on with ScriptedDice, so every test says which faces it rolls and an unexpected or
unused roll fails it. `do` and `refused` come from `kriegsspiel.testing`, re-exported here.

The default test table: a river grid 36" x 24" (3 x 2 squares of 12"), the allies' south bank
below row 0, the axis' north bank above row 1, woods (cover) behind the south bank and a village
(cover) behind the north bank; the east and west sides are table edges.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kriegsspiel.core.game import Game
from kriegsspiel.core.log import Entry
from kriegsspiel.rulesets.waterborne import RULESET, WatScenario, WatState
from kriegsspiel.scenario.load import scenario_from_data
from kriegsspiel.testing import do as do
from kriegsspiel.testing import refused as refused

WatGame = Game[WatScenario, WatState, Any, Any]
ALLIES, AXIS = "allies", "axis"

LAND: tuple[dict[str, Any], ...] = (
    {"id": "south", "kind": "bank", "shore": "south", "next_to": ["woods"]},
    {"id": "north", "kind": "bank", "shore": "north", "next_to": ["village"]},
    {"id": "woods", "cover": True},
    {"id": "village", "cover": True},
)


def stand(uid: str, side: str = ALLIES, kind: str = "squad", **extra: Any) -> dict[str, Any]:
    """A stand; `place` defaults to its side's bank unless `aboard` is given."""
    data: dict[str, Any] = {"id": uid, "side": side, "kind": kind, **extra}
    if "aboard" not in data and "place" not in data:
        data["place"] = "south" if side == ALLIES else "north"
    return data


def boat(cid: str, ctype: str = "storm-boat", side: str = ALLIES, **extra: Any) -> dict[str, Any]:
    """A craft; in square [0, 0] heading north unless placed otherwise."""
    data: dict[str, Any] = {"id": cid, "side": side, "type": ctype, **extra}
    if "land" not in data and "square" not in data:
        data["square"] = [0, 0]
    return data


def scenario_data(
    units: Iterable[Mapping[str, Any]] = (),
    craft: Iterable[Mapping[str, Any]] = (),
    *,
    sites: Iterable[Mapping[str, Any]] = (),
    land: Iterable[Mapping[str, Any]] = LAND,
    water: tuple[float, float] = (36, 24),
    **extra: Any,
) -> dict[str, Any]:
    return {
        "ruleset": "waterborne",
        "title": "test river",
        "sides": [{"id": ALLIES}, {"id": AXIS}],
        "water": {"size": list(water)},
        "land": [dict(x) for x in land],
        "units": [dict(u) for u in units],
        "craft": [dict(c) for c in craft],
        "sites": [dict(s) for s in sites],
        **extra,
    }


def build(*args: Any, **kwargs: Any) -> WatScenario:
    scenario = scenario_from_data(scenario_data(*args, **kwargs), "test.yaml")
    assert isinstance(scenario, WatScenario)
    return scenario


def game_of(*args: Any, **kwargs: Any) -> WatGame:
    return Game(RULESET, build(*args, **kwargs), "test-seed")


def hits(n: int, dice: int) -> list[int]:
    """Faces of `dice` d6 with exactly `n` hits (CF-FIRE: a die hits on 5 or 6)."""
    assert 0 <= n <= dice
    return [6] * n + [2] * (dice - n)


def events(entry: Entry[Any]) -> list[str]:
    return [type(r.event).__name__ for r in entry.records]


def end(game: WatGame) -> Entry[Any]:
    """The phasing side ends its initiative."""
    return do(game, game.state.phasing, {"action": "end-initiative"})


def status(game: WatGame, unit: str) -> str:
    return game.state.units[unit].status
