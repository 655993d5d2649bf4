"""The afv log in words for people: lengths to a tenth of an inch, angles and millimetres whole,
sides by their names, each happening told once, and no line cut short. The last test reads the
log of seeded random games of the bundled scenario (`Game.random_action`) line by line.
"""

from __future__ import annotations

import random
import re

from afvkit import (
    DE,
    UMPIRE_SEAT,
    US,
    AfvGame,
    crew,
    crew_refused,
    do,
    draw,
    man,
    sherman,
    start,
    tags,
    team,
)
from msgspec.structs import replace

from kriegsspiel.core.game import Game
from kriegsspiel.games import new_game
from kriegsspiel.rulesets.afv import wording
from kriegsspiel.rulesets.afv.topics import COMPOSED

NAMED = [{"id": US, "name": "the US"}, {"id": DE, "name": "Kampfgruppe Vogt"}]


def lines(game: AfvGame, seat: str = UMPIRE_SEAT, entry: int = -1) -> list[str]:
    return [e["text"] for e in game.log_view(seat)[entry]["events"]]


def test_numbers_are_rounded_for_people() -> None:
    assert wording.inches(3.00004) == '3.0"'
    assert wording.inches(2.96) == '3.0"'
    assert wording.inches(0.04) == 'under 0.1"'
    assert wording.inches(0.0) == '0.0"'
    assert wording.degrees(44.99999) == "45°"
    assert wording.degrees(0.3) == "under 1°"
    assert wording.compass(359.7) == "0°"
    assert wording.compass(89.5001) == "90°"
    assert wording.mm(106.04) == "106 mm"
    assert wording.point((24.04, -0.01)) == "24.0,0.0"


def test_speed_heading_and_traverse_read_rounded() -> None:
    """AFV-MOVE-01/05, AFV-TURRET-01: what the crew set is kept exactly, said rounded."""
    game = start([sherman(cards=3)])
    draw(game, "s1")
    crew(game, "s1", "driver", "set-speed", speed=3.00004)
    assert lines(game) == ['s1 sets its speed to 3.0" per card']
    crew(game, "s1", "commander", "traverse", bearing=44.99999)
    assert lines(game) == ["s1 traverses 45° to bear 45°"]
    draw(game, "s1")
    assert lines(game)[-1] == "s1 moves to 24.0,13.0"
    assert game.state.vehicles["s1"].speed == 3.00004
    crew(game, "s1", "driver", "steer", facing=359.7)
    assert lines(game) == ["s1 turns to 0°"]


def test_a_crew_action_is_told_once() -> None:
    """AFV-CREW-01: the crewman's spent action is bookkeeping, not a second line saying the
    same: the driver's stop is one line, for his side as for the other."""
    game = start([sherman(speed=2.0), team("reds", [man("r1", "rifle", (44.0, 44.0))])])
    draw(game, "s1")
    entry = crew(game, "s1", "driver", "set-speed", speed=0)
    assert tags(entry) == ["crew-acted", "speed-set"]
    for seat in (US, DE, UMPIRE_SEAT):
        assert lines(game, seat) == ["s1 stops"]


def test_a_man_moving_is_told_once() -> None:
    """SK-INFANTRY: a man's move is one line, his position to a tenth of an inch."""
    game = start([sherman(), team("reds", [man("r1", "rifle", (40.0, 40.0))])])
    draw(game, "reds")
    do(game, DE, {"action": "move", "man": "r1", "to": [41.234, 40.0]})
    assert lines(game, US) == ["r1 moves to 41.2,40.0"]


def test_sides_by_their_names() -> None:
    """SK-DRAW, SK-CARD, AFV-MORALE-06..13: the log and the refusals name the sides as the
    scenario does, never as "us's"."""
    game = start([sherman(), team("reds", [man("r1", "rifle", (44.0, 44.0))])], sides=NAMED)
    draw(game, "reds")
    assert lines(game)[0].startswith("card 1 is reds's card (Kampfgruppe Vogt): afv.card-draw")
    assert game.log_view(US)[-1]["outcome"] == "card 1 is reds's card (Kampfgruppe Vogt)"
    refusal = crew_refused(game, "s1", "driver", "set-speed", speed=1)
    assert str(refusal) == "SK-CARD: the card in play is a card of Kampfgruppe Vogt, not of the US"
    do(game, UMPIRE_SEAT, {"action": "record", "kind": "afv-lost", "side": US, "by_side": DE})
    assert lines(game) == ["morale count for the US: an AFV lost (inflicted by Kampfgruppe Vogt)"]


def test_a_loss_names_what_was_lost() -> None:
    """AFV-MORALE-09 with AMB-AFV-22: two AFVs that leave the table on one card are two lines
    that say which; one already at its entry point just leaves, with no retreat of 0"."""
    units = [
        sherman(entry=[24.0, 10.0]),
        sherman("s2", position=(30.0, 0.0), cards=2),
        team("reds", [man("r1", "rifle", (44.0, 44.0))]),
    ]
    game = start(units, sides=NAMED, free_move_cards={US: 1})
    for vid in ("s1", "s2"):
        do(game, UMPIRE_SEAT, {"action": "fired-on", "vehicle": vid, "penetration": 200}, 90)
    draw(game, "us:free-move#1")  # no crew card: no commander's retest
    assert lines(game)[1:] == [
        "s1 leaves the table",
        "morale count for the US: an AFV off the table, s1",
        "s2 leaves the table",
        "morale count for the US: an AFV off the table, s2",
    ]


def test_what_a_crewman_brings_out_in_words() -> None:
    """AFV-BAIL-02: the kit is said as the seed says it."""
    game = start([sherman()])
    draw(game, "s1")
    crew(game, "s1", "loader", "bail-out", 3)
    assert lines(game, US)[0] == "s1.loader leaves s1 by the top hatch"
    assert lines(game, US)[1].startswith("s1.loader brings an SMG and a hand grenade: ")


def test_a_hit_that_does_not_penetrate() -> None:
    """SK-DEFAULT-DAMAGE: the penetration against the armour, in whole millimetres."""
    game = start([sherman(), team("reds", [man("r1", "rifle", (24.0, 20.0))])])
    draw(game, "reds")
    do(game, DE, {"action": "shoot", "man": "r1", "target": "s1"}, 1)
    assert lines(game)[-1].startswith("the hit on s1's front does not penetrate: ")
    assert re.fullmatch(r".*: \d+ mm against \d+ mm of armour", lines(game)[-1])


def test_a_repair_and_a_release_in_words() -> None:
    """AFV-REPAIR-01/03: the item by its name; AFV-MORALE-04: the release says why."""
    pzf = team("reds", [man("pzf-1", "panzerfaust", (24.0, 20.0))])
    game = start([sherman(cards=3), pzf])
    draw(game, "s1")
    crew(game, "s1", "loader", "load", round="HE")
    crew(game, "s1", "commander", "acquire", target="pzf-1")
    crew(game, "s1", "gunner", "fire", 99, weapon="main", target="pzf-1")
    draw(game, "s1")
    crew(game, "s1", "loader", "repair", 50, item="main-gun")
    assert lines(game)[0].startswith(
        "s1's crew works on the main gun's firing mechanism (moderate): afv.repair: rolled 50"
    )
    assert game.log_view(US)[-1]["outcome"] == "s1's main gun's firing mechanism is repaired"
    game = start([sherman(cards=3), pzf])
    do(
        game,
        UMPIRE_SEAT,
        {"action": "fired-on", "vehicle": "s1", "penetration": 200, "by": "pzf-1"},
        60,
    )
    draw(game, "s1", 60)
    crew(game, "s1", "commander", "acquire", target="pzf-1")
    assert (
        lines(game, US)[-1] == "s1 is no longer halted (the enemy weapon is sighted, AFV-MORALE-04)"
    )


def _playout(index: int, steps: int) -> AfvGame:
    """A seeded random game of the bundled scenario: each step a random seat (the umpire now
    and then) takes `Game.random_action`."""
    rng = random.Random(index)
    bundled = new_game("afv", seed=f"log-lines-{index}")
    # without its victory conditions, so the deck's own end comes (game-ended) rather than a
    # decisive objective's
    game: AfvGame = Game(bundled.ruleset, replace(bundled.scenario, victory=None), bundled.seed)
    for _ in range(steps):
        seats = game.ruleset.seats_to_act(game.state)
        if not seats:
            break
        seat = UMPIRE_SEAT if rng.random() < 0.1 else rng.choice(seats)
        action = game.random_action(seat, rng)
        if action is not None:
            game.act(seat, action)
    return game


TOO_FINE = re.compile(r"\d\.\d{2,}|\d\.\d+°")  # finer than a tenth of an inch or a degree
SIDE_IDS = re.compile(r"\b(us|german)\b")  # the bundled scenario names both sides


def test_random_games_read_as_plain_sentences() -> None:
    """Every line of every seat's log of three random games: no number finer than people
    measure, no side by its id, no line empty or cut short (ending in a colon, a comma or an
    open bracket), no line twice in one entry; between them the games tell of every kind of
    event but the two the tests above play by hand and the bookkeeping."""
    seen: set[str] = set()
    for index in range(3):
        game = _playout(index, 250)
        for seat in game.seats:
            for entry in game.log_view(seat):
                said = [e["text"] for e in entry["events"]]
                assert len(said) == len(set(said)), said
                seen |= {e["event"] for e in entry["events"]}
                for line in said:
                    told = line.split(": afv.", 1)[0]  # a roll's explanation is the core's
                    assert line, entry
                    assert not line.endswith((":", "(", ",")), line
                    assert line.count("(") == line.count(")"), line
                    assert not TOO_FINE.search(told), line
                    assert not SIDE_IDS.search(told), line
    every = {e.__struct_config__.tag for e in COMPOSED.appliers}
    assert every - seen == {"repair-tried", "released", "crew-acted", "man-acted"}
