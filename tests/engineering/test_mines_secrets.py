"""ENG-MINE-25..30, AMB-ENG-12, -13: what each seat may know of minefields, and dummies.

German sections: f1, buried mixed (normal), at (0, 5); d1, a dummy, at (6, 5); s1, a real
surface-laid mixed field of normal density, at (12, 5); w1, surface-laid, in a wood. US rifle
squads r1 (and r4), r2, r3 stand 0.7" short of f1, d1, s1; a US tank t1 by d1.
Seats: umpire, german, us, public.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from minekit import act, events, field, game, passage_face, section, tank, troops, us_turn

from conftest import GERMAN, US, refused
from kriegsspiel.errors import InputError
from kriegsspiel.rulesets.engineering.checks import DEFAULT_TABLES
from kriegsspiel.rulesets.engineering.minefields.minefields import spotting_case
from kriegsspiel.rulesets.engineering.minefields.passage import passage_check

SEATS = ("umpire", GERMAN, US, "public")
FOREST = {"id": "wood", "kind": "forest", "points": [[20, 0], [30, 0], [30, 10], [20, 10]]}


def table(options: dict[str, Any] | None = None, units: list[dict[str, Any]] | None = None) -> Any:
    g = game(
        units
        or [
            troops("r1", (0, 3.8)),
            troops("r2", (6, 3.8)),
            troops("r3", (12, 3.8)),
            tank("t1", (6.5, 3.8)),
            troops("r4", (-0.5, 3.8)),
        ],
        minefields=[
            field("f1", (0, 5)),
            field("d1", (6, 5), type="dummy"),
            field("s1", (12, 5), laid="surface"),
            field("w1", (25, 5), laid="surface"),
        ],
        terrain=[FOREST],
        options=options,
    )
    us_turn(g)
    return g


def view_ids(g: Any, seat: str) -> set[str]:
    return {m["id"] for m in g.view(seat)["minefields"]}


def log_text(g: Any, seat: str) -> str:
    return json.dumps(g.log_view(seat))


def spot(g: Any, fid: str, side: str = US) -> Any:
    return act(g, "spot-minefield", seat="umpire", section=fid, side=side)


def test_eng_mine_25_buried_field_hidden_until_mines_go_off() -> None:
    """ENG-MINE-25 / AMB-ENG-13: a buried field can never be spotted; a traverse through it tells
    the US nothing; the first result that is not a traverse shows the US where it is."""
    g = table()
    for seat, sees in (("umpire", True), (GERMAN, True), (US, False), ("public", False)):
        assert ("f1" in view_ids(g, seat)) == sees
    assert refused(g, "umpire", {"action": "spot-minefield", "section": "f1", "side": US}).rule == (
        "ENG-MINE-25"
    )
    assert spotting_case(section(g, "f1")) is None
    act(g, "move", passage_face("traverse", 0), unit="r1", to=[0, 7])
    assert g.state.units["r1"].position == (0, 7)
    assert "f1" not in view_ids(g, US)
    assert '"f1"' not in log_text(g, US)
    assert "passage-rolled" in log_text(g, GERMAN)
    entry = act(g, "move", passage_face("disordered", 0), unit="r4", to=[-0.5, 7])
    assert events(entry, "minefield-found")[0]["side"] == US
    assert "f1" in view_ids(g, US)
    seen = next(m for m in g.view(US)["minefields"] if m["id"] == "f1")
    assert set(seen) == {"id", "side", "footprint"}  # where it is, nothing of its mines
    us_log = g.log_view(US)[-1]["events"]
    assert [e["event"] for e in us_log if e["event"].startswith("passage")] == [
        "passage-reported"
    ]  # the outcome, not the roll and its modifiers
    assert g.state.units["r4"].status == "disordered"
    for seat in SEATS:  # now every seat may know where it is (the public: all enemies know)
        assert "f1" in view_ids(g, seat)
    assert g.state.units["r4"].position == (-0.5, 4.5)


def test_hidden_field_reads_as_no_field_at_all() -> None:
    """Secrets: addressing a section the side does not know fails exactly as a made-up id."""
    g = table()
    messages = []
    for fid in ("f1", "zz"):
        with pytest.raises(InputError) as info:
            act(g, "cross", unit="r1", obstacle=fid)
        messages.append(str(info.value).replace(fid, "X"))
    assert messages[0] == messages[1]


def test_eng_mine_26_spotting_case_by_terrain() -> None:
    """ENG-MINE-26: a surface field in the open is spotted as dug-in troops at the edge of dense
    cover; anywhere else, as dug-in troops deep in dense cover."""
    g = table()
    assert spotting_case(section(g, "s1")) == "dug-in troops at the edge of dense cover"
    assert spotting_case(section(g, "w1")) == "dug-in troops deep in dense cover"
    assert next(m for m in g.view(GERMAN)["minefields"] if m["id"] == "w1")["spotting"] == (
        "dug-in troops deep in dense cover"
    )


def test_eng_mine_27_spotting_shows_dimensions_not_effect() -> None:
    """ENG-MINE-27: once spotted, the US sees the field's footprint; its passage modifiers are
    unchanged."""
    g = table()
    before = passage_check(g.state, DEFAULT_TABLES, g.state.spec("r3"), section(g, "s1"))
    assert "s1" not in view_ids(g, US)
    spot(g, "s1")
    seen = next(m for m in g.view(US)["minefields"] if m["id"] == "s1")
    assert seen["footprint"]["length"] == 2.0
    assert seen["footprint"]["depth"] == 1.0
    assert "type" not in seen
    after = passage_check(g.state, DEFAULT_TABLES, g.state.spec("r3"), section(g, "s1"))
    assert after == before


def test_eng_mine_28_dummy_is_a_surface_normal_field_until_tried() -> None:
    """ENG-MINE-28: a dummy spots and modifies passage as a real surface-laid normal field,
    +1 for surface-laid included, for troops and for vehicles alike."""
    g = table()
    dummy, real = section(g, "d1"), section(g, "s1")
    assert spotting_case(dummy) == spotting_case(real)
    for unit in ("r2", "t1"):
        spec = g.state.spec(unit)
        a = passage_check(g.state, DEFAULT_TABLES, spec, dummy)
        b = passage_check(g.state, DEFAULT_TABLES, spec, real)
        assert a is not None
        assert b is not None
        assert a.modifiers == b.modifiers
        assert any(m.rule == "ENG-MINE-03" and m.value == 1 for m in a.modifiers)


def test_dummy_nature_known_only_to_owner_and_umpire() -> None:
    """Secrets: spotted, a dummy looks to the US (and then the public) exactly as a real field;
    only the Germans and the umpire see that it is a dummy."""
    g = table()
    spot(g, "d1")
    spot(g, "s1")
    for seat in (US, "public"):
        shown = {m["id"]: m for m in g.view(seat)["minefields"]}
        assert set(shown["d1"]) == set(shown["s1"]) == {"id", "side", "footprint"}
        assert "dummy" not in log_text(g, seat)
    for seat in ("umpire", GERMAN):
        shown = {m["id"]: m for m in g.view(seat)["minefields"]}
        assert shown["d1"]["type"] == "dummy"


def test_eng_mine_29_dummy_revealed_by_a_result_other_than_traverse() -> None:
    """ENG-MINE-29: a traverse leaves the dummy hidden; any other result reveals it and removes
    it, and the unit suffers nothing (AMB-ENG-12: it goes on with its move)."""
    g = table()
    spot(g, "d1")
    act(g, "cross", passage_face("traverse", 1), unit="r2", obstacle="d1")
    assert "d1" in g.state.minefields
    assert "dummy" not in log_text(g, US)
    g2 = table()
    spot(g2, "d1")
    entry = act(g2, "cross", passage_face("disordered", 1), unit="r2", obstacle="d1")
    assert "d1" not in g2.state.minefields
    assert g2.state.units["r2"].status == "ok"
    assert g2.state.units["r2"].position == (6.0, 6.2)
    assert events(entry, "dummy-revealed")
    for seat in SEATS:
        assert "d1" not in view_ids(g2, seat)
        assert "revealed as a dummy" in log_text(g2, seat)


def test_amb_eng_12_later_attempts_can_reveal_a_dummy_too() -> None:
    """AMB-ENG-12: every attempt rolls; a second unit's halt exposes a dummy the first
    traversed."""
    g = table()
    spot(g, "d1")
    act(g, "cross", passage_face("traverse", 1), unit="r2", obstacle="d1")
    act(g, "cross", 4, 9, unit="t1", obstacle="d1")  # a mixed field: AT 4+1 halts, AP traverses
    assert "d1" not in g.state.minefields


def test_eng_mine_30_umpire_mode_every_dummy_crossing_succeeds() -> None:
    """ENG-MINE-30: with secret umpire rolls, 100 attempts on a dummy are 100 reported
    traverses and the dummy stays; players see outcomes, never the rolls."""
    units = [troops(f"r{i}", (6 + (i % 10) * 0.1 - 0.45, 3.8), actions=1) for i in range(100)]
    g = game(
        units,
        minefields=[field("d1", (6, 5), type="dummy", known_to=[US])],
        options={"umpire_passage_rolls": True},
        seed="mine-30",
    )
    us_turn(g)
    reported = []
    for i in range(100):
        entry = g.act(US, {"action": "cross", "unit": f"r{i}", "obstacle": "d1"})
        reported += [e["outcome"] for e in events(entry, "passage-reported")]
    assert reported == ["traverse"] * 100
    assert "d1" in g.state.minefields
    assert "passage-rolled" not in log_text(g, US)
    assert "passage-rolled" not in log_text(g, GERMAN)
    assert "passage-rolled" in log_text(g, "umpire")
    rolled = [
        e for item in g.log_view("umpire") for e in item["events"] if e["event"] == "passage-rolled"
    ]
    assert len(rolled) == 100
    assert {e["outcome"] for e in rolled} != {"traverse"}  # the real dice did vary


def test_amb_eng_13_detonation_reveals_to_the_crossing_side_only() -> None:
    """AMB-ENG-13: a non-traverse result shows the section and its footprint to the crossing
    side (and the owner learns it is known); a traverse reveals nothing. The public display
    shows it once every enemy side knows it."""
    g = table()
    act(g, "move", passage_face("halted", 0), unit="r1", to=[0, 7])
    assert g.state.units["r1"].position == (0.0, 4.5)  # stopped at the field's edge
    assert "f1" in view_ids(g, US)
    assert "f1" in view_ids(g, "public")
    german = next(m for m in g.view(GERMAN)["minefields"] if m["id"] == "f1")
    assert german["known_to"] == [US]


def test_undo_and_replay_keep_the_secret() -> None:
    """Secrets through undo and replay: after the umpire takes the detonation back, and in a
    replay of the moment before it, the US does not know f1."""
    g = table()
    act(g, "move", passage_face("disordered", 0), unit="r1", to=[0, 7])
    assert "f1" in view_ids(g, US)
    visible_before = len(g.log_view(US)) - 1
    assert not any(m["id"] == "f1" for m in g.replay(US, visible_before)["minefields"])
    g.undo("umpire")
    assert "f1" not in view_ids(g, US)
    assert "f1" not in json.dumps(g.view(US))


def test_without_positions_the_umpire_walks_a_unit_into_a_hidden_field() -> None:
    """AMB-ENG-13 at a table without positions: the US cannot name a section it does not know,
    but the umpire, who sees the squad walk in, may; a traverse tells the US nothing, and the
    halt that follows shows it the section."""
    g = game([troops("r1", None)], minefields=[{"id": "f1", "side": GERMAN, "type": "AP"}])
    us_turn(g)
    with pytest.raises(InputError):
        act(g, "cross", unit="r1", obstacle="f1", distance=0.5)
    entry = act(g, "cross", 6, seat="umpire", unit="r1", obstacle="f1", distance=0.5)
    seen = [msgspec.to_builtins(r.event) for r in entry.visible_records(US)]
    assert seen == [
        {
            "event": "maneuvered",
            "unit": "r1",
            "how": "moves",
            "obstacle": "",
            "to": None,
            "moved": True,
            "inside": None,
            "bogged": None,
            "exposed": False,
        }
    ]  # the squad moved; nothing of mines
    assert "f1" not in view_ids(g, US)
    act(g, "cross", 4, seat="umpire", unit="r1", obstacle="f1", distance=0.5)
    assert "f1" in view_ids(g, US)


def test_random_play_of_the_breaching_scenario_keeps_minefield_secrets() -> None:
    """Secrets from every seat, through play: in seeded random playouts of the bundled scenario
    (legal actions of both sides and the umpire, undo now and then), no British or public view or
    log ever names a German section before that seat may know it or shows a known one's mines,
    and the public never reads "dummy" before a dummy is revealed to all."""
    import random

    from kriegsspiel.core.game import Game
    from kriegsspiel.rulesets import RULESETS
    from kriegsspiel.scenario.load import load_scenario

    ruleset = RULESETS["engineering"]
    for index in range(4):
        rng = random.Random(index)
        g = Game(ruleset, load_scenario("breaching"), f"secrets-{index}")
        ever: dict[str, set[str]] = {}
        revealed = False
        for _ in range(50):
            seats = ruleset.seats_to_act(g.state)
            if not seats:
                break
            if rng.random() < 0.05 and g.log:
                g.undo("umpire")
            else:
                seat = "umpire" if rng.random() < 0.1 else rng.choice(seats)
                entry = g.act(seat, rng.choice(g.legal_actions(seat)).sample(rng))
                revealed |= any(type(r.event).__name__ == "DummyRevealed" for r in entry.records)
            for seat in ("british", "public"):
                view = json.dumps(g.view(seat))
                log = json.dumps(g.log_view(seat))
                for fid, f in g.state.minefields.items():
                    knows = seat in f.known_to or (seat == "public" and "british" in f.known_to)
                    if knows:
                        ever.setdefault(fid, set()).add(seat)
                    if not knows:
                        assert f'"{fid}"' not in view, (index, seat, fid)
                    if seat not in ever.get(fid, set()):
                        assert fid not in log, (index, seat, fid)
                shown = [m for m in g.view(seat)["minefields"] if m["side"] == GERMAN]
                assert all(set(m) == {"id", "side", "footprint"} for m in shown)
                if not revealed and seat == "public":  # British seats lay dummies of their own
                    assert "dummy" not in view
                    assert "dummy" not in log
                if not revealed:
                    assert "field-c is revealed" not in log
