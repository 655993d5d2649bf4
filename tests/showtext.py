"""What `kriegsspiel show` prints (`cli_show`), for the tests of each ruleset's text: its
paragraphs, and its tables' rows as cells by header; and that the text fits the terminal with
every word whole."""

from __future__ import annotations

from typing import Any

from kriegsspiel.cli_show import show_blocks, show_text
from kriegsspiel.cli_tables import Block, Para, Table
from kriegsspiel.core.game import Game

AnyGame = Game[Any, Any, Any, Any]
Rows = list[dict[str, str]]


def shown(game: AnyGame, seat: str, width: int = 80) -> list[Block]:
    """What `show` prints for `seat`, checked to fit `width` columns with no word broken."""
    view, to_act = game.typed_view(seat), game.ruleset.seats_to_act(game.state)
    text = show_text(view, to_act, width)
    too_wide = [line for line in text.splitlines() if len(line) > width]
    assert not too_wide, too_wide
    blocks = show_blocks(view, to_act)
    printed = [b.text for b in blocks if isinstance(b, Para)]
    for block in blocks:
        if isinstance(block, Table) and block.rows:
            rows = table(blocks, block.title)
            printed += [block.title, *rows[0], *(cell for r in rows for cell in r.values())]
    words = {w for line in text.splitlines() for w in line.split()}
    broken = {w for t in printed for w in t.split()} - words
    assert not broken, f"words broken across lines: {sorted(broken)}"
    return blocks


def paragraph(blocks: list[Block], start: str) -> str:
    """The paragraph that begins with `start`."""
    return next(b.text for b in blocks if isinstance(b, Para) and b.text.startswith(start))


def titles(blocks: list[Block]) -> list[str]:
    """The titles of the tables shown (those with rows)."""
    return [b.title for b in blocks if isinstance(b, Table) and b.rows]


def table(blocks: list[Block], title: str) -> Rows:
    """The rows of the table titled `title`, each a cell by header (the columns that are
    empty in every row left out, as they are not printed)."""
    found = next((b for b in blocks if isinstance(b, Table) and b.title == title), None)
    if found is None or not found.rows:
        raise AssertionError(f"no table {title!r} among {titles(blocks)}")
    keep = [i for i in range(len(found.headers)) if any(r[i] for r in found.rows)]
    return [{found.headers[i]: r[i] for i in keep} for r in found.rows]


def row(rows: Rows, first: str) -> dict[str, str]:
    """The row whose first cell begins with `first`."""
    return next(r for r in rows if next(iter(r.values())).startswith(first))
