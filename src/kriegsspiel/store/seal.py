"""The seal of a game file: a chained HMAC on every line, keyed by a secret kept apart from files.

Each line of a signed game file is its JSON, a tab, and a tag: the first 128 bits (hex) of
HMAC-SHA256 under the key of the tag of the line before it (none for the first line) and the
line's JSON. So appending a line needs only the last line's tag, and a line is checked on its
own, with the one before it: a changed, dropped, duplicated or inserted line no longer matches.
A tag names no secret (the key never leaves its file). Cutting whole lines off the end leaves an
earlier state of the game that matches: a seal cannot tell that from a shorter game.

The key is 32 random bytes, made on first use at `$KRIEGSSPIEL_KEY_FILE`, else
`$XDG_CONFIG_HOME/kriegsspiel/key`, else `~/.config/kriegsspiel/key`, readable by its owner alone.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from kriegsspiel.errors import InputError

KEY_ENV = "KRIEGSSPIEL_KEY_FILE"
TAB = 0x09  # msgspec's compact JSON never holds a raw tab: the first one starts the tag
_TAG_HEX = 32


def key_path() -> Path:
    """Where the signing key is kept."""
    named = os.environ.get(KEY_ENV)
    if named:
        return Path(named)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "kriegsspiel" / "key"


def signing_key() -> bytes:
    """The signing key, made (mode 0600, whole or not at all) when there is none yet."""
    path = key_path()
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        return _make_key(path)
    except OSError as exc:
        raise InputError(str(path), f"cannot read the signing key: {exc.strerror}") from None
    key = text.strip()
    if len(key) < _TAG_HEX:
        raise InputError(str(path), "not a kriegsspiel signing key (too short)")
    return key


def _make_key(path: Path) -> bytes:
    key = secrets.token_hex(32).encode()
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(key + b"\n")
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)  # never over a key another command made meanwhile
        except FileExistsError:
            return signing_key()
    except OSError as exc:
        raise InputError(str(path), f"cannot create the signing key: {exc.strerror}") from None
    finally:
        tmp.unlink(missing_ok=True)
    return key


class Unsigned(InputError):
    """A game file with no seal at all (written before files were signed, or by hand)."""


class Seal:
    """Signs and checks the lines of game files under one key; `where` names the file."""

    def __init__(self, key: bytes, where: str) -> None:
        self._key = key
        self.where = where

    def tag(self, before: bytes, body: bytes | memoryview) -> bytes:
        return hmac.digest(self._key, before + body, "sha256").hex()[:_TAG_HEX].encode()

    def sign(self, lines: bytes, before: bytes) -> tuple[bytes, bytes]:
        """`lines` (JSON lines, each ending in a newline) signed after a line tagged `before`;
        and the last line's tag."""
        out = []
        for body in lines.split(b"\n")[:-1]:
            before = self.tag(before, body)
            out.append(b"%s\t%s\n" % (body, before))
        return b"".join(out), before

    def check(self, data: bytes, start: int, end: int, what: str) -> memoryview:
        """The JSON of the signed line `data[start:end]` (no newline), checked against its tag
        and the tag of the line before it; `what` names it in the refusal."""
        tab = data.rfind(b"\t", start, end)
        if tab < 0:
            if start == 0:
                raise Unsigned(self.where, unsigned_problem())
            raise self.refusal(f"{what} is not signed")
        body = memoryview(data)[start:tab]
        if not hmac.compare_digest(self.tag(tag_before(data, start), body), data[tab + 1 : end]):
            raise self.refusal(f"{what} does not match its signature")
        return body

    def refusal(self, detail: str) -> InputError:
        return InputError(
            self.where,
            f"{detail}: the file was changed outside kriegsspiel (or signed with another key "
            "than this machine's); it is not read",
        )


def tag_before(data: bytes, start: int) -> bytes:
    """The tag of the line that ends just before `start` (none before the first line)."""
    if start == 0:
        return b""
    begins = data.rfind(b"\n", 0, start - 1) + 1
    tab = data.rfind(b"\t", begins, start - 1)
    return data[tab + 1 : start - 1] if tab >= 0 else b""


def unsigned_problem() -> str:
    return (
        "not signed (written before game files were signed, or not by kriegsspiel); "
        "if you trust it, sign it with `kriegsspiel sign FILE`"
    )


def is_signed(data: bytes) -> bool:
    """Whether a file's first line carries a tag (signed, whether or not it matches)."""
    newline = data.find(b"\n")
    return data.find(b"\t", 0, newline if newline >= 0 else len(data)) >= 0


def plain(data: bytes) -> bytes:
    """A signed file's lines without their tags (what tests and tools compare)."""
    *lines, torn = data.split(b"\n")
    return b"".join(line.partition(b"\t")[0] + b"\n" for line in lines) + torn
