"""No secret reaches the seat it is hidden from, over random playouts of every ruleset.

In the spirit of OpenSpiel's random_sim_test: each ruleset declares, on the true state, the exact
strings hidden from each seat (`Ruleset.secrets`: ids and names of hidden things, identifying text
of hidden facts), and seeded random playouts of every bundled scenario (`Game.random_action`, now
and then an umpire's action or an undo) assert after every action that, for every seat but the
umpire, none of them is found as a whole token (`core.secrecy.mentions`) in what the seat reads:

- its view, its legal actions (labels, actions, domains) and the odds of one of them;
- the refusals of actions other seats may take, validated as this seat, less the strings the
  action names itself (a seat told "unknown unit 'gren-1'" was the one who said gren-1);
- its log, and its replay at a random point of it, its newest commitments and the things opened
  to it in play, less what the seat once knew (a revealed demolition whose reveal was undone, a
  crewman once back in the seat he started in).

The checker itself must fail on a leak: a seat reading what the umpire reads is caught, in every
ruleset, and so is one string put into one view by a fake ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import msgspec
import pytest

from kriegsspiel.core.choices import Choice
from kriegsspiel.core.game import Game
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.secrecy import mentions
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.rulesets.waterborne import Waterborne
from kriegsspiel.scenario.load import bundled_names, load_scenario

AnyGame = Game[Any, Any, Any, Any]
SCENARIOS = bundled_names()
SEEDS = 3
STEPS = 100
UNDO = 0.05  # the chance that a step is the umpire taking the last action back
UMPIRE_ACTS = 0.1  # the chance that a step is an action of the umpire
PROBES = 3  # actions of other seats validated as each seat, after each step
REPLAYS = 1  # points of each seat's log replayed, after each step
BUDGET, SAMPLES = 32, 8  # odds: paths walked before estimating, and playouts of an estimate

Leak = tuple[str, str]  # where it was found, and the secret


def _json(value: Any) -> str:
    return msgspec.json.encode(value).decode()


def _found(secrets: frozenset[str], value: Any) -> list[str]:
    text = value if isinstance(value, str) else _json(value)
    return sorted(s for s in secrets if mentions(text, s))


class _History:
    """What each seat once knew: every string ever secret from some seat, once it was not
    secret from this one (its log and replays may show those)."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.names: set[str] = set()
        self.known: dict[str, set[str]] = {seat: set() for seat in game.seats}
        self.now: dict[str, frozenset[str]] = {}

    def update(self) -> None:
        game = self.game
        self.now = {seat: game.ruleset.secrets(game.state, seat) for seat in game.seats}
        for secrets in self.now.values():
            self.names |= secrets
        for seat, secrets in self.now.items():
            self.known[seat] |= self.names - secrets

    def past(self, seat: str) -> frozenset[str]:
        return self.now[seat] - self.known[seat]


def _refusal(game: AnyGame, seat: str, action: Mapping[str, Any], odds: bool) -> Any:
    """What `seat` is told of `action`: its odds (or None), or the text of its refusal."""
    try:
        if not odds:
            game.validate(seat, action)
            return None
        return game.odds(seat, action, budget=BUDGET, samples=SAMPLES).describe()
    except KriegsspielError as exc:
        return str(exc)


def leaks(
    game: AnyGame,
    seat: str,
    now: frozenset[str],
    past: frozenset[str],
    probes: list[dict[str, Any]],
    rng: random.Random,
) -> list[Leak]:
    """Every secret of `seat` found in what it reads: `now` (on the state as it is) in its view,
    legal actions, odds and refusals; `past` (never known to it) in its log and replays."""
    out: list[Leak] = []

    def look(where: str, value: Any, secrets: frozenset[str]) -> None:
        out.extend((where, s) for s in _found(secrets, value))

    look("view", game.view(seat), now)
    log = game.log_view(seat)
    look("log_view", log, past)
    for n in sorted(rng.sample(range(len(log) + 1), min(REPLAYS, len(log) + 1))):
        look(f"replay({n})", game.replay(seat, n), past)
    look("commitments", game.commitments(seat, max(len(log) - 1, 0)), past)
    look("opened", game.opened(seat), past)  # things shown to it: never a secret of the past
    choices = game.legal_actions(seat)
    look("legal_actions", choices, now)
    if choices:
        action = rng.choice(choices).sample(rng)
        said = frozenset(_found(now, action))
        look(f"odds of {action}", _refusal(game, seat, action, True), now - said)
    for action in probes:
        said = frozenset(_found(now, action))
        look(f"refusal of {action}", _refusal(game, seat, action, False), now - said)
    return out


def _probes(game: AnyGame, rng: random.Random) -> list[dict[str, Any]]:
    """A few actions other seats may take now (the umpire's, those of the seats to act)."""
    seats = [UMPIRE, *game.ruleset.seats_to_act(game.state)]
    drawn = (game.random_action(rng.choice(seats), rng) for _ in range(PROBES))
    return [a for a in drawn if a is not None]


def _steps(game: AnyGame, rng: random.Random) -> Iterator[str]:
    """Play up to STEPS seeded random steps, yielding what each one was."""
    for _ in range(STEPS):
        seats = game.ruleset.seats_to_act(game.state)
        if not seats:
            return
        roll = rng.random()
        if roll < UNDO and game.log:
            game.undo(UMPIRE)
            yield "umpire undoes"
            continue
        seat = UMPIRE if roll < UNDO + UMPIRE_ACTS else rng.choice(seats)
        action = game.random_action(seat, rng)
        if action is None:
            continue
        game.act(seat, action)
        yield f"{seat}: {action}"


def _cases() -> list[tuple[str, str]]:
    return [(load_scenario(name).ruleset, name) for name in SCENARIOS]


@pytest.mark.parametrize(("ruleset_name", "name"), _cases())
def test_no_secret_reaches_a_seat(ruleset_name: str, name: str) -> None:
    scenario = load_scenario(name)
    for seed in range(SEEDS):
        game: AnyGame = Game(RULESETS[ruleset_name], scenario, f"secrets-{seed}")
        rng, check_rng = random.Random(seed), random.Random(f"check-{seed}")
        history = _History(game)
        history.update()
        for step, what in enumerate(_steps(game, rng), 1):
            history.update()
            probes = _probes(game, check_rng)
            for seat in game.seats:
                if seat == UMPIRE:
                    continue
                now, past = history.now[seat], history.past(seat)
                found = leaks(game, seat, now, past, probes, check_rng)
                assert not found, f"{name}, seed {seed}, step {step} ({what}): {seat} reads {found}"


# -- the checker can fail -------------------------------------------------------------------------


class _UmpireEyes:
    """A game whose every seat reads what the umpire reads: everything leaks."""

    def __init__(self, game: AnyGame) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, seat: str) -> dict[str, Any]:
        return self._game.view(UMPIRE)

    def log_view(self, seat: str) -> list[dict[str, Any]]:
        return self._game.log_view(UMPIRE)

    def replay(self, seat: str, upto: int) -> dict[str, Any]:
        return self._game.view(UMPIRE)

    def legal_actions(self, seat: str) -> list[Choice]:
        return self._game.legal_actions(UMPIRE)


def _caught(ruleset_name: str, name: str) -> list[Leak]:
    """Leaks found when a seat with secrets reads what the umpire reads, along a playout."""
    scenario = load_scenario(name)
    game: AnyGame = Game(RULESETS[ruleset_name], scenario, "caught")
    rng = random.Random(0)
    history = _History(game)
    history.update()
    eyes: Any = _UmpireEyes(game)
    for _ in _steps(game, rng):
        history.update()
        for seat in game.seats:
            secrets = history.now[seat]
            if seat != UMPIRE and secrets:
                found = leaks(eyes, seat, secrets, secrets, [], rng)
                if found:
                    return found
    return []


@pytest.mark.parametrize("ruleset_name", list(RULESETS))
def test_the_checker_catches_a_seat_reading_the_umpire(ruleset_name: str) -> None:
    """Every ruleset's secrets are strings the umpire really reads, and the checker finds them."""
    names = [name for ruleset, name in _cases() if ruleset == ruleset_name]
    assert any(_caught(ruleset_name, name) for name in names), ruleset_name


def test_the_checker_catches_one_string_in_one_view() -> None:
    """A ruleset whose view shows one hidden unit's name to the enemy is caught in its view and
    its replays, and nowhere else; an id inside a longer one is not a leak."""

    class Leaky(Waterborne):
        def view(self, state: Any, seat: str) -> dict[str, Any]:
            return {**super().view(state, seat), "note": "the MG 42 (village) is here"}

    game: AnyGame = Game(Leaky(), load_scenario("waterborne"), "leaky")
    history = _History(game)
    history.update()
    seat = "british"
    assert "MG 42 (village)" in history.now[seat]
    found = leaks(game, seat, history.now[seat], history.past(seat), [], random.Random(0))
    assert found == [("view", "MG 42 (village)"), ("replay(0)", "MG 42 (village)")]
    assert not mentions("g-hmg-20 and xg-hmg-2", "g-hmg-2")
    assert mentions('{"unit":"g-hmg-2"}', "g-hmg-2")


# -- leaks the playouts found ----------------------------------------------------------------------


def test_a_unit_in_reserve_is_not_named_when_its_suppression_is_removed() -> None:
    """Found by longer playouts (abilities, seed 106, step 114): the umpire suppresses a StuG
    still in reserve, the Germans spend a Command Die to remove it (CHQ-SUPP), and the record
    naming the StuG is shown to every seat (a fix may refuse the action, or show it to the
    Germans only)."""
    game: AnyGame = Game(RULESETS["abilities"], load_scenario("abilities"), "reserve")
    game.act("german", {"action": "roll-command", "side": "german"})
    game.act("allies", {"action": "roll-command", "side": "allies"})
    game.act(UMPIRE, {"action": "set-unit", "unit": "stug-1", "suppressed": True})
    assert game.ruleset.seats_to_act(game.state) == ["german"]  # its Command Pulse
    for choice in game.legal_actions("german"):  # unless a unit in reserve is refused it
        if choice.action["action"] == "remove-suppression":
            game.act("german", choice.action)
    for seat in ("allies", "public"):
        secrets = game.ruleset.secrets(game.state, seat)
        assert "stug-1" in secrets
        assert leaks(game, seat, secrets, secrets, [], random.Random(0)) == [], seat
