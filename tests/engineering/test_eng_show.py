"""`kriegsspiel show` for engineering: units, tasks, demolitions, the pending engineering action,
and where every engineering feature is, from each side's view (engineering/view.py) alone."""

from __future__ import annotations

from conftest import GERMAN, US
from kriegsspiel.games import new_game
from kriegsspiel.testing import do
from showtext import paragraph, row, shown, table, titles


def test_eng_show_tasks_demolitions_and_the_pending_action() -> None:
    """ENG-ACT-09: the US is told an engineering action awaits its answer, not what it is."""
    game = new_game("demo", seed="show")
    do(game, GERMAN, {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"})
    german = shown(game, GERMAN)
    assert row(table(german, "german tasks"), "prepare road bridge") == {
        "task": "prepare road bridge\nprepare:bridge",
        "progress": "0/2",
        "status": "open",
        "at work": "no one (at most 1 a turn)",  # declared: not at work until it goes ahead
        "turns left": "",
    }
    assert table(german, "german demolitions known") == [
        {
            "demolition": "road bridge\nbridge",
            "at": "20,27",
            "state": "not prepared",
            "progress": "0/2",
        },
        {"demolition": "culvert", "at": "8,27", "state": "prepared", "progress": "1/1"},
    ]
    assert paragraph(german, "pending") == (
        "pending: pioneer-1's engineering action (prepare bridge) awaits US Army's answer"
    )
    us = shown(game, US)
    assert (
        paragraph(us, "pending")
        == "pending: pioneer-1's engineering action awaits US Army's answer"
    )
    assert "german tasks" not in titles(us)
    assert "german demolitions known" not in titles(us)
    assert row(table(us, "us units"), "Rifle squad 1") == {
        "unit": "Rifle squad 1\nrifle-1",
        "kind": "troops\nDR 0",
        "at": "24,19\nfacing 0°",
        "state": "ok",
        "actions left": "2",
        "attack": "T 3",
    }
    assert "actions left" not in row(table(us, "german units"), "Pioniere 1")


def test_eng_show_minefields_and_obstacles_where_they_are() -> None:
    """ENG-MINE-27: an enemy side knows only where a known minefield is; its own side all."""
    game = new_game("breaching", seed="show")
    british = shown(game, "british")
    assert table(british, "german minefields") == [
        {"minefield": "field-c", "at": '24,14\n2"×1" facing 0°'}
    ]
    fields = table(shown(game, "umpire"), "german minefields")
    assert [(f["minefield"], f["known to"]) for f in fields] == [
        ("field-a", ""),
        ("field-b", ""),
        ("field-c", "british"),
    ]
    assert row(fields, "field-a")["at"] == '16,14\n2"×1" facing 0°'
    assert row(fields, "field-a")["spotting"] == "cannot be spotted (ENG-MINE-25)"
    assert row(table(british, "obstacles"), "anti-tank ditch\nditch-1") == {
        "obstacle": "anti-tank ditch\nditch-1",
        "kind": "ditch\nstandard",
        "at": '14,18\n2"×1" facing 0°',
        "condition": "intact",
        "neutralised": "0/1",
    }


def test_eng_show_bridges_and_bridging_equipment() -> None:
    blocks = shown(new_game("hold-the-bridge", seed="show"), GERMAN)
    assert table(blocks, "us bridges") == [
        {
            "bridge": "pontoon bridge\npontoon",
            "kind": "pontoon",
            "at": "36,30\nover river",
            "spans": "1/3",
            "state": "unusable",
        }
    ]
    assert table(blocks, "bridges") == [  # of no side
        {
            "bridge": "Neufmolin bridge\nneufmolin",
            "kind": "permanent",
            "at": "12,30\nover river",
            "spans": "1/1",
            "state": "usable",
            "armour": "4",
        }
    ]
    assert table(blocks, "us bridging equipment") == [
        {"equipment": "span-a", "at": "35,32.5", "carried by": "", "bridge": "pontoon"},
        {
            "equipment": "span-b",
            "at": "38,36",
            "carried by": "Brockway heavy truck",
            "bridge": "pontoon",
        },
    ]


def test_eng_show_fortifications() -> None:
    """ENG-FORT: each fort where it is, its armour, fire arcs and who is in it; whether the
    seat's side has spotted it."""
    blocks = shown(new_game("crack-the-bunker-line", seed="show"), "british")
    assert row(table(blocks, "german fortifications"), "casemate") == {
        "fort": "casemate",
        "kind": "large",
        "at": "38,22",
        "armour": "5",
        "fire arcs": "200°±45°",
        "occupants": "PaK 40 (casemate)",
        "state": "",
    }
    assert row(table(blocks, "german fortifications"), "log bunker")["state"] == "spotted"


def test_eng_show_a_lane_through_the_wire() -> None:
    """ENG-FUNNY: the Conger primed on the wire goes off (a 2) and leaves a lane through it."""
    game = new_game("crack-the-bunker-line", seed="show")
    do(game, "british", {"action": "prime-conger", "unit": "conger", "obstacle": "wire-1"})
    do(game, GERMAN, {"action": "pass"})
    do(game, "british", {"action": "move", "unit": "dd-1", "to": [10, 6]})
    do(game, GERMAN, {"action": "pass"})  # no opportunity fire at the move (BF-DEFAULT-OPFIRE)
    do(game, "british", {"action": "end-phase"}, 6)  # dd-1 swam: the swamping d10
    while (game.state.turn, game.state.phasing) != (2, "british"):
        do(game, game.ruleset.seats_to_act(game.state)[0], {"action": "end-phase"})
    assert row(table(shown(game, GERMAN), "british units"), "AVRE with Conger")["state"] == (
        "ok, Conger primed on wire-1, card BR-13"
    )
    do(game, "british", {"action": "fire-conger", "unit": "conger"}, 2)
    do(game, GERMAN, {"action": "pass"})
    assert table(shown(game, GERMAN), "lanes") == [
        {
            "lane": "conger.conger",
            "kind": "conger",
            "made by": "AVRE with Conger",
            "path": "28,17 → 28,20",
            "width": '2"',
            "through": "wire-1",
        }
    ]
