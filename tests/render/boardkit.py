"""Helpers of the board's tests: bundled games played a few seeded steps, the ids a view holds,
the strings a picture carries, and normalised snapshots."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from kriegsspiel import new_game
from kriegsspiel.core.game import Game
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.render import board
from kriegsspiel.scenario.load import bundled_names

AnyGame = Game[Any, Any, Any, Any]
NS = "{http://www.w3.org/2000/svg}"
SNAPSHOTS = Path(__file__).parent / "snapshots"
SCENARIOS = bundled_names()


def played(name: str, steps: int, seed: int = 0) -> AnyGame:
    """A bundled game after `steps` seeded legal actions (a step the rules refuse is skipped)."""
    game = new_game(name, seed=f"board-{seed}")
    rng = random.Random(seed)
    for _ in range(steps):
        seats = game.ruleset.seats_to_act(game.state)
        if not seats:
            break
        seat = rng.choice(sorted(seats))
        try:
            choices = game.legal_actions(seat)
            if not choices:
                continue
            game.act(seat, game.parse_action(rng.choice(choices).sample(rng)))
        except KriegsspielError:
            continue
    return game


@cache
def games(name: str) -> list[AnyGame]:
    return [new_game(name, seed="board"), played(name, 25, 1), played(name, 60, 2)]


def ids(data: Any) -> Iterator[str]:
    """The id of every mapping in the view that has one."""
    if isinstance(data, dict):
        if isinstance(data.get("id"), str) and data["id"]:
            yield data["id"]
        for value in data.values():
            yield from ids(value)
    elif isinstance(data, list):
        for value in data:
            yield from ids(value)


def strings(data: Any) -> Iterator[str]:
    """Every string of the view as it is sent: keys and values."""
    data = msgspec.json.decode(msgspec.json.encode(data))
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack += [str(k) for k in item] + list(item.values())
        elif isinstance(item, list):
            stack += item


def svg_strings(svg: str) -> set[str]:
    """What a picture carries: its texts (and the parts of composite ones), the ids it names,
    and the words of its class names (each also without its prefix: kind-x gives x)."""
    out: set[str] = set()
    for e in ET.fromstring(svg).iter():
        if e.tag == f"{NS}style":
            continue
        body = (e.text or "").strip()
        if body:
            out.add(body)
            out |= {p.strip() for p in re.split(r"; |: ", body) if p.strip()}
        for key in ("data-id", "data-unit", "data-for", "aria-label"):
            if e.get(key):
                out.add(e.get(key, ""))
        for word in e.get("class", "").split():
            out |= {word, word.split("-", 1)[-1]}
    return out


def data_ids(svg: str) -> set[str]:
    return {e.get("data-id", "") for e in ET.fromstring(svg).iter()} - {""}


def normalised(svg: str) -> str:
    """A snapshot's text: the SVG indented one element a line."""
    root = ET.fromstring(svg)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode").replace("ns0:", "").replace(":ns0", "") + "\n"


def snapshot_cases() -> list[tuple[str, str]]:
    """Each bundled scenario from the umpire's seat and its first side's."""
    out = []
    for name in SCENARIOS:
        game = new_game(name, seed="snapshot")
        sides = [s for s in game.seats if s not in ("umpire", "public")]
        out += [(name, "umpire"), (name, sides[0])]
    return out


def snapshot_svg(name: str, seat: str) -> str:
    return normalised(board(new_game(name, seed="snapshot").view(seat)))


def snapshot_path(name: str, seat: str) -> Path:
    return SNAPSHOTS / f"{name}-{seat}.svg"
