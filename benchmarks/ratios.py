"""Figures against their peers, measured side by side in one run (`make bench`).

Each figure is kriegsspiel's time for a job beside a peer doing the same job (a bare Python
start, icepool's distribution of the same check, a plain `Fraction` dynamic programme over the
same plan) or beside its goal; every distribution is checked equal to the peer's exactly. The
commands and long games are timed in process time (user and system), the least of interleaved
repeats, and memory by the high-water mark of a resident set; the odds and plans as medians of
interleaved repeats. `python benchmarks/ratios.py [--readme README.md]` prints the table and, with
`--readme`, writes it between the README's `ratios` markers.
"""

from __future__ import annotations

import argparse
import compileall
import functools
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool

from kriegsspiel import Game, all_checks, find_check
from kriegsspiel.core.checks import Check
from kriegsspiel.core.dist import Dist
from kriegsspiel.core.plans import AttemptsPlan
from kriegsspiel.registry import all_plans
from kriegsspiel.store import files
from playouts import long_game

HERE = Path(__file__).parent
BIN = Path(sys.executable).parent
MARKERS = ("<!-- ratios:start -->", "<!-- ratios:end -->")


@dataclass(frozen=True)
class Figure:
    name: str
    ours: float  # seconds
    peer: float  # seconds
    peer_name: str
    goal: str  # "<= 8x", ...
    limit: float  # the ratio the goal allows
    unit: str = "s"  # or "MB"

    @property
    def ratio(self) -> float:
        return self.ours / self.peer

    def row(self) -> str:
        met = "yes" if self.ratio <= self.limit else "**no**"
        ours, peer = (
            _time(v) if self.unit == "s" else f"{v:.0f} MB" for v in (self.ours, self.peer)
        )
        return (
            f"| {self.name} | {ours} | {self.peer_name} {peer} "
            f"| {self.ratio:.2f}× | {self.goal} | {met} |"
        )


def _time(seconds: float) -> str:
    if seconds >= 0.1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} µs"


def median_time(job: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# -- start-up ---------------------------------------------------------------------------------


def _run(argv: Sequence[str], before: Callable[[], object] | None = None) -> Callable[[], float]:
    def timed() -> float:
        if before is not None:
            before()
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        return time.perf_counter() - start

    return timed


def _act_on(game: Game[Any, Any, Any, Any], path: Path) -> list[str]:
    """`game` written to `path`, and the arguments of `kriegsspiel act` taking the first legal
    action of no parameters of the seat to act."""
    seat = game.seats_to_act()[0]
    plain = next(c.action["action"] for c in game.legal_actions(seat) if len(c.action) == 1)
    files.save(game, path)
    return ["act", str(path), "--seat", seat, plain]


def _prefix(game: Game[Any, Any, Any, Any], entries: int) -> Game[Any, Any, Any, Any]:
    """The game as it stood after its first `entries` log entries."""
    return Game(game.ruleset, game.scenario, game.seed, game.log[:entries])


def _children_time() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _run_cpu(argv: Sequence[str], before: Callable[[], object]) -> Callable[[], float]:
    """A command's process time (user and system), after `before()`."""

    def timed() -> float:
        before()
        start = _children_time()
        subprocess.run(argv, check=True, capture_output=True)
        return _children_time() - start

    return timed


def startup(repeats: int) -> list[Figure]:
    """The commands beside a bare Python start; acting on a game of 1k and of 100k entries (a
    recorded random demo game and its first thousand entries): process time, the least of the
    interleaved repeats. The package's bytecode is compiled first, as an installed package has it
    (pip compiles on install; a checkout run with PYTHONDONTWRITEBYTECODE has none, and would
    time Python compiling the sources at every start)."""
    import kriegsspiel

    compileall.compile_dir(Path(kriegsspiel.__file__).parent, quiet=1)
    ks = str(BIN / "kriegsspiel")
    long = long_game(100_000)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        acts = {}
        for key, game in (("act", _prefix(long, 1000)), ("act-100k", long)):
            kept = folder / f"{key}.json"
            args = _act_on(game, kept)
            copy = folder / "acted.json"
            args[1] = str(copy)
            acts[key] = _run_cpu([ks, *args], functools.partial(shutil.copyfile, kept, copy))
        nothing = functools.partial(int)
        jobs = {
            "bare": _run_cpu([sys.executable, "-c", "pass"], nothing),
            "help": _run_cpu([ks, "--help"], nothing),
            "odds": _run_cpu([ks, "odds", "engineering.demolition"], nothing),
            **acts,
        }
        times: dict[str, list[float]] = {k: [] for k in jobs}
        for _ in range(repeats):  # interleaved, so that load falls on every job alike
            for key, job in jobs.items():
                times[key].append(job())
    least = {k: min(v) for k, v in times.items()}
    peer = "`python -c pass`"
    return [
        Figure("`kriegsspiel --help`", least["help"], least["bare"], peer, "≤ 8×", 8),
        Figure(
            "`kriegsspiel odds engineering.demolition`",
            least["odds"],
            least["bare"],
            peer,
            "≤ 8×",
            8,
        ),
        Figure(
            "`kriegsspiel act` on a 1k-entry game", least["act"], least["bare"], peer, "≤ 12×", 12
        ),
        Figure(
            "`kriegsspiel act` on a 100k-entry game (appended)",
            least["act-100k"],
            least["act"],
            "the same on 1k entries",
            "≤ 1.25×",
            1.25,
        ),
    ]


# -- long games -------------------------------------------------------------------------------

PEAK = """
import sys
from kriegsspiel import edit_game
with edit_game(sys.argv[1]) as edit:
    game = edit.game
    seat = game.seats_to_act()[0]
    before = game.log_length(seat)
    game.act(seat, {"action": sys.argv[2]})
    edit.save()
game.log_view(seat, before)
with open("/proc/self/status") as status:  # this program's peak (ru_maxrss counts the parent's)
    print(next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024)
"""


def long_games(repeats: int) -> list[Figure]:
    """Loading recorded 100k-entry demo games (6 and 500 units) in this process, and the peak
    memory of a program loading the 500-unit one and acting on it as `act` does (its resident
    set's high-water mark, Linux's VmHWM)."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for units in (6, 500):
            game = long_game(100_000, units)
            path = Path(tmp) / f"long-{units}.json"
            args = _act_on(game, path)
            data = path.read_bytes()
            times = []
            for _ in range(repeats):
                start = time.process_time()
                files.loads(data, str(path), files.file_seal(path))  # signed, as on disk
                times.append(time.process_time() - start)
            mb = len(data) / 2**20
            out.append(
                Figure(
                    f"loading a {len(game.log):,}-entry mixed game, {units} units ({mb:.0f} MB)",
                    min(times),
                    0.3,
                    "goal",
                    "≤ 0.3 s",
                    1,
                )
            )
            if units == 500:
                copy = Path(tmp) / "acted.json"
                peaks = []
                for _ in range(max(1, repeats // 3)):
                    shutil.copyfile(path, copy)
                    run = [sys.executable, "-c", PEAK, str(copy), args[-1]]
                    peaks.append(
                        float(
                            subprocess.run(run, check=True, capture_output=True, text=True).stdout
                        )
                    )
                out.append(
                    Figure(
                        f"peak memory: `act` on a 500-unit, {len(game.log):,}-entry game",
                        min(peaks),
                        100,
                        "goal",
                        "≤ 100 MB",
                        1,
                        "MB",
                    )
                )
    return out


# -- odds of a registered check ---------------------------------------------------------------


def icepool_odds(check: Check) -> dict[str, Fraction]:
    """The same check's distribution by icepool: each pool's per-die statistic summed over its
    dice, the pools' statistics mapped through the check's own outcome rule."""
    dice = []
    for pool in check.pools:
        if len(pool.tallies) == 1:  # a plain sum, or a count of dice
            one = icepool.d(pool.sides).map(lambda f, p=pool: p.per_die(f)[0])
            dice.append((pool.count @ one).map(lambda s: (s,)))
        else:
            one = icepool.d(pool.sides).map(lambda f, p=pool: icepool.Vector(p.per_die(f)))
            dice.append((pool.count @ one).map(tuple))
    mod, rule = check.modifier_total, check.outcome_rule
    die = icepool.map(lambda *stats: rule(tuple(stats), mod), *dice)
    total = die.denominator()
    return {outcome: Fraction(count, total) for outcome, count in die.items()}


def query(name: str) -> Dist[str]:
    """The public API's answer: a registered check's exact distribution."""
    return find_check(name).check().odds()


def _cold(name: str, ours: bool) -> float:
    """The first query of `name` in a fresh process, with its imports (the check's ruleset
    and icepool) done before the clock starts; icepool is handed the check ready built."""
    job = "check_def.check().odds()" if ours else "icepool_odds(check)"
    code = (
        f"import sys, time; sys.path.insert(0, {str(HERE)!r})\n"
        "from ratios import find_check, icepool_odds\n"
        f"check_def = find_check({name!r}); check = None if {ours} else check_def.check()\n"
        f"start = time.perf_counter(); {job}; print(time.perf_counter() - start)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout)


def odds(repeats: int, cold_repeats: int) -> list[Figure]:
    fresh: list[float] = []
    again: list[float] = []
    peers: list[float] = []
    colds: list[float] = []
    cold_peers: list[float] = []
    for check_def in all_checks():
        name = check_def.name
        if dict(query(name).items()) != icepool_odds(check_def.check()):
            raise AssertionError(f"{name}: the odds differ from icepool's")

        def new_query(check_def: Any = check_def) -> None:
            check_def._built.clear()  # a query not asked before: built and mapped anew
            check_def.check().odds()

        fresh.append(median_time(new_query, repeats))
        again.append(median_time(functools.partial(query, name), repeats))
        peers.append(median_time(functools.partial(icepool_odds, check_def.check()), repeats))
        colds.append(statistics.median(_cold(name, True) for _ in range(cold_repeats)))
        cold_peers.append(statistics.median(_cold(name, False) for _ in range(cold_repeats)))
    count = len(peers)
    ratios = [a / b for a, b in zip(fresh, peers, strict=True)]
    cold_ratios = [a / b for a, b in zip(colds, cold_peers, strict=True)]
    mid = statistics.median(ratios)
    cold_mid = statistics.median(cold_ratios)
    peer = "icepool"
    worst = max(again)
    return [
        Figure(
            f"odds of a registered check (median of {count})",
            mid * statistics.median(peers),
            statistics.median(peers),
            peer,
            "≤ 0.5×",
            0.5,
        ),
        Figure(
            f"… cold, the first query in a process (median of {count})",
            cold_mid * statistics.median(cold_peers),
            statistics.median(cold_peers),
            peer,
            "≤ 1×",
            1,
        ),
        Figure("… the same query again (slowest check)", worst, 25e-6, "goal", "≤ 25 µs", 1),
    ]


# -- plans ------------------------------------------------------------------------------------

PLAN_CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engineering.bridge-spans", ()),
    ("engineering.bridge-spans", ("spans=6",)),
    ("engineering.bridge-spans", ("spans=12",)),
    ("engineering.bridge-preparation", ()),
    ("engineering.bridge-preparation", ("preparations=6",)),
    ("waterborne.pontoon-bridge", ()),
    ("waterborne.pontoon-bridge", ("cp=60",)),
    ("waterborne.pontoon-bridge", ("cp=200",)),
    ("waterborne.pontoon-ferry", ()),
)


def fraction_dp(plan: AttemptsPlan) -> list[Fraction]:
    """The peer: P(done at exactly attempt t) by a plain `Fraction` dynamic programme over the
    successes so far, for as many attempts as the plan's table."""
    n, p = plan.successes, plan.per_attempt
    ways = [Fraction(1)] + [Fraction(0)] * n  # P(k successes so far), k < n
    out = []
    for _ in range(plan.rows[-1].attempts):
        step = [Fraction(0)] * (n + 1)
        for k in range(n):
            step[k] += ways[k] * (1 - p)
            step[k + 1] += ways[k] * p
        out.append(step[n])
        ways = [*step[:n], Fraction(0)]
    return out


def plans(repeats: int) -> list[Figure]:
    """Each named plan from its `KEY=VALUE` arguments (parsed, the attempt's chance looked up,
    the table built as exact integer counts) against the DP handed the same successes and
    chance; every row of ours, read as a `Fraction`, must equal the DP's."""
    known = all_plans()
    ours, peers = [], []
    for name, args in PLAN_CASES:
        plan_def = known[name]
        _, plan = plan_def.plan(args)
        exact = fraction_dp(plan)[plan.successes - 1 :]
        if exact != [row.probability for row in plan.rows]:
            raise AssertionError(f"{name} {args}: the plan differs from the Fraction DP")
        ours.append(median_time(functools.partial(plan_def.plan, args), repeats))
        peers.append(median_time(functools.partial(fraction_dp, plan), max(3, repeats // 10)))
    ratios = [a / b for a, b in zip(ours, peers, strict=True)]
    ratio = statistics.median(ratios)
    peer = statistics.median(peers)
    return [
        Figure(
            f"plans (median of {len(PLAN_CASES)} cases; slowest case {max(ratios):.3f}×)",
            ratio * peer,
            peer,
            "`Fraction` DP",
            "≤ 0.1×",
            0.1,
        )
    ]


def table(figures: Sequence[Figure]) -> str:
    head = "| figure | kriegsspiel | peer | ratio | goal | met |\n|---|---|---|---|---|---|"
    return "\n".join([head, *(f.row() for f in figures)])


def write_readme(readme: Path, text: str, markers: tuple[str, str] = MARKERS) -> None:
    """Put `text` between the README's `markers` in place of what was there."""
    start, end = markers
    old = readme.read_text()
    new, count = re.subn(
        re.escape(start) + ".*?" + re.escape(end), f"{start}\n{text}\n{end}", old, flags=re.S
    )
    if count != 1:
        raise SystemExit(f"{readme}: no {start} … {end} markers")
    readme.write_text(new)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", type=Path)
    parser.add_argument("--repeats", type=int, default=int(os.environ.get("REPEATS", "15")))
    args = parser.parse_args()
    figures = [*startup(args.repeats), *long_games(5), *odds(200, 3), *plans(50)]
    text = table(figures)
    print(text)
    if args.readme is not None:
        write_readme(args.readme, text)


if __name__ == "__main__":
    main()
