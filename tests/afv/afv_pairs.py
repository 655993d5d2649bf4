"""Pairs of `afv` games that differ only in a fact hidden from one seat (see knowledge.py), for
the secrecy contract (`tests/test_chance_contract.py`, and `test_afv_hidden.py` here).

Every pair is the same small table: a US Sherman `s1` facing a German Panzer IV `p4` 24"
ahead (each crew with two cards). The hidden facts are made by US actions whose records go to
the US alone; then the umpire turns up `p4`'s card and its commander acquires `s1` (certain:
unbuttoned, dead ahead), so the German seat is asked about actions that touch the Sherman.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from afvkit import DE, UMPIRE_SEAT, US, AfvGame, crew, do, panzer, sherman, start

from hidden import HiddenPair

Make = Callable[[AfvGame], object]

FIRE = {"action": "fire", "vehicle": "p4", "crewman": "gunner", "weapon": "main", "target": "s1"}
PROBES: list[Mapping[str, Any]] = [
    FIRE,
    {**FIRE, "weapon": "coax"},
    {**FIRE, "weapon": "bow", "crewman": "co-driver"},
    {"action": "acquire", "vehicle": "p4", "crewman": "gunner", "target": "s1"},
    {"action": "traverse", "vehicle": "p4", "crewman": "gunner", "target": "s1"},
    {"action": "draw"},
    {"action": "fire", "vehicle": "s1", "crewman": "gunner", "weapon": "main", "target": "p4"},
    {"action": "load", "vehicle": "s1", "crewman": "loader", "round": "AP"},
]


def table(*, us_ammo: bool = True, entry: bool = False) -> AfvGame:
    extra: dict[str, Any] = {"entry": [24.0, 0.0]} if entry else {}
    return start(
        [
            sherman(cards=2, ammo={"HE": 10, "AP": 10} if us_ammo else None, **extra),
            panzer(position=(24.0, 34.0), unbuttoned=("commander",), cards=2, loaded="AP"),
        ]
    )


def umpire_draws(game: AfvGame, card: str) -> None:
    do(game, UMPIRE_SEAT, {"action": "draw", "card": card})


def german_card(game: AfvGame) -> None:
    """The umpire turns up p4's card; its commander acquires s1 (100%: no roll)."""
    umpire_draws(game, "p4#1")
    crew(game, "p4", "commander", "acquire", target="s1")


def pair(
    what: str,
    a: Make,
    b: Make,
    *,
    seat: str = DE,
    then: Make = german_card,
    us_ammo: bool = True,
    entry: bool = False,
) -> HiddenPair:
    """Two tables on a US card, `a` and `b` doing their hidden things, then `then` in both."""
    games = []
    for hidden in (a, b):
        game = table(us_ammo=us_ammo, entry=entry)
        if us_ammo:
            umpire_draws(game, "s1#1")
        hidden(game)
        then(game)
        games.append(game)
    return HiddenPair(what, seat, games[0], games[1], list(PROBES))


def nothing(game: AfvGame) -> None:
    return None


def ammo_rolled(face: int, he: int, ap: int) -> Make:
    def make(game: AfvGame) -> None:
        do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, face)
        do(game, US, {"action": "split-ammo", "vehicle": "s1", "he": he, "ap": ap})
        umpire_draws(game, "s1#1")

    return make


def co_driver_out(kit: int, then: Make = nothing) -> Make:
    def make(game: AfvGame) -> None:
        crew(game, "s1", "co-driver", "bail-out", kit)
        then(game)

    return make


def acquired(*, sight_in: bool) -> Make:
    def make(game: AfvGame) -> None:
        crew(game, "s1", "commander", "acquire", target="p4")
        if sight_in:
            crew(game, "s1", "gunner", "sight-in", target="p4")

    return make


def retreating(commander_seat_taken: bool) -> Make:
    """s1 fails morale badly and retreats (AFV-MORALE-05), its commander is killed; in one game
    the loader takes the commander's seat (AFV-CREW-06), so a retest roll is made on s1's next
    card: a roll the German seat drawing that card cannot know of."""

    def make(game: AfvGame) -> None:
        fired = {"action": "fired-on", "vehicle": "s1", "penetration": 200}
        do(game, UMPIRE_SEAT, fired, 90)
        killed = {"action": "damage", "vehicle": "s1", "effect": "killed", "crewman": "commander"}
        do(game, UMPIRE_SEAT, killed, 10)
        if commander_seat_taken:
            crew(game, "s1", "loader", "change-position", to="commander")

    return make


def pairs() -> list[HiddenPair]:
    acquire = {"target": "p4"}
    return [
        pair(
            "how many main-gun rounds a Sherman rolled and how it split them",
            ammo_rolled(1, 5, 5),
            ammo_rolled(10, 20, 10),
            us_ammo=False,
        ),
        pair(
            "the round in a Sherman's breech",
            lambda g: crew(g, "s1", "loader", "load", round="AP"),
            nothing,
        ),
        pair(
            "a Sherman's MG boxes",
            lambda g: crew(g, "s1", "co-driver", "reload-mg", mg="bow"),
            nothing,
        ),
        pair(
            "who sits in which position",
            co_driver_out(4, lambda g: crew(g, "s1", "loader", "change-position", to="co-driver")),
            co_driver_out(4),
        ),
        pair(
            "what a bailed-out crewman brought",
            co_driver_out(1),
            co_driver_out(10),
        ),
        pair(
            "what a Sherman's commander has acquired",
            lambda g: crew(g, "s1", "commander", "acquire", **acquire),
            nothing,
        ),
        pair(
            "the Sherman gunner's sight-in",
            acquired(sight_in=True),
            acquired(sight_in=False),
        ),
        pair(
            "which way the Sherman's commander watches",
            lambda g: crew(g, "s1", "commander", "look", direction="rear"),
            nothing,
        ),
        pair(
            "which Sherman crewmen acted on the US card in play",
            lambda g: crew(g, "s1", "commander", "acquire", **acquire),
            nothing,
            then=nothing,
        ),
        pair(
            "whether a retreating Sherman's commander seat is manned",
            retreating(True),
            retreating(False),
            entry=True,
        ),
        pair(
            "a Sherman's ammunition, seen from the public table",
            lambda g: crew(g, "s1", "loader", "load", round="HE"),
            nothing,
            seat="public",
        ),
    ]
