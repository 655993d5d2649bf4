"""The import layers of src/kriegsspiel, checked by parsing every module with `ast`.

From the bottom up (a module imports only from its own layer or layers below it):

0. shared    `kriegsspiel.errors`: the errors, a leaf that imports nothing of kriegsspiel
1. core      `kriegsspiel.core`: the engine and the neutral scenario model (core/scenario.py);
             it knows no ruleset
2. rulesets  `kriegsspiel.rulesets`, and the catalogues over them (`registry`, `rules_index`);
             a ruleset imports no other ruleset, nor the registry of them all
3. services  `kriegsspiel.scenario` (loading scenario files: it needs the ruleset registry to
             pick a scenario type), `render`, `store`, `analysis`
4. library   `kriegsspiel.games`, `bots`, `balance` and the package itself (`import kriegsspiel`:
             the public API)
5. apps      the command (`cli*`), `demo`, `web`, and `testing` (helpers for tests, which nothing
             in the library imports)

Every import counts: at module top level, inside functions, under `if TYPE_CHECKING:` (a
type-only import is still a dependency, and none is needed across the layers), relative ones, and
`importlib.import_module("kriegsspiel....")` with a literal name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "kriegsspiel"
RULESETS = "kriegsspiel.rulesets"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("shared", ("kriegsspiel.errors",)),
    ("core", ("kriegsspiel.core",)),
    ("rulesets", (RULESETS, "kriegsspiel.registry", "kriegsspiel.rules_index")),
    (
        "services",
        ("kriegsspiel.scenario", "kriegsspiel.render", "kriegsspiel.store", "kriegsspiel.analysis"),
    ),
    # ROOT: the package itself, not its submodules
    ("library", ("kriegsspiel.games", "kriegsspiel.bots", "kriegsspiel.balance", ROOT)),
    (
        "apps",
        (
            "kriegsspiel.cli",
            "kriegsspiel.cli_balance",
            "kriegsspiel.cli_bots",
            "kriegsspiel.cli_input",
            "kriegsspiel.cli_picture",
            "kriegsspiel.cli_play",
            "kriegsspiel.cli_remote",
            "kriegsspiel.cli_show",
            "kriegsspiel.cli_tables",
            "kriegsspiel.show",
            "kriegsspiel.demo",
            "kriegsspiel.web",
            "kriegsspiel.testing",
        ),
    ),
)
LAYER_NAMES = tuple(name for name, _ in LAYERS)


def _covers(prefix: str, module: str) -> bool:
    if prefix == ROOT:
        return module == ROOT
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> int | None:
    """The index in LAYERS of the layer `module` belongs to (its longest matching prefix)."""
    best: tuple[int, int] | None = None  # (prefix length, layer)
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if _covers(prefix, module) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), index)
    return None if best is None else best[1]


def ruleset_of(module: str) -> str | None:
    """`kriegsspiel.rulesets.NAME` for a module inside a ruleset's subpackage."""
    parts = module.split(".")
    if module.startswith(RULESETS + ".") and len(parts) > 2:
        return ".".join(parts[:3])
    return None


def source_modules() -> Iterator[tuple[str, bool, Path]]:
    """(module name, is a package, path) of every module under src/kriegsspiel."""
    for path in sorted((SRC / ROOT).rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        package = parts[-1] == "__init__"
        yield ".".join(parts[:-1] if package else parts), package, path


def _is_module(name: str) -> bool:
    base = SRC.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imported(tree: ast.AST, module: str, package: bool) -> Iterator[tuple[int, str]]:
    """(line, module name) of every kriegsspiel module `tree` imports, wherever it does."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package of `module`, up level - 1 packages
                here = module.split(".") if package else module.split(".")[:-1]
                up = here[: len(here) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                # `from kriegsspiel import errors` imports the submodule, not the package
                yield node.lineno, sub if _is_module(sub) else base
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value


def violations(module: str, package: bool, source: str, where: str) -> list[str]:
    """Every import of `module` (with source text `source`) that breaks the layering."""
    mine = layer_of(module)
    if mine is None:
        return [f"{where}: {module} is in no layer: add it to LAYERS in tests/test_layering.py"]
    allowed = ", ".join(LAYER_NAMES[: mine + 1])
    found: list[str] = []
    for line, target in imported(ast.parse(source), module, package):
        if target != ROOT and not target.startswith(ROOT + "."):
            continue  # the standard library or a dependency
        theirs = layer_of(target)
        if theirs is None:
            found.append(f"{where}:{line}: {module} imports {target}, which is in no layer")
        elif theirs > mine:
            found.append(
                f"{where}:{line}: {module} ({LAYER_NAMES[mine]}) imports {target} "
                f"({LAYER_NAMES[theirs]}); {LAYER_NAMES[mine]} may import only from {allowed}"
            )
        elif (
            (own := ruleset_of(module)) is not None
            and theirs == layer_of(RULESETS)
            and ruleset_of(target) != own
        ):
            found.append(
                f"{where}:{line}: {module} imports {target}; a ruleset imports only its own "
                f"subpackage ({own}), never another ruleset or the registry"
            )
    return found


def test_every_module_is_in_a_layer() -> None:
    modules = list(source_modules())
    assert len(modules) > 100  # the walk found the source tree
    missing = [name for name, _, _ in modules if layer_of(name) is None]
    assert not missing, f"modules in no layer (add them to LAYERS): {missing}"


def test_imports_follow_the_layers() -> None:
    found: list[str] = []
    for module, package, path in source_modules():
        where = str(path.relative_to(SRC.parent))
        found += violations(module, package, path.read_text(encoding="utf-8"), where)
    assert not found, "imports against the layering:\n" + "\n".join(found)


BAD = {
    "core importing a ruleset, in a function": (
        "kriegsspiel.core.fake",
        "def f():\n    from kriegsspiel.rulesets import find_ruleset\n",
        "kriegsspiel.core.fake (core) imports kriegsspiel.rulesets (rulesets)",
    ),
    "core importing scenario loading": (
        "kriegsspiel.core.fake",
        "from kriegsspiel.scenario.load import load_scenario\n",
        "imports kriegsspiel.scenario.load (services); core may import only from shared, core",
    ),
    "a type-only import": (
        "kriegsspiel.core.fake",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import kriegsspiel.games\n",
        "kriegsspiel.core.fake (core) imports kriegsspiel.games (library)",
    ),
    "a relative import from render into the web app": (
        "kriegsspiel.render.fake",
        "from ..web import app\n",
        "kriegsspiel.render.fake (services) imports kriegsspiel.web.app (apps)",
    ),
    "the public package from a ruleset": (
        "kriegsspiel.rulesets.afv.fake",
        "import kriegsspiel\n",
        "kriegsspiel.rulesets.afv.fake (rulesets) imports kriegsspiel (library)",
    ),
    "one ruleset importing another": (
        "kriegsspiel.rulesets.afv.fake",
        "from kriegsspiel.rulesets.engineering.scenario import EngUnit\n",
        "imports kriegsspiel.rulesets.engineering.scenario; a ruleset imports only its own",
    ),
    "a ruleset importing the registry": (
        "kriegsspiel.rulesets.afv.fake",
        "from kriegsspiel.registry import find_check\n",
        "a ruleset imports only its own subpackage (kriegsspiel.rulesets.afv)",
    ),
    "a dynamic import of a higher layer": (
        "kriegsspiel.store.fake",
        "import importlib\nimportlib.import_module('kriegsspiel.cli')\n",
        "kriegsspiel.store.fake (services) imports kriegsspiel.cli (apps)",
    ),
    "the errors leaf importing core": (
        "kriegsspiel.errors",
        "from kriegsspiel.core import seats\n",
        "kriegsspiel.errors (shared) imports kriegsspiel.core.seats (core)",
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_the_checker_flags_a_bad_import(case: str) -> None:
    module, source, message = BAD[case]
    found = violations(module, False, source, "fake.py")
    assert len(found) == 1, found
    assert message in found[0]
    assert found[0].startswith("fake.py:")


def test_the_checker_accepts_good_imports() -> None:
    source = (
        "from kriegsspiel.errors import InputError\n"
        "from kriegsspiel.core.scenario import ScenarioBase\n"
        "from . import base\n"
        "from kriegsspiel.rulesets.afv.scenario import AfvUnit\n"
        "import msgspec\n"
    )
    assert violations("kriegsspiel.rulesets.afv.fake", False, source, "fake.py") == []
    web = "from kriegsspiel import new_game\nfrom kriegsspiel.render.text import console\n"
    assert violations("kriegsspiel.web.fake", False, web, "fake.py") == []


def test_a_module_in_no_layer_is_reported() -> None:
    assert layer_of("kriegsspiel.newthing") is None
    found = violations("kriegsspiel.newthing", False, "", "newthing.py")
    assert found == [
        "newthing.py: kriegsspiel.newthing is in no layer: add it to LAYERS in "
        "tests/test_layering.py"
    ]
