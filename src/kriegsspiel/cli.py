"""The `kriegsspiel` command line: a thin ring over the library.

Every command builds or loads a game through the public API and prints what a seat may see of it,
as tables or, with `--json`, as JSON. No rule is decided here. Every failure is one `error: ...`
line on stderr and exit status 2, and a game file is written (atomically) only after its action
has succeeded. A command that changes a game holds the file's lock from reading to writing it.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from kriegsspiel import __version__
from kriegsspiel.errors import KriegsspielError

EXIT_ERROR = 2


# -- errors: one line, exit status 2 --------------------------------------------------------------


def fail(message: str) -> NoReturn:
    click.echo(f"error: {' '.join(message.split())}", err=True)
    sys.exit(EXIT_ERROR)


# Commands defined in modules of their own, imported only when one of them is run or its own help
# is shown, so that `--help` and the other commands start without them: name -> (module, the
# command's attribute, the first sentence of its help; a test keeps it the command's own).
LAZY = {
    "balance": (
        "kriegsspiel.cli_balance",
        "balance_cmd",
        "Play SCENARIO many times with bots and report each side's win, draw and loss rates (95% "
        "Wilson intervals), the score and length distributions and the most decisive objectives.",
    ),
    "picture": (
        "kriegsspiel.cli_picture",
        "picture_cmd",
        "The board from SEAT's view: the table to scale, everything the seat knows, a legend.",
    ),
    "play": (
        "kriegsspiel.cli_play",
        "play_cmd",
        "Play SEAT's part of GAME at an interactive prompt: the board, the legal actions (Tab "
        "completes them), the exact odds of an action before you confirm it, then the log.",
    ),
    "remote": (
        "kriegsspiel.cli_remote",
        "remote",
        "Act on a game served by `kriegsspiel serve`, through a seat's secret link.",
    ),
    "serve": (
        "kriegsspiel.cli_remote",
        "serve_cmd",
        "Serve the web table app: one secret link per seat, live updates, a JSON API.",
    ),
}


class KriegsspielGroup(click.Group):
    """A command group that turns every expected failure into one `error:` line, and imports
    the commands of `LAZY` only when they are used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY:
            module, attribute, _ = LAZY[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), attribute)
            return command
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The listing of `--help` as click lays it out, the short help of `LAZY` commands
        made from their declared first sentence."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            if name in LAZY:
                stand_in = click.Command(name, help=LAZY[name][2])  # not imported for a listing
                rows.append((name, stand_in.get_short_help_str(limit)))
                continue
            command = super().get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

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


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


# -- commands -------------------------------------------------------------------------------------

# Paths are given to the library as text, so that the commands that take none load no pathlib.
GAME = click.argument("game", type=click.Path(dir_okay=False))
SEAT = click.option("--seat", required=True, help="Who is looking: umpire, a side, or public.")
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")


@click.group(cls=KriegsspielGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kriegsspiel")
def cli() -> None:
    """A digital umpire and record keeper for WWII tactical miniatures wargames."""


@cli.command("new")
@click.argument("scenario")
@click.option("-o", "--output", "game", required=True, type=click.Path(dir_okay=False))
@click.option("--seed", help="The secret seed of the game's dice (default: a fresh secret one).")
@click.option(
    "--published-seed",
    is_flag=True,
    help="Roll with the scenario's own, public seed: the same dice every time (for demos).",
)
@click.option("--force", is_flag=True, help="Replace an existing game file.")
@JSON
def new_cmd(
    scenario: str, game: str, seed: str | None, published_seed: bool, force: bool, as_json: bool
) -> None:
    """Start a game of SCENARIO (a YAML file or a bundled name such as `demo`).

    Its dice get a fresh secret seed, unless given one with --seed or told to use the scenario's
    published seed with --published-seed."""
    from kriegsspiel import InputError, new_game, save_game
    from kriegsspiel.render.boxes import Line
    from kriegsspiel.render.text import console

    started = new_game(scenario, seed, published_seed=published_seed)
    try:  # without --force, never over a file, even one another command creates meanwhile
        save_game(started, game, overwrite=force)
    except InputError as exc:
        if exc.problem != "already exists":
            raise
        raise InputError(str(game), "already exists (use --force to replace it)") from None
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
    out.print(Line(f"{info['title']} ({info['ruleset']}): saved to {game}", style="bold"))
    out.print(Line(f"seats: {', '.join(started.seats)}"))


class ActCommand(click.Command):
    """`act`, whose help lists every ruleset's actions: built only when the help is shown."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from kriegsspiel.cli_input import actions_help

        self.epilog = actions_help()
        super().format_epilog(ctx, formatter)


@cli.command("act", cls=ActCommand)
@GAME
@SEAT
@click.argument("action")
@click.argument("values", nargs=-1)
@click.option("--dice", help="Faces rolled at the table, comma-separated, such as 3,7.")
@click.option("--player", help="Who rolled the entered dice (default: the seat).")
@JSON
def act_cmd(
    game: str,
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
    import msgspec

    from kriegsspiel import edit_game
    from kriegsspiel.cli_input import action_data, entered_dice
    from kriegsspiel.render.boxes import Line
    from kriegsspiel.render.text import console, render_log, to_act_text

    if player is not None and dice is None:
        raise click.UsageError("--player names who rolled --dice; give --dice too")
    with edit_game(game) as edit:  # one command at a time changes a game file
        loaded = edit.game
        data = action_data(loaded.ruleset, action, values)
        source = entered_dice(dice, player or seat) if dice is not None else None
        seen_before = loaded.log_length(seat)
        loaded.act(seat, data, source)
        edit.save()
    seen = loaded.log_view(seat, seen_before)
    entry = seen[-1] if seen else None  # what this seat sees of its action
    to_act = loaded.seats_to_act()
    result = loaded.result(seat)
    if as_json:
        ended = {"result": msgspec.to_builtins(result)} if result is not None else {}
        emit_json({"entry": entry, "seats_to_act": to_act, **ended})
        return
    out = console()
    if entry is None:
        out.print(Line(f"done; nothing of it is shown to {seat}"))
    else:
        render_log(out, [entry], f"{seat}: done")
    if result is None:
        out.print(Line(to_act_text(to_act)))
    else:  # the action ended the game: its result, with the reasons (docs/victory.md)
        from kriegsspiel.cli_show import standing_text

        out.print(Line(standing_text(loaded, seat).rstrip("\n")))


@cli.command("show")
@GAME
@SEAT
@JSON
def show_cmd(game: str, seat: str, as_json: bool) -> None:
    """What a seat may see of the game now: what it plays with, as tables."""
    import msgspec

    from kriegsspiel import load_game
    from kriegsspiel.cli_show import echo_show, standing_text

    loaded = load_game(game)
    to_act = loaded.seats_to_act()
    result = loaded.result(seat)
    if as_json:
        standing = {"scores": loaded.scores(seat), "result": msgspec.to_builtins(result)}
        emit_json({**loaded.view(seat), "seats_to_act": to_act, **standing})
        return
    echo_show(loaded.typed_view(seat), to_act)
    click.echo(standing_text(loaded, seat), nl=False)


@cli.command("log")
@GAME
@SEAT
@JSON
def log_cmd(game: str, seat: str, as_json: bool) -> None:
    """The game's log as a seat may see it."""
    from kriegsspiel import load_game
    from kriegsspiel.render.text import console, render_log

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
def replay_cmd(game: str, seat: str, upto: int, as_json: bool) -> None:
    """What a seat knew after the first UPTO log entries."""
    from kriegsspiel import load_game
    from kriegsspiel.render.text import console, render_view

    view = load_game(game).replay(seat, upto)
    if as_json:
        emit_json(view)
        return
    render_view(console(), view)


@cli.command("undo")
@GAME
@click.option("--count", default=1, show_default=True, type=int, help="How many actions.")
@JSON
def undo_cmd(game: str, count: int, as_json: bool) -> None:
    """Take back the last actions still in effect (the umpire's call)."""
    from kriegsspiel import UMPIRE, edit_game
    from kriegsspiel.render.text import console, render_log

    with edit_game(game) as edit:
        loaded = edit.game
        loaded.undo(UMPIRE, count)
        edit.save()
    entry = loaded.log_view(UMPIRE, loaded.log_length(UMPIRE) - 1)[0]
    if as_json:
        emit_json(entry)
        return
    render_log(console(), [entry], "umpire: undone")


@cli.command("sign")
@GAME
def sign_cmd(game: str) -> None:
    """Sign a game file written before game files were signed (only one you trust: from then
    on an edit outside kriegsspiel is refused)."""
    from kriegsspiel.store.files import sign
    from kriegsspiel.store.seal import key_path

    signed = sign(game)
    click.echo(f"{game}: signed ({len(signed.log)} entries) with the key in {key_path()}")


@cli.command("luck")
@GAME
@SEAT
@JSON
def luck_cmd(game: str, seat: str, as_json: bool) -> None:
    """The luck audit: how each player's dice fell, in the rolls SEAT may see (50% is fair)."""
    from kriegsspiel import load_game
    from kriegsspiel.analysis.luck import luck_report
    from kriegsspiel.render.boxes import Line
    from kriegsspiel.render.text import Column, console, key, table

    report = luck_report(load_game(game), seat)
    if as_json:
        emit_json(report)
        return
    if not report:
        console().print(Line(f"no dice rolled yet in what {seat} may see: no luck to audit"))
        return
    columns: tuple[Column, ...] = (
        ("dice source", key("source")),
        ("rolls", key("rolls")),
        ("faces", key("faces")),
        ("mean score", key("mean_score")),
        ("percent", lambda row: f"{row['percent']:.1f}%"),
    )
    console().print(table(f"luck, as seen by {seat}", report, columns))


@cli.command("plan")
@click.argument("name", required=False)
@click.argument("args", nargs=-1)
@click.option("--list", "list_all", is_flag=True, help="List every plan.")
@click.option("--seat", help="With a GAME and a TASK: when that task is finished, as SEAT knows.")
@JSON
def plan_cmd(
    name: str | None, args: tuple[str, ...], list_all: bool, seat: str | None, as_json: bool
) -> None:
    """How long multi-turn work takes: the exact distribution, with KEY=VALUE parameters; or,
    as `plan GAME --seat SEAT TASK`, when a task in progress in a game is finished."""
    from kriegsspiel.registry import all_plans, find_plan
    from kriegsspiel.render.text import console, key, render_plan, render_task_plan, table

    if seat is not None or (name is not None and _is_game_file(name)):
        if seat is None or list_all or name is None or len(args) != 1:
            raise click.UsageError("a plan from a game is: plan GAME --seat SEAT TASK")
        from kriegsspiel import load_game

        task_report = load_game(name).task_plan(seat, args[0]).report()
        if as_json:
            emit_json(task_report)
        else:
            render_task_plan(console(), task_report)
        return
    if list_all == (name is not None):
        raise click.UsageError("give either a PLAN (such as waterborne.pontoon-bridge) or --list")
    if name is None:
        plans = [{"plan": n, "summary": plan.summary} for n, plan in all_plans().items()]
        if as_json:
            emit_json(plans)
        else:
            console().print(
                table("plans", plans, (("plan", key("plan")), ("summary", key("summary"))))
            )
        return
    report = find_plan(name).report(args)
    if as_json:
        emit_json(report)
    else:
        render_plan(console(), report)


def _is_game_file(name: str) -> bool:
    """A game file rather than a plan's name (`RULESET.PLAN` is never a path to one)."""
    return name.endswith(".json") or "/" in name or os.path.isfile(name)


@cli.command("actions")
@GAME
@SEAT
@JSON
def actions_cmd(game: str, seat: str, as_json: bool) -> None:
    """Every action SEAT may take now, from what it knows, as `act` takes it."""
    import msgspec

    from kriegsspiel import load_game
    from kriegsspiel.render.text import console, render_actions

    choices = [msgspec.to_builtins(c) for c in load_game(game).legal_actions(seat)]
    if as_json:
        emit_json(choices)
        return
    render_actions(console(), choices, seat)


@cli.command("odds")
@click.argument("check", required=False)
@click.argument("args", nargs=-1)
@click.option("--list", "list_all", is_flag=True, help="List every check and its parameters.")
@click.option("--seat", help="With a GAME: odds of an action, from what this seat knows.")
@JSON
def odds_cmd(
    check: str | None, args: tuple[str, ...], list_all: bool, seat: str | None, as_json: bool
) -> None:
    """The exact odds of CHECK with its parameters as KEY=VALUE, or --list; or, with --seat,
    of everything an action can lead to: `odds GAME --seat SEAT ACTION [VALUES...]`.
    """
    from kriegsspiel import all_checks, find_check
    from kriegsspiel.analysis.odds import odds_report
    from kriegsspiel.render.text import CHECK_COLUMNS, console, render_odds, table

    if seat is not None:
        if check is None or not args:
            raise click.UsageError(
                "with --seat give a GAME and an ACTION, such as: odds "
                "game.json --seat german demolish pioneer-2 culvert"
            )
        _action_odds(check, seat, args[0], args[1:], as_json)
        return
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


def _action_odds(game: str, seat: str, action: str, values: Sequence[str], as_json: bool) -> None:
    from kriegsspiel import load_game
    from kriegsspiel.cli_input import action_data
    from kriegsspiel.render.text import console, render_action_odds

    loaded = load_game(game)
    report = loaded.odds(seat, action_data(loaded.ruleset, action, values)).describe()
    if as_json:
        emit_json(report)
        return
    render_action_odds(console(), report, " ".join([action, *values]))


def _places(places: Sequence[str]) -> str:
    """`a.py:1`, `a.py:7`, `b.py:3` -> `a.py:1,7` and `b.py:3`, one file a line."""
    lines: dict[str, list[str]] = {}
    for place in places:
        path, _, line = place.rpartition(":")
        lines.setdefault(path, []).append(line)
    return "\n".join(f"{path}:{','.join(numbers)}" for path, numbers in lines.items())


@cli.command("rules")
@click.argument("rule", required=False)
@click.option("--ruleset", help="Only this ruleset's rules (default: every ruleset).")
@JSON
def rules_cmd(rule: str | None, ruleset: str | None, as_json: bool) -> None:
    """Every rule ID: its text, the code that implements it and the tests that cite it; or one
    RULE by its ID (in any case), with its ruleset and where it comes from."""
    from kriegsspiel.render.text import Column, console, key, table
    from kriegsspiel.rules_index import find_rule, rules_report  # scans the sources when asked

    if rule is not None:
        found = find_rule(rule, ruleset)
        if as_json:
            emit_json(found)
        else:
            _print_rule(found)
        return
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


def _print_rule(row: dict[str, Any]) -> None:
    from kriegsspiel.render.boxes import Line
    from kriegsspiel.render.text import console

    out = console()
    out.print(Line(f"{row['rule']} ({row['ruleset']}): {row['section']}", style="bold"))
    out.print(Line(row["text"]))
    out.print(Line(f"source: {row['source']}"))
    for title, lines in (
        ("implemented in", _places(row["implemented_in"]).splitlines()),
        ("tests", row["tests"]),
    ):
        out.print(Line(f"{title}: {'none yet' if not lines else ''}".rstrip()))
        for line in lines:
            out.print(Line(f"  {line}"))


@cli.command("validate")
@click.argument("scenario")
@JSON
def validate_cmd(scenario: str, as_json: bool) -> None:
    """Check SCENARIO (a YAML file or a bundled name) as `new` would, without starting a game:
    one line, OK with what it holds, or the first problem found."""
    from kriegsspiel import new_game
    from kriegsspiel.scenario.load import parse_scenario, read_scenario_text

    text, where = read_scenario_text(scenario)
    checked = new_game(parse_scenario(text, where))  # in memory only: its opening position too
    info = {
        "scenario": where,
        "ok": True,
        "title": checked.scenario.title,
        "ruleset": checked.ruleset.name,
        "sides": list(checked.scenario.side_ids),
        "units": len(checked.scenario.units),
        "seats": list(checked.seats),
    }
    if as_json:
        emit_json(info)
        return
    units = info["units"]
    click.echo(
        f"{where}: OK: {info['title']} ({info['ruleset']}), {len(info['sides'])} sides "
        f"({', '.join(info['sides'])}), {units} unit{'' if units == 1 else 's'}"
    )


@cli.command("schema")
@click.option("--ruleset", default="engineering", show_default=True)
@JSON
def schema_cmd(ruleset: str, as_json: bool) -> None:
    """The JSON Schema of a ruleset's scenario files (always JSON)."""
    from kriegsspiel import json_schema

    emit_json(json_schema(ruleset))


@cli.command("scenarios")
@JSON
def scenarios_cmd(as_json: bool) -> None:
    """The bundled scenarios, for `kriegsspiel new NAME`."""
    from kriegsspiel import load_scenario
    from kriegsspiel.render.text import console, key, table
    from kriegsspiel.scenario.load import bundled_names

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
    type=click.Path(file_okay=False),
    help="Where to write demo-game.json.",
)
@JSON
def demo_cmd(directory: str, as_json: bool) -> None:
    """Play a short scripted game of the `demo` scenario, saving it as it goes."""
    from pathlib import Path

    from rich.console import Console

    from kriegsspiel.demo import run_demo  # the demo prints with this module's renderers
    from kriegsspiel.render.text import rich_console

    out = Console(file=io.StringIO()) if as_json else rich_console()
    path = run_demo(Path(directory), out)
    if as_json:
        emit_json({"game": str(path)})


def main() -> None:
    """The `kriegsspiel` console script."""
    cli()
