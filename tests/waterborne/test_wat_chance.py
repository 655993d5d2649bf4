"""Exact odds of whole waterborne actions (`Game.odds`), worked out by hand from the rule text.

Every figure here is computed in the test from the rules: a d6 shows each face with 1/6; a
Crossfire die hits on 5-6, so k hits of n dice have C(n, k) (1/3)^k (2/3)^(n-k) (CF-FIRE). The
test river (wat_helpers) is 3 x 2 squares; its east and west sides are table edges.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from wat_helpers import ALLIES, AXIS, boat, do, end, game_of, stand

F = Fraction
D6 = F(1, 6)


def hits(k: int, n: int) -> Fraction:
    """CF-FIRE: exactly k of n d6 show 5 or 6."""
    return comb(n, k) * F(1, 3) ** k * F(2, 3) ** (n - k)


def odds(game: Any, seat: str, action: dict[str, Any]) -> dict[str, Fraction]:
    found = game.odds(seat, action)
    assert found.exact
    out = {o.summary: o.probability for o in found.outcomes}
    assert sum(out.values()) == 1
    return out


def merged(pairs: list[tuple[str, Fraction]]) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for summary, p in pairs:
        if p:
            out[summary] = out.get(summary, F(0)) + p
    return out


# -- a craft's move: drift and founder -------------------------------------------------------------


def test_wat_move_05_07_09_a_storm_boat_may_drift_off_the_table_with_its_passenger() -> None:
    """WAT-MOVE-05, -07, -09: a storm boat (+1) in A1 makes for A2: a modified 2-3 (naturals 1,
    2) is no movement, 4 drifts right to B2, 5 drifts left off the west edge (lost with its
    squad), 6+ (naturals 5, 6) arrives."""
    game = game_of([stand("sq", aboard="b")], [boat("b")])
    move = {"action": "move-craft", "craft": "b", "square": [0, 1]}
    assert odds(game, ALLIES, move) == {
        "b does not move": 2 * D6,
        "b drifts to square B2": D6,
        "b lost with sq: it drifts off the table": D6,
        "b reaches square A2": 2 * D6,
    }


def test_wat_move_06_08_an_oared_boat_founders_on_a_natural_1() -> None:
    """WAT-MOVE-06, -08, AMB-WAT-04: an oared boat (+0) founders on a 1, with its squad; with
    the option `oared_no_founder` the 1 is no movement instead."""
    move = {"action": "move-craft", "craft": "b", "square": [1, 1]}
    units, craft = [stand("sq", aboard="b")], [boat("b", "oared-boat", square=[1, 0])]
    game = game_of(units, craft)
    assert odds(game, ALLIES, move) == {
        "b lost with sq: it founders": D6,
        "b does not move": 2 * D6,
        "b drifts to square C2": D6,
        "b drifts to square A2": D6,
        "b reaches square B2": D6,
    }
    option = game_of(units, craft, options={"oared_no_founder": True})
    assert odds(option, ALLIES, move)["b does not move"] == 3 * D6


def test_wat_move_05_a_landing_drifts_along_the_bank() -> None:
    """WAT-MOVE-01, -05, -10: a Buffalo (+2) in B2 lands on the north bank: a modified 3 (a
    natural 1) does not move, 4 and 5 drift right or left along the bank (still landing), 6+
    lands as planned."""
    game = game_of([stand("sq", aboard="b")], [boat("b", "buffalo", square=[1, 1])])
    assert odds(game, ALLIES, {"action": "move-craft", "craft": "b", "land": "north"}) == {
        "b does not move": D6,
        "b drifts to north": 2 * D6,
        "b reaches north": 3 * D6,
    }


# -- fire at craft and at stands riding them -------------------------------------------------------


def _axis_to_act(game: Any) -> Any:
    end(game)  # the allies end their first initiative: no attempt, no roll
    return game


def test_wat_fire_02_eff_at_a_buffalo_sinks_it_with_its_passengers() -> None:
    """WAT-FIRE-01/02, CF-DEFAULT-EFF, WAT-CRAFT-06: an 8 cm mortar's EFF 2 is doubled to 4 dice
    against a Buffalo in the water (ARM 1 rear): no hit has no effect (and the fire has failed:
    CF-INIT), 1 hit suppresses, 2 or more kill it with both squads aboard."""
    units = [stand("m", AXIS, "mortar", calibre=81, traits=["indirect"], eff=2)]
    units += [stand("s1", aboard="buf"), stand("s2", aboard="buf")]
    game = _axis_to_act(game_of(units, [boat("buf", "buffalo")]))
    fire = {"action": "indirect-fire", "unit": "m", "target": "buf"}
    assert odds(game, AXIS, fire) == {
        "no effect on buf; initiative to allies": hits(0, 4),
        "buf suppressed": hits(1, 4),
        "buf lost with s1 and s2: destroyed by fire": 1 - hits(0, 4) - hits(1, 4),
    }


def test_wat_fire_03_eff_falls_on_every_small_craft_in_the_square() -> None:
    """WAT-FIRE-02/03, WAT-CRAFT-03, AMB-WAT-11: EFF 2 at a squad in a storm boat falls on the
    squad in the other storm boat of the same square too: 4 dice each (doubled in the water),
    0 hits no effect, 1 pin, 2 suppress, 3+ kill, and a killed squad's boat is lost. Unless
    one of them is suppressed or killed the fire has failed and the initiative passes."""
    units = [stand("m", AXIS, "mortar", calibre=81, traits=["indirect"], eff=2)]
    units += [stand("sa", aboard="ba"), stand("sb", aboard="bb")]
    game = _axis_to_act(game_of(units, [boat("ba"), boat("bb")]))

    def results(unit: str, craft: str) -> list[tuple[str, Fraction, bool]]:
        return [
            (f"no effect on {unit}", hits(0, 4), False),
            (f"{unit} pinned", hits(1, 4), False),
            (f"{unit} suppressed", hits(2, 4), True),
            (f"{unit} killed; {craft} lost: its passenger squad is killed", 1 - F(72, 81), True),
        ]

    expected = []
    for a, pa, wins_a in results("sa", "ba"):
        for b, pb, wins_b in results("sb", "bb"):
            tail = "" if wins_a or wins_b else "; initiative to allies"
            expected.append((f"{a}; {b}{tail}", pa * pb))
    assert hits(0, 4) + hits(1, 4) + hits(2, 4) == F(72, 81)  # 16 + 32 + 24
    fire = {"action": "indirect-fire", "unit": "m", "target": "sa"}
    assert odds(game, AXIS, fire) == merged(expected)


# -- pontoon attempts ------------------------------------------------------------------------------


def _sites(*units: dict[str, Any]) -> Any:
    sites = [
        {"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 0},
        {"id": "fy", "side": ALLIES, "kind": "ferry", "bank": "south", "column": 2},
    ]
    return game_of(list(units), [], sites=sites)


def test_wat_pontoon_06_08_one_roll_per_site_when_the_initiative_ends() -> None:
    """WAT-PONTOON-06..08, WAT-FERRY-01: ending the initiative rolls once for each site with a
    crew: 2 engineers and 2 squads at the bridge (+2 +1: a natural 2+ earns a CP, 5/6), 1
    engineer at the ferry (+1: 4+, 1/2); one squad that moved away no longer counts
    (WAT-PONTOON-04), leaving +2 (3+, 2/3)."""
    crew = [stand(f"e{i}", kind="engineer", place="br") for i in (1, 2)]
    crew += [stand(f"r{i}", place="br") for i in (1, 2)]
    game = _sites(*crew, stand("e3", kind="engineer", place="fy"))
    do(game, ALLIES, {"action": "work", "site": "br"})
    do(game, ALLIES, {"action": "work", "site": "fy"})
    bridge, ferry = F(5, 6), F(1, 2)
    expected = {
        "br: 1 CP earned; fy: 1 CP earned; initiative to axis": bridge * ferry,
        "br: 1 CP earned; fy: no CP; initiative to axis": bridge * (1 - ferry),
        "br: no CP; fy: 1 CP earned; initiative to axis": (1 - bridge) * ferry,
        "br: no CP; fy: no CP; initiative to axis": (1 - bridge) * (1 - ferry),
    }
    assert odds(game, ALLIES, {"action": "end-initiative"}) == expected
    do(game, ALLIES, {"action": "move", "unit": "r2", "to": "south"})
    do(game, AXIS, {"action": "pass"})
    bridge = F(4, 6)
    assert odds(game, ALLIES, {"action": "end-initiative"}) == {
        "br: 1 CP earned; fy: 1 CP earned; initiative to axis": bridge * ferry,
        "br: 1 CP earned; fy: no CP; initiative to axis": bridge * (1 - ferry),
        "br: no CP; fy: 1 CP earned; initiative to axis": (1 - bridge) * ferry,
        "br: no CP; fy: no CP; initiative to axis": (1 - bridge) * (1 - ferry),
    }


def test_wat_pontoon_10_13_he_at_the_bridge_and_its_eff_on_the_crew() -> None:
    """WAT-PONTOON-10, -13, AMB-WAT-18: a gun's 3 HE dice hit the bridge on 2+ hits (suppress
    or better: 3·(1/3)²(2/3) + (1/3)³ = 7/27), and then its EFF 1 falls on the engineer who
    worked there (1 die: a hit pins, 1/3); a miss fails the fire and passes the initiative."""
    game = _sites(stand("e1", kind="engineer", place="br"), stand("g", AXIS, "gun", he=3, eff=1))
    do(game, ALLIES, {"action": "work", "site": "br"})
    do(game, ALLIES, {"action": "end-initiative"}, 1)  # no CP (a natural 1 +1)
    hit = 3 * F(1, 3) ** 2 * F(2, 3) + F(1, 3) ** 3
    assert hit == F(7, 27)
    assert odds(game, AXIS, {"action": "fire", "unit": "g", "target": "br"}) == {
        "br hit; e1 pinned": hit * F(1, 3),
        "br hit; no effect on e1": hit * F(2, 3),
        "br not hit; initiative to allies": 1 - hit,
    }


# -- rally -----------------------------------------------------------------------------------------


def test_cf_default_rally_a_failed_rally_ends_the_initiative_and_rolls_the_crew() -> None:
    """CF-DEFAULT-RALLY (house: 4+), CF-INIT, WAT-PONTOON-06: a pinned squad rallies on 4+
    (1/2); a failure ends the initiative, so the ferry crew's attempt (+1: 4+, 1/2) is rolled
    in the same action."""
    game = _sites(stand("sq", place="south"), stand("e3", kind="engineer", place="fy"))
    do(game, ALLIES, {"action": "work", "site": "fy"})
    game.act("umpire", {"action": "set-status", "unit": "sq", "status": "pinned"})
    assert odds(game, ALLIES, {"action": "rally", "unit": "sq"}) == {
        "sq rallies": F(1, 2),
        "sq fails to rally; fy: 1 CP earned; initiative to axis": F(1, 4),
        "sq fails to rally; fy: no CP; initiative to axis": F(1, 4),
    }


def test_the_log_tells_the_outcome_the_odds_named() -> None:
    """A played action's logged `outcome` is one of the summaries its odds listed, the same
    string, in every seat's log."""
    game = game_of([stand("sq", aboard="b")], [boat("b")])
    move = {"action": "move-craft", "craft": "b", "square": [0, 1]}
    known = odds(game, ALLIES, move)
    do(game, ALLIES, move, 4)  # a modified 5: drift left, off the table
    for seat in ("umpire", ALLIES, AXIS, "public"):
        outcome = game.log_view(seat)[-1]["outcome"]
        assert outcome == "b lost with sq: it drifts off the table"
        assert outcome in known
