"""Package data reads the same straight from a package's folder as through importlib.resources,
which still reads it from a package in a zip file (core/package_data.py)."""

from __future__ import annotations

import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

from kriegsspiel.core.package_data import read_text

DATA = "kriegsspiel.rulesets.engineering.data"


@pytest.mark.parametrize("name", ["tables.toml", "obstacle_effects.toml"])
def test_a_file_of_a_package_on_disk_reads_as_importlib_resources_reads_it(name: str) -> None:
    expected = resources.files(DATA).joinpath(name).read_text(encoding="utf-8")
    assert read_text(DATA, name) == expected
    assert expected  # a real file, not two empty reads


def test_a_package_in_a_zip_file_is_read_through_importlib_resources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipdata/__init__.py", "")
        z.writestr("zipdata/table.toml", "d6 = [1, 2] # ≤ é\n")
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipdata", raising=False)
    assert read_text("zipdata", "table.toml") == "d6 = [1, 2] # ≤ é\n"
    with pytest.raises(FileNotFoundError):
        read_text("zipdata", "missing.toml")
