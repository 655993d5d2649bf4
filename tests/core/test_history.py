"""The history's indexes against a fold from the start, on a log of plain numbers."""

from __future__ import annotations

import pytest

from kriegsspiel.core import history
from kriegsspiel.core.history import History
from kriegsspiel.core.log import Entry, Record


def _add(total: int, event: int) -> int:
    return total + event


def _action(seq: int, value: int) -> Entry[int]:
    return Entry(seq, "umpire", "action", None, (Record(value),))


def _undo(seq: int, *targets: int) -> Entry[int]:
    return Entry(seq, "umpire", "undo", None, (), targets)


def test_an_undo_of_other_than_the_newest_entries_takes_back_just_those(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(history, "CHECKPOINT", 2)
    log = History(0, _add, [_action(0, 1), _action(1, 10), _action(2, 100), _undo(3, 1)])
    assert log.live == [0, 2]
    assert log.state == 101
    assert log.state_at(3) == 111  # before the undo
    log.append(_undo(4, 2))  # the newest in effect
    assert (log.live, log.state, log.gone) == ([0], 1, {1, 2})


def test_an_entry_out_of_its_place_is_refused() -> None:
    with pytest.raises(ValueError, match="entry 2 appended at position 1"):
        History(0, _add, [_action(0, 1), _action(2, 10)])
