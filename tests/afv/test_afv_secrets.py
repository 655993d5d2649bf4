"""What each seat may know (view.py): each side sees its own crews' ammunition, places,
sightings, sight-ins and bail-out kits; the other side and the public table see none of it;
the deck's order is never stored, so no view or log can show it."""

from __future__ import annotations

from typing import Any

import msgspec
from afvkit import DE, US, AfvGame, acquire, crew, do, draw, man, sherman, start, team

from kriegsspiel.core.seats import PUBLIC, UMPIRE

PRIVATE = ("crew", "ammo", "ammo_rolled", "loaded", "mgs", "sighted", "morale_counts")


def played() -> AfvGame:
    game = start([sherman(ammo=None, cards=3), team("reds", [man("r1", "rifle", (24.0, 22.0))])])
    do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 5)
    do(game, US, {"action": "split-ammo", "vehicle": "s1", "he": 12, "ap": 8})
    draw(game, "s1")
    acquire(game, "s1", "commander", "r1")
    crew(game, "s1", "loader", "load", round="AP")
    crew(game, "s1", "gunner", "sight-in", target="r1")
    crew(game, "s1", "co-driver", "bail-out", 3)
    return game


def tank(view: dict[str, Any]) -> dict[str, Any]:
    return next(u for u in view["units"] if u["id"] == "s1")


def test_own_side_sees_its_ammunition_split_and_crew() -> None:
    game = played()
    mine = tank(game.view(US))
    assert mine["ammo"] == {"HE": 12, "AP": 7, "SMOKE": 0, "CANISTER": 0}
    assert mine["loaded"] == "AP"
    assert mine["sighted"] == "r1"
    kits = [c["kit"] for c in mine["crew"] if c["kit"]]
    assert kits == ["smg-grenade"]
    assert tank(game.view(UMPIRE))["ammo"] == mine["ammo"]


def test_the_enemy_and_the_public_see_none_of_it() -> None:
    game = played()
    for seat in (DE, PUBLIC):
        theirs = tank(game.view(seat))
        for key in PRIVATE:
            assert key not in theirs, (seat, key)
        assert theirs["hatches_open"] == ["commander"]  # what anyone at the table sees
        log = msgspec.json.encode(game.log_view(seat)).decode()
        for secret in (
            "ammo-rolled",
            "ammo-split",
            "loaded",
            "acquired",
            "sighted-in",
            "kit-rolled",
        ):
            assert f'"event":"{secret}"' not in log, (seat, secret)
        assert "smg-grenade" not in log
    us_log = msgspec.json.encode(game.log_view(US)).decode()
    assert '"event":"acquired"' in us_log
    assert '"event":"kit-rolled"' in us_log


def test_the_enemy_does_not_even_learn_an_acquire_entry_exists() -> None:
    """An entry whose every record is secret is missing from the other side's log."""
    game = played()
    german = [item["events"] for item in game.log_view(DE)]
    assert all(
        e["event"] != "crew-acted" or e["what"] != "looks for r1" for es in german for e in es
    )
    assert len(game.log_view(DE)) < len(game.log_view(US))


def test_no_view_holds_the_deck_order() -> None:
    """SK-DRAW: each draw is a die roll over the cards left; the order is never stored."""
    game = played()
    for seat in game.seats:
        deck = game.view(seat)["deck"]
        assert set(deck) <= {"left", "drawn", "by_side", "next_card", "yours"}
        assert isinstance(deck["left"], int)
