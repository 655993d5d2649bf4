"""The OpenAPI document (web/schema.py) describes each ruleset's actions, one schema per action,
the two forms of creating a game, and the guards' refusals; checked against real requests."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import msgspec
import pytest

from kriegsspiel.games import new_game
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names
from kriegsspiel.web import schema


def _validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the document's component `name`, its references resolved in the document."""
    doc = schema.openapi()
    whole = {"$ref": f"#/components/schemas/{name}", "components": doc["components"]}
    return jsonschema.Draft202012Validator(whole)


def _sent(data: Any) -> Any:
    """`data` as it arrives over the wire (tuples as lists)."""
    return msgspec.json.decode(msgspec.json.encode(data))


def _valid(name: str, data: Any) -> bool:
    return bool(_validator(name).is_valid(data))


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_each_ruleset_has_one_schema_per_action_told_apart_by_its_tag(ruleset: str) -> None:
    components = schema.openapi()["components"]["schemas"]
    union = components[f"Action.{ruleset}"]
    performers = RULESETS[ruleset].composed.performers
    tags = {cls.__struct_config__.tag for cls in performers}
    assert len(union["anyOf"]) == len(performers) == len(tags)
    assert union["discriminator"]["propertyName"] == "action"
    assert set(union["discriminator"]["mapping"]) == tags
    for tag, ref in union["discriminator"]["mapping"].items():
        action = components[ref.rsplit("/", 1)[1]]
        assert action["properties"]["action"] == {"enum": [tag]}
        assert "action" in action["required"]


@pytest.mark.parametrize("scenario", bundled_names())
def test_every_legal_action_of_every_bundled_scenario_fits_the_document(scenario: str) -> None:
    game = new_game(scenario, "openapi")
    rng = random.Random(7)
    acts = _validator("ActRequest")
    seen = 0
    for seat in game.seats_to_act():
        for choice in game.legal_actions(seat):
            errors = list(acts.iter_errors(_sent({"action": choice.action})))
            assert errors == [], (choice.action, errors[0].message)
            seen += 1
        drawn = game.random_action(seat, rng)
        assert acts.is_valid(_sent({"action": drawn, "dice": [3], "player": "Alice"})), drawn
    assert seen > 0


def test_an_action_no_ruleset_has_does_not_fit() -> None:
    assert not _valid("ActRequest", {"action": {"action": "teleport", "unit": "x"}})
    assert not _valid("PreviewRequest", {"action": {"action": "prepare"}})  # its fields missing
    assert not _valid("ActRequest", {"action": {"action": "end-phase"}, "extra": 1})


def test_a_game_is_created_from_a_bundled_name_or_an_uploaded_file_never_both() -> None:
    assert _valid("CreateGame", {"scenario": "demo", "seed": "s"})
    assert _valid("CreateGame", {"scenario_yaml": "ruleset: afv\n", "scenario": None})
    assert not _valid("CreateGame", {"scenario": "demo", "scenario_yaml": "ruleset: afv\n"})
    assert not _valid("CreateGame", {})
    assert not _valid("CreateGame", {"scenario": "no-such-scenario"})
    assert not _valid("CreateGame", {"scenario": None, "scenario_yaml": None})


def test_the_guards_refusals_are_documented() -> None:
    paths = schema.openapi()["paths"]
    create = paths["/api/games"]["post"]["responses"]
    assert {"403", "415", "429"} <= set(create)
    assert create["429"]["headers"]["Retry-After"]["schema"] == {"type": "integer"}
    act = paths["/api/seats/{token}/act"]["post"]["responses"]
    assert {"403", "415", "423", "429"} <= set(act)
    table = paths["/api/seats/{token}"]["get"]["responses"]
    assert set(table) == {"200", "403", "404", "423"}  # no body: neither 415 nor 429
    assert "423" not in create  # a seat's game may be quarantined; creating one is not
