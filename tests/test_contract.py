"""The contract every registered ruleset keeps, checked generically.

For every ruleset in `RULESETS` and each of its bundled scenarios: seeded random playouts through
`legal_actions` never raise; `perform`/`apply` never mutate the state they are given; state and log
round-trip through the JSON game file; no seat's view or log mentions a hidden demolition. Every
registered check's exact odds equal a count over every roll of its dice, over its declared
outcomes, for default parameters and a sample of its parameter grid.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from fractions import Fraction
from typing import Any

import msgspec
import pytest

from kriegsspiel.core.checks import Check, CheckDef, Param
from kriegsspiel.core.game import Game
from kriegsspiel.core.scenario import ScenarioBase
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.registry import all_checks
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, load_scenario
from kriegsspiel.store import files

PLAYOUTS = 20
STEPS = 60
AnyGame = Game[Any, Any, Any, Any]


def _scenarios() -> list[tuple[str, str]]:
    out = []
    for name in bundled_names():
        scenario = load_scenario(name)
        out.append((scenario.ruleset, name))
    return out


SCENARIOS = _scenarios()


def test_every_ruleset_has_a_bundled_scenario() -> None:
    assert set(RULESETS) <= {ruleset for ruleset, _ in SCENARIOS}
    assert ("engineering", "demo") in SCENARIOS


# -- secrets, generically ------------------------------------------------------------------------


def _may_know(state: Any, seat: str, ever: dict[str, set[str]]) -> dict[str, bool]:
    """Whether `seat` may know each demolition now (its side, told of it, or it went off)."""
    out = {}
    for demo_id, demo in getattr(state, "demolitions", {}).items():
        knows = seat in ("umpire", demo.side) or seat in demo.known_to or demo.destroyed
        if knows:
            ever.setdefault(demo_id, set()).add(seat)
        out[demo_id] = knows
    return out


def _mentions(blob: str, demo_id: str, name: str) -> bool:
    if f'"{demo_id}"' in blob or f"prepare:{demo_id}" in blob:
        return True
    return bool(name) and name in blob


def _texts(log_view: list[dict[str, Any]]) -> str:
    return "\n".join(e["text"] for item in log_view for e in item["events"])


def _check_secrets(game: AnyGame, ever: dict[str, set[str]]) -> None:
    state = game.state
    demolitions = getattr(state, "demolitions", {})
    for seat in game.seats:
        knows = _may_know(state, seat, ever)
        view = msgspec.json.encode(game.view(seat)).decode()
        log_view = game.log_view(seat)
        log = msgspec.json.encode(log_view).decode()
        texts = _texts(log_view)
        for demo_id, demo in demolitions.items():
            if not knows[demo_id]:
                assert not _mentions(view, demo_id, demo.name), (seat, demo_id, "view")
            if seat not in ever.get(demo_id, set()):
                assert not _mentions(log, demo_id, demo.name), (seat, demo_id, "log")
                assert not re.search(rf"\b{re.escape(demo_id)}\b", texts), (seat, demo_id)


# -- playouts ------------------------------------------------------------------------------------


def _umpire_extra(game: AnyGame, rng: random.Random) -> dict[str, Any] | None:
    """Now and then an umpire action the sample of legal actions leaves out."""
    state = game.state
    demolitions = list(getattr(state, "demolitions", {}))
    sides = list(game.scenario.side_ids)
    if demolitions and rng.random() < 0.5:
        return {
            "action": "reveal",
            "demolition": rng.choice(demolitions),
            "side": rng.choice(sides),
        }
    units = [u.id for u in game.scenario.units]
    if units and hasattr(state, "units"):
        status = rng.choice(["ok", "suppressed", "disordered", "knocked-out"])
        return {"action": "set-status", "unit": rng.choice(units), "status": status}
    return None


def _playout(ruleset_name: str, scenario: ScenarioBase, index: int) -> AnyGame:
    rng = random.Random(index)
    ruleset = RULESETS[ruleset_name]
    game: AnyGame = Game(ruleset, scenario, f"contract-{index}")
    ever: dict[str, set[str]] = {}
    for _ in range(STEPS):
        state = game.state
        seats = ruleset.seats_to_act(state)
        if not seats:
            break
        roll = rng.random()
        if roll < 0.04 and game.log:
            before = msgspec.json.encode(state)
            game.undo("umpire")
            assert msgspec.json.encode(state) == before
            _check_secrets(game, ever)
            continue
        if roll < 0.08 and ruleset_name == "engineering":
            extra = _umpire_extra(game, rng)
            if extra is not None:
                game.act("umpire", extra)
                _check_secrets(game, ever)
                continue
        seat = "umpire" if roll < 0.15 else rng.choice(seats)
        choices = game.legal_actions(seat)
        assert choices, f"{seat} has no legal action at all"
        # choose a kind of action first, so that ending phases does not crowd out the rest
        by_kind: dict[str, list[Any]] = {}
        for choice in choices:
            by_kind.setdefault(choice.action["action"], []).append(choice)
        action = game.parse_action(rng.choice(by_kind[rng.choice(sorted(by_kind))]).sample(rng))
        before = msgspec.json.encode(state)
        # perform never mutates its input, and a legal action performs
        ruleset.perform(
            state, seat, action, lambda check, secret=False: check.roll(_dice(rng), "x")
        )
        assert msgspec.json.encode(state) == before
        game.act(seat, action)
        assert msgspec.json.encode(state) == before  # neither does apply
        _check_secrets(game, ever)
    return game


class _dice:
    origin = "contract"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def faces(self, pool: Any, key: str) -> tuple[int, ...]:
        return tuple(self._rng.randint(1, pool.sides) for _ in range(pool.count))


@pytest.mark.parametrize(("ruleset_name", "scenario_name"), SCENARIOS)
def test_random_playouts(ruleset_name: str, scenario_name: str) -> None:
    scenario = load_scenario(scenario_name)
    ruleset = RULESETS[ruleset_name]
    for index in range(PLAYOUTS):
        game = _playout(ruleset_name, scenario, index)
        # JSON round trip of the whole game: same bytes, same state, same views
        data = files.dumps(game)
        again = files.loads(data)
        assert files.dumps(again) == data
        assert again.state == game.state
        for seat in game.seats:
            assert again.view(seat) == game.view(seat)
        # the state itself round-trips through JSON
        state_type = type(game.state)
        decoded = msgspec.json.decode(msgspec.json.encode(game.state), type=state_type)
        assert decoded == game.state
        # the fold of the log is the state, the very state each action's running state became
        assert ruleset.view(game.state, "umpire") == game.replay("umpire", len(game.log))
        folded = game.history.state_at(0)
        for seq in game.history.live:  # the actions not undone
            for record in game.history.entries[seq].records:
                folded = ruleset.apply(folded, record.event)
        assert folded == game.state


@pytest.mark.parametrize(("ruleset_name", "scenario_name"), SCENARIOS)
def test_the_public_seat_never_acts(ruleset_name: str, scenario_name: str) -> None:
    """The public table display only watches: every action is refused with a clear error."""
    game: AnyGame = Game(RULESETS[ruleset_name], load_scenario(scenario_name), "contract")
    for choice in game.legal_actions("umpire"):
        with pytest.raises(KriegsspielError):
            game.act("public", choice.action)
    assert game.log == ()


# -- odds ----------------------------------------------------------------------------------------


def _values(param: Param) -> list[Any]:
    if param.kind == "bool":
        return [True, False]
    if param.kind == "choice":
        return list(param.choices)
    low = param.minimum if param.minimum is not None else int(param.default) - 5
    high = param.maximum if param.maximum is not None else int(param.default) + 5
    return sorted({low, int(param.default), (low + high) // 2, high})


def _brute_force(check: Check) -> dict[str, Fraction]:
    """The odds of `check` counted over every roll of its dice: each pool's multisets of faces
    weighted by the number of orders they come in, pools independent."""
    per_pool = []
    for pool in check.pools:
        counts: dict[Any, int] = {}
        for faces in itertools.combinations_with_replacement(range(1, pool.sides + 1), pool.count):
            orders = math.factorial(pool.count)
            for face in set(faces):
                orders //= math.factorial(faces.count(face))
            stat = pool.reduce(faces)
            counts[stat] = counts.get(stat, 0) + orders
        per_pool.append((counts, pool.sides**pool.count))
    total = math.prod(den for _, den in per_pool)
    out: dict[str, int] = {}
    for combo in itertools.product(*(counts.items() for counts, _ in per_pool)):
        stats = tuple(stat for stat, _ in combo)
        outcome = check.outcome_rule(stats, check.modifier_total)
        out[outcome] = out.get(outcome, 0) + math.prod(n for _, n in combo)
    return {o: Fraction(n, total) for o, n in out.items()}


def _assert_exact(check_def: CheckDef, **values: Any) -> None:
    check = check_def.check(**values)
    odds = check.odds()
    assert {o: odds[o] for o in odds} == _brute_force(check), (check_def.name, values)
    assert set(odds) <= set(check_def.outcomes), (check_def.name, values)
    table = check.odds_table()
    assert sum((p for _, p in table), Fraction(0)) == 1, (check_def.name, values)


GRID = 24  # parameter combinations tried per check at most (a seeded sample of larger grids)
MULTISETS = 6000  # the largest pool counted face by face (16d6 has 20,349 multisets)


def _countable(check_def: CheckDef, values: dict[str, Any]) -> bool:
    pools = check_def.check(**values).pools
    return all(math.comb(p.count + p.sides - 1, p.sides - 1) <= MULTISETS for p in pools)


@pytest.mark.parametrize("check_def", all_checks(), ids=lambda c: c.name)
def test_check_odds_equal_a_count_over_all_faces(check_def: CheckDef) -> None:
    _assert_exact(check_def)
    grids = [[(p.name, v) for v in _values(p)] for p in check_def.params]
    combos = [dict(c) for c in itertools.product(*grids)]
    countable = [c for c in combos if _countable(check_def, c)]
    for values in random.Random(check_def.name).sample(countable, min(GRID, len(countable))):
        _assert_exact(check_def, **values)


def test_there_are_checks() -> None:
    names = {c.name for c in all_checks()}
    assert {"engineering.demolition", "engineering.direct-fire"} <= names
