"""`kriegsspiel play GAME --seat SEAT`: an interactive prompt for one seat (stdlib `cmd`).

It shows the seat's board as `show` does, lists its legal actions as they are typed, completes
action names, units and targets from those actions with Tab, and for an action typed shows the
exact odds of the whole action (`Game.odds`), asks to confirm, then acts on the game file as
`act` does (under the file's lock, `edit_game`) and prints the new log lines the seat sees.
The game is read again whenever its file has changed, so two seats may play one file from two
terminals. Every reply is computed from the seat's knowledge only, as everywhere else.
"""

from __future__ import annotations

import cmd
import shlex
import shutil
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click
import msgspec

from kriegsspiel.cli_input import action_data, action_fields, entered_dice, parse_faces
from kriegsspiel.cli_show import show_text, shows, standing_text
from kriegsspiel.cli_tables import WIDTH, wrap
from kriegsspiel.core.chance import ActionOdds
from kriegsspiel.core.choices import Choice
from kriegsspiel.core.game import action_names
from kriegsspiel.errors import DiceError, InputError, KriegsspielError
from kriegsspiel.games import AnyGame, edit_game, load_game
from kriegsspiel.render.text import domain_text, to_act_text

if TYPE_CHECKING:
    from kriegsspiel.cli_bots import BotTurns

YES = frozenset({"y", "yes"})
# the odds shown before a confirm: paths of the chance tree walked, else playouts estimating it
# (the bundled scenarios' slowest paths take about a millisecond each)
QUICK_PATHS = 300
QUICK_SAMPLES = 200
COMMANDS = ("actions", "help", "log", "odds", "quit", "show", "undo")


@click.command("play")
@click.argument("game", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", required=True, help="Who plays: umpire or a side.")
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="SEAT=BOT",
    help="A side played by a bot: random, greedy or search (search:ms=500); repeatable.",
)
@click.option("--file", type=click.Path(dir_okay=False, path_type=Path), help="New game's file.")
@click.option("--seed", help="A new game's secret seed (default: a fresh secret one).")
@click.option("--bot-seed", type=int, help="Seed of the bots' own choices (default: fresh).")
def play_cmd(
    game: Path,
    seat: str,
    bots: tuple[str, ...],
    file: Path | None,
    seed: str | None,
    bot_seed: int | None,
) -> None:
    """Play SEAT's part of GAME at an interactive prompt: the board, the legal actions (Tab
    completes them), the exact odds of an action before you confirm it, then the log.

    GAME is a game file, or a scenario (a bundled name such as `demo`, or a YAML file) to start
    a new game of in --file (by default SCENARIO.json here). Each --bot SEAT=BOT plays a side:
    it acts whenever that side is to act, from its seat's view only (docs/solo.md).

    \b
    Type `help` at the prompt for its commands; input may be piped in:
    printf 'actions\\nprepare pioneer-1 bridge\\ny\\n' | kriegsspiel play game.json --seat german
    kriegsspiel play demo --seat us --bot german=search
    """
    from kriegsspiel.cli_bots import BotTurns, bot_seats, game_file

    path = game_file(game, file, seed)
    shell = PlayShell(path, seat, sys.stdin, sys.stdout)
    if bots:
        shell.bots = BotTurns(bot_seats(bots, seat, shell.game.seats), bot_seed)
    shell.cmdloop()


def terminal_width(stream: IO[str]) -> int:
    """The terminal's width, or 80 columns for piped output."""
    return shutil.get_terminal_size().columns if stream.isatty() else WIDTH


# -- actions as they are typed ------------------------------------------------------------------


def value_text(value: Any) -> str:
    """A field's value as `act` takes it typed, reading back as the same value: points and
    lists comma-separated."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):  # as short as it reads back exactly
        short = f"{value:g}"
        return short if float(short) == value else repr(value)
    if isinstance(value, list | tuple):
        return ",".join(value_text(v) for v in value)
    return str(value)


def typed_words(game: AnyGame, action: Mapping[str, Any]) -> list[str]:
    """The words that type `action`: its tag, then its values in field order, as KEY=VALUE
    once a field before is left out."""
    tag = str(action["action"])
    words = [tag]
    by_name = False
    for field in action_fields(game.ruleset, tag):
        value = action.get(field.encode_name)
        text = "" if value is None else value_text(value)
        if not field.required and text == default_text(field):  # left out, as it reads back
            by_name = True
            continue
        words.append(f"{field.encode_name}={text}" if by_name else text)
    return words


def default_text(field: msgspec.inspect.Field) -> str:
    """An optional field's default as typed ("" for None)."""
    default = field.default
    if default is msgspec.NODEFAULT:
        default = field.default_factory()
    return "" if default is None else value_text(default)


def typed(game: AnyGame, action: Mapping[str, Any]) -> str:
    return shlex.join(typed_words(game, action))


def split_dice(words: Sequence[str]) -> tuple[list[str], str | None]:
    """The words of an action, and the faces after `--dice` (rolled at the table), if any."""
    if "--dice" not in words:
        return list(words), None
    at = list(words).index("--dice")
    if at + 1 >= len(words):
        raise InputError("--dice", "give the faces rolled, such as --dice 3,7")
    return [*words[:at], *words[at + 2 :]], words[at + 1]


def quick_odds(game: AnyGame, seat: str, action: Mapping[str, Any]) -> ActionOdds:
    """`Game.odds` with a smaller tree than `kriegsspiel odds` walks, so that the reply comes
    in well under a second: exact up to QUICK_PATHS paths, else estimated from QUICK_SAMPLES
    seeded playouts (the same every time)."""
    return game.odds(seat, action, budget=QUICK_PATHS, samples=QUICK_SAMPLES)


# -- completion ---------------------------------------------------------------------------------


def completions(
    game: AnyGame, choices: Sequence[Choice], words: Sequence[str], text: str
) -> list[str]:
    """What may follow `words` (an action's tag and the values typed so far) starting with
    `text`: the values of the next field among the seat's legal actions that agree with what is
    typed (units, targets, features; a target domain's every option), or `KEY=` of a field left."""
    if not words:
        return sorted({c.action["action"] for c in choices if c.action["action"].startswith(text)})
    tag = words[0]
    if tag not in action_names(game.ruleset.action_type):
        return []
    fields = [f.encode_name for f in action_fields(game.ruleset, tag)]
    given: dict[str, str] = {}
    positional = []
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if eq and key in fields:
            given[key] = value
        else:
            positional.append(word)
    free = [f for f in fields if f not in given]
    given |= dict(zip(free, positional, strict=False))
    key, eq, prefix = text.partition("=")
    if eq and key in fields:
        field, before = key, f"{key}="
    else:
        left = [f for f in fields if f not in given]
        if not left:
            return []
        field, before, prefix = left[0], "", text
    found: dict[str, None] = {}
    for choice in choices:
        if choice.action["action"] != tag or not agrees(choice, given):
            continue
        for value in values_of(choice, field):
            found.setdefault(value)
    out = sorted(before + v for v in found if v.startswith(prefix))
    if not eq:
        out += [f"{f}=" for f in fields if f not in given and f.startswith(text) and f != field]
    return out


def values_of(choice: Choice, field: str) -> Iterable[str]:
    """The values `field` may take in a legal action: the listed one, and every option of a
    target domain (each as legal as the listed one)."""
    value = choice.action.get(field)
    if value is not None and value != "":
        yield value_text(value)
    for domain in choice.domains:
        if domain.param == field and domain.kind == "choice":
            yield from (value_text(option) for option in domain.options)


def agrees(choice: Choice, given: Mapping[str, str]) -> bool:
    """Whether a legal action has the values typed so far (or offers them as options)."""
    return all(text in set(values_of(choice, field)) for field, text in given.items())


# -- the prompt ---------------------------------------------------------------------------------


class PlayShell(cmd.Cmd):
    """One seat's prompt over one game file."""

    identchars = cmd.Cmd.identchars + "-"  # action tags such as opportunity-fire are one word

    def __init__(self, path: Path, seat: str, stdin: IO[str], stdout: IO[str]) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        self.path = path
        self.seat = seat
        self.interactive = stdin.isatty()
        self.use_rawinput = self.interactive  # readline's line editing and Tab
        self.width = terminal_width(stdout)
        self.prompt = f"{seat}> "
        self._stamp: tuple[int, int] | None = None
        self._game: AnyGame | None = None
        self._choices: list[Choice] | None = None
        self.bots: BotTurns | None = None  # the sides bots play (cli_bots.py)
        self.game.check_seat(seat)  # an unknown seat stops the command before the prompt

    # -- the game file, read again when it changes

    def stamp(self) -> tuple[int, int]:
        """When the game file was last written, and its size."""
        stat = self.path.stat()
        return stat.st_mtime_ns, stat.st_size

    @property
    def game(self) -> AnyGame:
        stamp = self.stamp()
        if self._game is None or stamp != self._stamp:
            self._game, self._stamp, self._choices = load_game(self.path), stamp, None
        return self._game

    def save(self, game: AnyGame, read: tuple[int, int] | None) -> None:
        """Write the game as `act` does, under the file's lock, unless another seat wrote it
        since it was `read`."""
        with edit_game(self.path) as edit:
            if self.stamp() != read:
                raise InputError(
                    str(self.path), "changed while you decided (another seat acted): nothing done"
                )
            edit.save(game)
        self._stamp, self._choices = self.stamp(), None

    def choices(self) -> list[Choice]:
        """The seat's legal actions now, computed once per state of the game."""
        game = self.game  # read again first if the file changed, which forgets them
        if self._choices is None:
            self._choices = game.legal_actions(self.seat)
        return self._choices

    # -- output

    def say(self, text: str = "", indent: str = "") -> None:
        lines = wrap(text, self.width, indent) if text else [""]
        self.stdout.write("\n".join(lines) + "\n")

    def ask(self, question: str) -> str:
        """One line of answer (empty at the end of input)."""
        if self.use_rawinput:
            try:
                return input(question).strip()
            except EOFError:
                return ""
        self.stdout.write(question)
        self.stdout.flush()
        answer = self.stdin.readline()
        if not self.interactive:
            self.stdout.write(answer if answer.endswith("\n") else answer + "\n")
        return answer.strip()

    def board(self) -> None:
        game = self.game
        view = game.typed_view(self.seat)
        to_act = game.seats_to_act()
        if shows(view):
            self.stdout.write(show_text(view, to_act, self.width))
        else:
            self.say(f"{view.title}, as seen by {self.seat}")
            self.say(to_act_text(to_act))
        self.stdout.write(standing_text(game, self.seat))

    # -- the loop

    def preloop(self) -> None:
        self.board()
        self.play_bots()
        self.say("Type an action (Tab completes it), `actions` for the legal ones, or `help`.")
        if self.use_rawinput:
            try:
                import readline

                readline.set_completer_delims(" \t\n")  # ids hold - , : = which are whole words
            except ImportError:  # no readline: no Tab, the prompt still works
                pass

    def precmd(self, line: str) -> str:
        if not self.interactive:  # a piped-in transcript reads like a typed one
            self.stdout.write("\n" if line == "EOF" else line.rstrip("\n") + "\n")
        return line

    def onecmd(self, line: str) -> bool:
        try:
            return super().onecmd(line)
        except (KriegsspielError, OSError) as error:
            self.say(f"error: {' '.join(str(error).split())}")
            return False

    def postcmd(self, stop: bool, line: str) -> bool:
        if not stop:
            self.bots_turn()
        return stop

    def bots_turn(self) -> None:
        """The bots' turns after a command, with their errors reported as a command's are."""
        try:
            self.play_bots()
        except (KriegsspielError, OSError) as error:
            self.say(f"error: {' '.join(str(error).split())}")

    def play_bots(self) -> None:
        """Every bot whose side is to act acts now, its entries printed as this seat sees
        them; then who is to act."""
        if self.bots is None:
            return
        game = self.game

        def act(seat: str, action: dict[str, Any]) -> None:
            before = len(game.log_view(self.seat))
            game.act(seat, action)
            self.save(game, self._stamp)
            self.entries(game.log_view(self.seat)[before:])

        if self.bots.play(game, act):
            self.say(to_act_text(self.to_act()))

    def emptyline(self) -> bool:
        return False  # not the last command again

    def default(self, line: str) -> None:
        words = shlex.split(line)
        if words and words[0] in action_names(self.game.ruleset.action_type):
            self.take(words)
            return
        known = ", ".join(COMMANDS)
        raise InputError(words[0] if words else "", f"neither an action nor a command ({known})")

    # -- commands

    def do_show(self, _: str) -> None:
        """show: the board as this seat sees it (the `show` command's text)."""
        self.board()

    def do_actions(self, _: str) -> None:
        """actions: every action this seat may take now, as you type it."""
        choices = self.choices()
        if not choices:
            self.say(f"{self.seat} has no action now; " + to_act_text(self.to_act()))
            return
        for choice in choices:
            self.say(f"{typed(self.game, choice.action)}", "    ")
            self.say(f"  {choice.label}", "    ")
            for domain in msgspec.to_builtins(choice.domains):
                self.say(f"  {domain_text(domain)}", "    ")

    def do_odds(self, line: str) -> None:
        """odds [--exact] ACTION [VALUES...]: the odds of everything the action can lead to,
        exact up to 300 paths of dice, else estimated; --exact walks up to 1000 paths (and
        estimates from 1000 playouts past them), as `kriegsspiel odds` does."""
        words, _ = split_dice(shlex.split(line))
        exact = "--exact" in words
        words = [w for w in words if w != "--exact"]
        if not words:
            raise InputError("odds", "give an action, such as: odds " + self.example())
        data = action_data(self.game.ruleset, words[0], words[1:])
        game = self.game
        self.odds(game.odds(self.seat, data) if exact else quick_odds(game, self.seat, data))

    def do_log(self, line: str) -> None:
        """log [N]: the last N entries of the log this seat sees (all by default)."""
        entries = self.game.log_view(self.seat)
        count = int(line) if line.strip().isdigit() else len(entries)
        self.entries(entries[len(entries) - count :])

    def do_undo(self, line: str) -> None:
        """undo [COUNT]: take back the last actions (the umpire's call, as `kriegsspiel undo`)."""
        game = self.game
        count = int(line) if line.strip().isdigit() else 1
        before = len(game.log_view(self.seat))
        game.undo(self.seat, count)
        self.save(game, self._stamp)
        self.entries(game.log_view(self.seat)[before:])

    def do_quit(self, _: str) -> bool:
        """quit: leave the prompt (the game file holds every action taken)."""
        return True

    do_exit = do_quit
    do_EOF = do_quit  # end of input

    def do_help(self, arg: str) -> bool | None:
        """help [COMMAND]: the commands, or what one does."""
        if arg:
            return super().do_help(arg)
        for name in COMMANDS:
            doc = getattr(self, f"do_{name}").__doc__ or ""
            self.say(doc.strip(), "    ")
        self.say(
            "ACTION [VALUES...] [--dice FACES]: take an action, as `kriegsspiel act` does; "
            "its odds are shown and you confirm with y. Tab completes actions, units and "
            "targets. Example: " + self.example(),
            "    ",
        )
        return None

    # -- taking an action

    def take(self, words: Sequence[str]) -> None:
        game = self.game
        values, faces = split_dice(words)
        data = action_data(game.ruleset, values[0], values[1:])
        dice = entered_dice(faces, self.seat) if faces is not None else None
        if dice is not None:  # too many faces, or too few, before the odds and the question
            need = game.dice_prompt(self.seat, data, parse_faces(faces or ""))
            if need is not None:
                pools = " and ".join(f"{p.count}d{p.sides}" for p in need.pools)
                raise DiceError("--dice", f"too few faces: the roll {need.name} ({pools}) has none")
        self.odds(quick_odds(game, self.seat, data))
        read = self._stamp
        if self.ask("take it? [y/n] ").lower() not in YES:
            self.say("not taken")
            return
        before = len(game.log_view(self.seat))
        game.act(self.seat, data, dice)
        self.save(game, read)
        self.entries(game.log_view(self.seat)[before:])
        if game.over():
            self.stdout.write(standing_text(game, self.seat))  # the result, with its reasons
        else:
            self.say(to_act_text(self.to_act()))

    def odds(self, odds: ActionOdds) -> None:
        rolls = ", ".join(odds.rolls) or "no dice"
        how = "exact" if odds.exact else f"estimated from {odds.samples} seeded playouts"
        self.say(f"odds ({how}; rolls {rolls}):")
        if odds.first_roll is not None:
            first = ", ".join(f"{o} {p}" for o, p in odds.first_roll.odds_table())
            self.say(f"  its first roll, exactly: {odds.first_roll.name}: {first}", "      ")
        for o in odds.outcomes:
            if o.probability is not None:
                chance = f"{o.probability} ({float(o.probability):.1%})"
            else:
                chance = f"~{o.estimate or 0:.1%} ({o.low or 0:.1%}–{o.high or 0:.1%})"
            self.say(f"  {chance}: {o.summary}", "      ")

    def entries(self, entries: Sequence[Mapping[str, Any]]) -> None:
        """Log entries as the seat sees them: who did what, then what happened."""
        for entry in entries:
            did = typed(self.game, entry["action"]) if entry.get("action") else entry["kind"]
            undone = " (undone)" if entry.get("undone") else ""
            self.say(f"#{entry['n']} {entry['seat']}: {did}{undone}", "    ")
            for event in entry["events"]:
                self.say(f"  {event['text']}", "    ")
            if entry.get("undoes"):
                self.say("  undoes " + ", ".join(f"#{n}" for n in entry["undoes"]))

    def to_act(self) -> list[str]:
        game = self.game
        return game.seats_to_act()

    def example(self) -> str:
        choices = self.choices()
        return typed(self.game, choices[0].action) if choices else "pass"

    # -- Tab completion

    def completenames(self, text: str, *ignored: Any) -> list[str]:
        names = [f"{c} " for c in COMMANDS if c.startswith(text)]
        return names + [f"{t} " for t in completions(self.game, self.choices(), [], text)]

    def completedefault(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        return self.complete_words(shlex.split(line[:begidx]), text)

    def complete_odds(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        return self.complete_words(shlex.split(line[:begidx])[1:], text)

    def complete_words(self, words: Sequence[str], text: str) -> list[str]:
        found = completions(self.game, self.choices(), words, text)
        return [w if w.endswith("=") else f"{w} " for w in found]
