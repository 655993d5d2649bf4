"""BF-DEFAULT-DECLARED: a declared modifier is bounded by the scenario's limit (default ±4), and
the defender's close combat modifier is never the attacker's to declare. Fire table: d10 +
strength + modifiers; <=4 none, 5-6 S, 7-8 D, 9+ KO."""

from __future__ import annotations

from typing import Any

import pytest
from fieldwork_kit import game, troops

from conftest import advance_to, do, events_tagged, refused


def setup(**options: Any) -> Any:
    return game(
        [
            troops("mg", "german", (10, 20), attack={"T": 2}),
            troops("rifles", "us", (10, 16), attack={"T": 2}),
            troops("squad", "us", (10.5, 19.5), close_combat=1),
            troops("bty", "us", (10, 0), kind="gun", traits=["artillery"], attack={"T": 2}),
        ],
        options=options or None,
    )


def fire(modifier: int) -> dict[str, Any]:
    return {"action": "fire", "unit": "rifles", "target": "mg", "modifier": modifier}


def declared(entry: Any, tag: str) -> list[int]:
    result = events_tagged(entry, tag)[0]["result"]
    return [m["value"] for m in result["modifiers"] if m["label"] == "declared modifiers"]


@pytest.mark.parametrize("modifier", [4, -4])
def test_bf_default_declared_a_modifier_within_the_limit_is_used(modifier: int) -> None:
    """4 + 2 + 4 = 10: knocked out; 4 + 2 - 4 = 2: no effect."""
    g = setup()
    advance_to(g, 1, "german", "defensive_fire")
    entry = do(g, "us", fire(modifier), 4)
    assert declared(entry, "fired") == [modifier]
    expected = "knocked-out" if modifier > 0 else "no-effect"
    assert events_tagged(entry, "fired")[0]["result"]["outcome"] == expected


@pytest.mark.parametrize("modifier", [5, -5, 1_000_000])
def test_bf_default_declared_a_modifier_beyond_the_limit_is_refused(modifier: int) -> None:
    g = setup()
    advance_to(g, 1, "german", "defensive_fire")
    violation = refused(g, "us", fire(modifier), 4)
    assert violation.rule == "BF-DEFAULT-DECLARED"
    assert f"at most 4 either way (option declared_modifier_limit), not {modifier:+d}" in str(
        violation
    )


def test_bf_default_declared_the_scenario_sets_the_limit() -> None:
    g = setup(declared_modifier_limit=1)
    advance_to(g, 1, "german", "defensive_fire")
    assert refused(g, "us", fire(2), 4).rule == "BF-DEFAULT-DECLARED"
    bombard = {"action": "bombard", "unit": "bty", "target": "mg", "modifier": -2}
    assert refused(g, "us", bombard, 4).rule == "BF-DEFAULT-DECLARED"
    entry = do(g, "us", fire(1), 4)
    assert declared(entry, "fired") == [1]


def test_bf_default_declared_the_attacker_never_sets_the_defenders_modifier() -> None:
    g = setup()
    advance_to(g, 1, "us")
    assault = {"action": "close-combat", "unit": "squad", "target": "mg"}
    violation = refused(g, "us", assault | {"defender_modifier": -3}, 9, 1)
    assert violation.rule == "BF-DEFAULT-DECLARED"
    assert "the defender's modifier is not the attacker's to declare (us gave -3)" in str(violation)
    assert refused(g, "us", assault | {"modifier": 5}, 9, 1).rule == "BF-DEFAULT-DECLARED"
    too_much = assault | {"defender_modifier": 5}
    assert refused(g, "umpire", too_much, 9, 1).rule == "BF-DEFAULT-DECLARED"
    # the umpire, who adjudicates for both, declares it: 6 + 1 against 4 + 0 + 3, a tie (to the
    # defender); without it the squad would win
    entry = do(g, "umpire", assault | {"defender_modifier": 3}, 6, 4)
    assert events_tagged(entry, "close-combat-fought")[0]["loser"] == "squad"
