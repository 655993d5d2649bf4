"""How the log and the refusals put things: sides as "the <name>", distances and places to the
tenth of an inch, angles to the degree, counts with their noun in the right number, Order Chains
by size."""

from __future__ import annotations

import math
from collections.abc import Sequence

from kriegsspiel.core.scenario import Point

CHAIN_SIZES = {1: "single", 2: "double", 3: "triple"}


def the(name: str) -> str:
    """A side's display name with its article: "the US", "the Germans (Max)"."""
    return name if name[:4].lower() == "the " else f"the {name}"


def tenths(x: float) -> str:
    """A number of inches to the tenth, without a needless ".0" (3.00004 -> "3")."""
    return _plain(round(x, 1))


def inches(x: float) -> str:
    """A distance moved or measured, as players measure it: 3.00004 -> 3", 2.7182 -> 2.7"."""
    return f'{tenths(x)}"'


def range_inches(x: float) -> str:
    """A range, rounded up to the tenth: a range just past a band's limit never reads as on
    it (6.04" is effective, not short, and reads 6.1")."""
    return f'{_plain(math.ceil(round(x * 10, 6)) / 10)}"'


def place(p: Point) -> str:
    """A point on the table, to the tenth of an inch: 27.0748,22.2546 -> 27.1,22.3."""
    return f"{tenths(p[0])},{tenths(p[1])}"


def degrees(angle: float) -> str:
    """A facing to the degree: 136.12 -> 136°."""
    return f"{round(angle) % 360}°"


def count(n: int, noun: str, plural: str = "") -> str:
    """`n` and its noun: 1 success, 2 successes, no sixes."""
    many = plural or f"{noun}s"
    return f"{n} {noun if n == 1 else many}"


def listed(items: Sequence[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def wild_dice(n: int) -> str:
    return count(n, "wild die", "wild dice")


def command_dice(dice: Sequence[int], wild: int) -> str:
    """Command Dice by their faces, with any wild dice: "Command Dice [4, 4]", "Command Die [6]
    and 1 wild die", "2 wild dice" (CHQ-TURN, CHQ-WILD)."""
    what = []
    if dice:
        what.append(f"Command {'Die' if len(dice) == 1 else 'Dice'} {list(dice)}")
    if wild:
        what.append(wild_dice(wild))
    return listed(what)


def order_chain(dice: tuple[int, ...], wild: int) -> str:
    """An Order Chain by its size and dice: "a double Order Chain [4, 4]", "a single Order
    Chain of 1 wild die", "a triple Order Chain [6] + 2 wild dice" (CHQ-CHAIN)."""
    size = len(dice) + wild
    name = f"a {CHAIN_SIZES.get(size, f'{size}-die')} Order Chain"
    if not dice:
        return f"{name} of {wild_dice(wild)}"
    return f"{name} {list(dice)}" + (f" + {wild_dice(wild)}" if wild else "")


def _plain(x: float) -> str:
    return f"{x + 0.0:.1f}".removesuffix(".0")  # + 0.0: no "-0"
