"""Chance is its own step, checked over every ruleset and bundled scenario.

- Every action `Game.legal_actions` lists is accepted by `Game.act`, whatever the dice: nothing is
  refused after a roll (that would be an `EngineFault`).
- The outcomes logged when an action is played many times with fresh seeds lie in the support of
  `Game.odds` and match its exact probabilities (seeded, so the bound cannot flake).
- Everything a seat is told about possible actions (view, legal list, refusals, odds, dice prompts)
  is the same in two games that differ only in a fact hidden from it (`tests/*/*_pairs.py`).
"""

from __future__ import annotations

import importlib
import math
import random
import sys
from collections.abc import Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import msgspec
import pytest

from hidden import HiddenPair
from kriegsspiel.core.choices import Choice
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.game import Game
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, load_scenario
from kriegsspiel.store import files

AnyGame = Game[Any, Any, Any, Any]
SCENARIOS = bundled_names()
STATES = 4  # states along a seeded playout at which every listed action is tried
STEPS = 10  # playout steps between them
TIMES = 150  # plays of one action for its frequencies


def _states(name: str, playout: int = 0) -> Iterator[AnyGame]:
    """The bundled scenario's game at its start and after a few seeded random steps (of the
    `playout`-th seeded playout)."""
    scenario = load_scenario(name)
    tag = f"{name}-{playout}" if playout else name
    game: AnyGame = Game(RULESETS[scenario.ruleset], scenario, f"chance-{tag}")
    rng = random.Random(tag)
    for _ in range(STATES):
        yield game
        for _ in range(STEPS):
            seats = game.ruleset.seats_to_act(game.state)
            if not seats:
                return
            seat = rng.choice(seats)
            choices = game.legal_actions(seat)
            if not choices:
                return
            game.act(seat, rng.choice(choices).sample(rng))


def _copy(game: AnyGame, seed: str) -> AnyGame:
    again = files.loads(files.dumps(game))
    again.seed = seed
    return again


def _seats(game: AnyGame) -> list[str]:
    return ["umpire", *game.ruleset.seats_to_act(game.state)]


def _variants(choice: Choice, rng: random.Random) -> list[tuple[dict[str, Any], bool]]:
    """The listed action, one of each option of its choice domains (a dozen at most), and one
    draw from its continuous domains; each with whether it may be refused (only the draw)."""
    out = [(choice.action, False)]
    for domain in choice.domains:
        if domain.kind == "choice":
            out += [({**choice.action, domain.param: o}, False) for o in domain.options[:12]]
    if any(d.kind != "choice" for d in choice.domains):
        out.append((choice.sample(rng), True))
    return out


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_listed_action_is_accepted_whatever_the_dice(name: str) -> None:
    """Validate, then roll: a listed action, with any option of its choice domains, is legal and
    never refused whatever the dice; a draw from a continuous domain is legal or refused before
    any roll."""
    rng = random.Random(1)
    for game in _states(name):
        for seat in _seats(game):
            for i, choice in enumerate(game.legal_actions(seat)):
                for j, (action, drawn) in enumerate(_variants(choice, rng)):
                    if not game.is_legal(seat, action):
                        assert drawn, (seat, choice.label, action)
                        continue
                    for seed in ("a", "b"):
                        _copy(game, f"{seed}{i}.{j}").act(seat, action)  # raises on a refusal


def _frequencies(game: AnyGame, seat: str, action: Mapping[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for i in range(TIMES):
        played = _copy(game, f"freq-{i}")
        played.act(seat, action)
        outcome = played.log_view("umpire")[-1]["outcome"]
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


@pytest.mark.parametrize("name", SCENARIOS)
def test_logged_outcomes_follow_the_exact_odds(name: str) -> None:
    """The umpire's odds of a seat's action, hidden facts counted, and the outcomes its plays
    log come from one definition."""
    rng = random.Random(2)
    tried = 0
    # a playout can run dry of chance (one side wiped out early): then the next one is tried
    games = (g for playout in range(3) if not tried for g in _states(name, playout))
    for game in games:
        uncertain = []
        for seat in _seats(game):
            for choice in game.legal_actions(seat):
                action = choice.sample(rng)
                odds = game.odds("umpire", action, acting=seat)
                if odds.exact and len(odds.outcomes) > 1:
                    uncertain.append((seat, action, odds))
        for seat, action, odds in rng.sample(uncertain, min(2, len(uncertain))):
            tried += 1
            counts = _frequencies(game, seat, action)
            support = {o.summary: o.probability or Fraction(0) for o in odds.outcomes}
            assert set(counts) <= set(support), set(counts) - set(support)
            for summary, p in support.items():
                sigma = math.sqrt(float(p * (1 - p)) / TIMES)
                assert abs(counts.get(summary, 0) / TIMES - float(p)) <= 5 * sigma + 1 / TIMES
    assert tried, "no action with uncertain odds was tried"


# -- secrets ---------------------------------------------------------------------------------------


def _pairs() -> list[HiddenPair]:
    """Every ruleset's pairs, from `tests/RULESET/*_pairs.py` (its folder on the path, as
    pytest puts it there for the folder's own tests)."""
    out: list[HiddenPair] = []
    for ruleset in RULESETS:
        folder = Path(__file__).parent / ruleset
        for module in sorted(folder.glob("*_pairs.py")):
            if str(folder) not in sys.path:
                sys.path.insert(0, str(folder))
            out += importlib.import_module(module.stem).pairs()
    return out


PAIRS = _pairs()


def _told(game: AnyGame, seat: str, action: Mapping[str, Any]) -> Any:
    """Everything `seat` is told about `action`: its refusal, or its odds and dice prompts."""
    try:
        odds = game.odds(seat, action).describe()
        first = game.dice_prompt(seat, action)
    except KriegsspielError as exc:
        return ("refused", str(exc))
    prompts: list[Any] = [None if first is None else (first.name, [p.label for p in first.pools])]
    try:
        game.dice_prompt(seat, action, [1] * 40)
    except KriegsspielError as exc:  # how many faces it wants, said the same way
        prompts.append(str(exc))
    return ("odds", odds, prompts)


def _typed(game: AnyGame, seat: str, action: Mapping[str, Any], faces: list[int]) -> str:
    """What acting with typed-in dice answers (on a copy): the error, or "accepted"."""
    try:
        _copy(game, "typed").act(seat, action, EnteredDice(faces, "p"))
    except KriegsspielError as exc:
        return str(exc)
    return "accepted"


def test_every_ruleset_has_hidden_pairs() -> None:
    assert {p.a.ruleset.name for p in PAIRS} == set(RULESETS)


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{p.a.ruleset.name}: {p.what}" for p in PAIRS])
def test_a_seat_is_told_nothing_of_what_is_hidden_from_it(pair: HiddenPair) -> None:
    seat, a, b = pair.seat, pair.a, pair.b
    assert a.view(seat) == b.view(seat)
    legal = [msgspec.to_builtins(c) for c in a.legal_actions(seat)]
    assert legal == [msgspec.to_builtins(c) for c in b.legal_actions(seat)]
    rng = random.Random(3)
    actions = [c.sample(rng) for c in a.legal_actions(seat)] + [dict(p) for p in pair.probes]
    for action in actions:
        assert _told(a, seat, action) == _told(b, seat, action), action
        for faces in ([], [5], [5, 5], [10, 10, 10]):
            assert _typed(a, seat, action, faces) == _typed(b, seat, action, faces), action


def _shape(game: AnyGame, seat: str) -> list[Any]:
    """What a seat's commitments show without their hashes: entries, slots and hash lengths."""
    return [
        (
            c["n"],
            len(c.get("commitment", "")),
            [(t["slot"], len(t["commitment"])) for t in c["things"]],
        )
        for c in game.commitments(seat)
    ]


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{p.a.ruleset.name}: {p.what}" for p in PAIRS])
def test_a_seat_is_sent_commitments_of_one_shape_and_no_opening_of_what_it_was_not_shown(
    pair: HiddenPair,
) -> None:
    """The commitments to a seat (core/commitments.py) read the same in both games of a pair
    but for their hashes; a thing is opened to it only once shown, so alike in both."""
    seat, a, b = pair.seat, pair.a, pair.b
    assert _shape(a, seat) == _shape(b, seat)
    assert [(o["slot"], o["content"]) for o in a.opened(seat)] == [
        (o["slot"], o["content"]) for o in b.opened(seat)
    ]
