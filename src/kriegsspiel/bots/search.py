"""`search`: information-set Monte Carlo tree search with determinization (single-observer
ISMCTS, as in OpenSpiel's `ismcts`).

Each iteration draws a full state consistent with what the seat knows (`SeatTable.sample_state`:
`Ruleset.determinize` of its knowledge), then walks the tree from the root, each seat to act
choosing among the actions legal in that determinization by UCT, where a child's exploration
term counts the iterations it was available in (not its parent's visits); the first untried
action is added, a random rollout of up to `depth` actions follows, and every side's reward
(`bots.value.reward`: the result once there is one, else the value squashed to (0, 1)) is
backed up, each node crediting the seat that chose it. The move played is the root's most
visited. At the root the actions are the seat's own legal list, an open parameter drawn
`samples` times, narrowed to the `width` of the best outlook one ply ahead (valued by
`bots.value` alone, without the enemy's answer greedy weighs, so the search spends its playouts
where they can change the choice), each starting with its one-ply expectation counted as `PRIOR`
visits (so few playouts play as greedy would); deeper, an action with open parameters stands
for its listed value.

The budget is `playouts` iterations, or `ms` milliseconds of wall-clock time from the start of
the choice (at least one iteration, and the root's narrowing, which comes first); with playouts
and a seeded `rng` it is deterministic.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import msgspec

from kriegsspiel.bots.greedy import variants
from kriegsspiel.bots.table import SeatTable
from kriegsspiel.bots.value import measure, reward, squash
from kriegsspiel.core.sim import Sim, parse_action
from kriegsspiel.errors import KriegsspielError

PLAYOUTS = 100
DEPTH = 4  # random actions of a rollout past the tree
EXPLORATION = 0.7  # UCT's constant
SAMPLES = 3  # draws of a root action's open parameters
WIDTH = 6  # root actions searched: the best outlooks one ply ahead
OUTLOOK_PATHS = 100  # chance-tree paths of a root action's outlook walked exactly
OUTLOOK_SAMPLES = 40  # playouts estimating it past them
PRIOR = 4  # visits a root action's one-ply outlook counts as, before any playout


class Node:
    """The statistics of one action in the tree: who chose it, visits, reward and availability,
    and the actions that follow it."""

    __slots__ = ("actor", "available", "children", "total", "visits")

    def __init__(self, actor: str) -> None:
        self.actor = actor
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.children: dict[bytes, Node] = {}

    def score(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(
            math.log(self.available) / self.visits
        )


def key(action: Any) -> bytes:
    return msgspec.msgpack.encode(action)


class SearchBot:
    """ISMCTS with determinization (see the module docstring)."""

    def __init__(
        self,
        playouts: int | None = None,
        ms: float | None = None,
        depth: int = DEPTH,
        samples: int = SAMPLES,
        width: int = WIDTH,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.width = width
        self.clock = clock
        self.playouts = playouts if playouts is not None or ms is not None else PLAYOUTS
        self.ms = ms
        self.depth = depth
        self.samples = samples
        self.name = "search"
        self.iterations = 0  # of the last choice, for budget checks

    def choose(self, table: SeatTable, rng: random.Random) -> dict[str, Any] | None:
        self.iterations = 0
        deadline = None if self.ms is None else self.clock() + self.ms / 1000  # all of it counts
        choices = table.legal_actions()
        if not choices:
            return None
        sim = table.simulator()
        root_actions: list[tuple[bytes, Any, dict[str, Any]]] = []
        for choice in choices:
            for data in variants(choice, rng, self.samples):
                try:
                    typed = parse_action(sim.ruleset, data)
                except KriegsspielError:
                    continue
                root_actions.append((key(typed), typed, data))
        root_actions, priors = self._widest(table, sim, root_actions)
        if len(root_actions) == 1:
            return root_actions[0][2]
        root = Node(table.seat)
        for (k, _, _), prior in zip(root_actions, priors, strict=True):
            if prior is not None:  # the one-ply outlook counts as PRIOR visits of its value
                child = root.children[k] = Node(table.seat)
                child.visits, child.total = PRIOR, PRIOR * prior
        while True:
            self._iterate(sim, table, root, root_actions, rng)
            self.iterations += 1
            if self.playouts is not None and self.iterations >= self.playouts:
                break
            if deadline is not None and self.clock() >= deadline:
                break
        visited = [
            (root.children[k].visits, i)
            for i, (k, _, _) in enumerate(root_actions)
            if k in root.children
        ]
        if not visited:
            return rng.choice(root_actions)[2]
        most = max(v for v, _ in visited)
        return root_actions[min(i for v, i in visited if v == most)][2]

    def _widest(
        self,
        table: SeatTable,
        sim: Sim[Any, Any, Any, Any],
        actions: list[tuple[bytes, Any, dict[str, Any]]],
    ) -> tuple[list[tuple[bytes, Any, dict[str, Any]]], list[float | None]]:
        """The `width` root actions of the best outlook one ply ahead (by `bots.value`), in
        their listed order: the search spends its playouts on those; with each, its expected
        value as a reward (`bots.value.squash`), None where it has no outlook."""
        valued = measure(sim.ruleset, table.seat)
        expected: dict[int, float] = {}
        for i, (_, _, data) in enumerate(actions):
            try:
                outlook = table.outlook(data, valued, budget=OUTLOOK_PATHS, samples=OUTLOOK_SAMPLES)
            except KriegsspielError:
                continue
            expected[i] = outlook.expected(float)
        best = sorted(expected, key=lambda i: -expected[i])[: self.width]
        kept = sorted(best) if best else list(range(len(actions)))
        return [actions[i] for i in kept], [
            squash(expected[i]) if i in expected else None for i in kept
        ]

    def _iterate(
        self,
        sim: Sim[Any, Any, Any, Any],
        table: SeatTable,
        root: Node,
        root_actions: list[tuple[bytes, Any, dict[str, Any]]],
        rng: random.Random,
    ) -> None:
        state = table.sample_state(rng)
        node, path = root, []
        first = True
        broken = False
        while not sim.over(state):
            seats = sim.seats_to_act(state)
            if not seats:
                break
            actor = table.seat if first else seats[0]
            if first:
                actions = [(k, a) for k, a, _ in root_actions]
            else:
                actions = [(key(c.action), c.action) for c in sim.legal(state, actor)]
            first = False
            if not actions:
                break
            untried = [(k, a) for k, a in actions if k not in node.children]
            for k, _ in actions:
                if k in node.children:
                    node.children[k].available += 1
            if untried:
                k, action = rng.choice(untried)
                child = node.children[k] = Node(actor)
            else:
                k, action = max(actions, key=lambda ka: node.children[ka[0]].score())
                child = node.children[k]
            try:
                state = sim.step(state, actor, action, rng)
            except KriegsspielError:  # the determinization refused it: score where it stands
                broken = True
            path.append(child)
            node = child
            if untried or broken:
                break
        if not broken:
            state = self._rollout(sim, state, rng)
        rewards: dict[str, float] = {}
        for child in path:
            if child.actor not in rewards:
                rewards[child.actor] = reward(sim.ruleset, state, child.actor)
            child.visits += 1
            child.total += rewards[child.actor]

    def _rollout(self, sim: Sim[Any, Any, Any, Any], state: Any, rng: random.Random) -> Any:
        for _ in range(self.depth):
            if sim.over(state):
                break
            seats = sim.seats_to_act(state)
            if not seats:
                break
            seat = seats[0]
            action = sim.random_action(state, seat, rng)
            if action is None:
                break
            try:
                state = sim.step(state, seat, action, rng)
            except KriegsspielError:
                break
        return state


__all__ = ["SearchBot"]
