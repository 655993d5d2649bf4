"""Actions and dice typed on the command line, turned into the plain data a game takes."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import msgspec

from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.game import action_names
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.errors import DiceError, InputError
from kriegsspiel.rulesets import RULESETS

_KEY_VALUE = re.compile(r"([A-Za-z_][\w-]*)=(.*)", re.DOTALL)
_ARRAY_TYPES = (msgspec.inspect.TupleType, msgspec.inspect.VarTupleType, msgspec.inspect.ListType)


def action_fields(ruleset: Ruleset[Any, Any, Any, Any], tag: str) -> tuple[Any, ...]:
    """The fields of the ruleset's action tagged `tag`, in declaration order."""
    kinds = action_names(ruleset.action_type)
    if tag not in kinds:
        raise InputError("action", f"unknown action {tag!r} (actions: {', '.join(kinds)})")
    info = msgspec.inspect.type_info(kinds[tag])
    assert isinstance(info, msgspec.inspect.StructType)
    return info.fields


def _array_items(kind: msgspec.inspect.Type) -> list[msgspec.inspect.Type] | None:
    """The item types of an array field (a point, a list of ids), or None if not an array."""
    if isinstance(kind, msgspec.inspect.UnionType):
        found = [_array_items(k) for k in kind.types]
        return next((items for items in found if items is not None), None)
    if isinstance(kind, msgspec.inspect.TupleType):
        return list(kind.item_types)
    if isinstance(kind, _ARRAY_TYPES):
        return [kind.item_type]  # type: ignore[union-attr]
    return None


def field_value(field: msgspec.inspect.Field, raw: str) -> Any:
    """A typed-in value: comma-separated for array fields (a point `16,20`, ids `eng-1,eng-2`);
    other text as typed, which the game converts (and checks) when it parses the action."""
    items = _array_items(field.type)
    if items is None:
        return raw
    parts = raw.split(",")
    if not all(isinstance(t, msgspec.inspect.FloatType | msgspec.inspect.IntType) for t in items):
        return parts
    try:
        numbers = [float(part) for part in parts]
    except ValueError:
        numbers = []
    if not numbers or not all(map(math.isfinite, numbers)):  # no NaN, no infinity
        raise InputError(
            field.encode_name,
            f"expected finite numbers separated by commas, such as 16,20 (got {raw!r})",
        )
    return numbers


def action_data(
    ruleset: Ruleset[Any, Any, Any, Any], tag: str, values: Sequence[str]
) -> dict[str, Any]:
    """`{"action": tag, ...}` from VALUES filling the fields in order, and/or KEY=VALUE pairs."""
    fields = {f.encode_name: f for f in action_fields(ruleset, tag)}
    names = ", ".join(fields) or "none"
    data: dict[str, Any] = {"action": tag}
    positional: list[str] = []
    for value in values:
        match = _KEY_VALUE.fullmatch(value)
        if match is None:
            positional.append(value)
            continue
        name, raw = match.groups()
        if name not in fields:
            raise InputError(name, f"{tag} has no field {name!r} (fields: {names})")
        if name in data:
            raise InputError(name, "given twice")
        data[name] = field_value(fields[name], raw)
    free = [f for name, f in fields.items() if name not in data]
    if len(positional) > len(free):
        raise InputError("action", f"too many values for {tag} (fields: {names})")
    for field, raw in zip(free, positional, strict=False):
        data[field.encode_name] = field_value(field, raw)
    missing = [name for name, field in fields.items() if field.required and name not in data]
    if missing:
        raise InputError("action", f"{tag} needs {', '.join(missing)} (fields: {names})")
    return data


def actions_help() -> str:
    """Every ruleset's actions and their fields, for `kriegsspiel act --help`."""
    lines = []
    for ruleset in RULESETS.values():
        lines.append(f"\b\n{ruleset.name} actions (values in this order, or as KEY=VALUE):")
        for tag in action_names(ruleset.action_type):
            fields = [
                f.encode_name.upper() if f.required else f"[{f.encode_name.upper()}]"
                for f in action_fields(ruleset, tag)
            ]
            lines.append("  " + " ".join([tag, *fields]))
    return "\n".join(lines)


def parse_faces(text: str) -> list[int]:
    """Faces rolled at the table, typed as `3,7`."""
    try:
        return [int(face) for face in text.split(",")]
    except ValueError:
        raise DiceError(
            "dice", f"faces must be whole numbers separated by commas, such as 3,7 (got {text!r})"
        ) from None


def entered_dice(text: str, player: str) -> EnteredDice:
    return EnteredDice(parse_faces(text), player)
