"""`kriegsspiel show` for afv: what a side plays with, from its view (afv/view.py) alone.

The bundled village battle, every AFV's rounds rolled (a 5: 20 rounds, AFV-AMMO-02) and split
as offered with AP in the breech, then the first card drawn for the US: Sherman 1's driver sets
4" a card, its commander traverses the turret to 30 and its loader opens his hatch.
"""

from __future__ import annotations

from afvkit import AfvGame, do

from kriegsspiel.games import new_game
from showtext import paragraph, row, shown, table, titles

US, DE = "us", "german"


def _set_up() -> AfvGame:
    game: AfvGame = new_game("afv", seed="show")
    while True:
        todo = [
            (seat, c.action)
            for seat in (US, DE)
            for c in game.legal_actions(seat)
            if c.action["action"] in ("roll-ammo", "split-ammo")
        ]
        if not todo:
            break
        seat, action = todo[0]
        if action["action"] == "roll-ammo":
            do(game, seat, action, 5)
        else:
            do(game, seat, {**action, "loaded": "AP"})
    do(game, US, {"action": "draw"}, 1)  # the first card of the deck: the US's
    return game


def _played() -> AfvGame:
    game = _set_up()
    crew = {"vehicle": "sherman-1"}
    do(game, US, {"action": "set-speed", **crew, "crewman": "driver", "speed": 4})
    do(game, US, {"action": "traverse", **crew, "crewman": "commander", "bearing": 30})
    do(game, US, {"action": "unbutton", **crew, "crewman": "loader"})
    return game


def test_afv_show_the_deck_and_the_card() -> None:
    text = shown(_played(), US)
    assert paragraph(text, "deck:") == (
        "deck: 9 cards left, 1 drawn; the next card: us 5/9, german 4/9 "
        "(5 of the 9 cards left are yours)"
    )
    assert paragraph(text, "card 1") == (
        "card 1: US 2nd Platoon, Company B's; held by Sherman 1 (Sgt Miller); "
        "acted on it: T/5 Kowalski, Sgt Miller, Pvt Russo; "
        "turrets traversed: Sherman 1 (Sgt Miller) 30°"
    )
    # the other side sees the card, not what was done on it
    assert paragraph(shown(_played(), DE), "card 1") == (
        "card 1: US 2nd Platoon, Company B's; held by Sherman 1 (Sgt Miller)"
    )


def test_afv_show_speed_motion_turret_and_hatches() -> None:
    """AFV-MOVE-01 speed, AFV-TURRET bearing, AFV-CREW-05 hatches: public, so alike for both."""
    for seat in (US, DE):
        sherman = row(table(shown(_played(), seat), "us AFVs"), "Sherman 1")
        assert sherman == {
            "AFV": "Sherman 1 (Sgt Miller)\nsherman-1\nM4A3 Sherman (75 mm)",
            "at": "24,10",
            "hull": "0°",
            "turret": "30°",
            "speed": '4" a card',
            "hatches open": "loader, commander",
            "state": "active, morale normal",
        }
    panzer = table(shown(_played(), US), "german AFVs")[0]
    assert (panzer["speed"], panzer["turret"]) == ("halted", "180°\nhand traverse")


def test_afv_show_the_crew_by_position() -> None:
    """AFV-CREW: each man at his position and in his state; AFV-VIS-02..04 his vision arc."""
    crew = table(shown(_played(), US), "Sherman 1 (Sgt Miller): crew")
    assert crew == [
        {"position": "driver", "crewman": "T/5 Kowalski", "state": "ok", "sees": "315°–45°"},
        {"position": "co-driver", "crewman": "Pvt Hale", "state": "ok", "sees": "315°–45°"},
        {"position": "gunner", "crewman": "Cpl Novak", "state": "ok", "sees": "7.5°–52.5°"},
        {"position": "loader", "crewman": "Pvt Russo", "state": "ok", "sees": ""},
        {
            "position": "commander",
            "crewman": "Sgt Miller",
            "state": "ok, leader",
            "sees": "all round",
        },
    ]


def test_afv_show_ammunition_by_type_and_the_round_loaded() -> None:
    """AFV-AMMO-02..04: 20 rounds rolled, split 10 HE 10 AP, one AP loaded; AMB-AFV-20 MGs."""
    text = shown(_played(), US)
    ammo = row(table(text, "main-gun ammunition"), "Sherman 1")
    assert ammo == {
        "AFV": "Sherman 1 (Sgt Miller)",
        "rolled": "20",
        "HE": "10",
        "AP": "9",
        "SMOKE": "0",
        "CANISTER": "0",
        "loaded": "AP",
    }
    guns = row(table(text, "machine guns"), "Sherman 1")
    assert guns == {
        "AFV": "Sherman 1 (Sgt Miller)",
        "bow MG": "250 rounds\n1 spare",
        "coax MG": "250 rounds\n1 spare",
        "aa MG": "250 rounds\n1 spare",
    }


def test_afv_show_keeps_crews_and_ammunition_to_their_side() -> None:
    text = shown(_played(), DE)
    assert "Sherman 1 (Sgt Miller): crew" not in titles(text)
    assert [r["AFV"] for r in table(text, "main-gun ammunition")] == [
        "Panzer IV 'Anna' (Uffz Brandt)"
    ]
    us_text = shown(_played(), US)
    assert "Panzer IV 'Anna' (Uffz Brandt): crew" not in titles(us_text)
    assert "shots left" not in table(us_text, "german teams")[0]  # their panzerfausts left
    assert "shots left" in table(text, "german teams")[0]
