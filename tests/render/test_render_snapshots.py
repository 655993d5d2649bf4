"""The board of each bundled scenario from the umpire and one side, against its snapshot in
tests/render/snapshots/. After a deliberate change to the drawing, regenerate them with
`.venv/bin/python tests/render/update_snapshots.py` and review the diff."""

from __future__ import annotations

import pytest
from boardkit import snapshot_cases, snapshot_path, snapshot_svg


@pytest.mark.parametrize(("name", "seat"), snapshot_cases())
def test_the_board_matches_its_snapshot(name: str, seat: str) -> None:
    path = snapshot_path(name, seat)
    assert path.exists(), f"no snapshot {path.name}: run tests/render/update_snapshots.py"
    assert snapshot_svg(name, seat) == path.read_text(encoding="utf-8"), (
        f"{path.name} differs: if the change is meant, run tests/render/update_snapshots.py"
    )
