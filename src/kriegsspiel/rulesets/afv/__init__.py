"""`afv`: armoured vehicles and their crews in a card-activated 1:1 skirmish game (seed 001).

Every rule of shared/rules/AFV.md: visibility (AFV-VIS), movement (AFV-MOVE), turret
(AFV-TURRET), ammunition (AFV-AMMO), malfunctions (AFV-MALF), morale (AFV-MORALE), bailing
out (AFV-BAIL), crew duties (AFV-CREW) and repairs (AFV-REPAIR), with the decisions of its
Ambiguities (AMB-AFV-01..23), on the parent game's card deck (SK-…).
"""

from __future__ import annotations

from kriegsspiel.core.roll import Roll
from kriegsspiel.core.ruleset import Ruleset, ViewList
from kriegsspiel.core.seats import UMPIRE
from kriegsspiel.rulesets.afv import topics, victory
from kriegsspiel.rulesets.afv.base import Act, Ctx, Ev
from kriegsspiel.rulesets.afv.candidates import candidates
from kriegsspiel.rulesets.afv.checks import check_defs
from kriegsspiel.rulesets.afv.deck import build_cards
from kriegsspiel.rulesets.afv.determinize import determinize
from kriegsspiel.rulesets.afv.knowledge import knowledge, secrets
from kriegsspiel.rulesets.afv.scenario import AfvScenario
from kriegsspiel.rulesets.afv.setup import initial_state
from kriegsspiel.rulesets.afv.state import AfvState
from kriegsspiel.rulesets.afv.view import clock_text, view


class Afv(Ruleset[AfvScenario, AfvState, Act, Ev]):
    name = "afv"
    title = "AFVs and their crews in a card-activated skirmish game"
    source = "001_1228c3d14099f94e.txt"
    scenario_type = AfvScenario
    composed = topics.COMPOSED
    # how text shows the views: the AFVs and infantry teams, and a crewman's action
    view_lists = {"units": ViewList("vehicles and teams")}
    action_word = "crew action"

    def initial_state(self, scenario: AfvScenario) -> AfvState:
        return initial_state(scenario, build_cards(scenario))

    def context(self, state: AfvState, seat: str, roll: Roll) -> Ctx:
        # the fields in order (core.topics.Context)
        return Ctx(state, seat, roll, topics.COMPOSED.appliers, state.scenario.game_tables)

    typed_view = staticmethod(view)
    clock = staticmethod(clock_text)  # the turn and the card in play (SK-DECK, SK-CARD)

    victory_facts = staticmethod(victory.facts)
    result = staticmethod(victory.result)  # the same decision, remembered by its facts

    def seats_to_act(self, state: AfvState) -> list[str]:
        if state.over:
            return []
        if state.in_setup:
            sides = {
                v.side
                for k, v in state.vehicles.items()
                if v.ammo is None and v.active and state.vtype(k).main_gun is not None
            }
            return [s for s in state.scenario.side_ids if s in sides]
        if state.card is not None:
            return [state.card.side]
        return list(state.scenario.side_ids)

    knowledge = staticmethod(knowledge)
    determinize = staticmethod(determinize)
    secrets = staticmethod(secrets)
    candidates = staticmethod(candidates)
    checks = staticmethod(check_defs)


RULESET = Afv()

__all__ = ["RULESET", "UMPIRE", "Afv", "AfvScenario", "AfvState"]
