"""The table the seat pages show: `board` (what web/host.py serves) is the picture of
`kriegsspiel.render`, seat by seat, with the `data-unit` the page's taps select by."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kriegsspiel import new_game
from kriegsspiel.render import board


def kinds(svg: str, kind: str) -> set[str]:
    return {e.get("data-id", "") for e in ET.fromstring(svg).iter() if e.get("data-kind") == kind}


def test_the_demo_is_drawn_seat_by_seat() -> None:
    game = new_game("demo", seed="svg")
    umpire = board(game.view("umpire"))
    assert umpire == board(game.view("umpire"))
    units = {"pioneer-1", "pioneer-2", "mg-team", "engineer-1", "rifle-1", "sherman-1"}
    assert kinds(umpire, "unit") == units
    assert kinds(umpire, "demolition") == {"bridge", "culvert"}
    assert kinds(umpire, "terrain") == {"stream", "road", "village"}
    us = board(game.view("us"))
    assert kinds(us, "demolition") == set()
    assert kinds(us, "unit") == units


def test_units_carry_the_data_unit_the_page_selects_by() -> None:
    game = new_game("demo", seed="svg")
    root = ET.fromstring(board(game.view("german"), selected="pioneer-1"))
    tapped = {e.get("data-unit") for e in root.iter() if e.get("data-unit")}
    assert "pioneer-1" in tapped
    selected = [e for e in root.iter() if "selected" in (e.get("class") or "").split()]
    assert [e.get("data-unit") for e in selected] == ["pioneer-1"]
