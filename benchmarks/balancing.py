"""Balancing figures (`make bench`): the wall time of `kriegsspiel balance demo --games 1000` in
one process, in two and on a local Ray instance, and bots against bots on every bundled scenario.

Each matchup plays a stronger bot against a weaker one on each side of each bundled scenario
(`--games` games, at least 200), among the pairs of MATCHUPS whose bots `BOTS` holds; with
neither pair there (only `random`), random against random checks the benchmark itself. The
rates come with their 95% Wilson intervals. `python benchmarks/balancing.py [--readme README.md]`
prints both tables and, with `--readme`, writes them between the README's `balancing` markers.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.balance import balance
from kriegsspiel.balance.report import Rate
from kriegsspiel.bots import BOTS
from kriegsspiel.scenario.load import bundled_names, load_scenario
from ratios import write_readme

MARKERS = ("<!-- balancing:start -->", "<!-- balancing:end -->")
MATCHUPS = (("greedy", "random", 0.70), ("search", "greedy", 0.55))  # stronger, weaker, goal
TIMED_GAMES = 1000
COMMAND = "from kriegsspiel.cli import main; main()"


def timed(*args: str) -> tuple[float, float]:
    """The wall time of `kriegsspiel balance demo --games 1000 ARGS` run as a command, and the
    processor time of it and its worker processes (what Ray's own processes spend is not seen)."""
    argv = [sys.executable, "-c", COMMAND, "balance", "demo", "--games", str(TIMED_GAMES), *args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*argv, "--json"], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def timings() -> str:
    rows = [
        ("1 worker (in the process)", *timed("--workers", "1")),
        ("2 worker processes", *timed("--workers", "2")),
        ("local Ray instance (its start included)", *timed("--ray", "local")),
    ]
    load = os.getloadavg()[0]
    head = (
        f"| `kriegsspiel balance demo --games {TIMED_GAMES}` | wall time | processor time "
        f"(load {load:.1f} on {os.cpu_count()} cores) |\n|---|---|---|"
    )
    lines = [f"| {name} | {wall:.1f} s | {cpu:.1f} s |" for name, wall, cpu in rows]
    return "\n".join([head, *lines])


@dataclass(frozen=True)
class Matchup:
    scenario: str
    side: str
    stronger: str
    weaker: str
    goal: float | None
    win: Rate
    draw: Rate
    loss: Rate

    def row(self) -> str:
        met = "" if self.goal is None else ("yes" if self.win.rate >= self.goal else "**no**")
        goal = "" if self.goal is None else f"≥ {self.goal:.0%}"
        return (
            f"| {self.scenario} | {self.side} | {self.stronger} vs {self.weaker} "
            f"| {_rate(self.win)} | {_rate(self.draw)} | {_rate(self.loss)} | {goal} | {met} |"
        )


def _rate(rate: Rate) -> str:
    return f"{rate.rate:.1%} ({rate.low:.1%}–{rate.high:.1%})"


def pairs(only: Sequence[str] = ()) -> list[tuple[str, str, float | None]]:
    """The matchups of MATCHUPS whose bots are registered (`only`: those named
    `STRONGER/WEAKER`); random against random if none."""
    held = [
        (a, b, goal)
        for a, b, goal in MATCHUPS
        if a in BOTS and b in BOTS and (not only or f"{a}/{b}" in only)
    ]
    return list(held) or [("random", "random", None)]


def matchups(
    games: int,
    workers: int | None,
    seed: str,
    only: Sequence[str] = (),
    scenarios: Sequence[str] = (),
) -> list[Matchup]:
    out = []
    for name in scenarios or bundled_names():
        scenario = load_scenario(name)
        for stronger, weaker, goal in pairs(only):
            for side in scenario.side_ids:
                bots = {s: stronger if s == side else weaker for s in scenario.side_ids}
                report = balance(scenario, bots, games, seed, workers=workers)
                rates = next(r for r in report.sides if r.side == side)
                out.append(
                    Matchup(name, side, stronger, weaker, goal, rates.win, rates.draw, rates.loss)
                )
                print(out[-1].row(), file=sys.stderr, flush=True)
    return out


def matchup_table(rows: Sequence[Matchup], games: int) -> str:
    head = (
        f"| scenario | side | bots ({games} games) | win (95%) | draw | loss | goal | met |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    return "\n".join([head, *(row.row() for row in rows)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", type=Path)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--matchups", nargs="*", default=(), help="STRONGER/WEAKER (all)")
    parser.add_argument("--scenarios", nargs="*", default=(), help="bundled names (all)")
    args = parser.parse_args()
    times = timings()
    print(times, file=sys.stderr, flush=True)
    rows = matchups(args.games, args.workers, args.seed, args.matchups, args.scenarios)
    text = "\n\n".join([times, matchup_table(rows, args.games)])
    print(text)
    if args.readme is not None:
        write_readme(args.readme, text, MARKERS)


if __name__ == "__main__":
    main()
