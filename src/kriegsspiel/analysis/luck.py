"""The luck audit: how each dice source's faces fell against the odds, as a seat may see them.

Every face of a d`n` is scored by its mid-percentile, (face − ½) / n, so a fair die averages
exactly 1/2 whatever its size. A player's luck is the mean score of every face they rolled (or
typed in) in the rolls the seat may see; the umpire sees every roll, a side only its share.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import msgspec

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.game import Game
from kriegsspiel.core.log import undone


def face_score(face: int, sides: int) -> Fraction:
    return Fraction(2 * face - 1, 2 * sides)


def _results(value: Any) -> Iterator[CheckResult]:
    """Every CheckResult held anywhere in an event."""
    if isinstance(value, CheckResult):
        yield value
    elif isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from _results(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _results(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _results(item)


def luck_report(game: Game[Any, Any, Any, Any], seat: str) -> list[dict[str, Any]]:
    """Per dice source: rolls, faces, mean face score (exact and as a percentage)."""
    game.check_seat(seat)
    gone = undone(game.log)
    scores: dict[str, list[Fraction]] = {}
    rolls: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()  # a sealed roll is shown again when it resolves
    for entry in game.log:
        if entry.seq in gone:
            continue
        for record in entry.visible_records(seat):
            for result in _results(record.event):
                ident = (result.origin, result.key)
                if not result.sides or (result.key and ident in seen):
                    continue
                seen.add(ident)
                rolls[result.origin] = rolls.get(result.origin, 0) + 1
                faces = scores.setdefault(result.origin, [])
                for pool_faces, sides in zip(result.faces, result.sides, strict=True):
                    faces += [face_score(f, sides) for f in pool_faces]
    out = []
    for origin in sorted(scores):
        mean = sum(scores[origin], Fraction(0)) / len(scores[origin])
        out.append(
            {
                "source": origin,
                "rolls": rolls[origin],
                "faces": len(scores[origin]),
                "mean_score": f"{mean.numerator}/{mean.denominator}",
                "percent": round(float(mean * 100), 1),
            }
        )
    return out
