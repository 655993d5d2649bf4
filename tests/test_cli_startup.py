"""The commands load only what their path needs (benchmarks/ratios.py times them): each is run in
a fresh interpreter, its output piped as a script's would be, and the modules it loaded listed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import kriegsspiel as ks

GEOMETRY = ("shapely", "numpy")
RESOURCES = "importlib.resources"  # the tables are read from the package's folder
RULESETS = tuple(f"kriegsspiel.rulesets.{name}" for name in ks.RULESETS)
ENGINEERING_FRAME = (  # the ruleset itself, beyond the named checks `odds` reads
    "kriegsspiel.rulesets.engineering.ruleset",
    "kriegsspiel.rulesets.engineering.topics",
    "kriegsspiel.rulesets.engineering.state",
)


def loaded_by(argv: list[str], heavy: tuple[str, ...]) -> list[str]:
    """The modules of `heavy` (names or prefixes) that running `kriegsspiel ARGV` loaded."""
    code = (
        "import sys\n"
        "from kriegsspiel.cli import cli\n"
        f"try: cli({argv!r})\n"
        "except SystemExit as exc: assert not exc.code, exc.code\n"
        f"heavy = {heavy!r}\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return eval(run.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_importing_the_command_loads_no_library_geometry_or_rich() -> None:
    code = "import sys, kriegsspiel.cli; print(sorted(sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(run.stdout)
    library = ("kriegsspiel.core", "kriegsspiel.rulesets", "msgspec")
    heavy = (*library, "rich", "yaml", "pathlib", *GEOMETRY)
    assert [m for m in loaded if m.startswith(heavy)] == []


def test_odds_of_a_check_load_no_ruleset_geometry_yaml_or_rich() -> None:
    others = tuple(r for r in RULESETS if not r.endswith(".engineering"))
    heavy = (
        *GEOMETRY,
        "rich",
        "yaml",
        RESOURCES,
        "kriegsspiel.core.game",
        *ENGINEERING_FRAME,
        *others,
    )
    assert loaded_by(["odds", "engineering.demolition"], (*heavy, "pathlib")) == []


def test_acting_loads_the_games_ruleset_alone_and_no_geometry_yaml_or_rich(tmp_path: Path) -> None:
    game = ks.new_game("demo", seed="startup")
    path = tmp_path / "game.json"
    ks.save_game(game, path)
    seat = game.seats_to_act()[0]
    plain = next(c.action["action"] for c in game.legal_actions(seat) if len(c.action) == 1)
    others = tuple(r for r in RULESETS if not r.endswith(".engineering"))
    heavy = (*GEOMETRY, "rich", "yaml", RESOURCES, "kriegsspiel.scenario.load", *others)
    assert loaded_by(["act", str(path), "--seat", seat, plain], heavy) == []
    assert ks.load_game(path).log_length(seat) == game.log_length(seat) + 1  # it did act
    assert loaded_by(["show", str(path), "--seat", seat], heavy) == []
