"""Games on a Ray cluster: a local instance plays the same games as one process (few games: a
Ray instance takes seconds to start; `-m "not ray"` leaves this out)."""

from __future__ import annotations

import pytest

from kriegsspiel.balance import LOCAL_RAY, play_games
from kriegsspiel.scenario.load import load_scenario

pytest.importorskip("ray")  # the `cluster` extra, which `make test` installs

pytestmark = pytest.mark.ray

BOTS = {"german": "random", "us": "random"}


def test_a_local_ray_instance_plays_the_same_games_as_one_process() -> None:
    import ray

    demo = load_scenario("demo")
    told: list[int] = []
    on_ray = play_games(demo, BOTS, 4, "ray", ray=LOCAL_RAY, progress=told.append)
    assert on_ray == play_games(demo, BOTS, 4, "ray", workers=1)
    assert sum(told) == 4
    assert not ray.is_initialized()  # the instance it started is shut down
