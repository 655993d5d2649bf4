"""The data files shipped in the package (tables, effects), read at start-up.

A package on disk is read straight from its folder: `importlib.resources`, which reads any kind of
package (a zip too), costs more to import and set up than the files take to read, on every start
of every command that reads its tables (`kriegsspiel odds` among them)."""

from __future__ import annotations

import importlib
import os


def read_text(package: str, name: str) -> str:
    """The text (UTF-8) of the file `name` in `package`."""
    file = getattr(importlib.import_module(package), "__file__", None)
    if file is not None and os.path.isfile(file):  # a package in a folder of the file system
        with open(os.path.join(os.path.dirname(file), name), encoding="utf-8") as f:
            return f.read()
    from importlib import resources

    return resources.files(package).joinpath(name).read_text(encoding="utf-8")
