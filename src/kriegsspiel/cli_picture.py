"""`kriegsspiel picture GAME --seat SEAT [-o FILE.svg|FILE.png] [--select UNIT]`: the board as
one seat sees it, as SVG (by default on standard output) or as PNG through headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import click

from kriegsspiel.errors import InputError
from kriegsspiel.games import load_game

CHROMIUM = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")
PNG_WIDTH = 1600
TIMEOUT = 60


@click.command("picture")
@click.argument("game", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", required=True, help="Who is looking: umpire, a side, or public.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to FILE.svg or FILE.png (by default the SVG goes to standard output).",
)
@click.option("--select", "selected", help="A unit to show the arcs, ranges and moves of.")
@click.option("--width", default=PNG_WIDTH, show_default=True, help="A PNG's width in pixels.")
def picture_cmd(
    game: Path, seat: str, output: Path | None, selected: str | None, width: int
) -> None:
    """The board from SEAT's view: the table to scale, everything the seat knows, a legend."""
    from kriegsspiel.render import board  # shapely and the drawing load only when drawing

    view = load_game(game).view(seat)
    if selected and not any(u.get("id") == selected for u in _selectable(view)):
        raise InputError("--select", f"{seat} sees no unit {selected!r}")
    svg = board(view, selected=selected)
    if output is None:
        click.echo(svg)
        return
    suffix = output.suffix.lower()
    if suffix == ".svg":
        output.write_text(svg, encoding="utf-8")
    elif suffix == ".png":
        write_png(svg, output, width)
    else:
        raise InputError("--output", f"{output.name} must end in .svg or .png")
    click.echo(f"the board as {seat} sees it: {output}")


def _selectable(view: dict[str, object]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for key in ("units", "craft", "blinds"):
        items = view.get(key)
        if isinstance(items, list):
            out += [i for i in items if isinstance(i, dict)]
    return out


def chromium() -> str | None:
    for name in CHROMIUM:
        found = shutil.which(name)
        if found:
            return found
    return None


def write_png(svg: str, output: Path, width: int) -> None:
    """Screenshot the SVG in headless Chromium at `width` pixels, its height to match."""
    browser = chromium()
    if browser is None:
        raise InputError("--output", "a PNG needs Chromium (apt-get install chromium); use .svg")
    box = re.search(r'viewBox="([-\d. ]+)"', svg)
    _x, _y, w, h = (float(v) for v in box.group(1).split()) if box else (0, 0, 1, 1)
    height = max(1, round(width * h / w))
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "board.html"
        page.write_text(
            "<!doctype html><meta charset=utf-8><style>html,body{margin:0}"
            f"svg{{display:block;width:{width}px;height:{height}px}}</style>{svg}",
            encoding="utf-8",
        )
        shot = Path(tmp) / "board.png"
        args = [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--disable-dev-shm-usage", f"--screenshot={shot}", f"--window-size={width},{height}",
            page.as_uri(),
        ]  # fmt: skip
        try:
            subprocess.run(args, capture_output=True, timeout=TIMEOUT, check=False, cwd=tmp)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise InputError("--output", f"Chromium could not draw the PNG: {error}") from None
        if not shot.exists():
            raise InputError("--output", "Chromium did not write the PNG")
        output.write_bytes(shot.read_bytes())
