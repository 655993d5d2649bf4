"""Signed game files: every line carries a chained HMAC under a key kept apart from the file, so
an edited file (its seed, an entry dropped, duplicated or changed, a forged entry) is refused in
one line naming the file, while appends stay one line and a torn append is still recovered."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_store import _document, _play

from kriegsspiel import edit_game, load_game, new_game, save_game
from kriegsspiel.cli import cli
from kriegsspiel.core.log import Entry
from kriegsspiel.errors import InputError
from kriegsspiel.store import files
from kriegsspiel.store.record import encode
from kriegsspiel.store.seal import KEY_ENV, Seal, key_path, plain, signing_key

EDITED = (
    "does not match its signature: the file was changed outside kriegsspiel (or signed with "
    "another key than this machine's); it is not read"
)


def _saved(tmp_path: Path, seed: str = "sealed") -> Path:
    path = tmp_path / "game.json"
    save_game(_play(new_game("demo", seed=seed)), path)
    return path


def _refusal(path: Path) -> str:
    with pytest.raises(InputError) as info:
        load_game(path)
    assert info.value.where == str(path)
    return info.value.problem


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def test_every_line_is_its_json_a_tab_and_a_tag_chained_on_the_line_before(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    *lines, last = _lines(path)
    assert last == b""
    key = key_path().read_bytes().strip()
    before = b""
    for line in lines:
        body, _, tag = line.partition(b"\t")
        json.loads(body)
        assert tag == Seal(key, "").tag(before, body)
        assert len(tag) == 32
        before = tag


def test_a_changed_seed_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    path.write_bytes(path.read_bytes().replace(b'"seed":"sealed"', b'"seed":"mine"', 1))
    assert _refusal(path) == f"its header {EDITED}"


def test_a_changed_die_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    data = path.read_bytes()
    at = data.index(b'"faces":[[') + len(b'"faces":[[')
    path.write_bytes(data[:at] + b"99" + data[data.index(b"]", at) :])  # entry 1's roll
    assert _refusal(path) == f"log entry 1 {EDITED}"


def test_a_dropped_entry_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    lines = _lines(path)
    del lines[4]  # entry 2
    path.write_bytes(b"\n".join(lines))
    assert _refusal(path) == f"log entry 2 {EDITED}"  # entry 3 no longer follows entry 1


def test_a_duplicated_entry_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    lines = _lines(path)
    lines.insert(4, lines[3])
    path.write_bytes(b"\n".join(lines))
    assert _refusal(path) == f"log entry 2 {EDITED}"


def test_a_forged_undo_appended_is_refused(tmp_path: Path) -> None:
    """An undo of entry 999, appended by hand: unsigned, or with a tag made up."""
    path = _saved(tmp_path)
    whole = path.read_bytes()
    game = load_game(path)
    undo = encode(Entry(len(game.log), "umpire", "undo", None, (), (999,)))
    path.write_bytes(whole + undo + b"\n")
    assert _refusal(path) == (
        f"log entry {len(game.log)} is not signed: the file was changed outside kriegsspiel "
        "(or signed with another key than this machine's); it is not read"
    )
    path.write_bytes(whole + undo + b"\t" + b"0" * 32 + b"\n")
    assert _refusal(path) == f"log entry {len(game.log)} {EDITED}"


def test_a_line_from_another_game_is_refused(tmp_path: Path) -> None:
    """Both signed with the same key, entry 0 the same JSON in both: a line is bound to the
    lines before it, and the other game's header differs (its seed)."""
    one = _saved(tmp_path, "one")
    other = tmp_path / "other.json"
    save_game(_play(new_game("demo", seed="other")), other)
    lines, theirs = _lines(one), _lines(other)
    assert lines[2].partition(b"\t")[0] == theirs[2].partition(b"\t")[0]
    lines[2] = theirs[2]
    one.write_bytes(b"\n".join(lines))
    assert _refusal(one) == f"log entry 0 {EDITED}"


def test_a_file_signed_with_another_key_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path)
    monkeypatch.setenv(KEY_ENV, str(tmp_path / "another" / "key"))
    assert _refusal(path) == f"its header {EDITED}"


def test_a_torn_append_is_still_recovered(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    whole = path.read_bytes()
    game = load_game(path)
    with edit_game(path) as edit:
        edit.game.act("umpire", {"action": "end-phase"})
        edit.save()
    appended = path.read_bytes()
    path.write_bytes(appended[: len(whole) + (len(appended) - len(whole)) // 2])
    assert load_game(path).log == game.log
    with edit_game(path) as edit:
        edit.game.act("umpire", {"action": "end-phase"})
        edit.save()
    assert path.read_bytes() == appended


def test_an_edit_before_the_last_checkpoint_is_refused_when_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the lines since the last checkpoint are checked on loading (so `act` costs the
    same however long the game); an older line is checked when it is read."""
    monkeypatch.setattr(files, "EVERY", 4)
    path = tmp_path / "game.json"
    game = _play(new_game("demo", seed="checkpoints"))
    save_game(game, path)
    data = path.read_bytes()
    assert b'{"checkpoint":4' in data
    path.write_bytes(data.replace(b'"faces":[[', b'"faces":[[9', 1))  # entry 1
    loaded = load_game(path)
    with pytest.raises(InputError) as info:
        loaded.log_view("umpire")
    assert str(info.value) == f"{path}: log entry 1 {EDITED}"


def test_the_command_refuses_an_edited_file_in_one_line(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    edited = path.read_bytes().replace(b'"seed":"sealed"', b'"seed":"mine"', 1)
    path.write_bytes(edited)
    for args in (["show", str(path), "--seat", "us"], ["act", str(path), "--seat", "us", "pass"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2
        assert result.stderr == f"error: {path}: its header {EDITED}\n"
    assert path.read_bytes() == edited


def test_the_key_is_made_once_readable_by_its_owner_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert key_path() == tmp_path / "config" / "kriegsspiel" / "key"
    key = signing_key()
    assert len(key) == 64
    assert stat.S_IMODE(os.stat(key_path()).st_mode) == 0o600
    assert signing_key() == key
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert key_path() == tmp_path / "home" / ".config" / "kriegsspiel" / "key"


def test_sign_signs_an_unsigned_file_and_refuses_a_signed_one(tmp_path: Path) -> None:
    game = _play(new_game("demo", seed="old"))
    path = tmp_path / "old.json"
    path.write_bytes(_document(game))  # format 1, from before files were signed
    unsigned = tmp_path / "unsigned.json"
    unsigned.write_bytes(files.dumps(game))  # format 2, unsigned

    def sign(p: Path) -> Any:
        return CliRunner().invoke(cli, ["sign", str(p)])

    for p in (path, unsigned):
        result = sign(p)
        assert result.exit_code == 0, result.output
        said = f"{p}: signed ({len(game.log)} entries) with the key in {key_path()}\n"
        assert result.stdout == said
        assert load_game(p).log == game.log
        assert plain(p.read_bytes()) == files.dumps(game)
    again = sign(path)
    assert again.exit_code == 2
    assert again.stderr == f"error: {path}: already signed\n"
    path.write_bytes(path.read_bytes().replace(b'"seed":"old"', b'"seed":"new"', 1))
    edited = sign(path)
    assert edited.stderr == f"error: {path}: its header {EDITED}\n"
