"""Game files: JSON Lines round trips, appends and torn appends, format 1 files, reproducible
logs, clear errors, atomic saves; the one decoder both stores read records with; the seed a new
game gets."""

from __future__ import annotations

import json
import os
import random
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest

from conftest import EngGame
from kriegsspiel import edit_game, load_game, new_game, save_game
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError, KriegsspielError
from kriegsspiel.scenario.load import bundled_names, load_scenario
from kriegsspiel.store import files
from kriegsspiel.store.record import CorruptRecord, encode
from kriegsspiel.store.seal import plain
from kriegsspiel.store.sqlite import SqliteStore


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


def _record(data: bytes) -> dict[str, Any]:
    """A game file's lines as a header, a scenario and a log."""
    header, scenario, *log = (json.loads(line) for line in data.splitlines())
    return {"header": header, "scenario": scenario, "log": log}


def _lines(record: dict[str, Any]) -> bytes:
    parts = [record["header"], record["scenario"], *record["log"]]
    return b"".join(json.dumps(part).encode() + b"\n" for part in parts)


def _document(game: Any) -> bytes:
    """`game` as a format 1 file: one JSON document, as files were written before."""
    record = _record(files.dumps(game))
    record["header"]["format"] = 1
    return json.dumps(record, indent=1).encode()


def _signed(data: bytes) -> bytes:
    """`data` signed as kriegsspiel signs a file's whole lines (a torn last line left as is)."""
    whole = data.rfind(b"\n") + 1
    return files.file_seal("any").sign(data[:whole], b"")[0] + data[whole:]


def test_game_file_is_json_lines_of_header_scenario_and_log() -> None:
    game = _play(new_game("demo", seed="store-test"))
    data = files.dumps(game)
    assert data.endswith(b"\n")
    assert data.count(b"\n") == 2 + len(game.log)
    record = _record(data)
    assert record["header"] == {"format": 2, "ruleset": "engineering", "seed": "store-test"}
    assert record["scenario"]["title"] == "The bridge at Kleinwalde"
    assert [e["seq"] for e in record["log"]] == list(range(len(game.log)))


def test_same_seed_and_actions_give_the_same_file() -> None:
    one = files.dumps(_play(new_game("demo", seed="same")))
    two = files.dumps(_play(new_game("demo", seed="same")))
    assert one == two
    other = _record(files.dumps(_play(new_game("demo", seed="different"))))
    assert other["header"]["seed"] == "different"


def test_a_format_1_file_is_refused_until_signed_then_written_in_lines_at_its_first_change(
    tmp_path: Path,
) -> None:
    game = _play(new_game("demo", seed="old"))
    path = tmp_path / "game.json"
    path.write_bytes(_document(game))
    with pytest.raises(InputError) as info:
        load_game(path)
    assert str(info.value) == (
        f"{path}: not signed (written before game files were signed, or not by kriegsspiel); "
        "if you trust it, sign it with `kriegsspiel sign FILE`"
    )
    files.sign(path)
    loaded = load_game(path)
    assert loaded.log == game.log
    assert loaded.state == game.state
    with edit_game(path) as edit:
        edit.game.act("umpire", {"action": "end-phase"})
        edit.save()
        game.act("umpire", {"action": "end-phase"})
    assert path.read_bytes() == files.dumps(game, files.file_seal(path))


def test_an_action_appends_its_line_and_leaves_the_rest_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = _play(new_game("demo", seed="append"))
    save_game(game, path)
    before = path.read_bytes()
    with edit_game(path) as edit:
        entry = edit.game.act("umpire", {"action": "end-phase"})
        edit.save()
        undo = edit.game.undo("umpire")
        edit.save()  # a second change under the same lock appends after the first
    assert path.read_bytes().startswith(before)
    assert plain(path.read_bytes()) == plain(before) + encode(entry) + b"\n" + encode(undo) + b"\n"
    assert load_game(path).log == (*game.log, entry, undo)


def test_a_torn_append_is_ignored_by_readers_and_cut_off_by_the_next_writer(
    tmp_path: Path,
) -> None:
    """A writer stopped part way through its line (its command never said done): the game reads
    as it was before, and the next change writes its own line where the torn one began."""
    path = tmp_path / "game.json"
    game = _play(new_game("demo", seed="torn"))
    save_game(game, path)
    whole = path.read_bytes()
    torn = encode(Entry(len(game.log), "umpire", "action", {"action": "end-phase"}, ()))
    path.write_bytes(whole + torn[: len(torn) // 2])
    assert load_game(path).log == game.log
    with edit_game(path) as edit:
        entry = edit.game.act("umpire", {"action": "end-phase"})
        edit.save()
    assert path.read_bytes().startswith(whole)
    assert plain(path.read_bytes()) == plain(whole) + encode(entry) + b"\n"


def test_a_failed_append_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_game(_play(new_game("demo", seed="full")), path)
    old = path.read_bytes()
    real = os.pwrite

    def half_then_full(fd: int, data: bytes, offset: int) -> int:
        real(fd, data[:10], offset)  # some of the line reaches the file
        raise OSError(28, "No space left on device")

    with edit_game(path) as edit:
        edit.game.act("umpire", {"action": "end-phase"})
        monkeypatch.setattr(os, "pwrite", half_then_full)
        with pytest.raises(InputError, match="cannot write: No space left on device"):
            edit.save()
    assert path.read_bytes() == old


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
    assert files.dumps(loaded) == files.dumps(game) == plain(path.read_bytes())
    assert path.read_bytes() == files.dumps(game, files.file_seal(path))
    with pytest.raises(InputError) as info:
        save_game(game, path, overwrite=False)
    assert info.value.where == str(path)


def _corrupt(tmp_path: Path, data: bytes, *, document: bool = False) -> InputError:
    """The refusal of a file of `data`, as if kriegsspiel had signed it (a format 1 `document`
    as `kriegsspiel sign` reads it)."""
    path = tmp_path / "corrupt.json"
    path.write_bytes(data if document else _signed(data))
    with pytest.raises(InputError) as info:
        files.sign(path) if document else files.load(path)
    assert info.value.where == str(path), info.value
    return info.value


def _good_record() -> dict[str, Any]:
    return _record(files.dumps(_play(new_game("demo", seed="corrupt"))))


def test_corrupt_files_name_the_path(tmp_path: Path) -> None:
    assert "not a kriegsspiel game file" in _corrupt(tmp_path, b"this is not json\n").problem
    game = _play(new_game("demo", seed="corrupt"))
    old = _document(game)
    half = old[: len(old) // 2]
    assert _corrupt(tmp_path, half, document=True).problem.startswith("not a kriegsspiel")
    good = files.dumps(game)
    assert "not a kriegsspiel" in _corrupt(tmp_path, b"", document=True).problem
    assert "not a kriegsspiel" in _corrupt(tmp_path, b"").problem  # nothing is signed
    assert "not a kriegsspiel" in _corrupt(tmp_path, b'{"log": []}\n').problem
    assert "not a kriegsspiel" in _corrupt(tmp_path, b"\xff\xfe\x00\n").problem
    header = good.partition(b"\n")[0] + b"\n"
    assert _corrupt(tmp_path, header).problem == "corrupt game file (no scenario after its header)"


def test_unsupported_format(tmp_path: Path) -> None:
    record = _good_record()
    record["header"]["format"] = 99
    expected = "game file format 99 is not supported (expected 1 or 2)"
    assert _corrupt(tmp_path, _lines(record)).problem == expected
    document = json.dumps(record).encode()
    assert _corrupt(tmp_path, document, document=True).problem == expected


def test_format_1_files_name_their_faults_too(tmp_path: Path) -> None:
    record = json.loads(_document(_play(new_game("demo", seed="corrupt"))))
    record["log"][0]["records"][0]["event"]["unit"] = "ghost"
    document = json.dumps(record).encode()
    assert "does not replay" in _corrupt(tmp_path, document, document=True).problem


def test_unknown_ruleset_names_the_path(tmp_path: Path) -> None:
    record = _good_record()
    record["header"]["ruleset"] = "chess"
    _corrupt(tmp_path, _lines(record))


def test_log_out_of_sequence(tmp_path: Path) -> None:
    record = _good_record()
    record["log"][0], record["log"][1] = record["log"][1], record["log"][0]
    problem = _corrupt(tmp_path, _lines(record)).problem
    assert problem == "corrupt game file (log entries out of sequence)"


def test_log_with_a_bad_event(tmp_path: Path) -> None:
    record = _good_record()
    record["log"][0]["records"][0]["event"]["event"] = "teleported"
    assert "corrupt game file" in _corrupt(tmp_path, _lines(record)).problem


def test_log_that_does_not_replay(tmp_path: Path) -> None:
    record = _good_record()
    record["log"][0]["records"][0]["event"]["unit"] = "ghost"
    assert "does not replay" in _corrupt(tmp_path, _lines(record)).problem


def test_a_bad_line_before_the_last_is_corrupt_not_torn(tmp_path: Path) -> None:
    data = files.dumps(_play(new_game("demo", seed="corrupt")))
    lines = data.split(b"\n")
    lines[3] = lines[3][:20]
    problem = _corrupt(tmp_path, b"\n".join(lines)).problem
    assert problem.startswith("corrupt game file (log entry 1: ")


def test_scenario_of_the_wrong_shape(tmp_path: Path) -> None:
    record = _good_record()
    record["scenario"]["units"] = "none"
    assert "corrupt game file" in _corrupt(tmp_path, _lines(record)).problem


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


def test_both_stores_read_a_record_with_one_decoder(tmp_path: Path) -> None:
    """The same corruption reads the same in a game file and in the database, apart from where
    the record is and what it is called."""
    game = _play(new_game("demo", seed="corrupt"))
    store = SqliteStore(tmp_path / "g.db")
    game_id, _ = store.create(game)
    db = sqlite3.connect(tmp_path / "g.db")
    entry = json.loads(db.execute("SELECT entry FROM entries WHERE seq = 0").fetchone()[0])
    entry["records"][0]["event"]["event"] = "teleported"
    db.execute("UPDATE entries SET entry = ? WHERE seq = 0", (json.dumps(entry),))
    db.commit()
    with pytest.raises(CorruptRecord) as in_db:
        store.load(game_id)
    record = _good_record()
    record["log"][0]["records"][0]["event"]["event"] = "teleported"
    in_file = _corrupt(tmp_path, _lines(record))
    assert isinstance(in_file, CorruptRecord)
    assert in_file.problem.startswith("corrupt game file (log entry 0: Invalid value 'teleported'")
    assert in_db.value.where == f"{tmp_path / 'g.db'}: game {game_id}"
    assert in_db.value.problem == in_file.problem.replace("game file", "game record")


# -- the seed of a new game --------------------------------------------------------------------

PUBLISHED = "demo-seed-1944"  # the bundled demo scenario's published seed


def test_a_new_game_gets_a_fresh_secret_seed() -> None:
    one, two = new_game("demo").seed, new_game("demo").seed
    assert one != two
    assert PUBLISHED not in (one, two)
    assert all(len(s) == 32 and set(s) <= set("0123456789abcdef") for s in (one, two))
    assert new_game(load_scenario("demo")).seed not in (one, two, PUBLISHED)


def test_the_published_seed_only_when_asked_for() -> None:
    assert new_game("demo", published_seed=True).seed == PUBLISHED
    assert new_game(load_scenario("demo"), published_seed=True).seed == PUBLISHED
    assert new_game("demo", seed="mine").seed == "mine"
    assert new_game("demo", seed="mine", published_seed=False).seed == "mine"
    with pytest.raises(InputError, match="give either a seed or published_seed, not both"):
        new_game("demo", seed="mine", published_seed=True)


def test_asking_for_a_seed_a_scenario_does_not_publish(tmp_path: Path) -> None:
    path = tmp_path / "skirmish.yaml"
    path.write_text(
        "ruleset: engineering\ntitle: No seed here\nsides: [{id: red}, {id: blue}]\n",
        encoding="utf-8",
    )
    assert len(new_game(str(path)).seed) == 32
    with pytest.raises(InputError, match="the scenario 'No seed here' publishes no seed"):
        new_game(str(path), published_seed=True)


def test_the_seed_survives_a_save_and_a_load(tmp_path: Path) -> None:
    game = new_game("demo")
    save_game(game, tmp_path / "game.json")
    assert load_game(tmp_path / "game.json").seed == game.seed


@pytest.mark.parametrize("name", bundled_names())
@pytest.mark.parametrize("published", [False, True])
def test_no_seat_is_shown_the_seed(name: str, published: bool) -> None:
    """The seed is the umpire's secret, kept in the record: no seat's view or log holds it,
    the umpire's included, whether it is a fresh one or the scenario's own."""
    game = new_game(name, published_seed=published)
    rng = random.Random(name)
    for _ in range(10):  # a few legal actions, with the game's own dice
        seats = sorted(game.ruleset.seats_to_act(game.state))
        if not seats:
            break
        seat = rng.choice(seats)
        action = game.random_action(seat, rng)
        if action is None:
            break
        try:
            game.act(seat, action)
        except KriegsspielError:
            continue  # a step the rules refuse after all (an open parameter's draw): skipped
    for seat in game.seats:
        shown = msgspec.json.encode([game.view(seat), game.log_view(seat)]).decode()
        assert game.seed not in shown, seat


# -- checkpoints: a long game loads from the last one --------------------------------------------


def _random_game(name: str, steps: int, seed: int) -> Any:
    """A seeded random game of a bundled scenario, with an undo now and then (some of more than
    one action, reaching back behind checkpoints)."""
    rng = random.Random(seed)
    game = new_game(name, seed=f"checkpoints-{seed}")
    for step in range(steps):
        if step % 7 == 6 and game.can_undo:
            game.undo("umpire", min(len(game.history.live), rng.choice([1, 1, 3])))
            continue
        seats = game.seats_to_act()
        seat = rng.choice(seats) if seats else "umpire"
        action = game.random_action(seat, rng) if seats else None
        if action is None:
            break
        game.act(seat, action)
    return game


@pytest.mark.parametrize("name", bundled_names())
def test_a_game_loaded_from_its_checkpoints_is_the_game_folded_from_the_start(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checkpoints every 4 entries: the loaded game reads as the original everywhere, for every
    seat (its log, each replay, each undo), and writes the same file again."""
    monkeypatch.setattr(files, "EVERY", 4)
    game = _random_game(name, 40, seed=len(name))
    data = files.dumps(game)
    assert data.count(b'\n{"checkpoint":') == len(game.log) // 4
    again = files.loads(data)
    assert again.history.entries.kept == len(game.log) // 4 * 4  # not decoded at load
    assert again.state == game.state
    assert files.dumps(again) == data
    assert list(map(encode, again.log)) == list(map(encode, game.log))  # lists for tuples
    for seat in game.seats:
        assert encode(again.log_view(seat)) == encode(game.log_view(seat))
        for upto in range(game.log_length(seat) + 1):
            assert again.replay(seat, upto) == game.replay(seat, upto)
    while game.can_undo:
        count = min(2, len(game.history.live))
        game.undo("umpire", count)
        again.undo("umpire", count)
        assert again.state == game.state


def test_appends_write_the_checkpoints_a_whole_file_would_have(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "EVERY", 4)
    path = tmp_path / "game.json"
    game = _random_game("demo", 30, seed=3)
    save_game(new_game("demo", seed=game.seed), path)
    for entry in game.log:
        with edit_game(path) as edit:
            if entry.kind == "undo":
                edit.game.undo("umpire", len(entry.undoes))
            else:
                edit.game.act(entry.seat, entry.action or {})
            edit.save()
    assert path.read_bytes() == files.dumps(game, files.file_seal(path))  # appended = written whole


def test_a_checkpoint_out_of_place_is_corrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "EVERY", 4)
    data = files.dumps(_random_game("demo", 12, seed=5))
    lines = data.split(b"\n")
    mark = next(i for i, line in enumerate(lines) if line.startswith(b'{"checkpoint":'))
    lines[mark - 1], lines[mark] = lines[mark], lines[mark - 1]  # before its fourth entry
    problem = _corrupt(tmp_path, b"\n".join(lines)).problem
    assert problem == "corrupt game file (checkpoint after 3 entries: out of place)"
    lines = data.split(b"\n")
    last = max(i for i, line in enumerate(lines) if line.startswith(b'{"checkpoint":'))
    lines[last] = lines[last].replace(b'"state":{', b'"state":{"no-such-field":1,')
    problem = _corrupt(tmp_path, b"\n".join(lines)).problem
    assert problem.startswith("corrupt game file (a checkpoint's state: ")


def test_a_checkpoint_keeps_only_what_differs_from_the_initial_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not the scenario, nor any unit that has not changed: a dict field by its entries."""
    monkeypatch.setattr(files, "EVERY", 4)
    game = new_game("demo", seed="checkpoint")
    game.act("german", {"action": "move", "unit": "pioneer-1", "to": [20, 28]})
    game.act("us", {"action": "pass"})  # no opportunity fire
    for _ in range(2):
        game.act("umpire", {"action": "end-phase"})
    checkpoint = json.loads(files.dumps(game).splitlines()[6])
    initial, state = game.history.state_at(0), game.state
    assert checkpoint["checkpoint"] == 4
    assert "scenario" not in checkpoint["state"]
    assert "specs" not in checkpoint["state"]
    changed = {u for u, s in state.units.items() if s != initial.units[u]}
    assert changed == {"pioneer-1"}
    assert set(checkpoint["keys"]["units"]["set"]) == changed
    assert checkpoint["keys"]["units"]["drop"] == []
    assert files.loads(files.dumps(game)).state == state
