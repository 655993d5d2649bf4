"""The `waterborne` state as a seat knows it (`Ruleset.knowledge`).

Crossfire plays in the open: every move, fire result, pontoon crew and craft is on the table,
and whatever the log showed everyone (moves, fire, boarding, work) is common knowledge. Two
kinds of fact are not, and are taken out of what a side (or the public display) knows:

- CF-HIDDEN: an enemy unit still hidden does not exist for the seat. It is removed from the
  units and from the scenario's roster, so it reads exactly like a unit that never was; so is
  everything about it (its status, what the umpire set, its rallies).
- An enemy stand's own weapon values (`dice`, `he`, `eff`), which the view shows only to its side
  and the umpire: the seat assumes the stand kind's defaults (its kind's direct-fire dice, no
  HE and no EFF). Nothing a seat asks about its own actions reads an enemy's weapons (every roll
  of an action is made with the acting side's weapons, crews and craft), so the assumption
  changes no answer; it only keeps the values out.

The public seat knows what both sides know in common: neither side's hidden units nor weapons.
The umpire knows the state itself. The copy is shallow: unchanged units and specs are shared.

So no roll of this ruleset is secret: an action never rolls for a fact its seat does not know.
A side cannot fire at a hidden unit (CF-HIDDEN), EFF falls only on stands riding small craft
(WAT-FIRE-03: never hidden) or on a bridge crew (WAT-PONTOON-13: revealed by working), and a
hidden unit's own rally is its side's action.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.memo import Memo
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.secrecy import unshared
from kriegsspiel.rulesets.waterborne.scenario import WatScenario, WatUnit
from kriegsspiel.rulesets.waterborne.state import WatState, share_board

# the scenario as a side knows it, by (scenario, side, the enemy units hidden from it)
_KNOWN: Memo[WatScenario] = Memo(limit=64)  # a scenario as each side knows it


def knowledge(state: WatState, seat: str) -> WatState:
    """`state` with every fact hidden from `seat` removed (see the module docstring)."""
    if seat == UMPIRE:
        return state
    side = seat if seat in state.scenario.side_ids else None  # None: the public display
    units = state.units
    others = state.rosters.foes[side] if side is not None else units
    hidden = tuple(u for u in others if not units[u].revealed)
    scenario = _known_scenario(state.scenario, side, hidden)
    if scenario is state.scenario:
        return state
    if hidden:
        gone = set(hidden)
        units = {u: unit for u, unit in units.items() if u not in gone}
    return replace(state, scenario=scenario, units=units)


def secrets(state: WatState, seat: str) -> frozenset[str]:
    """The strings hidden from `seat` (`Ruleset.secrets`): the id and name of each enemy unit
    still hidden (CF-HIDDEN), where no unit it knows shares them. An enemy stand's weapon values
    are numbers, not text: the pairs of tests/waterborne check those."""
    if seat == UMPIRE:
        return frozenset()
    side = seat if seat in state.scenario.side_ids else None
    out: list[str] = []
    for uid, unit in state.units.items():
        spec = state.spec(uid)
        if not unit.revealed and spec.side != side:
            out += [uid, spec.name]
    return unshared(out, knowledge(state, seat))


def _known_scenario(
    scenario: WatScenario, side: str | None, hidden: tuple[str, ...]
) -> WatScenario:
    """The roster as the side knows it: without the hidden enemy units (CF-HIDDEN), enemy
    weapons assumed (built once for each set of hidden units)."""
    hit = _KNOWN.get(scenario, (side, hidden))
    if hit is not None:
        return hit
    gone = set(hidden)
    specs: list[WatUnit] = []
    changed = bool(hidden)
    for spec in scenario.units:
        if spec.id in gone:
            continue
        if spec.side != side:
            known = assumed_weapons(spec)
            changed = changed or known is not spec
            spec = known
        specs.append(spec)
    known_scenario = replace(scenario, units=tuple(specs)) if changed else scenario
    if changed:
        share_board(known_scenario, scenario)
    return _KNOWN.put(scenario, known_scenario, (side, hidden))


def assumed_weapons(spec: WatUnit) -> WatUnit:
    """What a seat assumes of an enemy stand's weapons: its kind's (CF-FIRE), no HE, no EFF."""
    if spec.dice is None and spec.he == 0 and spec.eff == 0:
        return spec
    return replace(spec, dice=None, he=0, eff=0)
