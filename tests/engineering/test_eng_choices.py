"""Legal actions, secret rolls and typed-in dice in `engineering`: a side types exactly the dice
it can know of (ENG-MINE-25, -30), a roll decides what happens and never whether the action was
allowed, and `legal_actions` lists every legal action, labelled with display names."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from minekit import field, game, troops, us_turn

from conftest import US, advance_to, demolition, do, game_of, pass_, unit
from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.game import Game, action_names
from kriegsspiel.errors import DiceError
from kriegsspiel.rulesets.engineering import RULESET
from kriegsspiel.scenario.load import load_scenario

BRITISH = "british"
CONTINUOUS = ("to", "at", "facing", "distance", "length")


def _breaching() -> Any:
    return Game(RULESET, load_scenario("breaching"), "choices")


def test_the_buried_fields_of_breaching_do_not_show_in_the_odds_eng_mine_25() -> None:
    """The British know only field-c: a move across the buried field-a shows no roll at all."""
    g = _breaching()
    odds = g.odds(BRITISH, {"action": "move", "unit": "sappers-2", "to": [16, 15.8]})
    assert odds.rolls == ()
    assert [o.probability for o in odds.outcomes] == [1]
    assert "mine-passage" in ",".join(g.odds("umpire", {"action": "move", "unit": "sappers-2",
                                                         "to": [16, 15.8]}).rolls)  # fmt: skip


def test_a_side_types_no_die_for_a_field_it_does_not_know_eng_mine_25() -> None:
    """The crab's passage rolls in field-b are the engine's: the British are asked for no die,
    a die they type is one too many, and the move is rolled all the same."""
    g = _breaching()
    action = {"action": "move", "unit": "crab-1", "to": [18, 15.8]}
    assert g.dice_prompt(BRITISH, action) is None
    with pytest.raises(DiceError):
        g.dice_prompt(BRITISH, action, [5])
    with pytest.raises(DiceError):
        g.act(BRITISH, action, EnteredDice([5], player=BRITISH))
    entry = g.act(BRITISH, action, EnteredDice([], player=BRITISH))
    rolled = [r.event for r in entry.records if type(r.event).__name__ == "PassageRolled"]
    assert rolled
    assert all(not p.origin.startswith("entered") for e in rolled for p in e.results)


def _known(options: dict[str, Any] | None = None) -> Any:
    g = game(
        [troops("r1", (0, 3.8))],
        minefields=[field("f1", (0, 5), known_to=[US])],
        options=options,
    )
    us_turn(g)
    return g


def test_a_known_field_asks_the_mover_for_its_die_eng_mine_01() -> None:
    g = _known()
    prompt = g.dice_prompt(US, {"action": "move", "unit": "r1", "to": [0, 6.5]})
    assert prompt is not None
    assert prompt.name == "engineering.mine-passage"


def test_the_umpire_makes_every_passage_roll_in_umpire_mode_eng_mine_30() -> None:
    g = _known({"umpire_passage_rolls": True})
    action = {"action": "move", "unit": "r1", "to": [0, 6.5]}
    assert g.dice_prompt(US, action) is None
    g.act(US, action, EnteredDice([], player=US))


@pytest.mark.parametrize("face", range(1, 11))
def test_no_die_typed_for_a_move_can_refuse_it_eng_mine_35(face: int) -> None:
    """ENG-MINE-35 (design principle 10): the move is declared, rolled, and stops where the
    roll says; whatever the face, it is never refused, so re-rolling until one likes the result
    is impossible."""
    g = _known()
    entry = g.act(US, {"action": "move", "unit": "r1", "to": [0, 6.5]}, EnteredDice([face], US))
    assert entry.records


def _key(action: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, str(v)) for k, v in action.items() if k not in CONTINUOUS))


def _listed(g: Any, seat: str) -> set[tuple[Any, ...]]:
    """The discrete fields of every listed action, and of each with a choice domain's parameter
    replaced by one of its options."""
    out: set[tuple[Any, ...]] = set()
    for c in g.legal_actions(seat):
        out.add(_key(c.action))
        for d in c.domains:
            out |= {_key({**c.action, d.param: o}) for o in d.options if d.kind == "choice"}
    return out


def _brute(g: Any, seat: str) -> list[dict[str, Any]]:
    """Every action type with every id the game has in its discrete fields."""
    state = g.state
    ids = [
        *state.specs,
        *state.minefields,
        *state.obstacles,
        *state.demolitions,
        *state.tasks,
        *state.bridges,
        *state.bridging,
        *state.forts,
        *state.mine_lanes,
        *state.lanes,
    ]
    out: list[dict[str, Any]] = []
    for tag, cls in action_names(RULESET.action_type).items():
        fields = cls.__struct_fields__
        for uid in state.specs if "unit" in fields else [None]:
            base: dict[str, Any] = {"action": tag}
            if uid is not None:
                base["unit"] = uid
                pos = state.units[uid].position
                for name in ("to", "at"):
                    if name in fields:
                        base[name] = list(pos) if pos else [0, 0]
            others = [f for f in fields if f not in ("unit", "to", "at", "distance", "facing")]
            choices: list[list[tuple[str, Any]]] = []
            for name in others:
                if name == "side":
                    choices.append([(name, s) for s in state.order])
                elif name == "status":
                    choices.append([(name, s) for s in ("ok", "suppressed", "knocked-out")])
                elif name == "type":
                    choices.append([(name, s) for s in ("AT", "AP", "dummy")])
                elif name in ("rapid", "spotted"):
                    choices.append([(name, True), (name, False)])
                elif name in (
                    "modifier",
                    "defender_modifier",
                    "charges",
                    "length",
                    "helpers",
                ) or name in ("laid", "kind", "note", "front", "equipment"):
                    continue
                else:
                    choices.append([(name, i) for i in ids])
            combos: list[dict[str, Any]] = [base]
            for options in choices:
                combos = [{**c, k: v} for c in combos for k, v in options]
            out += combos
    return out


@pytest.mark.parametrize("seat", [BRITISH, "umpire"])
def test_every_legal_action_is_listed(seat: str) -> None:
    """Brute force over every action type and id: whatever `is_legal` accepts is a choice of
    `legal_actions` (the same discrete fields, or one of a choice domain's options)."""
    g = _breaching()
    _all_listed(g, seat)


def _all_listed(g: Any, seat: str) -> None:
    listed = _listed(g, seat)
    for action in _brute(g, seat):
        if g.is_legal(seat, action):
            full = msgspec.to_builtins(g.parse_action(action))
            assert _key(full) in listed, action


def test_samples_from_a_choice_domain_are_legal() -> None:
    """A move's domain is ground the unit reaches without meeting anything that refuses it."""
    g = _breaching()
    rng = random.Random(3)
    for choice in g.legal_actions(BRITISH):
        for _ in range(5 if choice.domains else 0):
            assert g.is_legal(BRITISH, choice.sample(rng)), choice.label


def test_labels_name_units_and_features_by_their_display_names() -> None:
    labels = {c.label for c in _breaching().legal_actions(BRITISH)}
    assert "Sappers 1 moves" in labels
    assert "Sappers 1 breaches wire, left" in labels
    assert "Sherman Crab drives with its flail running" in labels
    assert not any("sappers-1" in label for label in labels)


# -- demolitions as one entry per unit (ENG-DEMO-01..03) -----------------------------------------


def _demolitions(*extra: dict[str, Any]) -> Any:
    return game_of(
        [
            unit("p1", "german", engineer=True, position=(0, 2)),
            unit("p2", "german", engineer=True, position=(3, 0)),
            unit("mg", "german", attack={"T": 3}, position=(5, 5)),
            unit("r1", "us", attack={"T": 2}, position=(0, 30)),
        ],
        demolitions=[
            demolition("bridge", preparations=2, position=(0, 1), name="road bridge"),
            demolition("culvert", position=(10, 1), name="culvert"),
            demolition("ford", prepared=True, position=(20, 1), name="ford"),
            *extra,
        ],
    )


def _entry(g: Any, label: str) -> Any:
    return next(c for c in g.legal_actions("german") if c.label == label)


def test_a_unit_prepares_any_of_its_demolitions_from_one_entry_eng_demo_03() -> None:
    """One entry per engineer, its demolitions the options: each as legal as the listed one; a
    prepared one is not offered again (ENG-DEMO-03), nor anything to a non-engineer
    (AMB-ENG-44)."""
    g = _demolitions()
    entry = _entry(g, "p1 prepares a demolition")
    (domain,) = entry.domains
    assert (domain.param, domain.kind) == ("demolition", "choice")
    assert set(domain.options) == {"bridge", "culvert"}
    assert domain.labels == tuple({"bridge": "road bridge", "culvert": "culvert"}[o]
                                  for o in domain.options)  # fmt: skip
    for option in domain.options:
        assert g.is_legal("german", {**entry.action, "demolition": option})
    assert not any(
        c.label.startswith(("mg prepares", "mg blows")) for c in g.legal_actions("german")
    )
    assert _entry(g, "p1 blows ford").action["demolition"] == "ford"


def test_only_the_unit_on_a_task_may_go_on_with_it_eng_act_13() -> None:
    """ENG-ACT-13: once p1 works on the bridge, p2 may no longer take it over; p1 still may."""
    g = _demolitions()
    do(g, "german", {"action": "prepare", "unit": "p1", "demolition": "bridge"})
    if g.state.pending is not None:
        pass_(g)
    advance_to(g, 2, "german")
    for uid, bridge in (("p1", True), ("p2", False)):
        options = _options(g, f"{uid} prepares")
        assert ("bridge" in options) is bridge, uid
        for option in options:
            assert g.is_legal("german", {"action": "prepare", "unit": uid, "demolition": option})
    _all_listed(g, "german")


def _options(g: Any, prefix: str) -> tuple[str, ...]:
    for c in g.legal_actions("german"):
        if c.label.startswith(prefix):
            return c.domains[0].options if c.domains else (c.action["demolition"],)
    return ()


def test_every_legal_demolition_is_listed() -> None:
    _all_listed(_demolitions(), "german")
