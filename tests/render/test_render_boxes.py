"""`PlainConsole` prints exactly what rich prints on a plain output (render/boxes.py): the
tables and lines of the commands, and seeded random ones with multi-line cells, empty cells,
titles wider than their tables, wide and combining characters, tabs and cells to wrap."""

from __future__ import annotations

import io
import random
import sys

import pytest
from rich.console import Console

from kriegsspiel.render.boxes import (
    WIDTH,
    Grid,
    Line,
    PlainConsole,
    grid_text,
    line_text,
    plain_output,
)
from kriegsspiel.render.text import console, key, table

Block = Line | Grid


def by_rich(block: Block, width: int = WIDTH) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False).print(block)
    return out.getvalue()


def by_plain(block: Block, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    PlainConsole().print(block)
    return capsys.readouterr().out


ODDS = table(
    "odds",
    [
        {"outcome": "success", "probability": "9/10", "percent": "90.0%"},
        {"outcome": "dud", "probability": "1/10", "percent": "10.0%"},
    ],
    (("outcome", key("outcome")), ("probability", key("probability")), ("percent", key("percent"))),
)


def test_the_odds_table_is_drawn_by_hand_as_rich_draws_it() -> None:
    assert (
        grid_text(ODDS)
        == by_rich(ODDS)
        == (
            "odds                               \n"
            "┏━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━━┓\n"
            "┃ outcome ┃ probability ┃ percent ┃\n"
            "┡━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━━┩\n"
            "│ success │ 9/10        │ 90.0%   │\n"
            "│ dud     │ 1/10        │ 10.0%   │\n"
            "└─────────┴─────────────┴─────────┘\n"
        )
    )


def test_a_log_entry_of_several_events_is_drawn_by_hand() -> None:
    entry = {"seq": 3, "seat": "us", "events": "turn 2 begins\nUS Army's maneuver phase"}
    grid = table(
        "us: done", [entry], (("#", key("seq")), ("seat", key("seat")), ("events", key("events")))
    )
    assert grid_text(grid) is not None
    assert grid_text(grid) == by_rich(grid)


WORDS = ["a", "dud", "success", "9/10", "pioneer-1", "Wehrmacht's", "≤", "é", "—", "x" * 30]
ODD = ["中文", "😀", "tab\there", "e\u0301", " lead", "trail ", "zero\u200bwidth", "y" * 130]


def _text(rng: random.Random, odd: bool, lines: int = 1) -> str:
    pool = WORDS + ODD if odd else WORDS
    return "\n".join(
        " ".join(rng.choice(pool) for _ in range(rng.randint(0, 4))) for _ in range(lines)
    )


def _grid(rng: random.Random, odd: bool) -> Grid:
    n = rng.randint(1, 5)
    rows = tuple(
        tuple(_text(rng, odd, rng.choice((1, 1, 2, 3))) for _ in range(n))
        for _ in range(rng.randint(0, 4))
    )
    return Grid(
        _text(rng, odd) if rng.random() < 0.8 else "",
        tuple(_text(rng, odd) or "h" for _ in range(n)),
        rows,
        tuple(i == 0 and rng.random() < 0.5 for i in range(n)),
        tuple(rng.choice((None, "", "strike dim")) for _ in rows),
    )


@pytest.mark.parametrize("seed", range(40))
def test_random_tables_and_lines_print_as_rich_prints_them(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    for block in _blocks(seed):
        assert by_plain(block, capsys) == by_rich(block)


def _blocks(seed: int) -> list[Block]:
    rng = random.Random(seed)
    odd = seed % 2 == 1  # odd seeds draw characters only rich measures
    out: list[Block] = []
    for _ in range(5):
        out += [_grid(rng, odd), Line(_text(rng, odd, rng.randint(1, 3)), "bold")]
    return out


def test_the_random_cases_are_mostly_drawn_by_hand_where_they_can_be() -> None:
    """So that the comparison above tries the hand-drawn text, not only rich against itself."""
    blocks = [block for seed in range(0, 40, 2) for block in _blocks(seed)]
    grids = [b for b in blocks if isinstance(b, Grid)]
    lines = [b for b in blocks if isinstance(b, Line)]
    assert sum(grid_text(g) is not None for g in grids) >= len(grids) // 4
    assert sum(line_text(b) is not None for b in lines) >= len(lines) // 2


def test_plain_text_is_written_by_hand_and_only_what_rich_alone_can_lay_out_goes_to_rich() -> None:
    assert line_text(Line("rules: ENG-DEMO-05, ENG-DEMO-06")) == "rules: ENG-DEMO-05, ENG-DEMO-06\n"
    assert line_text(Line("")) == "\n"
    for beyond in ("w " * 70, "中文", "  indented", "tab\there"):
        assert line_text(Line(beyond)) is None
    wide = Grid("t", ("a", "b"), (("x" * 60, "y" * 60),), (True, False), (None,))
    assert grid_text(wide) is None  # 127 characters: rich wraps it
    assert grid_text(Grid("t", ("a",), (), (True,), ())) is None  # no rows: rich's own layout
    long_title = Grid("a title longer than the table", ("a",), (("x",),), (True,), (None,))
    assert grid_text(long_title) is None


class _Out(io.StringIO):
    def __init__(self, encoding: str, tty: bool = False) -> None:
        super().__init__()
        self._encoding, self._tty = encoding, tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return self._tty


@pytest.mark.parametrize(
    ("encoding", "tty", "env", "plain"),
    [
        ("utf-8", False, {}, True),
        ("UTF8", False, {}, True),
        ("utf-8", True, {}, False),  # a terminal: rich, with its styles
        ("ascii", False, {}, False),  # rich draws its boxes in ASCII there
        ("latin-1", False, {}, False),
        ("utf-8", False, {"FORCE_COLOR": "1"}, False),  # told to style a pipe
        ("utf-8", False, {"FORCE_COLOR": ""}, True),
        ("utf-8", False, {"TTY_COMPATIBLE": "1"}, False),
    ],
)
def test_the_hand_drawn_console_stands_in_only_where_rich_prints_plain_characters(
    encoding: str, tty: bool, env: dict[str, str], plain: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "stdout", _Out(encoding, tty))
    assert plain_output() is plain
    assert isinstance(console(), PlainConsole) is plain
