"""Text rendering of what a seat may see: views, logs and odds as tables and lines (`Grid`,
`Line`: rich's on a terminal, the same characters without rich elsewhere; render/boxes.py).

Pure presentation over the plain dicts of `Game.view`, `Game.log_view` and `odds_report`. A view's
lists of records are shown as its ruleset says (`Ruleset.view_lists`, `Ruleset.action_word`),
and its clock in the ruleset's words (`Ruleset.clock`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.render.boxes import Grid, Line, PlainConsole, Printer, plain_output

if TYPE_CHECKING:  # the rulesets load when a view is shown, not for odds or plans
    from rich.console import Console

    from kriegsspiel.core.ruleset import ViewList
    from kriegsspiel.rulesets import AnyRuleset

Row = Mapping[str, Any]
Column = tuple[str, Callable[[Row], Any]]


def console() -> Printer:
    """Rich output on stdout, at a fixed width when piped so that tables are not squeezed; on a
    plain output, the same characters without loading rich where it can (render/boxes.py)."""
    return PlainConsole() if plain_output() else rich_console()


def rich_console() -> Console:
    """Rich's own console on stdout, as `console()` makes it for a terminal."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 120)


def fmt(value: Any) -> str:
    """One table cell: no needless decimals, points as x,y, lists comma-separated."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        numbers = all(isinstance(v, int | float) for v in value)
        return ("," if numbers else ", ").join(fmt(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k}={fmt(v)}" for k, v in value.items())
    return str(value)


def key(name: str) -> Callable[[Row], Any]:
    return lambda row: row.get(name)


def table(
    title: str,
    rows: Sequence[Row],
    columns: Sequence[Column],
    row_style: Callable[[Row], str] | None = None,
) -> Grid:
    """A table of `rows`, leaving out columns empty in every row (what this seat may not see)."""
    cells = [[fmt(get(row)) for _, get in columns] for row in rows]
    keep = [i for i in range(len(columns)) if any(line[i] for line in cells)]
    words = any(" " in line[0] for line in cells if line)  # sentences wrap
    return Grid(  # a first column of ids in one piece; nothing cut off with an ellipsis (fold)
        title,
        tuple(columns[i][0] for i in keep),
        tuple(tuple(line[i] for i in keep) for line in cells),
        tuple(i == 0 and not words for i in keep),
        tuple(row_style(row) if row_style else None for row in rows),
    )


def action_text(action: Row) -> str:
    """An action as `kriegsspiel act` takes it: the tag, then KEY=VALUE for each field given, a
    list's items joined by commas (an empty field, such as no `units`, is its default: left out
    rather than shown as `units=`)."""
    values = (f"{k}={_arg(v)}" for k, v in action.items() if k != "action" and _arg(v) != "")
    return " ".join([str(action.get("action", "?")), *values])


def _arg(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(fmt(v) for v in value)
    return fmt(value)


# -- views ----------------------------------------------------------------------------------------


def clock_text(view: Row) -> str:
    """Where the game stands, in its ruleset's words (`Ruleset.clock`)."""
    from kriegsspiel.core.views import clock_text as generic_clock  # views only: not for odds

    ruleset = view_ruleset(view)
    return ruleset.clock(view) if ruleset is not None else generic_clock(view)


def pending_text(pending: Row, action_word: str = "action", sides: Sequence[Row] = ()) -> str:
    """The action other seats may answer, in the view's words (`what`) or its ruleset's
    (`Ruleset.action_word`); the side to answer by its name (from the view's `sides`)."""
    from kriegsspiel.core.scenario import possessive  # views only: not for odds

    work = f" ({pending['kind']} {pending['target']})" if "kind" in pending else ""
    what = pending.get("what", action_word)
    awaiting = next((s["name"] for s in sides if s["id"] == pending["awaiting"]), None)
    answer = possessive(awaiting or pending["awaiting"])
    text = f"{pending['unit']}'s {what}{work} awaits {answer} answer"
    if pending.get("fired"):
        text += f"; fired at by {fmt(pending['fired'])}"
    if pending.get("cancelled"):
        text += "; cancelled"
    if "sealed_roll" in pending:
        text += f"; sealed roll: {pending['sealed_roll']}"
    return text


NOT_DRAWN = frozenset({"sides", "terrain", "options", "pending", "to_act"})
GENERIC_COLUMNS = 9  # the first fields of a record that fit a table row


def generic_columns(rows: Sequence[Row]) -> tuple[Column, ...]:
    """Columns for records of any shape: their short fields, in order of first appearance."""
    names: dict[str, None] = {}
    for row in rows:
        for name, value in row.items():
            if len(fmt(value)) <= 40:
                names.setdefault(name)
    return tuple((name, key(name)) for name in list(names)[:GENERIC_COLUMNS])


def list_columns(shown: ViewList, rows: Sequence[Row]) -> tuple[Column, ...]:
    """The columns a ruleset gives one of its lists (a field's name or a function of a record),
    or the records' own short fields."""
    if not shown.columns:
        return generic_columns(rows)
    return tuple((head, key(get) if isinstance(get, str) else get) for head, get in shown.columns)


def view_ruleset(view: Row) -> AnyRuleset | None:
    """The ruleset of a view; None for one this installation does not know (a served game's)."""
    from kriegsspiel.rulesets import RULESETS

    return RULESETS.get(str(view.get("ruleset")))


def render_view(out: Printer, view: Row, to_act: Sequence[str] | None = None) -> None:
    """A seat's view: the clock, then every list of records it holds (units, tasks, what the
    seat knows of minefields, craft, blinds, …) as its ruleset shows them, then any pending
    action."""
    from kriegsspiel.core.ruleset import ViewList

    ruleset = view_ruleset(view)
    lists = ruleset.view_lists if ruleset is not None else {}
    out.print(Line(f"{view.get('title', '')}, as seen by {view.get('seat')}", style="bold"))
    out.print(Line(clock_text(view)))
    for name, value in view.items():
        if name in NOT_DRAWN or not isinstance(value, list) or not value:
            continue
        if not all(isinstance(row, Mapping) for row in value):
            continue
        shown = lists.get(name) or ViewList(name)
        out.print(table(shown.title, value, list_columns(shown, value)))
    if view.get("pending"):
        word = ruleset.action_word if ruleset is not None else "action"
        out.print(Line(f"pending: {pending_text(view['pending'], word, view.get('sides', ()))}"))
    if to_act is not None:
        out.print(Line(to_act_text(to_act)))


def to_act_text(to_act: Sequence[str]) -> str:
    return f"may act now: {', '.join(to_act) or 'nobody'} (and the {UMPIRE})"


# -- the log --------------------------------------------------------------------------------------


def _events(row: Row) -> str:
    lines = [str(event["text"]) for event in row.get("events", [])]
    if row.get("undoes"):
        lines.append("undoes " + ", ".join(f"#{n}" for n in row["undoes"]))
    return "\n".join(lines)


LOG_COLUMNS: tuple[Column, ...] = (
    ("#", key("n")),
    ("seat", key("seat")),
    ("action", lambda row: action_text(row["action"]) if row.get("action") else None),
    ("events", _events),
    ("", lambda row: "undone" if row.get("undone") else None),
)


def render_log(out: Printer, entries: Sequence[Row], title: str) -> None:
    def style(row: Row) -> str:
        return "strike dim" if row.get("undone") else ""

    out.print(table(title, entries, LOG_COLUMNS, style))


def render_odds(out: Printer, report: Row) -> None:
    dice = ", ".join(report["dice"])
    out.print(Line(f"{report['check']} ({dice}): {report['summary']}", style="bold"))
    if report["params"]:
        out.print(Line(f"with {fmt(report['params'])}"))
    outcomes = table(
        "odds",
        report["outcomes"],
        (
            ("outcome", key("outcome")),
            ("probability", key("probability")),
            ("percent", lambda row: f"{row['percent']:.1f}%"),
        ),
    )
    out.print(outcomes)
    if report["modifiers"]:
        modifier_columns: tuple[Column, ...] = (
            ("modifier", key("label")),
            ("value", lambda row: f"{row['value']:+d}"),
            ("rule", key("rule")),
        )
        out.print(table("modifiers", report["modifiers"], modifier_columns))
    out.print(Line(f"rules: {', '.join(report['rules'])}"))


def _param_text(param: Row) -> str:
    allowed = param["allowed"]
    if isinstance(allowed, dict):
        low, high = allowed.get("min"), allowed.get("max")
        allowed = f"{'' if low is None else low}..{'' if high is None else high}"
    return f"{param['name']} {fmt(allowed)} (default {fmt(param['default'])})"


CHECK_COLUMNS: tuple[Column, ...] = (
    ("check", key("name")),
    ("summary", key("summary")),
    ("parameters", lambda row: "\n".join(_param_text(p) for p in row["params"])),
    ("outcomes", key("outcomes")),
    ("rules", key("rules")),
)


def percent_text(probability: str) -> str:
    """An exact "n/d" as a percentage to two places, never rounded to 0% or 100% when it is
    neither: plans' fractions run to ten digits and more (`--json` keeps them exact)."""
    p = Fraction(probability)
    if 0 < p < Fraction(1, 10_000):
        return "<0.01%"
    if Fraction(9_999, 10_000) < p < 1:
        return ">99.99%"
    return f"{float(p * 100):.2f}%"


PLAN_COLUMNS: tuple[Column, ...] = (
    ("attempts", key("attempts")),
    ("chance", lambda row: percent_text(row["probability"])),
    ("done by then", lambda row: percent_text(row["cumulative"])),
)


def render_plan(out: Printer, report: Row) -> None:
    """A plan: how many turns (or initiatives) the work takes, exactly, with a summary."""
    out.print(Line(f"{report['plan']}: {report['summary']}", style="bold"))
    out.print(Line(f"with {fmt(report['params'])}; rules: {', '.join(report['rules'])}"))
    each = percent_text(report["per_attempt"]["probability"])
    out.print(Line(f"each attempt succeeds with {each}"))
    out.print(table(f"how many {report['unit']}", report["rows"], PLAN_COLUMNS))
    tail = report.get("tail")
    if tail:
        out.print(Line(f"more than {tail['more_than']}: {percent_text(tail['probability'])}"))
    stats = report["summary_stats"]
    out.print(
        Line(
            f"mean {stats['mean_float']:g}, median {stats['median']}, 90% done by {stats['p90']} "
            "(exact fractions with --json)"
        )
    )


def render_task_plan(out: Printer, report: Row) -> None:
    """A plan from a live game: when the task is finished, tick by tick, and what it assumes."""
    out.print(Line(report["summary"], style="bold"))
    out.print(Line(f"{report['progress']} of {report['required']} done; rules: "
                   f"{', '.join(report['rules'])}"))  # fmt: skip
    if report["per_tick"]:
        out.print(Line(f"each {report['clock']}: {report['per_tick']}"))
    clock = report["clock"]
    columns: list[Column] = [(f"finished in {clock}", key("at"))]
    if report["ready_after"]:
        columns.append((f"{report['ready_word']} from {clock}", key("ready_at")))
    columns += [
        ("chance", lambda row: percent_text(row["probability"])),
        ("finished by then", lambda row: percent_text(row["cumulative"])),
    ]
    rows = report["rows"]
    shown = next((i + 1 for i, r in enumerate(rows) if 100 * Fraction(r["cumulative"]) >= 99), None)
    if rows:
        title = f"when {report['name'] or report['task']} is finished"
        out.print(table(title, rows[:shown], tuple(columns)))
    if shown is not None and shown < len(rows):
        rest = Fraction(rows[-1]["cumulative"]) - Fraction(rows[shown - 1]["cumulative"])
        out.print(Line(f"later, by {clock} {rows[-1]['at']}: {percent_text(f'{rest}')} more "
                       "(every row with --json)"))  # fmt: skip
    for line in report["assumptions"]:
        out.print(Line(f"assumes {line}"))


# -- legal actions and the odds of a whole action -------------------------------------------------


def domain_text(domain: Row) -> str:
    """Where an open parameter may lie, in words."""
    if domain["kind"] == "point":
        origin = fmt(domain["origin"])
        low = f'at least {domain["low"]:g}" and ' if domain["low"] else ""
        return f'{domain["param"]}: {low}up to {domain["high"]:g}" from {origin}'
    if domain["kind"] == "choice":
        names = domain["labels"] or [str(o) for o in domain["options"]]
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        return f"{domain['param']}: one of {shown}"
    if domain["kind"] == "angle":
        arcs = ", ".join(f"{a:g}–{b:g}°" for a, b in domain["arcs"]) or "any bearing"
        return f"{domain['param']}: {arcs}"
    return f"{domain['param']}: {domain['low']:g} to {domain['high']:g}"


ACTION_COLUMNS: tuple[Column, ...] = (
    ("action", lambda row: row["label"]),
    ("type", lambda row: action_text(row["action"])),
    ("open", lambda row: "\n".join(domain_text(d) for d in row["domains"])),
)


def render_actions(out: Printer, choices: Sequence[Row], seat: str) -> None:
    if not choices:
        out.print(Line(f"{seat} has no action now"))
        return
    out.print(table(f"what {seat} may do now", choices, ACTION_COLUMNS))


def render_action_odds(out: Printer, report: Row, action: str) -> None:
    rolls = ", ".join(report["rolls"]) or "no dice"
    out.print(Line(f"{action}: rolls {rolls}", style="bold"))
    if report["exact"]:
        columns: tuple[Column, ...] = (
            ("probability", key("probability")),
            ("percent", lambda row: f"{row['percent']:.1f}%"),
            ("what happens", key("summary")),
        )
        out.print(table("odds", report["outcomes"], columns))
        return
    first = report.get("first_roll")
    if first is not None:
        rows = [{"outcome": o["outcome"], "probability": o["probability"]} for o in first["odds"]]
        first_columns = (("outcome", key("outcome")), ("probability", key("probability")))
        out.print(table(f"first roll, exact: {first['check']}", rows, first_columns))
    estimated: tuple[Column, ...] = (
        ("estimate", lambda row: f"{row['estimate'] * 100:.1f}%"),
        ("95% interval", lambda row: f"{row['low'] * 100:.1f}–{row['high'] * 100:.1f}%"),
        ("what happens", key("summary")),
    )
    title = f"estimated from {report['samples']} seeded playouts (too many paths to walk)"
    out.print(table(title, report["outcomes"], estimated))
