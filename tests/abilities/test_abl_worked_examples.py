"""Seed 004's worked examples, played turn by turn on the bundled scenario ("Recon at Hill 112").

The jeep (ABL-RECON-11, -12), the German MG platoon's Sustained Fire (ABL-SUST-06) and the
Commonwealth PIAT team deployed forward (ABL-ATTEAM-03..05). Every face is scripted; each
expected value follows from the rules (parent-games.md §4 and the DEFAULT tables).
"""

from __future__ import annotations

import math

import msgspec
import pytest
from abl_helpers import (
    ALLIED_FIRST,
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    bundled,
    discard,
    do,
    end_pulse,
    events,
    finish_turn,
    fire,
    kinds,
    move,
    one,
    order,
    pass_,
)

from kriegsspiel.core.game import Game
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.abilities import RULESET
from kriegsspiel.rulesets.abilities.breakoff import BrokeOff
from kriegsspiel.rulesets.abilities.command import Ordered
from kriegsspiel.rulesets.abilities.fire import Fired, FireDeclared, WindowOpened
from kriegsspiel.rulesets.abilities.morale import ForcedBack, Reacted
from kriegsspiel.rulesets.abilities.movement import Moved
from kriegsspiel.rulesets.abilities.spotting import BlindRevealed, SpotAttempted

GRENADIERS = {"gren-1", "gren-2", "gren-3"}


def _near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) < 0.01


def _jeep_pulses_1_to_5(game: AblGame) -> None:
    """ABL-RECON-11: three activations of the jeep in the allies' pulses 1, 3 and 5."""
    begin(game, *ALLIED_FIRST)  # allies [6,4,4,3,2], Germans [5,5,3,2,2]: the allies go first

    # Pulse 1: the jeep moves 6" (its Fixed Move: no Variable Move roll) and spots Blind A
    # at 12.8" (effective range) on 3+ (4+ -1 recon, ABL-RECON-01): a 5 reveals 3 Grenadiers.
    order(game, ALLIES, "jeep", [3])
    entry = move(game, ALLIES, "jeep", (20, 14))
    assert one(entry, Moved).roll is None
    assert one(entry, WindowOpened).side == GERMAN  # the MG platoon could fire at 33.5"
    pass_(game, GERMAN)
    entry = do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "blind-a"}, 5)
    assert one(entry, SpotAttempted).result.outcome == "spotted"
    assert set(one(entry, BlindRevealed).units) == GRENADIERS
    assert {u["id"] for u in game.view(ALLIES)["units"]} >= GRENADIERS
    assert "mortars" not in str(game.view(ALLIES)) + str(game.log_view(ALLIES))
    end_pulse(game, ALLIES)
    discard(game, GERMAN, 2)

    # Pulse 3: a Double Order Chain (4, 4) gives the jeep two moves: 10" (6" + a 4) and 10.2"
    # (6" + a 5) round the hill's western flank; from 12,32 it sees Blind B past the hill.
    entry = order(game, ALLIES, "jeep", [4, 4])
    assert one(entry, Ordered).size == 2
    move(game, ALLIES, "jeep", (14, 22), 4)
    pass_(game, GERMAN)  # the revealed Grenadiers could fire
    move(game, ALLIES, "jeep", (12, 32), 5)
    pass_(game, GERMAN)
    assert game.state.activation is not None
    assert game.state.activation.acts["jeep"].moves == 2
    entry = do(game, ALLIES, {"action": "spot", "unit": "jeep", "blind": "blind-b"}, 3)
    assert set(one(entry, BlindRevealed).units) == {"mortars"}
    end_pulse(game, ALLIES)
    discard(game, GERMAN, 2)

    # Pulse 5: the jeep advances 11.85" (6" + a 6) to 5.5" from the mortars: close range, TN 3+.
    order(game, ALLIES, "jeep", [2])
    move(game, ALLIES, "jeep", (22.5, 37.5), 6)
    pass_(game, GERMAN)  # the mortars could fire; the hill hides the jeep from the rest
    # 2D at 3+: 6, 5 = 2 hits, one six. The mortars' 4D at 4+: 4, 2, 1, 3 = 1 success, no six:
    # 1 DP (net), suppressed, forced back 6" + 1D6" (a 3) = 9" straight away from the jeep.
    entry = fire(game, ALLIES, "jeep", "mortars", 6, 5, 4, 2, 1, 3, 3)
    attack = one(entry, FireDeclared).attack
    assert (attack.dice, attack.tn, attack.targets[0].band) == (2, 3, "short")
    reacted = one(entry, Reacted)
    assert (reacted.dp, reacted.suppressed) == (1, True)
    assert one(entry, ForcedBack).inches == 9
    assert "WindowOpened" not in kinds(entry)  # nobody left who could fire back
    mortars = game.state.units["mortars"]
    assert mortars.suppressed
    assert mortars.dp == 1
    assert math.dist(mortars.position, (28, 38)) == pytest.approx(9, abs=0.01)
    end_pulse(game, ALLIES)


def test_abl_recon_11_the_jeep_spots_twice_and_shoots_up_the_mortars() -> None:
    """ABL-RECON-11: three activations in three pulses; the double move from the Order Chain;
    one fire in pulse 5; the mortar platoon ends suppressed and Forced Back."""
    game = bundled()
    _jeep_pulses_1_to_5(game)
    jeep = game.state.units["jeep"]
    assert jeep.fire_marker
    assert jeep.activated == (1, 5)
    assert game.state.command[ALLIES].dice == (6,)


def test_abl_recon_12_the_jeep_breaks_off_from_the_stugs() -> None:
    """ABL-RECON-12: Max's reserve StuG IIIs enter and fire; the jeep, activated three times,
    breaks off twice (ABL-BREAK-07) and ends with one Disruption Point; Gary could activate it
    again (README decision on AMB-ABL-01)."""
    game = bundled()
    _jeep_pulses_1_to_5(game)

    # Pulse 6: a reserve Command Group of three StuG IIIs enters (CHQ-RESERVE).
    entry = order(game, GERMAN, "stug-1", [5], "stug-2,stug-3")
    assert kinds(entry) == ["Ordered", "ReserveEntered"]
    # StuG 1 fires at the jeep 8.5" away (effective, TN 4+); the jeep breaks off first.
    entry = do(game, GERMAN, {"action": "fire", "unit": "stug-1", "target": "jeep"})
    assert one(entry, FireDeclared).awaiting == ("jeep",)
    declared = one(entry, FireDeclared).attack
    assert (declared.targets[0].band, declared.tn, declared.dice) == ("effective", 4, 3)
    assert declared.targets[0].distance == pytest.approx(8.51, abs=0.01)
    before = game.state.units["jeep"].position
    # back a normal move, 6" + a 4, reverse of its facing (towards the US lines); then 3D at 4+:
    # 6, 5, 2 = 2 hits, a six; the jeep's 3D +2D (ABL-BREAK-02): 6, 1, 1, 1, 1 = 1 success and
    # the six matched: 1 DP, not suppressed, forced back 6".
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 4, 6, 5, 2, 6, 1, 1, 1, 1)
    broke = one(entry, BrokeOff)
    assert broke.allowance == 10
    assert math.dist(before, broke.to) == pytest.approx(10, abs=0.01)
    assert broke.to[1] < before[1]  # south, towards the US lines
    assert len(one(entry, Reacted).result.faces[0]) == 5
    assert (one(entry, Reacted).dp, one(entry, Reacted).suppressed) == (1, False)
    assert one(entry, ForcedBack).inches == 6
    # StuG 2 fires; the jeep breaks off again (ABL-BREAK-07); 3 misses.
    entry = do(game, GERMAN, {"action": "fire", "unit": "stug-2", "target": "jeep"})
    assert one(entry, FireDeclared).awaiting == ("jeep",)
    entry = do(game, ALLIES, {"action": "break-off", "unit": "jeep"}, 2, 1, 2, 3)
    assert one(entry, Fired).hits == 0
    assert not events(entry, Reacted)
    assert game.state.units["jeep"].dp == 1
    end_pulse(game, GERMAN)

    # Pulse 7: Gary could activate the jeep again, but does not.
    again = {"action": "order", "commander": "jeep", "dice": [6]}
    assert game.odds(ALLIES, again).rolls == ()  # accepted, and it rolls nothing
    discard(game, ALLIES, 6)


def test_abl_recon_12_strict_option_refuses_the_reactivation() -> None:
    """AMB-ABL-01 as the rule text reads it (`strict_breakoff_no_activation: true`)."""
    game = bundled()
    scenario = game.scenario
    options = type(scenario.options)(strict_breakoff_no_activation=True)
    scenario = msgspec.structs.replace(scenario, options=options)
    strict = Game(RULESET, scenario, "strict")
    _jeep_pulses_1_to_5(strict)
    order(strict, GERMAN, "stug-1", [5], "stug-2,stug-3")
    do(strict, GERMAN, {"action": "fire", "unit": "stug-1", "target": "jeep"})
    do(strict, ALLIES, {"action": "break-off", "unit": "jeep"}, 4, 1, 1, 1)
    end_pulse(strict, GERMAN)
    with pytest.raises(RuleViolation) as info:
        strict.validate(ALLIES, {"action": "order", "commander": "jeep", "dice": [6]})
    assert info.value.rule == "ABL-BREAK-06"


def test_abl_sust_06_the_mg_platoon_fires_on_both_platoons() -> None:
    """ABL-SUST-06: two British platoons close on the MG platoon; when both are at short range
    it uses Sustained Fire as opportunity fire: 6D - 2 = 4D at 3+ (4+ -1 close range); three
    successes: three hits on each platoon, and two Reaction Checks."""
    game = bundled()
    begin(game, *ALLIED_FIRST)
    order(game, ALLIES, "brit-1", [3], "brit-2")
    move(game, ALLIES, "brit-1", (50, 19), 3)  # 5.39": 3" Fixed + a 3
    pass_(game, GERMAN)  # wait until both are at short range
    entry = move(game, ALLIES, "brit-2", (53.5, 19), 3)
    assert one(entry, WindowOpened).side == GERMAN
    entry = fire(game, GERMAN, "mg", "brit-1,brit-2", 3, 4, 5, 1, 1, 2, 3, 4, 4, 5, 6, 2)
    attack = one(entry, FireDeclared).attack
    assert attack.opportunity
    assert (attack.dice, attack.tn) == (4, 3)
    assert [t.band for t in attack.targets] == ["short", "short"]
    assert one(entry, Fired).hits == 3
    reacted = events(entry, Reacted)
    assert [(r.unit, r.hits) for r in reacted] == [("brit-1", 3), ("brit-2", 3)]
    assert [r.dp for r in reacted] == [2, 0]  # 3 hits - 1 success; 3 hits - 3 successes
    assert not any(r.suppressed for r in reacted)  # the MG rolled no six


def test_abl_atteam_03_04_05_the_commonwealth_piat() -> None:
    """ABL-ATTEAM-03: the stationary platoon fires its PIAT at the Panzer IV 5" away at 4/5/6;
    ABL-ATTEAM-04: next turn it makes a single move and fires at 1/2/3; ABL-ATTEAM-05: the turn
    after it moves without firing, and its opportunity fire uses 4/5/6 again."""
    game = bundled()
    begin(game, *ALLIED_FIRST)
    order(game, ALLIES, "piat-platoon", [3])
    attack = one(fire(game, ALLIES, "piat-platoon", "panzer-iv", 1, 1), FireDeclared).attack
    assert (attack.weapon, attack.targets[0].distance, attack.targets[0].band) == (
        "at",
        5,
        "effective",
    )
    assert attack.tn == 4
    finish_turn(game)

    begin(game, *ALLIED_FIRST)
    order(game, ALLIES, "piat-platoon", [3])
    move(game, ALLIES, "piat-platoon", (64, 14.5))
    pass_(game, GERMAN)
    attack = one(fire(game, ALLIES, "piat-platoon", "panzer-iv", 1, 1), FireDeclared).attack
    assert (attack.targets[0].distance, attack.targets[0].band, attack.tn) == (2.5, "long", 5)
    finish_turn(game)

    begin(game, *ALLIED_FIRST)
    order(game, ALLIES, "piat-platoon", [3])
    move(game, ALLIES, "piat-platoon", (64, 13))
    pass_(game, GERMAN)
    end_pulse(game, ALLIES)
    order(game, GERMAN, "panzer-iv", [5])
    entry = move(game, GERMAN, "panzer-iv", (64, 18))
    assert one(entry, WindowOpened).side == ALLIES
    attack = one(fire(game, ALLIES, "piat-platoon", "panzer-iv", 1, 1), FireDeclared).attack
    assert attack.opportunity
    assert (attack.targets[0].distance, attack.targets[0].band) == (5, "effective")


def test_the_bundled_scenario_hides_the_blinds_and_reserves() -> None:
    game = bundled()
    allied = str(game.view(ALLIES))
    for hidden in ("gren-1", "gren-2", "gren-3", "mortars", "stug-1", "stug-2", "stug-3"):
        assert hidden not in allied
    assert {b["id"] for b in game.view(ALLIES)["blinds"]} == {"blind-a", "blind-b", "blind-c"}
