"""ENG-MINE-10..13, -15..19 and AMB-ENG-08, -10, -45: minefield sections in a scenario and on
the table. Placement is checked with the sections' footprints against the scenario's terrain.
"""

from __future__ import annotations

from typing import Any

import pytest
from minekit import act, engineers, field, game, scenario, section, us_turn

from conftest import GERMAN, US, refused
from kriegsspiel.errors import InputError

MARSH: dict[str, Any] = {
    "id": "marsh",
    "kind": "marsh",
    "points": [[-5, 10], [5, 10], [5, 14], [-5, 14]],
}
VILLAGE: dict[str, Any] = {
    "id": "village",
    "kind": "built-up",
    "points": [[-5, 20], [5, 20], [5, 24], [-5, 24]],
}
BROOK: dict[str, Any] = {
    "id": "brook",
    "kind": "stream",
    "points": [[-5, 30], [5, 30]],
    "line": True,
}
ROAD: dict[str, Any] = {
    "id": "road",
    "kind": "paved-road",
    "points": [[0, -10], [0, 40]],
    "line": True,
}
TERRAIN = [MARSH, VILLAGE, BROOK, ROAD]


def load(*fields: dict[str, Any], **kw: Any) -> Any:
    return scenario([engineers("e1", (10, 0))], minefields=list(fields), terrain=TERRAIN, **kw)


def test_eng_mine_10_default_section_is_1_by_2_inches() -> None:
    """ENG-MINE-10: a section's footprint is 2" along its front and 1" deep."""
    g = game([], minefields=[field("f1", (10, 5))])
    fp = section(g, "f1").footprint
    assert fp is not None
    assert (fp.length, fp.depth) == (2.0, 1.0)
    assert fp.polygon().area == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("at", "kind"), [((0, 12), "marsh"), ((0, 22), "built-up"), ((0, 30), "stream")]
)
def test_eng_mine_11_no_mines_in_built_up_marsh_or_stream(
    at: tuple[float, float], kind: str
) -> None:
    """ENG-MINE-11: a section on any of the three is refused, at load and in play."""
    with pytest.raises(InputError) as info:
        load(field("f1", at))
    assert "ENG-MINE-11" in info.value.problem
    assert kind in info.value.problem
    g = game([engineers("e1", (at[0], at[1] - 1.2))], terrain=TERRAIN)
    us_turn(g)
    action = {"action": "lay-minefield", "unit": "e1", "type": "AT", "at": list(at)}
    assert refused(g, US, action).rule == "ENG-MINE-11"


def test_eng_mine_11_offered_placements_avoid_barred_ground() -> None:
    """ENG-MINE-11: near the village the laying offer keeps to where the unit stands (no drawn
    place or facing could be refused); in the open it offers every place within 1"."""
    g = game([engineers("e1", (0, 18.5)), engineers("e2", (0, 40))], terrain=TERRAIN)
    us_turn(g)
    laying = [c for c in g.legal_actions(US) if c.action["action"] == "lay-minefield"]
    offers = {c.action["unit"]: c for c in laying}
    assert [d.param for d in offers["e1"].domains] == ["type"]
    assert [d.param for d in offers["e2"].domains] == ["at", "facing", "type"]


def test_eng_mine_12_no_buried_mines_on_paved_roads() -> None:
    """ENG-MINE-12: a buried section on the paved road is refused; a surface section is not."""
    with pytest.raises(InputError) as info:
        load(field("f1", (0, 0), laid="buried"))
    assert "ENG-MINE-12" in info.value.problem
    ok = load(field("f1", (0, 0), laid="surface"))
    assert ok.minefields[0].laid == "surface"
    g = game([engineers("e1", (0, -1.2))], terrain=TERRAIN)
    us_turn(g)
    act(g, "lay-minefield", unit="e1", type="AT", at=[0, 0])  # surface-laid in play
    assert g.state.layings["us/field-1"].ground == ("paved-road",)


def test_eng_mine_13_type_defaults_to_mixed() -> None:
    """ENG-MINE-13: a field created without a type is Mixed."""
    g = game([], minefields=[field("f1", (10, 5))])
    assert section(g, "f1").type == "mixed"


def test_eng_mine_15_density_defaults_to_normal() -> None:
    """ENG-MINE-15: a field created without a density is Normal (both parts of a mixed one)."""
    g = game([], minefields=[field("f1", (10, 5)), field("f2", (20, 5), type="AT")])
    assert (section(g, "f1").at, section(g, "f1").ap) == ("normal", "normal")
    assert section(g, "f2").at == "normal"


def test_eng_mine_16_pure_fields_take_any_density() -> None:
    """ENG-MINE-16: AT/Dense and AP/Scattered are both accepted."""
    g = game(
        [],
        minefields=[
            field("f1", (10, 5), type="AT", density="dense"),
            field("f2", (20, 5), type="AP", density="scattered"),
        ],
    )
    assert (section(g, "f1").at, section(g, "f1").ap) == ("dense", None)
    assert (section(g, "f2").at, section(g, "f2").ap) == (None, "scattered")


def test_eng_mine_17_mixed_densities_at_most_normal() -> None:
    """ENG-MINE-17: Mixed{AT: Normal, AP: Scattered} accepted; Mixed{AT: Dense, AP: Normal}
    rejected."""
    ok = game([], minefields=[field("f1", (10, 5), at_density="normal", ap_density="scattered")])
    assert (section(ok, "f1").at, section(ok, "f1").ap) == ("normal", "scattered")
    with pytest.raises(InputError) as info:
        load(field("f1", (10, 5), at_density="dense", ap_density="normal"))
    assert "ENG-MINE-17" in info.value.problem


def test_amb_eng_08_equal_densities_allowed_unless_strict() -> None:
    """AMB-ENG-08: per-component densities, equal values allowed by default; strict mode asks
    them to differ."""
    assert load(field("f1", (10, 5))).minefields[0].type == "mixed"
    with pytest.raises(InputError) as info:
        load(field("f1", (10, 5)), options={"strict_mixed_densities": True})
    assert "AMB-ENG-08" in info.value.problem


def test_eng_mine_18_buried_or_surface_exactly() -> None:
    """ENG-MINE-18: a section is buried or surface-laid, nothing else."""
    g = game([], minefields=[field("f1", (10, 5), laid="surface"), field("f2", (20, 5))])
    assert {section(g, "f1").laid, section(g, "f2").laid} == {"surface", "buried"}
    with pytest.raises(InputError):
        load(field("f1", (10, 5), laid="scattered-about"))


def test_amb_eng_10_pregame_fields_default_buried_dummies_surface() -> None:
    """AMB-ENG-10: pre-game fields are buried unless given; dummies are always surface-laid."""
    g = game([], minefields=[field("f1", (10, 5)), field("d1", (20, 5), type="dummy")])
    assert section(g, "f1").laid == "buried"
    assert section(g, "d1").laid == "surface"
    with pytest.raises(InputError):
        load(field("d1", (20, 5), type="dummy", laid="buried"))


def test_eng_mine_19_buried_fields_only_before_the_game() -> None:
    """ENG-MINE-19: laying a buried field in play is refused; a surface field is allowed."""
    g = game([engineers("e1", (10, 3.8))])
    us_turn(g)
    lay = {"action": "lay-minefield", "unit": "e1", "type": "AT", "at": [10, 5]}
    assert refused(g, US, {**lay, "laid": "buried"}).rule == "ENG-MINE-19"
    assert refused(g, US, {"action": "place-obstacle", "kind": "minefield"}).rule == "ENG-MINE-19"
    act(g, "lay-minefield", unit="e1", type="AT", at=[10, 5])
    assert "us/field-1" in g.state.layings


def test_amb_eng_45_obstacles_are_placed_before_the_game() -> None:
    """AMB-ENG-45 (ENG-OBST-01): wire, ditches and AT obstacles are never placed in play."""
    g = game([engineers("e1", (10, 3.8))])
    for kind, rule in (
        ("wire", "AMB-ENG-45"),
        ("ditch", "AMB-ENG-45"),
        ("at-obstacle", "ENG-OBST-01"),
    ):
        for seat in ("umpire", GERMAN):
            assert refused(g, seat, {"action": "place-obstacle", "kind": kind}).rule == rule
