"""Tables and lines as the commands print them, without rich where rich is not needed.

`Grid` (a titled table of text cells) and `Line` (a line of text, maybe bold) are what the
renderers of render/text.py build. A rich console prints them as rich's own table and text
(`__rich__`). `PlainConsole` stands in for one on an output that is not a terminal: it writes the
very characters rich would (rich's heavy-headed box, no styles) for a block that fits the width in
characters one column wide each, and hands anything else to a rich console made when first
needed. So `kriegsspiel odds` and `act` print without importing rich (about a third of their
start-up), and print the same as before.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

WIDTH = 120  # the width rich lays out for when the output is not a terminal


class Printer(Protocol):
    """Where the renderers print: a rich `Console`, or a `PlainConsole`."""

    def print(self, renderable: Any, /) -> None: ...


@dataclass(frozen=True)
class Line:
    """A line of text (newlines start new lines), in a rich style such as "bold"."""

    text: str
    style: str = ""

    def __rich__(self) -> Text:
        from rich.text import Text

        return Text(self.text, style=self.style)


@dataclass(frozen=True)
class Grid:
    """A titled table of text cells (a cell may hold several lines), each row with a rich style;
    a column of `no_wrap` is never wrapped."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    no_wrap: tuple[bool, ...]
    styles: tuple[str | None, ...]

    def __rich__(self) -> Table:
        from rich.table import Table
        from rich.text import Text

        out = Table(title=self.title, title_justify="left", title_style="bold")
        for header, no_wrap in zip(self.headers, self.no_wrap, strict=True):
            out.add_column(header, no_wrap=no_wrap, overflow="fold")
        for row, style in zip(self.rows, self.styles, strict=True):
            out.add_row(*(Text(cell) for cell in row), style=style)
        return out


Block = Line | Grid


def _narrow(text: str) -> bool:
    """Whether every character but newlines is printable and one column wide, as rich counts
    it (no tabs, no wide East Asian characters or emoji, nothing combining or of no width)."""
    if text.isascii():
        return all(c.isprintable() or c == "\n" for c in text)
    return all(
        c == "\n"
        or (
            c.isprintable()
            and unicodedata.east_asian_width(c) not in ("W", "F")
            and not unicodedata.combining(c)
            and unicodedata.category(c) not in ("Cf", "Mn", "Me")
        )
        for c in text
    )


def _fits(line: str, width: int) -> bool:
    return len(line) <= width and line == line.strip()


def line_text(line: Line, width: int = WIDTH) -> str | None:
    """What rich prints for the line, or None when only rich can tell (wrapping, wide
    characters, spaces at either end)."""
    lines = line.text.split("\n")
    if not _narrow(line.text) or not all(_fits(s, width) for s in lines if s):
        return None
    return "\n".join(lines) + "\n"


def grid_text(grid: Grid, width: int = WIDTH) -> str | None:
    """What rich prints for the table, or None when only rich can tell (a cell to wrap, a title
    wider than the table, wide characters, spaces at either end of a cell's line)."""
    columns = [[grid.headers[i], *(row[i] for row in grid.rows)] for i in range(len(grid.headers))]
    if not columns or not grid.rows:
        return None
    split = [[cell.split("\n") for cell in column] for column in columns]
    for column in split:
        for cell in column:
            if not all(_narrow(s) and (not s or _fits(s, width)) for s in cell):
                return None
    widths = [max(len(s) for cell in column for s in cell) for column in split]
    total = sum(widths) + 3 * len(widths) + 1  # a space either side of a cell, and the rules
    if total > width or not _narrow(grid.title) or "\n" in grid.title:
        return None
    if len(grid.title) > total or grid.title != grid.title.strip():
        return None
    out = [grid.title.ljust(total)] if grid.title else []
    out.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
    out += _row([cell[0] for cell in split], widths, "┃")
    out.append("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
    for r in range(1, len(columns[0])):
        out += _row([cell[r] for cell in split], widths, "│")
    out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return "\n".join(out) + "\n"


def _row(cells: Sequence[list[str]], widths: Sequence[int], rule: str) -> list[str]:
    height = max(len(lines) for lines in cells)
    return [
        rule
        + rule.join(
            f" {(lines[n] if n < len(lines) else '').ljust(w)} "
            for lines, w in zip(cells, widths, strict=True)
        )
        + rule
        for n in range(height)
    ]


def plain_output() -> bool:
    """Whether rich would print plain characters on stdout: not a terminal, nor told to act as
    one, and UTF-8 (elsewhere rich draws its boxes in ASCII)."""
    if sys.stdout.isatty() or os.environ.get("TTY_COMPATIBLE") == "1":
        return False
    if os.environ.get("FORCE_COLOR", "") != "":
        return False
    encoding = getattr(sys.stdout, "encoding", None) or ""
    return encoding.lower().replace("-", "").startswith("utf")


class PlainConsole:
    """A stand-in for rich's console on a plain output (`plain_output()`): `Line`s and `Grid`s
    written as rich would write them; anything else printed by rich itself."""

    def __init__(self, width: int = WIDTH) -> None:
        self.width = width
        self._rich: Console | None = None

    def print(self, renderable: Any, /) -> None:
        text = None
        if isinstance(renderable, Line):
            text = line_text(renderable, self.width)
        elif isinstance(renderable, Grid):
            text = grid_text(renderable, self.width)
        if text is None:
            self.rich().print(renderable)
        else:
            sys.stdout.write(text)

    def rich(self) -> Console:
        if self._rich is None:
            from rich.console import Console

            self._rich = Console(highlight=False, width=self.width)
        return self._rich
