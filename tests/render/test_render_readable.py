"""Readable everywhere: side colours against the board (WCAG contrast), label and counter sizes on
a 390-px phone at the zoom the board states, and sides told apart without colour."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from boardkit import NS, SCENARIOS

from kriegsspiel import new_game
from kriegsspiel.render import board
from kriegsspiel.render.style import (
    BOARD,
    MIN_COUNTER_PX,
    MIN_LABEL_PX,
    PHONE_WIDTH,
    SIDE_COLOURS,
    SIDE_PATTERNS,
    contrast,
    phone_zoom,
)

MAX_ZOOM = 4.5  # more than this and a phone shows too little of the table at once


def test_the_wcag_contrast_is_computed_as_the_standard_says() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#123456", "#123456") == 1.0


@pytest.mark.parametrize("colour", SIDE_COLOURS)
def test_each_side_stands_out_from_the_board(colour: str) -> None:
    assert contrast(colour, BOARD) >= 3.0


def test_the_first_sides_differ_without_colour() -> None:
    assert len(set(SIDE_PATTERNS[:4])) == 4


def test_a_small_board_needs_no_zoom_and_a_large_one_says_how_much() -> None:
    assert phone_zoom(10.0) == 1.0
    assert 2.0 < phone_zoom(51.0) < phone_zoom(75.0) <= MAX_ZOOM


@pytest.mark.parametrize("name", SCENARIOS)
def test_labels_and_counters_are_big_enough_on_a_phone_at_the_stated_zoom(name: str) -> None:
    game = new_game(name, seed="readable")
    root = ET.fromstring(board(game.view("umpire")))
    zoom = float(root.get("data-phone-zoom", "0"))
    assert 1.0 <= zoom <= MAX_ZOOM
    width = float(root.get("viewBox", "").split()[2])
    px = PHONE_WIDTH / width * zoom  # pixels an inch
    texts = list(root.iter(f"{NS}text"))
    assert texts
    for text in texts:
        assert float(text.get("font-size", "0")) * px >= MIN_LABEL_PX - 1e-6, text.text
    bases = [e for e in root.iter(f"{NS}rect") if e.get("class") == "base"]
    bases += [e for e in root.iter(f"{NS}path") if e.get("class") == "base"]
    assert bases
    for base in bases:
        if base.tag.endswith("rect"):
            short = min(float(base.get("width", "0")), float(base.get("height", "0")))
            assert short * px >= MIN_COUNTER_PX - 1e-6
    # and at the board's own width (the page fit to the screen) the text is smaller than needed
    assert min(float(t.get("font-size", "0")) for t in texts) * px / zoom < MIN_LABEL_PX


def test_the_svg_fits_any_width_and_can_be_sized() -> None:
    view = new_game("demo", seed="x").view("umpire")
    root = ET.fromstring(board(view))
    assert root.get("width") is None
    sized = ET.fromstring(board(view, size=800))
    _x, _y, w, h = map(float, sized.get("viewBox", "").split())
    assert sized.get("width") == "800"
    assert int(sized.get("height", "0")) == round(800 * h / w)
