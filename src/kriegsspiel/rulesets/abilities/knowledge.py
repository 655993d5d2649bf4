"""What a seat knows of an `abilities` state: the state with every fact hidden from it removed.

Hidden from a side (and from the public table display, which knows only what both sides know):

- the enemy units inside a Blind, and so whether a Blind is a dummy (CHQ-BLIND): such units are
  removed from `specs`, `lines`, `units` and from the scenario's unit list, so to the seat they
  are units that do not exist and every enemy Blind looks like any other (an empty Blind);
- the enemy units in reserve (CHQ-RESERVE): removed the same way until they enter;
- which hidden units of the enemy's activated group have tried to spot (ABL-RECON-03; recorded
  for the owner only): `activation.spotters` keeps only the units the seat knows;
- the scenario's own statline definitions (`statlines`), which name the hidden units' types:
  every statline the seat needs is already resolved in `lines` (only the initial state reads
  them, so where nothing is hidden from the seat they are left, and the state is its own).

Nothing else is hidden: Command Dice, Blinds' places, units on the table and every result of
fire are public. The umpire knows the state itself.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core.memo import WHOLE, Memo
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.core.secrecy import unshared
from kriegsspiel.rulesets.abilities.catalogue import Statline
from kriegsspiel.rulesets.abilities.scenario import AblScenario, AblUnit
from kriegsspiel.rulesets.abilities.state import AblState, foreign_units

Known = tuple[AblScenario, dict[str, AblUnit], dict[str, Statline]]  # scenario, specs, lines


def hidden_from(state: AblState, seat: str) -> frozenset[str]:
    """The units `seat` may not know of: another side's units in a Blind or in reserve."""
    units = state.units
    return frozenset(
        u for u in foreign_units(state, seat) if units[u].blind is not None or units[u].reserve
    )


def knowledge(state: AblState, seat: str) -> AblState:
    """`state` as `seat` knows it (see the module docstring for each assumption)."""
    if seat == UMPIRE:
        return state
    hidden = hidden_from(state, seat)
    if not hidden:
        return state  # nothing to remove: `Game.act` need not validate the action twice
    activation = state.activation
    if activation is not None and activation.side != seat and activation.spotters:
        spotters = tuple(u for u in activation.spotters if u not in hidden)
        activation = replace(activation, spotters=spotters)
    scenario, specs, lines = _known(state, hidden)
    return replace(
        state,
        scenario=scenario,
        specs=specs,
        lines=lines,
        units={k: v for k, v in state.units.items() if k not in hidden},
        activation=activation,
    )


_KNOWN: Memo[tuple[AblScenario, dict[str, Statline], Known]] = Memo(WHOLE)


def _known(state: AblState, hidden: frozenset[str]) -> Known:
    """The scenario, specs and lines without the `hidden` units: made once for each set of
    hidden units of a game (they change only when a unit is revealed or enters), so that the
    seat's knowledge of successive states shares them."""
    kept = _KNOWN.get(state.specs, hidden)
    if kept is not None and kept[0] is state.scenario and kept[1] is state.lines:
        return kept[2]
    units = tuple(u for u in state.scenario.units if u.id not in hidden)
    known = (
        replace(state.scenario, units=units, statlines={}),
        {k: v for k, v in state.specs.items() if k not in hidden},
        {k: v for k, v in state.lines.items() if k not in hidden},
    )
    _KNOWN.put(state.specs, (state.scenario, state.lines, known), hidden)
    return known


def secrets(state: AblState, seat: str) -> frozenset[str]:
    """The strings hidden from `seat` (`Ruleset.secrets`): the id, name, statline and statline
    name of each enemy unit in a Blind or in reserve (so what a Blind holds, and that a Blind
    holding none of them is a dummy, shows as nothing), where no unit it knows shares them."""
    if seat == UMPIRE:
        return frozenset()
    out: list[str] = []
    for uid in hidden_from(state, seat):
        spec = state.specs[uid]
        out += [uid, spec.name, spec.type, state.lines[uid].name]
    return unshared(out, knowledge(state, seat))


__all__ = ["hidden_from", "knowledge", "secrets"]
