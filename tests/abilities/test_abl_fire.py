"""Fire and its results: CHQ-FIRE, -REACT, -DP, -SUPP, -FORCED, -COHESION, -MARKER, -OPFIRE,
-LOS; Short Range Fire (ABL-SRF-01), 180-degree fire (ABL-180), High Suppression (ABL-HISUP)
and Low Profile (ABL-LOWPRO) in play."""

from __future__ import annotations

from typing import Any

import pytest
from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    do,
    end_pulse,
    events,
    finish_turn,
    fire,
    game_of,
    kinds,
    move,
    one,
    order,
    pass_,
    refused,
    suppress,
    unit,
)

from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.abilities.fire import Fired, FireDeclared, WindowOpened
from kriegsspiel.rulesets.abilities.morale import Dispersed, ForcedBack, Reacted

GERMAN_FIRST = ((5, 5, 3, 2, 2), (6, 4, 4, 3, 2))


def _duel(target: dict[str, Any], *more: dict[str, Any], **kwargs: Any) -> AblGame:
    """A US rifle platoon at 10,10 facing north, and German units; the allies go first."""
    game = game_of([unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)), target, *more], **kwargs)
    begin(game)
    order(game, ALLIES, "rifle", [4])
    return game


def _declared(entry: Any) -> Any:
    return one(entry, FireDeclared).attack


# -- dice and TN ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "band", "tn"), [(5.0, "short", 3), (12.0, "effective", 4), (30.0, "long", 5)]
)
def test_chq_fire_range_band_modifiers(distance: float, band: str, tn: int) -> None:
    """CHQ-FIRE, CHQ-DEFAULT-RANGE: TN 4+; short (<= 6") -1, effective 0, long (<= 36") +1."""
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 10 + distance), facing=180))
    entry = fire(game, ALLIES, "rifle", "g", 1, 1, 1, 1)  # four misses: no Reaction Check
    attack = _declared(entry)
    assert (attack.dice, attack.tn, attack.targets[0].band) == (4, tn, band)
    assert one(entry, Fired).hits == 0
    assert not events(entry, Reacted)


def test_chq_fire_beyond_long_range_is_refused() -> None:
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 47), facing=180))
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "rifle", "target": "g"}).rule == "CHQ-FIRE"
    )


def test_chq_fire_flank_or_rear_minus_one_tn() -> None:
    """CHQ-FIRE: a target facing away (the firer behind its front arc): -1 TN."""
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=0))
    attack = _declared(fire(game, ALLIES, "rifle", "g", 1, 1, 1, 1))
    assert attack.tn == 2  # 4+ -1 short -1 rear
    assert attack.targets[0].flank


@pytest.mark.parametrize(("dice", "moves", "expected"), [([4, 4], 2, 3), ([4, 4, 6], 3, 2)])
def test_chq_fire_double_and_triple_moves_cost_dice(
    dice: list[int], moves: int, expected: int
) -> None:
    """CHQ-FIRE: after a double move -1D, after a triple -2D."""
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 0)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 20), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "rifle", dice)
    for step in range(moves):
        entry = move(game, ALLIES, "rifle", (10, 3 * (step + 1)))  # 3" = the Fixed Move, no roll
        if events(entry, WindowOpened):
            pass_(game, GERMAN)
    attack = _declared(fire(game, ALLIES, "rifle", "g", *([1] * expected)))
    assert attack.dice == expected


def test_abl_srf_01_plus_one_die_at_short_range_only() -> None:
    """ABL-SRF-01: a 4D Short Range Fire unit rolls 5D at short range, 4D at any longer band."""
    game = game_of(
        [
            unit("gren", GERMAN, "german-grenadier-platoon", (10, 20), facing=180),
            unit("near", ALLIES, "us-rifle-platoon", (10, 15)),
            unit("far", ALLIES, "us-rifle-platoon", (14, 8)),
        ]
    )
    begin(game, *GERMAN_FIRST)
    order(game, GERMAN, "gren", [4])
    attack = _declared(fire(game, GERMAN, "gren", "near", 1, 1, 1, 1, 1))
    assert (attack.dice, attack.targets[0].band) == (5, "short")
    assert any("ABL-SRF-01" in n for n in attack.notes)
    game2 = game_of(
        [
            unit("gren", GERMAN, "german-grenadier-platoon", (10, 20), facing=180),
            unit("far", ALLIES, "us-rifle-platoon", (10, 8)),
        ]
    )
    begin(game2, *GERMAN_FIRST)
    order(game2, GERMAN, "gren", [4])
    attack = _declared(fire(game2, GERMAN, "gren", "far", 1, 1, 1, 1))
    assert (attack.dice, attack.targets[0].band) == (4, "effective")


def test_chq_wild_die_adds_one_die_to_a_fire_roll() -> None:
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180),
        ]
    )
    do(game, ALLIES, {"action": "roll-command"}, 6, 4, 4, 3, 2)
    do(game, GERMAN, {"action": "roll-command"}, 1, 1, 5, 3, 2)  # a German Command Failure
    order(game, ALLIES, "rifle", [4])
    entry = do(
        game, ALLIES, {"action": "fire", "unit": "rifle", "target": "g", "wild": 1}, 1, 1, 1, 1, 1
    )
    assert _declared(entry).dice == 5
    assert game.state.command[ALLIES].wild == 1


# -- reaction, disruption, suppression, forced back -----------------------------------------------


def test_chq_react_dp_supp_forced_a_full_fire_result() -> None:
    """CHQ-REACT/-DP/-SUPP/-FORCED: 2 hits with one six against 1 success and no six: 1 DP (net),
    suppressed, forced back 6" + 1D6" (a 2) straight away from the firer."""
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180))
    entry = fire(game, ALLIES, "rifle", "g", 3, 6, 2, 1, 4, 1, 2, 3, 2)
    assert kinds(entry) == ["FireDeclared", "Fired", "Reacted", "ForcedBack"]
    assert (one(entry, Fired).hits, one(entry, Fired).sixes) == (2, 1)
    reacted = one(entry, Reacted)
    assert (reacted.dp, reacted.suppressed) == (1, True)
    assert reacted.result.check == "abilities.reaction"
    assert len(reacted.result.faces[0]) == 4
    back = one(entry, ForcedBack)
    assert back.inches == 8
    assert back.to == (10, 23)
    g = game.state.units["g"]
    assert (g.dp, g.suppressed, g.position) == (1, True, (10, 23))


def test_chq_react_no_reaction_check_without_a_success() -> None:
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180))
    entry = fire(game, ALLIES, "rifle", "g", 2, 2, 1, 1)
    assert kinds(entry) == ["FireDeclared", "Fired", "WindowOpened"]  # firing invites fire


def test_chq_supp_a_matched_six_saves_and_a_suppressed_target_reacts_at_five() -> None:
    """CHQ-SUPP: matching the firer's sixes avoids suppression; CHQ-REACT: 5+ when suppressed."""
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180))
    entry = fire(game, ALLIES, "rifle", "g", 6, 1, 1, 1, 6, 1, 1, 1)  # 1 hit, 1 six each
    assert one(entry, Reacted).suppressed is False
    assert one(entry, Reacted).dp == 0
    game2 = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180))
    suppress(game2, "g")
    entry = fire(game2, ALLIES, "rifle", "g", 3, 1, 1, 1, 4, 4, 4, 4)  # 4s fail at 5+
    assert one(entry, Reacted).dp == 1  # four 4s: no success at 5+ (at 4+ they would save all)


@pytest.mark.parametrize(("mode", "dp"), [("net", 2), ("gross", 3)])
def test_chq_dp_net_by_default_gross_as_an_option(mode: str, dp: int) -> None:
    """CHQ-DP (parent-games.md §4.3 (2)): 3 hits against 1 success: 2 DP net, 3 DP gross."""
    game = _duel(
        unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180),
        options={"disruption": mode},
    )
    entry = fire(game, ALLIES, "rifle", "g", 3, 3, 3, 1, 4, 1, 1, 1)
    assert one(entry, Reacted).dp == dp


def test_chq_cohesion_a_unit_is_dispersed_at_three_dp() -> None:
    """CHQ-COHESION: DPs reaching cohesion (3) disperse the unit; it is removed."""
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180))
    do(game, "umpire", {"action": "set-unit", "unit": "g", "dp": 2})
    entry = fire(game, ALLIES, "rifle", "g", 3, 1, 1, 1, 1, 1, 1, 1)
    assert kinds(entry) == ["FireDeclared", "Fired", "Reacted", "Dispersed"]
    assert one(entry, Dispersed).dp == 3
    assert game.state.units["g"].dispersed
    view = game.view(GERMAN)
    assert next(u for u in view["units"] if u["id"] == "g")["dispersed"]


def test_chq_forced_stops_at_the_table_edge() -> None:
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 45), facing=180))
    entry = fire(game, ALLIES, "rifle", "g", 4, 4, 6, 1, 1, 1, 1, 1, 5)
    back = one(entry, ForcedBack)
    assert back.inches == 11
    assert back.to == (10, 48)


# -- weapons against armour: AT dice, High Suppression, Low Profile -------------------------------


def test_chq_fire_at_dice_against_armour_fp_against_infantry() -> None:
    """CHQ-FIRE: FP cannot affect armour and AT cannot affect infantry."""
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("piat", ALLIES, "british-piat-team", (14, 10)),
            unit("tank", GERMAN, "german-panzer-iv", (10, 13), facing=180),
            unit("g", GERMAN, "german-grenadier-platoon", (14, 12), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "rifle", [4], "piat")
    attack = _declared(fire(game, ALLIES, "rifle", "tank", 1, 1))
    assert (attack.weapon, attack.dice) == ("at", 2)  # the bazooka
    pass_(game, GERMAN)
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "piat", "target": "g"}).rule == "CHQ-FIRE"
    )


def test_abl_hisup_02_fp_only_high_suppression_may_fire_at_armour() -> None:
    """ABL-HISUP-02: an FP-only High Suppression unit may target a tank; FP-only non-HS may not."""
    game = game_of(
        [
            unit("us-mg", ALLIES, "us-mg-platoon", (10, 10)),
            unit("sherman", ALLIES, "us-m4-sherman", (20, 10)),
            unit("mg", GERMAN, "german-mg-platoon", (20, 20), facing=180),
            unit("tank", GERMAN, "german-panzer-iv", (10, 20), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "us-mg", [4])
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "us-mg", "target": "tank"}).rule
        == "ABL-HISUP-02"
    )
    end_pulse(game, ALLIES)
    order(game, GERMAN, "mg", [5])
    attack = _declared(fire(game, GERMAN, "mg", "sherman", 1, 1, 1, 1, 1, 1))
    assert (attack.weapon, attack.dice) == ("fp", 6)


def test_abl_hisup_01_03_a_fully_armoured_target_is_only_suppressed() -> None:
    """ABL-HISUP-03 (AMB-ABL-10): FP hits on a closed tank: no DP, no Forced Back; ABL-HISUP-01:
    the tank rolls as many sixes as the MG (1 v 1) and is still suppressed."""
    game = game_of(
        [
            unit("sherman", ALLIES, "us-m4-sherman", (20, 10)),
            unit("mg", GERMAN, "german-mg-platoon", (20, 20), facing=180),
        ]
    )
    begin(game, *GERMAN_FIRST)
    order(game, GERMAN, "mg", [4])
    # 6D at 4+ (effective): 6,5,5,4 = 4 hits, 1 six; Sherman 6D: one 6, nothing else
    entry = fire(game, GERMAN, "mg", "sherman", 6, 5, 5, 4, 1, 1, 6, 1, 1, 1, 1, 1)
    reacted = one(entry, Reacted)
    assert (reacted.dp, reacted.suppressed) == (0, True)
    assert not events(entry, ForcedBack)
    assert any("ABL-HISUP-03" in n for n in reacted.notes)
    s = game.state.units["sherman"]
    assert (s.dp, s.suppressed, s.position) == (0, True, (20, 10))


def test_abl_hisup_04_an_open_topped_target_is_disrupted_and_forced_back() -> None:
    """ABL-HISUP-04: FP hits on an open-topped half-track: suppression, DP and Forced Back."""
    halftrack = {
        "name": "M3 half-track",
        "kind": "vehicle",
        "armour": "open-topped",
        "reaction": "4D",
        "fp": {"dice": 2},
    }
    game = game_of(
        [
            unit("ht", ALLIES, "m3", (20, 10)),
            unit("mg", GERMAN, "german-mg-platoon", (20, 20), facing=180),
        ],
        statlines={"m3": halftrack},
    )
    begin(game, *GERMAN_FIRST)
    order(game, GERMAN, "mg", [4])
    entry = fire(game, GERMAN, "mg", "ht", 6, 5, 5, 4, 1, 1, 4, 1, 1, 1)
    reacted = one(entry, Reacted)
    assert (reacted.dp, reacted.suppressed) == (3, True)
    assert kinds(entry)[-1] == "Dispersed"  # 3 DP = cohesion
    game2 = game_of(
        [
            unit("ht", ALLIES, "m3", (20, 10)),
            unit("mg", GERMAN, "german-mg-platoon", (20, 20), facing=180),
        ],
        statlines={"m3": halftrack},
    )
    begin(game2, *GERMAN_FIRST)
    order(game2, GERMAN, "mg", [4])
    entry = fire(game2, GERMAN, "mg", "ht", 6, 4, 1, 1, 1, 1, 4, 1, 1, 1, 3)
    assert (one(entry, Reacted).dp, one(entry, Reacted).suppressed) == (1, True)
    assert one(entry, ForcedBack).inches == 9  # 6" + 3 for the unmatched six
    assert any("ABL-HISUP-04" in n for n in one(entry, Reacted).notes)


def test_abl_lowpro_01_02_03_reaction_dice_in_play() -> None:
    """ABL-LOWPRO-03: the StuG's printed 6D (5D): 6D against the Sherman's direct fire
    (ABL-LOWPRO-01), 5D against the mortar's artillery (ABL-LOWPRO-02)."""
    game = game_of(
        [
            unit("sherman", ALLIES, "us-m4-sherman", (20, 10)),
            unit("mortar", ALLIES, "british-4-2in-mortar", (24, 10)),
            unit("stug", GERMAN, "german-stug-iii", (20, 20), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "sherman", [4], "mortar")
    entry = fire(game, ALLIES, "sherman", "stug", 4, 1, 1, 1, 1, 1, 1, *([1] * 6))
    assert len(one(entry, Reacted).result.faces[0]) == 6
    pass_(game, GERMAN)
    entry = fire(game, ALLIES, "mortar", "stug", 4, 1, 1, 1, *([1] * 5))
    assert _declared(entry).artillery
    assert len(one(entry, Reacted).result.faces[0]) == 5


def test_chq_react_light_cover_but_not_against_artillery() -> None:
    """CHQ-REACT: +1D in light cover (a wood), but not against artillery."""
    wood = {"id": "w", "kind": "woods", "points": [[15, 18], [25, 18], [25, 26], [15, 26]]}
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (20, 10)),
            unit("mortar", ALLIES, "british-4-2in-mortar", (26, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (20, 20), facing=180),
        ],
        terrain=[wood],
    )
    begin(game)
    order(game, ALLIES, "rifle", [4], "mortar")
    entry = fire(game, ALLIES, "rifle", "g", 4, 1, 1, 1, *([1] * 5))
    assert len(one(entry, Reacted).result.faces[0]) == 5
    pass_(game, GERMAN)
    entry = fire(game, ALLIES, "mortar", "g", 4, 1, 1, 1, *([1] * 4))
    assert len(one(entry, Reacted).result.faces[0]) == 4


# -- 180-degree fire ------------------------------------------------------------------------------


def _stug_game() -> AblGame:
    game = game_of(
        [
            unit("stug", GERMAN, "german-stug-iii", (30, 30), facing=180),
            unit("rifle", ALLIES, "us-rifle-platoon", (40, 31)),
            unit("sherman", ALLIES, "us-m4-sherman", (30, 18)),
        ]
    )
    begin(game, *GERMAN_FIRST)
    order(game, GERMAN, "stug", [4])
    return game


def test_abl_180_01_fire_only_to_the_front() -> None:
    """ABL-180-01: a target inside the front arc is allowed, one to the side is rejected."""
    game = _stug_game()
    side = {"action": "fire", "unit": "stug", "target": "rifle"}
    assert refused(game, GERMAN, side).rule == "ABL-180-01"
    attack = _declared(fire(game, GERMAN, "stug", "sherman", 1, 1, 1, 1, 1, 1, 1))
    assert attack.weapon == "at"


def test_abl_180_02_03_a_pivot_brings_the_target_in_front_and_invites_fire() -> None:
    """ABL-180-02: fire at a side target is accepted after a pivot; ABL-180-03 (AMB-ABL-06): the
    pivot triggers opportunity fire although the StuG stays where it is."""
    game = _stug_game()
    entry = do(game, GERMAN, {"action": "pivot", "unit": "stug", "facing": 90})
    assert kinds(entry) == ["Pivoted", "WindowOpened"]
    assert one(entry, WindowOpened).trigger == "stug"
    assert one(entry, WindowOpened).side == ALLIES
    assert game.state.units["stug"].position == (30, 30)
    pass_(game, ALLIES)
    attack = _declared(fire(game, GERMAN, "stug", "rifle", 1, 1, 1))
    assert attack.targets[0].unit == "rifle"


# -- the Fire Marker and opportunity fire ---------------------------------------------------------


def test_chq_marker_one_fire_per_turn_removed_at_the_end_of_the_turn() -> None:
    """CHQ-MARKER: a unit fires once per turn; Fire Markers go at the end of the turn."""
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 40), facing=180),
        ],
        command_dice={ALLIES: 2, GERMAN: 1},
    )
    begin(game, (6, 4), (5,))
    order(game, ALLIES, "rifle", [4])
    fire(game, ALLIES, "rifle", "g", 1, 1, 1, 1)
    assert game.state.units["rifle"].fire_marker
    pass_(game, GERMAN)
    end_pulse(game, ALLIES)
    finish_turn(game)
    assert game.state.turn == 2
    assert not game.state.units["rifle"].fire_marker


def test_chq_opfire_fire_at_a_unit_that_moves_in_the_enemy_pulse() -> None:
    """CHQ-OPFIRE: after an enemy move in LOS the side may fire (placing its marker) or pass;
    outside such a window it cannot fire in the enemy pulse."""
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 30), facing=180),
        ]
    )
    begin(game)
    order(game, ALLIES, "rifle", [4])
    assert (
        refused(game, GERMAN, {"action": "fire", "unit": "g", "target": "rifle"}).rule
        == "CHQ-OPFIRE"
    )
    entry = move(game, ALLIES, "rifle", (10, 13))
    assert one(entry, WindowOpened).side == GERMAN
    assert game.ruleset.seats_to_act(game.state) == [GERMAN]
    assert refused(game, ALLIES, {"action": "end-pulse"}).rule == "CHQ-OPFIRE"
    entry = fire(game, GERMAN, "g", "rifle", 1, 1, 1, 1)
    attack = _declared(entry)
    assert attack.opportunity
    assert attack.targets[0].distance == 17
    assert game.state.units["g"].fire_marker
    assert game.state.window is None  # no German unit left that could fire
    end_pulse(game, ALLIES)


def test_chq_opfire_no_window_when_no_enemy_could_fire() -> None:
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 30), facing=180),
        ]
    )
    begin(game)
    suppress(game, "g")
    order(game, ALLIES, "rifle", [4])
    assert kinds(move(game, ALLIES, "rifle", (10, 13))) == ["Moved"]


def test_chq_supp_suppressed_units_cannot_fire() -> None:
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 20), facing=180),
        ]
    )
    begin(game)
    suppress(game, "rifle")
    order(game, ALLIES, "rifle", [4])
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "rifle", "target": "g"}).rule == "CHQ-SUPP"
    )


def test_chq_los_a_hill_blocks_fire() -> None:
    hill = {"id": "h", "kind": "hill", "points": [[5, 14], [15, 14], [15, 16], [5, 16]]}
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 20), facing=180),
            unit("g2", GERMAN, "german-grenadier-platoon", (25, 20), facing=180),
        ],
        terrain=[hill],
    )
    begin(game)
    order(game, ALLIES, "rifle", [4])
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "rifle", "target": "g"}).rule == "CHQ-LOS"
    )
    fire(game, ALLIES, "rifle", "g2", 1, 1, 1, 1)


def test_fire_errors_name_the_problem() -> None:
    game = _duel(unit("g", GERMAN, "german-grenadier-platoon", (10, 15), facing=180))
    with pytest.raises(InputError):
        do(game, ALLIES, {"action": "fire", "unit": "rifle", "target": "nobody"})
    assert (
        refused(game, ALLIES, {"action": "fire", "unit": "rifle", "target": "rifle"}).rule
        == "CHQ-FIRE"
    )
    assert refused(game, GERMAN, {"action": "fire", "unit": "rifle", "target": "g"}).rule == "SEATS"


def test_chq_opfire_the_window_says_what_its_trigger_did() -> None:
    """CHQ-OPFIRE: the window opens after a unit moves, pivots (ABL-180-03, AMB-ABL-06) or fires,
    and says which (in the state and in every seat's view, so the enemy is told why it is asked)."""
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (10, 10)),
            unit("g", GERMAN, "german-grenadier-platoon", (10, 30), facing=180),
            unit("h", GERMAN, "german-grenadier-platoon", (14, 30), facing=180),
        ],
        command_dice={ALLIES: 3, GERMAN: 1},
    )
    begin(game, (6, 4, 4), (5,))
    order(game, ALLIES, "rifle", [4, 4])  # a double Order Chain: two moves
    whys: list[dict[str, Any]] = []
    move(game, ALLIES, "rifle", (10, 12))
    whys.append(game.view(GERMAN)["window"])
    pass_(game, GERMAN)
    do(game, ALLIES, {"action": "pivot", "unit": "rifle", "facing": 10})
    whys.append(game.view(GERMAN)["window"])
    pass_(game, GERMAN)
    fire(game, ALLIES, "rifle", "g", 1, 1, 1)  # 4D, -1D after its second move (CHQ-FIRE)
    whys.append(game.view(GERMAN)["window"])
    assert [(w["trigger"], w["side"], w["why"]) for w in whys] == [
        ("rifle", GERMAN, "moved"),
        ("rifle", GERMAN, "pivoted"),
        ("rifle", GERMAN, "fired"),
    ]
    assert game.state.window is not None
    assert game.state.window.why == "fired"
