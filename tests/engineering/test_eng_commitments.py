"""Commitments to engineering's hidden things (`Ruleset.hidden_things`): a buried or unspotted
minefield's place (ENG-MINE-25), what every enemy section is (ENG-MINE-27/28, ENG-MINE-13) and
a demolition the seat does not know of (ENG-DEMO-03), each committed from the start and opened
when shown in play."""

from __future__ import annotations

import json

from minekit import act, engineers, field, game, next_us_turn, passage_face, troops, us_turn

from commitkit import kept, matches, opened, tampered
from conftest import GERMAN, US, end_phase
from kriegsspiel import new_game

DEMOLISH_CULVERT = {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"}


def test_eng_demo_03_a_charge_prepared_before_the_game_is_committed_and_opened_when_blown() -> None:
    game_ = new_game("demo", seed="commit")
    at_start = kept(game_, US)
    assert game_.opened(US) == []
    game_.act(GERMAN, DEMOLISH_CULVERT)
    game_.act(US, {"action": "pass"})  # no opportunity fire: the charge goes off
    assert game_.log_view(US)[-1]["events"][0]["text"] == "culvert is demolished"
    [(n, slot, content)] = opened(game_, US)
    assert n == game_.log_length(US) == 2
    assert slot.startswith("0.")  # committed at the start
    assert content == {
        "kind": "demolition",
        "label": "Demolition culvert at (8, 27)",
        "side": GERMAN,
        "position": [8.0, 27.0],
        "demolition": "target",
        "target": "",
        "preparations": 1,
    }
    [opening] = game_.opened(US)
    assert kept(game_, US)[slot] == at_start[slot]
    assert matches(opening, at_start)
    assert not matches(tampered(opening, "[8.0,27.0]", "[9.0,27.0]"), at_start)
    # the bridge's charge is still unknown to the US: sealed until the full reveal
    full = {t["slot"]: t for o in game_.openings(US) for t in o["things"]}
    bridge = [t for t in full.values() if "road bridge" in t["content"]]
    assert len(bridge) == 1
    assert bridge[0]["slot"] != slot
    assert all(matches(t, at_start | kept(game_, US)) for t in full.values())


def test_eng_mine_27_a_spotted_field_opens_its_place_and_keeps_what_it_is_sealed() -> None:
    g = game([troops("r1", (12, 3.8))], minefields=[field("s1", (12, 5), laid="surface")])
    us_turn(g)
    things = g.ruleset.hidden_things(g.state, US)
    assert sorted(things) == ["minefield:s1", "minefield:s1:nature"]
    assert things["minefield:s1:nature"]["type"] == "mixed"
    at_start = kept(g, US)
    act(g, "spot-minefield", seat="umpire", section="s1", side=US)
    [(n, _, content)] = opened(g, US)
    assert n == g.log_length(US)
    assert content["kind"] == "minefield"
    assert content["label"] == "Minefield at (12, 5)"
    assert set(content) == {"kind", "label", "side", "footprint"}  # not what it is
    [opening] = g.opened(US)
    assert matches(opening, at_start)
    assert not matches(tampered(opening, '"centre":[12.0,5.0]', '"centre":[13.0,5.0]'), at_start)
    assert sorted(g.ruleset.hidden_things(g.state, US)) == ["minefield:s1:nature"]


def test_eng_mine_13_a_dummy_commits_in_the_same_shape_as_a_real_field() -> None:
    """What the US is sent for a dummy and for a real surface-laid field at the same place: the
    same slots, each a SHA-256; only the openings (at the full reveal) tell them apart."""
    sent = {}
    for kind in ("dummy", "mixed"):
        g = game([troops("r1", (12, 3.8))], minefields=[field("s1", (12, 5), type=kind)])
        sent[kind] = g.commitments(US)
        natures = [json.loads(t["content"]) for o in g.openings(US) for t in o["things"]]
        assert {n["type"] for n in natures if n and n["kind"] == "minefield nature"} == {kind}
    shape = [[(t["slot"], len(t["commitment"])) for t in c["things"]] for c in sent["dummy"]]
    assert shape == [[(t["slot"], 64) for t in c["things"]] for c in sent["mixed"]]
    assert sent["dummy"] != sent["mixed"]


def test_eng_mine_31_a_field_laid_in_play_is_committed_with_the_enemys_next_entries() -> None:
    """A dummy the US lay in play (ENG-MINE-31: five engineering actions) is a new thing hidden
    from the Germans twice over, its place and its nature: each takes the one slot of one of the
    German seat's entries from then on, and neither was among the start's."""
    g = game([engineers(f"e{i + 1}", (i * 0.5, 3.8)) for i in range(3)])
    us_turn(g)
    act(g, "lay-minefield", unit="e1", type="dummy", at=[0, 5])
    for unit in ("e2", "e3"):
        act(g, "lay-minefield", unit=unit, type="dummy", section="us/field-1")
    next_us_turn(g)
    act(g, "lay-minefield", unit="e1", type="dummy", section="us/field-1")
    assert "us/field-1" not in g.state.minefields
    laid_at = g.log_length(GERMAN)
    act(g, "lay-minefield", unit="e2", type="dummy", section="us/field-1")
    assert sorted(g.ruleset.hidden_things(g.state, GERMAN)) == [
        "minefield:us/field-1",
        "minefield:us/field-1:nature",
    ]
    while g.log_length(GERMAN) < laid_at + 3:
        end_phase(g)
    contents = {
        t["slot"]: json.loads(t["content"]) for o in g.openings(GERMAN) for t in o["things"]
    }
    slots = {c["kind"]: slot for slot, c in contents.items() if c is not None}
    assert set(slots) == {"minefield", "minefield nature"}
    entries = sorted(int(slot.split(".")[0]) for slot in slots.values())
    assert entries[0] == laid_at + 1  # the entry that laid it, as the Germans see it
    assert entries[1] == laid_at + 2  # the next: one slot an entry
    assert all(len(c["things"]) == 1 for c in g.commitments(GERMAN)[1:])  # whatever it hid
    assert contents[slots["minefield nature"]]["type"] == "dummy"
    sent = kept(g, GERMAN)
    assert all(matches(t, sent) for o in g.openings(GERMAN) for t in o["things"])


def test_eng_mine_29_a_dummy_shown_up_opens_what_it_was() -> None:
    """ENG-MINE-29: spotting the dummy opens its place only; a disorder crossing it shows it up
    and removes it, which opens its nature to the US: a dummy, as committed at the start
    (ENG-MINE-13)."""
    g = game([troops("r2", (6, 3.8))], minefields=[field("d1", (6, 5), type="dummy")])
    us_turn(g)
    at_start = kept(g, US)
    act(g, "spot-minefield", seat="umpire", section="d1", side=US)
    [(_, _, place)] = opened(g, US)
    assert place["kind"] == "minefield"
    act(g, "cross", passage_face("disordered", 1), unit="r2", obstacle="d1")
    [_, (n, _, nature)] = opened(g, US)
    assert n == g.log_length(US)
    assert nature == {
        "kind": "minefield nature",
        "label": "What the minefield at (6, 5) is",
        "name": "",
        "type": "dummy",
        "laid": "surface",
        "at": "normal",
        "ap": "normal",
    }
    assert all(matches(o, at_start) for o in g.opened(US))
