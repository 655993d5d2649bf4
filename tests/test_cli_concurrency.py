"""Commands acting at once on one game file: each takes the file's lock from reading it to writing
it, so no action is lost; a file changed behind kriegsspiel's back is never written over.

The races run in forked processes (POSIX), started together at a barrier, each acting many times.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import kriegsspiel
from kriegsspiel import InputError, edit_game, load_game
from kriegsspiel.cli import cli

FORK = multiprocessing.get_context("fork")
Outcome = tuple[int, str]  # exit status and standard error of one command


def _new(path: Path) -> None:
    result = CliRunner().invoke(cli, ["new", "demo", "-o", str(path), "--seed", "race"])
    assert result.exit_code == 0, result.output


def _commands(runs: Sequence[Sequence[str]], start: Any, results: Any) -> None:
    """In a child process: wait for the others, then run each command in turn."""
    start.wait()
    out: list[Outcome] = []
    for args in runs:
        result = CliRunner().invoke(cli, list(args))
        out.append((result.exit_code, result.stderr))
    results.put(out)


def race(*runs: Sequence[Sequence[str]]) -> list[list[Outcome]]:
    """Run each list of commands in its own process, all at once; their outcomes, in order."""
    start = FORK.Barrier(len(runs))
    results = FORK.Queue()
    children = [FORK.Process(target=_commands, args=(r, start, results)) for r in runs]
    for child in children:
        child.start()
    outcomes = [results.get(timeout=120) for _ in children]
    for child in children:
        child.join(timeout=60)
        assert child.exitcode == 0
    return sorted(outcomes, key=lambda o: -len(o))


def log_of(path: Path) -> list[dict[str, Any]]:
    """The log entries of a game file: its lines after the header and the scenario."""
    lines = path.read_text(encoding="utf-8").splitlines()[2:]
    return [json.loads(line.partition("\t")[0]) for line in lines]  # each without its signature


def test_two_commands_acting_at_once_lose_no_action(tmp_path: Path) -> None:
    """Without the lock, about one action in five was lost here, with every command exiting 0."""
    path = tmp_path / "game.json"
    _new(path)
    n = 20

    def status(unit: str) -> list[list[str]]:
        act = ["act", str(path), "--seat", "umpire", "set-status", unit, "ok"]
        return [[*act, f"note={unit} {i}"] for i in range(n)]

    outcomes = race(status("pioneer-1"), status("rifle-1"))
    assert [code for run in outcomes for code, _ in run] == [0] * (2 * n)
    notes = [entry["action"]["note"] for entry in log_of(path)]
    assert len(notes) == 2 * n
    for unit in ("pioneer-1", "rifle-1"):  # every action, each command's in its own order
        assert [x for x in notes if x.startswith(unit)] == [f"{unit} {i}" for i in range(n)]
    assert len(load_game(path).log) == 2 * n  # and the file reads back whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def _messages(path: Path, seat: str, n: int, start: Any, results: Any) -> None:
    """In a child process: `n` messages from `seat`, each a change of its own under the lock
    (as `act` makes one), after waiting for the other seat's process."""
    start.wait()
    try:
        for i in range(n):
            with edit_game(path) as edit:
                edit.game.message(seat, f"{seat} {i}", "umpire")
                edit.save()
    except InputError as exc:  # without the lock: "changed by another program since it was read"
        results.put((seat, str(exc)))
        return
    results.put((seat, ""))


def test_two_seats_acting_at_once_in_two_processes_lose_nothing(tmp_path: Path) -> None:
    """The Germans and the US each send 25 messages to the umpire at once: all 50 are in the
    file, each seat's in its order, and the file's signatures still hold (it loads)."""
    path = tmp_path / "game.json"
    _new(path)
    n = 25
    start, results = FORK.Barrier(2), FORK.Queue()
    children = [
        FORK.Process(target=_messages, args=(path, seat, n, start, results))
        for seat in ("german", "us")
    ]
    for child in children:
        child.start()
    assert sorted(results.get(timeout=120) for _ in children) == [("german", ""), ("us", "")]
    for child in children:
        child.join(timeout=60)
        assert child.exitcode == 0
    texts = [entry["action"]["text"] for entry in log_of(path)]
    assert len(texts) == 2 * n
    for seat in ("german", "us"):
        assert [t for t in texts if t.startswith(seat)] == [f"{seat} {i}" for i in range(n)]
    assert [e.seq for e in load_game(path).log] == list(range(2 * n))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_two_seats_whose_actions_exclude_each_other_take_turns(tmp_path: Path) -> None:
    """The German pioneers declare work while the umpire ends the German maneuver phase: the one
    that comes second is refused by the rules, in one clear line, and the first is saved."""
    refusals = {  # the first action saved -> why the other is refused
        "prepare": "error: ENG-ACT-09: ",  # the US may answer the declared work first
        "end-phase": "error: ENG-ACT-01: Pioniere 1 may take an engineering action only in",
    }
    for round_ in range(6):
        path = tmp_path / f"game-{round_}.json"
        _new(path)
        declare = ["act", str(path), "--seat", "german", "prepare", "pioneer-1", "bridge"]
        end = ["act", str(path), "--seat", "umpire", "end-phase"]
        (first, second) = sorted((run[0] for run in race([declare], [end])), key=lambda o: o[0])
        log = log_of(path)
        assert len(log) == 1
        assert first == (0, "")
        assert second[0] == 2
        assert second[1].startswith(refusals[log[0]["action"]["action"]])
        assert second[1].count("\n") == 1


def test_a_file_changed_since_it_was_read_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    _new(path)
    elsewhere = path.read_bytes().replace(b'"race"', b'"edited"')
    with edit_game(path) as edit:
        edit.game.act("umpire", {"action": "set-status", "unit": "pioneer-1", "status": "ok"})
        path.write_bytes(elsewhere)  # an editor, say, which takes no lock
        with pytest.raises(InputError, match="changed by another program since it was read"):
            edit.save()
    assert path.read_bytes() == elsewhere


def test_the_command_refuses_in_one_line_when_the_file_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    _new(path)
    replaced = tmp_path / "other.json"
    _new(replaced)
    game_type = type(load_game(path))
    act = game_type.act

    def act_while_the_file_is_replaced(self: Any, *args: Any, **kwargs: Any) -> Any:
        replaced.replace(path)  # another program puts a different game in its place
        return act(self, *args, **kwargs)

    monkeypatch.setattr(game_type, "act", act_while_the_file_is_replaced)
    result = CliRunner().invoke(cli, ["act", str(path), "--seat", "umpire", "end-phase"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {path}: changed by another program since it was read; nothing was saved "
        "(run the command again)\n"
    )
    assert log_of(path) == []  # the replacement stands, untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_new_refuses_a_file_another_command_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`new` without --force never replaces a file, even one made after it looked."""
    path = tmp_path / "game.json"
    new_game = kriegsspiel.new_game

    def new_game_while_another_is_made(*args: Any, **kwargs: Any) -> Any:
        started = new_game(*args, **kwargs)
        path.write_text("someone else's", encoding="utf-8")
        return started

    monkeypatch.setattr(kriegsspiel, "new_game", new_game_while_another_is_made)
    result = CliRunner().invoke(cli, ["new", "demo", "-o", str(path)])
    assert result.exit_code == 2
    assert "already exists (use --force to replace it)" in result.stderr
    assert path.read_text(encoding="utf-8") == "someone else's"
