"""Helpers for the `abilities` tests: scenarios from plain dicts (as a YAML file would give them)
and actions taken through `Game.act` with scripted dice, so each test states every face it rolls
(an unexpected roll, or a face left over, fails the test). `do` and `refused` come from
`kriegsspiel.testing`, re-exported here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kriegsspiel.core.game import Game
from kriegsspiel.core.log import Entry
from kriegsspiel.rulesets.abilities import RULESET, AblScenario, AblState
from kriegsspiel.scenario.load import load_scenario, scenario_from_data
from kriegsspiel.testing import do as do
from kriegsspiel.testing import refused as refused

AblGame = Game[AblScenario, AblState, Any, Any]
Point = tuple[float, float]

ALLIES = "allies"
GERMAN = "german"
# Command Dice that settle with the allies taking the first pulse: one six against none
# (CHQ-TURN), and no Command Failure on either side.
ALLIED_FIRST = ((6, 4, 4, 3, 2), (5, 5, 3, 2, 2))


def unit(
    uid: str, side: str, type_: str, at: Point, facing: float = 0.0, **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {"id": uid, "side": side, "type": type_, "position": list(at)}
    data["facing"] = facing
    data.update(extra)
    return data


def scenario_data(
    units: Iterable[Mapping[str, Any]],
    *,
    blinds: Iterable[Mapping[str, Any]] = (),
    terrain: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    tables: Mapping[str, Any] | None = None,
    statlines: Mapping[str, Any] | None = None,
    command_dice: Mapping[str, int] | None = None,
    turns: int = 6,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ruleset": "abilities",
        "title": "test",
        "sides": [{"id": ALLIES, "name": "Allies"}, {"id": GERMAN, "name": "Germans"}],
        "units": [dict(u) for u in units],
        "blinds": [dict(b) for b in blinds],
        "terrain": [dict(t) for t in terrain],
        "turns": turns,
    }
    for key, value in (
        ("options", options),
        ("tables", tables),
        ("statlines", statlines),
        ("command_dice", command_dice),
    ):
        if value is not None:
            data[key] = dict(value)
    return data


def build(units: Iterable[Mapping[str, Any]], **kwargs: Any) -> AblScenario:
    scenario = scenario_from_data(scenario_data(units, **kwargs), "test.yaml")
    assert isinstance(scenario, AblScenario)
    return scenario


def game_of(units: Iterable[Mapping[str, Any]], **kwargs: Any) -> AblGame:
    return Game(RULESET, build(units, **kwargs), "test-seed")


def bundled() -> AblGame:
    scenario = load_scenario("abilities")
    assert isinstance(scenario, AblScenario)
    return Game(RULESET, scenario, "test-seed")


# -- acting ---------------------------------------------------------------------------------------


def begin(
    game: AblGame,
    allies: Iterable[int] = ALLIED_FIRST[0],
    german: Iterable[int] = ALLIED_FIRST[1],
) -> None:
    """Both sides roll their Command Dice (the allies first)."""
    do(game, ALLIES, {"action": "roll-command"}, *allies)
    do(game, GERMAN, {"action": "roll-command"}, *german)


def order(
    game: AblGame, side: str, commander: str, dice: Iterable[int], group: str = "", wild: int = 0
) -> Entry[Any]:
    action: dict[str, Any] = {
        "action": "order",
        "commander": commander,
        "dice": list(dice),
        "group": group,
    }
    if wild:
        action["wild"] = wild
    return do(game, side, action)


def end_pulse(game: AblGame, side: str) -> Entry[Any]:
    return do(game, side, {"action": "end-pulse"})


def discard(game: AblGame, side: str, *dice: int) -> Entry[Any]:
    return do(game, side, {"action": "discard", "dice": list(dice)})


def pass_(game: AblGame, side: str) -> Entry[Any]:
    return do(game, side, {"action": "pass"})


def move(game: AblGame, side: str, uid: str, to: Point, *faces: int, **extra: Any) -> Entry[Any]:
    return do(game, side, {"action": "move", "unit": uid, "to": list(to), **extra}, *faces)


def fire(game: AblGame, side: str, uid: str, target: str, *faces: int) -> Entry[Any]:
    return do(game, side, {"action": "fire", "unit": uid, "target": target}, *faces)


def suppress(game: AblGame, uid: str, suppressed: bool = True) -> None:
    """The umpire records a unit as suppressed (or not)."""
    do(game, "umpire", {"action": "set-unit", "unit": uid, "suppressed": suppressed})


def finish_turn(game: AblGame) -> None:
    """Spend every Command Die left, pulse by pulse, passing any opportunity fire."""
    turn = game.state.turn
    while game.state.turn == turn and not game.state.over:
        state = game.state
        if state.window is not None:
            pass_(game, state.window.side)
            continue
        side = state.pulse_side
        assert side is not None
        if state.activation is not None:
            end_pulse(game, side)
            continue
        cmd = state.command[side]
        if cmd.dice:
            discard(game, side, cmd.dice[0])
        else:
            do(game, side, {"action": "discard", "wild": 1})


def events(entry: Entry[Any], kind: type[Any]) -> list[Any]:
    return [r.event for r in entry.records if isinstance(r.event, kind)]


def one(entry: Entry[Any], kind: type[Any]) -> Any:
    found = events(entry, kind)
    assert len(found) == 1, [type(r.event).__name__ for r in entry.records]
    return found[0]


def kinds(entry: Entry[Any]) -> list[str]:
    return [type(r.event).__name__ for r in entry.records]
