"""ENG-DEMO-01..09: demolition and remove-demolition actions. One test (or more) per rule.

The standard table: German engineers p1 at (0, 2) and p2 at (3, 0), a German MG team mg (not an
engineer), a US rifle squad r1 (attack 2 against troops) and US engineers e1 at (10, 2). German
demolitions: the bridge at (0, 1) (two preparations), the culvert at (10, 1) (prepared before the
game, ENG-DEMO-04, and known to the US so they can try to remove it).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from conftest import (
    EngGame,
    advance_to,
    demolition,
    do,
    events_tagged,
    game_of,
    pass_,
    plain,
    refused,
    tags,
    unit,
)
from kriegsspiel.registry import find_check

STRENGTH = 2


def table(
    *,
    options: dict[str, Any] | None = None,
    bridge: dict[str, Any] | None = None,
    e1_at: tuple[float, float] = (10, 2),
    extra: tuple[dict[str, Any], ...] = (),
) -> EngGame:
    return game_of(
        [
            unit("p1", "german", engineer=True, attack={"T": STRENGTH}, position=(0, 2)),
            unit("p2", "german", engineer=True, attack={"T": STRENGTH}, position=(3, 0)),
            unit("mg", "german", attack={"T": 3}, position=(5, 5)),
            unit("r1", "us", attack={"T": STRENGTH}, position=(0, 30)),
            unit("e1", "us", engineer=True, position=e1_at),
            *extra,
        ],
        demolitions=[
            bridge or demolition("bridge", preparations=2, position=(0, 1), name="road bridge"),
            demolition("culvert", prepared=True, position=(10, 1), known_to=["us"]),
        ],
        options=options,
    )


def demolish(unit_id: str, demo: str) -> dict[str, Any]:
    return {"action": "demolish", "unit": unit_id, "demolition": demo}


def prepare(unit_id: str, demo: str) -> dict[str, Any]:
    return {"action": "prepare", "unit": unit_id, "demolition": demo}


def remove(unit_id: str, demo: str, distance: float | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"action": "remove-demolition", "unit": unit_id, "demolition": demo}
    if distance is not None:
        data["distance"] = distance
    return data


def go(game: EngGame, seat: str, action: dict[str, Any], *faces: int) -> None:
    """Act, and let the enemy pass on opportunity fire if it may fire."""
    do(game, seat, action, *faces)
    if game.state.pending is not None:
        pass_(game)


def prepared(game: EngGame, demo: str) -> tuple[bool, int]:
    d = game.state.demolitions[demo]
    return d.prepared, game.state.tasks[d.task].progress


# -- ENG-DEMO-01 ---------------------------------------------------------------------------------


def test_eng_demo_01_previous_defensive_fire_bars_a_demolition() -> None:
    """ENG-DEMO-01: a DA by a unit that fired in the previous defensive fire phase -> rejected."""
    game = table(bridge=demolition("bridge", prepared=True, position=(0, 1)))
    advance_to(game, 1, "us", "defensive_fire")
    do(game, "german", {"action": "fire", "unit": "p1", "target": "r1"}, 1)
    advance_to(game, 2, "german")
    violation = refused(game, "german", demolish("p1", "bridge"), 5)
    assert violation.rule == "ENG-ACT-05"
    assert "demolition action" in violation.reason
    go(game, "german", demolish("p2", "bridge"), 5)  # p2 did not fire
    assert game.state.demolitions["bridge"].destroyed


def test_eng_demo_01_a_demolition_triggers_opportunity_fire() -> None:
    """ENG-DEMO-01: a DA triggers opportunity fire (ENG-ACT-09), and KO cancels it (-10)."""
    game = table(bridge=demolition("bridge", prepared=True, position=(0, 1)))
    entry = do(game, "german", demolish("p1", "bridge"), 5)
    (trigger,) = events_tagged(entry, "engineering-started")
    assert trigger["opportunity_for"] == "us"
    assert game.state.pending is not None
    assert not game.state.demolitions["bridge"].destroyed  # not before the window closes
    entry = do(game, "us", {"action": "opportunity-fire", "unit": "r1"}, 7)  # 7 + 2 = 9: KO
    assert "work-cancelled" in tags(entry)
    assert prepared(game, "bridge") == (True, 1)
    assert not game.state.demolitions["bridge"].destroyed


@pytest.mark.parametrize("phase", ["defensive_fire", "offensive_fire"])
def test_eng_demo_01_only_in_the_maneuver_phase(phase: str) -> None:
    """ENG-DEMO-01 with ENG-ACT-01."""
    game = table(bridge=demolition("bridge", prepared=True))
    advance_to(game, 1, "german", phase)
    assert refused(game, "german", demolish("p1", "bridge"), 5).rule == "ENG-ACT-01"


def test_eng_demo_01_only_action_of_the_turn() -> None:
    """ENG-DEMO-01 with ENG-ACT-03 and -04."""
    game = table(bridge=demolition("bridge", prepared=True))
    do(game, "german", {"action": "move", "unit": "p1", "to": [0, 3]})
    do(game, "us", {"action": "pass"})  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    assert refused(game, "german", demolish("p1", "bridge"), 5).rule == "ENG-ACT-03"
    go(game, "german", demolish("p2", "bridge"), 1)  # a dud
    assert refused(game, "german", {"action": "emplace", "unit": "p2"}).rule == "ENG-ACT-03"
    advance_to(game, 1, "german", "offensive_fire")
    fire = {"action": "fire", "unit": "p2", "target": "r1"}
    assert refused(game, "german", fire, 1).rule == "ENG-ACT-04"


def test_eng_demo_engineers_only() -> None:
    """AMB-ENG-44: only engineer units prepare and fire demolitions."""
    game = table(bridge=demolition("bridge", prepared=True))
    assert refused(game, "german", demolish("mg", "bridge"), 5).rule == "AMB-ENG-44"
    assert refused(game, "german", prepare("mg", "culvert")).rule == "AMB-ENG-44"


# -- ENG-DEMO-02 ---------------------------------------------------------------------------------


def test_eng_demo_02_only_against_a_prepared_demolition() -> None:
    """ENG-DEMO-02: a DA against an unprepared target is rejected."""
    game = table()
    assert prepared(game, "bridge") == (False, 0)
    assert refused(game, "german", demolish("p1", "bridge"), 5).rule == "ENG-DEMO-02"
    go(game, "german", prepare("p1", "bridge"))  # 1 of 2: still not prepared
    assert prepared(game, "bridge") == (False, 1)
    assert refused(game, "german", demolish("p2", "bridge"), 5).rule == "ENG-DEMO-02"


# -- ENG-DEMO-03 ---------------------------------------------------------------------------------


def test_eng_demo_03_preparation_counts_engineering_actions() -> None:
    """ENG-DEMO-03: preparing is a separate process of engineering actions on that target."""
    game = table()
    go(game, "german", prepare("p1", "bridge"))
    assert prepared(game, "bridge") == (False, 1)
    advance_to(game, 2, "german")
    do(game, "german", prepare("p1", "bridge"))
    entry = pass_(game)
    assert "demolition-prepared" in tags(entry)
    assert prepared(game, "bridge") == (True, 2)
    advance_to(game, 3, "german")
    assert refused(game, "german", prepare("p1", "bridge")).rule == "ENG-DEMO-03"


def test_eng_demo_03_a_prepared_charge_waits() -> None:
    """ENG-DEMO-03: a charge prepared in turn 2 can still be detonated in turn 9."""
    game = table(bridge=demolition("bridge", preparations=1, position=(0, 1)))
    advance_to(game, 2, "german")
    go(game, "german", prepare("p1", "bridge"))
    assert prepared(game, "bridge") == (True, 1)
    advance_to(game, 9, "german")
    assert prepared(game, "bridge") == (True, 1)
    go(game, "german", demolish("p1", "bridge"), 6)
    assert game.state.demolitions["bridge"].destroyed


def test_eng_demo_03_only_own_demolitions_are_prepared() -> None:
    game = table()
    advance_to(game, 1, "us")
    violation = refused(game, "us", prepare("e1", "culvert"))  # known to the US, but German
    assert violation.rule == "ENG-DEMO-03"


# -- ENG-DEMO-04 ---------------------------------------------------------------------------------


def test_eng_demo_04_prepared_by_the_scenario() -> None:
    """ENG-DEMO-04: scenario prepared=true -> DA allowed on turn 1 with no preparation EA."""
    game = table()
    assert game.state.turn == 1
    assert prepared(game, "culvert") == (True, 1)
    entry = do(game, "german", demolish("p1", "culvert"), 10)
    assert "demolition-prepared" not in tags(entry)
    pass_(game)
    assert game.state.demolitions["culvert"].destroyed


# -- ENG-DEMO-05 ---------------------------------------------------------------------------------


def test_eng_demo_05_odds() -> None:
    """ENG-DEMO-05: d10 results 2-10 succeed -> P(success) = 9/10."""
    odds = find_check("engineering.demolition").check().odds()
    assert odds["success"] == Fraction(9, 10)


@pytest.mark.parametrize("face", range(2, 11))
def test_eng_demo_05_every_roll_but_one_succeeds(face: int) -> None:
    """ENG-DEMO-05: a roll of 2..10 succeeds and applies the effect, seen by every seat."""
    game = table()
    do(game, "german", demolish("p1", "culvert"), face)
    entry = pass_(game)
    (fired,) = events_tagged(entry, "demolition-fired")
    assert (fired["result"]["faces"], fired["result"]["outcome"]) == (((face,),), "success")
    assert events_tagged(entry, "demolished")
    culvert = game.state.demolitions["culvert"]
    assert culvert.destroyed
    assert not culvert.prepared
    for seat in game.seats:
        shown = {d["id"]: d for d in game.view(seat)["demolitions"]}
        assert shown["culvert"]["destroyed"] is True


def test_eng_demo_05_nothing_left_to_do_after_success() -> None:
    game = table()
    go(game, "german", demolish("p1", "culvert"), 2)
    assert refused(game, "german", demolish("p2", "culvert"), 5).rule == "ENG-DEMO-02"
    assert refused(game, "german", prepare("p2", "culvert")).rule == "ENG-DEMO-03"


# -- ENG-DEMO-06 ---------------------------------------------------------------------------------


def test_eng_demo_06_odds() -> None:
    """ENG-DEMO-06: P(dud) = 1/10."""
    odds = find_check("engineering.demolition").check().odds()
    assert odds["dud"] == Fraction(1, 10)
    assert odds["success"] + odds["dud"] == 1


def test_eng_demo_06_a_dud() -> None:
    """ENG-DEMO-06: roll 1 -> no effect, target.prepared = false; an immediate second DA is
    rejected (ENG-DEMO-02)."""
    game = table()
    do(game, "german", demolish("p1", "culvert"), 1)
    entry = pass_(game)
    (fired,) = events_tagged(entry, "demolition-fired")
    assert fired["result"]["outcome"] == "dud"
    assert not events_tagged(entry, "demolished")
    culvert = game.state.demolitions["culvert"]
    assert (culvert.prepared, culvert.destroyed) == (False, False)
    assert refused(game, "german", demolish("p2", "culvert"), 5).rule == "ENG-DEMO-02"
    advance_to(game, 2, "german")
    assert refused(game, "german", demolish("p1", "culvert"), 5).rule == "ENG-DEMO-02"
    # prepared again, it may be fired again
    go(game, "german", prepare("p1", "culvert"))
    advance_to(game, 3, "german")
    go(game, "german", demolish("p1", "culvert"), 2)
    assert game.state.demolitions["culvert"].destroyed


@pytest.mark.parametrize(("dud_resets", "left"), [("all", 0), ("one", 2), (None, 0)])
def test_amb_eng_07_dud_resets(dud_resets: str | None, left: int) -> None:
    """AMB-ENG-07: with 3 preparations, a dud loses all of them (`all`, the default) or one."""
    options = {"dud_resets": dud_resets} if dud_resets else None
    three = demolition("bridge", preparations=3, prepared=True, position=(0, 1))
    game = table(options=options, bridge=three)
    assert prepared(game, "bridge") == (True, 3)
    go(game, "german", demolish("p1", "bridge"), 1)
    assert prepared(game, "bridge") == (False, left)
    turn = 2
    for _ in range(3 - left):
        advance_to(game, turn, "german")
        assert refused(game, "german", demolish("p1", "bridge"), 5).rule == "ENG-DEMO-02"
        go(game, "german", prepare("p1", "bridge"))
        turn += 1
    assert prepared(game, "bridge") == (True, 3)


# -- ENG-DEMO-07 ---------------------------------------------------------------------------------


def test_eng_demo_07_removal_is_an_engineering_action() -> None:
    """ENG-DEMO-07: a removal by a unit that already moved this turn is rejected."""
    game = table(bridge=demolition("bridge", prepared=True, position=(0, 1)))
    do(game, "german", {"action": "emplace", "unit": "p1"})
    advance_to(game, 2, "german")
    do(game, "german", {"action": "move", "unit": "p1", "to": [0, 2]})  # moves on the spot
    do(game, "us", {"action": "pass"})  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    assert refused(game, "german", remove("p1", "bridge")).rule == "ENG-ACT-03"


def test_eng_demo_07_only_a_prepared_demolition() -> None:
    """ENG-DEMO-07: a removal targeting an unprepared feature is rejected."""
    game = table()
    do(game, "german", {"action": "emplace", "unit": "p1"})
    advance_to(game, 2, "german")
    assert refused(game, "german", remove("p1", "bridge")).rule == "ENG-DEMO-07"


def test_eng_demo_07_bound_by_the_fire_restriction() -> None:
    """ENG-DEMO-07 with ENG-ACT-05: no removal after defensive fire in the previous turn."""
    e2 = unit("e2", "us", engineer=True, attack={"T": STRENGTH}, position=(10, 0))
    game = table(extra=(e2,))
    advance_to(game, 1, "us")
    do(game, "us", {"action": "emplace", "unit": "e1"})
    do(game, "us", {"action": "emplace", "unit": "e2"})
    advance_to(game, 2, "german", "defensive_fire")
    do(game, "us", {"action": "fire", "unit": "e2", "target": "p1"}, 1)
    advance_to(game, 2, "us")
    violation = refused(game, "us", remove("e2", "culvert"))
    assert violation.rule == "ENG-ACT-05"
    assert "remove demolition action" in violation.reason
    go(game, "us", remove("e1", "culvert"))  # e1 did not fire
    assert prepared(game, "culvert") == (False, 0)


def test_eng_demo_07_enemy_search_of_a_charge_no_longer_there() -> None:
    """docs/engineering.md: an enemy removal of a charge the owner has lost (a dud) spends the
    action and finds nothing, so no error tells the enemy more than it knew."""
    game = table()
    go(game, "german", demolish("p1", "culvert"), 1)  # dud: the culvert is unprepared
    advance_to(game, 1, "us")
    do(game, "us", {"action": "emplace", "unit": "e1"})
    advance_to(game, 2, "us")
    do(game, "us", remove("e1", "culvert"))
    entry = pass_(game)
    (removed,) = events_tagged(entry, "demolition-removed")
    assert removed["found"] is False
    (record,) = [r for r in entry.records if plain(r.event)["event"] == "demolition-removed"]
    assert record.to == ("us",)  # the owner is not told of the search
    assert game.state.actions_left("e1") == 0


# -- ENG-DEMO-08 ---------------------------------------------------------------------------------


def _emplaced_us_engineer(at: tuple[float, float] | None) -> EngGame:
    game = table(e1_at=at) if at is not None else _no_position_game()
    advance_to(game, 1, "us")
    do(game, "us", {"action": "emplace", "unit": "e1"})
    advance_to(game, 2, "us")
    return game


def _no_position_game() -> EngGame:
    return game_of(
        [
            unit("p1", "german", engineer=True, attack={"T": STRENGTH}),
            unit("e1", "us", engineer=True),
        ],
        demolitions=[demolition("culvert", prepared=True, known_to=["us"])],
    )


@pytest.mark.parametrize(("at", "allowed"), [((10, 2), True), ((10, 2.1), False)])
def test_eng_demo_08_within_one_inch(at: tuple[float, float], allowed: bool) -> None:
    """ENG-DEMO-08: emplaced at 1.0" -> allowed; at 1.1" -> rejected."""
    game = _emplaced_us_engineer(at)
    if allowed:
        go(game, "us", remove("e1", "culvert"))
        assert prepared(game, "culvert") == (False, 0)
    else:
        violation = refused(game, "us", remove("e1", "culvert"))
        assert violation.rule == "ENG-DEMO-08"
        assert '1.1"' in violation.reason


@pytest.mark.parametrize(("declared", "allowed"), [(1.0, True), (0.0, True), (1.1, False)])
def test_eng_demo_08_declared_distance(declared: float, allowed: bool) -> None:
    """ENG-DEMO-08: measured at the table with a ruler and declared: 1.0" yes, 1.1" no."""
    game = _emplaced_us_engineer(None)
    if allowed:
        do(game, "us", remove("e1", "culvert", declared))
        (removed,) = events_tagged(pass_(game), "demolition-removed")
        assert removed["distance"] == {"inches": declared, "declared": True}
        assert prepared(game, "culvert") == (False, 0)
    else:
        assert refused(game, "us", remove("e1", "culvert", declared)).rule == "ENG-DEMO-08"


def test_eng_demo_08_distance_needed_when_positions_are_unknown() -> None:
    game = _emplaced_us_engineer(None)
    violation = refused(game, "us", remove("e1", "culvert"))
    assert violation.rule == "ENG-DEMO-08"
    assert "declare the distance" in violation.reason


def test_eng_demo_08_must_be_emplaced() -> None:
    """ENG-DEMO-08: not emplaced -> rejected, however close."""
    game = table(e1_at=(10, 1.5))
    advance_to(game, 1, "us")
    assert refused(game, "us", remove("e1", "culvert")).rule == "ENG-DEMO-08"


def test_amb_eng_06_emplaced_in_an_earlier_turn() -> None:
    """AMB-ENG-06: emplacing and removing in the same turn is two actions; moving after
    emplacing loses the emplacement."""
    game = table(e1_at=(10, 2))
    advance_to(game, 1, "us")
    do(game, "us", {"action": "emplace", "unit": "e1"})
    assert refused(game, "us", remove("e1", "culvert")).rule == "ENG-ACT-03"
    do(game, "us", {"action": "move", "unit": "e1", "to": [10, 2]})
    do(game, "german", {"action": "pass"})  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    advance_to(game, 2, "us")
    assert refused(game, "us", remove("e1", "culvert")).rule == "ENG-DEMO-08"


# -- ENG-DEMO-09 ---------------------------------------------------------------------------------


def test_eng_demo_09_removal_resets_all_preparation() -> None:
    """ENG-DEMO-09: after one removal action, target.prepared = false and its preparation count
    is 0; no die is rolled."""
    three = demolition("bridge", preparations=3, prepared=True, position=(0, 1))
    game = table(bridge=three)
    do(game, "german", {"action": "emplace", "unit": "p1"})
    advance_to(game, 2, "german")
    do(game, "german", remove("p1", "bridge"))  # no faces: any roll would fail the test
    entry = pass_(game)
    (removed,) = events_tagged(entry, "demolition-removed")
    assert removed["found"] is True
    assert prepared(game, "bridge") == (False, 0)
    assert game.state.tasks["prepare:bridge"].status == "open"
    assert not game.state.demolitions["bridge"].destroyed


def test_eng_demo_09_enemy_removal_is_seen_by_the_owner() -> None:
    game = _emplaced_us_engineer((10, 2))
    do(game, "us", remove("e1", "culvert"))
    entry = pass_(game)
    assert prepared(game, "culvert") == (False, 0)
    (record,) = [r for r in entry.records if plain(r.event)["event"] == "demolition-removed"]
    assert record.to == ("german", "us")
    assert any(e["event"] == "demolition-removed" for e in game.log_view("german")[-1]["events"])
    # the owner must prepare it again before firing it
    advance_to(game, 3, "german")
    assert refused(game, "german", demolish("p1", "culvert"), 5).rule == "ENG-DEMO-02"
