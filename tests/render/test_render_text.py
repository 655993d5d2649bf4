"""The text of a seat's view shows each ruleset's lists in that ruleset's own words: the titles and
columns of `Ruleset.view_lists` and the action word of `Ruleset.action_word`, never another's."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from rich.console import Console

import kriegsspiel as ks
from kriegsspiel.render.text import action_text, render_actions, render_view
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, load_scenario

BUNDLED = {name: load_scenario(name).ruleset for name in bundled_names()}


def text_of(view: dict[str, Any]) -> str:
    out = Console(width=200, record=True, highlight=False)
    with out.capture() as captured:
        render_view(out, view)
    return captured.get()


def titles(text: str) -> list[str]:
    """The title lines of the tables: every line not drawn as part of a table."""
    return [line.strip() for line in text.splitlines() if line[:1].isalnum()]


def bundled_view(ruleset: str) -> dict[str, Any]:
    name = next(n for n, r in BUNDLED.items() if r == ruleset)
    return ks.new_game(name, seed="text").view("umpire")


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_each_ruleset_titles_its_lists(ruleset: str) -> None:
    shown = RULESETS[ruleset].view_lists
    view = bundled_view(ruleset)
    assert shown, f"{ruleset} names none of its view's lists"
    assert set(shown) <= set(view), f"{ruleset} names lists its view does not have"
    drawn = titles(text_of(view))
    for name, rows in view.items():
        if name in shown and rows:
            assert shown[name].title in drawn, (ruleset, name, drawn)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_each_ruleset_names_the_pending_action_in_its_word(ruleset: str) -> None:
    word = RULESETS[ruleset].action_word
    view = {**bundled_view(ruleset), "pending": {"unit": "u1", "awaiting": "them"}}
    assert f"pending: u1's {word} awaits them's answer" in text_of(view)


def test_the_words_are_each_rulesets_own() -> None:
    words = [RULESETS[name].action_word for name in RULESETS]
    assert len(set(words)) == len(words), words
    assert RULESETS["engineering"].action_word == "engineering action"
    for ruleset in RULESETS:
        if ruleset == "engineering":
            continue
        text = text_of({**bundled_view(ruleset), "pending": {"unit": "u1", "awaiting": "them"}})
        assert "engineering" not in text, ruleset
        assert "demolitions known" not in text, ruleset


def test_engineering_shows_its_units_and_demolitions_with_their_columns() -> None:
    text = text_of(ks.new_game("demo", seed="text").view("umpire"))
    assert {"units", "tasks", "demolitions known"} <= set(titles(text))
    for header in ("dr", "actions left", "turns left", "prepared"):
        assert f" {header} " in text, header
    # ENG-ACT-07: the demo's roadblock task, not begun: no one at work, up to two a turn
    row = next(line for line in text.splitlines() if "roadblock-clearing" in line)
    assert "0 (at most 2 a turn)" in row
    assert "none at work" in row


def test_waterborne_shows_its_pontoon_sites_in_construction_points() -> None:
    text = text_of(bundled_view("waterborne"))
    assert {"stands", "craft", "pontoon bridges and ferries"} <= set(titles(text))
    assert " construction points " in text
    assert " dr " not in text  # Battlefront's discipline rating is the engineering ruleset's


def test_a_view_of_an_unknown_ruleset_is_shown_plainly() -> None:
    view = {
        "ruleset": "chess",
        "title": "t",
        "seat": "white",
        "turn": 1,
        "pieces": [{"id": "k", "square": "e1"}],
        "pending": {"unit": "k", "awaiting": "black"},
    }
    text = text_of(view)
    assert "pieces" in titles(text)
    assert "pending: k's action awaits black's answer" in text


def test_a_table_of_sentences_wraps_them_whole_at_120_columns() -> None:
    """The actions of the Hollenhof crossing at the width piped output gets: the longest label
    is shown whole (wrapped, not cut off), and the `act` syntax beside each."""
    game = ks.new_game("waterborne", seed="text")
    choices = [msgspec.to_builtins(c) for c in game.legal_actions("british")]
    out = Console(width=120, record=True, highlight=False)
    with out.capture() as captured:
        render_actions(out, choices, "british")
    lines = captured.get().splitlines()
    first_cells = " ".join(line.split("│")[1].strip() for line in lines if line.count("│") > 1)
    longest = max((c["label"] for c in choices), key=len)
    assert longest in first_cells
    second_cells = " ".join(line.split("│")[2] for line in lines if line.count("│") > 2).split()
    assert {c["action"]["action"] for c in choices} <= set(second_cells)  # each row's `act` tag


def test_an_action_leaves_out_its_empty_fields() -> None:
    """`act` takes an empty field as its default, so the text leaves it out (no `units=`), and
    a list as its items joined by commas."""
    action = {"action": "disembark", "craft": "buffalo-2", "units": [], "note": ""}
    assert action_text(action) == "disembark craft=buffalo-2"
    assert action_text({"action": "work", "site": "br", "units": ["e1", "e2"]}) == (
        "work site=br units=e1,e2"
    )
