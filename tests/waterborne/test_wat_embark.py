"""WAT-EMBARK-01..06 with AMB-WAT-13/14: boarding, disembarking and the forced group dismount."""

from __future__ import annotations

from typing import Any

import pytest
from wat_helpers import ALLIES, AXIS, boat, do, end, events, game_of, hits, refused, stand


def board(game: Any, unit: str, craft: str) -> Any:
    return do(game, ALLIES, {"action": "board", "unit": unit, "craft": craft})


def disembark(game: Any, craft: str, *units: str) -> Any:
    return do(game, ALLIES, {"action": "disembark", "craft": craft, "units": list(units)})


def test_wat_embark_01_standard_apc_rules() -> None:
    """WAT-EMBARK-01: a stand boards where the craft is; aboard, it moves with the craft, does
    not fire and does not walk; improvised flotation works the same way."""
    game = game_of(
        [stand("sq"), stand("far", place="woods"), stand("t", AXIS)],
        [boat("raft", "improvised", land="south", column=0)],
    )
    assert refused(game, ALLIES, {"action": "board", "unit": "far", "craft": "raft"}).rule == (
        "WAT-EMBARK-01"
    )
    board(game, "sq", "raft")
    do(game, AXIS, {"action": "pass"})  # the move may be answered by reactive fire
    assert game.state.units["sq"].aboard == "raft"
    assert refused(game, ALLIES, {"action": "fire", "unit": "sq", "target": "t"}).rule == "CF-APC"
    assert refused(game, ALLIES, {"action": "move", "unit": "sq", "to": "woods"}).rule == "CF-APC"
    end(game)
    end(game)
    do(game, ALLIES, {"action": "move-craft", "craft": "raft", "square": [0, 0]}, 6)
    assert game.state.place_of("sq") == "water-0-0"


def test_wat_embark_02_boarding_and_getting_off_take_an_initiative_each() -> None:
    """WAT-EMBARK-02: board and disembark by the same stand in one initiative -> rejected (and
    the other way round); in the next friendly initiative it may get off."""
    game = game_of(
        [stand("sq"), stand("off", aboard="buf2")],
        [boat("buf", "buffalo", land="south"), boat("buf2", "buffalo", land="south")],
    )
    board(game, "sq", "buf")
    err = refused(game, ALLIES, {"action": "disembark", "craft": "buf"})
    assert err.rule == "WAT-EMBARK-02"
    disembark(game, "buf2")
    do(game, AXIS, {"action": "pass"})
    assert refused(game, ALLIES, {"action": "board", "unit": "off", "craft": "buf"}).rule == (
        "WAT-EMBARK-02"
    )
    end(game)
    end(game)
    disembark(game, "buf")
    assert game.state.units["sq"].place == "south"


def test_amb_wat_13_boarding_is_a_move_and_the_craft_waits() -> None:
    """AMB-WAT-13: boarding is the stand's move (a pinned one cannot); the craft cannot move in
    the initiative its passengers boarded, only in a later one."""
    game = game_of(
        [stand("sq"), stand("pinned"), stand("t", AXIS)],
        [boat("buf", "buffalo", land="south", column=0)],
    )
    do(game, "umpire", {"action": "set-status", "unit": "pinned", "status": "pinned"})
    err = refused(game, ALLIES, {"action": "board", "unit": "pinned", "craft": "buf"})
    assert err.rule == "CF-STATUS"
    board(game, "sq", "buf")
    err = refused(game, ALLIES, {"action": "move-craft", "craft": "buf", "square": [0, 0]})
    assert err.rule == "AMB-WAT-13"
    end(game)
    end(game)
    do(game, ALLIES, {"action": "move-craft", "craft": "buf", "square": [0, 0]}, 4)
    assert game.state.craft["buf"].feature == "water-0-0"


def _at_the_bank(**options: Any) -> Any:
    """A squad in the woods behind the south bank, a Buffalo on the bank with a squad aboard."""
    return game_of(
        [stand("sq", place="woods"), stand("p", aboard="buf"), stand("t", AXIS)],
        [boat("buf", "buffalo", land="south", column=0), boat("buf2", "buffalo", land="south")],
        options=options,
    )


def test_amb_wat_13_getting_off_is_the_stands_move_for_the_initiative() -> None:
    """AMB-WAT-13: a stand that gets off may not move (or cross) again in that initiative, and
    a stand that has moved may not board in it; both may in the next friendly initiative."""
    game = _at_the_bank()
    disembark(game, "buf", "p")
    do(game, AXIS, {"action": "pass"})
    err = refused(game, ALLIES, {"action": "move", "unit": "p", "to": "woods"})
    assert err.rule == "AMB-WAT-13"
    assert "got off" in str(err)
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    do(game, AXIS, {"action": "pass"})
    err = refused(game, ALLIES, {"action": "board", "unit": "sq", "craft": "buf2"})
    assert err.rule == "AMB-WAT-13"
    labels = {c.label for c in game.legal_actions(ALLIES)}
    assert not any(label.startswith(("p moves", "sq boards")) for label in labels)
    end(game)
    end(game)
    do(game, ALLIES, {"action": "move", "unit": "p", "to": "woods"})
    do(game, AXIS, {"action": "pass"})
    board(game, "sq", "buf2")
    assert game.state.units["sq"].aboard == "buf2"


def test_amb_wat_13_option_embark_as_action_lets_the_stand_move_on() -> None:
    """AMB-WAT-13 read as one move action (scenario option `embark_as_action`, shown in every
    view's options): a stand gets off and moves on in the same initiative, and a stand moves
    and then boards; boarding and getting off in one initiative stays refused (WAT-EMBARK-02)."""
    game = _at_the_bank(embark_as_action=True)
    assert game.view(AXIS)["options"]["embark_as_action"] is True
    assert _at_the_bank().view(AXIS)["options"]["embark_as_action"] is False
    disembark(game, "buf", "p")
    do(game, AXIS, {"action": "pass"})
    do(game, ALLIES, {"action": "move", "unit": "p", "to": "woods"})
    do(game, AXIS, {"action": "pass"})
    assert game.state.units["p"].place == "woods"
    do(game, ALLIES, {"action": "move", "unit": "sq", "to": "south"})
    do(game, AXIS, {"action": "pass"})
    board(game, "sq", "buf2")  # aboard a Buffalo it is no target: no window opens
    err = refused(game, ALLIES, {"action": "disembark", "craft": "buf2"})
    assert err.rule == "WAT-EMBARK-02"


def test_wat_embark_03_non_amphibious_craft_load_only_at_the_shore() -> None:
    """WAT-EMBARK-03: an LCM unloading inland -> rejected; a Buffalo inland -> accepted."""
    game = game_of(
        [stand("a", aboard="lcm"), stand("b", aboard="buf")],
        [boat("lcm", "lcm", land="woods"), boat("buf", "buffalo", land="woods")],
    )
    assert refused(game, ALLIES, {"action": "disembark", "craft": "lcm"}).rule == "WAT-EMBARK-03"
    disembark(game, "buf")
    assert game.state.units["b"].place == "woods"


def test_wat_embark_03_no_one_gets_off_in_the_water() -> None:
    game = game_of([stand("a", aboard="buf")], [boat("buf", "buffalo", square=[1, 1])])
    assert refused(game, ALLIES, {"action": "disembark", "craft": "buf"}).rule == "WAT-EMBARK-03"


def _landed_lcm(*passengers: str) -> Any:
    units = [stand(p, aboard="lcm") for p in passengers]
    units += [stand("mg", AXIS, "hmg"), stand("rifles", AXIS)]
    return game_of(units, [boat("lcm", "lcm", land="north", column=1)])


def test_wat_embark_04_all_passengers_get_off_together_without_a_commander() -> None:
    """WAT-EMBARK-04, AMB-WAT-14: a partial unload from an LCM is rejected; the full unload,
    with no commander aboard, is one group move."""
    game = _landed_lcm("a", "b", "c")
    err = refused(game, ALLIES, {"action": "disembark", "craft": "lcm", "units": ["a", "b"]})
    assert err.rule == "WAT-EMBARK-04"
    entry = disembark(game, "lcm")
    assert events(entry) == ["Disembarked", "WindowOpened"]
    (landed, window) = (entry.records[0].event, entry.records[1].event)
    assert landed.group
    assert landed.units == ("a", "b", "c")
    assert window.movers == ("a", "b", "c")
    assert window.group == "lcm"
    assert {game.state.units[u].place for u in "abc"} == {"north"}


def test_wat_embark_05_reactive_fire_at_the_group_dismount_keeps_the_initiative() -> None:
    """WAT-EMBARK-05: reactive fire scores KILL on one stand -> it dies, and the initiative
    stays with the landing player."""
    game = _landed_lcm("a", "b")
    disembark(game, "lcm")
    entry = do(game, AXIS, {"action": "reactive-fire", "unit": "mg", "target": "a"}, *hits(3, 4))
    assert game.state.units["a"].status == "killed"
    assert game.state.phasing == ALLIES
    assert "InitiativeKept" in events(entry)


def test_wat_embark_05_an_ordinary_move_suppressed_does_lose_the_initiative() -> None:
    """The contrast (CF-REACT): an amphibious craft's passengers get off as ordinary moves."""
    game = game_of(
        [stand("a", aboard="buf"), stand("mg", AXIS, "hmg")],
        [boat("buf", "buffalo", land="north", column=1)],
    )
    disembark(game, "buf")
    do(game, AXIS, {"action": "reactive-fire", "unit": "mg", "target": "a"}, *hits(2, 4))
    assert game.state.phasing == AXIS


@pytest.mark.parametrize("embark_as_action", [False, True])
def test_wat_embark_06_no_fire_markers_of_the_landing_go_when_it_ends(
    embark_as_action: bool,
) -> None:
    """WAT-EMBARK-06: a shooter marked No Fire during the landing is cleared at the end of the
    group move, so it may fire at the next move of the landing side: another stand's, or (with
    the option `embark_as_action`, AMB-WAT-13) the landed troops' own."""
    units = [stand("a", aboard="lcm"), stand("b", aboard="lcm"), stand("scout", place="north")]
    units += [stand("mg", AXIS, "hmg"), stand("rifles", AXIS)]
    game = game_of(
        units,
        [boat("lcm", "lcm", land="north", column=1)],
        options={"embark_as_action": embark_as_action},
    )
    disembark(game, "lcm")
    do(game, AXIS, {"action": "reactive-fire", "unit": "rifles", "target": "a"}, *hits(1, 3))
    assert game.state.units["rifles"].no_fire  # a pin: fire that failed (CF-NOFIRE)
    err = refused(game, AXIS, {"action": "reactive-fire", "unit": "rifles", "target": "b"})
    assert err.rule == "CF-NOFIRE"
    entry = do(game, AXIS, {"action": "pass"})
    assert entry.records[0].event.cleared == ("rifles",)
    assert not game.state.units["rifles"].no_fire
    mover = "b" if embark_as_action else "scout"
    do(game, ALLIES, {"action": "move", "unit": mover, "to": "village"})  # the landing moves on
    do(game, AXIS, {"action": "reactive-fire", "unit": "rifles", "target": mover}, *hits(0, 2))
    assert game.state.units["rifles"].no_fire  # it could fire again (2 dice: in cover)
