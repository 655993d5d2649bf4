"""Exact odds of every `abilities` check, derived by hand from the rules (parent-games.md §4)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from kriegsspiel.errors import InputError
from kriegsspiel.registry import all_checks, find_check
from kriegsspiel.rulesets.abilities import checks
from kriegsspiel.rulesets.abilities.catalogue import CATALOGUE, parse_reaction


def odds(name: str, **params: object) -> dict[str, F]:
    return dict(find_check(name).check(**params).odds_table())


def test_every_check_is_listed_for_kriegsspiel_odds() -> None:
    names = {c.name for c in all_checks()}
    assert {
        "abilities.fire",
        "abilities.reaction",
        "abilities.suppression",
        "abilities.spot",
        "abilities.command",
        "abilities.variable-move",
        "abilities.forced-back",
        "abilities.rally",
        "abilities.close-assault",
    } <= names


@pytest.mark.parametrize(
    ("tn", "p"), [(2, F(5, 6)), (3, F(2, 3)), (4, F(1, 2)), (5, F(1, 3)), (6, F(1, 6))]
)
def test_chq_fire_per_die_success_at_each_tn(tn: int, p: F) -> None:
    """CHQ-FIRE: one die succeeds at TN 2+ 5/6, 3+ 2/3, 4+ 1/2, 5+ 1/3, 6+ 1/6."""
    assert odds("abilities.fire", dice=1, tn=tn) == {"0": 1 - p, "1": p}


def test_chq_fire_success_counts_are_binomial() -> None:
    """CHQ-FIRE: 4D at 3+ (the MG example's dice) scores exactly 3 hits with C(4,3)(2/3)^3(1/3)."""
    table = odds("abilities.fire", dice=4, tn=3)
    assert table["3"] == F(32, 81)
    assert table["0"] == F(1, 81)
    assert 1 - odds("abilities.fire", dice=3, tn=4)["0"] == F(7, 8)  # 1 - 2^-n


def test_chq_fire_sliding_dice_beyond_six_and_below_two() -> None:
    """CHQ-FIRE: TN 7+ is 6+ with -1D per point over; TN 1 is 2+ with +1D per point under."""
    assert checks.slide(3, 7) == (2, 6)
    assert checks.slide(3, 9) == (0, 6)
    assert checks.slide(2, 1) == (3, 2)
    assert checks.slide(2, 0) == (4, 2)
    assert odds("abilities.fire", dice=3, tn=7)["0"] == F(25, 36)  # 2 dice at 6+
    assert odds("abilities.fire", dice=2, tn=1)["3"] == F(125, 216)  # 3 dice at 2+
    assert odds("abilities.fire", dice=1, tn=8)["0"] == 1  # no dice left


def test_chq_react_reaction_check_tn_and_cover() -> None:
    """CHQ-REACT: 4+ (5+ suppressed); light cover +1D, but not against artillery."""
    assert odds("abilities.reaction", dice=4)["0"] == F(1, 16)
    assert odds("abilities.reaction", dice=4, suppressed=True)["0"] == F(16, 81)
    assert odds("abilities.reaction", dice=4, cover=True)["0"] == F(1, 32)
    assert odds("abilities.reaction", dice=4, cover=True, artillery=True)["0"] == F(1, 16)


def test_abl_break_02_odds_a_breaking_off_vehicle_rolls_two_more_dice() -> None:
    """ABL-BREAK-02: a vehicle breaking off with Reaction 4D rolls 6D."""
    assert odds("abilities.reaction", dice=4, **{"breaking-off-vehicle": True})["0"] == F(1, 64)
    dice, notes = checks.reaction_dice(4, cover=False, artillery=False, breakoff_vehicle=True)
    assert dice == 6
    assert "ABL-BREAK-02" in notes[-1]


def test_chq_supp_the_target_must_match_the_firers_sixes() -> None:
    """CHQ-SUPP (AMB-ABL-09: the firer's sixes against the Reaction Check's): suppressed unless
    the target rolls as many 6s: 1D v 1D -> 1/6 * 5/6."""
    table = odds("abilities.suppression", **{"fp-dice": 1, "reaction-dice": 1})
    assert table == {"suppressed": F(5, 36), "not-suppressed": F(31, 36)}
    two = odds("abilities.suppression", **{"fp-dice": 2, "reaction-dice": 2})
    # one firer six (10/36) and no target six (25/36), or two (1/36) and fewer than two (35/36)
    assert two["suppressed"] == F(10, 36) * F(25, 36) + F(1, 36) * F(35, 36)


def test_abl_hisup_01_odds_the_target_must_beat_the_firers_sixes() -> None:
    """ABL-HISUP-01: with one die each a target can never roll more sixes than a firer six."""
    table = odds(
        "abilities.suppression", **{"fp-dice": 1, "reaction-dice": 1, "high-suppression": True}
    )
    assert table["suppressed"] == F(1, 6)


def test_abl_hisup_01_literal_option_without_a_firer_six() -> None:
    """parent-games.md §4.3 (3): read literally, a hit with no six suppresses a target that
    rolls no six; 1D at 4+: 4 or 5 (2/6) and no target six (5/6), or a six (1/6)."""
    params = {"fp-dice": 1, "reaction-dice": 1, "high-suppression": True, "needs-six": False}
    assert odds("abilities.suppression", **params)["suppressed"] == F(2, 6) * F(5, 6) + F(1, 6)


def test_suppression_outcome_rule() -> None:
    """ABL-HISUP-01: firer 2 sixes v target 3 -> not suppressed; 2 v 2 and 2 v 1 -> suppressed."""
    assert not checks.suppressed_by(2, 2, 3, high=True, needs_six=True)
    assert checks.suppressed_by(2, 2, 2, high=True, needs_six=True)
    assert checks.suppressed_by(2, 2, 1, high=True, needs_six=True)
    assert not checks.suppressed_by(2, 2, 2, high=False, needs_six=True)  # normal: a match saves
    assert not checks.suppressed_by(0, 0, 0, high=True, needs_six=False)  # no hit, no check


def test_chq_default_spot_odds() -> None:
    """CHQ-DEFAULT-SPOT, ABL-RECON-01: 1 die at 4+; +1 cover, +1 long range, -1 deployed recon."""
    assert odds("abilities.spot")["spotted"] == F(1, 2)
    assert odds("abilities.spot", recon=True)["spotted"] == F(2, 3)
    assert odds("abilities.spot", cover=True, **{"long-range": True})["spotted"] == F(1, 6)
    assert odds("abilities.spot", cover=True, recon=True, **{"long-range": True})["spotted"] == F(
        1, 3
    )


def test_chq_turn_command_failure_odds() -> None:
    """CHQ-TURN: more 1s than 6s. One die: a 1 (1/6). Two dice: 1,1 or a 1 with a 2-5 (9/36)."""
    assert odds("abilities.command", dice=1)["command-failure"] == F(1, 6)
    assert odds("abilities.command", dice=2)["command-failure"] == F(1, 4)


def test_chq_forced_odds() -> None:
    """CHQ-FORCED: 6" + 1D6" per unmatched six."""
    table = odds("abilities.forced-back", dice=1)
    assert {k: v for k, v in table.items() if v} == {str(n): F(1, 6) for n in range(7, 13)}
    assert odds("abilities.forced-back", dice=0)["6"] == 1


def test_chq_default_assault_odds() -> None:
    """CHQ-DEFAULT-ASSAULT: 1D at 3+ (the assaulting unit) against 1D at 4+."""
    table = odds("abilities.close-assault", **{"attacker-dice": 1, "defender-dice": 1})
    assert table == {
        "attacker-wins": F(2, 3) * F(1, 2),
        "defender-wins": F(1, 3) * F(1, 2),
        "tie": F(2, 3) * F(1, 2) + F(1, 3) * F(1, 2),
    }


def test_chq_default_move_and_rally_odds() -> None:
    """CHQ-DEFAULT-MOVE: Variable Move 1D6"; CHQ-DEFAULT-RALLY: 2D at 4+ both succeed 1/4."""
    assert odds("abilities.variable-move") == {str(n): F(1, 6) for n in range(1, 7)}
    assert odds("abilities.rally", dice=2)["2"] == F(1, 4)


def test_check_parameters_are_validated() -> None:
    with pytest.raises(InputError):
        find_check("abilities.fire").with_args(["tn=12"])
    with pytest.raises(InputError):
        find_check("abilities.suppression").with_args(["high-suppression=maybe"])
    check = find_check("abilities.suppression").with_args(["high-suppression=yes", "fp-dice=1"])
    assert "ABL-HISUP-01" in check.rules


def test_abl_lowpro_03_parses_the_printed_reaction() -> None:
    """ABL-LOWPRO-03: "6D (5D)" -> 6 against direct fire, 5 against artillery, no further +1D."""
    assert parse_reaction("6D (5D)") == (6, 5)
    assert parse_reaction("5D") == (5, None)
    stug = CATALOGUE["german-stug-iii"]
    assert stug.has("low-profile")
    assert (stug.reaction_dice(artillery=False), stug.reaction_dice(artillery=True)) == (6, 5)
    with pytest.raises(InputError):
        parse_reaction("six dice")


def test_abl_lowpro_01_02_plus_one_die_against_direct_fire_only() -> None:
    """ABL-LOWPRO-01/02 (AMB-ABL-11): a plain 4D statline with Low Profile -> 5D direct, 4D art."""
    pak = CATALOGUE["german-pak-40"]
    assert pak.reaction == "4D"
    assert pak.has("low-profile")
    assert pak.reaction_dice(artillery=False) == 5
    assert pak.reaction_dice(artillery=True) == 4
    assert CATALOGUE["german-panzer-iv"].reaction_dice(artillery=False) == 5  # no Low Profile
