"""Game files: JSON round trips, reproducible logs, clear errors, atomic saves."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import EngGame
from kriegsspiel import load_game, new_game, save_game
from kriegsspiel.errors import InputError
from kriegsspiel.scenario.load import load_scenario
from kriegsspiel.store import files


def _play(game: Any) -> Any:
    """A short demo game with seeded dice: preparation, a sealed demolition roll, fire, undo."""
    game.act("german", {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"})
    game.act("us", {"action": "opportunity-fire", "unit": "rifle-1"})
    if game.state.pending is not None:
        game.act("us", {"action": "pass"})
    game.act("german", {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"})
    if game.state.pending is not None:
        game.act("us", {"action": "pass"})
    game.act("umpire", {"action": "reveal", "demolition": "bridge", "side": "us"})
    game.act("german", {"action": "end-phase"})
    game.undo("umpire")
    game.act("german", {"action": "end-phase"})
    game.act("us", {"action": "fire", "unit": "sherman-1", "target": "mg-team"})
    return game


def test_dumps_loads_dumps_is_byte_identical() -> None:
    game = _play(new_game("demo", seed="store-test"))
    data = files.dumps(game)
    again = files.loads(data)
    assert files.dumps(again) == data
    assert again.state == game.state
    assert again.log == game.log
    assert again.seed == "store-test"
    for seat in game.seats:
        assert again.view(seat) == game.view(seat)
        assert again.log_view(seat) == game.log_view(seat)


def test_game_file_is_json_with_header_scenario_and_log() -> None:
    game = _play(new_game("demo", seed="store-test"))
    record = json.loads(files.dumps(game))
    assert record["header"] == {"format": 1, "ruleset": "engineering", "seed": "store-test"}
    assert record["scenario"]["title"] == "The bridge at Kleinwalde"
    assert [e["seq"] for e in record["log"]] == list(range(len(game.log)))


def test_same_seed_and_actions_give_the_same_file() -> None:
    one = files.dumps(_play(new_game("demo", seed="same")))
    two = files.dumps(_play(new_game("demo", seed="same")))
    assert one == two
    other = json.loads(files.dumps(_play(new_game("demo", seed="different"))))
    assert other["header"]["seed"] == "different"


def test_seeded_rolls_depend_on_the_seed() -> None:
    """Forty seeded demolition rolls: two seeds cannot plausibly give the same sequence."""
    scenario = load_scenario("demo")
    demolish = {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"}

    def faces(seed: str) -> list[int]:
        out: list[int] = []
        for i in range(40):
            game = new_game(scenario, seed=f"{seed}-{i}")
            game.act("german", demolish)
            out.append(game.state.pending.roll.faces[0][0])
        return out

    assert faces("a") == faces("a")
    assert faces("a") != faces("b")
    assert set(faces("a")) <= set(range(1, 11))


def test_save_and_load(tmp_path: Path) -> None:
    game = _play(new_game("demo", seed="disk"))
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    assert files.dumps(loaded) == files.dumps(game) == path.read_bytes()
    with pytest.raises(InputError) as info:
        save_game(game, path, overwrite=False)
    assert info.value.where == str(path)


def _corrupt(tmp_path: Path, data: bytes) -> InputError:
    path = tmp_path / "corrupt.json"
    path.write_bytes(data)
    with pytest.raises(InputError) as info:
        files.load(path)
    assert info.value.where == str(path), info.value
    return info.value


def _good_record() -> dict[str, Any]:
    record = json.loads(files.dumps(_play(new_game("demo", seed="corrupt"))))
    assert isinstance(record, dict)
    return record


def test_corrupt_files_name_the_path(tmp_path: Path) -> None:
    assert "not a kriegsspiel game file" in _corrupt(tmp_path, b"this is not json").problem
    good = files.dumps(_play(new_game("demo", seed="corrupt")))
    assert _corrupt(tmp_path, good[: len(good) // 2]).problem.startswith("not a kriegsspiel")
    assert "not a kriegsspiel" in _corrupt(tmp_path, b"").problem
    assert "not a kriegsspiel" in _corrupt(tmp_path, b'{"log": []}').problem
    assert "not a kriegsspiel" in _corrupt(tmp_path, b"\xff\xfe\x00").problem


def test_unsupported_format(tmp_path: Path) -> None:
    record = _good_record()
    record["header"]["format"] = 99
    problem = _corrupt(tmp_path, json.dumps(record).encode()).problem
    assert problem == "game file format 99 is not supported (expected 1)"


def test_unknown_ruleset_names_the_path(tmp_path: Path) -> None:
    record = _good_record()
    record["header"]["ruleset"] = "chess"
    _corrupt(tmp_path, json.dumps(record).encode())


def test_log_out_of_sequence(tmp_path: Path) -> None:
    record = _good_record()
    record["log"][0], record["log"][1] = record["log"][1], record["log"][0]
    problem = _corrupt(tmp_path, json.dumps(record).encode()).problem
    assert problem == "corrupt game file (log entries out of sequence)"


def test_log_with_a_bad_event(tmp_path: Path) -> None:
    record = _good_record()
    record["log"][0]["records"][0]["event"]["event"] = "teleported"
    assert "corrupt game file" in _corrupt(tmp_path, json.dumps(record).encode()).problem


def test_log_that_does_not_replay(tmp_path: Path) -> None:
    record = _good_record()
    record["log"][0]["records"][0]["event"]["unit"] = "ghost"
    assert "does not replay" in _corrupt(tmp_path, json.dumps(record).encode()).problem


def test_scenario_of_the_wrong_shape(tmp_path: Path) -> None:
    record = _good_record()
    record["scenario"]["units"] = "none"
    assert "corrupt game file" in _corrupt(tmp_path, json.dumps(record).encode()).problem


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        files.load(tmp_path / "nope.json")
    assert str(info.value) == f"{tmp_path / 'nope.json'}: no such game file"
    with pytest.raises(InputError) as info:
        files.load(tmp_path)
    assert info.value.where == str(tmp_path)
    assert info.value.problem.startswith("cannot read")


def _only_game_file(directory: Path) -> list[str]:
    return sorted(os.listdir(directory))


def test_save_leaves_the_old_file_when_encoding_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    game = new_game("demo", seed="atomic")
    save_game(game, path)
    old = path.read_bytes()
    game.act("german", {"action": "end-phase"})

    def broken(_: EngGame) -> bytes:
        raise TypeError("cannot encode")

    monkeypatch.setattr(files, "dumps", broken)
    with pytest.raises(TypeError):
        save_game(game, path)
    assert path.read_bytes() == old
    assert _only_game_file(tmp_path) == ["game.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_save_leaves_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "game.json"
    game = new_game("demo", seed="atomic")
    save_game(game, path)
    old = path.read_bytes()
    game.act("german", {"action": "end-phase"})

    def broken(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(InputError, match="cannot write: No space left on device"):
        save_game(game, path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert _only_game_file(tmp_path) == ["game.json"]
    assert files.load(path).log == ()


def test_save_into_a_missing_directory(tmp_path: Path) -> None:
    path = tmp_path / "no-such-dir" / "game.json"
    with pytest.raises(InputError) as info:
        save_game(new_game("demo"), path)
    assert info.value.where == str(path)
