"""WAT-MOVE-01..10 and AMB-WAT-02..06: craft movement, the drift table and its modifiers.

The test river here is 36" x 36": 3 x 3 squares, banks north and south, table edges east and west.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from wat_helpers import ALLIES, boat, do, end, game_of, refused, stand

from kriegsspiel.core.checks import Check
from kriegsspiel.rulesets.waterborne import checks
from kriegsspiel.rulesets.waterborne.kinds import CRAFT_TYPES
from kriegsspiel.rulesets.waterborne.tables import DEFAULT_TABLES

F = Fraction


def river(ctype: str = "storm-boat", **where: Any) -> Any:
    """One craft with a squad aboard, in square (1, 1) heading north unless told otherwise."""
    spec = boat("b", ctype, **(where or {"square": [1, 1]}))
    return game_of([stand("sq", aboard="b")], [spec], water=(36, 36))


def move(game: Any, *faces: int, **target: Any) -> Any:
    return do(game, ALLIES, {"action": "move-craft", "craft": "b", **target}, *faces)


def at(game: Any) -> tuple[str, tuple[int, int] | None, int]:
    c = game.state.craft["b"]
    return c.feature, c.cell, c.heading


def odds(check: Check) -> dict[str, Fraction]:
    return dict(check.odds_table())


# -- WAT-MOVE-01..04: where a craft may go --------------------------------------------------------


def test_wat_move_01_speed_1_one_square_or_landing_per_move() -> None:
    """WAT-MOVE-01: two squares in one move -> rejected; from the square beside the shore to
    the bank -> accepted."""
    game = river(square=[1, 0])
    assert refused(game, ALLIES, {"action": "move-craft", "craft": "b", "square": [1, 2]}).rule == (
        "WAT-MOVE-01"
    )
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "b", "land": "north"})
    assert err.rule == "WAT-MOVE-01"  # the north bank is not next to row 0
    move(game, 5, land="south", pivot=180)  # storm boat +1: 5 + 1 = 6, as planned
    assert at(game) == ("south", (1, -1), 180)


def test_wat_move_01_one_move_per_initiative_and_landing_is_the_whole_move() -> None:
    """WAT-MOVE-01, AMB-WAT-06: a landed craft has used its move this initiative."""
    game = river("buffalo", square=[1, 2])
    move(game, 4, land="north")  # +2: 6, as planned
    assert at(game)[0] == "north"
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "b", "land": "village"})
    assert err.rule == "WAT-MOVE-01"


def test_wat_move_02_the_destination_must_be_declared() -> None:
    """WAT-MOVE-02: a move command without a target is rejected."""
    game = river()
    assert refused(game, ALLIES, {"action": "move-craft", "craft": "b"}).rule == "WAT-MOVE-02"
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "b", "square": [1, 1]})
    assert err.rule == "WAT-MOVE-02"


def test_wat_move_03_a_90_or_180_degree_pivot_then_straight() -> None:
    """WAT-MOVE-03: pivot 90° then one square forward -> accepted; a 45° pivot -> rejected."""
    game = river()
    err = refused(
        game, ALLIES, {"action": "move-craft", "craft": "b", "square": [2, 1], "pivot": 45}
    )
    assert err.rule == "WAT-MOVE-03"
    err = refused(
        game, ALLIES, {"action": "move-craft", "craft": "b", "square": [1, 2], "pivot": 90}
    )
    assert err.rule == "WAT-MOVE-03"  # after a 90° pivot, north is not ahead
    move(game, 5, square=[2, 1], pivot=90)
    assert at(game) == ("water-2-1", (2, 1), 90)


def test_wat_move_03_the_pivot_is_taken_from_the_destination_when_not_given() -> None:
    game = river()
    move(game, 5, square=[1, 0])  # a 180° pivot, then south
    assert at(game) == ("water-1-0", (1, 0), 180)


def test_wat_move_04_no_diagonal_moves() -> None:
    """WAT-MOVE-04: a declared diagonal destination is rejected."""
    game = river()
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "b", "square": [2, 2]})
    assert err.rule == "WAT-MOVE-04"


# -- WAT-MOVE-05..07: the drift table -------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "cell"),
    [(3, (2, 2)), (4, (0, 2)), (5, (1, 2)), (1, (1, 1)), (2, (1, 1))],
)
def test_wat_move_05_drift_right_and_left_of_the_target(face: int, cell: tuple[int, int]) -> None:
    """WAT-MOVE-05: target (x, y+1) heading north; modified 4 -> (x+1, y+1), 5 -> (x-1, y+1),
    6 -> as planned, 2-3 -> no movement. Storm boat: +1 (WAT-MOVE-09)."""
    game = river()
    move(game, face, square=[1, 2])
    assert at(game)[1] == cell


def test_wat_move_05_drift_is_relative_to_the_heading_after_the_pivot() -> None:
    """AMB-WAT-03: heading east after the pivot, right is south: (2, 1) drifts to (2, 0)."""
    game = river()
    move(game, 3, square=[2, 1])  # 3 + 1 = 4: drift right
    assert at(game) == ("water-2-0", (2, 0), 90)


def test_wat_move_05_drifting_onto_a_bank_lands_there() -> None:
    game = river(square=[1, 0])
    move(game, 3, square=[2, 0])  # heading east, drift right (south) -> beyond row 0: the bank
    assert at(game) == ("south", (2, -1), 90)


def test_wat_move_06_a_foundering_craft_is_lost_with_all_passengers() -> None:
    """WAT-MOVE-06: modified result 1 -> craft and passengers removed."""
    game = river("oared-boat")
    entry = move(game, 1, square=[1, 2])
    assert game.state.craft["b"].status == "lost"
    assert game.state.units["sq"].status == "killed"
    assert any(getattr(r.event, "rule", "") == "WAT-MOVE-06" for r in entry.records)


def test_wat_move_07_drifting_off_the_table_loses_craft_and_passengers() -> None:
    """WAT-MOVE-07: from the east edge square, a drift right off the table."""
    game = river(square=[2, 1])
    move(game, 3, square=[2, 2])  # heading north, drift right -> (3, 2): off the east edge
    assert game.state.craft["b"].status == "lost"
    assert game.state.units["sq"].status == "killed"


# -- WAT-MOVE-08..10: the modifiers, as exact odds ------------------------------------------------


def test_wat_move_08_manual_craft_roll_plus_0() -> None:
    """WAT-MOVE-08: founder 1/6, no move 2/6, right 1/6, left 1/6, as planned 1/6."""
    for ctype in ("oared-boat", "improvised"):
        check = checks.craft_move(DEFAULT_TABLES, CRAFT_TYPES[ctype].propulsion)
        assert odds(check) == {
            "founder": F(1, 6), "no-move": F(2, 6), "drift-right": F(1, 6),
            "drift-left": F(1, 6), "as-planned": F(1, 6),
        }  # fmt: skip


def test_wat_move_09_allied_storm_boats_roll_plus_1() -> None:
    """WAT-MOVE-09: founder 0, no move 2/6, right 1/6, left 1/6, as planned 2/6."""
    check = checks.craft_move(DEFAULT_TABLES, CRAFT_TYPES["storm-boat"].propulsion)
    assert odds(check) == {
        "founder": F(0), "no-move": F(2, 6), "drift-right": F(1, 6), "drift-left": F(1, 6),
        "as-planned": F(2, 6),
    }  # fmt: skip


def test_wat_move_10_other_powered_craft_roll_plus_2_and_never_founder() -> None:
    """WAT-MOVE-10: founder 0, no move 1/6, right 1/6, left 1/6, as planned 3/6."""
    expected = {
        "founder": F(0), "no-move": F(1, 6), "drift-right": F(1, 6), "drift-left": F(1, 6),
        "as-planned": F(3, 6),
    }  # fmt: skip
    for ctype in ("powered-boat", "buffalo", "dukw", "amphibious-jeep", "lcm", "folkestone",
                  "sherman-dd"):  # fmt: skip
        assert odds(checks.craft_move(DEFAULT_TABLES, CRAFT_TYPES[ctype].propulsion)) == expected


def test_amb_wat_05_modifier_class_of_each_craft() -> None:
    """AMB-WAT-05: +2 powered boats, Buffalo, DUKW, jeep, LCM, Folkestone, DD; +1 storm boats;
    0 oared boats and improvised flotation."""
    classes = {name: kind.propulsion for name, kind in CRAFT_TYPES.items()}
    assert classes == {
        "oared-boat": "manual", "improvised": "manual", "storm-boat": "storm-boat",
        "powered-boat": "powered", "amphibious-jeep": "powered", "dukw": "powered",
        "sherman-dd": "powered", "buffalo": "powered", "lcm": "powered", "folkestone": "powered",
    }  # fmt: skip


def test_the_roll_in_play_is_the_check_shown() -> None:
    """The modifier recorded with a move is the class's, cited by rule."""
    game = river("buffalo")
    entry = move(game, 4, square=[1, 2])
    result = entry.records[0].event.result
    assert [(m.value, m.rule) for m in result.modifiers] == [(2, "WAT-MOVE-10")]
    assert result.total == 6
    assert result.outcome == "as-planned"


# -- AMB-WAT-02, -04, -06 -------------------------------------------------------------------------


def test_amb_wat_02_stationary_craft_do_not_drift() -> None:
    """AMB-WAT-02: only a craft that tries to move rolls; ending the initiative rolls nothing."""
    game = river()
    end(game)  # no faces given: any roll would fail the test
    assert at(game) == ("water-1-1", (1, 1), 0)


def test_amb_wat_04_option_oared_no_founder() -> None:
    """AMB-WAT-04: with `oared_no_founder`, an oared boat's natural 1 is no movement; improvised
    flotation still founders."""
    oared = game_of(
        [stand("sq", aboard="b")], [boat("b", "oared-boat", square=[1, 1])], water=(36, 36),
        options={"oared_no_founder": True},
    )  # fmt: skip
    move(oared, 1, square=[1, 2])
    assert oared.state.craft["b"].status == "ok"
    assert at(oared)[1] == (1, 1)
    raft = game_of(
        [stand("sq", aboard="b")], [boat("b", "improvised", square=[1, 1])], water=(36, 36),
        options={"oared_no_founder": True},
    )  # fmt: skip
    move(raft, 1, square=[1, 2])
    assert raft.state.craft["b"].status == "lost"


def test_amb_wat_06_amphibians_drive_on_later_initiatives_others_stay_beached() -> None:
    """AMB-WAT-06: landing is the full move; a Buffalo then drives inland next initiative; an
    LCM on the bank can only put out again."""
    game = game_of(
        [stand("sq", aboard="buf"), stand("sq2", aboard="lcm")],
        [boat("buf", "buffalo", square=[0, 0]), boat("lcm", "lcm", land="south", column=2)],
        water=(36, 36),
    )
    do(game, ALLIES, {"action": "move-craft", "craft": "buf", "land": "south", "pivot": 180}, 4)
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "buf", "land": "woods"})
    assert err.rule == "WAT-MOVE-01"
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "lcm", "land": "woods"})
    assert err.rule == "AMB-WAT-06"
    end(game)
    end(game)  # the axis hands the initiative back
    do(game, ALLIES, {"action": "move-craft", "craft": "buf", "land": "woods"})  # no roll on land
    assert game.state.craft["buf"].feature == "woods"
    do(game, ALLIES, {"action": "move-craft", "craft": "lcm", "square": [2, 0]}, 4)
    assert game.state.craft["lcm"].feature == "water-2-0"


def test_a_craft_anywhere_on_a_bank_puts_out_into_a_square_it_touches() -> None:
    """WAT-MOVE-01: from the bank, one square into the water, straight out."""
    game = river("buffalo", land="south")
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "b", "square": [1, 1]})
    assert err.rule == "WAT-MOVE-01"
    move(game, 4, square=[2, 0])
    assert at(game) == ("water-2-0", (2, 0), 0)


def test_wat_move_07_a_drift_past_a_corner_is_off_the_table() -> None:
    """Landing from the north-east square, a drift right ends beyond two sides: lost."""
    game = river(square=[2, 2])
    move(game, 3, land="north")
    assert game.state.craft["b"].status == "lost"
