"""`Game.legal_actions` for `afv` (candidates.py, crew_choices.py): complete, labelled by
display names, with domains for continuous parameters whose every sample is legal, and pruned
before anything is generated so that it stays fast with many units.

Completeness is checked by brute force: every action type x every vehicle, crewman position,
target, weapon, round, card, road, … id x a few values of each continuous parameter; every
such action `Game.is_legal` accepts must be offered by a choice with the same discrete fields.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from afvkit import (
    DE,
    UMPIRE_SEAT,
    US,
    AfvGame,
    acquire,
    crew,
    do,
    draw,
    man,
    panzer,
    pzf_team,
    sherman,
    start,
    team,
)
from afvscale import scaled

from kriegsspiel.core.choices import Choice
from kriegsspiel.core.game import Game, action_names
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.afv import RULESET, AfvScenario
from kriegsspiel.rulesets.afv.state import LOSS_KINDS
from kriegsspiel.rulesets.afv.umpire import EFFECTS
from kriegsspiel.rulesets.afv.vehicles import MG_MOUNTS, ROLES, ROUNDS
from kriegsspiel.scenario.load import load_scenario
from kriegsspiel.store import files

# Fields that are not discrete: continuous ones (a Domain) and the open ones a choice holds one
# value of (a main-gun split's counts, AFV-AMMO-04; the umpire's optional `by`).
NOT_DISCRETE: dict[str, tuple[str, ...]] = {
    "move": ("to",),
    "set-speed": ("speed",),
    "steer": ("facing",),
    "traverse": ("bearing",),
    "fired-on": ("penetration", "by"),
    "damage": ("by",),
    "split-ammo": ("he", "ap", "smoke", "canister"),
}
EXITS = (None, "top-hatch", "escape-hatch", "left-side-door", "right-side-door", "back deck")
FAULTS = ("main-gun", "bow", "coax", "aa", "transmission", "track")


def values(game: AfvGame, tag: str, field: str) -> list[Any]:
    """The brute-force values of one field of one action type."""
    state = game.state
    vehicles = list(state.vehicles)
    men = list(state.men)
    models = vehicles + men
    sides = list(state.scenario.side_ids)
    formations = [""] + [f for fs in state.scenario.formations.values() for f in fs] + ["none"]
    table: dict[str, list[Any]] = {
        "vehicle": vehicles,
        "man": men,
        "crewman": list(ROLES) if tag != "damage" else [None, *ROLES],
        "target": models if tag != "traverse" else [None, *models],
        "weapon": ["main", "coax", "bow", "aa"],
        "round": list(ROUNDS),
        "mg": list(MG_MOUNTS),
        "item": list(FAULTS),
        "via": list(EXITS),
        "direction": ["rear", "front"],
        "on": [True, False],
        "speed": [0.0, 2.5, 6.0],
        "road": [None, *state.scenario.shapes.roads],
        "bearing": [
            None,
            0.0,
            30.0,
            100.0,
            180.0,
            *(v.gun_bearing for v in state.vehicles.values()),
        ],
        "card": [None, *(c.id for c in state.cards)],
        "effect": list(EFFECTS),
        "by": [""],
        "penetration": [10.0, 95.0, 300.0],
        "kind": list(LOSS_KINDS),
        "side": sides,
        "by_side": ["", *sides],
        "formation": formations,
        "by_formation": formations,
        "loaded": [None, *ROUNDS],
        "unit": [u.id for u in state.scenario.units],
    }
    if field == "to":
        if tag == "change-position":
            return list(ROLES)
        return [(24.0, 30.0), (20.0, 20.0), (10.0, 10.0)]
    if field == "facing":
        return [None, 0.0, 135.5] if tag == "steer" else ["front", "side", "rear"]
    if tag == "split-ammo" and field in ("he", "ap", "smoke", "canister"):
        rolled = [v.ammo_rolled for v in state.vehicles.values() if v.ammo_rolled]
        return sorted({0, 1, *rolled})
    return table[field]


def brute_force(game: AfvGame) -> Iterator[dict[str, Any]]:
    for tag, cls in action_names(RULESET.action_type).items():
        fields = [f.name for f in msgspec.structs.fields(cls)]
        for combo in itertools.product(*(values(game, tag, f) for f in fields)):
            yield {"action": tag, **dict(zip(fields, combo, strict=True))}


def discrete(game: AfvGame, action: dict[str, Any]) -> tuple[Any, ...]:
    """The action's discrete fields, defaults filled in."""
    data = msgspec.to_builtins(game.parse_action(action))
    skip = NOT_DISCRETE.get(data["action"], ())
    return tuple(sorted((k, str(v)) for k, v in data.items() if k not in skip))


def covered(choice: Choice) -> Iterator[dict[str, Any]]:
    """The listed action, and it with each option of each of its choice domains."""
    yield choice.action
    for d in choice.domains:
        if d.kind == "choice":
            assert len(d.options) == len(d.labels) > 1
            yield from ({**choice.action, d.param: o} for o in d.options)


def assert_complete(game: AfvGame, seat: str) -> list[Choice]:
    """Every legal action is offered; on a free-move card (SK-CARD) a crew's or team's own
    actions are offered once it has taken the card, which is offered to each of them."""
    choices = game.legal_actions(seat)
    offered = {discrete(game, a) for c in choices for a in covered(c)}
    takers = {c.action["unit"] for c in choices if c.action["action"] == "take-card"}
    legal = [a for a in brute_force(game) if game.is_legal(seat, a)]
    assert len(legal) >= len(offered)  # every choice and option differs in its discrete fields
    missing = [
        a for a in legal if discrete(game, a) not in offered and unit_of(game, a) not in takers
    ]
    assert not missing, missing[:5]
    return choices


def unit_of(game: AfvGame, action: dict[str, Any]) -> str | None:
    """The crew or team whose crewman or man takes `action`, if any."""
    if "man" in action and action["man"] in game.state.men:
        return game.state.men[action["man"]].unit
    return action.get("vehicle")


def assert_samples_legal(game: AfvGame, seat: str, choices: list[Choice]) -> None:
    """A choice's action, and every value drawn from its domains, is legal."""
    rng = random.Random(7)
    for choice in choices:
        for action in covered(choice):
            assert game.is_legal(seat, action), (choice.label, action)
        for _ in range(10 if choice.domains else 0):
            sample = choice.sample(rng)
            assert game.is_legal(seat, sample), (choice.label, sample)


def afv_scenario() -> AfvScenario:
    scenario = load_scenario("afv")
    assert isinstance(scenario, AfvScenario)
    return scenario


# -- the states -----------------------------------------------------------------------------


def setup_game() -> AfvGame:
    """SK-SETUP: s1 rolled (not split), s2 to roll, p4 fixed."""
    game = start([sherman(ammo=None), sherman("s2", position=(30.0, 5.0), ammo=None), panzer()])
    do(game, US, {"action": "roll-ammo", "vehicle": "s1"}, 5)
    return game


def crew_card() -> AfvGame:
    """A Sherman on its card by the road, a broken coax, targets acquired, a team about."""
    road = {"id": "lane", "kind": "road", "name": "the lane", "line": True}
    road["points"] = [[24.5, 0.0], [24.5, 48.0]]
    game = start(
        [
            sherman(cards=3, loaded="HE", speed=3.0),
            panzer(unbuttoned=("commander", "driver")),
            team("reds", [man("r1", "rifle", (20.0, 22.0)), man("r2", "smg", (30.0, 30.0))]),
        ],
        terrain=[road],
        table=[48.0, 48.0],
    )
    draw(game, "s1")
    acquire(game, "s1", "co-driver", "r1", 10)
    acquire(game, "s1", "gunner", "p4", 10)
    do(
        game,
        UMPIRE_SEAT,
        {"action": "damage", "vehicle": "s1", "effect": "light", "crewman": "co-driver"},
    )
    return game


def free_move_card() -> AfvGame:
    game = start(
        [sherman(cards=0), panzer(cards=0), pzf_team(uid="pzf")],
        free_move_cards={DE: 1},
        table=[48.0, 48.0],
    )
    draw(game, "german:free-move#1")
    return game


def abandoning() -> AfvGame:
    """AFV-MORALE-16: an immobilised Panzer whose crew must abandon it."""
    game = start([sherman(), panzer(cards=2)])
    do(game, UMPIRE_SEAT, {"action": "damage", "vehicle": "p4", "effect": "track"}, 90)
    draw(game, "p4")
    return game


def traverse_spent() -> AfvGame:
    """AFV-TURRET-01/04: the gunner turns the whole 90° of the card toward a target the
    commander acquired 120° off on an earlier card; the commander may only keep the gun."""
    game = start([sherman(cards=2), panzer(position=(40.0, 0.0))])
    draw(game, "s1")
    acquire(game, "s1", "commander", "p4")
    draw(game, "s1")
    crew(game, "s1", "gunner", "traverse", target="p4")
    return game


def deck_empty() -> AfvGame:
    game = start([sherman(), panzer()], turns=1)
    draw(game, "s1")
    draw(game, "p4")
    return game


STATES = {
    "setup": (setup_game, (US, DE, UMPIRE_SEAT)),
    "crew card": (crew_card, (US, UMPIRE_SEAT)),
    "free-move card": (free_move_card, (DE,)),
    "abandoning": (abandoning, (DE,)),
    "traverse spent": (traverse_spent, (US,)),
    "deck empty": (deck_empty, (DE, UMPIRE_SEAT)),
}


def test_a_free_move_card_is_offered_to_each_crew_and_team_then_theirs() -> None:
    """SK-CARD: the card goes to whichever crew or team acts first: each is offered it, and once
    one holds it, every action of its own is offered (and no other's)."""
    choices = free_move_card().legal_actions(DE)
    takers = sorted(c.action["unit"] for c in choices if c.action["action"] == "take-card")
    assert takers == ["p4", "pzf"]
    assert {c.action["action"] for c in choices} == {"take-card", "draw"}
    for unit in takers:
        game = free_move_card()
        do(game, DE, {"action": "take-card", "unit": unit})
        assert game.state.card is not None
        assert game.state.card.holder == unit
        held = assert_complete(game, DE)
        assert {unit_of(game, c.action) for c in held} == {unit, None}  # None: the draw
        assert "take-card" not in {c.action["action"] for c in held}


def test_taking_a_card_is_refused_unless_it_is_a_free_move_of_the_units_side() -> None:
    game = free_move_card()
    assert not game.is_legal(DE, {"action": "take-card", "unit": "s1"})  # the US Sherman
    assert not game.is_legal(US, {"action": "take-card", "unit": "p4"})
    do(game, DE, {"action": "take-card", "unit": "p4"})
    with pytest.raises(RuleViolation, match="SK-CARD"):
        game.validate(DE, {"action": "take-card", "unit": "pzf"})


@pytest.mark.parametrize("name", STATES)
def test_every_legal_action_is_offered(name: str) -> None:
    make, seats = STATES[name]
    game = make()
    offered = 0
    for seat in seats:
        choices = assert_complete(game, seat)
        assert_samples_legal(game, seat, choices)
        offered += len(choices)
    assert offered


def test_the_bundled_scenario_as_it_starts() -> None:
    game: AfvGame = Game(RULESET, afv_scenario(), "cands")
    for seat in (US, DE):
        assert_complete(game, seat)


# -- what the choices say -------------------------------------------------------------------


def labels(game: AfvGame, seat: str) -> dict[str, Choice]:
    return {c.label: c for c in game.legal_actions(seat)}


def test_labels_name_units_crewmen_and_features_by_their_display_names() -> None:
    game: AfvGame = Game(RULESET, afv_scenario(), "labels")
    assert "Sherman 1 (Sgt Miller) rolls its main-gun rounds" in labels(game, US)
    for vid in game.state.vehicles:
        do(game, game.state.vehicles[vid].side, {"action": "roll-ammo", "vehicle": vid}, 5)
        do(game, game.state.vehicles[vid].side, {"action": "split-ammo", "vehicle": vid, "ap": 20})
    said = labels(game, UMPIRE_SEAT)
    assert "the card drawn is Panzerfaust team 1 (in the inn)'s card (pzf-team-1#1)" in said
    draw(game, "sherman-1")
    said = labels(game, US)
    look = said["Sherman 1 (Sgt Miller): Cpl Novak (gunner) looks for a target"]
    (targets,) = look.domains
    assert (targets.param, targets.kind) == ("target", "choice")
    assert dict(zip(targets.options, targets.labels, strict=True)) == {
        "panzer-iv": "Panzer IV 'Anna' (Uffz Brandt)",
        "pzf-1a": "Gefr Lenz",
        "pzf-1b": "Schtz Kroll",
    }
    assert look.action["target"] == targets.options[0]
    assert "Sherman 1 (Sgt Miller): T/5 Kowalski (driver) follows the village road" in said
    # AFV-CREW-07: the co-driver's exits in words, and no two verbs reading the same
    hale = "Sherman 1 (Sgt Miller): Pvt Hale (co-driver) bails out"
    exits = [label for label in said if label.startswith(hale)]
    assert exits == [hale, f"{hale} by the top hatch", f"{hale} by the escape hatch"]
    assert said[hale].action["via"] is None  # by his position's first exit
    assert len(said) == len(game.legal_actions(US))
    crew(game, "sherman-1", "commander", "acquire", target="pzf-1a")
    said = labels(game, US)
    fire = "Sherman 1 (Sgt Miller): Cpl Novak (gunner) fires the coaxial MG at Gefr Lenz"
    assert fire in said
    assert said[fire].action == {
        "action": "fire",
        "vehicle": "sherman-1",
        "crewman": "gunner",
        "weapon": "coax",
        "target": "pzf-1a",
    }


def test_a_crewman_the_scenario_did_not_name_is_named_by_his_position() -> None:
    game = crew_card()
    assert "p4's commander looks for s1" not in labels(game, US)
    said = labels(game, US)
    assert any(label.startswith("s1's loader ") for label in said)


def test_continuous_parameters_come_with_their_domains() -> None:
    """AFV-MOVE-01 speed 0-6"; AFV-MOVE-05 any heading; AFV-TURRET-01 a bearing within 90° of
    the gun (power traverse) left on the card; SK-INFANTRY a man's reach, cut by the table."""
    game = crew_card()
    by_tag: dict[str, list[Choice]] = {}
    for c in game.legal_actions(US):
        by_tag.setdefault(c.action["action"], []).append(c)
    (speed,) = by_tag["set-speed"]
    assert [(d.param, d.kind, d.low, d.high) for d in speed.domains] == [
        ("speed", "number", 0.0, 6.0)
    ]
    (steer, road) = by_tag["steer"]
    assert steer.domains[0].arcs == ((0.0, 360.0),)
    assert road.action["road"] == "lane"
    assert not road.domains
    bearing = [c for c in by_tag["traverse"] if c.domains and c.domains[0].kind == "angle"]
    (arc,) = bearing[0].domains[0].arcs
    assert arc == pytest.approx((270.1, 89.9))
    game = free_move_card()
    do(game, DE, {"action": "take-card", "unit": "pzf"})
    move = next(c for c in game.legal_actions(DE) if c.action["action"] == "move")
    (to,) = move.domains
    assert to.origin == (24.0, 22.0)
    assert to.high == pytest.approx(6.0 - 0.01)


def test_with_no_traverse_left_the_commander_may_only_keep_the_gun() -> None:
    game = traverse_spent()
    (keep,) = [c for c in game.legal_actions(US) if c.action.get("bearing") is not None]
    assert keep.label == "s1's commander keeps the gun at 90.0°"
    assert not keep.domains


def test_a_man_near_the_table_edge_is_offered_only_moves_on_the_table() -> None:
    """SK-TABLE: 2" from the edge, his reach is cut to 2"."""
    game = start([sherman(), team("reds", [man("r1", "rifle", (2.0, 30.0))])], table=[48.0, 48.0])
    draw(game, "reds")
    move = next(c for c in game.legal_actions(DE) if c.action["action"] == "move")
    assert move.domains[0].high == pytest.approx(1.99)


# -- many units -------------------------------------------------------------------------------


def test_at_500_units_only_what_may_act_now_is_generated() -> None:
    """Pruned by phase, card and crewman before anything is generated: at 500 units, on one
    Sherman's card, nearly every candidate is legal, each crewman's targets are one entry's
    choice domain (its time is measured in `make bench`)."""
    game: AfvGame = Game(RULESET, scaled(500), "scale")
    do(game, UMPIRE_SEAT, {"action": "draw", "card": "sherman-1#1"})
    known = RULESET.knowledge(game.state, US)
    candidates = list(RULESET.candidates(known, US))
    choices = game.legal_actions(US)
    assert len(choices) >= 0.98 * len(candidates)
    looks = [c for c in choices if c.action["action"] == "acquire"]
    assert looks
    assert sum(len(c.domains[0].options) for c in looks if c.domains) > 100
    assert {c.action["vehicle"] for c in choices if "vehicle" in c.action} == {"sherman-1"}


@pytest.mark.parametrize("name", STATES)
def test_no_listed_action_is_refused_after_a_roll(name: str) -> None:
    """Validate, then roll (design principle 10): walking each listed action's chance tree and
    playing it with fresh dice never meets a refusal (which would be an EngineFault)."""
    make, seats = STATES[name]
    game = make()
    for seat in seats:
        for i, choice in enumerate(game.legal_actions(seat)):
            game.odds(seat, choice.action, budget=50, samples=20)
            again = files.loads(files.dumps(game))
            again.seed = f"fresh-{i}"
            again.act(seat, choice.action)
