"""Regenerate the board's snapshots (tests/render/snapshots/) and its screenshots in docs/images/,
deliberately, after a change to the drawing: `.venv/bin/python tests/render/update_snapshots.py`
(`--no-images` for the SVG snapshots alone)."""

from __future__ import annotations

import sys

from boardkit import snapshot_cases, snapshot_path, snapshot_svg
from screenshots import save_screenshots


def main(argv: list[str]) -> None:
    for name, seat in snapshot_cases():
        path = snapshot_path(name, seat)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(snapshot_svg(name, seat), encoding="utf-8")
        print(f"wrote {path}")
    if "--no-images" not in argv:
        for path in save_screenshots():
            print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
