"""Every Order Chain and Command Group a side could use now, for the legal list (CHQ-CHAIN,
CHQ-GROUP, CHQ-WILD, ABL-RECON-04..06).

Only the shape of each is decided here (one number, 6s and wild dice added; the commander and
up to three others within 6", one recon unit more); `perform` checks the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from kriegsspiel.core.geometry import distance
from kriegsspiel.errors import KriegsspielError
from kriegsspiel.rulesets.abilities.command import GROUP_LIMIT, GROUP_RADIUS, may_activate
from kriegsspiel.rulesets.abilities.state import AblState, SideCommand

Chain = tuple[tuple[int, ...], int]  # Command Dice faces and wild dice


def chains(cmd: SideCommand, sizes: range) -> list[Chain]:
    """CHQ-CHAIN, CHQ-WILD: every Dice Chain of a size in `sizes` the side's dice make: some
    dice of one number (or none), any of its 6s, any of its wild dice."""
    sixes = cmd.dice.count(6)
    numbers = sorted({f for f in cmd.dice if f != 6})
    out: list[Chain] = []
    for number in (None, *numbers):
        most = cmd.dice.count(number) if number is not None else 0
        for same in range(1 if number is not None else 0, most + 1):
            for six in range(sixes + 1):
                for wild in range(cmd.wild + 1):
                    if same + six + wild in sizes:
                        dice = (*([number] * same if number is not None else []), *[6] * six)
                        out.append((tuple(sorted(dice)), wild))
    return out


def describe_chain(chain: Chain) -> str:
    dice, wild = chain
    size = {1: "single", 2: "double", 3: "triple"}.get(len(dice) + wild, f"{len(dice) + wild}-die")
    extra = f" + {wild} wild" if wild else ""
    return f"a {size} Order Chain {list(dice)}{extra}"


def _may_activate(state: AblState, ident: str) -> bool:
    try:
        may_activate(state, ident)
    except KriegsspielError:
        return False
    return True


def _hidden(state: AblState, ident: str) -> bool:
    return ident in state.units and state.units[ident].blind is not None


def commanders(state: AblState, side: str) -> list[str]:
    """The units and Blinds of `side` that may be activated now (CHQ-ACT): each may command."""
    out = [
        u
        for u, spec in state.specs.items()
        if spec.side == side and not state.units[u].dispersed and not _hidden(state, u)
    ]
    out += [b for b, s in state.blinds.items() if s.side == side and not s.gone]
    return [m for m in out if _may_activate(state, m)]


def _recon(state: AblState, ident: str) -> bool:
    return ident in state.units and state.line(ident).has("recon")


def _reserve(state: AblState, ident: str) -> bool:
    return ident in state.units and state.units[ident].reserve


def _suppressed(state: AblState, ident: str) -> bool:
    return ident in state.units and state.units[ident].suppressed


class Nearby:
    """The units and Blinds of a pool by 6" square, to find those near a commander fast."""

    def __init__(self, state: AblState, pool: list[str]) -> None:
        self.cells: dict[tuple[int, int], list[str]] = {}
        for m in pool:
            self.cells.setdefault(self._cell(state.where(m)), []).append(m)

    @staticmethod
    def _cell(p: tuple[float, float]) -> tuple[int, int]:
        return int(p[0] // GROUP_RADIUS), int(p[1] // GROUP_RADIUS)

    def around(self, p: tuple[float, float]) -> Iterator[str]:
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
    if _suppressed(state, commander):
        return
    where = state.where(commander)
    reserve = _reserve(state, commander)
    recon_only = _recon(state, commander)
    near = sorted(
        m
        for m in nearby.around(where)
        if m != commander
        and distance(where, state.where(m)) <= GROUP_RADIUS + 1e-9
        and not _suppressed(state, m)
        and _reserve(state, m) == reserve
        and (_recon(state, m) or not recon_only)
    )
    for size in range(1, GROUP_LIMIT + 1):
        for others in combinations(near, size):
            members = (commander, *others)
            recon = sum(_recon(state, m) for m in members)
            if len(members) - (1 if recon else 0) <= GROUP_LIMIT:
                yield others


__all__ = ["Chain", "Nearby", "chains", "commanders", "describe_chain", "groups"]
