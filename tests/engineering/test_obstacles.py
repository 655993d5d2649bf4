"""ENG-OBST-01..07, AMB-ENG-20: anti-tank obstacles (dragon's teeth, log belts).

German dragon's teeth t1 at (0, 5), a 2" x 1" section (AMB-ENG-20). US units stand 0.7" short
of it at (0, 3.8), facing it.
"""

from __future__ import annotations

from typing import Any

from minekit import (
    act,
    engineers,
    events,
    fire_odds,
    game,
    next_us_turn,
    placed,
    tank,
    tenths,
    troops,
    us_turn,
)

from conftest import GERMAN, US, end_phase, refused, unit

AT = (0.0, 3.8)


def table(*units: dict[str, Any], **teeth: Any) -> Any:
    g = game(list(units), at_obstacles=[placed("t1", (0, 5), **teeth)])
    us_turn(g)
    return g


def condition(g: Any) -> str:
    return str(g.state.obstacles["t1"].condition)


def test_eng_obst_01_laid_before_the_game_only() -> None:
    """ENG-OBST-01 / AMB-ENG-45: creating an AT obstacle in play is refused, by anyone."""
    g = table()
    for seat in ("umpire", US, GERMAN):
        action = {"action": "place-obstacle", "kind": "at-obstacle"}
        assert refused(g, seat, action).rule == "ENG-OBST-01"


def test_eng_obst_02_impassable_to_vehicles() -> None:
    """ENG-OBST-02: no vehicle moves into an unreduced obstacle, by a move or a breach."""
    g = table(tank("v1", AT), unit("l1", US, kind="soft-vehicle", position=(0.5, 3.8)))
    for uid, x in (("v1", 0.0), ("l1", 0.5)):
        assert refused(g, US, {"action": "move", "unit": uid, "to": [x, 5]}).rule == "ENG-OBST-02"
        breach = {"action": "breach", "unit": uid, "obstacle": "t1"}
        assert refused(g, US, breach).rule == "ENG-OBST-02"


def test_eng_obst_03_troops_may_enter() -> None:
    """ENG-OBST-03 / AMB-ENG-20: troops move into (and through) it with ordinary moves."""
    g = table(troops("r1", AT), troops("r2", (0.5, 3.8)))
    act(g, "move", unit="r1", to=[0, 5])
    assert g.state.units["r1"].position == (0, 5)
    act(g, "move", unit="r2", to=[0.5, 7])
    next_us_turn(g)
    act(g, "move", unit="r1", to=[0, 7])  # and out again


def test_eng_obst_04_troops_there_have_sparse_edge_and_hard_cover() -> None:
    """ENG-OBST-04: troops conformed to (or in) the obstacle count as in sparse edge terrain and
    in hard cover; a vehicle there does not."""
    g = table(troops("r1", AT), tank("v1", (0.5, 3.8)), troops("r2", (0, 1)))
    units = {u["id"]: u for u in g.view(GERMAN)["units"]}
    assert [c["case"] for c in units["r1"]["cover"]] == ["sparse edge terrain", "hard cover"]
    assert {c["rule"] for c in units["r1"]["cover"]} == {"ENG-OBST-04"}
    assert "cover" not in units["v1"]
    assert "cover" not in units["r2"]


def test_eng_obst_05_dozer_reduces_it_with_two_actions() -> None:
    """ENG-OBST-05: a dozer conformed frontally: after one engineering action nothing; after the
    second the obstacle is reduced."""
    g = table(tank("z1", AT, traits=["dozer"]))
    act(g, "doze", unit="z1", obstacle="t1")
    assert condition(g) == "intact"
    next_us_turn(g)
    act(g, "doze", unit="z1", obstacle="t1")
    assert condition(g) == "reduced"
    side_on = table(tank("z1", AT, traits=["dozer"], facing=90))
    assert refused(side_on, US, {"action": "doze", "unit": "z1", "obstacle": "t1"}).rule == (
        "ENG-OBST-05"
    )


def test_eng_obst_06_reduced_obstacle() -> None:
    """ENG-OBST-06: reduced, it is unchanged for troops and a breach with a bog-down check for
    vehicles."""
    g = table(tank("v1", AT), troops("r1", (0.5, 3.8)), reduced=True)
    entry = act(g, "breach", 2, unit="v1", obstacle="t1")
    assert events(entry, "bog-down-rolled")[0]["result"]["outcome"] == "crosses"
    assert g.state.units["v1"].position == (0.0, 6.2)
    act(g, "move", unit="r1", to=[0.5, 5])
    units = {u["id"]: u for u in g.view(US)["units"]}
    assert [c["case"] for c in units["r1"]["cover"]] == ["sparse edge terrain", "hard cover"]


def test_eng_obst_07_demolition_reduces_it() -> None:
    """ENG-OBST-07: one engineering action conformed prepares the charge; a demolition of 2-10
    reduces the obstacle as a dozer would."""
    g = table(engineers("e1", AT))
    act(g, "prepare-charge", unit="e1", obstacle="t1")
    next_us_turn(g)
    act(g, "demolish", 10, unit="e1", demolition="t1:at-obstacle-charge:us")
    assert condition(g) == "reduced"


def test_amb_eng_20_artillery_has_no_effect_on_at_obstacles() -> None:
    """AMB-ENG-20: an artillery template leaves AT obstacles as they are."""
    gun = unit("a1", US, kind="gun", traits=["artillery"], attack={"T": 3}, position=(0, -20))
    g = table(gun)
    end_phase(g, 2)
    action = {"action": "bombard", "unit": "a1", "target": "t1"}
    assert refused(g, US, action).rule == "AMB-ENG-20"


def shooting(teeth: bool, **options: Any) -> Any:
    """German r1 conformed to t1 (or in the open, without it); US rifles m1 (T 3) and a battery
    a1 (T 3, artillery), in the US offensive fire phase."""
    g = game(
        [
            troops("r1", (0, 4), side=GERMAN),
            unit("m1", US, attack={"T": 3}, position=(0, 0)),
            unit("a1", US, kind="gun", traits=["artillery"], attack={"T": 3}, position=(0, -20)),
        ],
        at_obstacles=[placed("t1", (0, 5))] if teeth else [],
        options=options or None,
    )
    us_turn(g)
    end_phase(g, 2)
    return g


def test_eng_obst_04_fire_at_troops_there_uses_hard_cover() -> None:
    """ENG-OBST-04: "While conformed to the obstacle, the troops are considered in sparse edge
    terrain, and in hard cover": fire at them is at the hard cover house values, -2 direct and -1
    artillery (BF-DEFAULT-HARD-COVER); sparse edge terrain is their spotting case and adds
    nothing. In the open, d10 + 3: 1/10 none, 1/5 S, 1/5 D, 1/2 KO."""
    open_ground, covered = shooting(False), shooting(True)
    assert fire_odds(open_ground, US, "fire", unit="m1", target="r1") == tenths(1, 2, 2, 5)
    assert fire_odds(open_ground, US, "bombard", unit="a1", target="r1") == tenths(1, 2, 2, 5)
    assert fire_odds(covered, US, "fire", unit="m1", target="r1") == tenths(3, 2, 2, 3)
    assert fire_odds(covered, US, "bombard", unit="a1", target="r1") == tenths(2, 2, 2, 4)
    entry = act(covered, "fire", 5, unit="m1", target="r1")
    mods = events(entry, "fired")[0]["result"]["modifiers"]
    assert [m for m in mods if m["rule"] == "ENG-OBST-04"] == [
        {"label": "target hard cover (t1)", "value": -2, "rule": "ENG-OBST-04"}
    ]


def test_bf_default_hard_cover_a_scenario_replaces_the_values() -> None:
    """BF-DEFAULT-HARD-COVER: the scenario's `hard_cover_modifier` (-3: d10 + 0) and
    `idf_hard_cover_modifier` (0: as in the open)."""
    g = shooting(True, hard_cover_modifier=-3, idf_hard_cover_modifier=0)
    assert fire_odds(g, US, "fire", unit="m1", target="r1") == tenths(4, 2, 2, 2)
    assert fire_odds(g, US, "bombard", unit="a1", target="r1") == tenths(1, 2, 2, 5)
