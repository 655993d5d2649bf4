"""`kriegsspiel balance SCENARIO`: many games played by bots, and what they say of its balance.

The games are played as `kriegsspiel.balance` plays them (local processes by default, a Ray
cluster with --ray); this module reads the arguments, shows a progress bar on a terminal, and
prints the report as tables or JSON, and writes the plot.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import click
import msgspec

from kriegsspiel.balance import DEFAULT_SEED, balance, seat_bots
from kriegsspiel.balance.report import Rate, Report, Summary
from kriegsspiel.balance.runners import Progress
from kriegsspiel.errors import InputError
from kriegsspiel.scenario.load import load_scenario

PLOTS = (".png", ".svg")


def parse_bots(text: str, sides: Sequence[str]) -> dict[str, str]:
    """`german=greedy,us=random` as {side: bot}; an InputError naming a malformed item. A bot's
    own settings are comma-separated too (`german=search:playouts=200,depth=4,us=greedy`): an
    item after a bot with settings continues them unless it names a side."""
    bots: dict[str, str] = {}
    last: str | None = None
    for item in text.split(","):
        side, equals, bot = (part.strip() for part in item.partition("="))
        if last is not None and ":" in bots[last] and side not in sides and equals:
            bots[last] += f",{item.strip()}"
            continue
        if not equals or not side or not bot:
            raise InputError(
                "--bots", f"{item.strip()!r} is not SIDE=BOT (such as german=greedy,us=random)"
            )
        if side in bots:
            raise InputError("--bots", f"{side!r} is given twice")
        bots[side] = bot
        last = side
    return bots


@click.command("balance")
@click.argument("scenario")
@click.option("--games", type=int, default=100, show_default=True, help="How many games.")
@click.option(
    "--bots",
    "bots_text",
    help="Who plays each side, such as german=greedy,us=random "
    "(default: random for every side not named).",
)
@click.option(
    "--seed",
    default=DEFAULT_SEED,
    show_default=True,
    help="The run's seed: the same seed gives the same games, whatever the workers.",
)
@click.option(
    "--workers",
    type=int,
    help="Local processes to play in (default: one a core; 1: in this process).",
)
@click.option(
    "--ray",
    "ray_address",
    metavar="ADDRESS",
    help="Play on the Ray cluster at ADDRESS (`local`: start one here); needs the `cluster` extra.",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Draw the outcome distributions to FILE (.png or .svg); needs the `plot` extra.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
def balance_cmd(
    scenario: str,
    games: int,
    bots_text: str | None,
    seed: str,
    workers: int | None,
    ray_address: str | None,
    plot: Path | None,
    as_json: bool,
) -> None:
    """Play SCENARIO many times with bots and report each side's win, draw and loss rates (95%
    Wilson intervals), the score and length distributions and the most decisive objectives.

    \b
    kriegsspiel balance demo --games 200
    kriegsspiel balance demo --games 1000 --bots german=greedy,us=greedy --plot demo.png
    """
    if games < 1:
        raise InputError("--games", f"must be 1 or more (got {games})")
    if workers is not None and workers < 1:
        raise InputError("--workers", f"must be 1 or more (got {workers})")
    if workers is not None and ray_address is not None:
        raise click.UsageError("give either --workers (local processes) or --ray, not both")
    if plot is not None and plot.suffix.lower() not in PLOTS:
        raise InputError("--plot", f"{plot} must end in .png or .svg")
    if plot is not None and not plot.resolve().parent.is_dir():
        raise InputError("--plot", f"{plot}: no folder {plot.resolve().parent} to write it in")
    if plot is not None:
        from kriegsspiel.balance.plot import check_plotting

        check_plotting()
    loaded = load_scenario(scenario)
    bots = parse_bots(bots_text, loaded.side_ids) if bots_text else {}
    try:
        seat_bots(loaded, bots)
    except InputError as exc:
        raise InputError("--bots", exc.problem) from None
    with progress_bar(games, shown=not as_json and sys.stderr.isatty()) as told:
        report = balance(loaded, bots, games, seed, workers=workers, ray=ray_address, progress=told)
    if plot is not None:
        from kriegsspiel.balance.plot import write_plot

        write_plot(report, plot)
    if as_json:
        click.echo(msgspec.json.format(msgspec.json.encode(report), indent=2).decode())
        return
    echo_report(report)


@contextmanager
def progress_bar(games: int, *, shown: bool) -> Iterator[Progress]:
    """A progress bar on stderr told of the games done, or nothing when not `shown`."""
    if not shown:
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "games",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("games", total=games)
        yield lambda done: bar.advance(task, done)


def rate_text(rate: Rate) -> str:
    return f"{rate.rate:.1%} ({rate.low:.1%}–{rate.high:.1%})"


def summary_text(summary: Summary | None) -> str:
    if summary is None:
        return "none"
    return (
        f"min {summary.min}, median {summary.median:g}, mean {summary.mean:.1f}, max {summary.max}"
    )


def echo_report(report: Report) -> None:
    from rich.text import Text

    from kriegsspiel.render.text import Column, console, key, table

    out = console()
    bots = ", ".join(f"{side}={bot}" for side, bot in report.bots.items())
    out.print(
        Text(
            f"{report.scenario} ({report.ruleset}): {report.games} games, seed {report.seed}, "
            f"bots {bots}",
            style="bold",
        )
    )
    rows = [msgspec.structs.asdict(side) for side in report.sides]
    columns: tuple[Column, ...] = (
        ("side", key("side")),
        ("bot", key("bot")),
        ("wins", lambda row: row["win"].count),
        ("draws", lambda row: row["draw"].count),
        ("losses", lambda row: row["loss"].count),
        ("win rate (95%)", lambda row: rate_text(row["win"])),
        ("draw rate (95%)", lambda row: rate_text(row["draw"])),
        ("loss rate (95%)", lambda row: rate_text(row["loss"])),
    )
    out.print(table("outcomes", rows, columns))
    lines = [f"score of {side}: {summary_text(s)}" for side, s in report.scores.items()]
    lines.append(f"length in actions: {summary_text(report.actions)}")
    lines.append(f"length in turns: {summary_text(report.turns)}")
    lines.append("endings: " + ", ".join(f"{n} {e}" for e, n in report.endings.items()))
    for line in lines:
        out.print(Text(line))
    if not report.objectives:
        out.print(Text("most decisive objectives: none (no game gave reasons for its result)"))
        return
    objectives = [
        {"reason": o.reason, "games": o.games, **{f"won by {s}": n for s, n in o.wins.items()}}
        for o in report.objectives
    ]
    out.print(
        table(
            "most decisive objectives",
            objectives,
            tuple((name, key(name)) for name in objectives[0]),
        )
    )
