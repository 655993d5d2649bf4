"""The outcome distributions of a balance report drawn with matplotlib (the `plot` extra): each
side's win, draw and loss rates with their 95% Wilson intervals, each side's scores, and the
games' lengths. PNG or SVG by the file's suffix, written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from kriegsspiel.balance.report import Report, Summary
from kriegsspiel.errors import InputError

FORMATS = {".png": "png", ".svg": "svg"}
COLOURS = {"win": "#4c8c4a", "draw": "#b0b0b0", "loss": "#b84a3e"}


def check_plotting() -> None:
    """An InputError unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError(
            "--plot", "matplotlib is not installed (pip install 'kriegsspiel[plot]')"
        ) from None


def write_plot(report: Report, path: Path) -> None:
    """Draw `report` to `path` (.png or .svg), atomically."""
    form = FORMATS.get(path.suffix.lower())
    if form is None:
        raise InputError(str(path), "a plot must end in .png or .svg")
    check_plotting()
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    from matplotlib.figure import Figure

    figure = Figure(figsize=(12, 4), layout="constrained")
    rates, scores, lengths = figure.subplots(1, 3)
    _rates(rates, report)
    _scores(scores, report)
    _histogram(lengths, report.actions, "game length (actions)")
    figure.suptitle(f"{report.scenario}: {report.games} games, seed {report.seed}")
    folder = path.resolve().parent
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=path.suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            figure.savefig(out, format=form, metadata=_metadata(form))
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _metadata(form: str) -> dict[str, Any]:
    # no date in an SVG, so that the same report draws the same file
    return {"Date": None} if form == "svg" else {}


def _rates(axes: Any, report: Report) -> None:
    """Stacked bars of each side's win, draw and loss rates, the win rate's interval on top."""
    names = [f"{side.side}\n({side.bot})" for side in report.sides]
    left = [0.0] * len(names)
    for part in ("win", "draw", "loss"):
        widths = [getattr(side, part).rate for side in report.sides]
        axes.barh(names, widths, left=left, color=COLOURS[part], label=part)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    for y, side in enumerate(report.sides):
        win = side.win
        axes.errorbar(
            win.rate,
            y,
            xerr=[[win.rate - win.low], [win.high - win.rate]],
            fmt="none",
            ecolor="black",
            capsize=4,
        )
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of games (win rate with its 95% Wilson interval)")
    axes.set_title("outcomes")
    axes.legend(loc="lower right", fontsize="small")


def _scores(axes: Any, report: Report) -> None:
    drawn = False
    for side, summary in report.scores.items():
        if summary is not None:
            values = list(summary.counts)
            axes.bar(values, list(summary.counts.values()), alpha=0.6, label=side)
            drawn = True
    if drawn:
        axes.legend(fontsize="small")
    else:
        axes.text(0.5, 0.5, "no scores", ha="center", va="center", transform=axes.transAxes)
    axes.set_xlabel("points")
    axes.set_ylabel("games")
    axes.set_title("scores")


def _histogram(axes: Any, summary: Summary, label: str) -> None:
    values = list(summary.counts)
    axes.hist(values, weights=list(summary.counts.values()), bins=min(30, len(values)))
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    axes.set_title("lengths")


__all__ = ["check_plotting", "write_plot"]
