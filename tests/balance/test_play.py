"""Games played by bots from their seats: who acts, how a game ends, and the same records for
the same seed whatever the number of workers."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from kriegsspiel.balance import balance, play_games, seat_bots
from kriegsspiel.balance.play import Verdict, game_seed, play_game, played, verdict
from kriegsspiel.bots import BOTS, RandomBot, SeatTable
from kriegsspiel.errors import InputError, KriegsspielError
from kriegsspiel.scenario.load import load_scenario

DEMO = load_scenario("demo")
RANDOM = {"german": "random", "us": "random"}


def test_the_same_seed_gives_the_same_games_in_one_process_or_two() -> None:
    alone = play_games(DEMO, RANDOM, 6, "same", workers=1)
    shared = play_games(DEMO, RANDOM, 6, "same", workers=2)
    assert shared == alone
    assert [r.index for r in alone] == list(range(6))
    assert len({r.actions for r in alone}) > 1  # the games differ from one another


def test_a_game_depends_on_the_seed_and_its_index_alone() -> None:
    few = play_games(DEMO, RANDOM, 3, "same", workers=1)
    assert few == play_games(DEMO, RANDOM, 6, "same", workers=1)[:3]
    assert play_game(DEMO, RANDOM, "same", 2) == few[2]
    assert [r.actions for r in play_games(DEMO, RANDOM, 3, "other", workers=1)] != [
        r.actions for r in few
    ]
    assert game_seed("same", 2) != game_seed("same", 3)
    assert game_seed("same", 2) != game_seed("other", 2)


def test_a_random_game_of_the_demo_runs_to_its_last_turn() -> None:
    played = play_game(DEMO, RANDOM, "s", 0)
    assert played.ending == "over"
    assert played.turn == 6  # demo.yaml: `turns: 6`
    assert played.actions > 0


class Recorder:
    """A random bot that notes what it was given."""

    name = "recorder"
    seen: list[tuple[type, str, bool]] = []

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None:
        Recorder.seen.append((type(table), table.seat, table.to_act()))
        return table.random_action(rng)


class Passer:
    name = "passer"

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None:
        return None


class Cheat:
    name = "cheat"

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None:
        return {"action": "move", "unit": "pioneer-1", "to": [0.0, 0.0]}


@pytest.fixture
def bots(monkeypatch: pytest.MonkeyPatch) -> None:
    for bot in (Recorder, Passer, Cheat):
        monkeypatch.setitem(BOTS, bot.name, bot)
    Recorder.seen = []


@pytest.mark.usefixtures("bots")
def test_a_bot_is_given_only_its_seats_table_when_that_seat_may_act() -> None:
    played = play_game(DEMO, {"german": "recorder", "us": "recorder"}, "s", 0, max_actions=20)
    assert played.ending == "cut off"
    assert played.actions == 20
    assert {kind for kind, _, _ in Recorder.seen} == {SeatTable}
    assert {seat for _, seat, _ in Recorder.seen} == {"german", "us"}
    assert all(to_act for _, _, to_act in Recorder.seen)


@pytest.mark.usefixtures("bots")
def test_a_game_where_no_seat_that_may_act_has_an_action_is_stalled() -> None:
    played = play_game(DEMO, {"german": "passer", "us": "passer"}, "s", 0)
    assert (played.ending, played.actions, played.winner) == ("stalled", 0, None)


@pytest.mark.usefixtures("bots")
def test_a_refused_action_names_the_game_and_the_bot() -> None:
    with pytest.raises(KriegsspielError, match=r"game 4: german's bot cheat chose a refused"):
        play_game(DEMO, {"german": "cheat", "us": "random"}, "s", 4)


def test_a_games_record_is_its_result() -> None:
    """The demo's random games, some won and some drawn: each record holds `Game.result()`,
    its reasons but the last, the verdict with the points."""
    names = {"german": "Wehrmacht", "us": "US Army"}
    winners = set()
    for index in range(12):
        game, ending, actions = played(DEMO, RANDOM, "won", index)
        result = game.result()
        record = play_game(DEMO, RANDOM, "won", index)
        assert ending == record.ending == "over"
        assert result is not None
        assert (record.winner, record.scores, record.actions) == (
            result.winner,
            result.scores,
            actions,
        )
        assert record.reasons == result.reasons[:-1]
        verdict_line = f"{names[result.winner]} wins" if result.winner else "a draw"
        assert result.reasons[-1].startswith(verdict_line)
        winners.add(record.winner)
    assert winners >= {None, "us"}  # both kinds of ending were checked


def test_verdict_reads_the_games_result() -> None:
    won = SimpleNamespace(
        winner="us",
        scores={"us": 3, "german": 1},
        reasons=("bridge taken", "US Army wins (Wehrmacht 1, US Army 3)"),
    )
    game: Any = SimpleNamespace(result=lambda: won)
    assert verdict(game) == Verdict("us", {"us": 3, "german": 1}, ("bridge taken",))
    still: Any = SimpleNamespace(result=lambda: None, scores=lambda: {"us": 1, "german": 0})
    assert verdict(still) == Verdict(None, {"us": 1, "german": 0}, ())


def test_sides_not_named_are_played_by_the_random_bot() -> None:
    assert seat_bots(DEMO, {"us": "random"}) == RANDOM
    assert isinstance(BOTS["random"](), RandomBot)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ({"french": "random"}, "bots: unknown side 'french' (sides: german, us)"),
        ({"umpire": "random"}, "bots: unknown side 'umpire'"),
        ({"us": "genius"}, "bots: unknown bot 'genius' (known: "),
    ],
)
def test_unknown_sides_and_bots_are_refused(bots: dict[str, str], message: str) -> None:
    with pytest.raises(InputError) as refused:
        balance(DEMO, bots, 1)
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize(("games", "workers"), [(0, 1), (-2, 1), (1, 0)])
def test_no_games_or_no_workers_are_refused(games: int, workers: int) -> None:
    with pytest.raises(InputError, match="must be 1 or more"):
        play_games(DEMO, RANDOM, games, workers=workers)


def test_progress_is_told_every_game() -> None:
    told: list[int] = []
    balance(DEMO, RANDOM, 5, workers=1, progress=told.append)
    assert sum(told) == 5
