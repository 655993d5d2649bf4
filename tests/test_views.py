"""Every ruleset's view extends the one typed header (`core.views.ViewHeader`), generically.

For every registered ruleset and each of its bundled scenarios, over a few seeded random steps and
for every seat: the view begins with the header's fields, in the header's order and of its types;
its options are the scenario's options struct whole (every field the struct declares, so an
option added to a ruleset cannot go missing from its views); and the view's data decodes back as
the ruleset's own view struct, every field of its declared type.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, get_type_hints

import msgspec
import pytest

from kriegsspiel.core.game import Game
from kriegsspiel.core.views import ViewHeader, view_data
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names, load_scenario

AnyGame = Game[Any, Any, Any, Any]
STEPS = 12
HEADER = tuple(f.encode_name for f in msgspec.structs.fields(ViewHeader))
SCENARIOS = [(load_scenario(name).ruleset, name) for name in bundled_names()]


def _options_type(ruleset_name: str) -> type[msgspec.Struct]:
    """The options struct a ruleset's scenario declares."""
    scenario_type = RULESETS[ruleset_name].scenario_type
    field = next(f for f in msgspec.structs.fields(scenario_type) if f.name == "options")
    assert isinstance(field.type, type)
    assert issubclass(field.type, msgspec.Struct)
    return field.type


def _playout(ruleset_name: str, scenario_name: str) -> Iterator[AnyGame]:
    """The game at its start and after each of a few seeded random actions."""
    ruleset = RULESETS[ruleset_name]
    rng = random.Random(scenario_name)
    game: AnyGame = Game(ruleset, load_scenario(scenario_name), f"views-{scenario_name}")
    yield game
    for _ in range(STEPS):
        seats = ruleset.seats_to_act(game.state)
        action = game.random_action(rng.choice(seats), rng) if seats else None
        if action is None:
            return
        game.act(next(s for s in seats if game.is_legal(s, action)), action)
        yield game


def _within(decoded: Any, data: Any) -> bool:
    """Whether `decoded` is `data` but for fields of a list's items declared only by a subclass
    of the list's item struct (an afv vehicle's beyond every unit's), which decoding drops."""
    if isinstance(decoded, dict) and isinstance(data, dict):
        return decoded.keys() <= data.keys() and all(
            _within(v, data[k]) for k, v in decoded.items()
        )
    if isinstance(decoded, list) and isinstance(data, list):
        return len(decoded) == len(data) and all(map(_within, decoded, data))
    if isinstance(decoded, float) and type(data) is int:  # an int where a float is declared
        return decoded == data
    return bool(decoded == data and type(decoded) is type(data))


def test_every_ruleset_has_a_view_struct_of_its_own() -> None:
    assert set(RULESETS) <= {ruleset for ruleset, _ in SCENARIOS}
    for ruleset in RULESETS.values():
        returned = get_type_hints(type(ruleset).typed_view)["return"]
        assert issubclass(returned, ViewHeader), ruleset.name
        assert returned is not ViewHeader, ruleset.name


@pytest.mark.parametrize(("ruleset_name", "scenario_name"), SCENARIOS)
def test_views_extend_the_header(ruleset_name: str, scenario_name: str) -> None:
    ruleset = RULESETS[ruleset_name]
    option_fields = {f.encode_name for f in msgspec.structs.fields(_options_type(ruleset_name))}
    assert option_fields, f"{ruleset_name} declares no options"
    for game in _playout(ruleset_name, scenario_name):
        scenario = game.scenario
        for seat in game.seats:
            typed = ruleset.typed_view(game.state, seat)
            assert isinstance(typed, ViewHeader)
            data = game.view(seat)
            assert data == view_data(typed)
            # the header first, in its order, of its types, the same for every ruleset
            assert tuple(data)[: len(HEADER)] == HEADER
            header = msgspec.convert(data, ViewHeader)
            assert (header.ruleset, header.seat, header.title) == (
                ruleset_name,
                seat,
                scenario.title,
            )
            assert [(s.id, s.name) for s in header.sides] == [
                (s.id, s.name or s.id) for s in scenario.sides
            ]
            # options whole: every field of the scenario's options struct, with its value
            assert set(data["options"]) == option_fields
            assert data["options"] == msgspec.to_builtins(scenario.options)
            # the data decodes as the ruleset's own view struct, every field of its type
            decoded = view_data(msgspec.convert(data, type(typed)))
            assert decoded.keys() == data.keys()
            assert _within(decoded, data)


def test_options_are_whole_with_non_default_values() -> None:
    """A scenario setting an option shows it in every seat's view (not just the defaults)."""
    for ruleset_name, scenario_name in SCENARIOS:
        scenario = load_scenario(scenario_name)
        options = scenario.options
        assert isinstance(options, msgspec.Struct)
        changed: dict[str, Any] = {}
        for field in msgspec.structs.fields(options):
            value = getattr(options, field.name)
            if isinstance(value, bool):
                changed[field.name] = not value
        if not changed:
            continue
        scenario = msgspec.structs.replace(
            scenario, options=msgspec.structs.replace(options, **changed)
        )
        game: AnyGame = Game(RULESETS[ruleset_name], scenario, "views-options")
        for seat in game.seats:
            shown = game.view(seat)["options"]
            assert shown == msgspec.to_builtins(scenario.options)
            assert all(shown[name] == value for name, value in changed.items())
