"""`kriegsspiel show` for waterborne (Crossfire): the initiative, reactive fire, No Fire markers
and craft with their passengers, from each side's view (waterborne/view.py) alone.

The bundled crossing: RE section 1 moves off the bridge site and Gruppe 1 fires reactively at it
with three misses, which puts a No Fire marker on Gruppe 1 (CF-NOFIRE)."""

from __future__ import annotations

from wat_helpers import WatGame

from kriegsspiel.games import new_game
from kriegsspiel.testing import do
from showtext import paragraph, row, shown, table

BRITISH, GERMAN = "british", "german"


def _fired_at() -> WatGame:
    game: WatGame = new_game("waterborne", seed="show")
    do(game, BRITISH, {"action": "move", "unit": "eng-1", "to": "south-bank"})
    do(game, GERMAN, {"action": "reactive-fire", "unit": "g-sq-1", "target": "eng-1"}, 1, 1, 1)
    return game


def test_wat_show_the_initiative_and_reactive_fire() -> None:
    blocks = shown(_fired_at(), BRITISH)
    assert paragraph(blocks, "initiative") == (
        "initiative 1: British Second Army has the initiative; Wehrmacht may answer the last "
        "move with reactive fire"
    )
    assert paragraph(blocks, "reactive fire") == (
        "reactive fire: Wehrmacht may answer the move of RE section 1"
    )


def test_wat_show_no_fire_markers() -> None:
    """CF-NOFIRE: the stand whose reactive fire failed is marked, for both sides to see; that
    it fired this initiative only its own side is told."""
    for seat, markers in ((BRITISH, "no fire"), (GERMAN, "no fire, fired")):
        stands = table(shown(_fired_at(), seat), "german stands")
        assert row(stands, "Gruppe 1")["markers"] == markers
        assert row(stands, "Gruppe 2").get("markers", "") == ""
    moved = row(table(shown(_fired_at(), BRITISH), "british stands"), "RE section 1")
    assert (moved["where"], moved["markers"]) == ("south-bank", "moving, moved")


def test_wat_show_craft_with_their_passengers() -> None:
    """WAT-CRAFT: where each craft is, its state, who is aboard of how many places."""
    craft = table(shown(_fired_at(), GERMAN), "british craft")
    assert row(craft, "Buffalo 1") == {
        "craft": "Buffalo 1\nbuffalo-1\nbuffalo",
        "at": "south-bank\nsquare 3,-1",
        "heading": "0°",
        "state": "ok, amphibious",
        "passengers": "3 Section\n4 Section\nVickers MG\nPlatoon commander\n3 of 4 places",
    }
    assert row(craft, "Sherman DD 1")["passengers"] == ""  # a swimming tank carries no one
    stand = row(table(shown(_fired_at(), GERMAN), "british stands"), "3 Section")
    assert stand["where"] == "aboard buffalo-1"


def test_wat_show_weapon_values_only_to_their_side() -> None:
    """A stand's own HE and EFF values: its side and the umpire (waterborne/view.py)."""
    british = row(table(shown(_fired_at(), BRITISH), "british stands"), "Churchill")
    assert (british["HE"], british["EFF"]) == ("4", "0")
    german = row(table(shown(_fired_at(), GERMAN), "british stands"), "Churchill")
    assert "HE" not in german
    assert "EFF" not in german
