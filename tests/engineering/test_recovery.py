"""BF-DEFAULT-RECOVERY: the recovery step when a side's player turn ends (a house default).

The rule's text (data/house_rules.toml, docs/engineering.md): when a side's player turn ends
(its offensive fire phase ends), its suppressed units recover and each of its disordered units
rolls the `rally` table, d10 + dr, 6 or more rallies, a natural 1 always fails; knocked-out
units never recover; nothing is rolled when the game ends.

German troops g1 (dr 0, an engineer) and g2 (dr +2) face a US squad u1 (an engineer, T 3) and
u2; the Germans move first. Fire faces come from the default fire table (conftest.fire_face).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from conftest import (
    GERMAN,
    US,
    EngGame,
    advance_to,
    do,
    events_tagged,
    fire_face,
    game_of,
    refused,
    start,
    task,
    unit,
)
from kriegsspiel.registry import find_check
from kriegsspiel.rulesets.engineering import EngScenario
from kriegsspiel.scenario.load import scenario_from_data

END: dict[str, Any] = {"action": "end-phase"}
US_T = 3
GERMAN_T = 2


def units() -> list[dict[str, Any]]:
    return [
        unit("g1", GERMAN, engineer=True, attack={"T": GERMAN_T}, position=(0, 0)),
        unit("g2", GERMAN, attack={"T": GERMAN_T}, position=(2, 0), dr=2),
        unit("u1", US, engineer=True, attack={"T": US_T}, position=(0, 20)),
        unit("u2", US, attack={"T": US_T}, position=(2, 20)),
    ]


def table(*, options: dict[str, Any] | None = None, turns: int | None = None) -> EngGame:
    return game_of(units(), tasks=[task("dig", US, required=3)], options=options, turns=turns)


def status(game: EngGame, uid: str) -> str:
    return game.state.units[uid].status


def hit(game: EngGame, seat: str, firer: str, target: str, outcome: str, strength: int) -> None:
    face = fire_face(outcome, strength)
    do(game, seat, {"action": "fire", "unit": firer, "target": target}, face)


def disordered_german(uid: str = "g1", **kw: Any) -> EngGame:
    """`uid` disordered by US defensive fire in the Germans' turn 1, now at their offensive fire."""
    game = table(**kw)
    advance_to(game, 1, GERMAN, "defensive_fire")
    hit(game, US, "u1", uid, "disordered", US_T)
    advance_to(game, 1, GERMAN, "offensive_fire")
    assert status(game, uid) == "disordered"
    return game


def rally_odds(game: EngGame, uid: str) -> Fraction:
    """The ending seat's odds that `uid` rallies in the recovery step."""
    outcomes = game.odds(GERMAN, END).outcomes
    rallies = [o.probability or Fraction(0) for o in outcomes if f"{uid} rallies" in o.summary]
    return sum(rallies, Fraction(0))


@pytest.mark.parametrize(
    ("dr", "p"),
    [(-2, Fraction(3, 10)), (-1, Fraction(2, 5)), (0, Fraction(1, 2)), (1, Fraction(3, 5)),
     (2, Fraction(7, 10))],
)  # fmt: skip
def test_bf_default_recovery_rally_odds_by_discipline_rating(dr: int, p: Fraction) -> None:
    """BF-DEFAULT-RECOVERY: d10 + dr, 6+ rallies, a natural 1 fails: at dr +2 faces 4-10."""
    odds = dict(find_check("engineering.rally").check(dr=dr).odds_table())
    assert odds == {"rallies": p, "fails": 1 - p}


def test_bf_default_recovery_a_disordered_unit_rallies_when_its_player_turn_ends() -> None:
    """BF-DEFAULT-RECOVERY: the side ending its offensive fire phase rolls for its disordered
    units, with its own dice; 6 or more at dr 0 rallies it."""
    game = disordered_german()
    assert rally_odds(game, "g1") == Fraction(1, 2)
    prompt = game.dice_prompt(GERMAN, END)
    assert prompt is not None
    assert prompt.name == "engineering.rally"
    entry = do(game, GERMAN, END, 6)
    assert status(game, "g1") == "ok"
    assert [e["unit"] for e in events_tagged(entry, "recovered")] == ["g1"]
    assert game.log_view(US)[-1]["events"][0]["text"] == (
        "g1 rallies: engineering.rally: rolled 6 +0 discipline rating (BF-DEFAULT-RECOVERY)"
        " = 6 -> rallies [BF-DEFAULT-RECOVERY]"
    )
    assert (game.state.phasing, game.state.phase) == (US, "maneuver")


def test_bf_default_recovery_a_failed_rally_leaves_it_disordered() -> None:
    """BF-DEFAULT-RECOVERY: 5 at dr 0 fails; the unit stays disordered into the next turn."""
    game = disordered_german()
    do(game, GERMAN, END, 5)
    assert status(game, "g1") == "disordered"
    assert game.log_view(GERMAN)[-1]["events"][0]["text"].startswith("g1 stays disordered: ")


def test_bf_default_recovery_a_natural_1_fails_whatever_the_dr() -> None:
    """BF-DEFAULT-RECOVERY: g2 (dr +2) rolls a natural 1: 3 would rally it, the 1 does not."""
    game = disordered_german("g2")
    do(game, GERMAN, END, 1)
    assert status(game, "g2") == "disordered"


def test_bf_default_recovery_only_the_side_whose_turn_ends() -> None:
    """BF-DEFAULT-RECOVERY: u1, disordered by German offensive fire, rolls nothing when the
    German turn ends; it is still disordered in its own maneuver phase (no engineering action,
    ENG-ACT-13) and rolls when the US turn ends."""
    game = table()
    advance_to(game, 1, GERMAN, "offensive_fire")
    hit(game, GERMAN, "g1", "u1", "disordered", GERMAN_T)
    do(game, GERMAN, END)  # no die: the US rolls at the end of its own turn
    assert (game.state.phasing, status(game, "u1")) == (US, "disordered")
    assert refused(game, US, {"action": "engineer", "unit": "u1", "task": "dig"}).rule == (
        "ENG-ACT-13"
    )
    advance_to(game, 1, US, "offensive_fire")
    do(game, US, END, 8)
    assert status(game, "u1") == "ok"
    advance_to(game, 2, US)
    assert game.is_legal(US, {"action": "engineer", "unit": "u1", "task": "dig"})


def test_bf_default_recovery_suppression_lifts_without_a_die() -> None:
    """BF-DEFAULT-RECOVERY: suppressed units recover at the end of their player turn, no roll."""
    game = table()
    advance_to(game, 1, GERMAN, "defensive_fire")
    hit(game, US, "u1", "g1", "suppressed", US_T)
    advance_to(game, 1, GERMAN, "offensive_fire")
    assert status(game, "g1") == "suppressed"
    do(game, GERMAN, END)
    assert status(game, "g1") == "ok"
    assert game.log_view(US)[-1]["events"][0]["text"] == (
        "g1 recovers from suppression (BF-DEFAULT-RECOVERY)"
    )


def test_bf_default_recovery_option_rally_rolls_for_suppressed_units() -> None:
    """BF-DEFAULT-RECOVERY with `suppression_recovery: rally`: suppressed units roll the rally
    table too; a failure leaves them suppressed."""
    for face, after in ((5, "suppressed"), (6, "ok")):
        game = table(options={"suppression_recovery": "rally"})
        advance_to(game, 1, GERMAN, "defensive_fire")
        hit(game, US, "u1", "g1", "suppressed", US_T)
        advance_to(game, 1, GERMAN, "offensive_fire")
        do(game, GERMAN, END, face)
        assert status(game, "g1") == after


def test_bf_default_recovery_never_for_a_knocked_out_unit() -> None:
    game = table()
    advance_to(game, 1, GERMAN, "defensive_fire")
    hit(game, US, "u1", "g1", "knocked-out", US_T)
    advance_to(game, 1, GERMAN, "offensive_fire")
    do(game, GERMAN, END)  # nothing to roll
    assert status(game, "g1") == "knocked-out"


def test_bf_default_recovery_nothing_is_rolled_when_the_game_ends() -> None:
    """BF-DEFAULT-RECOVERY: the last player turn ends the game, with no recovery step."""
    game = table(turns=1)
    advance_to(game, 1, US, "defensive_fire")
    hit(game, GERMAN, "g1", "u1", "disordered", GERMAN_T)
    advance_to(game, 1, US, "offensive_fire")
    do(game, US, END)
    assert game.state.over
    assert status(game, "u1") == "disordered"


def test_bf_default_recovery_the_rally_table_is_replaceable() -> None:
    """BF-DEFAULT-RECOVERY: a group's own rally table (4+) replaces the house one by name."""
    data: dict[str, Any] = {
        "ruleset": "engineering",
        "title": "our rulebook",
        "sides": [{"id": GERMAN}, {"id": US}],
        "units": units(),
        "tables": {
            "rally": {
                "title": "Rally (our rulebook)",
                "dice": "d10",
                "rules": ["BF-DEFAULT-RECOVERY"],
                "bands": [{"max": 3, "outcome": "fails"}, {"min": 4, "outcome": "rallies"}],
            }
        },
    }
    scenario = scenario_from_data(data, "ours.yaml")
    assert isinstance(scenario, EngScenario)
    game = start(scenario)
    advance_to(game, 1, GERMAN, "defensive_fire")
    hit(game, US, "u1", "g1", "disordered", US_T)
    advance_to(game, 1, GERMAN, "offensive_fire")
    assert rally_odds(game, "g1") == Fraction(7, 10)
    do(game, GERMAN, END, 4)
    assert status(game, "g1") == "ok"
