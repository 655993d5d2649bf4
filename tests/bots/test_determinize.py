"""`Ruleset.determinize`: a full state drawn from a seat's knowledge, consistent with it (the
seat's knowledge of the drawn state is its knowledge again)."""

from __future__ import annotations

import random

from kriegsspiel.games import new_game
from kriegsspiel.rulesets.afv.determinize import STOCK


class Fixed(random.Random):
    """A generator whose `random()` is always `value` (and whose choices take the first)."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def test_an_enemy_field_known_by_place_is_drawn_real_or_dummy() -> None:
    """ENG-MINE-28: a dummy looks like a surface field; drawn a dummy with chance 1/2."""
    game = new_game("breaching", seed="det")
    known = game.ruleset.knowledge(game.state, "british")
    assert not known.minefields["field-c"].dummy  # assumed a real surface field
    dummy = game.ruleset.determinize(known, "british", Fixed(0.3))
    real = game.ruleset.determinize(known, "british", Fixed(0.7))
    assert dummy.minefields["field-c"].dummy
    assert dummy.minefields["field-c"].type == "dummy"
    assert real.minefields["field-c"] == known.minefields["field-c"]
    for drawn in (dummy, real):
        assert game.ruleset.knowledge(drawn, "british") == known


def test_the_owner_s_own_fields_are_never_drawn() -> None:
    game = new_game("breaching", seed="det")
    known = game.ruleset.knowledge(game.state, "german")
    assert game.ruleset.determinize(known, "german", Fixed(0.0)) == known


def test_an_enemy_afv_is_given_rounds_the_seat_cannot_count() -> None:
    """AFV-AMMO-04: the split is its owner's secret; the seat's knowledge counts none."""
    game = new_game("afv", seed="det")
    rng = random.Random(2)
    while game.state.in_setup:
        seat = game.seats_to_act()[0]
        action = game.random_action(seat, rng)
        assert action is not None
        game.act(seat, action)
    sides = game.scenario.side_ids
    known = game.ruleset.knowledge(game.state, sides[0])
    enemy = [k for k, v in known.vehicles.items() if v.side != sides[0] and v.ammo == {}]
    assert enemy
    drawn = game.ruleset.determinize(known, sides[0], random.Random(1))
    for key in enemy:
        assert drawn.vehicles[key].ammo == {"AP": STOCK, "HE": STOCK}
        assert drawn.vehicles[key].loaded in ("AP", "HE")
    assert game.ruleset.knowledge(drawn, sides[0]) == known


def test_by_default_a_determinization_is_the_knowledge_itself() -> None:
    game = new_game("waterborne", seed="det")
    seat = game.scenario.side_ids[0]
    known = game.ruleset.knowledge(game.state, seat)
    assert game.ruleset.determinize(known, seat, random.Random(0)) is known
