"""`kept`: a derived value computed at its first read and kept on the (immutable) object."""

from __future__ import annotations

import msgspec

from kriegsspiel.core.kept import kept

calls: list[int] = []


class Clock(msgspec.Struct, frozen=True, dict=True):
    turn: int
    player: int

    @kept
    def player_turn(self) -> tuple[int, int]:
        """The turn and the player to move."""
        calls.append(self.turn)
        return (self.turn, self.player)


def test_a_kept_value_is_computed_once_per_object() -> None:
    calls.clear()
    clock = Clock(3, 1)
    assert clock.player_turn == (3, 1)
    assert clock.player_turn == (3, 1)
    assert calls == [3]
    assert clock.__dict__ == {"player_turn": (3, 1)}


def test_each_object_keeps_its_own() -> None:
    calls.clear()
    first, later = Clock(1, 0), msgspec.structs.replace(Clock(1, 0), turn=2)
    assert (first.player_turn, later.player_turn) == ((1, 0), (2, 0))
    assert calls == [1, 2]


def test_a_kept_value_is_no_field() -> None:
    clock = Clock(4, 0)
    assert clock.player_turn == (4, 0)
    assert clock == Clock(4, 0)
    assert msgspec.json.encode(clock) == b'{"turn":4,"player":0}'


def test_read_on_the_class_it_is_the_descriptor() -> None:
    assert isinstance(Clock.player_turn, kept)
    assert Clock.player_turn.name == "player_turn"
    assert Clock.player_turn.__doc__ == "The turn and the player to move."
