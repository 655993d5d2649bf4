"""The text tables of `show` and `play`: within the width, wrapped at word boundaries only."""

from __future__ import annotations

from kriegsspiel.cli_tables import Para, Table, column_widths, render, table_lines, wrap

LONG = "Kampfgruppe Oberst Hyazinth Graf Strachwitz von Gross-Zauche und Camminetz"


def words_of(text: str) -> list[str]:
    return text.split()


def test_columns_that_fit_take_their_full_width() -> None:
    assert column_widths([["id", "sherman-1"], ["at", "24,10"]], 80) == [9, 5]


def test_a_wide_table_wraps_at_words_and_fits() -> None:
    table = Table("units", ("unit", "state"), [(LONG, "ok, emplaced, moving"), ("rifle-1", "ok")])
    lines = table_lines(table, 40)
    assert max(map(len, lines)) <= 40
    shown = [line for line in lines if not line.startswith("─")]
    cells = ["units", "unit", "state", LONG, "ok, emplaced, moving", "rifle-1", "ok"]
    assert sorted(words_of(" ".join(shown))) == sorted(words_of(" ".join(cells)))  # all whole
    # the state column needs least to be whole, so it is; the name wraps in what is left
    assert lines == [
        "units",
        "unit                state",
        "──────────────────  ────────────────────",
        "Kampfgruppe Oberst  ok, emplaced, moving",
        "Hyazinth Graf",
        "Strachwitz von",
        "Gross-Zauche und",
        "Camminetz",
        "rifle-1             ok",
    ]


def test_no_word_is_broken_and_the_narrow_columns_are_whole() -> None:
    widths = column_widths([["unit", LONG], ["DR", "1"], ["status", "knocked-out"]], 40)
    assert widths[1:] == [2, 11]  # whole: the space left goes to the long names
    assert sum(widths) + 2 * 2 == 40
    assert widths[0] >= max(map(len, LONG.split()))


def test_only_words_wider_than_the_terminal_are_cut() -> None:
    word = "x" * 30
    lines = table_lines(Table("t", ("a", "b"), [(word, word)]), 40)
    assert max(map(len, lines)) <= 40
    assert lines[3:] == ["x" * 19 + "  " + "x" * 19, "x" * 11 + " " * 10 + "x" * 11]


def test_columns_empty_in_every_row_are_left_out() -> None:
    lines = table_lines(Table("t", ("a", "hidden", "b"), [("1", "", "2")]), 80)
    assert lines == ["t", "a  b", "─  ─", "1  2"]


def test_paragraphs_wrap_with_an_indent_and_empty_tables_vanish() -> None:
    text = render([Para("deck: " + LONG), Table("none", ("a",), []), Para("end")], 30)
    assert text.splitlines() == [
        "deck: Kampfgruppe Oberst",
        "  Hyazinth Graf Strachwitz von",
        "  Gross-Zauche und Camminetz",
        "end",
    ]
    assert wrap("pzf-team-1 pzf-team-2", 12) == ["pzf-team-1", "pzf-team-2"]  # no split at -
