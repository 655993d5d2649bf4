"""`kriegsspiel serve` and `kriegsspiel remote …`: the table app, and acting on a served game by a
seat's secret link. A thin ring over `kriegsspiel.web`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from kriegsspiel.cli_input import action_data, parse_faces
from kriegsspiel.render.boxes import Line
from kriegsspiel.render.text import console, render_log, render_view
from kriegsspiel.rulesets import find_ruleset

if TYPE_CHECKING:
    from kriegsspiel.web.guards import Rate


@click.command("serve")
@click.option(
    "--db",
    default=".run/games.db",
    show_default=True,
    metavar="FILE|URL",
    help="The database of games: an SQLite file (created if missing; one server per file), or "
    "postgresql://USER@HOST/DB, which several servers may share.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="The port to listen on.")
@click.option(
    "--demo", is_flag=True, help="Create the demo game if there is none; print its links."
)
@click.option(
    "--open",
    "open_creation",
    is_flag=True,
    help="Let anyone who can reach the server create games (else only the host link may).",
)
@click.option(
    "--public-url",
    metavar="URL",
    help="The address players reach the server at, for the links (default: the address it "
    "listens on; with --host 0.0.0.0, this machine's LAN address).",
)
@click.option(
    "--create-rate",
    default="10/6",
    show_default=True,
    metavar="BURST/SECONDS",
    help="Games one client address may create: BURST at once, then one every SECONDS "
    "(0 turns the limit off).",
)
@click.option(
    "--act-rate",
    default="60/0.1",
    show_default=True,
    metavar="BURST/SECONDS",
    help="Actions, previews, messages and notes per seat link, likewise (0: no limit).",
)
@click.option(
    "--sockets-per-link",
    default=8,
    show_default=True,
    type=click.IntRange(min=1),
    help="Live connections (open pages) a seat link may hold at once.",
)
@click.option(
    "--games-in-memory",
    default=64,
    show_default=True,
    type=click.IntRange(min=1),
    help="Games kept in memory; the least recently used are reloaded from the database.",
)
def serve_cmd(
    db: str,
    host: str,
    port: int,
    demo: bool,
    open_creation: bool,
    public_url: str | None,
    create_rate: str,
    act_rate: str,
    sockets_per_link: int,
    games_in_memory: int,
) -> None:
    """Serve the web table app: one secret link per seat, live updates, a JSON API."""
    from kriegsspiel.web.guards import Limits
    from kriegsspiel.web.server import serve  # the web stack loads only when serving

    if public_url is not None and not public_url.startswith(("http://", "https://")):
        raise click.BadParameter(f"not an http(s) address: {public_url}", param_hint="--public-url")
    limits = Limits(
        creation=_rate(create_rate, "--create-rate"),
        actions=_rate(act_rate, "--act-rate"),
        sockets=sockets_per_link,
        games=games_in_memory,
    )
    serve(db, host, port, demo, open_creation=open_creation, public_url=public_url, limits=limits)


def _rate(text: str, option: str) -> Rate | None:
    """BURST/SECONDS as a Rate (0: none), or one clear error naming the option."""
    from kriegsspiel.web.guards import Rate

    if text.strip() == "0":
        return None
    burst, _, every = text.partition("/")
    try:
        return Rate(int(burst), float(every))
    except ValueError:
        why = f"not BURST/SECONDS with a whole BURST of 1 or more and SECONDS over 0: {text!r}"
        raise click.BadParameter(why, param_hint=option) from None


@click.group("remote")
def remote() -> None:
    """Act on a game served by `kriegsspiel serve`, through a seat's secret link."""


@remote.command("new")
@click.argument("server")
@click.argument("scenario")
@click.option("--seed", help="The secret seed of the game's dice.")
def remote_new(server: str, scenario: str, seed: str | None) -> None:
    """Create a game on SERVER and print each seat's link. SERVER is the host link that
    `kriegsspiel serve` printed (http://HOST:PORT/host/TOKEN), or with `serve --open` the
    server's address (http://HOST:PORT)."""
    from kriegsspiel.web import client

    created = client.create_game(server, scenario, seed)
    for seat in created["seats"]:
        click.echo(f"{seat['seat']:<8} {seat['url']}")


@remote.command("show")
@click.argument("link")
def remote_show(link: str) -> None:
    """What the LINK's seat sees, and the actions it may take now."""
    from kriegsspiel.web import client

    table = client.show(link)
    out = console()
    render_view(out, table["view"], table["to_act"])
    for action in table["actions"]:
        out.print(Line("  " + " ".join(f"{k}={v}" for k, v in action.items())))


@remote.command("log")
@click.argument("link")
def remote_log(link: str) -> None:
    """The log as the LINK's seat may see it."""
    from kriegsspiel.web import client

    render_log(console(), client.log(link), "log")


def _action(link: str, action: str, values: tuple[str, ...]) -> dict[str, object]:
    from kriegsspiel.web import client

    return action_data(find_ruleset(client.show(link)["ruleset"]), action, values)


@remote.command("odds")
@click.argument("link")
@click.argument("action")
@click.argument("values", nargs=-1)
def remote_odds(link: str, action: str, values: tuple[str, ...]) -> None:
    """The odds of all ACTION can lead to, and of the first roll to type in, before taking it."""
    from kriegsspiel.web import client

    answer = client.preview(link, _action(link, action, values))
    for row in answer["odds"]["outcomes"]:
        click.echo(f"  {row['summary']:<40} {row.get('probability', '~'):>8}")
    for check in answer["checks"]:
        click.echo(
            f"{check['name']} ({', '.join(check['dice'])}), rules {', '.join(check['rules'])}:"
        )
        for row in check["odds"]:
            click.echo(f"  {row['outcome']:<14} {row['fraction']:>8}  {row['percent']:.1f}%")


@remote.command("act")
@click.argument("link")
@click.argument("action")
@click.argument("values", nargs=-1)
@click.option("--dice", help="Faces rolled at the table, comma-separated, such as 3,7.")
@click.option("--player", default="", help="Who rolled the entered dice.")
def remote_act(
    link: str, action: str, values: tuple[str, ...], dice: str | None, player: str
) -> None:
    """Take ACTION as the LINK's seat."""
    from kriegsspiel.web import client

    faces = parse_faces(dice) if dice else None
    entries = client.act(link, _action(link, action, values), faces, player)
    render_log(console(), entries, "done")


@remote.command("undo")
@click.argument("link")
@click.option("--count", default=1, show_default=True, type=int, help="How many actions.")
def remote_undo(link: str, count: int) -> None:
    """Undo the last actions (the umpire's link only)."""
    from kriegsspiel.web import client

    render_log(console(), client.undo(link, count), "undone")
