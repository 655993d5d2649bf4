"""What people read of a `waterborne` game: the clock counts initiatives, not turns (CF-INIT),
and the log lines say what happened, once, in whole sentences, with the sides by their names."""

from __future__ import annotations

import io
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from wat_helpers import ALLIES, AXIS, boat, do, end, game_of, hits, stand
from wat_pairs import bundled

import kriegsspiel as ks
from kriegsspiel.render.text import clock_text, render_view
from kriegsspiel.rulesets.waterborne import RULESET

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "kriegsspiel" / "rulesets" / "waterborne" / "data"
NAMED = [{"id": ALLIES, "name": "the Allies"}, {"id": AXIS, "name": "the Axis"}]


def test_cf_init_the_clock_is_the_initiative_held_by_a_side_named() -> None:
    game = game_of([stand("sq", place="woods"), stand("g", AXIS)], sides=NAMED)
    assert clock_text(game.view(AXIS)) == "initiative 1: the Allies has the initiative"
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    assert clock_text(game.view("public")) == (
        "initiative 1: the Allies has the initiative; the Axis may answer the last move with "
        "reactive fire"
    )
    do(game, AXIS, {"action": "pass"})
    do(game, ALLIES, {"action": "end-initiative"})
    assert clock_text(game.view(ALLIES)) == "initiative 2: the Axis has the initiative"
    do(game, "umpire", {"action": "end-game"})
    assert clock_text(game.view(ALLIES)) == "initiative 2: the game is over"


def test_the_shown_view_says_initiative_never_turn() -> None:
    game = bundled()
    view = game.view("british")
    assert RULESET.clock(view) == "initiative 1: British Second Army has the initiative"
    text = io.StringIO()
    render_view(Console(file=text, width=200), view, RULESET.seats_to_act(game.state))
    shown = text.getvalue()
    assert "initiative 1: British Second Army has the initiative" in shown
    assert "turn" not in shown
    assert "british's" not in shown


# -- the log --------------------------------------------------------------------------------------


def texts(entry: Any) -> list[str]:
    return [RULESET.describe_event(r.event) for r in entry.records]


def test_cf_init_the_initiative_passes_to_a_side_by_its_name() -> None:
    game = game_of([stand("sq")], sides=NAMED)
    entry = end(game)
    assert texts(entry) == ["initiative 2 to the Axis: the Allies ends its initiative (CF-INIT)"]
    assert game.log_view("public")[-1]["outcome"] == "initiative to the Axis"


def test_cf_fire_a_pin_on_a_suppressed_stand_leaves_it_suppressed_and_says_so() -> None:
    """CF-FIRE: a pin never lifts a suppression; a second suppress kills."""
    game = game_of([stand("r1"), stand("r2"), stand("r3"), stand("t", AXIS)])
    do(game, ALLIES, {"action": "fire", "unit": "r1", "target": "t"}, *hits(2, 3))
    entry = do(game, ALLIES, {"action": "fire", "unit": "r2", "target": "t"}, *hits(1, 3))
    assert texts(entry)[1] == "t is pinned, and stays suppressed (a pin never lifts it)"
    assert game.log_view(AXIS)[-1]["outcome"] == "t stays suppressed; initiative to axis"
    end(game)  # the axis leaves t suppressed
    entry = do(game, ALLIES, {"action": "fire", "unit": "r3", "target": "t"}, *hits(2, 3))
    assert texts(entry)[1] == "t, suppressed a second time, is killed"
    assert texts(do(game, "umpire", {"action": "set-status", "unit": "r1", "status": "ok"})) == [
        "r1 is ok"
    ]


def test_cf_default_rally_is_told_once() -> None:
    """A rally's success is one event that also makes the stand ok (not a second line saying
    so)."""
    game = game_of([stand("sq"), stand("g", AXIS)])
    do(game, "umpire", {"action": "set-status", "unit": "sq", "status": "pinned"})
    entry = do(game, ALLIES, {"action": "rally", "unit": "sq"}, 4)
    (line,) = texts(entry)
    assert line.startswith("sq rallies: waterborne.rally: rolled 4")
    assert line.endswith("; it is ok again")
    assert game.state.units["sq"].status == "ok"
    assert game.log_view(ALLIES)[-1]["outcome"] == "sq rallies"


def test_wat_embark_04_one_stand_or_many_in_whole_sentences() -> None:
    one = game_of([stand("a", aboard="lcm")], [boat("lcm", "lcm", land="north", column=1)])
    entry = do(one, ALLIES, {"action": "disembark", "craft": "lcm"})
    assert texts(entry) == [
        "a gets off lcm at north, the forced group move (WAT-EMBARK-04)",
        "a moved (the forced group dismount from lcm): reactive fire may answer (CF-REACT)",
    ]
    units = [stand(u, aboard="lcm") for u in "abc"]
    many = game_of(units, [boat("lcm", "lcm", land="north", column=1)])
    entry = do(many, ALLIES, {"action": "disembark", "craft": "lcm"})
    assert texts(entry)[0] == (
        "a, b and c get off lcm at north all together, as one group move (WAT-EMBARK-04)"
    )


def test_wat_move_a_craft_move_names_its_squares() -> None:
    """WAT-MOVE-05..07: squares by name; a drift off the table says no more than the loss."""
    game = game_of([stand("sq", aboard="b")], [boat("b", square=[0, 0])])
    entry = do(game, ALLIES, {"action": "move-craft", "craft": "b", "square": [0, 1]}, 4)
    assert texts(entry) == [
        "b makes for square A2: waterborne.craft-move: rolled 4 +1 storm boat (WAT-MOVE-09) = 5 "
        "-> drift-left [WAT-MOVE-05, WAT-MOVE-06]",
        "b is lost with sq: it drifts off the table (WAT-MOVE-07)",
    ]
    game = game_of([stand("sq", aboard="b")], [boat("b", square=[0, 0])])
    entry = do(game, ALLIES, {"action": "move-craft", "craft": "b", "square": [0, 1]}, 1)
    assert texts(entry)[0].endswith("-> no-move [WAT-MOVE-05, WAT-MOVE-06]; it stays in square A1")


def test_wat_pontoon_07_08_the_modifiers_read_as_words() -> None:
    sites = [{"id": "br", "side": ALLIES, "kind": "bridge", "bank": "south", "column": 1}]
    crew = [stand("e", kind="engineer", place="br")]
    crew += [stand(f"r{i}", place="br") for i in (1, 2, 3)]
    game = game_of(crew, sites=sites, water=(36, 12))
    do(game, ALLIES, {"action": "work", "site": "br"})
    (line,) = texts(do(game, ALLIES, {"action": "end-initiative"}, 3))[:1]
    assert line.startswith(
        "br: waterborne.pontoon-attempt: rolled 3 +1 engineer stand (WAT-PONTOON-07) "
        "+1 for 3 other stands (one per two) (WAT-PONTOON-08) = 5 -> success"
    )


SIDE_IDS = ("british", "german")


def _dishonest(text: str) -> list[str]:
    """What a log line of the Hollenhof crossing must never be."""
    wrong = []
    if re.search(r"\bturns?\b", text):
        wrong.append("says turn where it means initiative")
    if any(re.search(rf"\b{side}\b", text) for side in SIDE_IDS):
        wrong.append("names a side by its id")
    if "water-" in text:
        wrong.append("names a square by its feature id")
    if re.search(r"[:,;]\s*$|\bat\s*$", text):
        wrong.append("stops mid-sentence")
    if re.search(r"\d\.\d{3,}", text):
        wrong.append("gives a number to more places than people measure")
    return wrong


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_log_honest_lines(seed: int) -> None:
    """Random games of the bundled crossing (`Game.random_action`): every log line of every
    seat is a whole sentence with the sides by name, each event is told once in its entry, and
    no initiative beyond the scenario's last is announced."""
    game = ks.new_game("waterborne", seed=f"honest-{seed}")
    rng = random.Random(seed)
    for _ in range(160):
        seats = RULESET.seats_to_act(game.state)
        if not seats:
            break
        seat = rng.choice([*seats, *seats, *seats, "umpire"])
        action = game.random_action(seat, rng)
        if action is not None and action["action"] != "end-game":
            game.act(seat, action)
    limit = game.scenario.initiatives
    for seat in ("umpire", "british", "german", "public"):
        for row in game.log_view(seat):
            lines = [e["text"] for e in row["events"]]
            assert len(lines) == len(set(lines)), lines
            for event, line in zip(row["events"], lines, strict=True):
                assert not _dishonest(line), (line, _dishonest(line))
                assert event.get("initiative", 0) <= limit
            assert not _dishonest(row["outcome"]), row["outcome"]


def test_the_docs_say_which_crossfire_rules_the_engine_supplies() -> None:
    """docs/waterborne.md lists every Crossfire rule the engine supplies (its house rule IDs)
    in its section on what the players still do and what the engine supplies."""
    docs = (ROOT / "docs" / "waterborne.md").read_text(encoding="utf-8")
    section = docs.split("## Crossfire: what the players still do, what the engine supplies")[1]
    section = section.split("\\n## ")[0]
    house = tomllib.loads((DATA / "house_rules.toml").read_text(encoding="utf-8"))
    assert house
    for rule in house:
        assert f"| {rule} |" in section or f" {rule}," in section, rule
