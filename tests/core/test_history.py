"""The history's indexes against a fold from the start, on a log of plain numbers."""

from __future__ import annotations

from typing import Any

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


class _Counted(list[Entry[int]]):
    """A store's kept entries, noting the positions read."""

    def __init__(self, entries: list[Entry[int]]) -> None:
        super().__init__(entries)
        self.read: set[int] = set()

    def __getitem__(self, index: Any) -> Any:
        self.read.add(index)
        return super().__getitem__(index)


def test_a_resumed_history_reads_no_kept_entry_until_asked_and_folds_from_its_marks() -> None:
    """Six kept entries (an undo of the second among them), the state after them and one after
    the first four: the numbering, the states and undos reaching back into them agree with a
    fold from the start, reading only the entries after the nearest mark."""
    log = [_action(0, 1), _action(1, 10), _action(2, 100), _undo(3, 1), _action(4, 1000)]
    log.append(_action(5, 10000))
    whole = History(0, _add, log)
    kept = _Counted(log)
    resumed = History(
        0,
        _add,
        [_action(6, 5)],
        history.Resumed(
            kept,
            whole.state,
            {4: lambda: 101},
            frozenset({3}),
            frozenset({1}),
            {"umpire": lambda: list(range(6))},
        ),
    )
    whole.append(_action(6, 5))
    assert not kept.read
    assert (resumed.state, resumed.live, resumed.gone) == (whole.state, whole.live, whole.gone)
    assert resumed.seat_log("umpire").positions == list(range(7))
    assert not kept.read
    assert resumed.state_at(5) == whole.state_at(5) == 1101
    assert kept.read == {4}  # folded from the mark at 4
    resumed.append(_undo(7, 4, 5, 6))
    whole.append(_undo(7, 4, 5, 6))
    assert resumed.state == whole.state == 101
