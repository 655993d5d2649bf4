"""The log reads as people would write it: sides by their names ("the US"), whose Command Pulse
said whole, distances and places to the tenth of an inch, ranges rounded up so that they agree
with their band, angles to the degree, counts in the right number, each event once."""

from __future__ import annotations

import random
import re

import pytest
from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    bundled,
    do,
    end_pulse,
    move,
    one,
    order,
    pass_,
    scenario_data,
    unit,
)

from kriegsspiel.core.game import Game
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.abilities import RULESET, AblScenario
from kriegsspiel.rulesets.abilities.fire import Fired
from kriegsspiel.rulesets.abilities.morale import ForcedBack, Reacted
from kriegsspiel.rulesets.abilities.words import (
    count,
    degrees,
    inches,
    listed,
    order_chain,
    place,
    range_inches,
    the,
)
from kriegsspiel.scenario.load import scenario_from_data


def _texts(game: AblGame, seat: str) -> list[str]:
    return [e["text"] for item in game.log_view(seat) for e in item["events"]]


def _last(game: AblGame, seat: str) -> list[str]:
    return [e["text"] for e in game.log_view(seat)[-1]["events"]]


def test_numbers_are_rounded_for_people() -> None:
    assert inches(3.00004) == '3"'
    assert inches(2.7182) == '2.7"'
    assert inches(0.04) == '0"'
    assert place((27.0748, 22.2546)) == "27.1,22.3"
    assert place((-0.01, 48.0)) == "0,48"
    assert degrees(136.4) == "136°"
    assert degrees(359.6) == "0°"


@pytest.mark.parametrize(
    ("distance", "text"),
    [(6.0, '6"'), (6.04, '6.1"'), (5.96, '6"'), (0.3, '0.3"'), (12.3693, '12.4"')],
)
def test_a_range_is_rounded_up_so_that_it_agrees_with_its_band(distance: float, text: str) -> None:
    """6.04" is past a 6" short range: it reads 6.1", never 6"."""
    assert range_inches(distance) == text


def test_counts_lists_chains_and_sides_read_as_sentences() -> None:
    assert [count(n, "success", "successes") for n in (0, 1, 2)] == [
        "0 successes",
        "1 success",
        "2 successes",
    ]
    assert count(1, "Disruption Point") == "1 Disruption Point"
    assert [listed(x) for x in ((), ("a",), ("a", "b"), ("a", "b", "c"))] == [
        "",
        "a",
        "a and b",
        "a, b and c",
    ]
    assert order_chain((4, 4), 0) == "a double Order Chain [4, 4]"
    assert order_chain((6,), 2) == "a triple Order Chain [6] + 2 wild dice"
    assert order_chain((), 1) == "a single Order Chain of 1 wild die"
    assert the("US") == "the US"
    assert the("The Kampfgruppe") == "The Kampfgruppe"


def _named_game() -> AblGame:
    """The US (r1, r2) against the Germans (g), 6.04" from r2."""
    data = scenario_data(
        [
            unit("r1", ALLIES, "us-rifle-platoon", (20, 10)),
            unit("r2", ALLIES, "us-rifle-platoon", (24, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (24, 16.04), facing=180),
        ]
    )
    data["sides"] = [{"id": ALLIES, "name": "US"}, {"id": GERMAN, "name": "Germans"}]
    scenario = scenario_from_data(data, "test.yaml")
    assert isinstance(scenario, AblScenario)
    return Game(RULESET, scenario, "test-seed")


def test_the_log_names_sides_and_says_whose_command_pulse() -> None:
    game = _named_game()
    begin(game)
    rolled = [t for t in _texts(game, GERMAN) if t.startswith("Command Dice")]
    assert rolled[0].startswith("Command Dice for the US: abilities.command: rolled 6,4,4,3,2")
    assert rolled[1].startswith("Command Dice for the Germans: abilities.command: rolled 5,5,3")
    assert rolled[2] == "Command Dice settled; the first Command Pulse goes to the US"
    order(game, ALLIES, "r1", [4], group="r2")
    assert _last(game, GERMAN) == [
        "Command Pulse 1 of the US: a single Order Chain [4] activates r1 commanding r2"
    ]
    end_pulse(game, ALLIES)
    assert _last(game, UMPIRE) == [
        "Command Pulse 1 of the US ends; Command Pulse 2 goes to the Germans"
    ]
    do(game, GERMAN, {"action": "discard", "dice": [5, 5]})
    assert _last(game, ALLIES) == [
        "Command Pulse 2 of the Germans: Command Dice [5, 5] discarded",
        "Command Pulse 2 of the Germans ends; Command Pulse 3 goes to the US",
    ]


def test_the_log_rounds_moves_facings_and_ranges() -> None:
    game = _named_game()
    begin(game)
    order(game, ALLIES, "r1", [4], group="r2")
    move(game, ALLIES, "r1", (21.5, 12.2), part="fixed")  # 2.66" of the 3" Fixed Move
    assert _last(game, GERMAN)[0] == 'r1 moves 2.7" to 21.5,12.2 (allowance 3")'
    assert game.log_view(GERMAN)[-1]["outcome"].startswith('r1 moves 2.7"')
    if game.state.window is not None:
        pass_(game, GERMAN)
    do(game, ALLIES, {"action": "pivot", "unit": "r1", "facing": 136.4})
    assert _last(game, GERMAN)[0] == "r1 pivots to face 136° (a move: ABL-180-02, AMB-ABL-06)"
    if game.state.window is not None:
        pass_(game, GERMAN)
    # g is 6.04" away: past the 6" short range, so effective, and said so
    entry = do(
        game, ALLIES, {"action": "fire", "unit": "r2", "target": "g"}, 6, 1, 1, 1, 1, 1, 1, 1, 3
    )
    texts = [r.event.text() for r in entry.records]
    assert texts[0] == (
        'r2 fires at g at 6.1" (effective): 4D FP at 4+ '
        "[base 4D; TN 4+ +0 effective range (CHQ-FIRE)]"
    )
    fired, reacted = one(entry, Fired), one(entry, Reacted)
    assert texts[1] == f"r2: {fired.result.explain()}: 1 success, 1 six"
    assert texts[2] == (
        f"g reacts (Reaction 4D): {reacted.result.explain()}; 1 Disruption Point and suppressed"
    )
    forced = one(entry, ForcedBack)
    assert forced.to == (24.0, 25.04)
    assert texts[3] == f'g is forced back 9" to 24,25 ({forced.result.explain()})'


SIDE_IDS = re.compile(r"\b(allies|german)\b(?!-)")  # the bundled sides' ids, not unit types
UNROUNDED = re.compile(r"\d\.\d\d")


@pytest.mark.parametrize("seed", range(4))
def test_random_games_over_the_bundled_scenario_read_well(seed: int) -> None:
    """Every seat's log of a random game: sides by name, no "(s)", nothing unrounded, and no
    entry telling a seat the same thing twice."""
    rng = random.Random(seed)
    game = bundled()
    for _ in range(300):
        seats = game.ruleset.seats_to_act(game.state)
        if not seats:
            break
        seat = rng.choice([*seats, UMPIRE] if rng.random() < 0.05 else seats)
        action = game.random_action(seat, rng)
        if action is None:
            break
        game.act(seat, action)
    for seat in game.seats:
        for item in game.log_view(seat):
            texts = [e["text"] for e in item["events"]]
            assert len(set(texts)) == len(texts), texts
            for text in [*texts, item.get("outcome", "")]:
                assert not SIDE_IDS.search(text), text
                assert "(s)" not in text
                assert "(es)" not in text
                assert not UNROUNDED.search(text), text
