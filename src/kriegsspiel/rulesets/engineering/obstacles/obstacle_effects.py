"""What an obstacle asks of a unit crossing it: the terrain-effect ladder (AMB-ENG-03, BF-TERRAIN)
as house data (data/obstacle_effects.toml), which a scenario's `terrain_effects:` may replace row
by row without touching code.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from kriegsspiel.core.convert import convert
from kriegsspiel.core.package_data import read_text
from kriegsspiel.errors import InputError

Effect = Literal["none", "breach", "breach-bog", "impassable"]
LADDER: tuple[Effect, ...] = ("none", "breach", "breach-bog", "impassable")  # AMB-ENG-03
CONDITIONS: dict[str, tuple[str, ...]] = {
    "wire": ("intact", "gapped"),
    "bocage": ("intact", "gapped"),
    "ditch": ("intact", "filled", "bridged"),
    "at-obstacle": ("intact", "reduced"),
    "roadblock": ("present", "none"),
}


class EffectRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename="kebab"):
    """One obstacle condition: the effect on each mobility, and the rules it comes from."""

    rules: tuple[str, ...]
    foot: Effect
    tracked: Effect
    half_tracked: Effect
    wheeled: Effect
    gun: Effect
    why: dict[Effect, str] = {}  # the rule behind an effect, where not `rules[0]`

    def of(self, mobility: str) -> Effect:
        effect: Effect = getattr(self, mobility.replace("-", "_"))
        return effect

    def rule(self, effect: Effect) -> str:
        return self.why.get(effect, self.rules[0])


def effect_rows(data: Mapping[str, Any], where: str) -> dict[str, EffectRow]:
    """`{kind: {condition: row}}` -> `{"kind.condition": row}`, validated."""
    rows: dict[str, EffectRow] = {}
    for kind, conditions in data.items():
        if kind == "house":
            continue
        if kind not in CONDITIONS or not isinstance(conditions, Mapping):
            raise InputError(f"{where}.{kind}", f"no such obstacle ({', '.join(CONDITIONS)})")
        for condition, raw in conditions.items():
            if condition not in CONDITIONS[kind]:
                known = ", ".join(CONDITIONS[kind])
                raise InputError(f"{where}.{kind}.{condition}", f"no such condition ({known})")
            rows[f"{kind}.{condition}"] = convert(raw, EffectRow, f"{where}.{kind}.{condition}")
    return rows


_TEXT = read_text("kriegsspiel.rulesets.engineering.data", "obstacle_effects.toml")
DEFAULT_EFFECTS: dict[str, EffectRow] = effect_rows(tomllib.loads(_TEXT), "obstacle_effects.toml")
assert set(DEFAULT_EFFECTS) == {f"{k}.{c}" for k, cs in CONDITIONS.items() for c in cs}
