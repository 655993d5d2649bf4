"""`abilities`: unit abilities in Combat HQ, a Command-Pulse game (seed 004).

Implements every ability of seed 004 (ABL-SRF, -180, -BREAK, -ATTEAM, -HISUP, -LOWPRO, -RECON,
-SUST, -TOWED) on Combat HQ's turn of Command Pulses, Command Groups, fire, Reaction Checks,
Blinds and spotting (the CHQ-… rules of data/house_rules.toml). The seed's worked examples
(ABL-RECON-11, ABL-RECON-12, ABL-SUST-06, ABL-ATTEAM-03, ABL-ATTEAM-04) are the bundled scenario
`abilities` and are played through in tests/abilities/test_abl_worked_examples.py.
"""

from __future__ import annotations

from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import Ruleset, ViewList
from kriegsspiel.core.topics import Context
from kriegsspiel.core.victory import sudden_death
from kriegsspiel.rulesets.abilities import topics, victory
from kriegsspiel.rulesets.abilities.base import Act, Ev
from kriegsspiel.rulesets.abilities.candidates import candidates
from kriegsspiel.rulesets.abilities.checks import check_defs
from kriegsspiel.rulesets.abilities.hidden_things import hidden_things
from kriegsspiel.rulesets.abilities.knowledge import knowledge, secrets
from kriegsspiel.rulesets.abilities.scenario import AblScenario
from kriegsspiel.rulesets.abilities.state import AblState, BlindState, SideCommand, UnitState
from kriegsspiel.rulesets.abilities.view import AblView, view


class Abilities(Ruleset[AblScenario, AblState, Act, Ev]):
    name = "abilities"
    title = "Combat HQ: unit abilities"
    source = "004_5198d0f45709d96a.txt"
    scenario_type = AblScenario
    composed = topics.COMPOSED
    validates_before_events = True
    # how text shows the views: Combat HQ's units and Blinds, and the activation the enemy may
    # answer with opportunity fire
    view_lists = {"units": ViewList("units"), "blinds": ViewList("blinds")}
    action_word = "activation"

    def initial_state(self, scenario: AblScenario) -> AblState:
        lines = scenario.all_statlines()
        return AblState(
            scenario=scenario,
            specs={u.id: u for u in scenario.units},
            lines={u.id: lines[u.type] for u in scenario.units},
            turn=1,
            stage="command",
            command={s: SideCommand() for s in scenario.side_ids[:2]},
            units={
                u.id: UnitState(
                    position=u.position or (0.0, 0.0),
                    facing=u.facing,
                    blind=u.blind,
                    reserve=u.reserve,
                    limbered=u.limbered,
                )
                for u in scenario.units
            },
            blinds={
                b.id: BlindState(side=b.side, position=b.position, facing=b.facing, name=b.name)
                for b in scenario.blinds
            },
        )

    def context(self, state: AblState, seat: str, roll: Roll) -> Context[AblState]:
        return Context(state, seat, roll, topics.COMPOSED.appliers)  # the fields in order

    def typed_view(self, state: AblState, seat: str) -> AblView:
        return view(state, seat, self.seats_to_act(state))

    victory_facts = staticmethod(victory.facts)

    def seats_to_act(self, state: AblState) -> list[str]:
        if state.over:
            return []
        if state.stage == "command":
            return [s for s in state.sides if state.command[s].rolled is None]
        if state.attack is not None:
            pending = {
                state.specs[t.unit].side for t in state.attack.targets if t.answer == "pending"
            }
            return sorted(pending)
        if state.window is not None:
            return [state.window.side]
        return [state.pulse_side] if state.pulse_side else []

    def over(self, state: AblState) -> bool:
        """`Ruleset.over`: the last turn played, or a decisive objective holding. With no
        decisive objective the victory facts need not be read (`core.victory.judge`)."""
        if state.over:
            return True
        return sudden_death(state.scenario) and super().over(state)

    knowledge = staticmethod(knowledge)
    secrets = staticmethod(secrets)
    hidden_things = staticmethod(hidden_things)
    candidates = staticmethod(candidates)
    checks = staticmethod(check_defs)


RULESET = Abilities()

__all__ = ["RULESET", "Abilities", "AblScenario", "AblState"]
