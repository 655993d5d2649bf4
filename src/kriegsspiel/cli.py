"""The `kriegsspiel` command line: a thin ring over the library.

Every command builds or loads a game through the public API and prints what a seat may see of it,
as tables or, with `--json`, as JSON. No rule is decided here. Every failure is one `error: ...`
line on stderr and exit status 2, and a game file is written (atomically) only after its action
has succeeded.
"""

from __future__ import annotations

import io
import json
import re
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

import click
import msgspec
from rich.console import Console
from rich.table import Table
from rich.text import Text

from kriegsspiel import (
    UMPIRE,
    CheckDef,
    DiceError,
    EnteredDice,
    InputError,
    KriegsspielError,
    __version__,
    all_checks,
    find_check,
    json_schema,
    load_game,
    load_scenario,
    new_game,
    save_game,
)
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names

EXIT_ERROR = 2
Row = Mapping[str, Any]
Column = tuple[str, Callable[[Row], Any]]
_KEY_VALUE = re.compile(r"([A-Za-z_][\w-]*)=(.*)", re.DOTALL)
_ARRAY_TYPES = (msgspec.inspect.TupleType, msgspec.inspect.VarTupleType, msgspec.inspect.ListType)


# -- errors: one line, exit status 2 --------------------------------------------------------------


def fail(message: str) -> NoReturn:
    click.echo(f"error: {' '.join(message.split())}", err=True)
    sys.exit(EXIT_ERROR)


class KriegsspielGroup(click.Group):
    """A command group that turns every expected failure into one `error:` line."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except (click.ClickException, click.Abort, KriegsspielError, OSError) as exc:
            if not standalone_mode:
                raise
            _exit_with(exc)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)


def _exit_with(exc: Exception) -> NoReturn:
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):
        exc.show()  # `kriegsspiel` alone prints the help
        sys.exit(exc.exit_code)
    if isinstance(exc, click.ClickException):
        fail(_click_message(exc))
    fail("aborted" if isinstance(exc, click.Abort) else str(exc))


def _click_message(exc: click.ClickException) -> str:
    message = exc.format_message()
    if isinstance(exc, click.UsageError) and exc.ctx is not None:
        message += f" (see '{exc.ctx.command_path} --help')"
    return message


# -- output helpers -------------------------------------------------------------------------------


def console() -> Console:
    """Rich output on stdout, at a fixed width when piped so that tables are not squeezed."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else 120)


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


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
) -> Table:
    """A table of `rows`, leaving out columns empty in every row (what this seat may not see)."""
    cells = [[fmt(get(row)) for _, get in columns] for row in rows]
    keep = [i for i in range(len(columns)) if any(line[i] for line in cells)]
    out = Table(title=title, title_justify="left", title_style="bold")
    for i in keep:  # ids in one piece; nothing cut off with an ellipsis
        out.add_column(columns[i][0], no_wrap=i == 0, overflow="fold")
    for row, line in zip(rows, cells, strict=True):
        style = row_style(row) if row_style else None
        out.add_row(*(Text(line[i]) for i in keep), style=style)
    return out


def action_text(action: Row) -> str:
    """An action as `kriegsspiel act` takes it: the tag, then KEY=VALUE for each field given."""
    values = (f"{k}={fmt(v)}" for k, v in action.items() if k != "action" and v not in (None, ""))
    return " ".join([str(action.get("action", "?")), *values])


# -- views ----------------------------------------------------------------------------------------


def _progress(row: Row) -> str | None:
    return f"{row['progress']}/{row['required']}" if "progress" in row else None


def _unit_state(row: Row) -> str:
    return ", ".join(flag for flag in ("emplaced", "moving") if row.get(flag))


def demolition_state(row: Row) -> str:
    if row.get("destroyed"):
        return "destroyed"
    if "prepared" not in row:
        return ""
    return "prepared" if row["prepared"] else "not prepared"


UNIT_COLUMNS: tuple[Column, ...] = (
    ("unit", key("id")),
    ("name", key("name")),
    ("side", key("side")),
    ("kind", key("kind")),
    ("dr", key("dr")),
    ("at", key("position")),
    ("status", key("status")),
    ("state", _unit_state),
    ("actions left", key("actions_left")),
)
TASK_COLUMNS: tuple[Column, ...] = (
    ("task", key("id")),
    ("name", key("name")),
    ("side", key("side")),
    ("progress", _progress),
    ("status", key("status")),
    ("workers", key("workers")),
    ("contributors", key("contributors")),
    ("turns left", key("turns_left_with_all_workers")),
)
DEMOLITION_COLUMNS: tuple[Column, ...] = (
    ("demolition", key("id")),
    ("name", key("name")),
    ("side", key("side")),
    ("at", key("position")),
    ("state", demolition_state),
    ("progress", _progress),
    ("known to", key("known_to")),
)


def clock_text(view: Row) -> str:
    phase = str(view.get("phase", "")).replace("_", " ")
    text = (
        f"turn {view.get('turn')}: {view.get('phasing')}'s {phase} phase, {view.get('acting')} acts"
    )
    return text + " (the game is over)" if view.get("over") else text


def pending_text(pending: Row) -> str:
    work = f" ({pending['kind']} {pending['target']})" if "kind" in pending else ""
    text = f"{pending['unit']}'s engineering action{work} awaits {pending['awaiting']}'s answer"
    if pending.get("fired"):
        text += f"; fired at by {fmt(pending['fired'])}"
    if pending.get("cancelled"):
        text += "; cancelled"
    if "sealed_roll" in pending:
        text += f"; sealed roll: {pending['sealed_roll']}"
    return text


def render_view(out: Console, view: Row, to_act: Sequence[str] | None = None) -> None:
    """A seat's view: the clock, units, tasks, demolitions it knows, and any pending action."""
    out.print(Text(f"{view.get('title', '')}, as seen by {view.get('seat')}", style="bold"))
    out.print(Text(clock_text(view)))
    out.print(table("units", view.get("units", []), UNIT_COLUMNS))
    for title, name, columns in (
        ("tasks", "tasks", TASK_COLUMNS),
        ("demolitions known", "demolitions", DEMOLITION_COLUMNS),
    ):
        if view.get(name):
            out.print(table(title, view[name], columns))
    if view.get("pending"):
        out.print(Text(f"pending: {pending_text(view['pending'])}"))
    if to_act is not None:
        out.print(Text(to_act_text(to_act)))


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


def render_log(out: Console, entries: Sequence[Row], title: str) -> None:
    def style(row: Row) -> str:
        return "strike dim" if row.get("undone") else ""

    out.print(table(title, entries, LOG_COLUMNS, style))


# -- odds -----------------------------------------------------------------------------------------


def percent(p: Fraction) -> float:
    return round(float(p * 100), 1)


def param_values(check: CheckDef, args: Sequence[str]) -> dict[str, Any]:
    """The parameters a check is built with: the defaults, then the KEY=VALUE arguments."""
    values: dict[str, Any] = {p.name: p.default for p in check.params}
    params = {p.name: p for p in check.params}
    for arg in args:
        name, _, raw = arg.partition("=")
        values[name] = params[name].parse(raw)
    return values


def odds_report(check_def: CheckDef, args: Sequence[str] = ()) -> dict[str, Any]:
    """The exact odds of a named check, as `kriegsspiel odds --json` prints them."""
    check = check_def.with_args(args)  # validates the arguments first
    return {
        "check": check_def.name,
        "summary": check_def.summary,
        "dice": [pool.label for pool in check.pools],
        "params": param_values(check_def, args),
        "outcomes": [
            {"outcome": o, "probability": f"{p.numerator}/{p.denominator}", "percent": percent(p)}
            for o, p in check.odds_table()
        ],
        "modifiers": [msgspec.to_builtins(m) for m in check.modifiers],
        "rules": list(check.rules),
    }


def render_odds(out: Console, report: Row) -> None:
    dice = ", ".join(report["dice"])
    out.print(Text(f"{report['check']} ({dice}): {report['summary']}", style="bold"))
    if report["params"]:
        out.print(Text(f"with {fmt(report['params'])}"))
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
    out.print(Text(f"rules: {', '.join(report['rules'])}"))


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


# -- actions typed on the command line ------------------------------------------------------------


def action_fields(ruleset: Ruleset[Any, Any, Any, Any], tag: str) -> tuple[Any, ...]:
    """The fields of the ruleset's action tagged `tag`, in declaration order."""
    kinds = {cls.__struct_config__.tag: cls for cls in typing.get_args(ruleset.action_type)}
    if tag not in kinds:
        raise InputError("action", f"unknown action {tag!r} (actions: {', '.join(kinds)})")
    info = msgspec.inspect.type_info(kinds[tag])
    assert isinstance(info, msgspec.inspect.StructType)
    return info.fields


def _takes_array(kind: msgspec.inspect.Type) -> bool:
    if isinstance(kind, msgspec.inspect.UnionType):
        return any(_takes_array(k) for k in kind.types)
    return isinstance(kind, _ARRAY_TYPES)


def field_value(field: msgspec.inspect.Field, raw: str) -> Any:
    """A typed-in value: `x,y` numbers for array fields (points); other text as typed, which
    the game converts (and checks) when it parses the action."""
    if not _takes_array(field.type):
        return raw
    try:
        return [float(part) for part in raw.split(",")]
    except ValueError:
        raise InputError(
            field.encode_name, f"expected numbers separated by commas, such as 16,20 (got {raw!r})"
        ) from None


def action_data(
    ruleset: Ruleset[Any, Any, Any, Any], tag: str, values: Sequence[str]
) -> dict[str, Any]:
    """`{"action": tag, ...}` from VALUES filling the fields in order, and/or KEY=VALUE pairs."""
    fields = {f.encode_name: f for f in action_fields(ruleset, tag)}
    names = ", ".join(fields) or "none"
    data: dict[str, Any] = {"action": tag}
    positional: list[str] = []
    for value in values:
        match = _KEY_VALUE.fullmatch(value)
        if match is None:
            positional.append(value)
            continue
        name, raw = match.groups()
        if name not in fields:
            raise InputError(name, f"{tag} has no field {name!r} (fields: {names})")
        if name in data:
            raise InputError(name, "given twice")
        data[name] = field_value(fields[name], raw)
    free = [f for name, f in fields.items() if name not in data]
    if len(positional) > len(free):
        raise InputError("action", f"too many values for {tag} (fields: {names})")
    for field, raw in zip(free, positional, strict=False):
        data[field.encode_name] = field_value(field, raw)
    missing = [name for name, field in fields.items() if field.required and name not in data]
    if missing:
        raise InputError("action", f"{tag} needs {', '.join(missing)} (fields: {names})")
    return data


def actions_help() -> str:
    """Every ruleset's actions and their fields, for `kriegsspiel act --help`."""
    lines = []
    for ruleset in RULESETS.values():
        lines.append(f"\b\n{ruleset.name} actions (values in this order, or as KEY=VALUE):")
        for cls in typing.get_args(ruleset.action_type):
            tag = cls.__struct_config__.tag
            fields = [
                f.encode_name.upper() if f.required else f"[{f.encode_name.upper()}]"
                for f in action_fields(ruleset, tag)
            ]
            lines.append("  " + " ".join([tag, *fields]))
    return "\n".join(lines)


def entered_dice(text: str, player: str) -> EnteredDice:
    """Faces rolled at the table, typed as `3,7`."""
    try:
        faces = [int(face) for face in text.split(",")]
    except ValueError:
        raise DiceError(
            "dice", f"faces must be whole numbers separated by commas, such as 3,7 (got {text!r})"
        ) from None
    return EnteredDice(faces, player)


# -- commands -------------------------------------------------------------------------------------

GAME = click.argument("game", type=click.Path(dir_okay=False, path_type=Path))
SEAT = click.option("--seat", required=True, help="Who is looking: umpire, a side, or public.")
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")


@click.group(cls=KriegsspielGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kriegsspiel")
def cli() -> None:
    """A digital umpire and record keeper for WWII tactical miniatures wargames."""


@cli.command("new")
@click.argument("scenario")
@click.option(
    "-o", "--output", "game", required=True, type=click.Path(dir_okay=False, path_type=Path)
)
@click.option("--seed", help="The secret seed of the game's dice (default: the scenario's).")
@click.option("--force", is_flag=True, help="Replace an existing game file.")
@JSON
def new_cmd(scenario: str, game: Path, seed: str | None, force: bool, as_json: bool) -> None:
    """Start a game of SCENARIO (a YAML file or a bundled name such as `demo`)."""
    started = new_game(scenario, seed)
    if game.exists() and not force:
        raise InputError(str(game), "already exists (use --force to replace it)")
    save_game(started, game)
    info = {
        "game": str(game),
        "title": started.scenario.title,
        "ruleset": started.ruleset.name,
        "seats": list(started.seats),
    }
    if as_json:
        emit_json(info)
        return
    out = console()
    out.print(Text(f"{info['title']} ({info['ruleset']}): saved to {game}", style="bold"))
    out.print(Text(f"seats: {', '.join(started.seats)}"))


@cli.command("act", epilog=actions_help())
@GAME
@SEAT
@click.argument("action")
@click.argument("values", nargs=-1)
@click.option("--dice", help="Faces rolled at the table, comma-separated, such as 3,7.")
@click.option("--player", help="Who rolled the entered dice (default: the seat).")
@JSON
def act_cmd(
    game: Path,
    seat: str,
    action: str,
    values: tuple[str, ...],
    dice: str | None,
    player: str | None,
    as_json: bool,
) -> None:
    """Take ACTION for a seat. VALUES fill the action's fields in order, or give KEY=VALUE.

    \b
    kriegsspiel act game.json --seat german prepare pioneer-1 bridge
    kriegsspiel act game.json --seat us move sherman-1 16,20
    kriegsspiel act game.json --seat us opportunity-fire rifle-1 --dice 7
    """
    if player is not None and dice is None:
        raise click.UsageError("--player names who rolled --dice; give --dice too")
    loaded = load_game(game)
    data = action_data(loaded.ruleset, action, values)
    source = entered_dice(dice, player or seat) if dice is not None else None
    seen_before = len(loaded.log_view(seat))
    loaded.act(seat, data, source)
    save_game(loaded, game)
    seen = loaded.log_view(seat)
    entry = seen[-1] if len(seen) > seen_before else None  # what this seat sees of its action
    to_act = loaded.ruleset.seats_to_act(loaded.state)
    if as_json:
        emit_json({"entry": entry, "seats_to_act": to_act})
        return
    out = console()
    if entry is None:
        out.print(Text(f"done; nothing of it is shown to {seat}"))
    else:
        render_log(out, [entry], f"{seat}: done")
    out.print(Text(to_act_text(to_act)))


@cli.command("show")
@GAME
@SEAT
@JSON
def show_cmd(game: Path, seat: str, as_json: bool) -> None:
    """What a seat may see of the game now."""
    loaded = load_game(game)
    view = loaded.view(seat)
    to_act = loaded.ruleset.seats_to_act(loaded.state)
    if as_json:
        emit_json({**view, "seats_to_act": to_act})
        return
    render_view(console(), view, to_act)


@cli.command("log")
@GAME
@SEAT
@JSON
def log_cmd(game: Path, seat: str, as_json: bool) -> None:
    """The game's log as a seat may see it."""
    entries = load_game(game).log_view(seat)
    if as_json:
        emit_json(entries)
        return
    render_log(console(), entries, f"log, as seen by {seat}")


@cli.command("replay")
@GAME
@SEAT
@click.option("--upto", required=True, type=int, help="How many log entries to replay.")
@JSON
def replay_cmd(game: Path, seat: str, upto: int, as_json: bool) -> None:
    """What a seat knew after the first UPTO log entries."""
    view = load_game(game).replay(seat, upto)
    if as_json:
        emit_json(view)
        return
    render_view(console(), view)


@cli.command("undo")
@GAME
@click.option("--count", default=1, show_default=True, type=int, help="How many actions.")
@JSON
def undo_cmd(game: Path, count: int, as_json: bool) -> None:
    """Take back the last actions still in effect (the umpire's call)."""
    loaded = load_game(game)
    loaded.undo(UMPIRE, count)
    save_game(loaded, game)
    entry = loaded.log_view(UMPIRE)[-1]
    if as_json:
        emit_json(entry)
        return
    render_log(console(), [entry], "umpire: undone")


@cli.command("odds")
@click.argument("check", required=False)
@click.argument("args", nargs=-1)
@click.option("--list", "list_all", is_flag=True, help="List every check and its parameters.")
@JSON
def odds_cmd(check: str | None, args: tuple[str, ...], list_all: bool, as_json: bool) -> None:
    """The exact odds of CHECK with its parameters as KEY=VALUE, or --list."""
    if list_all == (check is not None):
        raise click.UsageError("give either a CHECK (such as engineering.demolition) or --list")
    if check is None:
        checks = [c.describe() for c in all_checks()]
        if as_json:
            emit_json(checks)
        else:
            console().print(table("checks", checks, CHECK_COLUMNS))
        return
    report = odds_report(find_check(check), args)
    if as_json:
        emit_json(report)
    else:
        render_odds(console(), report)


def _places(places: Sequence[str]) -> str:
    """`a.py:1`, `a.py:7`, `b.py:3` -> `a.py:1,7` and `b.py:3`, one file a line."""
    lines: dict[str, list[str]] = {}
    for place in places:
        path, _, line = place.rpartition(":")
        lines.setdefault(path, []).append(line)
    return "\n".join(f"{path}:{','.join(numbers)}" for path, numbers in lines.items())


@cli.command("rules")
@click.option("--ruleset", help="Only this ruleset's rules (default: every ruleset).")
@JSON
def rules_cmd(ruleset: str | None, as_json: bool) -> None:
    """Every rule ID: its text, the code that implements it and the tests that cite it."""
    from kriegsspiel.rules_index import rules_report  # scans the sources only when asked

    rows = rules_report(ruleset)
    if as_json:
        emit_json(rows)
        return
    columns: tuple[Column, ...] = (
        ("rule", key("rule")),
        ("text", key("text")),
        ("implemented in", lambda row: _places(row["implemented_in"])),
        ("tests", lambda row: "\n".join(row["tests"])),
    )
    console().print(table("rules", rows, columns))


@cli.command("schema")
@click.option("--ruleset", default="engineering", show_default=True)
@JSON
def schema_cmd(ruleset: str, as_json: bool) -> None:
    """The JSON Schema of a ruleset's scenario files (always JSON)."""
    emit_json(json_schema(ruleset))


@cli.command("scenarios")
@JSON
def scenarios_cmd(as_json: bool) -> None:
    """The bundled scenarios, for `kriegsspiel new NAME`."""
    rows = []
    for name in bundled_names():
        scenario = load_scenario(name)
        rows.append({"name": name, "title": scenario.title, "ruleset": scenario.ruleset})
    if as_json:
        emit_json(rows)
        return
    columns = (("name", key("name")), ("title", key("title")), ("ruleset", key("ruleset")))
    console().print(table("bundled scenarios", rows, columns))


@cli.command("demo")
@click.option(
    "--dir",
    "directory",
    default=".run",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write demo-game.json.",
)
@JSON
def demo_cmd(directory: Path, as_json: bool) -> None:
    """Play a short scripted game of the `demo` scenario, saving it as it goes."""
    from kriegsspiel.demo import run_demo  # the demo prints with this module's renderers

    out = Console(file=io.StringIO()) if as_json else console()
    path = run_demo(directory, out)
    if as_json:
        emit_json({"game": str(path)})


def main() -> None:
    """The `kriegsspiel` console script."""
    cli()
