"""`kriegsspiel demo` (`make run`): a short scripted game of the bundled `demo` scenario.

The script plays through the library API as a table would, with the game's own seeded dice, and
saves the game file after every action. It never assumes what the dice say: an action the rules
refuse at that point is printed with the rule that refuses it, and the script goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from kriegsspiel import UMPIRE, KriegsspielError, find_check, new_game, save_game
from kriegsspiel.analysis.odds import odds_report
from kriegsspiel.cli_show import standing_text
from kriegsspiel.core.seats import Audience
from kriegsspiel.games import AnyGame
from kriegsspiel.render.boxes import Grid
from kriegsspiel.render.text import (
    action_text,
    clock_text,
    key,
    render_log,
    render_odds,
    render_view,
    table,
)
from kriegsspiel.rulesets.engineering import demolition_state  # the demo is an engineering game

SCENARIO = "demo"
GAME_FILE = "demo-game.json"
_GUARD = 12  # at most this many steps when ending phases or answering an engineering action


def _audience(to: Audience) -> str:
    if to is None:
        return "all"
    return ", ".join(to) if to else "umpire only"


class Play:
    """The game in play: every action is taken, saved and shown with who sees each event."""

    def __init__(self, game: AnyGame, path: Path, out: Console) -> None:
        self.game = game
        self.path = path
        self.out = out
        self.clock = ""

    def umpire(self) -> dict[str, Any]:
        """The demo narrates from the umpire's chair."""
        return self.game.view(UMPIRE)

    def say(self, text: str) -> None:
        self.show_clock()
        self.out.print(Text(text, style="italic"))

    def show_clock(self) -> None:
        clock = clock_text(self.umpire())
        if clock != self.clock:
            self.clock = clock
            self.out.rule(Text(clock))

    def act(self, seat: str, action: dict[str, Any]) -> bool:
        """Take one action; False (after printing why) if the rules refuse it now."""
        self.show_clock()
        self.out.print(Text(f"{seat} > {action_text(action)}", style="bold"))
        try:
            entry = self.game.act(seat, action)
        except KriegsspielError as exc:
            self.out.print(Text(f"    refused: {exc}", style="red"))
            return False
        save_game(self.game, self.path)
        for record in entry.records:
            text = self.game.ruleset.describe_event(record.event)
            self.out.print(Text(f"    [{_audience(record.to)}] {text}"))
        return True

    def answer(self) -> None:
        """The enemy passes on any further opportunity fire, so the declared work resolves."""
        for _ in range(_GUARD):
            pending = self.umpire()["pending"]
            if pending is None or not self.act(pending["awaiting"], {"action": "pass"}):
                return

    def until(self, phasing: str, phase: str) -> None:
        """End phases until `phasing`'s `phase` begins (or the game ends)."""
        for _ in range(_GUARD):
            self.answer()
            view = self.umpire()
            if view["over"] or (view["phasing"], view["phase"]) == (phasing, phase):
                return
            if not self.act(view["acting"], {"action": "end-phase"}):
                return


def _script(play: Play) -> None:
    play.say(
        "German pioneers start preparing the road bridge (2 engineering actions, ENG-DEMO-03). "
        "The US sees only that Pioniere 1 is working, and may take opportunity fire (ENG-ACT-09)."
    )
    play.act("german", {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"})
    play.say("The US passes.")
    play.answer()
    play.say("An engineering action must be the unit's only action that turn:")
    play.act("german", {"action": "move", "unit": "pioneer-1", "to": [20, 30]})
    play.until("us", "maneuver")
    play.say("The Sherman moves up, and the US engineers start clearing the felled trees.")
    play.act("us", {"action": "move", "unit": "sherman-1", "to": [16, 22]})
    play.act("us", {"action": "engineer", "unit": "engineer-1", "task": "roadblock-clearing"})
    play.say("The MG 42 fires at them: disorder or worse cancels the work (ENG-ACT-10).")
    play.act("german", {"action": "opportunity-fire", "unit": "mg-team"})
    play.answer()
    play.until("us", "defensive_fire")
    play.act("german", {"action": "fire", "unit": "mg-team", "target": "rifle-1"})
    play.until("us", "offensive_fire")
    play.act("us", {"action": "fire", "unit": "sherman-1", "target": "mg-team"})
    play.until("german", "maneuver")
    play.say(
        "Pioniere 1 finishes the preparation; only the Germans learn that the bridge is ready."
    )
    play.act("german", {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"})
    play.answer()
    play.say(
        "Pioniere 2 fires the charge: its d10 is rolled now and sealed by the umpire until the US "
        "has answered; a 1 is a dud (ENG-DEMO-05, ENG-DEMO-06)."
    )
    play.act("german", {"action": "demolish", "unit": "pioneer-2", "demolition": "bridge"})
    play.answer()


def _secrets(game: AnyGame, demolition: str) -> Grid:
    """What each seat's view and log say of one demolition: the work on it is secret, a blast
    is not."""
    rows = []
    for seat in game.seats:
        known = [d for d in game.view(seat)["demolitions"] if d["id"] == demolition]
        said = [e["text"] for item in game.log_view(seat) for e in item["events"]]
        rows.append(
            {
                "seat": seat,
                "view": demolition_state(known[0]) if known else "not shown",
                "log": "\n".join(t for t in said if demolition in t) or "nothing",
            }
        )
    columns = (("seat", key("seat")), ("in its view", key("view")), ("in its log", key("log")))
    return table(f"what each seat knows of the {demolition}", rows, columns)


def _epilogue(game: AnyGame, out: Console, path: Path) -> None:
    out.rule("the odds")
    for name, args in (("engineering.demolition", ()), ("engineering.improve-position", ("dr=1",))):
        render_odds(out, odds_report(find_check(name), args))
    out.rule("the record")
    render_log(out, game.log_view(UMPIRE), "the umpire's log")
    to_act = game.seats_to_act()
    for seat in game.seats:
        if seat != UMPIRE:
            out.rule(f"what {seat} sees")
            render_view(out, game.view(seat), to_act)
    out.rule("secrets")
    out.print(_secrets(game, "bridge"))
    out.rule("the result" if game.over() else "the score")
    out.print(Text(standing_text(game, UMPIRE).rstrip("\n")))  # docs/victory.md
    out.rule("go on")
    # once the bridge is blown the game is over (GAME-OVER): the umpire may take it back
    then = f"undo {path}" if game.over() else f"act {path} --seat german end-phase"
    for line in (
        f"kriegsspiel show {path} --seat us",
        f"kriegsspiel log {path} --seat german",
        f"kriegsspiel {then}",
        "kriegsspiel odds --list",
    ):
        out.print(Text(f"  {line}"))


def run_demo(directory: Path, out: Console, seed: str | None = None) -> Path:
    """Play the scripted game into `directory`/demo-game.json and return that path.

    The dice follow the scenario's seed unless another `seed` is given."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / GAME_FILE
    game = new_game(SCENARIO, seed, published_seed=seed is None)
    save_game(game, path)
    _script(Play(game, path, out))
    _epilogue(game, out, path)
    return path
