"""Secrets: what each seat (umpire, each side, public) may know of demolitions and secret work.

A German demolition and its preparation are known only to the German side and the umpire until the
umpire reveals it or it goes off (docs/engineering.md). Every check below searches the JSON a seat
receives (`view`, `log_view`, `replay` at every point, error messages) for the secret strings.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from conftest import (
    EngGame,
    advance_to,
    demolition,
    do,
    game_of,
    pass_,
    task,
    unit,
)
from kriegsspiel.errors import KriegsspielError

DEMO_ID = "bridge-alpha"
DEMO_NAME = "Secret Bridge Name"
DEMO_X = "13.25"  # the charge's position (13.25, 27.75), as JSON shows it
PREP_TASK = f"prepare:{DEMO_ID}"
SECRET_TASK = "hidden-dig"
SECRET_TASK_NAME = "Tunnel Under The Wire"
SEED = "SEED-xyzzy-4242"

SECRETS = (DEMO_ID, DEMO_NAME, DEMO_X, PREP_TASK, SECRET_TASK, SECRET_TASK_NAME)


def _game() -> EngGame:
    return game_of(
        [
            unit("p1", "german", engineer=True, position=(13, 27)),
            unit("p2", "german", engineer=True, position=(15, 27)),
            unit("r1", "us", attack={"T": 2}, position=(13, 10)),
            unit("e1", "us", engineer=True, position=(14, 10)),
        ],
        demolitions=[
            demolition(DEMO_ID, position=(13.25, 27.75), name=DEMO_NAME),
        ],
        tasks=[
            {**task(SECRET_TASK, required=4, secret=True), "name": SECRET_TASK_NAME},
            task("open-dig", "us", required=2),
        ],
        seed=SEED,
    )


def _blob(data: Any) -> str:
    return msgspec.json.encode(data).decode()


def _everything(game: EngGame, seat: str) -> str:
    """All a seat can read: its view, its log, and its replay at every point."""
    parts = [_blob(game.view(seat)), _blob(game.log_view(seat))]
    parts += [_blob(game.replay(seat, n)) for n in range(len(game.log_view(seat)) + 1)]
    return "\n".join(parts)


def _assert_hidden(game: EngGame, seats: tuple[str, ...] = ("us", "public")) -> None:
    for seat in seats:
        text = _everything(game, seat)
        for secret in SECRETS:
            assert secret not in text, f"{seat} can read {secret!r}"
        assert "roll-sealed" not in text
        assert "sealed_roll" not in text
    # the owner and the umpire do see them: the search above can find what is there
    for seat in ("german", "umpire"):
        text = _everything(game, seat)
        for secret in (DEMO_ID, PREP_TASK, SECRET_TASK):
            assert secret in text


def _play_secretly(game: EngGame) -> None:
    """Turn 1: prepare the charge and dig the secret tunnel. Turn 2: a dud. Turn 3: prepare."""
    do(game, "german", {"action": "prepare", "unit": "p1", "demolition": DEMO_ID})
    pass_(game)
    do(game, "german", {"action": "engineer", "unit": "p2", "task": SECRET_TASK})
    pass_(game)
    advance_to(game, 2, "german")
    do(game, "german", {"action": "demolish", "unit": "p1", "demolition": DEMO_ID}, 1)
    pass_(game)
    advance_to(game, 3, "german")
    do(game, "german", {"action": "prepare", "unit": "p1", "demolition": DEMO_ID})
    pass_(game)
    assert game.state.demolitions[DEMO_ID].prepared


def test_preparation_and_secret_work_stay_hidden() -> None:
    game = _game()
    _assert_hidden(game)
    _play_secretly(game)
    _assert_hidden(game)


def test_hidden_at_every_step() -> None:
    game = _game()
    steps = [
        ("german", {"action": "prepare", "unit": "p1", "demolition": DEMO_ID}, ()),
        ("us", {"action": "pass"}, ()),
        ("german", {"action": "engineer", "unit": "p2", "task": SECRET_TASK}, ()),
        ("us", {"action": "opportunity-fire", "unit": "r1"}, (1,)),
    ]
    for seat, action, faces in steps:
        do(game, seat, action, *faces)
        _assert_hidden(game)
    game.undo("umpire")
    _assert_hidden(game)


def test_the_enemy_sees_work_but_not_what_it_is() -> None:
    game = _game()
    do(game, "german", {"action": "prepare", "unit": "p1", "demolition": DEMO_ID})
    assert game.view("us")["pending"] == {
        "unit": "p1",
        "what": "engineering action",
        "awaiting": "us",
        "fired": [],
        "cancelled": False,
    }
    own = game.view("german")["pending"]
    assert (own["kind"], own["target"]) == ("prepare", DEMO_ID)
    assert [e["event"] for e in game.log_view("us")[-1]["events"]] == ["engineering-started"]


def test_the_sealed_roll_is_the_umpires_alone() -> None:
    game = _game()
    _play_secretly(game)
    advance_to(game, 4, "german")
    do(game, "german", {"action": "demolish", "unit": "p1", "demolition": DEMO_ID}, 1)
    assert "sealed_roll" in game.view("umpire")["pending"]
    assert "rolled 1" in game.view("umpire")["pending"]["sealed_roll"]
    for seat in ("german", "us", "public"):
        assert "sealed_roll" not in game.view(seat)["pending"]
        assert "roll-sealed" not in _blob(game.log_view(seat))
        assert "rolled 1 " not in _blob(game.view(seat))
    assert "roll-sealed" in _blob(game.log_view("umpire"))
    # once resolved, the owner learns the result
    pass_(game)
    assert "demolition-fired" in _blob(game.log_view("german"))
    assert "demolition-fired" not in _blob(game.log_view("us"))


def _message(game: EngGame, seat: str, action: dict[str, Any]) -> str:
    with pytest.raises(KriegsspielError) as info:
        game.act(seat, action)
    return str(info.value)


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"action": "remove-demolition", "unit": "e1", "distance": 0.5}, "demolition"),
        ({"action": "demolish", "unit": "e1"}, "demolition"),
        ({"action": "prepare", "unit": "e1"}, "demolition"),
        ({"action": "engineer", "unit": "e1"}, "task"),
    ],
)
@pytest.mark.parametrize("prepared", [False, True])
def test_errors_read_as_for_an_id_that_does_not_exist(
    action: dict[str, Any], field: str, prepared: bool
) -> None:
    """The enemy addressing a hidden demolition (or hidden task) gets the message it would get
    for an id that does not exist."""
    game = _game()
    if prepared:
        _play_secretly(game)
    advance_to(game, game.state.turn, "us")
    do(game, "us", {"action": "emplace", "unit": "e1"})
    advance_to(game, game.state.turn + 1, "us")
    secrets = [DEMO_ID] if field == "demolition" else [PREP_TASK, SECRET_TASK]
    for secret in secrets:
        hidden = _message(game, "us", {**action, field: secret})
        missing = _message(game, "us", {**action, field: "no-such-thing"})
        assert hidden.replace(secret, "X") == missing.replace("no-such-thing", "X")
        for other in SECRETS:
            if other not in secret:  # the seat's own input is echoed, nothing more
                assert other not in hidden


def test_the_seed_is_in_no_seats_view_or_log() -> None:
    game = _game()
    _play_secretly(game)
    advance_to(game, 4, "german")
    # seeded rolls too: a demolition and opportunity fire with the game's own dice
    game.act("german", {"action": "demolish", "unit": "p1", "demolition": DEMO_ID})
    game.act("us", {"action": "opportunity-fire", "unit": "r1"})
    game.undo("umpire")
    assert game.seed == SEED
    for seat in game.seats:
        assert SEED not in _everything(game, seat)


def test_reveal_shows_name_and_position_not_progress() -> None:
    game = _game()
    do(game, "german", {"action": "prepare", "unit": "p1", "demolition": DEMO_ID})
    pass_(game)
    game.act("umpire", {"action": "reveal", "demolition": DEMO_ID, "side": "us"})
    (shown,) = game.view("us")["demolitions"]
    assert (shown["id"], shown["name"], shown["position"]) == (DEMO_ID, DEMO_NAME, [13.25, 27.75])
    assert shown["destroyed"] is False
    for key in ("progress", "prepared", "required", "known_to"):
        assert key not in shown
    everything = _everything(game, "us")
    assert PREP_TASK not in everything
    assert '"progress"' not in _blob(game.log_view("us"))
    assert '"task-progressed"' not in everything
    # the public still knows nothing
    assert DEMO_ID not in _everything(game, "public")
    assert game.view("public")["demolitions"] == []


def test_reveal_is_the_umpires() -> None:
    game = _game()
    message = _message(game, "german", {"action": "reveal", "demolition": DEMO_ID, "side": "us"})
    assert "only the umpire" in message
    message = _message(game, "us", {"action": "reveal", "demolition": DEMO_ID, "side": "us"})
    assert DEMO_ID not in message


def test_after_a_successful_demolition_everyone_sees_it() -> None:
    game = _game()
    _play_secretly(game)
    advance_to(game, 4, "german")
    do(game, "german", {"action": "demolish", "unit": "p1", "demolition": DEMO_ID}, 7)
    pass_(game)
    for seat in game.seats:
        shown = {d["id"]: d for d in game.view(seat)["demolitions"]}
        assert shown[DEMO_ID]["destroyed"] is True
        assert shown[DEMO_ID]["name"] == DEMO_NAME
        events = [e["event"] for entry in game.log_view(seat) for e in entry["events"]]
        assert "demolished" in events
    # how it was prepared stays the owner's
    for seat in ("us", "public"):
        text = _everything(game, seat)
        assert PREP_TASK not in text
        assert "demolition-fired" not in text
        assert "progress" not in {k for d in game.view(seat)["demolitions"] for k in d}
