"""Every Order Chain and Command Group a side could use now, for the legal list (CHQ-CHAIN,
CHQ-GROUP, CHQ-WILD, ABL-RECON-04..06).

Only the shape of each is decided here (one number, 6s and wild dice added; the commander and
up to three others within 6", one recon unit more); `perform` checks the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from kriegsspiel.core.choices import Domain
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.kept import kept
from kriegsspiel.rulesets.abilities.command import GROUP_LIMIT, GROUP_RADIUS
from kriegsspiel.rulesets.abilities.state import AblState, SideCommand, side_units
from kriegsspiel.rulesets.abilities.words import order_chain, wild_dice

Chain = tuple[tuple[int, ...], int]  # Command Dice faces and wild dice
SMALL_POOL = 32  # commanders looked through one by one rather than by 6" square


def chains(cmd: SideCommand, sizes: range) -> list[Chain]:
    """CHQ-CHAIN, CHQ-WILD: every Dice Chain of a size in `sizes` the side's dice make: some
    dice of one number (or none), any of its 6s, any of its wild dice."""
    sixes = cmd.dice.count(6)
    numbers = sorted({f for f in cmd.dice if f != 6})
    wilds = range(cmd.wild + 1)
    out: list[Chain] = []
    for number in (None, *numbers):
        most = cmd.dice.count(number) if number is not None else 0
        for same in range(1 if number is not None else 0, most + 1):
            base = [number] * same if number is not None else []
            for six in range(sixes + 1):
                dice = tuple(sorted((*base, *[6] * six)))
                out += [(dice, wild) for wild in wilds if same + six + wild in sizes]
    return out


def dice_domains(cmd: SideCommand, sizes: range) -> tuple[tuple[int, Domain], ...]:
    """The chains of `chains`, by their number of wild dice: for each, the choice of the dice.
    Any of them is as legal as another (CHQ-CHAIN: `take_chain` checks each chain alone)."""
    return _dice_domains(cmd.dice, cmd.wild, sizes.start, sizes.stop)


@lru_cache(maxsize=4096)  # every hand of Command Dice a game may hold, with its wild dice
def _dice_domains(
    dice: tuple[int, ...], wild: int, low: int, high: int
) -> tuple[tuple[int, Domain], ...]:
    cmd = SideCommand(dice=dice, wild=wild)
    by_wild: dict[int, list[tuple[int, ...]]] = {}
    for faces, extra in chains(cmd, range(low, high)):
        by_wild.setdefault(extra, []).append(faces)
    return tuple(
        (
            extra,
            Domain(
                "dice",
                "choice",
                options=tuple(options),
                labels=tuple(_chain_label(d, extra) for d in options),
            ),
        )
        for extra, options in sorted(by_wild.items())
    )


_chain_label = lru_cache(maxsize=1024)(order_chain)  # a chain's words, for every hand holding it


@lru_cache(maxsize=64)
def wild_domain(wild: int) -> Domain:
    """The wild dice an entry adds, as a choice of that one number (CHQ-WILD): each number of
    wild dice is an entry of its own, and a page shows it in words, not as a number to type."""
    words = wild_dice(wild) if wild else "no wild dice"
    return Domain("wild", "choice", options=(wild,), labels=(words,))


def _may_activate(state: AblState, ident: str) -> bool:
    """`command.may_activate` as a test, without raising (CHQ-ACT, ABL-RECON-07, ABL-BREAK-06)."""
    if ident in state.blinds:
        stamp = state.blinds[ident].activated
        return stamp is None or stamp[0] != state.turn
    u, line = state.units[ident], state.line(ident)
    if u.activated == state.stamp:
        return False
    if u.activated is not None and u.activated[0] == state.turn and not line.recon_vehicle:
        return False
    if u.broke_off is not None and u.broke_off[0] == state.turn:
        strict = state.scenario.options.strict_breakoff_no_activation
        return not (strict or not line.recon_vehicle)
    return True


def commanders(state: AblState, side: str) -> list[str]:
    """The units and Blinds of `side` that may be activated now (CHQ-ACT): each may command."""
    units = state.units
    out = [u for u in side_units(state, side) if not units[u].dispersed and units[u].blind is None]
    out += [b for b, s in state.blinds.items() if s.side == side and not s.gone]
    return [m for m in out if _may_activate(state, m)]


class _Member(NamedTuple):
    ident: str
    where: tuple[float, float]
    suppressed: bool
    reserve: bool
    recon: bool


def _member(state: AblState, ident: str) -> _Member:
    """What decides whether a unit or a Blind (never suppressed, in reserve or recon) may join
    a Command Group."""
    u = state.units.get(ident)
    if u is None:
        return _Member(ident, state.blinds[ident].position, False, False, False)
    return _Member(ident, u.position, u.suppressed, u.reserve, state.line(ident).has("recon"))


class Nearby:
    """The units and Blinds of a pool by 6" square, to find those near a commander fast, with
    what decides who may join whom (CHQ-GROUP, CHQ-RESERVE, ABL-RECON-04)."""

    def __init__(self, state: AblState, pool: list[str]) -> None:
        self.state, self.pool = state, pool

    @kept
    def members(self) -> dict[str, _Member]:
        """Worked out when first asked for: a random draw asks only for an Order Chain drawn."""
        state = self.state
        return {m: _member(state, m) for m in self.pool}

    @kept
    def cells(self) -> dict[tuple[int, int], list[_Member]]:
        cells: dict[tuple[int, int], list[_Member]] = {}
        if len(self.pool) > SMALL_POOL:
            for info in self.members.values():
                cells.setdefault(self._cell(info.where), []).append(info)
        return cells

    @staticmethod
    def _cell(p: tuple[float, float]) -> tuple[int, int]:
        return int(p[0] // GROUP_RADIUS), int(p[1] // GROUP_RADIUS)

    def around(self, p: tuple[float, float]) -> Iterator[_Member]:
        if not self.cells:  # a small pool: all of it
            yield from self.members.values()
            return
        cx, cy = self._cell(p)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                yield from self.cells.get((cx + dx, cy + dy), ())


def groups(state: AblState, commander: str, nearby: Nearby) -> Iterator[tuple[str, ...]]:
    """CHQ-GROUP, CHQ-RESERVE, ABL-RECON-04..06: the other members `commander` may take from
    the pool (units and Blinds that may be activated): none, or up to three within 6" that are
    not suppressed and, like it, from reserve or not, plus one recon unit; a recon commander
    takes only recon units; a suppressed commander goes alone."""
    yield ()
    me = nearby.members.get(commander) or _member(state, commander)
    if me.suppressed:
        return
    near = sorted(
        m.ident
        for m in nearby.around(me.where)
        if m.ident != commander
        and distance(me.where, m.where) <= GROUP_RADIUS + 1e-9
        and not m.suppressed
        and m.reserve == me.reserve
        and (m.recon or not me.recon)
    )
    for size in range(1, GROUP_LIMIT):
        yield from combinations(near, size)
    # the commander and GROUP_LIMIT others only with a recon unit among them (ABL-RECON-04)
    for others in combinations(near, GROUP_LIMIT):
        if me.recon or any(nearby.members[o].recon for o in others):
            yield others


__all__ = ["Chain", "Nearby", "chains", "commanders", "dice_domains", "groups"]
