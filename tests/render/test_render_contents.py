"""Every bundled scenario from every seat, at the start and after seeded play: the picture is
well-formed, draws every id the seat's view holds, and holds nothing the seat may not know."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from boardkit import SCENARIOS, data_ids, games, ids, strings, svg_strings

from kriegsspiel.render import board


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_id_of_every_seats_view_is_drawn(name: str) -> None:
    for game in games(name):
        for seat in game.seats:
            view = game.view(seat)
            svg = board(view)
            root = ET.fromstring(svg)
            assert root.get("viewBox")
            missing = set(ids(view)) - data_ids(svg)
            assert not missing, f"{name}, {seat}: not drawn: {sorted(missing)}"
            roles = {e.get("data-role") for e in root.iter()}
            assert {"table-edge", "scale", "legend"} <= roles


@pytest.mark.parametrize("name", SCENARIOS)
def test_no_seat_sees_in_its_picture_what_only_the_umpire_knows(name: str) -> None:
    for game in games(name):
        umpire = set(strings(game.view("umpire")))
        for seat in game.seats:
            if seat == "umpire":
                continue
            view = game.view(seat)
            known = set(strings(view))
            known |= {
                k[:-1] for k in known if k.endswith("s")
            }  # a "demolitions" entry: a demolition
            hidden = umpire - known - set(game.seats)
            for unit in [None, *(u.get("id") for u in view.get("units", [])[:3])]:
                leaked = hidden & svg_strings(board(view, selected=unit))
                assert not leaked, f"{name}, {seat} sees {sorted(leaked)}"


def test_the_leak_check_finds_a_hidden_demolition() -> None:
    game = games("demo")[0]
    umpire, us = game.view("umpire"), game.view("us")
    hidden = set(strings(umpire)) - set(strings(us))
    assert {"culvert", "prepare culvert"} <= hidden
    assert {"culvert", "prepare culvert"} <= svg_strings(board(umpire))
    assert not hidden & svg_strings(board(us))


def test_markers_appear_as_play_goes_on() -> None:
    marks = set()
    for name in SCENARIOS:
        for game in games(name):
            root = ET.fromstring(board(game.view("umpire")))
            marks |= {e.get("data-marker") for e in root.iter() if e.get("data-kind") == "marker"}
    assert {"reserve", "limbered", "in-blind", "buttoned", "swimming", "hidden"} <= marks
