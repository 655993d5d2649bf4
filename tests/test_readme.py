"""The README's tour is run: its Python examples as doctests, its console examples by the CLI."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from kriegsspiel.cli import cli

README = Path(__file__).resolve().parents[1] / "README.md"
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def test_python_examples() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, report=True
    )
    assert result.attempted > 5
    assert result.failed == 0


PIPED = re.compile(r"\$ printf '([^'\\%]*(?:\\n[^'\\%]*)*)' \| kriegsspiel (.*)")


def _steps() -> list[tuple[list[str], str | None, list[str]]]:
    """Each `$ kriegsspiel …` command, or `$ printf 'LINES' | kriegsspiel …` with the lines
    it pipes in (`\\n` ends a line), with the lines its output must contain."""
    steps: list[tuple[list[str], str | None, list[str]]] = []
    for block in CONSOLE.findall(README.read_text(encoding="utf-8")):
        for line in block.splitlines():
            piped = PIPED.fullmatch(line)
            if line.startswith("$ kriegsspiel "):
                steps.append((shlex.split(line[len("$ kriegsspiel ") :]), None, []))
            elif piped is not None:
                lines, command = piped.groups()
                steps.append((shlex.split(command), lines.replace("\\n", "\n"), []))
            elif line.startswith("$ "):
                raise AssertionError(f"not a command the test can run: {line}")
            elif line.strip():
                steps[-1][2].append(line)
    return steps


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_console_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    steps = _steps()
    assert len(steps) > 8
    for args, stdin, expected in steps:
        result = runner.invoke(cli, args, input=stdin)
        output = _squash(result.stdout + result.stderr)
        for line in expected:
            assert _squash(line) in output, f"kriegsspiel {shlex.join(args)}: {line!r}"
        assert (result.exit_code == 0) != any(x.startswith("error:") for x in expected), args


def test_the_tour_asks_for_the_actions_right_after_new() -> None:
    """A new player's first question, what may I do now, is the tour's first after `new`."""
    commands = [args[0] for args, _, _ in _steps()]
    first = commands.index("new")
    assert commands[first + 1] == "actions"
    assert {"validate", "rules"} <= set(commands)
