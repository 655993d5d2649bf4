"""`kriegsspiel picture GAME --seat SEAT [-o FILE.svg|FILE.png] [--select UNIT]`."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kriegsspiel import new_game, save_game
from kriegsspiel.cli_picture import chromium, picture_cmd
from kriegsspiel.errors import InputError


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    save_game(new_game("demo", seed="picture"), path)
    return path


def command() -> click.Group:
    group = click.Group()
    group.add_command(picture_cmd)
    return group


def test_the_picture_goes_to_standard_output_or_a_file(game_file: Path, tmp_path: Path) -> None:
    out = CliRunner().invoke(command(), ["picture", str(game_file), "--seat", "us"])
    assert out.exit_code == 0, out.output
    root = ET.fromstring(out.output)
    assert root.get("aria-label") == "The bridge at Kleinwalde"
    svg = tmp_path / "us.svg"
    args = ["picture", str(game_file), "--seat", "us", "-o", str(svg), "--select", "sherman-1"]
    assert CliRunner().invoke(command(), args).exit_code == 0
    assert "selected" in svg.read_text(encoding="utf-8")


def test_bad_requests_are_one_line_errors(game_file: Path) -> None:
    runner = CliRunner()
    for extra, words in ((["--select", "culvert"], "sees no unit"), (["-o", "x.gif"], ".svg")):
        out = runner.invoke(command(), ["picture", str(game_file), "--seat", "us", *extra])
        assert isinstance(out.exception, InputError)
        assert words in str(out.exception)
        assert "\n" not in str(out.exception)


@pytest.mark.skipif(chromium() is None, reason="no Chromium to draw a PNG with")
def test_a_png_is_drawn_by_chromium(game_file: Path, tmp_path: Path) -> None:
    png = tmp_path / "board.png"
    args = ["picture", str(game_file), "--seat", "umpire", "-o", str(png), "--width", "400"]
    out = CliRunner().invoke(command(), args)
    assert out.exit_code == 0, out.output
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 400
