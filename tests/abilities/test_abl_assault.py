"""Close assault as Short Range Fire needs it (ABL-SRF-02, AMB-ABL-19; CHQ-DEFAULT-ASSAULT)."""

from __future__ import annotations

from abl_helpers import (
    ALLIES,
    GERMAN,
    AblGame,
    begin,
    do,
    fire,
    game_of,
    kinds,
    one,
    order,
    pass_,
    refused,
    unit,
)

from kriegsspiel.rulesets.abilities.assault import Assaulted
from kriegsspiel.rulesets.abilities.morale import ForcedBack

GERMAN_FIRST = ((5, 5, 3, 2, 2), (6, 4, 4, 3, 2))


def _game(german_first: bool) -> AblGame:
    game = game_of(
        [
            unit("rifle", ALLIES, "us-rifle-platoon", (20, 20)),
            unit("gren", GERMAN, "german-grenadier-platoon", (20, 23), facing=180),
        ]
    )
    begin(game, *(GERMAN_FIRST if german_first else ((6, 4, 4, 3, 2), (5, 5, 3, 2, 2))))
    return game


def test_abl_srf_02_plus_one_die_attacking_once_even_at_short_range() -> None:
    """ABL-SRF-02 (AMB-ABL-19): the 4D Grenadiers assault at 5D (not 6D although 3" is short
    range); the US platoon defends with 4D. 3 successes at 3+ against 1 at 4+: the US platoon
    loses, takes 2 DP (net), is suppressed and forced back its Fixed Move 3" + 2D6" (1, 2)."""
    game = _game(german_first=True)
    order(game, GERMAN, "gren", [4])
    entry = do(
        game,
        GERMAN,
        {"action": "assault", "unit": "gren", "target": "rifle"},
        3,
        3,
        3,
        1,
        1,
        4,
        1,
        1,
        1,
        1,
        2,
    )
    assaulted = one(entry, Assaulted)
    assert [len(f) for f in assaulted.result.faces] == [5, 4]
    assert any("ABL-SRF-02" in n for n in assaulted.notes)
    assert (assaulted.winner, assaulted.loser, assaulted.dp) == ("gren", "rifle", 2)
    assert one(entry, ForcedBack).inches == 6
    rifle = game.state.units["rifle"]
    assert (rifle.dp, rifle.suppressed) == (2, True)


def test_abl_srf_02_plus_one_die_defending() -> None:
    """ABL-SRF-02: the Grenadiers defend with 5D; the US platoon assaults with 4D at 3+."""
    game = _game(german_first=False)
    order(game, ALLIES, "rifle", [4])
    entry = do(
        game,
        ALLIES,
        {"action": "assault", "unit": "rifle", "target": "gren"},
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
    )
    assaulted = one(entry, Assaulted)
    assert [len(f) for f in assaulted.result.faces] == [4, 5]
    assert assaulted.winner is None  # no successes either side: a tie
    assert kinds(entry) == ["Assaulted"]


def test_chq_default_assault_no_fire_first_and_the_winner_may_be_suppressed() -> None:
    game = _game(german_first=False)
    order(game, ALLIES, "rifle", [4])
    fire(game, ALLIES, "rifle", "gren", 1, 1, 1, 1)
    pass_(game, GERMAN)
    assert (
        refused(game, ALLIES, {"action": "assault", "unit": "rifle", "target": "gren"}).rule
        == "CHQ-DEFAULT-ASSAULT"
    )
    game = _game(german_first=False)
    order(game, ALLIES, "rifle", [4])
    # the US platoon wins 2-1 but rolls no six against the German six: it is suppressed too
    entry = do(
        game,
        ALLIES,
        {"action": "assault", "unit": "rifle", "target": "gren"},
        3,
        3,
        1,
        1,
        6,
        1,
        1,
        1,
        1,
        5,
    )
    assaulted = one(entry, Assaulted)
    assert (assaulted.winner, assaulted.dp, assaulted.winner_suppressed) == ("rifle", 1, True)
    assert game.state.units["rifle"].suppressed
    assert game.state.units["gren"].suppressed
