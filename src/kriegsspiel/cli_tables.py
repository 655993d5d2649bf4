"""Plain-text tables and paragraphs that fit a terminal's width, wrapped at word boundaries.

A column is never narrower than its longest word, so no word is broken; only when those words
alone are wider than the terminal does a word have to be cut, as a last resort.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 80  # the terminal width everything is laid out for unless told another
GAP = "  "  # between two columns
RULE = "─"


@dataclass(frozen=True)
class Table:
    """A titled table; a cell may hold several lines (separated by newlines)."""

    title: str
    headers: tuple[str, ...]
    rows: Sequence[Sequence[str]]


@dataclass(frozen=True)
class Para:
    """A paragraph, wrapped with its continuation lines indented."""

    text: str


Block = Table | Para


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """`text` wrapped at word boundaries to `width` (newlines kept), continuation lines
    indented by `indent`; a word longer than the width stays whole on a line of its own."""
    out: list[str] = []
    for line in text.split("\n"):
        out += textwrap.wrap(
            line,
            width,
            subsequent_indent=indent,
            break_long_words=False,
            break_on_hyphens=False,
        ) or [""]
    return out


def _longest_word(text: str) -> int:
    return max((len(word) for word in text.split()), default=0)


def _longest_line(text: str) -> int:
    return max((len(line) for line in text.split("\n")), default=0)


def column_widths(columns: Sequence[Sequence[str]], width: int) -> list[int]:
    """The width of each column (its header and cells), all of them with the gaps between
    them fitting `width` when their longest words do: each at least its longest word, then
    the columns that need least to fit whole made whole, the space left shared among the rest
    in proportion to what each lacks."""
    room = width - len(GAP) * (len(columns) - 1)
    full = [max(map(_longest_line, cells), default=0) for cells in columns]
    if sum(full) <= room:
        return full
    widths = [max(map(_longest_word, cells), default=0) for cells in columns]
    if sum(widths) > room:  # words alone are too wide: shrink them in proportion
        total = sum(widths)
        return [max(1, room * w // total) for w in widths]
    spare = room - sum(widths)
    short = sorted(range(len(columns)), key=lambda i: full[i] - widths[i])
    while short and full[short[0]] - widths[short[0]] <= spare:
        i = short.pop(0)
        spare -= full[i] - widths[i]
        widths[i] = full[i]
    lacking = sum(full[i] - widths[i] for i in short)
    shares = {i: spare * (full[i] - widths[i]) // lacking for i in short} if lacking else {}
    for i, share in shares.items():
        widths[i] += share
    for i in short[: spare - sum(shares.values())]:  # what rounding down left over
        widths[i] += 1
    return widths


def _cell_lines(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for line in text.split("\n"):
        lines += textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    return lines


def table_lines(table: Table, width: int = WIDTH) -> list[str]:
    """The table's title, headers, a rule and its rows, leaving out the columns that are empty
    in every row (what the seat may not see, or what does not apply)."""
    keep = [i for i in range(len(table.headers)) if any(row[i] for row in table.rows)]
    columns = [[table.headers[i], *(row[i] for row in table.rows)] for i in keep]
    widths = column_widths(columns, width)
    out = wrap(table.title, width, "  ")
    header = [_cell_lines(table.headers[i], w) for i, w in zip(keep, widths, strict=True)]
    rule = [[RULE * w] for w in widths]
    for cells in (
        header,
        rule,
        *(
            [_cell_lines(row[i], w) for i, w in zip(keep, widths, strict=True)]
            for row in table.rows
        ),
    ):
        for n in range(max(len(lines) for lines in cells)):
            parts = [
                (lines[n] if n < len(lines) else "").ljust(w)
                for lines, w in zip(cells, widths, strict=True)
            ]
            out.append(GAP.join(parts).rstrip())
    return out


def render(blocks: Sequence[Block], width: int = WIDTH) -> str:
    """The blocks as text, one blank line between two tables or a table and a paragraph."""
    out: list[str] = []
    previous: Block | None = None
    for block in blocks:
        if isinstance(block, Table):
            if not block.rows:
                continue
            if previous is not None:
                out.append("")
            out += table_lines(block, width)
        else:
            if isinstance(previous, Table):
                out.append("")
            out += wrap(block.text, width, "  ")
        previous = block
    return "\n".join(out) + "\n"
